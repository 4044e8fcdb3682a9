"""The leaf estimate of the search: who is likely to go out first, fitted to outcomes.

Each seat's position is described by a few features (:func:`features`: its cards, the penalty
and count of the cards its best melds leave, loose cards, whether it has opened or could open,
its wild cards, how soon it plays). The chance that seat ``s`` goes out first is a conditional
logit over the seats, ``exp(w·x_s) / Σ_t exp(w·x_t)``, so the chances add up to 1 for any
number of players. The weights ``w`` were fitted by maximum likelihood (pure Python, no numpy)
to rounds of ``greedy`` self-play: ``scripts/fit_leaf.py`` makes the data and the fit, and
writes :mod:`.leaf_weights`; ``docs/notes/bots.md`` gives the data, the fit and its
calibration.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from handgame.core.cards import Card
from handgame.games.hand.bots.leaf_weights import WEIGHTS
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.solver import best_arrangement, best_opening
from handgame.games.hand.values import penalty_value
from handgame.games.hand.wilds import Wilds

#: the names of the features, in the order of :func:`features` and of the weights
FEATURES = (
    "cards",  # cards in hand / 10
    "left_penalty",  # penalty of the cards its best melds leave / 100
    "left_cards",  # how many cards those melds leave / 10
    "loose",  # of which without a partner / 10
    "opened",  # 1 when the seat has opened
    "can_open",  # 1 when unopened and the hand holds an opening now
    "wilds",  # wild cards in hand
    "order",  # turns before the seat plays, / players (0: it plays next)
)


def features(
    hand: Sequence[Card],
    wilds: Wilds,
    rules: Ruleset,
    opened: bool,
    minimum: int,
    order: int,
    players: int,
) -> list[float]:
    """The features of one seat's position (see :data:`FEATURES`)."""
    key = tuple(sorted(hand))
    arr = best_arrangement(key, wilds, rules)
    left = arr.left
    nats = [(wilds.natural(c).rank, wilds.natural(c).suit) for c in left if not wilds.is_wild(c)]
    loose = 0
    for rank, suit in nats:
        if not any(
            (r == rank and s != suit) or (s == suit and 0 < abs(r - rank) <= 2) for r, s in nats
        ):
            loose += 1
    can_open = 0.0
    if not opened and best_opening(key, wilds, rules, minimum, 1) is not None:
        can_open = 1.0
    return [
        len(hand) / 10.0,
        sum(penalty_value(c, wilds, rules) for c in left) / 100.0,
        len(left) / 10.0,
        loose / 10.0,
        1.0 if opened else 0.0,
        can_open,
        float(sum(1 for c in hand if wilds.is_wild(c))),
        order / players,
    ]


def chances(rows: Sequence[Sequence[float]], weights: Sequence[float] = WEIGHTS) -> list[float]:
    """Each seat's chance of going out first, from its features ``rows[s]``. The sums are
    taken one addition at a time, left to right (as ``native/rollout.cpp`` takes them: the
    same bits on every Python, whose ``sum`` of floats may compensate)."""
    scores = []
    for row in rows:
        acc = 0.0
        for w, x in zip(weights, row, strict=True):
            acc = acc + w * x
        scores.append(acc)
    top = max(scores)
    exps = [math.exp(v - top) for v in scores]
    total = 0.0
    for e in exps:
        total = total + e
    return [e / total for e in exps]


def fit(
    samples: Sequence[tuple[Sequence[Sequence[float]], int]],
    l2: float = 1e-3,
    iterations: int = 300,
) -> list[float]:
    """Maximum-likelihood weights of the conditional logit from ``samples`` (each: every
    seat's features, the seat that went out first), by Newton's method with a small ridge
    ``l2`` (pure Python; the features are few)."""
    k = len(FEATURES)
    w = [0.0] * k
    for _ in range(iterations):
        grad = [-l2 * x for x in w]
        hess = [[(l2 if i == j else 0.0) for j in range(k)] for i in range(k)]
        for rows, winner in samples:
            p = chances(rows, w)
            mean = [sum(p[s] * rows[s][i] for s in range(len(rows))) for i in range(k)]
            for i in range(k):
                grad[i] += rows[winner][i] - mean[i]
            for s, row in enumerate(rows):
                d = [row[i] - mean[i] for i in range(k)]
                for i in range(k):
                    di = p[s] * d[i]
                    for j in range(k):
                        hess[i][j] += di * d[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-9:
            break
    return w


def log_loss(
    samples: Sequence[tuple[Sequence[Sequence[float]], int]], weights: Sequence[float]
) -> float:
    """The mean negative log-likelihood of ``samples`` under ``weights``."""
    total = 0.0
    for rows, winner in samples:
        total -= math.log(max(chances(rows, weights)[winner], 1e-12))
    return total / max(len(samples), 1)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-15:
            continue
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-15 else 0.0 for i in range(n)]


__all__ = ["FEATURES", "chances", "features", "fit", "log_loss"]
