"""The bot levels' published ratings (issue 40): a seeded tournament of the levels, each
match's result fed to OpenSkill's Plackett-Luce model (the model ranked tables rate players
with, :mod:`handgame.server.ratings`), written to ``src/handgame/server/bot_ratings.json``,
where the leaderboards and profiles read them ("you play at the level of hard").

    python scripts/bot_ratings.py --games 12 --seed 40

The matches are the ranked tables' (the levant preset, 2 players, its 7 rounds); their order
is shuffled with the seed before rating, so the table is the same on any machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from handgame.play.tournament import TournamentConfig, tournament
from handgame.server.ratings import MODEL, ordinal

OUT = Path(__file__).resolve().parent.parent / "src" / "handgame" / "server" / "bot_ratings.json"
LEVELS = ("random", "easy", "medium", "greedy", "expert")


def main(argv: list[str] | None = None) -> int:
    """Play the tournament, rate it, write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="matches per pair of levels")
    parser.add_argument("--seed", default="40")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    config = TournamentConfig(LEVELS, games=args.games, seed=args.seed, jobs=args.jobs)
    start = time.monotonic()

    def progress(done: int, total: int, _seconds: float) -> None:
        print(f"\r{done}/{total} matches", end="", file=sys.stderr, flush=True)

    result = tournament(config, progress)
    print(file=sys.stderr)
    outcomes: list[tuple[int, int, int]] = []  # (a, b, who won: 0 a, 1 b, 2 a draw)
    for pair in result.pairs:
        draws = pair.games - pair.first_wins - pair.second_wins
        outcomes += [(pair.first, pair.second, 0)] * pair.first_wins
        outcomes += [(pair.first, pair.second, 1)] * pair.second_wins
        outcomes += [(pair.first, pair.second, 2)] * draws
    random.Random(args.seed).shuffle(outcomes)
    ratings = [MODEL.rating() for _ in LEVELS]
    for a, b, won in outcomes:
        ranks = [1.0, 1.0] if won == 2 else ([1.0, 2.0] if won == 0 else [2.0, 1.0])
        (new_a,), (new_b,) = MODEL.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
        ratings[a], ratings[b] = new_a, new_b
    table = {
        "about": "the bot levels' OpenSkill (Plackett-Luce) ratings from a seeded tournament "
        "of 2-player levant matches: made by scripts/bot_ratings.py",
        "seed": args.seed,
        "games_per_pair": args.games,
        "matches": len(outcomes),
        "games": {
            "hand": {
                level: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3)}
                for level, r in zip(LEVELS, ratings, strict=True)
            }
        },
    }
    args.out.write_text(json.dumps(table, indent=1) + "\n")
    for level, r in sorted(zip(LEVELS, ratings, strict=True), key=lambda x: -x[1].mu):
        print(f"{level:8} {r.mu:6.2f} ± {3 * r.sigma:5.2f}  (at least {ordinal(r.mu, r.sigma)})")
    print(f"{len(outcomes)} matches, seed {args.seed}, {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
