"""``hand serve``: the game server for browser play. The server's modules are imported only
inside :func:`cmd_serve`, so that no other command loads the web stack."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from handgame.cli.common import UsageError

SERVE_HELP = """\
Run the game server for browser play: HTTP API (documentation at /docs) and WebSocket
/ws/tables/ID (docs/web-protocol.md). Tables are stored as they are played, in a SQLite file
by default ($XDG_DATA_HOME/handgame/handgame.sqlite, else ~/.local/share/handgame/), or in
PostgreSQL with --database-url postgresql://USER@HOST/DB (or $HAND_DATABASE_URL; needs
psycopg: pip install 'handgame[postgres]'). A restarted server resumes every table.
"""


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted."""
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, not {args.port}")
    if args.turn_timeout is not None and args.turn_timeout <= 0:
        raise UsageError("--turn-timeout must be more than 0 seconds (0: omit it for no limit)")
    if args.bot_delay < 0:
        raise UsageError("--bot-delay must be 0 or more seconds")
    if not args.evict_after >= 0:
        raise UsageError("--evict-after must be 0 or more seconds")
    try:
        import uvicorn

        from handgame.server.app import create_app
        from handgame.server.hub import Settings
        from handgame.server.storage import default_database_url, display_url
        from handgame.server.botspec import check_bot
    except ModuleNotFoundError as e:  # pragma: no cover - a broken install
        raise UsageError(f"hand serve needs {e.name}: pip install handgame") from None
    settings = Settings(
        database_url=args.database_url or default_database_url(),
        turn_timeout=args.turn_timeout if args.turn_timeout else None,
        bot_delay=args.bot_delay,
        stand_in=check_bot(args.stand_in),
        evict_after=args.evict_after,
    )
    try:
        from handgame.server.storage import Storage

        Storage(settings.database_url).close()
    except Exception as e:
        shown = display_url(settings.database_url)
        raise UsageError(f"cannot open the database {shown}: {e}") from None
    print(
        f"hand serve: http://{args.host}:{args.port}/docs ({display_url(settings.database_url)})",
        file=sys.stderr,
    )
    from handgame.server.app import redact_server_logs

    config = uvicorn.Config(
        create_app(settings),
        host=args.host,
        port=args.port,
        ws_max_size=64 * 1024,
        log_level="info",
    )
    redact_server_logs()  # after uvicorn.Config, which sets up its logging
    uvicorn.Server(config).run()
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
        "--evict-after",
        type=float,
        default=30.0,
        metavar="S",
        help="seconds a finished table with no one connected stays in memory (it stays in the "
        "database and reloads on demand; default: 30)",
    )
    p.set_defaults(func=cmd_serve)


__all__ = ["SERVE_HELP", "add_parser", "cmd_serve"]
