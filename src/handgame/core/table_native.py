"""The native writer of a seat's :class:`~handgame.core.game.TableView` as observation entries
(``native/table.cpp``, built by the package build; loaded by :mod:`handgame.core.extensions`),
for ``handgame.rl``'s fast path.

``encode`` is None when the extension is not built (or ``HANDGAME_NATIVE=0``): ``handgame.rl``
then builds the same entries with numpy. ``tests/rl/test_fast_path.py`` checks both against the
definition (``handgame.rl.encode.encode``).
"""

from __future__ import annotations

from typing import Any

from handgame.core import extensions

_NATIVE = extensions.extension("handgame.core._table_native")
#: ``encode(out, table, seat, players, at, slots, phase, prefix, offer)``, or None
encode: Any = _NATIVE.on.encode if _NATIVE.on is not None else None
