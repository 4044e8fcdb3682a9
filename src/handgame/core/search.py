"""Information-set Monte Carlo tree search over any game: the game supplies the rest.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): each iteration takes a state
sampled from the searching seat's view (a *determinization*: the cards it has not seen dealt
again), walks a tree of action histories shared by every sample (a child counts as available
only in the samples where its move was offered; UCB1 uses those availability counts), adds one
node, lets the game play on with its default policy and credits each seat on the path with its
own reward. Each seat's moves are chosen for that seat's (or its team's) interest.

The search knows nothing of any game: a :class:`SearchGame` says who chooses at a state (or
that the search's horizon is reached), which moves a tree node offers, and what a playout from
a state is worth to each seat; the sampler (view → state) comes from the game too
(``GameSpec.sample_state``). The budget is a number of iterations (the same moves for the same
seed) or a time in milliseconds (not reproducible).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from handgame.core.bot_options import Param, Value


class SearchGame(Protocol):
    """What the search asks of a game, on the states its sampler makes."""

    def chooser(self, state: Any) -> int | None:
        """The seat choosing the next move, or None when the search stops there (the
        round's end, or any horizon the game sets)."""
        ...

    def moves(self, state: Any) -> Sequence[Hashable]:
        """The moves a tree node offers at ``state`` (legal ones; a few good ones suffice)."""
        ...

    def apply(self, state: Any, move: Hashable) -> Any:
        """The state after ``move``."""
        ...

    def playout(self, state: Any) -> Sequence[float]:
        """Play on from ``state`` by the game's default policy: each seat's reward in [0, 1]."""
        ...


@dataclass
class Node:
    """A history in the tree: visits, availability, the chooser's summed reward, children."""

    visits: int = 0
    available: int = 0
    reward: float = 0.0  # summed reward of the seat that chose the move into this node
    children: dict[Hashable, Node] = field(default_factory=dict)

    def mean(self) -> float:
        """The mean reward of the move into this node (0 before any visit)."""
        return self.reward / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Budget:
    """How long to search: ``iterations``, or ``ms`` milliseconds when given; ``c``: UCB1's
    exploration constant; ``margin``: how much better (in mean reward) a move must score than
    the default move to replace it; ``tree``: the most moves an iteration walks in the tree
    before its playout (0: no limit)."""

    iterations: int = 60
    ms: float | None = None
    c: float = 0.7
    margin: float = 0.0
    tree: int = 0


#: the host's cap on every search of this process (a ``time.perf_counter`` deadline), or None:
#: a server that must answer in time sets it around a move (:func:`time_limit`), so that a
#: search of any budget stops there with the iterations it has (at least one)
_LIMIT: list[float | None] = [None]


class time_limit:
    """``with time_limit(seconds):`` every search within stops ``seconds`` from now at the
    latest (None: no cap); nested caps keep the earliest."""

    def __init__(self, seconds: float | None) -> None:
        """A cap of ``seconds`` from when the block is entered."""
        self.seconds = seconds
        self.outer: float | None = None

    def __enter__(self) -> time_limit:
        """Set the cap."""
        self.outer = _LIMIT[0]
        if self.seconds is not None:
            mine = time.perf_counter() + self.seconds
            _LIMIT[0] = mine if self.outer is None else min(mine, self.outer)
        return self

    def __exit__(self, *exc: object) -> None:
        """Put the outer cap back."""
        _LIMIT[0] = self.outer


def search(
    game: SearchGame,
    sample: Callable[[], Any],
    root_moves: Sequence[Hashable],
    budget: Budget,
) -> tuple[Node, int]:
    """The root of the tree after the search, and the iterations done. ``sample()`` makes
    one determinization; ``root_moves``: the moves the root offers (legal in every sample)."""
    root = Node()
    deadline = time.perf_counter() + budget.ms / 1000.0 if budget.ms is not None else None
    cap = _LIMIT[0]
    done = 0
    while True:
        if deadline is not None:
            if time.perf_counter() >= deadline and done > 0:
                break
        elif done >= budget.iterations:
            break
        if cap is not None and done > 0 and time.perf_counter() >= cap:
            break  # the host's cap (time_limit): the move with what the search has
        _iterate(game, root, sample(), root_moves, budget)
        done += 1
    return root, done


def paired(
    game: SearchGame,
    sample: Callable[[], Any],
    root_moves: Sequence[Hashable],
    samples: int,
) -> list[float]:
    """Each root move's mean reward to the seat choosing at the root, every move played out on
    the same ``samples`` determinizations (common random numbers: the moves' differences are
    not drowned by the samples' luck, as when each sample tries one move)."""
    totals = [0.0] * len(root_moves)
    for _ in range(samples):
        state = sample()
        seat = game.chooser(state)
        assert seat is not None
        for i, move in enumerate(root_moves):
            totals[i] += game.playout(game.apply(state, move))[seat]
    return [t / max(samples, 1) for t in totals]


def best_move(root: Node, moves: Sequence[Hashable], default: Hashable, margin: float) -> Any:
    """The most visited root move, unless ``default`` (the game's own choice) scored within
    ``margin`` of it: the search overrides the default only on clear evidence."""
    best = max(moves, key=lambda a: root.children[a].visits if a in root.children else -1)
    if default not in moves or default not in root.children or best == default:
        return best
    if root.children[best].mean() - root.children[default].mean() > margin:
        return best
    return default


def _ucb(node: Node, c: float) -> float:
    return node.mean() + c * math.sqrt(math.log(max(node.available, 1)) / node.visits)


def _iterate(
    game: SearchGame, root: Node, state: Any, root_moves: Sequence[Hashable], budget: Budget
) -> None:
    path: list[tuple[Node, int]] = []  # (node entered, seat that chose the move into it)
    node = root
    moves: Sequence[Hashable] | None = root_moves
    c = budget.c
    while True:
        seat = game.chooser(state)
        if seat is None or (budget.tree and len(path) >= budget.tree):
            break
        if moves is None:
            moves = game.moves(state)
        if not moves:
            break
        for a in moves:
            child = node.children.get(a)
            if child is not None:
                child.available += 1
        unexplored = [a for a in moves if a not in node.children]
        if unexplored:
            action = unexplored[0]
            child = node.children[action] = Node(available=1)
            state = game.apply(state, action)
            path.append((child, seat))
            break
        action = max(moves, key=lambda a: _ucb(node.children[a], c))
        node = node.children[action]
        state = game.apply(state, action)
        path.append((node, seat))
        moves = None
    rewards = game.playout(state)
    root.visits += 1
    for child, seat in path:
        child.visits += 1
        child.reward += rewards[seat]


#: the options of a search bot's spec that make its :class:`Budget`
BUDGET_PARAMS: dict[str, Param] = {
    "iterations": Param("whole", 1),
    "ms": Param("number", 1),
    "c": Param("number", 0, 10),
    "margin": Param("number", -1, 1),
    "tree": Param("whole", 0),
}


def budget_of(values: Mapping[str, Value]) -> Budget:
    """The :class:`Budget` of a spec's options (:data:`BUDGET_PARAMS`; the rest ignored)."""
    return Budget(
        iterations=int(values.get("iterations", Budget.iterations)),
        ms=float(values["ms"]) if "ms" in values else None,
        c=float(values.get("c", Budget.c)),
        margin=float(values.get("margin", Budget.margin)),
        tree=int(values.get("tree", Budget.tree)),
    )


def sampler(
    sample_state: Callable[[Any, random.Random], Any], view: Any, rng: random.Random
) -> Callable[[], Any]:
    """``sample()`` for :func:`search`: ``sample_state(view, rng)`` each time it is called."""
    return lambda: sample_state(view, rng)


__all__ = [
    "BUDGET_PARAMS",
    "Budget",
    "Node",
    "SearchGame",
    "best_move",
    "budget_of",
    "paired",
    "sampler",
    "search",
    "time_limit",
]
