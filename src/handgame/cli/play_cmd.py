"""``hand play``: a match in the terminal, in the full-screen Textual app against bots (or
people, hot-seat), or the plain-text game without a terminal. The match configuration comes
from the registry (the game of ``--rules``)."""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

from handgame.cli import common
from handgame.cli.common import UsageError, option_overrides, rules_flags
from handgame.core.errors import BotError
from handgame.core.game import GameSpec
from handgame.core.registry import find_game


def _default_bot(spec: GameSpec) -> str:
    """The bot that plays the other seats by default: the game's default level (its ladder's
    ``hard``), else its first level, else its first own bot, else ``random`` (which plays
    every game)."""
    if spec.default_level:
        return spec.default_level
    own = [*spec.levels(), *spec.bots()]
    return own[0] if own else "random"


def _default_players(args: argparse.Namespace, spec: GameSpec) -> int:
    """The seats when neither --players nor --opponents says: 4 with --partnership; else the
    game's terminal default (its parts' ``default_players``), else its preset's."""
    if args.partnership:
        return 4
    from handgame.tui.registry import table_for

    wanted = table_for(spec).default_players
    if wanted is not None:
        return wanted
    info = {p.name: p for p in spec.preset_info}
    return info.get(args.rules, spec.preset_info[0]).default_players


def _create(args: argparse.Namespace, players: int, names: list[str] | None) -> Any:
    """The match configuration of ``--rules``, ``--option`` and ``--rounds``."""
    overrides = option_overrides(args.option, args.rounds)
    spec = find_game(args.rules)
    return spec.create(args.rules, overrides, players, args.partnership, names)


def _split(text: str | None, what: str) -> list[str] | None:
    """A comma-separated list of a flag, or None when the flag is absent."""
    if text is None:
        return None
    items = [t.strip() for t in text.split(",")]
    if any(not t for t in items):
        raise UsageError(f"an empty entry in {what} {text!r}; separate the entries by commas")
    return items


def _check_plays(game: GameSpec, bot: str) -> None:
    """A usage error when the bot ``bot`` does not play ``game`` (another game's own bot, or
    options only another game's bot of that name takes): a game is played by its own bots and
    by those of no game (``random``, ``external``)."""
    from handgame.play.registry import check_plays

    try:
        check_plays(bot, game.name)
    except BotError as e:
        raise UsageError(str(e)) from None


def _play_seats(args: argparse.Namespace) -> tuple[int, list[str], list[str]]:
    """The number of seats, who plays each (``human`` or a bot spec) and their names."""
    from handgame.play.registry import make_bot
    from handgame.tui.session import HUMAN

    opponents = _split(args.opponents, "--opponents")
    game_spec = find_game(args.rules)
    if opponents is not None:
        for spec in opponents:
            if spec != HUMAN:
                make_bot(spec, 0).close()  # an unknown bot is a usage error (exit 2)
                _check_plays(game_spec, spec)
    players = args.players
    if players is None:
        players = len(opponents) + 1 if opponents else _default_players(args, game_spec)
    opponents = opponents if opponents is not None else [_default_bot(game_spec)] * (players - 1)
    if len(opponents) != players - 1:
        raise UsageError(
            f"--opponents names {len(opponents)} players for the {players - 1} other seats "
            f"of --players {players}"
        )
    seats = [HUMAN, *opponents]
    names = _split(args.names, "--names")
    if names is None:
        humans = seats.count(HUMAN)
        names = [
            ("you" if humans == 1 else f"player {i + 1}") if spec == HUMAN else f"bot:{spec}"
            for i, spec in enumerate(seats)
        ]
        # the same bot twice or more: each named by its seat, "bot:greedy 2", "bot:greedy 3"
        twice = {n for n in names if names.count(n) > 1}
        names = [f"{n} {i + 1}" if n in twice else n for i, n in enumerate(names)]
    elif len(names) != players:
        raise UsageError(f"--names gives {len(names)} names for {players} players")
    return players, seats, names


def new_record_path(text: str) -> Path:
    """The file ``--record`` names for a new game, checked before the game starts (a usage
    error, never a traceback at the first save): not a folder, not an existing file (that is a
    game to continue with ``--resume``), in a folder that exists or can be made, writable."""
    path = Path(text).expanduser()
    if path.is_dir():
        raise UsageError(
            f"--record {text} is a folder: name a file in it, e.g. --record {path / 'game.json'}"
        )
    if path.exists():
        raise UsageError(f"{path} exists already: continue it with --resume {path}")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise UsageError(
            f"--record {text}: {folder} is not a folder (a file is in the way)"
        ) from None
    except OSError as e:
        raise UsageError(
            f"--record {text}: cannot make the folder {folder}: {e.strerror}"
        ) from None
    if not os.access(folder, os.W_OK):
        raise UsageError(f"--record {text}: the folder {folder} is not writable")
    return path


