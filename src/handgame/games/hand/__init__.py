"""Hand (هند): the rummy game of the Levant and the Gulf (RULES.md L-*, G-*, F-*, O-*).

Importing this package registers the game: ``find_game("hand")``, or any of its presets
(``levant``, ``gulf``, ``four-jokers``).
"""

from __future__ import annotations

from handgame.core.registry import register_game
from handgame.games.hand.spec import GAME

register_game(GAME)

__all__ = ["GAME"]
