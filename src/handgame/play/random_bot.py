"""The ``random`` bot: uniform over the legal actions."""

from __future__ import annotations

from handgame.core.bot import Bot
from handgame.games.hand.actions import Action
from handgame.games.hand.view import PlayerView


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: PlayerView) -> Action:
        """A legal action chosen uniformly at random."""
        return self.rng.choice(view.legal_actions)

    def wants_redeal(self, view: PlayerView) -> bool:
        """Claims a redeal half of the time."""
        return super().wants_redeal(view) and self.rng.random() < 0.5
