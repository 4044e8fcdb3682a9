"""The ``planner`` with a search where rounds are won: ISMCTS with the planner as its policy.

Issue 34 asks the strongest bot's own seat to go out (HF-10). At its own decisions late in the
round — take the pile or draw two (HF-6), and the discard — this bot compares the planner's
move with a few alternatives by the game-neutral search of :mod:`handgame.core.search`, on
states sampled from its seat's view only (:func:`~.determinize.sample_state`: the hidden hands,
feet and stock dealt again; a bot never reads the real state). In a playout the planner plays
every seat until the round ends (HF-10 going out, HF-13 the stock) or ``depth`` turns pass.

The reward is the searching seat's own going out: 1 when it goes out, ``partner`` (0.4) when a
partner does (the team's going out, worth less to the target), 0 when the other team goes out
or the stock ends the round; at the horizon, a small share for a hand close to out (a seat with
its foot up and ``k`` cards gets ``HORIZON / (1 + k)``). Every other seat is credited the
same way from its own seat (the tree's other seats play the planner's move only, so this
matters only for ``tree`` > 1).

When it searches (``when``): ``foot`` (the default) once its own foot is picked up (HF-9) and
its hand has at most ``hand`` cards; ``always`` at every draw and discard. Everywhere else the
planner's move is played unsearched. Options: ``planner:search=N`` (iterations; 0 = no
search), ``depth``, ``alts`` (moves offered at a discard), ``partner``, ``margin``,
``when``, ``hand``, ``tree``, ``roll`` (``plain``: the playouts' planner weighs no draw's
odds, six times faster; ``odds``: the bot's own planner); the budget is a number of
iterations, so the moves replay from the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from handgame.core.bot import Bot
from handgame.core.bot_options import OptionsFactory, Param, Value
from handgame.core.search import Budget, best_move, paired, sampler, search
from handgame.games.hand_and_foot.actions import Discard, Draw, Take
from handgame.games.hand_and_foot.bots.determinize import sample_state
from handgame.games.hand_and_foot.bots.greedy import discard_order
from handgame.games.hand_and_foot.bots.ismcts import RoundSearchGame
from handgame.games.hand_and_foot.bots.planner import PARAMS as PLANNER_PARAMS
from handgame.games.hand_and_foot.bots.planner import PlannerBot, Settings, settings_of
from handgame.games.hand_and_foot.rules import is_wild
from handgame.games.hand_and_foot.state import State
from handgame.games.hand_and_foot.view import PlayerView

#: the reward at the horizon for a seat with its foot up and ``k`` cards: HORIZON / (1 + k)
HORIZON = 0.3


@dataclass(frozen=True)
class SearchSettings:
    """The search's options (see the module's docstring)."""

    iterations: int = 0
    depth: int = 40
    alts: int = 3
    partner: float = 0.4
    margin: float = 0.0
    when: str = "foot"
    hand: int = 9
    tree: int = 1
    c: float = 0.7
    roll: str = "plain"
    mode: str = "ucb"


def reward(state: State, seat: int, rounds_before: int, partner: float) -> float:
    """``seat``'s reward at ``state`` (the module's docstring): its own going out 1 (HF-10),
    a partner's ``partner``, the other team's or the stock's end 0 (HF-13); a share at the
    horizon for a hand close to out."""
    if len(state.results) > rounds_before:
        out = state.results[rounds_before].went_out
        if out is None:
            return 0.0
        if out == seat:
            return 1.0
        teams = state.rules.teams
        return partner if out % teams == seat % teams else 0.0
    rnd = state.round
    if rnd is None or not rnd.picked[seat]:
        return 0.0
    return HORIZON / (1 + len(rnd.hands[seat]))


def offered(view: PlayerView, default: Any, alts: int) -> list[Any]:
    """The moves a search compares at the view's decision: ``default`` (the planner's) first,
    then drawing two instead of a take or the other takes (HF-6), or up to ``alts`` - 1 other
    discards, one per kind of card, naturals in greedy's order before wild cards."""
    legal = view.legal_actions
    moves = [default]
    if isinstance(default, Draw | Take):
        moves += [a for a in legal if isinstance(a, Draw | Take) and a != default]
        return moves
    if isinstance(default, Discard):
        seat = view.seat
        assert seat is not None
        discards = {a.card: a for a in legal if isinstance(a, Discard)}
        seen = {(default.card.rank, is_wild(default.card))}
        order = discard_order(view, seat)
        order = [c for c in order if not is_wild(c)] + [c for c in order if is_wild(c)]
        for card in order:
            if len(moves) >= alts:
                break
            kind = (card.rank, is_wild(card))
            if card in discards and kind not in seen:
                seen.add(kind)
                moves.append(discards[card])
    return moves


