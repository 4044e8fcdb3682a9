"""``hand serve``: the game server for browser play. The server's modules are imported only
inside :func:`cmd_serve`, so that no other command loads the web stack."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from handgame.cli.common import UsageError

#: the environment variable holding the operator's token (it may end any table:
#: ``DELETE /api/tables/ID``); never a flag, so that it shows in no process list
ADMIN_ENV = "HAND_ADMIN_TOKEN"

SERVE_HELP = """\
Run the game server for browser play: HTTP API (documentation at /docs) and WebSocket
/ws/tables/ID (docs/web-protocol.md). Tables are stored as they are played, in a SQLite file
by default ($XDG_DATA_HOME/handgame/handgame.sqlite, else ~/.local/share/handgame/), or in
PostgreSQL with --database-url postgresql://USER@HOST/DB (or $HAND_DATABASE_URL; needs
psycopg: pip install 'handgame[postgres]'). A restarted server resumes every table.

Several processes behind one address (docs/deploy.md): start each with --cluster on the same
PostgreSQL database; each table is driven by one of them at a time (a lease in the database,
taken over within --lease-seconds when its process dies), and they talk over Redis pub/sub
(--redis-url redis://HOST:6379/0; pip install 'handgame[cluster]') or, without it, over
PostgreSQL LISTEN/NOTIFY.

The operator may end any table with DELETE /api/tables/ID and the token in $HAND_ADMIN_TOKEN
(docs/operations.md); every limit and its default: docs/operations.md.
"""


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted."""
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, not {args.port}")
    # every number finite (nan and inf would reach the clients' frames: issue 15)
    if args.turn_timeout is not None and not 10 <= args.turn_timeout <= 86400:
        raise UsageError("--turn-timeout must be from 10 to 86400 seconds (omit it for 60)")
    if not 0 <= args.bot_delay <= 60:
        raise UsageError("--bot-delay must be from 0 to 60 seconds")
    if not 0 <= args.evict_after <= 86400 * 365:
        raise UsageError("--evict-after must be 0 or more seconds")
    if not 0.1 <= args.bot_move_seconds <= 600:
        raise UsageError("--bot-move-seconds must be from 0.1 to 600 seconds")
    if not 1 <= args.max_tables <= 10**7:
        raise UsageError("--max-tables must be from 1 to 10000000")
    if not 1 <= args.bot_processes <= 64:
        raise UsageError("--bot-processes must be from 1 to 64")
    if args.public_url is not None and not args.public_url.startswith(("http://", "https://")):
        raise UsageError("--public-url must start with http:// or https://")
    if not 1 <= args.address_rate <= 10**7:
        raise UsageError("--address-rate must be from 1 to 10000000 messages a second")
    if not 1 <= args.max_tables_per_address <= 10**6:
        raise UsageError("--max-tables-per-address must be from 1 to 1000000")
    if args.end_idle_after is not None and not 60 <= args.end_idle_after <= 86400 * 365:
        raise UsageError("--end-idle-after must be from 60 seconds to a year (0: never)")
    if args.redis_url is not None and not args.cluster:
        raise UsageError("--redis-url is the bus between processes: give --cluster too")
    if not 1 <= args.lease_seconds <= 600:
        raise UsageError("--lease-seconds must be from 1 to 600")
    try:
        import uvicorn

        from handgame.server.app import create_app
        from handgame.server.botspec import check_bot
        from handgame.server.guards import uvicorn_options
        from handgame.server.hub import Settings
        from handgame.server.storage import default_database_url, display_url
    except ModuleNotFoundError as e:  # pragma: no cover - a broken install
        raise UsageError(f"hand serve needs {e.name}: pip install handgame") from None
    database_url = args.database_url or default_database_url()
    if database_url.startswith("sqlite") and database_url.partition(":///")[2] in ("", ":memory:"):
        raise UsageError(
            "--database-url: an in-memory SQLite database is one per connection and lost at "
            "exit; give a file, e.g. sqlite:///tables.sqlite"
        )
    settings = Settings(
        database_url=database_url,
        turn_timeout=args.turn_timeout if args.turn_timeout else None,
        bot_delay=args.bot_delay,
        policies=tuple(args.policy),
        evict_after=args.evict_after,
        bot_move_seconds=args.bot_move_seconds,
        bot_processes=args.bot_processes,
        bot_worker=args.bot_worker,
        max_tables=args.max_tables,
        public_url=args.public_url,
        cluster=args.cluster,
        redis_url=args.redis_url,
        lease_seconds=args.lease_seconds,
        sqlite_synchronous=args.sqlite_synchronous,
        ws_compression=args.ws_compression,
        max_tables_per_address=args.max_tables_per_address,
        address_rate=args.address_rate,
        address_burst=max(1, round(2 * args.address_rate)),
        end_idle_after=args.end_idle_after or None,
        admin_token=os.environ.get(ADMIN_ENV) or None,
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    for path in settings.policies:  # each trained agent read now, not at its first move
        try:
            check_bot(f"policy:{path}", settings)
        except ValueError as e:
            raise UsageError(f"--policy {path}: {e}") from None
    if settings.cluster and not settings.database_url.startswith(("postgresql", "postgres:")):
        raise UsageError(
            "--cluster needs PostgreSQL, shared by every process: "
            "--database-url postgresql://USER@HOST/DB"
        )
    if settings.redis_url is not None:
        try:
            import redis
        except ImportError:
            raise UsageError(
                "--redis-url needs the redis package: pip install 'handgame[cluster]'"
            ) from None
        try:
            client = redis.Redis.from_url(settings.redis_url, socket_connect_timeout=5)
            client.ping()
            client.close()
        except Exception as e:
            shown = display_url(settings.redis_url)
            raise UsageError(f"cannot reach Redis at {shown}: {e}") from None
    try:
        settings.stand_in = check_bot(args.stand_in, settings)
    except ValueError as e:
        raise UsageError(f"--stand-in: {e}") from None
    try:
        from handgame.server.storage import Storage

        Storage(settings.database_url, synchronous=settings.sqlite_synchronous).close()
    except Exception as e:
        shown = display_url(settings.database_url)
        raise UsageError(f"cannot open the database {shown}: {e}") from None
    print(
        f"hand serve: http://{args.host}:{args.port}/docs ({display_url(settings.database_url)})",
        file=sys.stderr,
    )
    from handgame.server.logredact import redact_server_logs
    from handgame.server.runtime import serve

    config = uvicorn.Config(
        create_app(settings),
        host=args.host,
        port=args.port,
        log_level="info",
        **uvicorn_options(settings),
    )
    redact_server_logs()  # after uvicorn.Config, which sets up its logging
    serve(config)  # uvloop where installed, the collector set for a server (issue 37)
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``serve`` command to the subcommands ``sub``."""
    p = sub.add_parser(
        "serve",
        help="run the game server for browser play (HTTP API and WebSocket)",
        description=SERVE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    p.add_argument("--database-url", metavar="URL", help="sqlite:///PATH or postgresql://...")
    p.add_argument(
        "--turn-timeout",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds a human has for each decision before a bot plays for it (default: 60)",
    )
    p.add_argument(
        "--bot-delay", type=float, default=0.6, metavar="S", help="pause before bot moves"
    )
    p.add_argument(
        "--stand-in", default="greedy", metavar="BOT", help="the bot that plays for absent humans"
    )
    p.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="PATH",
        help="a trained agent (examples/train_ppo.py) tables may seat as policy:PATH, and "
        "--stand-in may name (repeatable)",
    )
    p.add_argument(
        "--evict-after",
        type=float,
        default=30.0,
        metavar="S",
        help="seconds a finished table with no one connected stays in memory (it stays in the "
        "database and reloads on demand; default: 30)",
    )
    p.add_argument(
        "--bot-move-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help="the longest any bot thinks about a move; then the greedy move is played "
        "(default: 10)",
    )
    p.add_argument(
        "--bot-processes",
        type=int,
        default=1,
        metavar="N",
        help="worker processes for searching bots (ismcts; default: 1)",
    )
    p.add_argument(
        "--bot-worker",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the quick bots' moves in a worker process of their own, off the event loop, "
        "each from its seat's view alone (default: on; --no-bot-worker: in the server)",
    )
    p.add_argument(
        "--max-tables",
        type=int,
        default=2000,
        metavar="N",
        help="unfinished tables at once; more are refused with 503 (default: 2000)",
    )
    p.add_argument(
        "--sqlite-synchronous",
        choices=("full", "normal"),
        default="normal",
        help="SQLite only: normal (default) acknowledges a move at its commit and syncs the log "
        "to disk right after: a crash of the server loses no acknowledged move, a power cut "
        "only those acknowledged in the last few milliseconds; full waits for the sync before "
        "each acknowledgement (slower under load; docs/operations.md)",
    )
    p.add_argument(
        "--ws-compression",
        action="store_true",
        help="compress WebSocket messages (permessage-deflate) for clients that offer it; off "
        "by default: a state message is a few kilobytes, and compressing each one costs the "
        "server more than the bytes it saves (docs/operations.md)",
    )
    p.add_argument(
        "--max-tables-per-address",
        type=int,
        default=20,
        metavar="N",
        help="unfinished tables one address may have; more are refused with 429 (default: 20)",
    )
    p.add_argument(
        "--address-rate",
        type=float,
        default=100.0,
        metavar="R",
        help="WebSocket messages a second one address may send, all its connections together "
        "(twice that at once; default: 100)",
    )
    p.add_argument(
        "--end-idle-after",
        type=float,
        default=3600.0,
        metavar="S",
        help="seconds an unfinished table may go with no human connected before the server "
        "ends it (0: never; default: 3600)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="the proxies (addresses or networks, comma-separated) whose X-Forwarded-For "
        "names the client; the proxy must set that header, not append to it (docs/deploy.md; "
        "default: none, the client is the socket's address)",
    )
    p.add_argument(
        "--public-url",
        metavar="URL",
        help="the base of invite links, e.g. https://hand.example (default: the address the "
        "server listens on)",
    )
    p.add_argument(
        "--cluster",
        action="store_true",
        help="one of several processes on the same PostgreSQL database behind one address "
        "(docs/deploy.md)",
    )
    p.add_argument(
        "--redis-url",
        metavar="URL",
        help="with --cluster: Redis pub/sub between the processes, e.g. redis://127.0.0.1:6379/0 "
        "(default: PostgreSQL LISTEN/NOTIFY)",
    )
    p.add_argument(
        "--lease-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help="with --cluster: a table whose process stops renewing its lease for S seconds is "
        "taken over by another (default: 10)",
    )
    p.set_defaults(func=cmd_serve)


__all__ = ["SERVE_HELP", "add_parser", "cmd_serve"]
