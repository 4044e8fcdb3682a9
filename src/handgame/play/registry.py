"""The bots registry: every game's bots, ``random`` and ``external``, made by name.

``make_bot("greedy", seed=1)`` makes a bot; ``make_bot("ismcts:iterations=200")`` passes
options; ``make_bot("external:./mybot.py")`` runs a program that speaks the bot protocol
(``docs/bot-protocol.md``).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from importlib import resources

from handgame.core.bot import Bot, BotFactory, no_argument
from handgame.core.bot_options import OptionsFactory, Param
from handgame.core.errors import BotError, OptionError
from handgame.core.registry import find_game, games
from handgame.play import external
from handgame.play.game_bots import per_game_factory
from handgame.play.random_bot import RandomBot

_REGISTRY: dict[str, BotFactory] = {}
_PARAMS: dict[str, dict[str, Param]] = {}
_GAMES: dict[str, tuple[str, ...]] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make ``factory(argument, seed)`` the bot called ``name`` (its options declared when it
    is an :class:`OptionsFactory`)."""
    _REGISTRY[name] = factory
    _PARAMS[name] = dict(factory.params) if isinstance(factory, OptionsFactory) else {}


def bot_games(name: str) -> tuple[str, ...]:
    """The games whose own bot ``name`` is (``hard``: Hand's); ``()`` for a bot of every game
    (``random``, ``external``) or no such bot."""
    _load_builtin()
    return _GAMES.get(name, ())


def bot_params(name: str) -> dict[str, Param] | None:
    """The ``KEY=VALUE`` options the bot ``name`` declares (for a name several games share,
    every game's: a game's bot refuses the ones it does not take); ``{}`` when it declares
    none (it takes no argument, or a free-form one: ``external:``); None for no such bot."""
    _load_builtin()
    return _PARAMS.get(name)


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


def game_bot_names(game: str) -> list[str]:
    """The bots that play the game ``game`` (its name): its own and those of every game
    (``random``, ``external``, ``policy``)."""
    _load_builtin()
    return sorted(n for n in _REGISTRY if not _GAMES.get(n) or game in _GAMES[n])


def check_plays(spec: str, game: str) -> None:
    """Refuse, before a match, a bot spec that does not play the game ``game`` (its name):
    another game's own bot (``wary`` at Hand and Foot), or options only another game's bot of
    that name takes (``ismcts:rollout=fast`` at Hand and Foot); raises :class:`BotError`
    saying so and naming the game's bots."""
    _load_builtin()
    name = spec.strip().partition(":")[0]
    games_of = _GAMES.get(name, ())
    if games_of and game not in games_of:
        levels = ", ".join(find_game(game).levels())
        raise BotError(
            f"bot {name!r} plays {', '.join(games_of)} only, not {game}; its levels: {levels}; "
            f"all the bots of {game}: {', '.join(game_bot_names(game))}"
        )
    bot = make_bot(spec, 0)
    try:
        refused = getattr(bot, "refused", {}).get(game)
    finally:
        bot.close()
    if refused is not None:
        raise BotError(f"{game}: {refused}")


_loaded = False


def shipped_policies() -> tuple[str, ...]:
    """The trained agents shipped with the package, seated as ``policy:NAME`` (the files
    ``handgame/rl/agents/NAME.npz``; listed without importing ``handgame.rl`` or numpy)."""
    agents = resources.files("handgame") / "rl" / "agents"
    if not agents.is_dir():
        return ()
    return tuple(sorted(p.name[:-4] for p in agents.iterdir() if p.name.endswith(".npz")))


def shipped_policy_table(name: str) -> tuple[str, int | None]:
    """The preset and the player count a shipped agent was trained at, read from its name
    ``PRESET-Np`` (``levant-2p``: levant, 2 players; None when the name gives no count)."""
    found = re.fullmatch(r"(.+)-(\d+)p", name)
    if found is None:
        return name, None
    return found.group(1), int(found.group(2))


@dataclass(frozen=True)
class Offer:
    """A bot a front end offers at a table: its spec, and the player counts it plays at."""

    #: the bot spec (``expert``, ``policy:levant-2p``)
    spec: str
    #: the player counts it plays at; ``()``: every count
    players: tuple[int, ...] = ()


def offered_bots(game: str) -> list[Offer]:
    """The bots a front end offers at a table of the game ``game`` (a name, alias or preset),
    weakest first: ``random``, the game's own ladder (:attr:`GameSpec.levels`), then the
    trained agents shipped for that game; raises ``OptionError`` for an unknown game."""
    spec = find_game(game)
    offers = [Offer("random"), *(Offer(level) for level in spec.levels())]
    for name in shipped_policies():
        preset, players = shipped_policy_table(name)
        try:
            trained = find_game(preset).name
        except OptionError:
            continue
        if trained == spec.name:
            offers.append(Offer(f"policy:{name}", (players,) if players else ()))
    return offers


def _policy(argument: str, seed: int | str) -> Bot:
    """``policy:PATH``: a trained agent of ``handgame.rl`` (imported by name on first use, as
    the games are: it sits above play and needs the optional extra ``handgame[rl]``)."""
    try:
        module = importlib.import_module("handgame.rl.policy_bot")
    except ImportError as e:
        raise BotError(f"the policy bot needs numpy: pip install 'handgame[rl]' ({e})") from None
    bot: Bot = module.make(argument, seed)
    return bot


def _load_builtin() -> None:
    """Register the bots once: ``random``, every registered game's own, and ``external``."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    register("random", no_argument(RandomBot))
    by_name: dict[str, dict[str, BotFactory]] = {}
    for game in games():
        for name, factory in game.bots().items():
            by_name.setdefault(name, {})[game.name] = factory
    for name, factories in by_name.items():
        _GAMES[name] = tuple(factories)
        if len(factories) == 1:
            register(name, next(iter(factories.values())))
        else:  # several games have a bot of this name: each view goes to its game's
            register(name, per_game_factory(name, factories))
            for factory in factories.values():
                if isinstance(factory, OptionsFactory):
                    _PARAMS[name] = {**factory.params, **_PARAMS[name]}
    external.register_bots(register)
    register("policy", _policy)


__all__ = [
    "Bot",
    "BotError",
    "Offer",
    "RandomBot",
    "bot_games",
    "bot_names",
    "bot_params",
    "check_plays",
    "game_bot_names",
    "make_bot",
    "offered_bots",
    "register",
    "shipped_policy_table",
]
