"""The bot interface, the same for every game: a bot sees one seat's view and nothing else.

A bot is asked for an action only when its seat has legal actions (``view.legal_actions``) and
must return one of them. Randomness comes only from the seed a bot is made with, so the same
seed plays the same game. An out-of-turn offer (Hand's redeal claim, L-52) asks
``wants_redeal``: the offered seat's legal actions are then exactly the claims it may make.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from handgame.core.errors import BotError

__all__ = ["Bot", "BotError", "BotFactory", "no_argument"]


class Bot(ABC):
    """A player program: picks one of the view's legal actions."""

    name: str = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        """A bot whose random choices follow ``seed``."""
        self.seed = seed
        self.rng = random.Random(f"{self.name}:{seed}")

    @abstractmethod
    def choose(self, view: Any) -> Any:
        """One of ``view.legal_actions``: the seat's next step."""

    def wants_redeal(self, view: Any) -> bool:
        """Whether to take an out-of-turn offer (Hand: claim a redeal, L-52); by default, yes.

        Offered out of turn, a seat's legal actions are exactly the claims it may make.
        """
        return bool(view.legal_actions)

    def close(self) -> None:
        """Release what the bot holds (a process, for external bots); a no-op by default."""
        return None

#: makes a bot from its ``NAME:ARGUMENT`` argument and a seed
BotFactory = Callable[[str, int | str], Bot]


def no_argument(cls: type[Bot]) -> Callable[[str, int | str], Bot]:
    """A registry factory for a bot class that takes no ``NAME:ARGUMENT`` argument."""

    def factory(argument: str, seed: int | str) -> Bot:
        if argument:
            raise BotError(f"bot {cls.name!r} takes no argument, not {argument!r}")
        return cls(seed)

    return factory
