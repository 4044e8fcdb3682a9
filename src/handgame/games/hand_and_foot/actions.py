"""Hand and Foot's actions with their record notation (RECORD.md § Hand and Foot).

``parse_action({"seat": 1, "take": ["KS", "KD"]})`` and ``action.to_json()`` round-trip.
Cards of an action are kept in the order written (a meld's cards, a take's, an add's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from handgame.core.actions import Action, card_field, seat_and_verb, whole_number
from handgame.core.cards import ALL_CARDS, Card
from handgame.core.errors import ActionError


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


@dataclass(frozen=True)
class Draw(Action):
    """Draw the top two stock cards (HF-6; red threes among them laid and replaced, HF-3)."""

    verb: ClassVar[str] = "draw"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "draw": "stock"}


@dataclass(frozen=True)
class Take(Action):
    """Take the pile: its top card laid with ``cards`` from hand as a new meld, or (``to``)
    added to the team's meld ``to``; then up to six more pile cards (``pile_take``) into the
    hand (HF-6)."""

    cards: tuple[Card, ...] = ()
    to: int | None = None
    verb: ClassVar[str] = "take"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        out: dict[str, Any] = {"seat": self.seat, "take": _cards(self.cards)}
        if self.to is not None:
            out["to"] = self.to
        return out


@dataclass(frozen=True)
class Meld(Action):
    """Lay one or more new team melds from hand (HF-4)."""

    melds: tuple[tuple[Card, ...], ...] = ()
    verb: ClassVar[str] = "meld"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "meld": [_cards(m) for m in self.melds]}


@dataclass(frozen=True)
class Add(Action):
    """Add cards from hand to the team's unfinished meld ``to`` (HF-4, HF-5)."""

    cards: tuple[Card, ...] = ()
    to: int = 0
    verb: ClassVar[str] = "add"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "add": _cards(self.cards), "to": self.to}


@dataclass(frozen=True)
class Ask(Action):
    """Ask the partner whether to go out (HF-10)."""

    verb: ClassVar[str] = "ask"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "ask": "go-out"}


@dataclass(frozen=True)
class Answer(Action):
    """The partner's answer to ``ask`` (HF-10)."""

    yes: bool = True
    verb: ClassVar[str] = "answer"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "answer": self.yes}


@dataclass(frozen=True)
class Discard(Action):
    """Discard one card and end the turn (HF-6)."""

    card: Card = ALL_CARDS[0]
    verb: ClassVar[str] = "discard"

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        return {"seat": self.seat, "discard": str(self.card)}


#: every verb of Hand and Foot, in record order
VERBS = ("draw", "take", "meld", "add", "ask", "answer", "discard")




def _card_list(value: Any, what: str, empty: bool) -> tuple[Card, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or (not value and not empty):
        raise ActionError(f"{what} must be a list of cards such as ['QS', 'QH']")
    return tuple(card_field(c, f"a card of {what}") for c in value)




def parse_action(obj: Any) -> Action:
    """Read an action object of a Hand and Foot record; raises :class:`ActionError`."""
    seat, verb = seat_and_verb(obj, VERBS)
    if verb == "draw":
        if obj["draw"] != "stock":
            raise ActionError(
                f"draw must be 'stock', not {obj['draw']!r}: the pile is taken with 'take' (HF-6)",
                rules=("HF-6",),
            )
        return Draw(seat)
    if verb == "take":
        to = whole_number(obj, "to") if "to" in obj else None
        return Take(seat, _card_list(obj["take"], "take", True), to)
    if verb == "meld":
        melds = obj["meld"]
        if not isinstance(melds, list) or not melds or not all(isinstance(m, list) for m in melds):
            raise ActionError("meld must be a list of melds, each a list of cards")
        return Meld(seat, tuple(_card_list(m, "a meld", True) for m in melds))
    if verb == "add":
        return Add(seat, _card_list(obj["add"], "add", False), whole_number(obj, "to"))
    if verb == "ask":
        if obj["ask"] != "go-out":
            raise ActionError(f"ask must be 'go-out', not {obj['ask']!r}")
        return Ask(seat)
    if verb == "answer":
        if not isinstance(obj["answer"], bool):
            raise ActionError(f"answer must be true or false, not {obj['answer']!r}")
        return Answer(seat, obj["answer"])
    return Discard(seat, card_field(obj["discard"], "discard"))


__all__ = [
    "VERBS",
    "Action",
    "Add",
    "Answer",
    "Ask",
    "Discard",
    "Draw",
    "Meld",
    "Take",
    "parse_action",
]
