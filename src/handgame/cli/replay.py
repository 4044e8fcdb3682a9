"""``hand replay``: replay a record of any registered game (the game its ``rules.preset``
names) and print the RECORD.md answer, or step through it in the full-screen app."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from handgame.cli import common
from handgame.cli.common import UsageError, print_json
from handgame.core.record import error as replay_error
from handgame.core.record import replay, replay_text
from handgame.core.registry import games


def _unread(message: str) -> dict[str, Any]:
    """The replay answer of a record that could not be read (by the default game)."""
    return games()[0].summary(None, replay_error(None, None, message))


def _replay_data(text: str) -> dict[str, Any]:
    """Replay record text; a conformance case ``{"record": ..., "expect": ...}`` by its record."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return replay_text(text)  # the engine's own message for text that is not JSON
    if isinstance(obj, dict) and isinstance(obj.get("record"), dict) and "rounds" not in obj:
        obj = obj["record"]
    return replay(obj)


#: the largest record read (a whole match of the server's longest, 100,000 steps, is ~10 MB)
MAX_RECORD_BYTES = 64 * 1024 * 1024


class RecordTooLarge(ValueError):
    """A record file past :data:`MAX_RECORD_BYTES` (``/dev/zero``, a wrong file)."""


def read_record(name: str) -> bytes:
    """A record file's bytes (``-``: standard input), :data:`MAX_RECORD_BYTES` at most;
    raises :class:`RecordTooLarge` or ``OSError``."""
    if name == "-":
        stream: Any = getattr(sys.stdin, "buffer", None)
        if stream is None:
            text = sys.stdin.read(MAX_RECORD_BYTES + 1)
            data = text.encode("utf-8")
        else:
            data = stream.read(MAX_RECORD_BYTES + 1)
    else:
        with open(name, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise RecordTooLarge(
            f"the record {name} is larger than {MAX_RECORD_BYTES // 2**20} MiB: not a record"
        )
    return bytes(data)


def cmd_replay(args: argparse.Namespace) -> int:
    """``hand replay``: replay a record and print the RECORD.md answer."""
    name: str = args.file
    if args.show:
        return _replay_show(name, args.lang)
    try:
        data = read_record(name)
        result = _replay_data(data.decode("utf-8-sig"))
    except RecordTooLarge as e:
        result = _unread(str(e))
    except OSError as e:
        message = f"cannot read the record {name}: {e.strerror or e}"
        result = _unread(message)
    except UnicodeDecodeError as e:
        message = f"the record {name} is not UTF-8 text: {e}"
        result = _unread(message)
    print_json(result, indent=2)
    return 0 if result["error"] is None else 1


def _replay_show(name: str, lang: str) -> int:
    """``hand replay FILE --show``: the recorded game, step by step, in the Textual app (of the
    game the record names)."""
    from handgame.tui.frames import replay_frames

    if name == "-":
        raise UsageError("--show needs a record file, not standard input")
    try:
        obj = json.loads(read_record(name).decode("utf-8-sig"))
    except RecordTooLarge as e:
        raise UsageError(str(e)) from None
    except UnicodeDecodeError as e:
        raise UsageError(f"the record {name} is not UTF-8 text: {e}") from None
    except OSError as e:
        raise UsageError(f"cannot read the record {name}: {e.strerror or e}") from None
    except ValueError as e:
        raise UsageError(f"the record {name} is not valid JSON: {e}") from None
    spec, frames, error = replay_frames(obj)
    if not frames:
        raise UsageError(f"the record {name} has no deal to show" + (f": {error}" if error else ""))
    if not common.is_terminal():
        raise UsageError("--show needs a terminal")
    from handgame.tui.app import ReplayApp
    from handgame.tui.registry import table_for

    code = ReplayApp(table_for(spec), frames, error, lang).run()
    return code if isinstance(code, int) else 0


def add_parser(sub: Any) -> None:
    """Add the ``replay`` command to the subcommands ``sub``."""
    p = sub.add_parser(
        "replay",
        help="replay a hand-record/1 game record",
        description="Replay a hand-record/1 record (RECORD.md) and print the replay answer as "
        "JSON: rounds, totals, team_totals, finished, winner, error. Exit 0 when the record "
        "has no error, 1 otherwise (also for a file that cannot be read). A conformance case "
        '({"record": ..., "expect": ...}) is replayed by its record.',
    )
    p.add_argument("file", metavar="FILE", help="the record file, or - to read standard input")
    p.add_argument(
        "--show",
        action="store_true",
        help="step through the game in the full-screen interface instead of printing JSON",
    )
    p.add_argument(
        "--lang", choices=("en", "ar", "fa"), default="en", help="words of --show (default: en)"
    )
    p.set_defaults(func=cmd_replay)


__all__ = ["add_parser", "cmd_replay"]
