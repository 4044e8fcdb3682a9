"""The ``ismcts`` bot: information-set Monte Carlo tree search with determinization, run by the
game-neutral loop of :mod:`handgame.core.search` (the one Hand and Foot's ``ismcts`` uses).

Each iteration samples the hidden cards consistently with the bot's view (the others' card
counts, the cards seen going into their hands; :mod:`.determinize`), walks a tree of action
histories shared by all samples (single-observer ISMCTS: a child counts as available only in
the samples where its action is legal, and UCB uses those availability counts), adds one node,
and plays the rest of the round with the ``greedy`` policy for a few turns before scoring the
position. Each seat's moves in the tree are chosen for that seat's (or team's) interest.

To keep the tree narrow, a node offers the moves that matter: both draws, the greedy step
(open, meld, lay off, go out), and the most promising discards; the greedy policy plays the
rest. The budget is a number of iterations (deterministic for a seed) or, with ``ms=``, a
time in milliseconds (not reproducible). Options (:data:`PARAMS`, read by
:mod:`handgame.core.bot_options`): ``ismcts:iterations=200,depth=8,c=0.7,margin=0``,
``rollout=exact|fast|auto``, ``leaf=hand|fit``, ``tree=N`` (0: no limit),
``infer=none|passes`` (:mod:`.inference`: samples that agree with the discards passed up),
``pair=0|1`` (1: every root move played out on the same samples, ``iterations`` playouts in
all, :func:`handgame.core.search.paired`, instead of UCB choosing one move per sample),
``model=sketch|greedy`` (how a fast rollout plays the other sides: as the searcher, or
discarding as ``greedy`` does), ``base=greedy|efficient`` (the discard the search must beat:
``greedy``'s, or the efficient discard of :mod:`.efficiency`, which is then offered too).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache

from handgame.core import seating
from handgame.core.bot import Bot
from handgame.core.bot_options import OptionsFactory, Param, Value
from handgame.core.cards import Card
from handgame.core.errors import BotError, IllegalAction
from handgame.core.search import BUDGET_PARAMS, Budget, best_move, budget_of, paired, search
from handgame.games.hand.actions import Action, Discard, Draw
from handgame.games.hand.bots import inference, leaf, native_rollout, rollout
from handgame.games.hand.bots.determinize import sample_state, sampler_of, unseen_cards
from handgame.games.hand.bots.efficiency import efficient_discard
from handgame.games.hand.bots.greedy import GreedyBot, greedy_action, greedy_step
from handgame.games.hand.bots.leaf_weights import WEIGHTS
from handgame.games.hand.rounds import Phase
from handgame.games.hand.solver import (
    best_arrangement,
    best_discard,
    best_opening,
    going_out,
    partners,
)
from handgame.games.hand.state import State
from handgame.games.hand.turn import required_minimum
from handgame.games.hand.values import penalty_value
from handgame.games.hand.view import PlayerView

#: the default budget: iterations per decision (median well under 1 s here)
DEFAULT_ITERATIONS = 120
#: turns played by the greedy policy after the tree before the position is scored
DEFAULT_DEPTH = 8
#: how much better (in mean reward) a move must score than the greedy move to replace it
DEFAULT_MARGIN = 0.0
#: discards offered at a tree node besides the greedy one
DISCARDS_OFFERED = 3
#: the rollouts (``rollout=``) and leaf estimates (``leaf=``) there are, the default first
ROLLOUTS = ("exact", "fast", "auto")
LEAVES = ("hand", "fit")
#: how a sample reads the table (``infer=``): ``none`` (the view's counts and known cards),
#: ``passes`` (also the discards each seat passed up, :mod:`.inference`)
INFERENCES = ("none", "passes", "discards")
#: how a fast rollout plays the other sides: ``sketch`` (as the searcher's own seat: the
#: loosest card goes) or ``greedy`` (greedy's own discard, the least penalty left)
MODELS = ("sketch", "greedy")
#: how a fast rollout discards for the searcher's side (``policy=``): the loosest card, or the
#: card with the fewest live outs (:func:`.rollout.outs_discard`)
POLICIES = ("loose", "outs")
#: the discard a search must beat (``base=``): ``greedy``'s own, or the efficient discard
#: (:func:`.efficiency.efficient_discard`: the most unseen cards improve the hand kept)
BASES = ("greedy", "efficient")
#: the phases a tree walks and a rollout plays through; a fast rollout starts only in a turn's
_IN_PLAY = (Phase.DRAW, Phase.PLAY, Phase.FIRST_DISCARD)
_TURN = (Phase.DRAW, Phase.PLAY)


def _team(state: State, seat: int) -> tuple[int, ...]:
    game = state.game
    return _team_seats(seat, game.players, game.teams)


@lru_cache(maxsize=64)
def _team_seats(seat: int, players: int, teams: int) -> tuple[int, ...]:
    """The seats of ``seat``'s side (asked for every playout: kept)."""
    return seating.team_seats(seating.team_of(seat, teams), players, teams)


