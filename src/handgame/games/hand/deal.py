"""The deal: the outcome of a shuffle, as a record stores it (L-20, L-51, G-3, RECORD.md).

Randomness enters the engine only here, through an explicit seed: ``shuffle_deal(rules, n,
dealer, seed)`` always gives the same deal for the same arguments, on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from handgame.core.cards import JOKER, Card, cards_str, deck_difference, standard_deck
from handgame.core.errors import CardError, DealError
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.wilds import indicator_allowed, indicator_needed


@dataclass(frozen=True)
class Deal:
    """Each seat's cards, the indicator, the upcard (``13+upcard``) and the stock, top first."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    indicator: Card | None = None
    discard: Card | None = None

    def to_json(self) -> dict[str, Any]:
        """The deal as a record object."""
        out: dict[str, Any] = {"hands": [cards_str(h) for h in self.hands]}
        if self.indicator is not None:
            out["indicator"] = str(self.indicator)
        if self.discard is not None:
            out["discard"] = str(self.discard)
        out["stock"] = cards_str(self.stock)
        return out

    @staticmethod
    def from_json(obj: Any) -> Deal:
        """Read a deal object; raises :class:`DealError` when malformed."""
        if not isinstance(obj, dict):
            raise DealError("deal must be an object with hands, stock and indicator")
        try:
            hands = obj.get("hands")
            stock = obj.get("stock")
            if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
                raise DealError("deal.hands must be a list of card lists, one per seat")
            if not isinstance(stock, list):
                raise DealError("deal.stock must be a list of cards, top first")
            ind = obj.get("indicator")
            up = obj.get("discard")
            return Deal(
                tuple(tuple(_parse(c) for c in h) for h in hands),
                tuple(_parse(c) for c in stock),
                _parse(ind) if ind is not None else None,
                _parse(up) if up is not None else None,
            )
        except CardError as e:
            raise DealError(f"deal: {e}") from None


def _parse(value: Any) -> Card:
    if not isinstance(value, str):
        raise CardError(f"a card is written as text such as 'QS' or 'X', not {value!r}")
    return Card.parse(value)


def deck_for(rules: Ruleset) -> tuple[Card, ...]:
    """The deck of these rules (L-2, G-2, F-2, O-2)."""
    return standard_deck(2, rules.jokers)


def first_player(dealer: int, players: int) -> int:
    """The seat that plays first: the dealer's right, seat dealer+1 (L-4, L-51, G-3)."""
    return (dealer + 1) % players


def shuffle_deal(rules: Ruleset, players: int, dealer: int, seed: int | str) -> Deal:
    """Shuffle the deck with ``seed`` and deal as the rules say (L-20, L-51, G-3)."""
    rng = random.Random(f"hand-deal:{seed}")
    cards = list(deck_for(rules))
    rng.shuffle(cards)
    first = first_player(dealer, players)
    size = 13 if rules.deal == "13+upcard" else 14
    hands = [cards[i * size : (i + 1) * size] for i in range(players)]
    rest = cards[players * size :]
    if rules.deal == "14+1":
        hands[first].append(rest.pop(0))
    indicator = None
    upcard = None
    if indicator_needed(rules):
        # L-20: a joker (or, with no-jokers/redraw, an ace) goes back into the middle
        while not indicator_allowed(rules, Card(rest[0])):
            card = rest.pop(0)
            rest.insert(len(rest) // 2, card)
        indicator = rest.pop(0)
    if rules.deal == "13+upcard":
        upcard = rest.pop(0)
    return Deal(tuple(tuple(sorted(h)) for h in hands), tuple(rest), indicator, upcard)


def check_deal(deal: Deal, rules: Ruleset, players: int, dealer: int) -> None:
    """Refuse a deal that is not exactly the deck, dealt as the rules say (RECORD.md)."""
    if len(deal.hands) != players:
        raise DealError(f"deal has {len(deal.hands)} hands for {players} players")
    first = first_player(dealer, players)
    size = 13 if rules.deal == "13+upcard" else 14
    for seat, hand in enumerate(deal.hands):
        want = size + (1 if rules.deal == "14+1" and seat == first else 0)
        if len(hand) != want:
            rule = "G-3" if rules.deal == "13+upcard" else "L-51"
            raise DealError(
                f"seat {seat} was dealt {len(hand)} cards, the rules deal {want} ({rule})"
            )
    if indicator_needed(rules):
        if deal.indicator is None:
            raise DealError(
                "this ruleset turns an indicator card: deal.indicator is missing (L-20)",
                rules=("L-20",),
            )
        if not indicator_allowed(rules, deal.indicator):
            raise DealError(
                f"{deal.indicator} cannot be the indicator (L-20, O-2)", rules=("L-20", "O-2")
            )
    elif deal.indicator is not None:
        raise DealError(
            "this ruleset has no indicator card, but the deal names one (O-2)", rules=("O-2",)
        )
    if rules.deal == "13+upcard" and deal.discard is None:
        raise DealError(
            "this ruleset turns an upcard: deal.discard is missing (G-3)", rules=("G-3",)
        )
    if rules.deal != "13+upcard" and deal.discard is not None:
        raise DealError(
            "this ruleset starts with no upcard, but the deal names one (L-60)", rules=("L-60",)
        )
    turned = (c for c in (deal.indicator, deal.discard) if c is not None)
    differs = deck_difference(
        (*(c for h in deal.hands for c in h), *deal.stock, *turned), deck_for(rules)
    )
    if differs is not None:
        raise DealError(f"the deal is not exactly the {len(deck_for(rules))}-card deck ({differs})")
    if JOKER in (deal.indicator,):
        raise DealError("a joker cannot be the indicator (L-20)", rules=("L-20",))
