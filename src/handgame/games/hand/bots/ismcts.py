"""The ``ismcts`` bot: information-set Monte Carlo tree search with determinization.

Each iteration samples the hidden cards consistently with the bot's view (the others' card
counts, the cards seen going into their hands; :mod:`.determinize`), walks a tree of action
histories shared by all samples (single-observer ISMCTS: a child counts as available only in
the samples where its action is legal, and UCB uses those availability counts), adds one node,
and plays the rest of the round with the ``greedy`` policy for a few turns before scoring the
position. Each seat's moves in the tree are chosen for that seat's (or team's) interest.

To keep the tree narrow, a node offers the moves that matter: both draws, the greedy step
(open, meld, lay off, go out), and the most promising discards; the greedy policy plays the
rest. The budget is a number of iterations (deterministic for a seed) or, with ``ms=``, a
time in milliseconds (not reproducible). Options: ``ismcts:iterations=200,depth=8,c=0.7``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from handgame.core import seating
from handgame.core.bot import Bot
from handgame.core.cards import Card
from handgame.core.errors import BotError, IllegalAction
from handgame.games.hand.actions import Action, Discard, Draw
from handgame.games.hand.bots import leaf, rollout
from handgame.games.hand.bots.determinize import sample_state
from handgame.games.hand.bots.greedy import GreedyBot, greedy_action, greedy_step
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


@dataclass
class Node:
    """A history in the tree: visits, summed rewards per seat, availability and children."""

    visits: int = 0
    available: int = 0
    reward: float = 0.0  # summed reward of the seat that chose the move into this node
    children: dict[Action, Node] = field(default_factory=dict)


def _team(state: State, seat: int) -> tuple[int, ...]:
    game = state.game
    return seating.team_seats(game.team_of(seat), game.players, game.teams)


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


def fast_rewards(state: State, turns: int) -> list[float]:
    """Each seat's reward after a cheap rollout (:mod:`.rollout`) of ``turns`` turns from
    ``state``: 1 or 0 when a side goes out, 0.5 each when the stock runs out, else the fitted
    chance that its side goes out first."""
    sk = rollout.run(rollout.sketch(state), turns)
    n = len(sk.hands)
    if sk.winner is not None:
        winners = set(_team(state, sk.winner))
        return [1.0 if s in winners else 0.0 for s in range(n)]
    if sk.void:
        return [0.5] * n
    rows = [
        leaf.features(
            sk.hands[s], sk.wilds, sk.rules, sk.opened[s], sk.minimum, (s - sk.turn) % n, n
        )
        for s in range(n)
    ]
    return _team_rewards(state, leaf.chances(rows))


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
    ) -> None:
        """A searcher with a budget of ``iterations`` (or ``ms`` milliseconds).

        ``rollout``: ``exact`` (greedy through the engine) or ``fast`` (:mod:`.rollout`, no
        engine checks); ``leaf``: ``hand`` (the hand-made estimate) or ``fit`` (the fitted
        estimate of :mod:`.leaf`; a fast rollout always uses it); ``tree``: the most moves an
        iteration walks in the tree before its rollout (0: no limit).
        """
        super().__init__(seed)
        if rollout not in ("exact", "fast") or leaf not in ("hand", "fit") or tree < 0:
            raise BotError("ismcts: rollout=exact|fast, leaf=hand|fit, tree=N (0 or more)")
        self.iterations = iterations
        self.ms = ms
        self.depth = depth
        self.c = c
        self.margin = margin
        self.rollout = rollout
        self.leaf = leaf
        self.tree = tree
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
        if not moves:
            return next((a for a in legal if isinstance(a, Discard)), legal[0])
        if len(moves) == 1:
            return moves[0]
        root = Node()
        deadline = time.perf_counter() + self.ms / 1000.0 if self.ms is not None else None
        done = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and done > 0:
                    break
            elif done >= self.iterations:
                break
            self._iterate(root, sample_state(view, self.rng), moves)
            done += 1
        self.last_iterations = done
        return self._pick(root, moves, greedy)

    def _pick(self, root: Node, moves: list[Action], default: Action) -> Action:
        """The most visited move, unless the greedy move scored within ``margin`` of it: the
        search overrides the greedy move only on clear evidence."""
        best = max(moves, key=lambda a: root.children[a].visits if a in root.children else -1)
        if default not in moves or default not in root.children or best == default:
            return best
        mine, theirs = root.children[best], root.children[default]
        gain = mine.reward / mine.visits - theirs.reward / max(theirs.visits, 1)
        return best if gain > self.margin else default

    wants_redeal = GreedyBot.wants_redeal

    # --- one iteration -------------------------------------------------------------------
    def _iterate(self, root: Node, state: State, root_moves: list[Action]) -> None:
        before = len(state.results)
        path: list[tuple[Node, int]] = []  # (node entered, seat that chose the move)
        node = root
        moves: list[Action] | None = root_moves
        while True:
            if state.phase not in (Phase.DRAW, Phase.PLAY, Phase.FIRST_DISCARD):
                break
            if len(state.results) > before:
                break
            if self.tree and len(path) >= self.tree:
                break
            seat = state.current_seat
            assert seat is not None
            if moves is None:
                moves = candidate_moves(state)
            for a in moves:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            unexplored = [a for a in moves if a not in node.children]
            if unexplored:
                action = unexplored[0]
                child = Node(available=1)
                node.children[action] = child
                state = state.apply(action)
                path.append((child, seat))
                break
            action = max(moves, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            state = state.apply(action)
            path.append((node, seat))
            moves = None
        rewards = self._rollout(state, before)
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.reward += rewards[seat]

    def _ucb(self, node: Node) -> float:
        explore = self.c * math.sqrt(math.log(max(node.available, 1)) / node.visits)
        return node.reward / node.visits + explore

    def _rollout(self, state: State, before: int) -> list[float]:
        """Greedy play for ``depth`` turns (or to the round's end), then each seat's reward."""
        if (
            self.rollout == "fast"
            and len(state.results) == before
            and state.phase
            in (
                Phase.DRAW,
                Phase.PLAY,
            )
        ):
            return fast_rewards(state, self.depth)
        turns = 0
        for _ in range(2000):
            if len(state.results) > before or state.phase not in (
                Phase.DRAW,
                Phase.PLAY,
                Phase.FIRST_DISCARD,
            ):
                break
            action, state = greedy_step(state)
            if isinstance(action, Discard):
                turns += 1
                if turns >= self.depth:
                    break
        if self.leaf == "fit" and len(state.results) == before and state.round is not None:
            return _team_rewards(state, fitted_chances(state))
        return _rewards(state, before)


def _parse(argument: str, seed: int | str) -> Bot:
    """``iterations=N,ms=T,depth=D,c=X,margin=M,rollout=R,leaf=L,tree=T`` (any of them, in any
    order)."""
    kwargs: dict[str, float | int | str | None] = {}
    for part in filter(None, (p.strip() for p in argument.replace(";", ",").split(","))):
        key, sep, value = part.partition("=")
        try:
            if key == "iterations" and sep:
                kwargs["iterations"] = int(value)
            elif key == "ms" and sep:
                kwargs["ms"] = float(value)
            elif key == "depth" and sep:
                kwargs["depth"] = int(value)
            elif key == "c" and sep:
                kwargs["c"] = float(value)
            elif key == "margin" and sep:
                kwargs["margin"] = float(value)
            elif key in ("rollout", "leaf") and sep:
                kwargs[key] = value
            elif key == "tree" and sep:
                kwargs["tree"] = int(value)
            else:
                raise ValueError(part)
        except ValueError:
            raise BotError(
                f"bad ismcts option {part!r}: use iterations=N, ms=T, depth=D, c=X, margin=M, "
                "rollout=exact|fast, leaf=hand|fit or tree=N"
            ) from None
    iterations, depth = kwargs.get("iterations", 1), kwargs.get("depth", 1)
    if not isinstance(iterations, int) or iterations < 1 or not isinstance(depth, int) or depth < 1:
        raise BotError("ismcts: iterations and depth must be at least 1")
    ms = kwargs.get("ms")
    if ms is not None and not (isinstance(ms, float) and 0 < ms < float("inf")):
        raise BotError("ismcts: ms must be a number of milliseconds more than 0")
    return IsmctsBot(seed, **kwargs)  # type: ignore[arg-type]


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``ismcts``."""
    register("ismcts", _parse)


__all__ = ["IsmctsBot", "Node", "candidate_moves", "register_bots"]
