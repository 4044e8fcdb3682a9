"""Which cards are wild in a round, and what the others play as (L-20…L-25, G-2, O-2)."""

from __future__ import annotations

from dataclasses import dataclass

from handgame.core.cards import JOKER, Card
from handgame.games.hand.rules import Ruleset


@dataclass(frozen=True)
class Wilds:
    """The wild card of a round and the natural card a joker plays as, if any.

    ``wild`` is the one card code that is wild this round (every copy of it), or None.
    ``joker_as`` is the natural card a joker plays as (L-21: the ace of the indicator's
    suit when the aces of that suit are wild), or None when jokers are wild or absent.
    """

    wild: Card | None
    joker_as: Card | None

    def is_wild(self, card: Card) -> bool:
        """True when the card is wild this round."""
        return card == self.wild

    def natural(self, card: Card) -> Card:
        """The natural card a non-wild card plays as (a joker may play as an ace, L-21)."""
        if card == JOKER and self.joker_as is not None:
            return self.joker_as
        return card

    def describe(self) -> str:
        """Which cards are wild, in words."""
        if self.wild is None:
            return "no wild cards"
        what = (
            "jokers" if self.wild == JOKER else f"both {self.wild} (aces of the indicator's suit)"
        )
        extra = f"; jokers play as natural {self.joker_as}" if self.joker_as is not None else ""
        return f"wild: {what}{extra}"


def indicator_needed(rules: Ruleset) -> bool:
    """True when the round turns an indicator card (L-20, O-2)."""
    return rules.wilds in ("indicator", "no-jokers")


def indicator_allowed(rules: Ruleset, card: Card) -> bool:
    """Whether a turned card may stay as the indicator (L-20: not a joker; O-2 redraw aces)."""
    if card == JOKER:
        return False
    return not (rules.wilds == "no-jokers" and card.rank == 1 and rules.ace_indicator == "redraw")


def wilds_for(rules: Ruleset, indicator: Card | None) -> Wilds:
    """The wild cards of a round under these rules and this indicator."""
    if rules.wilds == "jokers":
        return Wilds(JOKER if rules.jokers else None, None)
    if indicator is None:
        raise ValueError("this ruleset needs an indicator card (L-20)")
    ace = Card.of(1, indicator.suit)
    if rules.wilds == "indicator":
        if indicator.rank == 1:  # L-22: jokers wild, every ace natural
            return Wilds(JOKER if rules.jokers else None, None)
        return Wilds(ace, ace if rules.jokers else None)
    # no-jokers: the aces of the indicator's suit are wild; with single-wild, an ace indicator
    # leaves the other identical ace as the only wild card (O-2).
    return Wilds(ace, None)
