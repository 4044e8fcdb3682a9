#!/usr/bin/env python3
"""Play many seeded random Hand and Foot matches with every invariant of ``hf_invariants``.

    python tests/hf_random_games.py --games 10000 --players 4 [--start 0] [--seed 0]
                                    [--views 1.0] [--successors 0.1] [--option name=value]

Game ``i`` uses the seed ``"hf-<seed>-<i>"``; even games are played uniformly at random, odd
ones by a meld-loving random player (so rounds also end by going out). ``--views``: the share
of steps at which every seat's view is checked (the acting seat's always is); ``--successors``:
the share at which every listed action is applied. Exits 1 if any game breaks an invariant,
printing its seed and the assertion.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hf_invariants import check_step, play_match


def _option(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"--option wants name=value, not {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 6))
    ap.add_argument("--start", type=int, default=0, help="first game number")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--views", type=float, default=1.0)
    ap.add_argument("--successors", type=float, default=0.1)
    ap.add_argument("--option", type=_option, action="append", default=[])
    ap.add_argument("--stop", action="store_true", help="stop at the first failure")
    args = ap.parse_args(argv)
    options = dict(args.option)
    check = partial(check_step, views=args.views, successors=args.successors)
    t0 = time.perf_counter()
    done = steps = rounds = outs = 0
    failures: list[str] = []
    every = max(1, args.games // 20)
    for i in range(args.start, args.start + args.games):
        seed = f"hf-{args.seed}-{i}"
        try:
            played = play_match(args.players, seed, i % 2 == 1, options, check)
            steps += played.steps
            rounds += len(played.state.results)
            outs += played.outs
        except Exception:  # an assertion or an engine crash: a failure either way
            failures.append(seed)
            print(f"FAILED game {i} seed={seed!r}:\n{traceback.format_exc()}", flush=True)
            if args.stop:
                break
        done += 1
        if done % every == 0:
            dt = time.perf_counter() - t0
            print(f"{done}/{args.games} games, {dt / done:.2f} s/game, "
                  f"{len(failures)} failures", flush=True)
    dt = time.perf_counter() - t0
    print(
        f"hand-and-foot {args.players} players: games {args.start}..{args.start + done - 1} "
        f"({done} games), {len(failures)} failures, {rounds} rounds ({outs} ended by going "
        f"out), {steps} actions, {dt:.1f} s ({dt / max(done, 1):.2f} s/game), "
        f"views={args.views} successors={args.successors}"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
