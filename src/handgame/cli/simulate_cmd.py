"""``hand simulate``: many seeded bot-against-bot matches of any registered game, and each
bot's results (:mod:`handgame.play.simulate`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from handgame.cli.common import UsageError, option_overrides, rules_flags
from handgame.cli.version import native_line
from handgame.play.backends import BACKENDS


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


def _tournament_specs(args: argparse.Namespace) -> tuple[str, ...]:
    """The bots of ``--tournament A,B,C`` (not with ``--bots``/``--bot``)."""
    if args.bots or args.bot:
        raise UsageError("--tournament lists the bots itself: leave out --bots and --bot")
    if args.partnership:
        raise UsageError("a tournament plays 2-player matches: leave out --partnership")
    if args.backend != "local" or args.address:
        raise UsageError("a tournament runs on this machine (--jobs N): no --backend/--address")
    specs = [s.strip() for s in args.tournament.split(",")]
    if any(not s for s in specs):
        raise UsageError("an empty bot name in --tournament; write e.g. --tournament a,b,c")
    return tuple(specs)


def _with_progress(args: argparse.Namespace, run: Callable[[Any], str]) -> int:
    """Run a simulation's work with a progress bar on stderr (when asked or a terminal) and
    print what it returns; its errors are one line on stderr: exit 1 (a bot failed), 2 (the
    backend), 130 (interrupted)."""
    from handgame.play.simulate import BackendError, ProgressBar, SimulationError

    show = not args.quiet and (args.progress or sys.stderr.isatty())
    bar = ProgressBar(sys.stderr) if show else None
    try:
        text = run(bar)
    except (SimulationError, BackendError, KeyboardInterrupt) as e:
        if bar is not None:
            bar.finish()
        if isinstance(e, KeyboardInterrupt):
            print("hand: interrupted", file=sys.stderr)
            return 130
        print(f"hand: error: {e}", file=sys.stderr)
        return 2 if isinstance(e, BackendError) else 1
    if bar is not None:
        bar.finish()
    print(text)
    native = native_line()
    if not native.startswith("native: yes") and not args.quiet:
        # where speed matters, a pure-Python engine is said (stderr: the report stays as is)
        print(f"hand: note: {native}: Hand plays several times slower", file=sys.stderr)
    return 0


def _run_tournament(args: argparse.Namespace) -> int:
    """``hand simulate --tournament``: every pair head to head, and a rating per bot."""
    from handgame.play.tournament import TournamentConfig, tournament

    config = TournamentConfig(
        bots=_tournament_specs(args),
        games=args.games,
        seed=str(args.seed),
        preset=args.rules,
        options=option_overrides(args.option, args.rounds),
        jobs=args.jobs if args.jobs is not None else 1,
    )

    def run(bar: Any) -> str:
        result = tournament(config, bar)
        if args.json:
            import json

            return json.dumps(result.to_json(), indent=2, ensure_ascii=False)
        return result.table()

    return _with_progress(args, run)


def check_records_folder(folder: str) -> None:
    """``--records DIR`` is a folder that exists or can be made; raises :class:`UsageError`."""
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise UsageError(f"--records {folder}: not a folder (the records are written into one)")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        reason = e.strerror or e
        raise UsageError(f"--records {folder}: cannot make the folder ({reason})") from None


def cmd_simulate(args: argparse.Namespace) -> int:
    """``hand simulate``: bot-against-bot matches and a summary of each bot's results."""
    if args.tournament:
        return _run_tournament(args)
    from handgame.play.simulate import SimulationConfig, simulate, to_json_text

    if args.records is not None:
        check_records_folder(args.records)
    config = SimulationConfig(
        bots=_bot_specs(args),
        games=args.games,
        seed=str(args.seed),
        preset=args.rules,
        options=option_overrides(args.option, args.rounds),
        partnership=args.partnership,
        jobs=args.jobs if args.jobs is not None else (0 if args.backend == "ray" else 1),
        records=args.records,
        backend=args.backend,
        address=args.address,
    )

    def run(bar: Any) -> str:
        result = simulate(config, bar)
        return to_json_text(result) if args.json else result.table()

    return _with_progress(args, run)


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
and --backend are (the matches are summed in game order); only the timing differs.

Where the matches are played: --jobs J plays them on J processes of this machine; --backend
ray plays them as Ray tasks (pip install 'handgame[ray]'), on the Ray cluster at --address
ADDR (as 'ray start --head' prints it, or 'auto') or, with no address, on a local Ray started
for the run and stopped after it (--jobs J: its CPUs; default: all of this machine's). Every
node of a cluster needs the same handgame installed; --records DIR is written by the node that
plays each match, so on several machines DIR must be a shared directory.

A bot spec is a name, optionally with an argument: random, greedy, ismcts:iterations=200,
external:python3 mybot.py (a program speaking docs/bot-protocol.md). --bots splits on every
comma; a spec that contains a comma needs --bot SPEC (repeated, once per seat).

A progress bar is drawn on stderr when stderr is a terminal (--progress: always, --quiet:
never); stdout carries only the table or, with --json, one JSON object ("timing" holds the
only fields that change between runs). --records DIR writes every match's hand-record/1
record (names "bot:LABEL" per seat) as DIR/game-000001.json, ...; 'hand replay' replays them.

--tournament A,B,C,... plays a round-robin instead: every pair of the listed bots plays
--games 2-player matches head to head (seats rotated every match, the pair (i, j) seeded
"S/i-j"), then prints a table of each bot's rounds won against each other among the rounds
with a winner (%, with a 95% Wilson interval), and a rating per bot: a Bradley-Terry model
fitted to all the round wins (Elo scale, mean 1500; +100 is about a 64% chance of winning a
round), best first. --json prints it as one "hand-tournament/1" object.

Exit codes: 0 done, 1 a bot failed (crashed, chose an illegal action, timed out: the message
names the bot and the game's seed; with --records, that match's record up to the failure is
written too), 2 bad input (unknown bot, preset or option) or a backend that cannot start or
that fails (Ray not installed, no cluster at --address, Ray losing a node).
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
        "  hand simulate --bots greedy,random --games 1000 --backend ray --address auto\n"
        "  hand simulate --tournament random,easy,medium,hard --games 40 --rounds 1\n"
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
    p.add_argument(
        "--tournament",
        metavar="A,B,C",
        help="round-robin: every pair of these bots head to head, and a rating per bot",
    )
    p.add_argument(
        "--games",
        type=int,
        default=100,
        metavar="N",
        help="matches (per pair with --tournament; default: 100)",
    )
    p.add_argument("--seed", default="0", metavar="S", help="the seed of everything (default: 0)")
    p.add_argument(
        "--jobs",
        type=int,
        metavar="J",
        help="worker processes (default: 1); with --backend ray and no --address, the CPUs of "
        "the local Ray (default: all)",
    )
    p.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local: this machine (--jobs processes); ray: Ray tasks (default: local)",
    )
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="the Ray cluster to use with --backend ray (HOST:PORT, 'auto', ray://HOST:10001); "
        "default: start a local Ray for this run",
    )
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