def play_session(args: argparse.Namespace) -> Any:
    """The :class:`handgame.tui.session.Session` of ``hand play``'s flags (checked), of the
    game ``--rules`` (or the resumed record) names."""
    from handgame.tui.session import HUMAN, Session, default_record_path, resume

    if args.resume:
        opponents = _split(args.opponents, "--opponents")
        if opponents is not None:
            _play_seats(args)  # checks the bot names
        session = resume(Path(args.resume), opponents)
        if session.state.is_over:
            raise UsageError(
                f"the game in {args.resume} is over; 'hand replay {args.resume} --show' shows it"
            )
        if HUMAN not in session.seats:
            raise UsageError(f"nobody plays in {args.resume}: every seat is a bot")
        return session
    players, seats, names = _play_seats(args)
    game = _create(args, players, names)
    seed = str(args.seed) if args.seed is not None else str(random.SystemRandom().randrange(10**6))
    record = new_record_path(args.record) if args.record else default_record_path(seed)
    return Session(find_game(args.rules), game, seats, seed, record)


def cmd_play(args: argparse.Namespace) -> int:
    """``hand play``: the Textual game, or the plain-text game without a terminal."""
    if args.plain or not common.is_terminal():
        return _play_plain(args)
    from handgame.tui.i18n import can_show

    lang = args.lang
    if not can_show(lang, getattr(sys.stdout, "encoding", None)):
        print(f"hand: this terminal cannot show {lang} text; playing in English", file=sys.stderr)
        lang = "en"
    session = play_session(args)
    session.save()
    from handgame.tui.app import play_app

    code = play_app(session, lang).run()
    print(f"game saved to {session.record}")
    return code if isinstance(code, int) else 0


def _play_plain(args: argparse.Namespace) -> int:
    """The plain-text game of any game: you at seat 0 against the bots of --opponents (by
    default bots playing at random, from one generator seeded by --seed)."""
    from handgame.cli import textplay
    from handgame.tui.i18n import can_show, tr

    if args.resume:
        raise UsageError("--resume needs the full-screen game (a terminal, without --plain)")
    _play_seats(args)  # the same checks as the full-screen game
    spec = find_game(args.rules)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    record = new_record_path(args.record) if args.record else None
    lang = args.lang
    if not can_show(lang, getattr(sys.stdout, "encoding", None)):
        print(f"hand: this output cannot show {lang} text; playing in English", file=sys.stderr)
        lang = "en"
    others = _split(args.opponents, "--opponents")
    players = len(others) + 1 if others is not None else args.players
    if players is None:
        players = _default_players(args, spec)
    names = _split(args.names, "--names")
    if names is None:
        names = ["human", *(f"bot:{b}" for b in others or ["random"] * (players - 1))]
    game = _create(args, players, names if players > 1 else None)
    words = {"title": spec.title, "preset": game.preset, "seed": str(seed)}
    print(tr(lang, "plain_header", players=game.players, **words))
    return textplay.play(spec, game, seed, record, others, lang=lang)


def add_parser(sub: Any) -> None:
    """Add the ``play`` command to the subcommands ``sub``."""
    p = sub.add_parser(
        "play",
        help="play a match in the terminal against bots (or people, hot-seat)",
        description="Play a match in a full-screen terminal interface: you are seat 0, the "
        "other seats are bots (greedy by default) or people taking turns at the keyboard "
        "(--opponents human,...). The game is saved as it goes (--record, by default a new "
        "file in $XDG_DATA_HOME/handgame/games/) and --resume FILE continues it. Without a "
        "terminal, or with --plain, a plain-text game is played instead (against the "
        "--opponents, by default bots playing at random): type an action's number, or q to "
        "quit.",
        epilog="keys: arrows/space or a click select cards, up/down or a click pick a meld; "
        "? hint, s sort, p the pile, l the log, q quit; the game's own keys (draw, meld, add, "
        "discard...) are on the keys line at the bottom of its screen",
    )
    rules_flags(p)
    p.add_argument(
        "--players", type=int, help="number of seats (default: 2, or 1 + the --opponents)"
    )
    p.add_argument("--partnership", action="store_true", help="4 players, seats 0+2 against 1+3")
    p.add_argument(
        "--opponents",
        metavar="A,B,...",
        help="who plays the other seats: bot specs, by level easy, medium, hard, expert (the "
        "game's own ladder: hand rules PRESET lists it), or random, greedy, "
        "ismcts:iterations=40…, or human for hot-seat play (default: the game's hard)",
    )
    p.add_argument("--names", metavar="A,B,...", help="a name for every seat, seat 0 first")
    p.add_argument("--seed", help="seed of the deals and the bots (default: a random one)")
    p.add_argument(
        "--lang",
        choices=("en", "ar", "fa"),
        default="en",
        help="card, suit and interface words: English, Arabic or Persian (default: en)",
    )
    p.add_argument("--record", metavar="FILE", help="save the hand-record/1 record here")
    p.add_argument("--resume", metavar="FILE", help="continue the game saved in FILE")
    p.add_argument("--rounds", type=int, metavar="N", help="scored rounds in the match")
    p.add_argument(
        "--plain",
        action="store_true",
        help="the plain-text game (also chosen when stdin or stdout is not a terminal)",
    )
    p.set_defaults(func=cmd_play)


__all__ = ["add_parser", "cmd_play", "play_session"]
