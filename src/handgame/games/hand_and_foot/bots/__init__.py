"""Hand and Foot's own bots: ``greedy`` (rules of thumb on the view), ``ismcts`` (search),
``planner`` (plays to go out) and the ladder of levels (``easy``, ``medium``, ``hard``,
``expert``)."""

from __future__ import annotations

from collections.abc import Mapping

from handgame.core.bot import BotFactory


def bots() -> dict[str, BotFactory]:
    """Hand and Foot's bots by name (imported on first use)."""
    from handgame.games.hand_and_foot.bots import greedy, ismcts, ladder, outsearch

    found: dict[str, BotFactory] = {}
    greedy.register_bots(found.__setitem__)
    ismcts.register_bots(found.__setitem__)
    outsearch.register_bots(found.__setitem__)
    ladder.register_bots(found.__setitem__)
    return found


def levels() -> Mapping[str, str]:
    """The ladder: each level's name and the bot spec it plays, weakest first."""
    from handgame.games.hand_and_foot.bots.ladder import LEVELS

    return dict(LEVELS)