class _Game(RoundSearchGame):
    """Hand and Foot as :class:`handgame.core.search.SearchGame` sees it, for one decision:
    the planner plays every seat; the searching seat's draws and discards offer alternatives."""

    def __init__(
        self,
        seat: int,
        rounds_before: int,
        own: PlannerBot,
        other: PlannerBot,
        opts: SearchSettings,
    ) -> None:
        super().__init__(rounds_before)
        self.seat = seat
        self.own = own
        self.other = other
        self.opts = opts

    def policy(self, seat: int) -> PlannerBot:
        """The planner playing ``seat`` in the playouts."""
        return self.own if seat == self.seat else self.other

    def moves(self, state: State) -> Sequence[Hashable]:
        seat = state.to_act()
        assert seat is not None
        view = state.view(seat)
        move = self.policy(seat).choose(view)
        return offered(view, move, self.opts.alts) if seat == self.seat else [move]


    def playout(self, state: State) -> Sequence[float]:
        state = self.play_on(state, self.opts.depth, lambda s, view: self.policy(s).choose(view))
        n = state.rules.players
        return [reward(state, s, self.rounds_before, self.opts.partner) for s in range(n)]


class SearchingPlanner(PlannerBot):
    """The planner, its late draws and discards checked by a search for its own going out
    (the module's docstring)."""

    name = "planner"

    def __init__(
        self,
        seed: int | str = 0,
        settings: Settings | None = None,
        opts: SearchSettings | None = None,
    ) -> None:
        """A planner with ``settings`` whose decisions ``opts`` says are searched."""
        super().__init__(seed, settings)
        self.opts = opts or SearchSettings(iterations=16)
        # the playouts' planners: the bot's own settings, without the draw's odds (``plain``, six
        # times faster: the odds are most of a playout's time) or with them (``odds``; ``self``:
        # the searching seat with them, the others without)
        plain = PlannerBot(0, replace(self.settings, odds=False))
        full = PlannerBot(0, self.settings)
        self.own = plain if self.opts.roll == "plain" else full
        self.other = full if self.opts.roll == "odds" else plain
        self.last_iterations = 0

    def searched(self, view: PlayerView) -> bool:
        """Whether the view's decision is one the search checks (``when``, ``hand``)."""
        seat = view.seat
        if seat is None or self.opts.iterations <= 0:
            return False
        if self.opts.when == "always":
            return True
        return bool(view.feet_picked[seat]) and len(view.hand) <= self.opts.hand

    def choose(self, view: Any) -> Any:
        """The planner's step, or (at a searched draw or discard) the search's best move."""
        move = super().choose(view)
        self.last_iterations = 0
        if not isinstance(move, Draw | Take | Discard) or not self.searched(view):
            return move
        moves = offered(view, move, self.opts.alts)
        if len(moves) < 2:
            return move
        game = _Game(view.seat, len(view.results), self.own, self.other, self.opts)
        sample = sampler(sample_state, view, self.rng)
        if self.opts.mode == "paired":  # every move played out on the same samples
            means = paired(game, sample, moves, self.opts.iterations)
            self.last_iterations = self.opts.iterations
            best = max(range(len(moves)), key=lambda i: means[i])
            return moves[best] if means[best] - means[0] > self.opts.margin else move
        budget = Budget(
            iterations=self.opts.iterations,
            c=self.opts.c,
            margin=self.opts.margin,
            tree=self.opts.tree,
        )
        root, self.last_iterations = search(game, sample, moves, budget)
        return best_move(root, moves, move, budget.margin)


#: the options of a ``planner`` spec: the planner's (:mod:`.planner`) and the search's
PARAMS = {
    **PLANNER_PARAMS,
    "search": Param("whole", 0),
    "depth": Param("whole", 1),
    "alts": Param("whole", 2, 8),
    "partner": Param("number", 0, 1),
    "margin": Param("number", -1, 1),
    "when": Param("word", words=("foot", "always")),
    "hand": Param("whole", 1, 40),
    "tree": Param("whole", 0),
    "roll": Param("word", words=("plain", "self", "odds")),
    "mode": Param("word", words=("ucb", "paired")),
}


def search_settings_of(values: dict[str, Value]) -> SearchSettings:
    """The :class:`SearchSettings` of a spec's options (:data:`PARAMS`)."""
    base = SearchSettings()
    return SearchSettings(
        iterations=int(values.get("search", base.iterations)),
        depth=int(values.get("depth", base.depth)),
        alts=int(values.get("alts", base.alts)),
        partner=float(values.get("partner", base.partner)),
        margin=float(values.get("margin", base.margin)),
        when=str(values.get("when", base.when)),
        hand=int(values.get("hand", base.hand)),
        tree=int(values.get("tree", base.tree)),
        roll=str(values.get("roll", base.roll)),
        mode=str(values.get("mode", base.mode)),
    )


def _make(seed: int | str, values: dict[str, Value]) -> Bot:
    """The bot of a spec's options: the planner, or with ``search`` > 0 the planner whose late
    draws and discards the search checks."""
    settings = settings_of(values)
    opts = search_settings_of(values)
    if opts.iterations <= 0:
        return PlannerBot(seed, settings)
    return SearchingPlanner(seed, settings, opts)


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``planner`` (its options and the search's, :data:`PARAMS`)."""
    register("planner", OptionsFactory("planner", PARAMS, _make))


__all__ = [
    "HORIZON",
    "PARAMS",
    "SearchSettings",
    "SearchingPlanner",
    "offered",
    "register_bots",
    "reward",
    "search_settings_of",
]
