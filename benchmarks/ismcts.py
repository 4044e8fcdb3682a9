"""ISMCTS speed: milliseconds per decision at the bot's default budget.

Seeded one-round matches (levant, or ``--preset``) are played by an advancing bot
(``greedy`` when registered, else ``random``); from the decision points where the seat to
act has two or more legal actions, ``--decisions`` are drawn (seeded), spread over the
matches. Then ``make_bot(SPEC, seed).choose(state.view(seat))`` is timed on each, one bot
per seat as in a match. Prints the median, p90 and max ms per decision, and the search's
iterations per second (over the decisions that ran a search: the others are played without
one). When the ``ismcts`` bot is not registered, prints ``{"skipped": ...}`` and exits 0.

    python benchmarks/ismcts.py
    python benchmarks/ismcts.py --decisions 5 --players 2
    python benchmarks/ismcts.py --spec expert --players 2 --preset four-jokers
    python benchmarks/ismcts.py --spec expert --players 2 --fresh   # decisions of fresh deals
    python benchmarks/ismcts.py --spec ismcts:iterations=60 \
        --against ismcts:iterations=60,rollout=fast,tree=1,depth=4
"""

from __future__ import annotations

import argparse
import random
import secrets
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import emit, machine, median, percentile, progress, rnd

from handgame.core.errors import BotError
from handgame.games.hand.actions import Action
from handgame.games.hand.state import Game, State
from handgame.play.driver import play_match
from handgame.play.registry import bot_names, make_bot

PRESET = "levant"
OPTIONS: dict[str, Any] = {"rounds": 1}


def decision_points(
    game: Game, advancer: str, count: int, seed: int, per_match: int
) -> list[tuple[State, int]]:
    """``count`` seeded decision points (state, seat) with 2+ legal actions, from whole matches.

    At most ``per_match`` points are drawn from each match, so they spread over several.
    """
    rng = random.Random(f"ismcts-bench:{seed}")
    points: list[tuple[State, int]] = []
    match = 0
    while len(points) < count:
        seen: list[tuple[State, int]] = []

        def record(before: State, action: Action, _after: State, seen: list = seen) -> None:
            if len(before.legal_actions(action.seat)) >= 2:
                seen.append((before, action.seat))

        bots = [make_bot(advancer, f"{seed}:{match}:{s}") for s in range(game.players)]
        play_match(game, bots, f"ismcts-bench:{seed}:{match}", on_action=record)
        take = min(per_match, count - len(points), len(seen))
        points += rng.sample(seen, take)
        progress(f"match {match}: {len(seen)} decision points, {len(points)}/{count} drawn")
        match += 1
        if match > 50 * count:  # pragma: no cover - no match with a real choice in it
            break
    return points


