"""Hand and Foot's difficulty ladder: the names ``easy``, ``medium``, ``hard``, ``expert`` (the
same as Hand's, so a lobby, ``hand play`` and ``hand simulate`` take them for either game).

Each level is a bot spec (:data:`LEVELS`), measured team against team with the one below it
(``docs/notes/bots.md``, § Hand and Foot's ladder):

- ``easy``: ``greedy`` that throws away a random card three times in four it discards
  (``greedy-blunder:0.75``, :class:`BlunderBot`);
- ``medium``: ``greedy``;
- ``hard``: ``planner`` placing its wild cards where they complete books first, keeping no
  meld clean on purpose and completing books while its partner's foot is down
  (``planner:wilds=books,keep=0,open=0,odds=0``): it runs out of open melds sooner, so it picks up
  its foot and goes out later;
- ``expert``: ``planner`` (:mod:`.planner`): plays to pick up its foot and go out, wild
  cards making pairs into melds, every meld kept open while its partner's foot is down; since
  2026-12-07 it goes out whenever HF-10 lets it, ahead or behind (``lead=-10000``), and weighs
  two draws ahead when one gives no chance (``look=2``): its own seat goes out more often with
  a ``greedy`` partner (issue 34, docs/notes/bots.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from handgame.core.bot import Bot
from handgame.core.errors import BotError
from handgame.games.hand_and_foot.actions import Discard
from handgame.games.hand_and_foot.bots.greedy import GreedyBot
from handgame.games.hand_and_foot.bots.planner import PlannerBot, Settings

#: each level's spec, weakest first
LEVELS: dict[str, str] = {
    "easy": "greedy-blunder:0.75",
    "medium": "greedy",
    "hard": "planner:wilds=books,keep=0,open=0,odds=0",
    "expert": "planner:lead=-10000,look=2",
}
#: the blunder rate of ``easy``
EASY_BLUNDERS = 0.75
#: the settings of ``hard`` and ``expert``
HARD = Settings(wilds="books", keep=False, open=False, odds=False)
EXPERT = Settings(lead=-10_000, look=2)


class BlunderBot(GreedyBot):
    """``greedy`` that discards a random legal card with probability ``rate``."""

    name = "greedy-blunder"

    def __init__(self, seed: int | str = 0, rate: float = EASY_BLUNDERS) -> None:
        """Greedy, blundering its discard with probability ``rate``."""
        super().__init__(seed)
        self.rate = rate

    def choose(self, view: Any) -> Any:
        """The greedy action, or (at a discard, with probability ``rate``) a random one."""
        action = super().choose(view)
        if isinstance(action, Discard) and self.rng.random() < self.rate:
            discards = [a for a in view.legal_actions if isinstance(a, Discard)]
            return self.rng.choice(discards)
        return action


def _blunder(argument: str, seed: int | str) -> Bot:
    try:
        rate = float(argument) if argument else EASY_BLUNDERS
    except ValueError:
        rate = -1.0
    if not 0.0 <= rate <= 1.0:
        raise BotError(f"greedy-blunder takes a rate from 0 to 1, not {argument!r}")
    return BlunderBot(seed, rate)


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
    register("medium", _fixed(GreedyBot, "medium"))
    register("hard", _fixed(lambda seed: PlannerBot(seed, HARD), "hard"))
    register("expert", _fixed(lambda seed: PlannerBot(seed, EXPERT), "expert"))


__all__ = ["EASY_BLUNDERS", "LEVELS", "BlunderBot", "register_bots"]
