"""Meld packing, free of any game: the best set of disjoint melds a hand can lay.

A meld here is anything with ``cards``; its value is given beside it. The search is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from handgame.core.cards import Card


class HasCards(Protocol):
    """A meld as packing sees it: the cards it takes from the hand."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The meld's cards."""


def best_packing(
    hand: tuple[Card, ...],
    melds: Sequence[HasCards],
    values: list[int],
    keep: int = 0,
    must_include: Card | None = None,
) -> int:
    """The largest total value of disjoint ``melds`` (each with its value) taken from ``hand``.

    At least ``keep`` cards stay in hand; with ``must_include`` one meld holds that card.
    Exact (memoised recursion on the remaining cards). Returns -1 when nothing qualifies.
    """
    got = pack(hand, melds, values, keep, must_include, choose=False)
    return got[0] if got is not None else -1


def pack(
    hand: tuple[Card, ...],
    melds: Sequence[HasCards],
    values: list[int],
    keep: int = 0,
    must_include: Card | None = None,
    choose: bool = True,
) -> tuple[int, tuple[int, ...]] | None:
    """The best total value of disjoint ``melds`` from ``hand`` and the indices chosen.

    At least ``keep`` cards stay in hand; with ``must_include`` one chosen meld holds that
    card. Exact: a memoised recursion over the remaining cards, deciding the lowest card first
    (left in hand, or the lowest card of a meld). None when nothing qualifies; with
    ``choose=False`` the indices are not worked out (an empty tuple).
    """
    # The remaining cards are packed in one integer, 5 bits per distinct card (a count of 0 to
    # 15 under a guard bit), so a meld fits when subtracting it borrows from no guard bit.
    distinct = sorted(set(hand))
    slot = {c: i for i, c in enumerate(distinct)}
    guard = sum(16 << (5 * i) for i in range(len(distinct)))
    start = 0
    for c in hand:
        start += 1 << (5 * slot[c])
    must_slot = slot.get(must_include, -1) if must_include is not None else -1
    if must_include is not None and must_slot < 0:
        return None
    by_slot: list[list[tuple[int, int, bool, int]]] = [[] for _ in distinct]
    for index, (m, v) in enumerate(zip(melds, values, strict=True)):
        if any(c not in slot for c in m.cards):
            continue
        need = 0
        for c in m.cards:
            need += 1 << (5 * slot[c])
        low = min(slot[c] for c in m.cards)
        by_slot[low].append((need, v, must_slot >= 0 and must_include in m.cards, index))
    memo: dict[int, int] = {}
    picked: dict[int, int] = {}
    neg = -(10**12)
    # kept runs between 0 and keep: (rest, kept, need_must) packed in one integer
    low = min(0, keep)
    width = abs(keep) + 1

    def solve(rest: int, need_must: bool, kept: int) -> int:
        if not rest:
            return 0 if (not need_must and kept >= keep) else neg
        key = ((rest * width + kept - low) << 1) | need_must
        got = memo.get(key)
        if got is not None:
            return got
        first = ((rest & -rest).bit_length() - 1) // 5
        best, choice = neg, -1
        one = 1 << (5 * first)
        if not (need_must and first == must_slot and (rest >> (5 * first)) & 15 == 1):
            best = solve(rest - one, need_must, min(kept + 1, keep))
        for need, v, has_must, index in by_slot[first]:
            if ((rest | guard) - need) & guard == guard:
                got_v = v + solve(rest - need, need_must and not has_must, kept)
                if got_v > best:
                    best, choice = got_v, index
        memo[key] = best
        if choose:
            picked[key] = choice
        return best

    best = solve(start, must_include is not None, 0)
    if best < 0:
        return None
    if not choose:
        return best, ()
    chosen: list[int] = []
    rest, need_must, kept = start, must_include is not None, 0
    while rest:
        first = ((rest & -rest).bit_length() - 1) // 5
        choice = picked[((rest * width + kept - low) << 1) | need_must]
        if choice < 0:
            rest -= 1 << (5 * first)
            kept = min(kept + 1, keep)
            continue
        chosen.append(choice)
        m = melds[choice]
        for c in m.cards:
            rest -= 1 << (5 * slot[c])
        need_must = need_must and must_include not in m.cards
    return best, tuple(chosen)
