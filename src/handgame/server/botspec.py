"""The bots a table may seat, read with the bots' own grammar, a range for every option.

A spec is ``NAME`` or ``NAME:KEY=VALUE,KEY=VALUE`` (``ismcts:iterations=200,rollout=fast``),
read by the one parser of bot specs (:mod:`handgame.core.bot_options`) against the options
each bot declares, so a table takes every option ``hand simulate`` does. The server seats
``random``, ``greedy``, ``ismcts``, the levels ``easy``, ``medium``, ``hard``, ``expert`` and
the trained agents shipped with the package or given to ``hand serve --policy`` only (never
``external``, which would run a program on the server), and refuses any
budget beyond its own caps (``Settings``), so that no client can make a bot think for longer
than the server allows.
"""

from __future__ import annotations

from collections.abc import Callable

from handgame.core.bot_options import capped, parse_options, spec_text
from handgame.core.registry import find_game
from handgame.play.registry import (
    bot_games,
    bot_params,
    make_bot,
    shipped_policies,
    shipped_policy_table,
)
from handgame.server.settings import Settings

#: the bots a table may seat
SERVER_BOTS = ("random", "greedy", "ismcts", "easy", "medium", "hard", "expert")
#: the bots whose moves are searched in worker processes (CPU-heavy)
SEARCHING_BOTS = ("ismcts", "expert")

#: the options whose highest value is the server's own (``Settings``): what makes a bot think
CAPS: dict[str, Callable[[Settings], float]] = {
    "iterations": lambda s: s.max_iterations,
    "ms": lambda s: s.bot_move_seconds * 1000.0,
    "depth": lambda s: s.max_depth,
}


def check_bot(spec: str, settings: Settings | None = None, game: str | None = None) -> str:
    """A bot spec a table may seat, normalized; raises ``ValueError`` with what is wrong.

    The options are read by the bots' own parser (:func:`handgame.core.bot_options.
    parse_options`, with the options each bot declares), the ranges of :data:`CAPS` narrowed
    to this server's settings; with ``game`` (a table's), a bot of other games only (``hard``
    at Hand and Foot) and options its game's bot does not take (``ismcts:rollout=fast``) are
    refused too."""
    settings = settings or Settings()
    spec = spec.strip()
    name, _, argument = spec.partition(":")
    # a trained agent's file the server was started with (hand serve --policy PATH), or an
    # agent shipped with the package (policy:NAME), no other
    file = argument.partition(",")[0]
    if name == "policy" and (file in settings.policies or file in shipped_policies()):
        if file not in settings.policies and game is not None:
            # a shipped agent is named by the preset it was trained on: levant-2p plays Hand
            trained = find_game(shipped_policy_table(file)[0]).name
            if trained != game:
                raise ValueError(f"bot {spec!r} plays {trained} only, not {game}")
        make_bot(spec, 0)
        return spec
    params = bot_params(name)
    if name not in SERVER_BOTS or params is None:
        raise ValueError(f"unknown bot {name!r}; a table seats {', '.join(SERVER_BOTS)}")
    games = bot_games(name)
    if game is not None and games and game not in games:
        raise ValueError(f"bot {name!r} plays {', '.join(games)} only, not {game}")
    caps = {k: cap(settings) for k, cap in CAPS.items()}
    normal = spec_text(name, parse_options(argument, name, capped(params, caps)))
    bot = make_bot(normal, 0)  # raises BotError (a ValueError) on anything the bot refuses
    refused = getattr(bot, "refused", {}).get(game)
    if refused is not None:  # one game's bot takes these options, not this table's game's
        raise ValueError(f"{game}: {refused}")
    return normal


def default_bot(game: str) -> str:
    """The bot a seat gets when nobody names one: the game's default level (its ladder's
    ``hard`` for both built-in games), else ``random``."""
    spec = find_game(game)
    return spec.default_level or next(iter(spec.levels()), "random")


def is_searching(spec: str | None) -> bool:
    """Whether a bot spec names a searching (CPU-heavy) bot."""
    return spec is not None and spec.partition(":")[0] in SEARCHING_BOTS


def check_players(specs: list[str | None], players: int) -> None:
    """Refuse a bot made for another number of players than the table's (a trained agent is
    trained for one: ``policy:PATH``); raises ``ValueError``."""
    for seat, spec in enumerate(specs):
        if spec is None:
            continue
        bot = make_bot(spec, 0)
        made_for = getattr(getattr(bot, "policy", None), "players", None)
        if made_for is not None and made_for != players:
            raise ValueError(
                f"seat {seat}: {spec.partition(',')[0]} plays at {made_for} players, "
                f"not at this table's {players}"
            )
