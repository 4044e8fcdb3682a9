"""The facade: :class:`Game` (a match's configuration) and :class:`State` (a match at one moment),
the data of :mod:`.match` with the engine's methods.

A :class:`State` never changes; ``state.apply(action)`` returns the next one (the rules are in
:mod:`handgame.games.hand.legal`). The phases are explicit (:class:`Phase`): a ``DEAL`` state
is a chance node whose outcome is a :class:`Deal`. The engine's modules take the data
(:class:`~handgame.games.hand.match.Match`) and import nothing of this module.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any, cast

from handgame.core import seating
from handgame.core.actions import refused
from handgame.core.cards import Card
from handgame.core.errors import GameError
from handgame.games.hand import dealing, legal
from handgame.games.hand.actions import Action
from handgame.games.hand.deal import Deal, shuffle_deal
from handgame.games.hand.match import Match, Setup
from handgame.games.hand.rounds import Phase, evolve
from handgame.games.hand.rules import check_players, make_ruleset
from handgame.games.hand.view import PlayerView, view


class Game(Setup):
    """A match's fixed configuration (ruleset, seats, partnership) that starts matches."""

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

    def new_match(self, dealer: int = 0) -> State:
        """The state before the first deal, with ``dealer`` dealing first (L-50)."""
        return State(
            game=self,
            phase=Phase.DEAL,
            dealer=dealer % self.players,
            totals=(0,) * self.players,
        )


class State(Match):
    """A whole match at one moment. Immutable: ``apply`` returns the next state."""

    game: Game  # the data's Setup, as the Game that started the match (Game.new_match)

    # --- the engine (implemented in handgame.games.hand.legal and .turn) -------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal next action (of ``seat`` only, when given)."""
        return legal.legal_actions(self, seat)

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises ``IllegalAction`` naming the rule broken."""
        try:
            return cast(State, legal.apply(self, action))  # the engine keeps the class
        except GameError as e:
            refused(e, action)  # the refusal is about the action's cards
            raise

    def apply_deal(self, deal: Deal) -> State:
        """The state after the chance outcome ``deal`` (checked against the deck, L-51)."""
        return cast(State, dealing.apply_deal(self, deal))

    def deal_seeded(self, seed: int | str) -> State:
        """Shuffle with ``seed`` and deal the next round."""
        return self.apply_deal(self.seeded_deal(seed))

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see (its own cards, counts of others', the public table); ``None``:
        what a spectator may see."""
        return view(self, seat)

    # --- the game protocol (handgame.core.game.MatchState) -----------------------------------
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
