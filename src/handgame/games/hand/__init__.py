"""Hand (هند): the rummy game of the Levant and the Gulf (RULES.md L-*, G-*, F-*, O-*).

Importing this package registers the game: ``find_game("hand")``, or any of its presets
(``levant``, ``gulf``, ``four-jokers``). Its public names are here:
``from handgame.games.hand import Game, analyze, make_ruleset, to_record``.
"""

from __future__ import annotations

from handgame.core.registry import register_game
from handgame.games.hand.actions import (
    Action,
    ClaimRedeal,
    Discard,
    Draw,
    LayMelds,
    LayOff,
    SwapWild,
    parse_action,
)
from handgame.games.hand.deal import Deal, shuffle_deal
from handgame.games.hand.melds import Meld, analyze
from handgame.games.hand.record import to_record
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import PRESETS, Ruleset, make_ruleset
from handgame.games.hand.spec import GAME
from handgame.games.hand.state import Game, State

register_game(GAME)

__all__ = [
    "GAME",
    "PRESETS",
    "Action",
    "ClaimRedeal",
    "Deal",
    "Discard",
    "Draw",
    "Game",
    "LayMelds",
    "LayOff",
    "Meld",
    "Phase",
    "Ruleset",
    "State",
    "SwapWild",
    "analyze",
    "make_ruleset",
    "parse_action",
    "shuffle_deal",
    "to_record",
]
