"""The native writer of a seat's :class:`~handgame.core.game.TableView` as observation entries
(``native/table.cpp``, built by ``python native/build.py``), for ``handgame.rl``'s fast path.

``encode`` is None when the extension is not built (or ``HANDGAME_NATIVE=0``): ``handgame.rl``
then builds the same entries with numpy. ``tests/rl/test_fast_path.py`` checks both against the
definition (``handgame.rl.encode.encode``).
"""

from __future__ import annotations

from typing import Any

from handgame.core.kernel import load_extension

#: the version of the extension's API; a build of another version is not used
TABLE_VERSION = 1

_native = load_extension("handgame.core._table_native", "TABLE_VERSION", TABLE_VERSION)
#: ``encode(out, table, seat, players, at, slots, phase, prefix, offer)``, or None
encode: Any = _native.encode if _native is not None else None
