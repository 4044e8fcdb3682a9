"""The first game (issue 36): a table that walks a newcomer through a round of Hand against the
easy bot, and the advice its guide shows at each decision.

The first game is a plain table made with fixed values: the ``levant`` preset, one round, no
turn timer, the player in seat 0 and the ``easy`` bot in seat 1, and a fixed deal seed
(:data:`FIRST_GAME_SEED`), so the round the guide walks through is the same every time: a
player who follows the advice draws, opens with melds, lays off, discards and goes out
(``tests/test_guide.py`` plays it through). The advice is the move the ``greedy`` bot would make
from the seat's own view (never more), seeded by the table and its version, so it is the same at
the same point of the same game.
"""

from __future__ import annotations

from typing import Any

from handgame.core.game import MatchState
from handgame.play.registry import make_bot

#: the rules of the first game: a preset (data, like any table) and its one round
FIRST_GAME_RULES: dict[str, Any] = {"preset": "levant", "options": {"rounds": 1}}

#: the seats of the first game: the newcomer, then the easy bot
FIRST_GAME_SEATS: list[dict[str, Any]] = [
    {"kind": "human", "name": None},
    {"kind": "bot", "bot": "easy"},
]

#: the deal seed of every first game (chosen with scripts/find_first_game.py: following the
#: advice, seat 0 draws, opens, lays off, discards and goes out before the easy bot)
FIRST_GAME_SEED = "first-game-11"

#: the bot whose move is the guide's advice
ADVISER = "greedy"


def advice(state: MatchState, seat: int, seed: str, version: int) -> dict[str, Any] | None:
    """The move the guide advises ``seat`` at ``state`` (an action as the view lists it), or
    None when the seat has nothing to decide; made from the seat's own view only."""
    if state.is_over or state.is_chance or state.current_seat != seat:
        return None
    view = state.view(seat)
    if not view.legal_actions:
        return None
    action = make_bot(ADVISER, f"{seed}:advice:{seat}:{version}").choose(view)
    out: dict[str, Any] = action.to_json()
    return out
