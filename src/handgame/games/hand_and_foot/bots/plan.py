"""What a hand can lay down, worked out by rank counts: the plans of the ``planner`` bot.

A plan answers, for a seat's hand and its team's unfinished melds (HF-4, HF-5): how many cards
can be laid this turn, which books that makes (clean or dirty), where the wild cards go, and
what is left in hand. It is arithmetic on counts (no state, no search): each rank's naturals
go onto the team's unfinished meld of that rank, then into new melds (books of seven first); a
pair is made a meld with one wild card; the other wild cards go where they complete a book,
then wherever naturals outnumber wilds. ``protect`` names a rank whose meld the wild cards keep
off (a clean book to be), so a plan can aim at HF-10's clean book and dirty book. ``cap``
makes no book: every meld stops at six cards, or ``stop`` (its rank stays open for the
partner's cards), the naturals past that ``held`` in hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from handgame.core.cards import Card
from handgame.games.hand_and_foot.rules import BOOK, MELD_RANKS, is_wild, value


@dataclass
class Pile:
    """One meld of a plan: its rank, its naturals and wild cards, whether it is on the table
    already (``index``) and how many of its cards come from the hand."""

    rank: int
    naturals: int
    wilds: int = 0
    index: int | None = None
    laid: int = 0  # cards laid from hand, wild cards included
    wilds_laid: int = 0

    @property
    def size(self) -> int:
        """Its cards."""
        return self.naturals + self.wilds

    @property
    def room(self) -> int:
        """The wild cards it may still take (HF-4: never more wild cards than naturals; HF-5:
        seven at most)."""
        return max(0, min(BOOK - self.size, self.naturals - self.wilds))


@dataclass
class Plan:
    """The outcome of laying what a plan lays."""

    piles: list[Pile] = field(default_factory=list)
    left: list[Card] = field(default_factory=list)  # the cards kept in hand
    held: list[Card] = field(default_factory=list)  # naturals kept for a book (``cap``)
    wild_to: Counter[int] = field(default_factory=Counter)  # rank -> wild cards laid on it
    laid_value: int = 0  # HF-7 values of the cards laid from hand
    books_clean: int = 0  # books the plan completes
    books_dirty: int = 0

    @property
    def laid(self) -> int:
        """How many cards the plan lays from hand."""
        return sum(p.laid for p in self.piles)


def naturals_by_rank(hand: Iterable[Card]) -> Counter[int]:
    """The natural cards of a hand that can be melded, by rank (threes never are, HF-3)."""
    return Counter(c.rank for c in hand if not is_wild(c) and c.rank in MELD_RANKS)


def make_plan(
    hand: Sequence[Card],
    unfinished: Mapping[int, tuple[int, int, int]],
    wilds: str = "free",
    protect: int | None = None,
    need_dirty: bool = False,
    cap: bool = False,
    stop: int = BOOK - 1,
) -> Plan:
    """The plan of laying ``hand`` on the team's ``unfinished`` melds (rank -> (index,
    naturals, wilds)). ``wilds``: ``free`` places every wild card it can (a pair made a meld
    first, then books completed, then wherever there is room: to empty the hand); ``books``
    the same with books completed first; ``sinks``
    only makes pairs melds (new melds take the naturals drawn later) and, with ``need_dirty``,
    completes the one book the team's first dirty book needs; ``none`` keeps them all.
    ``protect``: a rank whose meld gets no wild card. ``cap``: no meld is made a book (at most
    ``stop`` cards, six by default; the naturals past that are ``held``, no wild card completes
    one)."""
    plan = Plan()
    counts = naturals_by_rank(hand)
    pairs: list[Pile] = []
    top = min(stop, BOOK - 1) if cap else BOOK  # the most cards a meld of the plan holds
    for rank in MELD_RANKS:
        n = counts.get(rank, 0)
        at = unfinished.get(rank)
        open_meld = False  # the team keeps an unfinished meld of this rank: no new one
        if at is not None:
            index, nat, wil = at
            pile = Pile(rank, nat, wil, index)
            put = max(0, min(n, top - pile.size))
            pile.naturals += put
            pile.laid += put
            n -= put
            plan.piles.append(pile)
            open_meld = pile.size < BOOK
        while n >= 3 and not open_meld:
            put = min(n, top)
            plan.piles.append(Pile(rank, put, 0, None, put))
            n -= put
            open_meld = put < BOOK
        if open_meld and n:
            plan.held += [c for c in hand if c.rank == rank and not is_wild(c)][:n]
            n = 0
        if n == 2:
            pairs.append(Pile(rank, 2, 0, None, 0))
        elif n == 1:
            plan.left.append(next(c for c in hand if c.rank == rank and not is_wild(c)))
    wild_cards = sorted((c for c in hand if is_wild(c)), key=value)
    plan.left += [c for c in hand if not is_wild(c) and c.rank not in MELD_RANKS]

    def place(pile: Pile, k: int) -> None:
        for _ in range(k):
            card = wild_cards.pop()
            pile.wilds += 1
            pile.laid += 1
            pile.wilds_laid += 1
            plan.wild_to[pile.rank] += 1
            plan.laid_value += value(card)

    def complete_books(which: str) -> None:
        # wild cards that complete a book (the fewest first)
        gaps = sorted(
            (p for p in plan.piles if p.rank != protect and 0 < BOOK - p.size <= p.room),
            key=lambda p: BOOK - p.size,
        )
        if cap:
            return
        for pile in gaps if which == "all" else gaps[:1]:
            need = BOOK - pile.size
            if need <= len(wild_cards):
                place(pile, need)

    if wilds == "books":  # books first, then pairs (a plainer order: new melds come later)
        complete_books("all")
    if wilds != "none":
        # a pair becomes a meld with one wild card (a new meld takes naturals later)
        for pile in pairs:
            if pile.rank != protect and wild_cards:
                pile.laid = 2
                plan.piles.append(pile)
                place(pile, 1)
        if wilds == "free":
            complete_books("all")
        elif wilds == "sinks" and need_dirty:
            complete_books("one")
        if wilds in ("free", "books"):
            # 3. the rest onto melds with room: dirty ones first, then the biggest
            for pile in sorted(plan.piles, key=lambda p: (p.wilds == 0, -p.size)):
                if pile.rank != protect and wild_cards:
                    place(pile, max(0, min(pile.room - (BOOK - top), len(wild_cards))))
    for pile in pairs:
        if pile.laid == 0:
            plan.left += [c for c in hand if c.rank == pile.rank and not is_wild(c)][:2]
    plan.left += wild_cards
    for pile in plan.piles:
        plan.laid_value += RANK_VALUE[pile.rank] * (pile.laid - pile.wilds_laid)
    for pile in plan.piles:
        if pile.size >= BOOK and pile.laid:
            if pile.wilds:
                plan.books_dirty += 1
            else:
                plan.books_clean += 1
    return plan


#: HF-7's value of a natural card, by rank
RANK_VALUE = {rank: value(Card.parse("A23456789TJQK"[rank - 1] + "S")) for rank in MELD_RANKS}


__all__ = ["RANK_VALUE", "Pile", "Plan", "make_plan", "naturals_by_rank"]
