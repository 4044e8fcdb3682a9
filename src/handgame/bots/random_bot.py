"""The ``random`` bot: uniform over the legal actions."""

from __future__ import annotations

from ..actions import Action
from ..view import PlayerView
from .base import Bot


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: PlayerView) -> Action:
        """A legal action chosen uniformly at random."""
        return self.rng.choice(view.legal_actions)

    def wants_redeal(self, view: PlayerView) -> bool:
        """Claims a redeal half of the time."""
        return super().wants_redeal(view) and self.rng.random() < 0.5
