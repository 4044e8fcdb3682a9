"""``hand serve``: the authoritative game server for browser play (FastAPI, WebSocket, SQL).

One module per idea: :mod:`.storage` keeps tables (their record and metadata) in SQL,
:mod:`.table` is one table's game and its rules of play, :mod:`.protocol` builds and reads the
WebSocket messages (every view through the game's ``view``), :mod:`.hub` runs tables,
connections, bots and turn timers, and :mod:`.app` is the HTTP and WebSocket routes. The
protocol is described in ``docs/web-protocol.md``. Nothing in the core or the bots imports
this package.
"""

from __future__ import annotations