def candidate_moves(state: State, greedy: Action | None = None) -> list[Action]:
    """The moves a tree node offers the seat to act: draws, the greedy step (``greedy`` when
    already worked out), good discards."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    moves: list[Action] = []
    if state.phase is Phase.DRAW:
        moves.append(Draw(seat, "stock"))
        if rnd.discard_pile:
            try:
                state.apply(Draw(seat, "discard"))
                moves.append(Draw(seat, "discard"))
            except IllegalAction:
                pass
        return moves
    moves.append(greedy if greedy is not None else greedy_action(state))
    hand = rnd.hands[seat]
    from handgame.games.hand.turn import turn_problem

    allowed = [c for c in sorted(set(hand)) if turn_problem(state, c, True) is None]
    wilds = rnd.wilds
    pool = list(allowed)
    ranked: list[Card] = []
    while pool and len(ranked) < DISCARDS_OFFERED - 1:
        card = best_discard(hand, wilds, state.rules, tuple(pool))
        pool.remove(card)
        ranked.append(card)
    # the loneliest cards too: fewest partners first, then the costliest
    lonely = sorted(
        (c for c in allowed if not wilds.is_wild(c)),
        key=lambda c: (partners(c, hand, wilds), -penalty_value(c, wilds, state.rules), c),
    )
    ranked += lonely[:2]
    for card in ranked:
        a = Discard(seat, card, True)
        if a not in moves:
            moves.append(a)
    return moves


def _worth_searching(state: State, greedy: Action) -> bool:
    """Whether the decision is one where the greedy step (``greedy``) may be wrong: the draw,
    the discard, and opening now or waiting. Going out, and melds and lay-offs once open, are
    played."""
    rnd = state.round
    assert rnd is not None
    if state.phase is not Phase.PLAY:
        return True
    if going_out(state) is not None:
        return False
    return not rnd.opened[rnd.turn] or isinstance(greedy, Discard)


def _estimate(state: State, seat: int) -> float:
    """How far ``seat`` is from going out (lower is better): the cards its best melds leave,
    each at its penalty plus a turn's worth, half as much when it has a partner (a near meld);
    more when the opening is still out of reach."""
    rnd = state.round
    assert rnd is not None
    hand = rnd.hands[seat]
    wilds = rnd.wilds
    arrangement = best_arrangement(hand, wilds, state.rules, 1)
    cost = 0.0
    for c in arrangement.left:
        each = penalty_value(c, wilds, state.rules) + 8.0
        cost += each / 2 if partners(c, arrangement.left, wilds) else each
    if not rnd.opened[seat]:
        need = state.rules.initial_minimum
        if best_opening(hand, wilds, state.rules, need, 1) is None:
            cost += 25.0
    return cost


def _rewards(state: State, before_rounds: int) -> list[float]:
    """Each seat's reward in [0, 1]: the round's outcome, or an estimate when it goes on."""
    n = state.game.players
    if len(state.results) > before_rounds:
        result = state.results[before_rounds]
        if result.result != "won" or result.winner is None:
            return [0.5] * n
        winners = set(_team(state, result.winner))
        return [1.0 if s in winners else 0.0 for s in range(n)]
    est = [_estimate(state, s) for s in range(n)]
    out = []
    for s in range(n):
        mine = _team(state, s)
        my = min(est[t] for t in mine)
        others = [est[t] for t in range(n) if t not in mine]
        best_other = min(others) if others else my
        out.append(1.0 / (1.0 + math.exp((my - best_other) / 15.0)))
    return out


def _team_rewards(state: State, chances: list[float]) -> list[float]:
    """Each seat's reward: the chance that its side goes out first."""
    return [sum(chances[t] for t in _team(state, s)) for s in range(len(chances))]


