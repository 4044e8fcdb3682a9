"""Hand and Foot's own bots: none yet (the ``random`` bot of :mod:`handgame.play` plays it)."""

from __future__ import annotations

from handgame.core.bot import BotFactory


def bots() -> dict[str, BotFactory]:
    """Hand and Foot's bots by name: none yet."""
    return {}
