"""The ``ismcts`` bot of Hand and Foot: the game-neutral search of :mod:`handgame.core.search`
on Hand and Foot's determinizations (:mod:`.determinize`), with ``greedy`` as its policy.

A tree node offers the moves where greedy's rule of thumb may be wrong: at the turn's start,
taking the pile or drawing two (HF-6); at the discard, greedy's three best discards (a card the
next opponent may take the pile with, or one the team needs). Every other step (the lays, the
partner's answer) is greedy's. A playout lets greedy play every seat for ``depth`` turns (or to
the round's end) and scores the position: the round's HF-11 scores when it ended, else the
table as HF-11 counts it (melds, books, red threes; the red threes of a foot not picked up
against their team) without the cards still in hand, which are yet to be played; a seat's
reward is a logistic of its team's lead over the best other team (``SCALE`` points for odds
of e:1).
Options (:data:`PARAMS`): ``ismcts:iterations=24,depth=3,c=0.7,margin=0,tree=0`` or ``ms=T``
(not reproducible).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from handgame.core.bot import Bot
from handgame.core.bot_options import OptionsFactory, Param, Value
from handgame.core.search import BUDGET_PARAMS, Budget, best_move, budget_of, sampler, search
from handgame.games.hand_and_foot.actions import Discard, Draw, Take
from handgame.games.hand_and_foot.bots.determinize import sample_state
from handgame.games.hand_and_foot.bots.greedy import discard_order, greedy_choice
from handgame.games.hand_and_foot.rounds import Phase
from handgame.games.hand_and_foot.rules import value
from handgame.games.hand_and_foot.scoring import score_round
from handgame.games.hand_and_foot.state import State
from handgame.games.hand_and_foot.view import PlayerView

#: the default budget: iterations per searched decision (a playout costs 50–200 ms here)
DEFAULT_ITERATIONS = 24
#: turns greedy plays in a playout before the position is scored
DEFAULT_DEPTH = 3
#: discards a node offers (greedy's first, then the next in greedy's order)
DISCARDS_OFFERED = 3
#: points of lead that make odds of e:1 in the reward
SCALE = 150.0


def candidate_moves(view: PlayerView, greedy: Any) -> list[Any]:
    """The moves a node offers the view's seat: greedy's choice first, then its alternatives
    (drawing instead of taking the pile; the next best discards)."""
    if isinstance(greedy, Take):
        draw = next((a for a in view.legal_actions if isinstance(a, Draw)), None)
        return [greedy] if draw is None else [greedy, draw]
    if isinstance(greedy, Discard):
        legal = {a.card: a for a in view.legal_actions if isinstance(a, Discard)}
        seat = view.seat
        assert seat is not None
        moves = [greedy]
        for card in discard_order(view, seat):
            if len(moves) >= DISCARDS_OFFERED:
                break
            a = legal.get(card)
            if a is not None and a not in moves:
                moves.append(a)
        return moves
    return [greedy]


Policy = Callable[[PlayerView], Any]


def _planner_policy() -> Policy:
    """The ``planner``'s choice as a policy (imported on first use)."""
    from handgame.games.hand_and_foot.bots.planner import PlannerBot

    bot = PlannerBot(0)
    return bot.choose


class RoundSearchGame:
    """What every Hand and Foot search game shares: a playout ends with the round it starts
    in (``rounds_before`` rounds were played before it), the seat to act chooses, and a move
    is applied to the state."""

    def __init__(self, rounds_before: int) -> None:
        """A search inside round ``rounds_before`` (counted from 0)."""
        self.rounds_before = rounds_before

    def over(self, state: State) -> bool:
        """Whether the round searched has ended (or the state is between rounds)."""
        return len(state.results) > self.rounds_before or state.phase not in (
            Phase.DRAW,
            Phase.PLAY,
        )

    def chooser(self, state: State) -> int | None:
        """The seat to act, or None once the round is over."""
        return None if self.over(state) else state.to_act()

    def apply(self, state: State, move: Hashable) -> State:
        """``state`` after ``move``."""
        return state.apply(move)  # type: ignore[arg-type]

    def play_on(self, state: State, depth: int, choose: Callable[[int, PlayerView], Any]) -> State:
        """``state`` played on, each seat's move ``choose(seat, its view)``, until the round
        ends or ``depth`` turns (discards) have passed: a playout."""
        turns = 0
        while not self.over(state) and turns < depth:
            seat = state.to_act()
            assert seat is not None
            action = choose(seat, state.view(seat))
            state = state.apply(action)
            turns += isinstance(action, Discard)
        return state


