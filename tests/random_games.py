#!/usr/bin/env python3
"""Play many random matches with every invariant checked (see ``tests/invariants.py``).

    python tests/random_games.py --preset levant --games 10000 [--players N] [--partnership]
                                 [--jobs 2] [--seed 0] [--start 0] [--rounds R]
                                 [--views all|turn] [--no-successors]

Game ``i`` uses the seed ``"<seed>-<i>"``, so the games (and the totals printed at the end) are
the same whatever ``--jobs`` is. Without ``--players``, the games cycle through the preset's
player counts and partnership. Exits 1 if any game breaks an invariant, printing its seed, the
assertion and a line that reproduces it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from handgame.games.hand import Game
from invariants import CONFIGS, DEFAULT_MAX_STEPS, play_random_match


def _option(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"--option wants name=value, not {text!r}")
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return name, parsed


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="levant", choices=sorted(CONFIGS))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--partnership", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--start", type=int, default=0,
        help="first game number: games START..START+GAMES-1 (to run a long soak in parts)",
    )
    ap.add_argument("--rounds", type=int, default=None, help="option rounds=R (scored rounds)")
    ap.add_argument(
        "--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
        help="any ruleset option (value as JSON), e.g. --option stock_end=reshuffle",
    )
    ap.add_argument(
        "--policy", choices=("weighted", "uniform", "hoard"), default="weighted",
        help="random play: weighted (lays cards), uniform, hoard (full hands)",
    )
    ap.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS)
    ap.add_argument("--no-check", action="store_true", help="play without the invariants")
    ap.add_argument(
        "--views", choices=("all", "turn"), default="all",
        help="check every seat's view at every step (all), or the acting seat's at every "
        "step and every seat's at each round's end (turn)",
    )
    ap.add_argument(
        "--no-successors", action="store_true",
        help="do not apply every enumerated action at every step (the chosen one still is)",
    )
    ap.add_argument("--stop", action="store_true", help="stop at the first failure")
    args = ap.parse_args(argv)
    if args.partnership and args.players not in (None, 4):
        ap.error("--partnership needs 4 players")
    if args.partnership:
        args.players = 4
    return args


def game_config(args: argparse.Namespace, i: int) -> tuple[int, bool]:
    if args.players is not None:
        return args.players, bool(args.partnership)
    configs = CONFIGS[args.preset]
    return configs[i % len(configs)]


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = dict(args.option)
    if args.rounds is not None:
        options["rounds"] = args.rounds
    return options


def play_one(job: tuple[dict[str, Any], int]) -> dict[str, Any]:
    """Play game ``i``; never raises (a failure comes back as data)."""
    spec, i = job
    seed = f"{spec['seed']}-{i}"
    players, partnership = spec["configs"][i]
    out: dict[str, Any] = {
        "i": i, "seed": seed, "players": players, "partnership": partnership,
        "ok": True, "rounds": 0, "steps": 0, "capped": False, "finished": False, "error": None,
    }
    try:
        run = play_random_match(
            spec["preset"], players, partnership, seed, options=spec["options"],
            check=spec["check"], max_steps=spec["max_steps"], policy=spec["policy"],
            check_views=True if spec["views"] == "all" else "turn",
            check_successors=spec["successors"],
        )
        out.update(
            rounds=run.rounds, steps=run.steps, capped=run.capped, finished=run.state.is_over,
            won=sum(1 for r in run.state.results if r.result == "won"),
        )
    except AssertionError as e:
        out.update(ok=False, error=f"AssertionError: {e}")
    except Exception:  # an engine crash is a failure too
        out.update(ok=False, error=traceback.format_exc())
    return out


def _fmt_count(n: int) -> str:
    if n >= 1_000_000:
        return f"{n / 1e6:.1f}M"
    if n >= 10_000:
        return f"{n / 1e3:.1f}k"
    return str(n)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    options = options_of(args)
    try:
        for players, partnership in {game_config(args, i) for i in range(8)}:
            Game.create(args.preset, options, players, partnership)
    except ValueError as e:
        print(f"random_games.py: {e}", file=sys.stderr)
        return 2
    spec = {
        "preset": args.preset,
        "seed": args.seed,
        "options": options,
        "check": not args.no_check,
        "max_steps": args.max_steps,
        "policy": args.policy,
        "views": args.views,
        "successors": not args.no_successors,
        "configs": {i: game_config(args, i) for i in range(args.start, args.start + args.games)},
    }
    jobs = [(spec, i) for i in range(args.start, args.start + args.games)]
    t0 = time.perf_counter()
    done = rounds = steps = capped = won = 0
    failures: list[dict[str, Any]] = []
    step = max(1, args.games // 100)

    def report(res: dict[str, Any]) -> None:
        nonlocal done, rounds, steps, capped, won
        done += 1
        rounds += res["rounds"]
        steps += res["steps"]
        capped += res["capped"]
        won += res.get("won", 0)
        if not res["ok"]:
            failures.append(res)
            print(
                f"FAILED game {res['i']} seed={res['seed']!r} players={res['players']} "
                f"partnership={res['partnership']}:\n{res['error']}",
                flush=True,
            )
        if done % step == 0 or done == args.games:
            dt = time.perf_counter() - t0
            print(
                f"{done}/{args.games} games ({100 * done // args.games}%), "
                f"{done / dt:.2f} games/s, {len(failures)} failures",
                flush=True,
            )

    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            for res in pool.imap(play_one, jobs, chunksize=1):
                report(res)
                if failures and args.stop:
                    pool.terminate()
                    break
    else:
        for job in jobs:
            report(play_one(job))
            if failures and args.stop:
                break
    dt = time.perf_counter() - t0
    print(
        f"{args.preset}: {done} games, {len(failures)} failures, {rounds} rounds, "
        f"{_fmt_count(steps)} actions, {dt:.1f} s ({won} rounds won, {capped} games capped)"
    )
    for f in failures:
        print(
            f"reproduce: python -c \"import sys; sys.path[:0] = ['tests', 'src']; "
            f"import invariants; invariants.play_random_match({args.preset!r}, {f['players']}, "
            f"{f['partnership']}, {f['seed']!r}, options={options!r}, max_steps={args.max_steps}, "
            f"policy={args.policy!r})\""
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
