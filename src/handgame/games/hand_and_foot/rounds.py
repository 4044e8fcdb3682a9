"""A round's values: the phase, team melds, the turn in progress, the round, its result, its log.

Plain immutable data (no rules): :mod:`handgame.games.hand_and_foot.turn` makes new values from
old ones with :func:`evolve`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any, TypeVar

from handgame.core.actions import Action
from handgame.core.cards import Card
from handgame.games.hand_and_foot.deal import Deal
from handgame.games.hand_and_foot.rules import BOOK, is_wild

_T = TypeVar("_T")


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of a plain frozen dataclass value with some fields changed (unchecked)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def put(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    return (*t[:i], v, *t[i + 1 :])


class Phase(Enum):
    """What the state waits for."""

    DEAL = "deal"  # chance: the next round's deal
    DRAW = "draw"  # the seat to act draws two or takes the pile (HF-6)
    PLAY = "play"  # the seat to act melds, adds, asks, and discards
    OVER = "over"  # the match is finished


@dataclass(frozen=True)
class TeamMeld:
    """A meld on the table: its team, its rank and its cards in the order laid (HF-4)."""

    team: int
    rank: int
    cards: tuple[Card, ...]

    @cached_property
    def wilds(self) -> int:
        """How many wild cards it holds (worked out once: a meld never changes)."""
        return sum(1 for c in self.cards if is_wild(c))

    @property
    def naturals(self) -> int:
        """How many natural cards it holds."""
        return len(self.cards) - self.wilds

    @property
    def is_book(self) -> bool:
        """Seven cards: complete (HF-5)."""
        return len(self.cards) >= BOOK

    @property
    def kind(self) -> str:
        """``clean`` or ``dirty`` for a book (HF-5), else ``meld``."""
        if not self.is_book:
            return "meld"
        return "dirty" if self.wilds else "clean"


@dataclass(frozen=True)
class TurnState:
    """What the seat to act has done so far in its turn (the opening is checked at its end)."""

    drew: bool = False  # drew two or took the pile
    opened_before: bool = False  # the team had melds when the turn began (HF-8)
    laid_any: bool = False
    laid_value: int = 0  # the opening count laid this turn, without the pile cards taken (HF-8)
    pile_left: tuple[Card, ...] = ()  # the pile cards taken, not yet laid (HF-8)
    asked: bool = False
    pending: bool = False  # the partner's answer is awaited (HF-10)
    forbidden: bool = False  # the partner said no: no going out this turn (HF-10)


@dataclass(frozen=True)
class RoundState:
    """One deal in progress: every card's place, the table, and whose turn it is."""

    index: int  # the round's number in the match, from 0
    dealer: int
    deal: Deal
    hands: tuple[tuple[Card, ...], ...]  # each sorted
    feet: tuple[tuple[Card, ...], ...]  # () once picked up
    picked: tuple[bool, ...]  # each seat's foot picked up (HF-9)
    stock: tuple[Card, ...]  # top first
    pile: tuple[Card, ...]  # bottom first; the top is the last
    red_threes: tuple[tuple[Card, ...], ...]  # laid by each seat (HF-3)
    melds: tuple[TeamMeld, ...] = ()
    turn: int = 0
    turn_state: TurnState = TurnState()
    actions: tuple[Action, ...] = ()
    # the cards every seat saw go into a hand and not come out: the pile cards taken (HF-6)
    known: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class RoundResult:
    """How a round ended and each team's score (RECORD.md § Hand and Foot)."""

    dealer: int
    result: str  # "out" | "stock"
    went_out: int | None
    scores: tuple[int, ...]  # per team
    books: tuple[tuple[int, int], ...]  # per team: (clean, dirty)
    red_threes: tuple[int, ...]  # per team: red threes laid
    hands: tuple[tuple[Card, ...], ...] = ()  # the cards left in each seat's hand

    def to_json(self) -> dict[str, Any]:
        """The round as in the replay answer."""
        return {
            "dealer": self.dealer,
            "result": self.result,
            "went_out": self.went_out,
            "scores": list(self.scores),
            "books": [{"clean": c, "dirty": d} for c, d in self.books],
            "red_threes": list(self.red_threes),
        }


@dataclass(frozen=True)
class RoundLog:
    """A round as the record keeps it: its dealer, deal and actions."""

    dealer: int
    deal: Deal
    actions: tuple[Action, ...]
