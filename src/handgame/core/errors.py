"""Every typed error of the engines, in one place.

Each is a ``ValueError`` whose message names the rule it applies (``L-62``) for developers
and records (RECORD.md's replay answer keeps it); programs and people's front ends read the
same facts as data: ``rules`` (the rule ids, leading one first), ``code`` (what kind of error:
``illegal``, ``malformed``, ``meld``, ``option``...) and ``cards`` (the cards it is about, as
codes). A front end words a refusal from these (the glossary's sentence of its leading rule,
:mod:`handgame.locale`), never from the message. A raise names its rules
(``IllegalAction("...(L-62)", rules=("L-62",))``); a function that gives a reason for another
to raise returns a :class:`Reason`, a message that carries its rules. Nothing parses messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Reason(str):
    """A reason given for an error, with the rule ids it cites and the cards it is about as
    data: ``Reason("the discard 8H was taken ... (L-62)", "L-62", cards=("8H",))``; an error
    made from it cites them."""

    rules: tuple[str, ...]
    cards: tuple[str, ...]

    def __new__(cls, text: str, *rules: str, cards: Iterable[Any] = ()) -> Reason:
        """``text`` citing ``rules``, about ``cards``."""
        made = super().__new__(cls, text)
        made.rules = tuple(rules)
        made.cards = tuple(str(c) for c in cards)
        return made


class GameError(ValueError):
    """Base of the engines' errors: a message, the rule ids it applies, and a code."""

    code: str = "error"

    def __init__(
        self,
        message: str,
        rules: Iterable[str] | None = None,
        code: str | None = None,
        cards: Iterable[Any] = (),
    ) -> None:
        """An error with ``message`` citing ``rules`` (ids such as ``"L-62"``; by default a
        :class:`Reason`'s, else none) about ``cards`` (cards or their codes)."""
        super().__init__(message)
        self.message = str(message)
        given = rules if rules is not None else getattr(message, "rules", ())
        self.rules: tuple[str, ...] = tuple(given)
        if code is not None:
            self.code = code
        self.cards: tuple[str, ...] = tuple(str(c) for c in cards) or getattr(message, "cards", ())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle with the rule ids, code and cards (errors cross process pools)."""
        return (type(self), (self.message, self.rules, self.code, self.cards))

    def to_json(self) -> dict[str, Any]:
        """The error as data: ``{"code", "message", "rules", "cards"}``."""
        return {
            "code": self.code,
            "message": self.message,
            "rules": list(self.rules),
            "cards": list(self.cards),
        }


class IllegalAction(GameError):
    """An action the rules do not allow now; ``rules`` names the rule ids (e.g. ``L-62``)."""

    code = "illegal"


class NotHeld(IllegalAction):
    """An action that plays cards its seat does not hold (``cards``: the ones it names); a
    front end says "not in your hand" with them, in its language (``error_not_held``)."""

    code = "not_held"


class TurnCannotFinish(IllegalAction):
    """A step after which no legal end of the turn remains (reported at the step by ``apply``;
    a replay reports it at the turn's discard, where the broken rule shows)."""


class MeldError(GameError):
    """A meld, a lay-off or a swap that the rules do not allow; ``rules`` names the rule."""

    code = "meld"


class CardError(GameError):
    """A card written in a notation the engine does not know."""

    code = "malformed"


class ActionError(GameError):
    """A malformed action (unknown verb, wrong type, unknown card)."""

    code = "malformed"


class DealError(GameError):
    """A deal that is not exactly the game's deck, or not dealt as the rules say."""

    code = "deal"


class OptionError(GameError):
    """An unknown game, preset or option, or an option value out of range."""

    code = "option"


class BotError(GameError):
    """A bot could not be made or answered with something that is not a legal action."""

    code = "bot"


class RecordError(GameError):
    """A game record that is malformed or does not fit the rules."""

    code = "record"


__all__ = [
    "ActionError",
    "CardError",
    "DealError",
    "GameError",
    "IllegalAction",
    "MeldError",
    "OptionError",
    "Reason",
    "RecordError",
    "TurnCannotFinish",
]
