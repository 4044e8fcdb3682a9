"""The difficulty ladder: named levels for the lobby, ``hand play`` and ``hand simulate``.

Each level is a bot spec (:data:`LEVELS`), measured against the one below it
(``docs/notes/bots.md``):

- ``easy``: ``greedy`` that throws away a random card three times in four it discards
  (``greedy-blunder:0.75``, :class:`BlunderBot`);
- ``medium``: the same a third of the time (``greedy-blunder:0.33``);
- ``hard``: ``greedy``;
- ``expert``: ``ismcts`` with the fitted leaf, cheap rollouts at two players and the
  engine's own greedy rollouts at more or where the discard pickup is F-4's ``must-meld``
  (``rollout=auto``), a budget that keeps the median decision under a second here.

The levels differ in kind: a search with a smaller budget played no better than ``greedy``
(measured, ``docs/notes/bots.md``), so a budget alone made no step. Budgets are iterations,
not time, so a seeded game replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable

from handgame.core.bot import Bot
from handgame.core.errors import BotError
from handgame.games.hand.actions import Action, Discard
from handgame.games.hand.bots.greedy import GreedyBot
from handgame.games.hand.bots.ismcts import IsmctsBot
from handgame.games.hand.view import PlayerView

#: the search settings of ``expert`` (see ``ismcts``'s options)
SEARCH = {"rollout": "auto", "leaf": "fit", "tree": 1, "depth": 4}
#: each level's spec, weakest first
LEVELS: dict[str, str] = {
    "easy": "greedy-blunder:0.75",
    "medium": "greedy-blunder:0.33",
    "hard": "greedy",
    "expert": "ismcts:iterations=150,rollout=auto,leaf=fit,tree=1,depth=4",
}
#: the budget of ``expert``: iterations per searched decision
EXPERT_ITERATIONS = 150
#: the blunder rates of ``easy`` and ``medium``
EASY_BLUNDERS = 0.75
MEDIUM_BLUNDERS = 0.33


class BlunderBot(GreedyBot):
    """``greedy`` that discards a random legal card with probability ``rate``."""

    name = "greedy-blunder"

    def __init__(self, seed: int | str = 0, rate: float = MEDIUM_BLUNDERS) -> None:
        """Greedy, blundering its discard with probability ``rate``."""
        super().__init__(seed)
        self.rate = rate

    def choose(self, view: PlayerView) -> Action:
        """The greedy action, or (at a discard, with probability ``rate``) a random one."""
        action = super().choose(view)
        if isinstance(action, Discard) and self.rng.random() < self.rate:
            discards = [a for a in view.legal_actions if isinstance(a, Discard)]
            return self.rng.choice(discards)
        return action


def _blunder(argument: str, seed: int | str) -> Bot:
    try:
        rate = float(argument) if argument else MEDIUM_BLUNDERS
    except ValueError:
        rate = -1.0
    if not 0.0 <= rate <= 1.0:
        raise BotError(f"greedy-blunder takes a rate from 0 to 1, not {argument!r}")
    return BlunderBot(seed, rate)


def _level(iterations: int) -> Callable[[str, int | str], Bot]:
    def factory(argument: str, seed: int | str) -> Bot:
        if argument:
            raise BotError(f"a level takes no argument, not {argument!r}")
        return IsmctsBot(seed, iterations=iterations, **SEARCH)  # type: ignore[arg-type]

    return factory


def _fixed(make: Callable[[int | str], Bot], name: str) -> Callable[[str, int | str], Bot]:
    def factory(argument: str, seed: int | str) -> Bot:
        if argument:
            raise BotError(f"the level {name!r} takes no argument, not {argument!r}")
        return make(seed)

    return factory


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``greedy-blunder`` and the levels ``easy``, ``medium``, ``hard``, ``expert``."""
    register("greedy-blunder", _blunder)
    register("easy", _fixed(lambda seed: BlunderBot(seed, EASY_BLUNDERS), "easy"))
    register("medium", _fixed(lambda seed: BlunderBot(seed, MEDIUM_BLUNDERS), "medium"))
    register("hard", _fixed(GreedyBot, "hard"))
    register("expert", _level(EXPERT_ITERATIONS))


__all__ = ["EASY_BLUNDERS", "LEVELS", "MEDIUM_BLUNDERS", "SEARCH", "BlunderBot", "register_bots"]
