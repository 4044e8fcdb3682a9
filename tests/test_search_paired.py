"""``core.search.paired``: every root move is played out on the same samples (common random
numbers), so a move's mean differs from another's only by what the moves do."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from handgame.core.search import paired


class Toy:
    """A one-move game: the state is a sampled number, a move adds to it, the reward is the
    sum (seat 0 chooses; seat 1 gets the opposite)."""

    def __init__(self) -> None:
        self.seen: list[tuple[float, Hashable]] = []

    def chooser(self, state: Any) -> int | None:
        return 0 if isinstance(state, float) else None

    def moves(self, state: Any) -> Sequence[Hashable]:
        return (0.0, 0.1)

    def apply(self, state: Any, move: Hashable) -> Any:
        assert isinstance(move, float)
        self.seen.append((state, move))
        return (state + move,)

    def playout(self, state: Any) -> Sequence[float]:
        return (state[0], 1 - state[0])


def test_every_move_meets_the_same_samples() -> None:
    game = Toy()
    rng = random.Random(4)
    means = paired(game, lambda: rng.random(), (0.0, 0.1, 0.05), 50)
    # the same 50 samples under each move: the means differ exactly by the moves
    assert abs((means[1] - means[0]) - 0.1) < 1e-12
    assert abs((means[2] - means[0]) - 0.05) < 1e-12
    samples = [s for s, m in game.seen if m == 0.0]
    assert len(samples) == 50 and samples == [s for s, m in game.seen if m == 0.1]
