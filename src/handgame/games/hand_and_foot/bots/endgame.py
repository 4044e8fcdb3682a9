"""The chance of going out on the next turn: how the ``planner`` chooses its discard late.

A seat whose hand can be laid down (all but one card, HF-9, HF-10) picks up its foot or goes
out. Which card to keep is a bet on the next draw (HF-6: two cards from the stock): for each
discard, this module counts the two-card draws from the cards the seat has not seen (its view
only: :func:`~.determinize.unseen_cards`) after which a plan of the hand (:mod:`.plan`) leaves at
most one card and, when ``books`` is asked, gives the team HF-10's clean book and dirty book.
Draws are weighed by their probability without replacement over the unseen cards; a red three
drawn is replaced (HF-3), so red threes are left out of the draw. Cards of a kind are alike to a
plan (a natural by its rank; a wild card; a black three), so each hand is judged once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from handgame.core.cards import Card
from handgame.games.hand_and_foot.bots.plan import make_plan
from handgame.games.hand_and_foot.rules import MELD_RANKS, is_red_three, is_wild

#: four-card draws sampled to judge a hand two draws ahead (:meth:`DrawOdds.chance2`)
FOURS = 64

#: each team meld not yet a book, by rank: (its index, naturals, wild cards)
Melds = Mapping[int, tuple[int, int, int]]


def _kind(card: Card) -> str:
    """What a plan can tell of a card: ``W`` wild, a meld rank's number, ``3`` a black three."""
    if is_wild(card):
        return "W"
    if card.rank in MELD_RANKS:
        return str(card.rank)
    return "3"


def can_lay_down(
    hand: Sequence[Card], melds: Melds, books: tuple[int, int] | None, left: int = 1
) -> bool:
    """Whether a plan of ``hand`` on ``melds`` leaves at most ``left`` cards (one: HF-9, HF-10;
    two, for a hand two draws ahead, one of them discarded between); with ``books`` (the team's
    clean and dirty books now), also whether the team then holds a clean book and a dirty book
    (HF-10), a meld kept clean if that makes the clean one."""
    counts = Counter(_kind(c) for c in hand)
    # a black three, or a lone natural of a rank the team has no meld of (a new meld takes two
    # naturals at least, HF-4), cannot be laid: more than one such card and the hand stays
    lone = [kind for kind, n in counts.items() if n == 1 and kind not in ("3", "W")]
    dead = counts["3"] + sum(1 for kind in lone if int(kind) not in melds)
    if dead > left:
        return False
    plan = make_plan(hand, melds)
    if len(plan.left) > left:  # a meld kept clean takes no wild card: it leaves no fewer
        return False
    if books is None or (books[0] + plan.books_clean >= 1 and books[1] + plan.books_dirty >= 1):
        return True
    if books[0] > 0:
        return False
    for rank, (_, _, wild) in melds.items():
        if wild == 0:  # this clean meld kept clean, to make the clean book
            plan = make_plan(hand, melds, protect=rank)
            made = plan.books_clean >= 1 and books[1] + plan.books_dirty >= 1
            if len(plan.left) <= left and made:
                return True
    return False


class DrawOdds:
    """The chance that a hand can be laid down after the next two-card draw (see the module's
    docstring), for the unseen cards ``unseen`` and the team's ``melds`` and ``books``."""

    def __init__(
        self, unseen: Iterable[Card], melds: Melds, books: tuple[int, int] | None
    ) -> None:
        """Odds over ``unseen`` (red threes dropped), on ``melds``, with ``books`` as in
        :func:`can_lay_down`."""
        self.melds = dict(melds)
        self.books = books
        kinds: dict[str, Card] = {}
        counts: Counter[str] = Counter()
        for card in unseen:
            if is_red_three(card):
                continue
            kind = _kind(card)
            kinds.setdefault(kind, card)
            counts[kind] += 1
        self.cards = kinds
        self.total = sum(counts.values())
        pairs: list[tuple[float, tuple[Card, Card]]] = []
        names = sorted(counts)
        n = self.total
        if n >= 2:
            for i, a in enumerate(names):
                for b in names[i:]:
                    if a == b:
                        p = counts[a] * (counts[a] - 1) / (n * (n - 1))
                    else:
                        p = 2 * counts[a] * counts[b] / (n * (n - 1))
                    if p > 0:
                        pairs.append((p, (kinds[a], kinds[b])))
        self.draws = pairs
        self._memo: dict[tuple[str, ...], float] = {}
        self._pool = [kinds[k] for k in names for _ in range(counts[k])]
        self._fours: list[tuple[Card, ...]] = []

    def chance(self, hand: Sequence[Card]) -> float:
        """The chance that ``hand`` plus the next two cards drawn can be laid down."""
        key = tuple(sorted(_kind(c) for c in hand))
        if key in self._memo:
            return self._memo[key]
        total = 0.0
        for p, (a, b) in self.draws:
            if can_lay_down([*hand, a, b], self.melds, self.books):
                total += p
        self._memo[key] = total
        return total

    def chance2(self, hand: Sequence[Card], rng: random.Random, samples: int = FOURS) -> float:
        """The chance, estimated over ``samples`` four-card draws from ``rng`` (the same draws
        for every hand this object judges), that ``hand`` plus the next two draws can be laid
        down with one discard between them: a plan leaving at most two cards."""
        if len(self._pool) < 4:
            return 0.0
        while len(self._fours) < samples:
            self._fours.append(tuple(rng.sample(self._pool, 4)))
        hits = sum(
            1
            for four in self._fours[:samples]
            if can_lay_down([*hand, *four], self.melds, self.books, left=2)
        )
        return hits / samples

    def best_discard2(
        self, hand: Sequence[Card], order: Sequence[Card], rng: random.Random
    ) -> tuple[Card, float]:
        """As :meth:`best_discard`, by :meth:`chance2` (two draws ahead)."""
        return _best_discard(hand, order, lambda rest: self.chance2(rest, rng))

    def best_discard(self, hand: Sequence[Card], order: Sequence[Card]) -> tuple[Card, float]:
        """The discard (from ``order``, the preferred first) that leaves the best chance, and
        that chance; among equal chances the first in ``order``."""
        return _best_discard(hand, order, self.chance)


def _best_discard(
    hand: Sequence[Card], order: Sequence[Card], chance: Callable[[list[Card]], float]
) -> tuple[Card, float]:
    """The discard of ``order`` (the preferred first, one card of a kind tried) whose rest of
    ``hand`` has the best ``chance``, and that chance."""
    best: tuple[Card, float] | None = None
    tried: set[str] = set()
    for card in order:
        kind = _kind(card)
        if kind in tried:
            continue
        tried.add(kind)
        rest = list(hand)
        rest.remove(card)
        p = chance(rest)
        if best is None or p > best[1] + 1e-9:
            best = (card, p)
    assert best is not None
    return best


__all__ = ["DrawOdds", "Melds", "can_lay_down"]
