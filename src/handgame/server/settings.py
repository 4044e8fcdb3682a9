"""How the server runs: the ``hand serve`` flags as one object every part of the hub reads.

Every limit the server enforces is here, with its default (docs/operations.md lists them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from handgame.server.storage import default_database_url


@dataclass
class Settings:
    """How the server runs (``hand serve`` flags)."""

    database_url: str = field(default_factory=default_database_url)
    turn_timeout: float | None = 60.0  # seconds a human has for each decision (None: no limit)
    # seconds at most a seat's open round summary holds its turn timer (docs/web-protocol.md)
    summary_hold: float = 120.0
    bot_delay: float = 0.6  # seconds before each bot move, so that people can follow
    stand_in: str = "greedy"  # the bot that plays for an absent human
    # trained agents' files a table may seat as policy:PATH (hand serve --policy PATH)
    policies: tuple[str, ...] = ()
    max_message_bytes: int = 4096  # the largest client message read
    rate: float = 20.0  # client messages per second, on average, per connection
    burst: int = 40  # client messages at once, per connection
    # chat lines per second, on average, and at once, per connection (issue 35; each is a
    # client message too, within the limits above)
    chat_rate: float = 0.5
    chat_burst: int = 5
    max_dropped: int = 20  # messages refused for the rate before the connection is closed
    # client messages per second, on average, and at once, per address (all its connections
    # together, kept across reconnections: issue 31); a message costs 1 per started KiB
    address_rate: float = 100.0
    address_burst: int = 200
    # state messages a second, on average, and at once, that catching up (``sync``,
    # ``?since=``) may send, per address and per table (beyond: one fresh state, or refused)
    resync_rate: float = 200.0
    resync_burst: int = 400
    table_resync_rate: float = 500.0
    table_resync_burst: int = 1000
    outbox: int = 4096  # messages waiting for a slow client before it is dropped
    outbox_bytes: int = 4 * 1024 * 1024  # bytes waiting for a slow client before it is dropped
    # seconds a finished table stays in memory once no client is connected to it (0: dropped
    # at once; None: kept); it is still served from storage and reloaded when asked for
    evict_after: float | None = 30.0
    # seconds an unfinished table waiting for an absent human, with no client, stays in memory
    # (None: kept); it is reloaded, where it was, when asked for
    idle_after: float | None = 600.0
    # --- bounded work (issue 15) ---------------------------------------------------------------
    bot_move_seconds: float = 10.0  # the longest a bot may think; then the greedy move is played
    # seconds a worker may run past a search's own deadline before it is stopped (a search
    # stops itself at its deadline; this is for one that cannot)
    search_grace: float = 5.0
    bot_processes: int = 1  # worker processes for searching bots (ismcts)
    # the quick bots' decisions in a worker process of their own, off the event loop, from
    # their seat's view alone (False, --no-bot-worker: in the server: :mod:`.workers`)
    bot_worker: bool = True
    bot_threads: int = 2  # worker threads for hints (the quick bots' moves have one thread)
    # a quick bot (greedy, random...) whose moves take at most this many seconds on average is
    # played on the event loop itself (a hand-off to a thread cost far more than the move:
    # issue 37); a slower one on the quick bots' thread (0: always on the thread)
    inline_move_seconds: float = 0.002
    storage_threads: int = 4  # worker threads for the database, used by nothing else
    max_iterations: int = 1000  # ismcts: the largest iterations=N a table may seat
    max_depth: int = 50  # ismcts: the largest depth=D
    resync_window: int = 32  # the most missed states sent one by one; more: one fresh state
    max_rounds: int = 50  # the largest `rounds` option of a table
    max_versions: int = 100_000  # steps a table plays at most (bots stop there)
    max_tables: int = 2000  # unfinished tables at once (new ones refused with 503)
    max_tables_per_address: int = 20  # unfinished tables made from one address (then 429)
    # seconds an unfinished table may go with no human connected before the server ends it
    # (None: never); counted from the last human's leaving, or from this process's start
    end_idle_after: float | None = 3600.0
    max_deals: int = 100  # deals a match plays at most; then the server ends the table
    admin_token: str | None = None  # the operator's token: it may end any table
    # the rounds of a ranked table's match (None: its preset's; issue 40): the operator's
    # choice, the same for every ranked table, never the players'
    ranked_rounds: int | None = None
    max_spectators: int = 200  # spectators of one table at once
    max_connections_per_ip: int = 256  # WebSocket connections at once from one address
    max_http_per_ip: int = 64  # HTTP connections at once from one address (WebSockets too)
    create_rate: float = 1.0  # tables made per second per address, on average
    create_burst: int = 60  # tables made at once per address
    hint_rate: float = 2.0  # hints per second per address, on average
    hint_burst: int = 20  # hints at once per address
    max_body_bytes: int = 64 * 1024  # the largest HTTP request body read
    database_timeout: float = 5.0  # seconds a database call waits for a lock or a connection
    # SQLite's synchronous level: "normal" (an acknowledged step survives a crash of the
    # process; the log is synced right after each commit, so a power cut loses only the
    # steps acknowledged during the last sync) or "full" (each ack waits for that sync)
    sqlite_synchronous: str = "normal"
    # SQLite: the group commit's transactions written on the event loop, the log's sync on a
    # thread of its own (issue 37, handgame.server.walwriter); False: on a database thread
    sqlite_loop_writes: bool = True
    # per-message compression of the WebSocket (permessage-deflate): off, as its CPU costs more
    # than the bytes it saves on messages of a few kilobytes (docs/operations.md)
    ws_compression: bool = False
    retry_max: float = 5.0  # the longest pause between a driver's retries of a failed write
    public_url: str | None = None  # the base of invite links (None: the listening address)
    # the proxies whose X-Forwarded-For the server trusts (comma-separated addresses or
    # networks; None: none, the client's address is the socket's) (docs/deploy.md)
    forwarded_allow_ips: str | None = None
    header_timeout: float = 10.0  # seconds a new HTTP connection has to send its request head
    body_timeout: float = 10.0  # seconds a request has to send its whole body
    idle_timeout: float = 5.0  # seconds a kept-alive HTTP connection may wait for its next request
    # --- many processes, one site (issue 18, docs/deploy.md) -----------------------------------
    cluster: bool = False  # several processes share one PostgreSQL database (tables are leased)
    redis_url: str | None = None  # the message bus between them (None: PostgreSQL LISTEN/NOTIFY)
    lease_seconds: float = 10.0  # a table's lease; renewed every third of it, taken over after
    forward_seconds: float = 5.0  # how long an action sent to a table's owner waits for its answer