def fitted_chances(state: State) -> list[float]:
    """Each seat's chance of going out first at ``state`` (the fitted estimate, :mod:`.leaf`)."""
    rnd = state.round
    assert rnd is not None
    n = state.game.players
    minimum = required_minimum(state)
    rows = [
        leaf.features(
            rnd.hands[s], rnd.wilds, state.rules, rnd.opened[s], minimum, (s - rnd.turn) % n, n
        )
        for s in range(n)
    ]
    return leaf.chances(rows)


def fast_rewards(
    state: State, turns: int, me: int | None = None, mine: int = 0, others: int | None = None
) -> list[float]:
    """Each seat's reward after a cheap rollout (:mod:`.rollout`) of ``turns`` turns from
    ``state``: 1 or 0 when a side goes out, 0.5 each when the stock runs out, else the fitted
    chance that its side goes out first. With ``me``, the seats of ``me``'s side discard by
    the rule ``mine`` and the others by ``others`` (``mine`` when None), indices of
    :data:`.rollout.DISCARD_RULES`."""
    sk = rollout.sketch(state)
    n = len(sk.hands)
    if me is not None:
        side = _team(state, me)
        theirs = mine if others is None else others
        sk.discard_rule = [mine if s in side else theirs for s in range(n)]
    got = native_rollout.play(sk, turns, WEIGHTS)  # the same answer, natively
    if got is not None:
        winner, void, chances = got[0], got[1], list(got[2])
    else:
        rollout.run(sk, turns)
        winner, void, chances = sk.winner, sk.void, []
        if winner is None and not void:
            rows = [
                leaf.features(
                    sk.hands[s], sk.wilds, sk.rules, sk.opened[s], sk.minimum, (s - sk.turn) % n, n
                )
                for s in range(n)
            ]
            chances = leaf.chances(rows)
    if winner is not None:
        winners = set(_team(state, winner))
        return [1.0 if s in winners else 0.0 for s in range(n)]
    if void:
        return [0.5] * n
    return _team_rewards(state, chances)


class _Search:
    """Hand as :class:`handgame.core.search.SearchGame` sees it, for one decision: the tree
    stops at the round's end (``rounds_before``: the rounds ended before it), a playout is
    greedy's (``rollout``: ``exact`` or ``fast``) for ``depth`` turns, scored by ``leaf``."""

    def __init__(
        self,
        rounds_before: int,
        depth: int,
        rollout: str,
        leaf: str,
        me: int | None = None,
        mine: int = 0,
        others: int | None = None,
    ) -> None:
        self.rounds_before = rounds_before
        self.depth = depth
        self.rollout = rollout
        self.leaf = leaf
        self.me = me  # the searching seat: its side discards by ``mine``, the others by ``others``
        self.mine = mine
        self.others = others

    def chooser(self, state: State) -> int | None:
        if len(state.results) > self.rounds_before or state.phase not in _IN_PLAY:
            return None
        return state.current_seat

    def moves(self, state: State) -> Sequence[Hashable]:
        return candidate_moves(state)

    def apply(self, state: State, move: Hashable) -> State:
        return state.apply(move)  # type: ignore[arg-type]

    def playout(self, state: State) -> Sequence[float]:
        """Greedy play for ``depth`` turns (or to the round's end), then each seat's reward."""
        before = self.rounds_before
        if self.rollout == "fast" and len(state.results) == before and state.phase in _TURN:
            return fast_rewards(state, self.depth, self.me, self.mine, self.others)
        turns = 0
        for _ in range(2000):
            if len(state.results) > before or state.phase not in _IN_PLAY:
                break
            action, state = greedy_step(state)
            if isinstance(action, Discard):
                turns += 1
                if turns >= self.depth:
                    break
        if self.leaf == "fit" and len(state.results) == before and state.round is not None:
            return _team_rewards(state, fitted_chances(state))
        return _rewards(state, before)