class _Search(RoundSearchGame):
    """Hand and Foot as :class:`handgame.core.search.SearchGame` sees it, for one decision."""

    def __init__(self, rounds_before: int, depth: int, policy: Policy = greedy_choice) -> None:
        super().__init__(rounds_before)
        self.depth = depth
        self.policy = policy

    def moves(self, state: State) -> Sequence[Hashable]:
        seat = state.to_act()
        assert seat is not None
        view = state.view(seat)
        return candidate_moves(view, self.policy(view))

    def playout(self, state: State) -> Sequence[float]:
        return self.rewards(self.play_on(state, self.depth, lambda _, view: self.policy(view)))

    def rewards(self, state: State) -> list[float]:
        """Each seat's reward: a logistic of its team's lead in the round's score (HF-11)."""
        rules = state.rules
        if len(state.results) > self.rounds_before:
            scores = state.results[self.rounds_before].scores
        else:  # the table as HF-11 counts it; the cards in hand are still to be played
            rnd = state.round
            assert rnd is not None
            scores = score_round(rules, rnd, None).scores
            held = [0] * rules.teams
            for seat, hand in enumerate(rnd.hands):
                held[seat % rules.teams] += sum(value(c) for c in hand)
            scores = tuple(s + h for s, h in zip(scores, held, strict=True))
        out = []
        for seat in range(rules.players):
            team = seat % rules.teams
            others = [s for t, s in enumerate(scores) if t != team]
            lead = scores[team] - max(others)
            out.append(1.0 / (1.0 + math.exp(-lead / SCALE)))
        return out


class IsmctsBot(Bot):
    """Hand and Foot's searching bot (see the module's docstring)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | str = 0,
        budget: Budget | None = None,
        depth: int = DEFAULT_DEPTH,
        policy: str = "greedy",
    ) -> None:
        """A searcher with ``budget`` (default: ``DEFAULT_ITERATIONS``), playouts of ``depth``
        turns and ``policy`` (``greedy`` or ``planner``) as its default moves."""
        super().__init__(seed)
        self.budget = budget or Budget(iterations=DEFAULT_ITERATIONS)
        self.depth = depth
        self.policy: Policy = _planner_policy() if policy == "planner" else greedy_choice
        self.last_iterations = 0

    def choose(self, view: Any) -> Any:
        """Greedy's move, unless the search finds a clearly better one among its alternatives."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        greedy = self.policy(view)
        moves = candidate_moves(view, greedy)
        self.last_iterations = 0
        if len(moves) == 1:
            return greedy
        game = _Search(len(view.results), self.depth, self.policy)
        root, self.last_iterations = search(
            game, sampler(sample_state, view, self.rng), moves, self.budget
        )
        return best_move(root, moves, greedy, self.budget.margin)


#: the options of an ``ismcts`` spec: the budget's and ``depth``
PARAMS = {
    **BUDGET_PARAMS,
    "depth": Param("whole", 1),
    "policy": Param("word", words=("greedy", "planner")),
}


def _make(seed: int | str, values: dict[str, Value]) -> Bot:
    """The bot of a spec's options (:data:`PARAMS`)."""
    return IsmctsBot(
        seed,
        budget_of(values),
        int(values.get("depth", DEFAULT_DEPTH)),
        str(values.get("policy", "greedy")),
    )


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``ismcts``."""
    register("ismcts", OptionsFactory("ismcts", PARAMS, _make))


__all__ = ["PARAMS", "IsmctsBot", "candidate_moves", "register_bots"]
