"""Hand's own bots: ``greedy`` (the solver's best move) and ``ismcts`` (tree search)."""

from __future__ import annotations

from handgame.core.bot import BotFactory


def bots() -> dict[str, BotFactory]:
    """Hand's bots by name (imported on first use)."""
    from handgame.games.hand.bots import greedy, ismcts

    found: dict[str, BotFactory] = {}
    greedy.register_bots(found.__setitem__)
    ismcts.register_bots(found.__setitem__)
    return found
