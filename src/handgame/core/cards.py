"""Cards and their notation: ``AS``, ``TD``, ``7C``, ``X`` (RULES.md § Cards and notation).

A :class:`Card` is a small immutable value: an ``int`` code (suit * 13 + rank - 1, joker 52),
so cards hash, compare and sort fast, and a hand is a sorted tuple of cards. Identical cards of
a multi-deck game are equal: notation does not tell them apart, and neither does the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from handgame.core.errors import CardError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
JOKER_CODE = 52
RANK_NAMES = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
RANK_OF: tuple[int, ...] = (*tuple(i % 13 + 1 for i in range(52)), 0)
SUIT_OF: tuple[int, ...] = (*tuple(i // 13 for i in range(52)), -1)
_NAMES: tuple[str, ...] = (*tuple(RANKS[i % 13] + SUITS[i // 13] for i in range(52)), "X")


class Card(int):
    """A playing card: rank 1 (ace) to 13 (king) and suit 0..3 (S H D C), or the joker."""

    __slots__ = ()

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self == JOKER_CODE

    @property
    def rank(self) -> int:
        """Rank 1 (ace) to 13 (king); 0 for the joker."""
        return RANK_OF[self]

    @property
    def suit(self) -> int:
        """Suit index 0..3 (S H D C); -1 for the joker."""
        return SUIT_OF[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in (1, 2)

    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``Q♠``; the joker is ``X``."""
        if self.is_joker:
            return "X"
        return RANKS[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        """The card of a rank (1..13, 14 also meaning the ace) and a suit index."""
        if rank == 14:
            rank = 1
        return ALL_CARDS[suit * 13 + rank - 1]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``AS``, ``10H``, ``T♦``, ``X`` or ``JK`` into a card; raises :class:`CardError`."""
        if not isinstance(text, str):
            raise CardError(f"a card is written as text such as 'QS' or 'X', not {text!r}")
        t = text.strip().upper()
        if t in ("X", "JK", "JOKER", "🃏"):
            return JOKER
        if len(t) < 2:
            raise CardError(f"unknown card {text!r}: write rank then suit, e.g. 'QS', '7C', 'X'")
        rank_text, suit_text = t[:-1], t[-1]
        if rank_text == "10":
            rank_text = "T"
        suit = SUITS.find(suit_text)
        if suit < 0:
            suit = SUIT_SYMBOLS.find(suit_text)
        if suit < 0 or len(rank_text) != 1 or rank_text not in RANKS:
            raise CardError(
                f"unknown card {text!r}: ranks are A 2-9 T(10) J Q K, suits S H D C, joker X"
            )
        return ALL_CARDS[suit * 13 + RANKS.index(rank_text)]


ALL_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(53))
JOKER = ALL_CARDS[JOKER_CODE]


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards."""
    return tuple(Card.parse(t) for t in texts)


def cards_str(cards: Iterable[Card]) -> list[str]:
    """Cards as notation strings."""
    return [str(c) for c in cards]


def standard_deck(decks: int = 2, jokers: int = 2) -> tuple[Card, ...]:
    """``decks`` × 52 cards plus ``jokers`` jokers, in a fixed order (RULES.md L-2, G-2, F-2)."""
    return tuple(c for _ in range(decks) for c in ALL_CARDS[:52]) + (JOKER,) * jokers


def card_counts(cards: Iterable[Card]) -> list[int]:
    """How many of each card code (0..52) the cards hold."""
    counts = [0] * 53
    for c in cards:
        counts[c] += 1
    return counts


def deck_difference(dealt: Iterable[Card], deck: Iterable[Card]) -> str | None:
    """How the cards dealt differ from the deck, as a deal check says it (``too many: KH×1;
    missing: 2S×1``), or None when they are exactly the deck: every game's deck check."""
    got, want = Counter(dealt), Counter(deck)
    if got == want:
        return None
    parts = []
    extra, missing = got - want, want - got
    if extra:
        parts.append("too many: " + " ".join(f"{c}×{k}" for c, k in sorted(extra.items())))
    if missing:
        parts.append("missing: " + " ".join(f"{c}×{k}" for c, k in sorted(missing.items())))
    return "; ".join(parts)


def missing_cards(hand: Iterable[Card], cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``cards`` that ``hand`` does not hold (a multiset difference), in order."""
    left = list(hand)
    out: list[Card] = []
    for c in cards:
        if c in left:
            left.remove(c)
        else:
            out.append(c)
    return tuple(out)


def remove_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """The hand without ``cards`` (a multiset difference), or None if it does not hold them."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return tuple(rest)
