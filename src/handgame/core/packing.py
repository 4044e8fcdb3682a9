"""Meld packing, free of any game: the best set of disjoint melds a hand can lay.

A meld here is anything with ``cards``; its value is given beside it. The search is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from handgame.core import kernel
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
    Exact (the int kernel's memoised recursion). Returns -1 when nothing qualifies.
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
    card. Exact: the int kernel's memoised recursion over the remaining cards
    (``kernel.py_pack``, or its native build: the same answers). None when nothing qualifies;
    with ``choose=False`` the indices are not worked out (an empty tuple).
    """
    return kernel.pack(
        hand,
        [m.cards for m in melds],
        values,
        keep,
        kernel.NO_CARD if must_include is None else must_include,
        choose,
    )
