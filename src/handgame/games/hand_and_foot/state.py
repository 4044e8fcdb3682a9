"""The facade: :class:`Game` (a match's configuration) and :class:`State` (a match at one moment),
the data of :mod:`.match` with the engine's methods.

A :class:`State` never changes; ``state.apply(action)`` returns the next one (the rules are in
:mod:`handgame.games.hand_and_foot.legal`). A ``DEAL`` state is a chance node whose outcome is a
:class:`~handgame.games.hand_and_foot.deal.Deal`. The engine's modules take the data
(:class:`~handgame.games.hand_and_foot.match.Match`) and import nothing of this module.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any, cast

from handgame.core.actions import Action, refused
from handgame.core.cards import Card
from handgame.core.errors import GameError, OptionError
from handgame.core.seating import seat_names
from handgame.games.hand_and_foot import legal
from handgame.games.hand_and_foot.deal import Deal, shuffle_deal
from handgame.games.hand_and_foot.match import Match, Setup
from handgame.games.hand_and_foot.rounds import Phase, evolve
from handgame.games.hand_and_foot.rules import PRESET, is_red_three, make_rules
from handgame.games.hand_and_foot.turn import apply_deal
from handgame.games.hand_and_foot.view import PlayerView, view


class Game(Setup):
    """A match's fixed configuration (ruleset and seats) that starts matches."""

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

    def new_match(self, dealer: int = 0) -> State:
        """The state before the first deal, with ``dealer`` dealing first (HF-2)."""
        return State(
            game=self,
            phase=Phase.DEAL,
            dealer=dealer % self.players,
            team_totals=(0,) * self.rules.teams,
        )


class State(Match):
    """A whole match at one moment. Immutable: ``apply`` returns the next state."""

    game: Game  # the data's Setup, as the Game that started the match (Game.new_match)

    # --- the engine ----------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal next action (of ``seat`` only, when given); see :mod:`.legal`."""
        return legal.listed(self, seat)

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises ``IllegalAction`` naming the rules broken."""
        try:
            return cast(State, legal.apply(self, action))  # the engine keeps the class
        except GameError as e:
            refused(e, action)  # the refusal is about the action's cards
            raise

    def apply_deal(self, deal: Deal) -> State:
        """The state after the chance outcome ``deal`` (checked, HF-1, HF-2)."""
        return cast(State, apply_deal(self, deal))

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
        return legal.out_of_turn(self)

    def to_act(self, declined: Collection[int] = ()) -> int | None:
        """The one seat to decide now: the asked partner (whose answer is not optional, so
        ``declined`` does not pass it), else the seat whose turn it is."""
        return legal.to_act(self, declined)

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
