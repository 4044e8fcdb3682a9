"""handgame: Hand (هند), the rummy game of the Levant and the Gulf — rules engine and records."""

from handgame.core import __version__
from handgame.core.cards import JOKER, Card, parse_cards
from handgame.core.errors import CardError, IllegalAction, MeldError, OptionError, RecordError
from handgame.core.record import replay
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
from handgame.games.hand.state import Game, State

__all__ = [
    "JOKER",
    "PRESETS",
    "Action",
    "Card",
    "CardError",
    "ClaimRedeal",
    "Deal",
    "Discard",
    "Draw",
    "Game",
    "IllegalAction",
    "LayMelds",
    "LayOff",
    "Meld",
    "MeldError",
    "OptionError",
    "Phase",
    "RecordError",
    "Ruleset",
    "State",
    "SwapWild",
    "__version__",
    "analyze",
    "make_ruleset",
    "parse_action",
    "parse_cards",
    "replay",
    "shuffle_deal",
    "to_record",
]
