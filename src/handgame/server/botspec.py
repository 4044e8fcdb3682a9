"""The bots a table may seat, as a small validated grammar with a range for every parameter.

A spec is ``NAME`` or ``NAME:KEY=VALUE,KEY=VALUE`` (``ismcts:iterations=200,depth=8``). The
server seats ``random``, ``greedy``, ``ismcts`` and the levels ``easy``, ``medium``, ``hard``,
``expert`` only (never ``external``, which would run a program on the server), and refuses any
budget beyond its own caps (``Settings``), so that no client can make a bot think for longer
than the server allows.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from handgame.play.registry import bot_names, make_bot
from handgame.server.settings import Settings

#: the bots a table may seat
SERVER_BOTS = ("random", "greedy", "ismcts", "easy", "medium", "hard", "expert")
#: the bots whose moves are searched in worker processes (CPU-heavy)
SEARCHING_BOTS = ("ismcts", "hard", "expert")

_INT = re.compile(r"[0-9]{1,12}")
_FLOAT = re.compile(r"-?[0-9]{1,12}(\.[0-9]{1,6})?")


@dataclass(frozen=True)
class Param:
    """One parameter of a bot: whole or not, and its range (inclusive)."""

    whole: bool
    low: float
    high: Callable[[Settings], float]


PARAMS: dict[str, dict[str, Param]] = {
    "random": {},
    "greedy": {},
    "easy": {},  # the ladder's levels (games/hand/bots/ladder.py): fixed budgets, no options
    "medium": {},
    "hard": {},
    "expert": {},
    "ismcts": {
        "iterations": Param(True, 1, lambda s: s.max_iterations),
        "ms": Param(False, 1, lambda s: s.bot_move_seconds * 1000.0),
        "depth": Param(True, 1, lambda s: s.max_depth),
        "c": Param(False, 0, lambda s: 10.0),
        "margin": Param(False, -1000, lambda s: 1000.0),
    },
}


def check_bot(spec: str, settings: Settings | None = None) -> str:
    """A bot spec a table may seat, normalized; raises ``ValueError`` with what is wrong."""
    settings = settings or Settings()
    spec = spec.strip()
    name, _, argument = spec.partition(":")
    # a trained agent's file the server was started with (hand serve --policy PATH), no other
    if name == "policy" and argument.partition(",")[0] in settings.policies:
        make_bot(spec, 0)
        return spec
    if name not in SERVER_BOTS or name not in bot_names():
        raise ValueError(f"unknown bot {name!r}; a table seats {', '.join(SERVER_BOTS)}")
    params = PARAMS[name]
    parts = [p.strip() for p in argument.split(",") if p.strip()]
    if parts and not params:
        raise ValueError(f"bot {name!r} takes no argument, not {argument!r}")
    seen: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        param = params.get(key)
        if param is None or not sep:
            keys = ", ".join(f"{k}=…" for k in params)
            raise ValueError(f"bad {name} option {part!r}: use {keys}")
        if key in seen:
            raise ValueError(f"{name}: {key} is given twice")
        if not (_INT if param.whole else _FLOAT).fullmatch(value):
            kind = "a whole number" if param.whole else "a number"
            raise ValueError(f"{name}: {key} must be {kind}, not {value!r}")
        number = float(value)
        high = param.high(settings)
        if not (math.isfinite(number) and param.low <= number <= high):
            raise ValueError(
                f"{name}: {key} must be from {param.low:g} to {high:g} on this server, not {value}"
            )
        seen[key] = str(int(number)) if param.whole else value
    normal = name + (":" + ",".join(f"{k}={v}" for k, v in seen.items()) if seen else "")
    make_bot(normal, 0)  # raises BotError (a ValueError) on anything the bot itself refuses
    return normal


def is_searching(spec: str | None) -> bool:
    """Whether a bot spec names a searching (CPU-heavy) bot."""
    return spec is not None and spec.partition(":")[0] in SEARCHING_BOTS
