"""A match as data: its fixed configuration (:class:`Setup`) and one moment of it (:class:`Match`).

The bottom of the game: values and what can be read off them, no rule. The rules' functions
(:mod:`.turn`, :mod:`.legal`, :mod:`.finish`, :mod:`.view`…) take a :class:`Match`; the facade
:class:`~handgame.games.hand_and_foot.state.State` (a :class:`Match` with the engine's methods)
sits on top of them, so no engine module imports the state it works on.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Self

from handgame.games.hand_and_foot.rounds import Phase, RoundLog, RoundResult, RoundState
from handgame.games.hand_and_foot.rules import PRESET, Rules


@dataclass(frozen=True)
class Setup:
    """A match's fixed configuration: ruleset and seats (teams follow from HF-1)."""

    preset: str = PRESET
    options: tuple[tuple[str, Any], ...] = ()
    players: int = 4
    names: tuple[str, ...] = ()
    rules: Rules = field(default_factory=Rules)

    @property
    def partnership(self) -> bool:
        """Whether the seats play in teams of two (4 or 6 players, HF-1)."""
        return self.rules.teams < self.players

    @property
    def teams(self) -> int:
        """How many teams (HF-1)."""
        return self.rules.teams

    def team_of(self, seat: int) -> int:
        """The team of a seat: seat % teams (seats 0+2 and 1+3 at four, i and i+3 at six)."""
        return seat % self.rules.teams


@dataclass(frozen=True)
class Match:
    """A whole match at one moment, as a value (equal when every field is equal, as Hand's);
    a state remembers its legal actions beside its fields
    (:func:`~handgame.games.hand_and_foot.legal.listed`), which equality does not see."""

    game: Setup
    phase: Phase
    dealer: int
    team_totals: tuple[int, ...]
    results: tuple[RoundResult, ...] = ()
    round: RoundState | None = None
    log: tuple[RoundLog, ...] = ()
    winner: int | None = None  # the winning team once the match is over; None for a draw

    @property
    def rules(self) -> Rules:
        """The ruleset in force."""
        return self.game.rules

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's team total."""
        teams = self.rules.teams
        return tuple(self.team_totals[s % teams] for s in range(self.game.players))

    @property
    def in_round(self) -> bool:
        """True while a round is in play."""
        return self.round is not None and self.phase in (Phase.DRAW, Phase.PLAY)

    @property
    def current_seat(self) -> int | None:
        """The seat whose turn it is, or None between rounds and after the match."""
        return self.round.turn if self.in_round and self.round is not None else None

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
        """How many deals the match has had (the one in play included)."""
        return len(self.log) + (1 if self.in_round else 0)

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed, of the same class (the cached legal actions not
        carried over)."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"State has no field {', '.join(sorted(unknown))}")
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.pop("_legal", None)
        new.__dict__.update(changes)
        return new

    def returns(self) -> tuple[float, ...]:
        """Each seat's result of the match: 1.0 for the winning team's seats, else 0.0 (all
        0.0 after a draw, HF-12)."""
        teams = self.rules.teams
        return tuple(
            1.0 if self.winner is not None and s % teams == self.winner else 0.0
            for s in range(self.game.players)
        )


_FIELDS = frozenset(f.name for f in dataclasses.fields(Match))
