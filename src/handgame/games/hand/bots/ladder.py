"""The difficulty ladder: named levels for the lobby, ``hand play`` and ``hand simulate``.

Each level is a bot spec (:data:`LEVELS`), measured against the one below it
(``docs/notes/bots.md``):

- ``easy``: ``greedy`` that throws away a random card three times in four it discards
  (``greedy-blunder:0.75``, :class:`BlunderBot`);
- ``medium``: the same a third of the time (``greedy-blunder:0.33``);
- ``hard``: ``greedy``;
- ``expert``: ``ismcts`` with the fitted leaf, cheap rollouts at two players and the
  engine's own greedy rollouts at more or where the discard pickup is F-4's ``must-meld``
  (``rollout=auto``). Where the cheap rollout sketches the table (:func:`.rollout.sketches`:
  two players, a pickup rule it models) it searches with three times the budget, every root
  move on the same samples and the other side discarding as ``greedy`` does
  (:data:`SKETCHED`, issue 38); elsewhere as before (:data:`EXACT`), whose figures stand.

The levels differ in kind: a search with a smaller budget played no better than ``greedy``
(measured, ``docs/notes/bots.md``), so a budget alone made no step. Budgets are iterations,
not time, so a seeded game replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable

from handgame.core.bot import Bot
from handgame.core.errors import BotError
from handgame.core.search import Budget
from handgame.games.hand.actions import Action, Discard
from handgame.games.hand.bots import rollout
from handgame.games.hand.bots.determinize import game_of
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
    "expert": "ismcts, 450 paired iterations at 2 players under L-62 or free pickup, else 150",
}
#: ``expert``'s search where the cheap rollout sketches the table (two players, a pickup it
#: models), and elsewhere (measured in docs/notes/bots.md)
SKETCHED = "ismcts:iterations=450,rollout=auto,leaf=fit,tree=1,depth=4,pair=1,model=greedy"
EXACT = "ismcts:iterations=150,rollout=auto,leaf=fit,tree=1,depth=4"
#: the budget of ``expert`` at tables the cheap rollout does not sketch
EXPERT_ITERATIONS = 150
#: and at those it does
SKETCHED_ITERATIONS = 450
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


class ExpertBot(Bot):
    """``expert``: :data:`SKETCHED`'s search at a table the cheap rollout sketches, else
    :data:`EXACT`'s. Both searchers have the bot's seed; a table uses only one of them (its
    size and rules do not change), so a match plays as that searcher alone would."""

    name = "expert"

    def __init__(self, seed: int | str = 0) -> None:
        """The two searchers, seeded alike."""
        super().__init__(seed)
        self.sketched = IsmctsBot(
            seed,
            iterations=SKETCHED_ITERATIONS,
            pair=1,
            model="greedy",
            **SEARCH,  # type: ignore[arg-type]
        )
        self.exact = IsmctsBot(seed, iterations=EXPERT_ITERATIONS, **SEARCH)  # type: ignore[arg-type]
        self.last = self.sketched

    def searcher(self, view: PlayerView) -> IsmctsBot:
        """The searcher of ``view``'s table (:func:`.rollout.table_sketched`)."""
        return (
            self.sketched
            if rollout.table_sketched(view.players, game_of(view).rules)
            else self.exact
        )

    def choose(self, view: PlayerView) -> Action:
        """The move of the table's searcher."""
        self.last = self.searcher(view)
        return self.last.choose(view)

    @property
    def last_iterations(self) -> int:
        """The iterations of the last search (``benchmarks/ismcts.py`` reads them)."""
        return self.last.last_iterations

    @last_iterations.setter
    def last_iterations(self, value: int) -> None:
        self.last.last_iterations = value

    @property
    def budget(self) -> Budget:
        """The budget of the searcher that played last."""
        return self.last.budget

    def wants_redeal(self, view: PlayerView) -> bool:
        """As ``greedy`` (and both searchers) answer a redeal offer."""
        searcher: Bot = self.searcher(view)
        return searcher.wants_redeal(view)


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
    register("expert", _fixed(ExpertBot, "expert"))


__all__ = [
    "EASY_BLUNDERS",
    "EXACT",
    "LEVELS",
    "MEDIUM_BLUNDERS",
    "SEARCH",
    "SKETCHED",
    "BlunderBot",
    "ExpertBot",
    "register_bots",
]
