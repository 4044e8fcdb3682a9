"""The deal: hands, feet, the pile's first card and the stock (HF-2, RECORD.md § Hand and Foot).

``shuffle_deal(rules, dealer, seed)`` always gives the same deal for the same arguments, on any
machine; ``check_deal`` refuses a deal that is not exactly the deck, dealt as HF-2 says.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from handgame.core.cards import Card, cards_str, deck_difference, standard_deck
from handgame.core.errors import CardError, DealError
from handgame.games.hand_and_foot.rules import HAND_SIZE, Rules, is_red_three, is_wild


@dataclass(frozen=True)
class Deal:
    """Each seat's hand and foot, the first discard and the stock (top first)."""

    hands: tuple[tuple[Card, ...], ...]
    feet: tuple[tuple[Card, ...], ...]
    discard: Card
    stock: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """The deal as a record object."""
        return {
            "hands": [cards_str(h) for h in self.hands],
            "feet": [cards_str(f) for f in self.feet],
            "discard": str(self.discard),
            "stock": cards_str(self.stock),
        }

    @staticmethod
    def from_json(obj: Any) -> Deal:
        """Read a deal object; raises :class:`DealError` when malformed."""
        if not isinstance(obj, dict):
            raise DealError("deal must be an object with hands, feet, discard and stock")
        try:
            hands = _card_lists(obj.get("hands"), "hands")
            feet = _card_lists(obj.get("feet"), "feet")
            stock = obj.get("stock")
            if not isinstance(stock, list):
                raise DealError("deal.stock must be a list of cards, top first")
            if "discard" not in obj:
                raise DealError(
                    "deal.discard is missing: the pile starts with one card (HF-2)", rules=("HF-2",)
                )
            return Deal(hands, feet, _parse(obj["discard"]), tuple(_parse(c) for c in stock))
        except CardError as e:
            raise DealError(f"deal: {e}") from None


def _card_lists(value: Any, name: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list) or not all(isinstance(h, list) for h in value):
        raise DealError(f"deal.{name} must be a list of card lists, one per seat")
    return tuple(tuple(_parse(c) for c in h) for h in value)


def _parse(value: Any) -> Card:
    if not isinstance(value, str):
        raise CardError(f"a card is written as text such as 'QS' or 'X', not {value!r}")
    return Card.parse(value)


def deck_for(rules: Rules) -> tuple[Card, ...]:
    """The deck: ``decks`` × (52 cards + 2 jokers) (HF-1)."""
    return standard_deck(rules.decks, 2 * rules.decks)


def first_player(dealer: int, players: int) -> int:
    """The seat that plays first: the dealer's left, seat dealer+1 (HF-2)."""
    return (dealer + 1) % players


def shuffle_deal(rules: Rules, dealer: int, seed: int | str) -> Deal:
    """Shuffle the deck with ``seed`` and deal as HF-2 says: one card at a time from the
    dealer's left, each seat's first 11 its hand and next 11 its foot; then the pile's first
    card is turned (a red three or a wild card goes back into the middle of the stock)."""
    rng = random.Random(f"hand-and-foot-deal:{seed}")
    cards = list(deck_for(rules))
    rng.shuffle(cards)
    n = rules.players
    first = first_player(dealer, n)
    got: list[list[Card]] = [[] for _ in range(n)]
    for i in range(2 * HAND_SIZE * n):
        got[(first + i) % n].append(cards[i])
    rest = cards[2 * HAND_SIZE * n :]
    while is_red_three(rest[0]) or is_wild(rest[0]):
        card = rest.pop(0)
        rest.insert(len(rest) // 2, card)
    return Deal(
        tuple(tuple(g[:HAND_SIZE]) for g in got),
        tuple(tuple(g[HAND_SIZE:]) for g in got),
        rest[0],
        tuple(rest[1:]),
    )


def check_deal(deal: Deal, rules: Rules) -> None:
    """Refuse a deal that is not exactly the deck, dealt as HF-2 says (RECORD.md)."""
    n = rules.players
    for name, piles in (("hands", deal.hands), ("feet", deal.feet)):
        if len(piles) != n:
            raise DealError(
                f"deal.{name} has {len(piles)} entries for {n} players (HF-2)", rules=("HF-2",)
            )
        for seat, cards in enumerate(piles):
            if len(cards) != HAND_SIZE:
                what = "hand" if name == "hands" else "foot"
                raise DealError(
                    f"seat {seat}'s {what} has {len(cards)} cards; HF-2 deals {HAND_SIZE}",
                    rules=("HF-2",),
                )
    if is_red_three(deal.discard) or is_wild(deal.discard):
        raise DealError(
            f"the pile cannot start with {deal.discard}: a red three or a wild card turned up "
            "goes back into the stock (HF-2)",
            rules=("HF-2",),
        )
    dealt = (*(c for h in (*deal.hands, *deal.feet) for c in h), *deal.stock, deal.discard)
    differs = deck_difference(dealt, deck_for(rules))
    if differs is not None:
        raise DealError(
            f"the deal is not exactly the {len(deck_for(rules))}-card deck of {rules.decks} "
            f"decks ({differs}) (HF-1)",
            rules=("HF-1",),
        )
