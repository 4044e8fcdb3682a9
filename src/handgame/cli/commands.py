"""The ``hand`` command: check a meld, replay a record, show the rulesets, play in the terminal,
simulate bot matches, serve browser play. Each command is a module of this package
(:mod:`~handgame.cli.parser` puts them together); this module runs them.

Exit codes: 0 success (a valid meld, a record without error), 1 a negative answer (an invalid
meld, a record with an error), 2 bad input on the command line (unknown card, preset, option or
value). Every error is one line on stderr, never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from handgame.cli.common import UsageError, is_terminal, parse_option
from handgame.cli.parser import build_parser
from handgame.cli.play_cmd import play_session
from handgame.cli.rules import options_markdown

#: the modules of the front ends' dependencies (pyproject's dependencies): the engine and the
#: commands meld, replay, rules and simulate run without them (docs/install.md)
FRONT_END_MODULES = frozenset(
    {"textual", "rich", "fastapi", "starlette", "uvicorn", "websockets", "sqlalchemy", "pydantic"}
)


def _safe_output() -> None:
    """Never fail on a character the terminal's encoding lacks."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a closed or odd stream
                pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hand`` command; returns the exit code."""
    _safe_output()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        code: int = args.func(args)
        return code
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except ValueError as e:  # UsageError, CardError, OptionError, MeldError, ...
        print(f"hand: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. hand rules levant | head
        return 0
    except ModuleNotFoundError as e:  # a front end's dependency left out (pip install --no-deps)
        top = (e.name or "").split(".")[0]
        if top not in FRONT_END_MODULES:
            raise
        print(
            f"hand: error: this command needs {top}, a dependency of handgame's front ends "
            "(the engine alone does not): pip install handgame, without --no-deps",
            file=sys.stderr,
        )
        return 2


__all__ = [
    "UsageError",
    "build_parser",
    "is_terminal",
    "main",
    "options_markdown",
    "parse_option",
    "play_session",
]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
