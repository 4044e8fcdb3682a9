"""Game state: a match's configuration (:class:`Game`) and its immutable :class:`State`.

A :class:`State` never changes; ``state.apply(action)`` returns the next one (the rules are in
:mod:`handgame.games.hand_and_foot.legal`). A ``DEAL`` state is a chance node whose outcome is a
:class:`~handgame.games.hand_and_foot.deal.Deal`.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from handgame.core.actions import Action, refused
from handgame.core.cards import Card
from handgame.core.errors import GameError, OptionError
from handgame.core.seating import seat_names
from handgame.games.hand_and_foot import legal
from handgame.games.hand_and_foot.deal import Deal, shuffle_deal
from handgame.games.hand_and_foot.rounds import Phase, RoundLog, RoundResult, RoundState, evolve
from handgame.games.hand_and_foot.rules import PRESET, Rules, is_red_three, make_rules
from handgame.games.hand_and_foot.turn import apply_deal, partner_of
from handgame.games.hand_and_foot.view import PlayerView, view


@dataclass(frozen=True)
class Game:
    """A match's fixed configuration: ruleset and seats (teams follow from HF-1)."""

    preset: str = PRESET
    options: tuple[tuple[str, Any], ...] = ()
    players: int = 4
    names: tuple[str, ...] = ()
    rules: Rules = field(default_factory=Rules)

    @staticmethod
    def create(
        preset: str = PRESET,
        options: Mapping[str, Any] | None = None,
        players: int = 4,
        partnership: bool = False,
        names: Sequence[str] | None = None,
    ) -> Game:
        """A game with option overrides; ``partnership`` is implied by the player count (HF-1)
        and ignored; raises ``OptionError`` on bad input."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(f"players must be a whole number, not {players!r}")
        rules = make_rules(preset, options or {}, players)
        seats = seat_names(names, players)
        return Game(preset, tuple((options or {}).items()), players, seats, rules)

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

    def new_match(self, dealer: int = 0) -> State:
        """The state before the first deal, with ``dealer`` dealing first (HF-2)."""
        return State(
            game=self,
            phase=Phase.DEAL,
            dealer=dealer % self.players,
            team_totals=(0,) * self.rules.teams,
        )


@dataclass(frozen=True, eq=False)
class State:
    """A whole match at one moment. Immutable: ``apply`` returns the next state."""

    game: Game
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

    def replace(self, **changes: Any) -> State:
        """A copy with some fields changed (the cached legal actions not carried over)."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"State has no field {', '.join(sorted(unknown))}")
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.__dict__.pop("_legal", None)
        new.__dict__.update(changes)
        return new

    # --- the engine ----------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal next action (of ``seat`` only, when given); see :mod:`.legal`."""
        cache: dict[int | None, list[Action]] = self.__dict__.setdefault("_legal", {})
        rnd = self.round
        if seat is not None and rnd is not None and seat == self.to_act():
            seat = None  # the seat to act has every legal action: one list for both calls
        got = cache.get(seat)
        if got is None:
            got = cache[seat] = legal.legal_actions(self, seat)
        return list(got)

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises ``IllegalAction`` naming the rules broken."""
        try:
            return legal.apply(self, action)
        except GameError as e:
            refused(e, action)  # the refusal is about the action's cards
            raise

    def apply_deal(self, deal: Deal) -> State:
        """The state after the chance outcome ``deal`` (checked, HF-1, HF-2)."""
        return apply_deal(self, deal)

    def seeded_deal(self, seed: int | str) -> Deal:
        """The next round's deal shuffled with ``seed`` (not yet applied)."""
        return shuffle_deal(self.rules, self.dealer, seed)

    def deal_seeded(self, seed: int | str) -> State:
        """Shuffle with ``seed`` and deal the next round."""
        return self.apply_deal(self.seeded_deal(seed))

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see; ``None``: what a spectator may see."""
        return view(self, seat)

    # --- decisions out of turn (HF-10) -----------------------------------------------------
    def out_of_turn(self) -> tuple[int, ...]:
        """The partner while a question "may I go out?" waits for its answer (HF-10)."""
        rnd = self.round
        if not self.in_round or rnd is None or not rnd.turn_state.pending:
            return ()
        partner = partner_of(self.rules, rnd.turn)
        return (partner,) if partner is not None else ()

    def to_act(self, declined: Collection[int] = ()) -> int | None:
        """The one seat to decide now: the asked partner (whose answer is not optional, so
        ``declined`` does not pass it), else the seat whose turn it is."""
        if not self.in_round or self.round is None:
            return None
        waiting = self.out_of_turn()
        return waiting[0] if waiting else self.round.turn

    def resample(self, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from this one: the other hands (but for the pile cards
        seen going in), every foot not picked up (its own too) and the stock dealt again at
        random by ``rng``; red threes go only to feet and the stock (never to a hand)."""
        rnd = self.round
        if not self.in_round or rnd is None:
            return self
        n = self.game.players
        others = [s for s in range(n) if s != seat]
        unseen: list[Card] = list(rnd.stock)
        kept: dict[int, list[Card]] = {}
        for s in others:
            left = Counter(rnd.hands[s])
            left.subtract(rnd.known[s])
            kept[s] = list((Counter(rnd.hands[s]) - left).elements())
            unseen.extend(left.elements())
        for s in range(n):
            if not rnd.picked[s]:
                unseen.extend(rnd.feet[s])
        reds = [c for c in unseen if is_red_three(c)]
        plain = [c for c in unseen if not is_red_three(c)] if reds else unseen
        rng.shuffle(plain)
        hands = list(rnd.hands)
        at = 0
        for s in others:
            need = len(rnd.hands[s]) - len(kept[s])
            hands[s] = tuple(sorted((*kept[s], *plain[at : at + need])))
            at += need
        rest = plain[at:] + reds
        rng.shuffle(rest)
        feet = list(rnd.feet)
        for s in range(n):
            if not rnd.picked[s]:
                feet[s], rest = tuple(rest[: len(rnd.feet[s])]), rest[len(rnd.feet[s]) :]
        new = evolve(rnd, hands=tuple(hands), feet=tuple(feet), stock=tuple(rest))
        return self.replace(round=new)

    def returns(self) -> tuple[float, ...]:
        """Each seat's result of the match: 1.0 for the winning team's seats, else 0.0 (all
        0.0 after a draw, HF-12)."""
        teams = self.rules.teams
        return tuple(
            1.0 if self.winner is not None and s % teams == self.winner else 0.0
            for s in range(self.game.players)
        )


_FIELDS = frozenset(f.name for f in dataclasses.fields(State))
