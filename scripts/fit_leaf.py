"""Fit the leaf estimate of the search bots (``handgame.games.hand.bots.leaf``) to outcomes.

Plays seeded rounds of ``greedy`` self-play with the engine, and at the start of every other
turn records each seat's features (``leaf.features``) and, when the round ends, the seat that
went out (void rounds are dropped). Fits the conditional logit by maximum likelihood on the
rounds with an even number, reports the log-loss and a calibration table on the odd ones
(held out), and with ``--write`` writes the weights to
``src/handgame/games/hand/bots/leaf_weights.py``. Same seed, same data, same weights.

    nice -n 15 python scripts/fit_leaf.py --rounds 150 --write
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from handgame.games.hand.actions import Discard
from handgame.games.hand.bots import leaf
from handgame.games.hand.bots.greedy import greedy_step
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import Game, State
from handgame.games.hand.turn import required_minimum

#: (preset, players): the tables the data comes from
TABLES = (("levant", 2), ("levant", 4), ("gulf", 2), ("four-jokers", 2))
OUT = Path(__file__).resolve().parents[1] / "src/handgame/games/hand/bots/leaf_weights.py"

Sample = tuple[list[list[float]], int]


def position(state: State) -> list[list[float]]:
    """Every seat's features at ``state`` (the true state: the data, not a bot's view)."""
    rnd = state.round
    assert rnd is not None
    n = state.game.players
    minimum = required_minimum(state)
    return [
        leaf.features(
            rnd.hands[s], rnd.wilds, state.rules, rnd.opened[s], minimum, (s - rnd.turn) % n, n
        )
        for s in range(n)
    ]


def play_round(preset: str, players: int, seed: str) -> list[Sample]:
    """One greedy round's samples (none when it ends void)."""
    game = Game.create(preset, {"rounds": 1}, players=players)
    state = game.new_match().deal_seeded(seed)
    rows: list[list[list[float]]] = []
    turn = 0
    while not state.results and state.phase in (Phase.DRAW, Phase.PLAY, Phase.FIRST_DISCARD):
        if state.phase is Phase.DRAW and turn % 2 == 0:
            rows.append(position(state))
        action, state = greedy_step(state)
        turn += isinstance(action, Discard)
    result = state.results[0] if state.results else None
    if result is None or result.result != "won" or result.winner is None:
        return []
    return [(r, result.winner) for r in rows]


def calibration(samples: list[Sample], weights: list[float], bins: int = 5) -> list[str]:
    """Predicted against observed chance of going out first, per bin of prediction."""
    counts = [[0.0, 0, 0] for _ in range(bins)]  # sum of predictions, seats, went out
    for rows, winner in samples:
        for s, p in enumerate(leaf.chances(rows, weights)):
            b = min(int(p * bins), bins - 1)
            counts[b][0] += p
            counts[b][1] += 1
            counts[b][2] += s == winner
    lines = []
    for b, (total, n, won) in enumerate(counts):
        if n:
            lines.append(
                f"  {b / bins:.1f}-{(b + 1) / bins:.1f}: predicted {total / n:.3f}, "
                f"observed {won / n:.3f} ({n} seat-positions)"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=150, help="rounds per table (150)")
    parser.add_argument("--seed", default="leaf", help="seed of the deals ('leaf')")
    parser.add_argument("--write", action="store_true", help="write leaf_weights.py")
    args = parser.parse_args(argv)
    train: list[Sample] = []
    test: list[Sample] = []
    start = time.perf_counter()
    for preset, players in TABLES:
        for i in range(args.rounds):
            got = play_round(preset, players, f"{args.seed}-{preset}-{players}-{i}")
            (train if i % 2 == 0 else test).extend(got)
            if i % 25 == 24:
                print(f"{preset} {players}p: {i + 1}/{args.rounds} rounds, "
                      f"{len(train) + len(test)} positions, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)  # fmt: skip
    weights = leaf.fit(train)
    uniform = [0.0] * len(leaf.FEATURES)
    print(f"positions: {len(train)} to fit, {len(test)} held out")
    print(f"held-out log-loss: fitted {leaf.log_loss(test, weights):.4f}, "
          f"hand-set {leaf.log_loss(test, list(leaf.WEIGHTS)):.4f}, "
          f"uniform {leaf.log_loss(test, uniform):.4f}")  # fmt: skip
    print(
        "weights: " + ", ".join(f"{n}={w:.3f}" for n, w in zip(leaf.FEATURES, weights, strict=True))
    )
    print("calibration (held out):")
    print("\n".join(calibration(test, weights)))
    if args.write:
        body = ", ".join(f"{w:.4f}" for w in weights)
        OUT.write_text(
            '"""The leaf estimate\'s weights (:mod:`.leaf`), written by '
            '``scripts/fit_leaf.py``."""\n\n'
            "#: one weight per feature of :data:`handgame.games.hand.bots.leaf.FEATURES`\n"
            f"WEIGHTS: tuple[float, ...] = ({body})\n",
            encoding="utf-8",
        )
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
