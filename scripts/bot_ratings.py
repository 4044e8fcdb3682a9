"""The bot levels' published ratings (issue 40): a seeded tournament of a game's levels, each
match's result fed to OpenSkill's Plackett-Luce model (the model ranked tables rate players
with, :mod:`handgame.server.ratings`), written into ``src/handgame/server/bot_ratings.json``
under the game's name (the other games' tables are kept), where the leaderboards and profiles
read them ("you play at the level of hard").

    python scripts/bot_ratings.py --game hand --levels random,easy,medium,greedy,expert \\
        --games 12 --seed 40
    nice -n 19 python scripts/bot_ratings.py --game hand-and-foot --games 4 --seed 40

The levels are the game's ladder (``GameSpec.levels``: easy, medium, hard, expert) unless
``--levels`` lists bot specs. Every pair of levels plays ``--games`` matches of the game's
preset at its ranked tables' seats: Hand one against the other (2 players), Hand and Foot team
against team (4 players, partners of one level; seats rotated by the simulator, partners kept).
The pair ``(i, j)``'s matches have the seed ``SEED/i-j``; their results are shuffled with the
seed before rating, so the table is the same on any machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

from handgame.core.registry import find_game
from handgame.play.simulate import SimulationConfig, simulate
from handgame.server.ratings import MODEL, ordinal

OUT = Path(__file__).resolve().parent.parent / "src" / "handgame" / "server" / "bot_ratings.json"
#: the seats a game's ladder is rated at: Hand and Foot is a game of two teams of two (HF-1)
SEATS = {"hand": 2, "hand-and-foot": 4}


def pair_outcomes(
    game: str, levels: list[str], i: int, j: int, games: int, seed: str
) -> list[tuple[int, int, int]]:
    """The pair ``(i, j)``'s match results: ``(i, j, who won)`` (0: ``i``, 1: ``j``, 2: a draw)."""
    spec = find_game(game)
    seats = SEATS.get(spec.name, 2)
    bots = tuple(levels[i] if s % 2 == 0 else levels[j] for s in range(seats))
    preset = spec.presets[0]
    config = SimulationConfig(bots=bots, games=games, seed=f"{seed}/{i}-{j}", preset=preset)
    result = simulate(config)
    first, second = result.bots[0].wins, result.bots[1].wins  # (partners share their wins)
    draws = result.games - first - second
    return [(i, j, 0)] * first + [(i, j, 1)] * second + [(i, j, 2)] * draws


def rate(outcomes: list[tuple[int, int, int]], count: int, seed: str) -> list[Any]:
    """The levels' ratings from the matches' results, in an order shuffled by ``seed``."""
    outcomes = list(outcomes)
    random.Random(seed).shuffle(outcomes)
    ratings = [MODEL.rating() for _ in range(count)]
    for a, b, won in outcomes:
        ranks = [1.0, 1.0] if won == 2 else ([1.0, 2.0] if won == 0 else [2.0, 1.0])
        (new_a,), (new_b,) = MODEL.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
        ratings[a], ratings[b] = new_a, new_b
    return ratings


def main(argv: list[str] | None = None) -> int:
    """Play the tournament, rate it, write the game's table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hand", help="the game (hand, hand-and-foot)")
    parser.add_argument("--levels", help="bot specs, comma-separated (default: the ladder)")
    parser.add_argument("--games", type=int, default=12, help="matches per pair of levels")
    parser.add_argument("--seed", default="40")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    spec = find_game(args.game)
    levels = args.levels.split(",") if args.levels else list(spec.levels())
    start = time.monotonic()
    outcomes: list[tuple[int, int, int]] = []
    pairs = list(combinations(range(len(levels)), 2))
    for n, (i, j) in enumerate(pairs):
        found = pair_outcomes(spec.name, levels, i, j, args.games, args.seed)
        outcomes += found
        wins = [sum(1 for o in found if o[2] == k) for k in range(3)]
        print(
            f"{n + 1}/{len(pairs)} {levels[i]} {wins[0]} - {wins[1]} {levels[j]}"
            f" ({wins[2]} drawn), {time.monotonic() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    ratings = rate(outcomes, len(levels), args.seed)
    try:
        table = json.loads(args.out.read_text())
    except (OSError, ValueError):
        table = {}
    table["about"] = (
        "the bot levels' OpenSkill (Plackett-Luce) ratings from a seeded tournament of each "
        "game's levels at its ranked tables' seats: made by scripts/bot_ratings.py"
    )
    for key in ("seed", "games_per_pair", "matches"):  # (now kept per game)
        table.pop(key, None)
    table.setdefault("made", {})[spec.name] = {
        "seed": args.seed,
        "games_per_pair": args.games,
        "matches": len(outcomes),
        "seats": SEATS.get(spec.name, 2),
        "levels": levels,
    }
    table.setdefault("games", {})[spec.name] = {
        level: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3)}
        for level, r in zip(levels, ratings, strict=True)
    }
    args.out.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n")
    for level, r in sorted(zip(levels, ratings, strict=True), key=lambda x: -x[1].mu):
        print(f"{level:8} {r.mu:6.2f} ± {3 * r.sigma:5.2f}  (at least {ordinal(r.mu, r.sigma)})")
    print(
        f"{spec.name}: {len(outcomes)} matches, seed {args.seed}, "
        f"{time.monotonic() - start:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
