"""The argument parser of the ``hand`` command: one subcommand per module of this package
(``meld``, ``replay``, ``rules``, ``play``, ``simulate``, ``serve``)."""

from __future__ import annotations

import argparse
from typing import NoReturn

from handgame.cli import meld, play_cmd, replay, rules, serve, simulate_cmd
from handgame.cli.common import UsageError
from handgame.cli.version import VersionAction

EXAMPLES = """\
examples:
  hand meld --indicator 7C -- 7D AC 9D
  hand meld --rules gulf -- QS KS AS
  hand meld --option wilds=jokers --option initial_minimum=71 -- 7D X 9D
  hand replay game.json
  hand rules levant
  hand rules hand-and-foot
  hand play --players 3 --seed 42 --record game.json
  hand play --opponents greedy,ismcts:iterations=40 --lang ar
  hand play --resume game.json
  hand play --rules hand-and-foot --seed 7
  hand replay game.json --show
  hand simulate --bots random,random --games 20 --rounds 1 --seed 1
  hand serve --port 8000
  hand --version
"""


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of exiting."""
        raise UsageError(f"{message} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``hand`` command."""
    parser = _Parser(
        prog="hand",
        description="Hand (هند), the rummy game of the Levant and the Gulf, and its cousin "
        "Hand and Foot: check melds, replay game records, show rulesets, play in the terminal "
        "or the browser, pit bots against each other.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action=VersionAction,
        help="print the version and whether the native engine is in use (and why not)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in (meld, replay, rules, play_cmd, simulate_cmd, serve):
        command.add_parser(sub)
    return parser


__all__ = ["EXAMPLES", "build_parser"]
