"""A round's values: the phase, the turn in progress, the round, its result and its log.

Plain immutable data (no rules): :mod:`handgame.games.hand.turn` and its neighbours make new
values from old ones with :func:`evolve`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from handgame.core.cards import Card
from handgame.games.hand.actions import Action
from handgame.games.hand.deal import Deal
from handgame.games.hand.meldgen import Restriction
from handgame.games.hand.melds import Meld
from handgame.games.hand.wilds import Wilds

_T = TypeVar("_T")


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of a frozen dataclass value with some fields changed (internal, unchecked).

    The same value as ``dataclasses.replace`` for the plain frozen dataclasses of this module
    (no ``__post_init__``, no init-only fields), without calling ``__init__``: the engine's hot
    paths make many such copies. The caller names only existing fields.
    """
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new


class Phase(Enum):
    """What the state waits for."""

    DEAL = "deal"  # chance: the next round's deal
    FIRST_DISCARD = "first-discard"  # the 15-card first player's opening discard (L-60)
    DRAW = "draw"  # the seat to act draws (L-61)
    PLAY = "play"  # the seat to act lays melds, adds, swaps, and discards
    OVER = "over"  # the match is finished


@dataclass(frozen=True)
class TurnState:
    """What the seat to act has done so far in its turn (checked as a whole at its discard)."""

    drew: str | None = None  # "stock" or "discard"
    taken: Card | None = None  # the top discard taken (L-62)
    taken_from_opened: bool = False  # its discarder had opened (O-5)
    taken_used: bool = False
    restriction: Restriction = None  # how a taken wild may be used (L-66, O-6)
    laid: tuple[int, ...] = ()  # meld numbers laid this turn
    laid_value: int = 0  # opening count laid while not yet opened, before any add/swap
    all_laid_value: int = 0
    provisional: bool = False  # added or swapped before opening: must go out (L-63, L-64)
    touched_other: bool = False  # added to / swapped in another seat's meld (L-86)
    opened_now: bool = False
    l44_pending: bool = False  # a single card added to pair+wild (L-44)
    reuse_owed: int = 0  # wild cards taken by swap not yet back on the table (O-7)


@dataclass(frozen=True)
class RoundState:
    """One deal in progress: every card's place, the table, and whose turn it is."""

    dealer: int
    deal: Deal
    wilds: Wilds
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]  # bottom first; the top is the last
    melds: tuple[Meld, ...] = ()
    owners: tuple[int, ...] = ()
    opened: tuple[bool, ...] = ()
    laid_before: tuple[bool, ...] = ()  # laid anything in an earlier turn (L-86)
    announced: tuple[int | None, ...] = ()  # the count announced at the last discard (L-70)
    missed: tuple[bool, ...] = ()  # missed an announcement: may not go out next turn (L-71)
    turn: int = 0
    turns_done: int = 0
    last_opening: int = 0  # the round's latest opening count (O-4 escalating)
    reshuffles: int = 0
    pile_top_by: int | None = None  # the seat that discarded the top card
    turn_state: TurnState = TurnState()
    actions: tuple[Action, ...] = ()
    # cards every seat saw go into a hand and not come out: taken discards, swapped wilds
    known: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: a win with each seat's score, or void (RECORD.md § Replaying)."""

    dealer: int
    result: str  # "won" | "void"
    winner: int | None = None
    hand: str | None = None  # "partial" | "full"
    multiplier: int = 1
    scores: tuple[int, ...] = ()
    reason: str | None = None  # "stock" | "redeal"
    penalties: tuple[tuple[str, ...], ...] = ()  # the cards that made each seat's penalty
    opened: tuple[bool, ...] = ()  # which seats had opened when the round ended

    def to_json(self) -> dict[str, Any]:
        """The round as in the replay output."""
        if self.result == "void":
            return {"dealer": self.dealer, "result": "void", "reason": self.reason}
        return {
            "dealer": self.dealer,
            "result": "won",
            "winner": self.winner,
            "hand": self.hand,
            "multiplier": self.multiplier,
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class RoundLog:
    """A round as the record keeps it: its dealer, deal and actions."""

    dealer: int
    deal: Deal
    actions: tuple[Action, ...]
