"""Hand and Foot: team melds of one rank, books of seven, a hand and a foot (RULES.md HF-*).

Importing this package registers the game: ``find_game("hand-and-foot")`` (or ``hf``).
"""

from __future__ import annotations

from handgame.core.registry import register_game
from handgame.games.hand_and_foot.spec import GAME

register_game(GAME)

__all__ = ["GAME"]