class IsmctsBot(Bot):
    """Single-observer ISMCTS over the bot's information set (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | str = 0,
        iterations: int = DEFAULT_ITERATIONS,
        ms: float | None = None,
        depth: int = DEFAULT_DEPTH,
        c: float = 0.7,
        margin: float = DEFAULT_MARGIN,
        rollout: str = "exact",
        leaf: str = "hand",
        tree: int = 0,
        infer: str = "none",
        pair: int = 0,
        model: str = "sketch",
        wide: int = 0,
        policy: str = "loose",
        base: str = "greedy",
    ) -> None:
        """A searcher with a budget of ``iterations`` (or ``ms`` milliseconds).

        ``rollout``: ``exact`` (greedy through the engine), ``fast`` (:mod:`.rollout`, no
        engine checks) or ``auto`` (:meth:`rollout_for`: by the table's size and rules); ``leaf``:
        ``hand`` (the hand-made estimate) or ``fit`` (the fitted estimate of :mod:`.leaf`; a
        fast rollout always uses it); ``tree``: the most moves an iteration walks in the tree
        before its rollout (0: no limit); ``infer``: what the samples read of the table
        (:data:`INFERENCES`).
        """
        super().__init__(seed)
        if (
            rollout not in ROLLOUTS
            or leaf not in LEAVES
            or tree < 0
            or infer not in INFERENCES
            or model not in MODELS
            or policy not in POLICIES
            or base not in BASES
            or pair not in (0, 1)
        ):
            raise BotError(
                "ismcts: rollout=exact|fast|auto, leaf=hand|fit, infer=none|passes|discards, "
                "model=sketch|greedy, policy=loose|outs, base=greedy|efficient, pair=0|1, "
                "tree=N (0 or more)"
            )
        self.budget = Budget(iterations=iterations, ms=ms, c=c, margin=margin, tree=tree)
        self.depth = depth
        self.rollout = rollout
        self.leaf = leaf
        self.infer = infer
        self.pair = pair
        self.model = model
        self.wide = wide
        self.policy = policy
        self.base = base
        self.last_iterations = 0

    def choose(self, view: PlayerView) -> Action:
        """The most visited root move after the search (the greedy move unless clearly beaten)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = sample_state(view, self.rng)
        greedy = greedy_action(state)
        if not _worth_searching(state, greedy) and greedy in legal:
            return greedy
        moves = [a for a in candidate_moves(state, greedy) if a in legal]
        default = greedy
        if self.base == "efficient" and isinstance(greedy, Discard):
            default = self._efficient(view, state, greedy)
            if default not in legal:
                default = greedy
            elif default not in moves:
                moves.append(default)
        if self.wide and state.phase is Phase.PLAY:
            # every other discard of a natural card (announced as the engine lists it)
            seen = {a.card for a in moves if isinstance(a, Discard)}
            wilds = state.round.wilds if state.round is not None else None
            for a in legal:
                if isinstance(a, Discard) and a.card not in seen and a.announce:
                    if wilds is None or not wilds.is_wild(a.card):
                        moves.append(a)
                        seen.add(a.card)
        if not moves:
            return next((a for a in legal if isinstance(a, Discard)), legal[0])
        if len(moves) == 1:
            return moves[0]
        # every sample has as many ended rounds as this one (none: the view's round goes on)
        mine = rollout.DISCARD_RULES.index(self.policy)
        others = rollout.GREEDY if self.model == "greedy" else None
        game = _Search(
            len(state.results), self.depth, self.rollout_for(state), self.leaf, view.seat, mine,
            others,
        )  # fmt: skip
        if self.infer == "passes":
            draw = inference.informed_sampler(view)
        elif self.infer == "discards":
            draw = inference.discard_sampler(view)
        else:
            draw = sampler_of(view)
        rng = self.rng
        if self.pair:
            samples = max(1, self.budget.iterations // len(moves))
            means = paired(game, lambda: draw(rng), moves, samples)
            self.last_iterations = samples * len(moves)
            best = max(range(len(moves)), key=lambda i: means[i])
            if default in moves:
                g = moves.index(default)
                if means[best] - means[g] <= self.budget.margin:
                    return default
            return moves[best]
        root, self.last_iterations = search(game, lambda: draw(rng), moves, self.budget)
        action: Action = best_move(root, moves, default, self.budget.margin)
        return action

    @staticmethod
    def _efficient(view: PlayerView, state: State, greedy: Discard) -> Action:
        """The efficient discard (:mod:`.efficiency`) of the seat to act, read from its own
        hand and the cards it has not seen; ``greedy`` when every card it may discard is wild."""
        from handgame.games.hand.turn import turn_problem

        rnd = state.round
        assert rnd is not None
        hand = rnd.hands[rnd.turn]
        allowed = [c for c in set(hand) if turn_problem(state, c, True) is None]
        card = efficient_discard(hand, unseen_cards(view), rnd.wilds, state.rules, allowed)
        return greedy if card is None else Discard(greedy.seat, card, True)

    def rollout_for(self, state: State) -> str:
        """The rollout of a search at ``state``'s table: ``auto`` is ``fast`` where the sketch
        models the table's play (:func:`.rollout.sketches`: two players, a discard pickup it
        draws by) and ``exact`` elsewhere (measured in docs/notes/bots.md)."""
        if self.rollout != "auto":
            return self.rollout
        return "fast" if rollout.sketches(state) else "exact"

    wants_redeal = GreedyBot.wants_redeal


#: the options of an ``ismcts`` spec: the budget's, ``depth``, ``rollout``, ``leaf``, ``infer``
PARAMS = {
    **BUDGET_PARAMS,
    "depth": Param("whole", 1),
    "rollout": Param("word", words=ROLLOUTS),
    "leaf": Param("word", words=LEAVES),
    "infer": Param("word", words=INFERENCES),
    "pair": Param("whole", 0, 1),
    "model": Param("word", words=MODELS),
    "wide": Param("whole", 0, 1),
    "policy": Param("word", words=POLICIES),
    "base": Param("word", words=BASES),
}


def _make(seed: int | str, values: dict[str, Value]) -> Bot:
    """The bot of a spec's options (:data:`PARAMS`)."""
    budget = budget_of(values)
    return IsmctsBot(
        seed,
        iterations=budget.iterations,
        ms=budget.ms,
        depth=int(values.get("depth", DEFAULT_DEPTH)),
        c=budget.c,
        margin=budget.margin,
        rollout=str(values.get("rollout", "exact")),
        leaf=str(values.get("leaf", "hand")),
        tree=budget.tree,
        infer=str(values.get("infer", "none")),
        pair=int(values.get("pair", 0)),
        model=str(values.get("model", "sketch")),
        wide=int(values.get("wide", 0)),
        policy=str(values.get("policy", "loose")),
        base=str(values.get("base", "greedy")),
    )


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``ismcts``."""
    register("ismcts", OptionsFactory("ismcts", PARAMS, _make))


__all__ = ["PARAMS", "IsmctsBot", "candidate_moves", "register_bots"]
