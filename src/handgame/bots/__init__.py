"""Bots that play Hand from a seat's view, and a registry to make them by name.

``make_bot("greedy", seed=1)`` makes a bot; ``make_bot("ismcts:iterations=200")`` passes
options; ``make_bot("external:./mybot.py")`` runs a program that speaks the bot protocol
(``docs/bot-protocol.md``).
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, BotError, no_argument
from .random_bot import RandomBot

BotFactory = Callable[[str, int | str], Bot]

_REGISTRY: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make ``factory(argument, seed)`` the bot called ``name``."""
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    """The names of the registered bots."""
    _load_builtin()
    return sorted(_REGISTRY)


def make_bot(spec: str, seed: int | str = 0) -> Bot:
    """The bot ``spec`` names (``NAME`` or ``NAME:ARGUMENT``); raises :class:`BotError`."""
    _load_builtin()
    name, _, argument = spec.strip().partition(":")
    factory = _REGISTRY.get(name)
    if factory is None:
        raise BotError(f"unknown bot {name!r}; the bots are {', '.join(bot_names())}")
    return factory(argument, seed)


_loaded = False


def _load_builtin() -> None:
    """Register the built-in bots once (late, so that optional modules load on demand)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    register("random", no_argument(RandomBot))
    import importlib

    for module in ("greedy", "ismcts", "external"):
        try:
            mod = importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{module}":
                raise
            continue
        mod.register_bots(register)


__all__ = ["Bot", "BotError", "RandomBot", "bot_names", "make_bot", "register"]
