"""handgame: Hand (هند), the rummy game of the Levant and the Gulf — rules engine and records."""

from .actions import Action, ClaimRedeal, Discard, Draw, LayMelds, LayOff, SwapWild, parse_action
from .cards import JOKER, Card, parse_cards
from .deal import Deal, shuffle_deal
from .errors import CardError, IllegalAction, MeldError, OptionError, RecordError
from .melds import Meld, analyze
from .record import replay, to_record
from .rules import PRESETS, Ruleset, make_ruleset
from .state import Game, Phase, State

__version__ = "0.1.0"

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
    "analyze",
    "make_ruleset",
    "parse_action",
    "parse_cards",
    "replay",
    "shuffle_deal",
    "to_record",
]
