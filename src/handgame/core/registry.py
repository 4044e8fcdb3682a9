"""The games registry: ``find_game(name)`` over names, aliases and presets (like
python-chess's ``find_variant``).

Games register themselves (:func:`register_game`) when their package is imported. The
built-in games are imported by name on first use, and so is every game an installed
distribution declares in the ``handgame.games`` entry-point group: the core never imports a
game's code itself, so the layers stay one-way.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Mapping, Sequence
from importlib import metadata
from typing import Any

from handgame.core.errors import OptionError
from handgame.core.game import GameSpec

#: the games that come with the package, imported on first use
BUILTIN = ("handgame.games.hand", "handgame.games.hand_and_foot")

_GAMES: dict[str, GameSpec] = {}
_NAMES: dict[str, GameSpec] = {}
_loaded = False
#: held while the games load: a thread that asks meanwhile waits for all of them (the server
#: loads tables in several threads at once after a restart)
_LOADING = threading.RLock()
_busy = False


def register_game(spec: GameSpec) -> None:
    """Register ``spec`` under its name, aliases and presets (a name taken twice is an error)."""
    for name in spec.names():
        other = _NAMES.get(name)
        if other is not None and other.name != spec.name:
            raise ValueError(f"the name {name!r} is taken by the game {other.name!r}")
    _GAMES[spec.name] = spec
    for name in spec.names():
        _NAMES[name] = spec


def _load() -> None:
    global _loaded, _busy
    if _loaded:
        return
    with _LOADING:
        if _loaded or _busy:  # _busy: asked again by a game being imported, in this thread
            return
        _busy = True
        try:
            for module in BUILTIN:
                importlib.import_module(module)
            for entry in metadata.entry_points(group="handgame.games"):
                entry.load()
        finally:
            _loaded, _busy = True, False  # once, even if a game fails to load (as before)


def games() -> tuple[GameSpec, ...]:
    """Every registered game, in the order registered."""
    _load()
    return tuple(_GAMES.values())


def find_game(name: str) -> GameSpec:
    """The game called ``name`` (a name, alias or preset); raises ``OptionError``."""
    _load()
    spec = _NAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise OptionError(f"unknown preset {name!r}; valid presets: {', '.join(preset_names())}")
    return spec


def preset_names() -> tuple[str, ...]:
    """Every preset of every game, default of each game first."""
    return tuple(p for g in games() for p in g.presets)


def create_game(
    preset: str = "levant",
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    partnership: bool = False,
    names: Sequence[str] | None = None,
) -> Any:
    """A match configuration of any registered game, from one of its presets (or the game's
    name, for its default preset) with option overrides; ``players`` defaults to the preset's
    default count. Raises ``OptionError`` on bad input."""
    spec = find_game(preset)
    if preset not in spec.presets:
        preset = spec.presets[0]
    if players is None:
        players = spec.preset(preset).default_players
    return spec.create(preset, options, players, partnership, names)


class Game:
    """Every game made one way: ``Game.create("levant", players=2)``,
    ``Game.create("hand-and-foot")``; each gives that game's own configuration (``new_match()``
    starts a match)."""

    create = staticmethod(create_game)
