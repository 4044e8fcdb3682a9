"""The ``random`` bot: uniform over the legal actions (of any game)."""

from __future__ import annotations

from typing import Any

from handgame.core.bot import Bot


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: Any) -> Any:
        """A legal action chosen uniformly at random."""
        return self.rng.choice(view.legal_actions)

    def wants_redeal(self, view: Any) -> bool:
        """Takes an out-of-turn offer (Hand: claims a redeal) half of the time."""
        return super().wants_redeal(view) and self.rng.random() < 0.5
