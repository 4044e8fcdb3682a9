"""Every typed error of the engines, in one place.

Each is a ``ValueError`` whose message is written for people and names the rule it applies
(``L-62``); programs read the same facts as data: ``rules`` (the rule ids, leading one first)
and ``code`` (what kind of error: ``illegal``, ``malformed``, ``meld``, ``option``...).
A raise names its rules (``IllegalAction("...(L-62)", rules=("L-62",))``); where the message
comes whole from another function, ``rules`` defaults to the ids that message cites, in order,
so the words and the data never disagree. Callers read ``rules``; nothing else parses messages.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: a rule id as the rule book writes it: ``L-62``, ``O-6``, ``HF-3``
RULE_ID = re.compile(r"\b[A-Z]+-\d+\b")


def cited_rules(message: str) -> tuple[str, ...]:
    """The rule ids ``message`` cites, each once, in order."""
    return tuple(dict.fromkeys(RULE_ID.findall(message)))


class GameError(ValueError):
    """Base of the engines' errors: a message, the rule ids it applies, and a code."""

    code: str = "error"

    def __init__(
        self, message: str, rules: Iterable[str] | None = None, code: str | None = None
    ) -> None:
        """An error with ``message`` citing ``rules`` (ids such as ``"L-62"``; by default the
        ids the message cites)."""
        super().__init__(message)
        self.message = message
        self.rules: tuple[str, ...] = tuple(rules) if rules is not None else cited_rules(message)
        if code is not None:
            self.code = code

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle with the rule ids and code (errors cross process pools)."""
        return (type(self), (self.message, self.rules, self.code))

    def to_json(self) -> dict[str, Any]:
        """The error as data: ``{"code", "message", "rules"}``."""
        return {"code": self.code, "message": self.message, "rules": list(self.rules)}


class IllegalAction(GameError):
    """An action the rules do not allow now; ``rules`` names the rule ids (e.g. ``L-62``)."""

    code = "illegal"


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
    "RULE_ID",
    "ActionError",
    "CardError",
    "DealError",
    "GameError",
    "IllegalAction",
    "MeldError",
    "OptionError",
    "RecordError",
    "TurnCannotFinish",
    "cited_rules",
]
