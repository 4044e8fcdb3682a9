"""The terminal parts of every game: :func:`table_for` finds a game's, by its ``GameSpec``.

The parts that come with the package are the packages of :mod:`handgame.tui.games`, found by
listing that folder (no game is named here): each package's ``PARTS`` is its game's parts.
Another distribution declares its own in the ``handgame.terminals`` entry-point group (the
entry point is the parts' class), and a program may :func:`register_table` parts itself (the
tests do, for a game of their own). A game with no parts plays on the plain defaults of
:class:`~handgame.tui.parts.TableParts`.
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib import metadata

from handgame.core.game import GameSpec
from handgame.tui import games as _games_folder
from handgame.tui.parts import TableParts

_PARTS: dict[str, type[TableParts]] = {}
_loaded = False


def register_table(parts: type[TableParts]) -> None:
    """Make ``parts`` the terminal parts of the game named ``parts.game``."""
    _PARTS[parts.game] = parts


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in pkgutil.iter_modules(_games_folder.__path__, _games_folder.__name__ + "."):
        register_table(importlib.import_module(module.name).PARTS)
    for entry in metadata.entry_points(group="handgame.terminals"):
        register_table(entry.load())


def table_for(spec: GameSpec) -> TableParts:
    """The terminal parts of the game ``spec`` (the plain defaults when it has none)."""
    _load()
    return _PARTS.get(spec.name, TableParts)(spec)


__all__ = ["register_table", "table_for"]
