"""A bot name that several games give their own bot (``greedy`` of Hand and of Hand and Foot).

The registry makes a :class:`PerGameBot` for such a name: it makes every game's bot with the
same argument and seed, and hands each view to the bot of the view's game (found by the view's
``preset`` through the games registry), so ``make_bot("greedy")`` plays any game that has one.
Options only one game's bot takes (``ismcts:rollout=fast`` is Hand's) are refused at once when
no game takes them, else when a view of a game that does not comes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from handgame.core.bot import Bot, BotFactory
from handgame.core.errors import BotError
from handgame.core.registry import find_game


class PerGameBot(Bot):
    """One bot per game under one name; each view goes to its game's bot."""

    def __init__(
        self,
        name: str,
        inner: Mapping[str, Bot],
        seed: int | str = 0,
        refused: Mapping[str, BotError] | None = None,
    ) -> None:
        """``inner``: each game's bot, by game name; ``refused``: why a game made none (its
        bot does not take the options given)."""
        super().__init__(seed)
        self.name = name
        self.inner = dict(inner)
        self.refused = dict(refused or {})

    def _bot(self, view: Any) -> Bot:
        game = find_game(str(getattr(view, "preset", ""))).name
        if game in self.refused:
            raise BotError(f"{game}: {self.refused[game]}")
        bot = self.inner.get(game)
        if bot is None:
            raise BotError(
                f"bot {self.name!r} has no player for {game}; it plays "
                f"{', '.join(sorted(self.inner))}"
            )
        return bot

    def choose(self, view: Any) -> Any:
        """The choice of the bot of the view's game."""
        return self._bot(view).choose(view)

    def wants_redeal(self, view: Any) -> bool:
        """The out-of-turn decision of the bot of the view's game."""
        return self._bot(view).wants_redeal(view)

    def match_over(self, summary: dict[str, Any]) -> None:
        """Pass the match's outcome to every inner bot that has a ``match_over`` hook."""
        for bot in self.inner.values():
            hook = getattr(bot, "match_over", None)
            if hook is not None:
                hook(summary)

    def close(self) -> None:
        """Close every inner bot."""
        for bot in self.inner.values():
            bot.close()


def per_game_factory(name: str, factories: Mapping[str, BotFactory]) -> BotFactory:
    """The factory of ``name`` when the games ``factories`` (by game name) each have one."""

    def factory(argument: str, seed: int | str) -> Bot:
        made: dict[str, Bot] = {}
        refused: dict[str, BotError] = {}
        for game, make in factories.items():
            try:
                made[game] = make(argument, seed)
            except BotError as e:
                refused[game] = e
        if not made:  # no game takes these options: say so now, as the first game said it
            raise next(iter(refused.values()))
        return PerGameBot(name, made, seed, refused)

    return factory


__all__ = ["PerGameBot", "per_game_factory"]
