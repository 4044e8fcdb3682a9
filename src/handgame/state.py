"""Game state: immutable values for a match, its round and the turn in progress.

A :class:`State` never changes; ``state.apply(action)`` returns the next one (see
:mod:`handgame.engine` for the rules that decide it). The phases are explicit
(:class:`Phase`): a ``DEAL`` state is a chance node whose outcome is a :class:`Deal`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from .actions import Action
from .cards import Card
from .deal import Deal
from .meldgen import Restriction
from .melds import Meld
from .rules import OptionError, Ruleset, check_players, make_ruleset
from .wilds import Wilds

if TYPE_CHECKING:
    from .view import PlayerView

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
class Game:
    """A match's fixed configuration: ruleset, seats, partnership."""

    preset: str = "levant"
    options: tuple[tuple[str, Any], ...] = ()
    players: int = 4
    partnership: bool = False
    names: tuple[str, ...] = ()
    rules: Ruleset = field(default_factory=Ruleset)

    @staticmethod
    def create(
        preset: str = "levant",
        options: dict[str, Any] | None = None,
        players: int = 4,
        partnership: bool = False,
        names: list[str] | tuple[str, ...] | None = None,
    ) -> Game:
        """A game of a preset with option overrides; raises ``OptionError`` on bad input."""
        rules = make_ruleset(preset, options or {})
        check_players(preset, players, partnership)
        if names and len(names) != players:
            raise OptionError(f"names: {len(names)} names given for {players} players")
        return Game(
            preset,
            tuple((options or {}).items()),
            players,
            partnership,
            tuple(names) if names else tuple(f"seat {i}" for i in range(players)),
            rules,
        )

    def team_of(self, seat: int) -> int:
        """The team index of a seat in partnership (seats 0+2 are team 0, 1+3 team 1)."""
        return seat % 2

    def new_match(self, dealer: int = 0) -> State:
        """The state before the first deal, with ``dealer`` dealing first (L-50)."""
        return State(
            game=self,
            phase=Phase.DEAL,
            dealer=dealer % self.players,
            totals=(0,) * self.players,
        )


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


@dataclass(frozen=True)
class State:
    """A whole match at one moment. Immutable: ``apply`` returns the next state."""

    game: Game
    phase: Phase
    dealer: int
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...] = ()
    scored: int = 0
    void_streak: int = 0  # deals with no score since the last scored round (L-92)
    final_reached: bool = False  # the match's end condition holds; ends at a unique lowest
    winner: int | None = None
    round: RoundState | None = None
    log: tuple[RoundLog, ...] = ()

    # --- convenience -----------------------------------------------------------------------
    @property
    def rules(self) -> Ruleset:
        """The ruleset in force."""
        return self.game.rules

    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None between rounds and after the match."""
        if self.round is None or self.phase in (Phase.DEAL, Phase.OVER):
            return None
        return self.round.turn

    @property
    def is_chance(self) -> bool:
        """True when the next step is a deal (a chance outcome)."""
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        """True when the match is finished."""
        return self.phase is Phase.OVER

    def team_totals(self) -> tuple[int, int] | None:
        """Totals of the teams (seats 0+2, 1+3) in partnership, else None."""
        if not self.game.partnership:
            return None
        return (self.totals[0] + self.totals[2], self.totals[1] + self.totals[3])

    def replace(self, **changes: Any) -> State:
        """A copy with some fields changed."""
        if not changes.keys() <= _STATE_FIELDS:
            return dataclasses.replace(self, **changes)  # raises the usual TypeError
        return evolve(self, **changes)

    # --- the engine (implemented in handgame.engine) ----------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal next action (of ``seat`` only, when given)."""
        from .engine import legal_actions

        return legal_actions(self, seat)

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises ``IllegalAction`` naming the rule broken."""
        from .engine import apply

        return apply(self, action)

    def apply_deal(self, deal: Deal) -> State:
        """The state after the chance outcome ``deal`` (checked against the deck, L-51)."""
        from .engine import apply_deal

        return apply_deal(self, deal)

    def deal_seeded(self, seed: int | str) -> State:
        """Shuffle with ``seed`` and deal the next round."""
        from .deal import shuffle_deal

        return self.apply_deal(shuffle_deal(self.rules, self.game.players, self.dealer, seed))

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (its own cards, counts of others', the public table)."""
        from .view import view

        return view(self, seat)


_STATE_FIELDS = frozenset(f.name for f in dataclasses.fields(State))