def _time_spec(
    spec: str, args: argparse.Namespace, points: list[tuple[State, int]]
) -> dict[str, Any]:
    """Time ``spec`` on every decision point (one bot per seat, as in a match)."""
    bots = [make_bot(spec, f"{args.seed}:{s}") for s in range(args.players)]
    # a name several games share (ismcts) is a PerGameBot: its Hand bot does the searching
    searchers = [getattr(b, "inner", {}).get("hand", b) for b in bots]
    times: list[float] = []
    cpu: list[float] = []  # process CPU time: what the decision costs on an idle core
    searched_s = 0.0  # time of the decisions that ran a search, and their iterations
    searched_iterations = 0
    searched_cpu_s = 0.0  # their process CPU time (what a loaded machine does not distort)
    for i, (state, seat) in enumerate(points):
        view = state.view(seat)
        t0, c0 = time.perf_counter(), time.process_time()
        action = bots[seat].choose(view)
        dt = time.perf_counter() - t0
        cpu.append((time.process_time() - c0) * 1e3)
        if action not in view.legal_actions:
            raise BotError(f"{spec} chose an illegal action: {action}")
        times.append(dt * 1e3)
        done = getattr(searchers[seat], "last_iterations", 0)
        if done:
            searched_s += dt
            searched_cpu_s += cpu[-1] / 1e3
            searched_iterations += done
            searchers[seat].last_iterations = 0
        progress(f"{spec}: decision {i + 1}/{len(points)}: {dt * 1e3:.0f} ms")
    budget = getattr(searchers[0], "budget", None)
    settings = {
        k: getattr(budget if k in ("iterations", "ms", "c", "tree") else searchers[0], k, None)
        for k in ("iterations", "ms", "depth", "c", "rollout", "leaf", "tree")
    }
    settings = {k: v for k, v in settings.items() if isinstance(v, int | float | str)}
    for bot in bots:
        bot.close()
    s = sorted(times)
    return {
        "benchmark": "ismcts",
        "bot": spec,
        "budget": "the bot's default" if spec == "ismcts" else spec,
        "bot_settings": settings,
        "decisions": len(s),
        "median_ms": rnd(median(s), 2),
        "p90_ms": rnd(percentile(s, 90), 2) if s else None,
        "max_ms": rnd(s[-1], 2) if s else None,
        "mean_ms": rnd(sum(s) / len(s), 2) if s else None,
        "median_cpu_ms": rnd(median(sorted(cpu)), 2),
        "p90_cpu_ms": rnd(percentile(sorted(cpu), 90), 2) if cpu else None,
        "searched_decisions_iterations": searched_iterations,
        "iterations_per_s": rnd(searched_iterations / searched_s, 1) if searched_s else None,
        "iterations_per_cpu_s": (
            rnd(searched_iterations / searched_cpu_s, 1) if searched_cpu_s else None
        ),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="ISMCTS bot speed: ms per decision at its default budget, on decisions "
        "drawn from seeded greedy (or random) matches. Prints one JSON object."
    )
    parser.add_argument("--decisions", type=int, default=30, help="decisions timed (30)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of matches and bots (0)")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="draw the seed now from the OS's random source (printed: the run replays with "
        "--seed); docs/notes/bots.md, how the bots are measured",
    )
    parser.add_argument("--preset", default=PRESET, help=f"the rules' preset ({PRESET})")
    parser.add_argument(
        "--per-match", type=int, default=10, help="at most this many decisions per match (10)"
    )
    parser.add_argument(
        "--spec", default="ismcts", help="bot spec to time (default 'ismcts': default budget)"
    )
    parser.add_argument(
        "--against",
        action="append",
        default=[],
        metavar="SPEC",
        help="also time SPEC on the same decisions, in the same run (repeatable); prints its "
        "iterations/s as a ratio to --spec's",
    )
    args = parser.parse_args(argv)
    if args.fresh:
        args.seed = secrets.randbelow(2**31)
        progress(f"fresh seed {args.seed} (replay: --seed {args.seed})")

    try:
        make_bot(args.spec, args.seed).close()
    except BotError as e:
        emit({"benchmark": "ismcts", "skipped": str(e), "machine": machine()})
        return 0
    advancer = "greedy" if "greedy" in bot_names() else "random"
    game = Game.create(args.preset, OPTIONS, players=args.players)
    points = decision_points(game, advancer, args.decisions, args.seed, args.per_match)

    specs = [args.spec, *args.against]
    results = [_time_spec(spec, args, points) for spec in specs]
    out = {**results[0], "advancing_bot": advancer, "preset": args.preset, "options": OPTIONS,
           "players": args.players, "seed": args.seed,
           "seed_kind": "fresh" if args.fresh else "given", "machine": machine()}  # fmt: skip
    if args.against:
        base = results[0]["iterations_per_s"]
        out["against"] = [
            {
                **r,
                "iterations_per_s_ratio": rnd(r["iterations_per_s"] / base, 2)
                if base and r["iterations_per_s"]
                else None,
            }
            for r in results[1:]
        ]
    emit(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
