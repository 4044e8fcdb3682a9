"""Engine speed on a fixed workload: the same seeded random matches every time, CPU seconds.

Unlike ``engine.py`` (new seeds per run, wall clock, against RLCard), this plays the same
one-round matches on every run, so two versions of the engine can be compared decision for
decision (an unchanged engine plays exactly the same games). With ``--profile`` the hottest
functions (cProfile, by own time) go to stderr.

    python benchmarks/profile_engine.py                       # levant and gulf, 2 and 4 players
    python benchmarks/profile_engine.py --preset gulf --players 4 --matches 3 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import random_match

from handgame.games.hand.state import Game


def play(preset: str, players: int, matches: int) -> dict[str, Any]:
    """Play ``matches`` seeded one-round random matches; decisions and CPU seconds."""
    game = Game.create(preset, {"rounds": 1}, players=players)
    decisions = 0
    start = time.process_time()
    for m in range(matches):
        decisions += random_match(game, f"profile:{players}:{m}")
    cpu = time.process_time() - start
    return {
        "decisions": decisions,
        "cpu_s": round(cpu, 3),
        "decisions_per_cpu_s": round(decisions / cpu, 1) if cpu else None,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", action="append", help="levant, gulf, four-jokers (repeatable)")
    ap.add_argument("--players", type=int, action="append", help="player count (repeatable)")
    ap.add_argument("--matches", type=int, default=6, help="matches per preset and count")
    ap.add_argument("--profile", action="store_true", help="cProfile's top functions to stderr")
    args = ap.parse_args(argv)
    out: dict[str, Any] = {"benchmark": "profile_engine", "matches": args.matches, "runs": {}}
    profiler = cProfile.Profile() if args.profile else None
    for preset in args.preset or ["levant", "gulf"]:
        for players in args.players or [2, 4]:
            if profiler is not None:
                profiler.enable()
            out["runs"][f"{preset}:{players}"] = play(preset, players, args.matches)
            if profiler is not None:
                profiler.disable()
            print(f"{preset} {players}p: {out['runs'][f'{preset}:{players}']}", file=sys.stderr)
    if profiler is not None:
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(25)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
