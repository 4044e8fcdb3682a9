"""handgame: Hand (هند), the rummy game of the Levant and the Gulf, and its cousins — rules
engines, records and replay.

The package root holds what every game shares (cards, errors, replaying any game's record)
and imports no game: ``import handgame.core.cards`` loads no game's code. Each game is its own
package with its own names: Hand's are in :mod:`handgame.games.hand`
(``from handgame.games.hand import Game, analyze, make_ruleset``), found by name with
:func:`handgame.core.registry.find_game`.
"""

from handgame.core import __version__
from handgame.core.cards import JOKER, Card, parse_cards
from handgame.core.errors import (
    CardError,
    GameError,
    IllegalAction,
    MeldError,
    OptionError,
    RecordError,
)
from handgame.core.record import replay
from handgame.core.registry import find_game, games

__all__ = [
    "JOKER",
    "Card",
    "CardError",
    "GameError",
    "IllegalAction",
    "MeldError",
    "OptionError",
    "RecordError",
    "__version__",
    "find_game",
    "games",
    "parse_cards",
    "replay",
]
