"""Game state: a match's configuration (:class:`Game`) and its immutable :class:`State`.

A :class:`State` never changes; ``state.apply(action)`` returns the next one (the rules are in
:mod:`handgame.games.hand.legal`). The phases are explicit (:class:`Phase`): a ``DEAL`` state
is a chance node whose outcome is a :class:`Deal`.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from handgame.core import seating
from handgame.core.actions import refused
from handgame.core.cards import Card
from handgame.core.errors import GameError
from handgame.games.hand import dealing, legal
from handgame.games.hand.actions import Action
from handgame.games.hand.deal import Deal, shuffle_deal
from handgame.games.hand.rounds import Phase, RoundLog, RoundResult, RoundState, evolve
from handgame.games.hand.rules import Ruleset, check_players, make_ruleset
from handgame.games.hand.view import PlayerView, view


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
        options: Mapping[str, Any] | None = None,
        players: int = 4,
        partnership: bool = False,
        names: Sequence[str] | None = None,
    ) -> Game:
        """A game of a preset with option overrides; raises ``OptionError`` on bad input."""
        rules = make_ruleset(preset, options or {})
        check_players(preset, players, partnership)
        seats = seating.seat_names(names, players)
        return Game(preset, tuple((options or {}).items()), players, partnership, seats, rules)

    @property
    def teams(self) -> int:
        """How many teams: two in partnership (L-91), else one per seat."""
        return 2 if self.partnership else self.players

    def team_of(self, seat: int) -> int:
        """The team index of a seat (in partnership seats 0+2 are team 0, 1+3 team 1)."""
        return seating.team_of(seat, self.teams)

    def new_match(self, dealer: int = 0) -> State:
        """The state before the first deal, with ``dealer`` dealing first (L-50)."""
        return State(
            game=self,
            phase=Phase.DEAL,
            dealer=dealer % self.players,
            totals=(0,) * self.players,
        )


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

    def team_totals(self) -> tuple[int, ...] | None:
        """Totals of the teams (seats 0+2, 1+3) in partnership, else None."""
        if not self.game.partnership:
            return None
        return seating.team_totals(self.totals, self.game.teams)

    def replace(self, **changes: Any) -> State:
        """A copy with some fields changed."""
        if not changes.keys() <= _STATE_FIELDS:
            return dataclasses.replace(self, **changes)  # raises the usual TypeError
        return evolve(self, **changes)

    # --- the engine (implemented in handgame.games.hand.legal and .turn) -------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal next action (of ``seat`` only, when given)."""
        return legal.legal_actions(self, seat)

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises ``IllegalAction`` naming the rule broken."""
        try:
            return legal.apply(self, action)
        except GameError as e:
            refused(e, action)  # the refusal is about the action's cards
            raise

    def apply_deal(self, deal: Deal) -> State:
        """The state after the chance outcome ``deal`` (checked against the deck, L-51)."""
        return dealing.apply_deal(self, deal)

    def deal_seeded(self, seed: int | str) -> State:
        """Shuffle with ``seed`` and deal the next round."""
        return self.apply_deal(self.seeded_deal(seed))

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see (its own cards, counts of others', the public table); ``None``:
        what a spectator may see."""
        return view(self, seat)

    # --- the game protocol (handgame.core.game.MatchState) -----------------------------------
    @property
    def deal_count(self) -> int:
        """How many deals the match has had (the current round's included)."""
        return len(self.log) + (1 if self.phase not in (Phase.DEAL, Phase.OVER) else 0)

    def out_of_turn(self) -> tuple[int, ...]:
        """Seats other than the turn's that may claim a redeal now (L-52), in seat order."""
        rnd = self.round
        if (
            rnd is None
            or not self.rules.redeal_pairs
            or self.phase not in (Phase.FIRST_DISCARD, Phase.DRAW)
            or rnd.turns_done
            or rnd.turn_state.drew is not None
        ):
            return ()
        return tuple(
            s
            for s in range(self.game.players)
            if s != rnd.turn and dealing.redeal_entitled(self, s)
        )

    def to_act(self, declined: Collection[int] = ()) -> int | None:
        """The one seat to decide now: an entitled seat offered a redeal claim out of turn
        (L-52) that has not ``declined`` it, else the seat whose turn it is."""
        if self.round is None or self.phase in (Phase.DEAL, Phase.OVER):
            return None
        for seat in self.out_of_turn():
            if seat not in declined:
                return seat
        return self.round.turn

    def seeded_deal(self, seed: int | str) -> Deal:
        """The next round's deal shuffled with ``seed`` (not yet applied)."""
        return shuffle_deal(self.rules, self.game.players, self.dealer, seed)

    def resample(self, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from this one: the cards it has not seen (the others'
        hands but for the cards seen going in, and the stock) dealt again at random by
        ``rng`` (OpenSpiel's ``resample_from_infostate``)."""
        rnd = self.round
        if rnd is None or self.phase in (Phase.DEAL, Phase.OVER):
            return self
        others = [s for s in range(self.game.players) if s != seat]
        unseen: list[Card] = list(rnd.stock)
        kept: dict[int, list[Card]] = {}
        for s in others:
            left = Counter(rnd.hands[s])
            left.subtract(rnd.known[s] if rnd.known else ())
            kept[s] = list((Counter(rnd.hands[s]) - left).elements())
            unseen.extend(left.elements())
        rng.shuffle(unseen)
        hands = list(rnd.hands)
        at = 0
        for s in others:
            need = len(rnd.hands[s]) - len(kept[s])
            hands[s] = tuple(sorted((*kept[s], *unseen[at : at + need])))
            at += need
        new = evolve(rnd, hands=tuple(hands), stock=tuple(unseen[at:]))
        return self.replace(round=new)

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


_STATE_FIELDS = frozenset(f.name for f in dataclasses.fields(State))
