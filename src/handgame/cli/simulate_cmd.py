"""``hand simulate``: many seeded bot-against-bot matches of any registered game, and each
bot's results (:mod:`handgame.play.simulate`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from handgame.cli.common import UsageError, option_overrides, rules_flags


def _bot_specs(args: argparse.Namespace) -> tuple[str, ...]:
    """The bot specs of ``--bots A,B`` or of repeated ``--bot SPEC`` (not both)."""
    if args.bots and args.bot:
        raise UsageError("give the bots with --bots A,B,... or with repeated --bot SPEC, not both")
    if args.bot:
        specs = [s.strip() for s in args.bot]
    elif args.bots:
        specs = [s.strip() for s in args.bots.split(",")]
    else:
        raise UsageError("name the bots, one per seat: --bots random,random (or --bot SPEC ...)")
    if any(not s for s in specs):
        raise UsageError("an empty bot name in --bots; write e.g. --bots greedy,random")
    return tuple(specs)


def cmd_simulate(args: argparse.Namespace) -> int:
    """``hand simulate``: bot-against-bot matches and a summary of each bot's results."""
    from handgame.play.simulate import (
        ProgressBar,
        SimulationConfig,
        SimulationError,
        simulate,
        to_json_text,
    )

    overrides = option_overrides(args.option, args.rounds)
    config = SimulationConfig(
        bots=_bot_specs(args),
        games=args.games,
        seed=str(args.seed),
        preset=args.rules,
        options=overrides,
        partnership=args.partnership,
        jobs=args.jobs,
        records=args.records,
    )
    show = not args.quiet and (args.progress or sys.stderr.isatty())
    bar = ProgressBar(sys.stderr) if show else None
    try:
        result = simulate(config, bar)
    except SimulationError as e:
        if bar is not None:
            bar.finish()
        print(f"hand: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        if bar is not None:
            bar.finish()
        print("hand: interrupted", file=sys.stderr)
        return 130
    if bar is not None:
        bar.finish()
    if args.json:
        print(to_json_text(result))
    else:
        print(result.table())
    return 0


SIMULATE_HELP = """\
Play N bot-against-bot matches and print, for each listed bot, its match wins and win rate
with a 95% Wilson interval, its rounds won among the rounds with a winner (with their
interval) and its mean score per such round, then the deals, mean turns per round and games
per second. Scores are as the game counts them: in Hand they are penalties (lower is better, the
round's winner scores 0 or less, the lowest total wins); in Hand and Foot they are points
(higher is better: the highest team total wins the match, HF-11, HF-12), a round's winner is
the seat that went out, and a round the stock ended (HF-13) has none. With teams (Hand's
--partnership, Hand and Foot at 4 or 6 players) a "team" line per team gives its match wins.

There is one seat per listed bot. Game i (1..N) is dealt with the seed "S-i" and seats the
k-th listed bot (k = 0, 1, ...) at seat (k + i - 1) mod players, so with N a multiple of the
number of players every bot plays every seat equally often; each bot is made afresh for every
match with the seed "S-i-SEAT", and seat 0 deals first. With --partnership (4 bots) seats 0+2
play against 1+3, so the 1st and 3rd listed bots are partners against the 2nd and 4th, and a
match win is a win of the bot's team. Results are the same for the same seed whatever --jobs
is (the matches are summed in game order); only the timing differs.

A bot spec is a name, optionally with an argument: random, greedy, ismcts:iterations=200,
external:python3 mybot.py (a program speaking docs/bot-protocol.md). --bots splits on every
comma; a spec that contains a comma needs --bot SPEC (repeated, once per seat).

A progress bar is drawn on stderr when stderr is a terminal (--progress: always, --quiet:
never); stdout carries only the table or, with --json, one JSON object ("timing" holds the
only fields that change between runs). --records DIR writes every match's hand-record/1
record (names "bot:LABEL" per seat) as DIR/game-000001.json, ...; 'hand replay' replays them.

Exit codes: 0 done, 1 a bot failed (crashed, chose an illegal action, timed out: the message
names the bot and the game's seed; with --records, that match's record up to the failure is
written too), 2 bad input (unknown bot, preset or option).
"""


def add_parser(sub: Any) -> None:
    """Add the ``simulate`` command to the subcommands ``sub``."""
    p = sub.add_parser(
        "simulate",
        help="play many bot-against-bot matches and compare the bots",
        description=SIMULATE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
        "  hand simulate --bots random,random --games 20 --rounds 1 --seed 1\n"
        "  hand simulate --bots greedy,random,random --games 300 --jobs 2 --json\n"
        "  hand simulate --bots greedy,random,greedy,random --partnership --games 40\n"
        "  hand simulate --bot 'external:python3 examples/random_bot.py' --bot random "
        "--games 10 --records out/",
    )
    p.add_argument(
        "--bots",
        metavar="A,B[,C,D]",
        help="the bots, one per seat, separated by commas (see 'hand simulate --help')",
    )
    p.add_argument(
        "--bot",
        action="append",
        metavar="SPEC",
        help="one bot (repeat once per seat); for specs that contain a comma",
    )
    p.add_argument("--games", type=int, default=100, metavar="N", help="matches (default: 100)")
    p.add_argument("--seed", default="0", metavar="S", help="the seed of everything (default: 0)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default: 1)")
    rules_flags(p)
    p.add_argument(
        "--rounds", type=int, metavar="R", help="scored rounds per match (the option rounds)"
    )
    p.add_argument(
        "--partnership", action="store_true", help="4 bots: seats 0+2 against 1+3 (L-91)"
    )
    p.add_argument(
        "--records",
        metavar="DIR",
        help="write each match's hand-record/1 record as DIR/game-000001.json, ...",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument(
        "--progress",
        action="store_true",
        help="show the progress bar on stderr even when it is not a terminal",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)


__all__ = ["SIMULATE_HELP", "add_parser", "cmd_simulate"]
