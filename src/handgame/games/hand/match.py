"""A match as data: its fixed configuration (:class:`Setup`) and one moment of it (:class:`Match`).

The bottom of the game: values and what can be read off them, no rule. The rules' functions
(:mod:`.turn`, :mod:`.legal`, :mod:`.dealing`, :mod:`.view`…) take a :class:`Match`; the facade
:class:`~handgame.games.hand.state.State` (a :class:`Match` with the engine's methods) sits on
top of them, so no engine module imports the state it works on.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Self

from handgame.core import seating
from handgame.games.hand.rounds import Phase, RoundLog, RoundResult, RoundState, evolve
from handgame.games.hand.rules import Ruleset


@dataclass(frozen=True)
class Setup:
    """A match's fixed configuration: ruleset, seats, partnership."""

    preset: str = "levant"
    options: tuple[tuple[str, Any], ...] = ()
    players: int = 4
    partnership: bool = False
    names: tuple[str, ...] = ()
    rules: Ruleset = field(default_factory=Ruleset)

    @property
    def teams(self) -> int:
        """How many teams: two in partnership (L-91), else one per seat."""
        return 2 if self.partnership else self.players

    def team_of(self, seat: int) -> int:
        """The team index of a seat (in partnership seats 0+2 are team 0, 1+3 team 1)."""
        return seating.team_of(seat, self.teams)


@dataclass(frozen=True)
class Match:
    """A whole match at one moment, as a value (equal when every field is equal)."""

    game: Setup
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

    @property
    def deal_count(self) -> int:
        """How many deals the match has had (the current round's included)."""
        return len(self.log) + (1 if self.phase not in (Phase.DEAL, Phase.OVER) else 0)

    def team_totals(self) -> tuple[int, ...] | None:
        """Totals of the teams (seats 0+2, 1+3) in partnership, else None."""
        if not self.game.partnership:
            return None
        return seating.team_totals(self.totals, self.game.teams)

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (of the same class: a state stays a state)."""
        if not changes.keys() <= _FIELDS:
            return dataclasses.replace(self, **changes)  # raises the usual TypeError
        return evolve(self, **changes)

    def returns(self) -> tuple[float, ...]:
        """Each seat's result of the match: 1.0 for the winner (or its team), 0.0 else."""
        if self.winner is None:
            return (0.0,) * self.game.players
        game = self.game
        if game.partnership:
            return tuple(
                1.0 if game.team_of(s) == self.winner else 0.0 for s in range(game.players)
            )
        return tuple(1.0 if s == self.winner else 0.0 for s in range(game.players))


_FIELDS = frozenset(f.name for f in dataclasses.fields(Match))
