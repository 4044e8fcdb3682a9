"""handgame: Hand (هند), the rummy game of the Levant and the Gulf, and its cousins — rules
engines, records and replay.

The package root holds what every game shares (cards, errors, replaying any game's record)
and imports no game: ``import handgame.core.cards`` loads no game's code. Each game is its own
package with its own names: Hand's are in :mod:`handgame.games.hand`
(``from handgame.games.hand import Game, analyze, make_ruleset``), found by name with
:func:`handgame.core.registry.find_game`. :class:`Game` makes any game's match from a preset
the same way (``Game.create("hand-and-foot")``), loading that game on first use.
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
from handgame.core.registry import Game, create_game, find_game, games

__all__ = [
    "JOKER",
    "Card",
    "CardError",
    "Game",
    "GameError",
    "IllegalAction",
    "MeldError",
    "OptionError",
    "RecordError",
    "__version__",
    "create_game",
    "find_game",
    "games",
    "parse_cards",
    "replay",
]
