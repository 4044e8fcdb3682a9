"""What every ``hand`` command shares: the usage error, reading ``--option NAME=VALUE``,
printing JSON, the ``--rules``/``--option`` flags, and whether we run in a terminal."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from handgame.core.registry import preset_names


class UsageError(ValueError):
    """Bad input on the command line (exit code 2)."""


def parse_option(text: str) -> tuple[str, Any]:
    """Split ``NAME=VALUE``; VALUE is read as JSON when it parses, else taken as a string."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise UsageError(f"--option needs NAME=VALUE, e.g. initial_minimum=71, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return name, value


def option_overrides(options: Sequence[str] | None, rounds: int | None = None) -> dict[str, Any]:
    """The option overrides of repeated ``--option`` flags, and ``--rounds`` when given."""
    overrides = dict(parse_option(o) for o in options or ())
    if rounds is not None:
        overrides["rounds"] = rounds
    return overrides


def show_value(value: Any) -> str:
    """An option value as written on the command line (strings bare, the rest as JSON)."""
    if isinstance(value, tuple):
        value = list(value)
    return value if isinstance(value, str) else json.dumps(value)


def print_json(obj: Any, indent: int | None = None) -> None:
    """Print ``obj`` as JSON (UTF-8 text as it is)."""
    print(json.dumps(obj, ensure_ascii=False, indent=indent))


def is_terminal() -> bool:
    """Whether both standard input and output are a terminal (the Textual app needs one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def rules_flags(p: argparse.ArgumentParser) -> None:
    """Add ``--rules PRESET`` and the repeatable ``--option NAME=VALUE`` to ``p``."""
    p.add_argument(
        "--rules",
        default=preset_names()[0],
        metavar="PRESET",
        help=f"the preset to start from: {', '.join(preset_names())} "
        f"(default: {preset_names()[0]})",
    )
    p.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="override one option (repeatable); VALUE is JSON when it parses as JSON, else a "
        "string: initial_minimum=71, wilds=jokers, bonuses='[\"one-suit\"]'. "
        "See 'hand rules PRESET' for the names",
    )


__all__ = [
    "UsageError",
    "is_terminal",
    "option_overrides",
    "parse_option",
    "print_json",
    "rules_flags",
    "show_value",
]
