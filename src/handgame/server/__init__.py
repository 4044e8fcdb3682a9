"""``hand serve``: the authoritative game server for browser play (FastAPI, WebSocket, SQL).

One module per idea: :mod:`.storage` keeps tables (their record and metadata) in SQL,
:mod:`.table` is one table's game and its rules of play, :mod:`.protocol` builds and reads the
WebSocket messages (every view through the game's ``view``), :mod:`.settings` is how the
server runs, :mod:`.connection` is one client's WebSocket, :mod:`.driving` plays each table's
bots, :mod:`.timers` runs the turn timers, :mod:`.hub` holds the tables and their connections,
and :mod:`.app` is the HTTP and WebSocket routes. The protocol is described in
``docs/web-protocol.md``. The server reaches a game only through the registry and the game
protocol (:mod:`handgame.core`); nothing in the core or the bots imports this package.
"""

from __future__ import annotations
