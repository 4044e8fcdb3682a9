"""The base of every game's actions: a small immutable value that names its seat and has a
record notation (``to_json``; ``str(action)`` is that notation as compact JSON).

Each game defines its actions as subclasses with a ``verb`` (the record key that names the
action, RECORD.md § Actions) and a parser that reads them back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from handgame.core.cards import Card
from handgame.core.errors import ActionError, CardError, GameError


@dataclass(frozen=True)
class Action:
    """Base class: every action names its seat."""

    seat: int
    verb: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        raise NotImplementedError

    def __str__(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))


def action_cards(action: Action) -> tuple[str, ...]:
    """The codes of the cards an action names (in its record notation, in order): what a
    refusal of it is about."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            try:
                found.append(str(Card.parse(value)))
            except CardError:
                pass
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    for key, value in action.to_json().items():
        if key != "seat":
            walk(value)
    return tuple(found)


def refused(error: GameError, action: Action) -> GameError:
    """``error``, about the cards of ``action`` when it names none of its own."""
    if not error.cards:
        error.cards = action_cards(action)
    return error


def card_field(value: Any, what: str) -> Card:
    """A card of an action object (``'QS'``), or :class:`ActionError` naming ``what``."""
    if not isinstance(value, str):
        raise ActionError(f"{what} must be a card such as 'QS', not {value!r}")
    try:
        return Card.parse(value)
    except CardError as e:
        raise ActionError(str(e), rules=e.rules) from None


def whole_number(obj: dict[str, Any], key: str) -> int:
    """The whole number (0 or more) at ``obj[key]``, or :class:`ActionError`."""
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ActionError(f"'{key}' must be a whole number of 0 or more, not {value!r}")
    return value


def seat_and_verb(obj: Any, verbs: tuple[str, ...]) -> tuple[int, str]:
    """The seat and the one verb of an action object (RECORD.md § Actions), or ActionError."""
    if not isinstance(obj, dict):
        raise ActionError(f"an action must be a JSON object, not {obj!r}")
    seat = whole_number(obj, "seat")
    named = [v for v in verbs if v in obj]
    if len(named) != 1:
        keys = ", ".join(sorted(str(k) for k in obj if k != "seat")) or "none"
        raise ActionError(f"an action needs exactly one verb of {', '.join(verbs)} (got: {keys})")
    return seat, named[0]
