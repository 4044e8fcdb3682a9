"""The bot interface: a bot sees one seat's :class:`~handgame.view.PlayerView` and nothing else.

A bot is asked for an action only when its seat has legal actions (``view.legal_actions``) and
must return one of them. Randomness comes only from the seed a bot is made with, so the same
seed plays the same game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from ..actions import Action, ClaimRedeal
from ..view import PlayerView


class Bot(ABC):
    """A player program: picks one of the view's legal actions."""

    name: str = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        """A bot whose random choices follow ``seed``."""
        self.seed = seed
        self.rng = random.Random(f"{self.name}:{seed}")

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``: the seat's next step."""

    def wants_redeal(self, view: PlayerView) -> bool:
        """Whether to claim a redeal out of turn (L-52) when entitled; by default, yes."""
        return any(isinstance(a, ClaimRedeal) for a in view.legal_actions)

    def close(self) -> None:
        """Release what the bot holds (a process, for external bots); a no-op by default."""
        return None


class BotError(ValueError):
    """A bot could not be made or answered with something that is not a legal action."""


def no_argument(cls: type[Bot]) -> Callable[[str, int | str], Bot]:
    """A registry factory for a bot class that takes no ``NAME:ARGUMENT`` argument."""

    def factory(argument: str, seed: int | str) -> Bot:
        if argument:
            raise BotError(f"bot {cls.name!r} takes no argument, not {argument!r}")
        return cls(seed)

    return factory
