"""Typed errors of the engine; every one is a ``ValueError`` whose message names the rule."""

from __future__ import annotations

from .cards import CardError
from .melds import MeldError
from .rules import OptionError


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message cites the rule id (e.g. L-62)."""


class RecordError(ValueError):
    """A game record that is malformed or does not fit the rules."""


__all__ = ["CardError", "IllegalAction", "MeldError", "OptionError", "RecordError"]
