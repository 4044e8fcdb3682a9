"""Actions a seat takes, as small immutable values with the record notation (RECORD.md § Actions).

``parse_action({"seat": 2, "draw": "stock"})`` and ``action.to_json()`` round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from handgame.core.actions import Action, card_field, seat_and_verb, whole_number
from handgame.core.cards import ALL_CARDS, Card
from handgame.core.errors import ActionError


@dataclass(frozen=True)
class Draw(Action):
    """Draw the top stock card (``stock``) or take the top discard (``discard``) (L-61, L-62)."""

    source: str = "stock"
    verb: ClassVar[str] = "draw"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "draw": self.source}


@dataclass(frozen=True)
class LayMelds(Action):
    """Lay one or more new melds from hand; runs listed in ascending order (L-13, L-63)."""

    melds: tuple[tuple[Card, ...], ...] = ()
    verb: ClassVar[str] = "meld"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "meld": [[str(c) for c in m] for m in self.melds]}


@dataclass(frozen=True)
class LayOff(Action):
    """Add one card from hand to a meld on the table, at an end where it matters (L-10)."""

    card: Card = ALL_CARDS[0]
    to: int = 0
    end: str | None = None
    verb: ClassVar[str] = "add"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        out: dict[str, Any] = {"seat": self.seat, "add": str(self.card), "to": self.to}
        if self.end is not None:
            out["end"] = self.end
        return out


@dataclass(frozen=True)
class SwapWild(Action):
    """Put natural card(s) in place of a meld's wild card and take the wild (L-40)."""

    cards: tuple[Card, ...] = ()
    at: int = 0
    verb: ClassVar[str] = "swap"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "swap": [str(c) for c in self.cards], "at": self.at}


@dataclass(frozen=True)
class Discard(Action):
    """Discard a card and end the turn; ``announce=False`` records a missed announcement.

    ``second`` is the other wild card of a two-card final discard (O-11 ``two-wilds``).
    """

    card: Card = ALL_CARDS[0]
    announce: bool = True
    second: Card | None = None
    verb: ClassVar[str] = "discard"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card or cards discarded."""
        return (self.card,) if self.second is None else (self.card, self.second)

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        shown: str | list[str] = str(self.card)
        if self.second is not None:
            shown = [str(self.card), str(self.second)]
        out: dict[str, Any] = {"seat": self.seat, "discard": shown}
        if not self.announce:
            out["announce"] = False
        return out


@dataclass(frozen=True)
class ClaimRedeal(Action):
    """Claim a redeal before the round's first discard (L-52)."""

    verb: ClassVar[str] = "redeal"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "redeal": True}


VERBS = ("draw", "meld", "add", "swap", "discard", "redeal")

# Shared instances of the actions listed at nearly every decision (values: equal to new ones).
_DRAWS: dict[tuple[int, str], Draw] = {}


def draw_of(seat: int, source: str) -> Draw:
    """``Draw(seat, source)``, one shared instance per value (``legal_actions`` lists it often)."""
    got = _DRAWS.get((seat, source))
    if got is None:
        got = _DRAWS[seat, source] = Draw(seat, source)
    return got


class _Discards(dict[Card, Discard]):
    """One seat's discards with one announce value, by card, each made on first use."""

    def __init__(self, seat: int, announce: bool) -> None:
        super().__init__()
        self.seat = seat
        self.announce = announce

    def __missing__(self, card: Card) -> Discard:
        got = self[card] = Discard(self.seat, card, self.announce)
        return got


_DISCARDS: dict[tuple[int, bool], _Discards] = {}


def discards_of(seat: int, announce: bool) -> dict[Card, Discard]:
    """``Discard(seat, card, announce)`` by card, one shared instance per value (as
    :func:`draw_of`)."""
    got = _DISCARDS.get((seat, announce))
    if got is None:
        got = _DISCARDS[seat, announce] = _Discards(seat, announce)
    return got






def parse_action(obj: Any) -> Action:
    """Read an action object of a record (RECORD.md § Actions)."""
    seat, verb = seat_and_verb(obj, VERBS)
    if verb == "draw":
        if obj["draw"] not in ("stock", "discard"):
            raise ActionError(f"draw must be 'stock' or 'discard', not {obj['draw']!r}")
        return Draw(seat, obj["draw"])
    if verb == "meld":
        melds = obj["meld"]
        if not isinstance(melds, list) or not melds or not all(isinstance(m, list) for m in melds):
            raise ActionError("meld must be a list of melds, each a list of cards")
        return LayMelds(seat, tuple(tuple(card_field(c, "a meld card") for c in m) for m in melds))
    if verb == "add":
        end = obj.get("end")
        if end not in (None, "low", "high"):
            raise ActionError(f"end must be 'low' or 'high', not {end!r}")
        return LayOff(seat, card_field(obj["add"], "add"), whole_number(obj, "to"), end)
    if verb == "swap":
        cards = obj["swap"]
        if isinstance(cards, str):
            cards = [cards]
        if not isinstance(cards, list) or not cards:
            raise ActionError("swap must be a list of one or more cards")
        swap = tuple(card_field(c, "a swap card") for c in cards)
        return SwapWild(seat, swap, whole_number(obj, "at"))
    if verb == "discard":
        announce = obj.get("announce", True)
        if not isinstance(announce, bool):
            raise ActionError(f"announce must be true or false, not {announce!r}")
        cards = obj["discard"]
        if isinstance(cards, list):
            if len(cards) != 2:
                raise ActionError(
                    "discard is one card, or a list of two wild cards to go out under the "
                    "two-wilds bonus (O-11)",
                    rules=("O-11",),
                )
            first, second = (card_field(c, "a discarded card") for c in cards)
            return Discard(seat, first, announce, second)
        return Discard(seat, card_field(cards, "discard"), announce)
    if obj["redeal"] is not True:
        raise ActionError("redeal must be true")
    return ClaimRedeal(seat)


__all__ = [
    "VERBS",
    "Action",
    "ClaimRedeal",
    "Discard",
    "Draw",
    "LayMelds",
    "LayOff",
    "SwapWild",
    "parse_action",
]
