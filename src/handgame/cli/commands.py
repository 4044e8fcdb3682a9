"""The ``hand`` command: check a meld, replay a record, show the rulesets, play in the terminal.

Exit codes: 0 success (a valid meld, a record without error), 1 a negative answer (an invalid
meld, a record with an error), 2 bad input on the command line (unknown card, preset, option or
value). Every error is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from handgame.core.cards import Card
from handgame.core.errors import MeldError
from handgame.core.record import replay, replay_text
from handgame.games.hand.melds import analyze
from handgame.games.hand.record import summary
from handgame.games.hand.rules import (
    OPTION_SPECS,
    PRESETS,
    OptionSpec,
    Ruleset,
    get_preset,
    make_ruleset,
)
from handgame.games.hand.values import opening_value
from handgame.games.hand.wilds import indicator_allowed, indicator_needed, wilds_for

EXAMPLES = """\
examples:
  hand meld --indicator 7C -- 7D AC 9D
  hand meld --rules gulf -- QS KS AS
  hand meld --option wilds=jokers --option initial_minimum=71 -- 7D X 9D
  hand replay game.json
  hand rules levant
  hand play --players 3 --seed 42 --record game.json
  hand play --opponents greedy,ismcts:iterations=40 --lang ar
  hand play --resume game.json
  hand replay game.json --show
  hand simulate --bots random,random --games 20 --rounds 1 --seed 1
  hand serve --port 8000
"""


class UsageError(ValueError):
    """Bad input on the command line (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of exiting."""
        raise UsageError(f"{message} (see {self.prog} --help)")


def parse_option(text: str) -> tuple[str, Any]:
    """Split ``NAME=VALUE``; VALUE is read as JSON when it parses, else taken as a string."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise UsageError(f"--option needs NAME=VALUE, e.g. initial_minimum=71, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return name, value


def ruleset_from(preset: str, options: Sequence[str] | None) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset of ``--rules`` and ``--option`` flags, with the overrides as a dict."""
    overrides = dict(parse_option(o) for o in options or ())
    return make_ruleset(preset, overrides), overrides


def show_value(value: Any) -> str:
    """An option value as written on the command line (strings bare, the rest as JSON)."""
    if isinstance(value, tuple):
        value = list(value)
    return value if isinstance(value, str) else json.dumps(value)


def spec_values(spec: OptionSpec) -> str:
    """The values an option allows, in words."""
    if spec.choices is not None:
        return ", ".join(show_value(c) for c in spec.choices)
    return {
        "bool": "true, false",
        "int": "integer",
        "int?": "integer or null",
        "bonuses": "list of wild-discard, one-color, one-suit, two-wilds",
    }[spec.kind]


def options_markdown() -> str:
    """The option table of every preset as Markdown (the README's table is this output)."""
    names = list(PRESETS)
    lines = [
        "| option | values | " + " | ".join(f"`{p}`" for p in names) + " | rules |",
        "| --- | --- | " + " | ".join("---" for _ in names) + " | --- |",
    ]
    for spec in OPTION_SPECS.values():
        values = ", ".join(f"`{v}`" for v in spec_values(spec).split(", "))
        if spec.kind in ("int", "int?", "bonuses"):
            values = spec_values(spec)
        cells = [f"`{show_value(PRESETS[p].rules.options()[spec.name])}`" for p in names]
        lines.append(f"| `{spec.name}` | {values} | " + " | ".join(cells) + f" | {spec.rule} |")
    return "\n".join(lines)


def _print_json(obj: Any, indent: int | None = None) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=indent))


# ------------------------------------------------------------------------------- commands


def cmd_meld(args: argparse.Namespace) -> int:
    """``hand meld``: is the meld valid, what kind, and what it counts toward an opening."""
    rules, _ = ruleset_from(args.rules, args.option)
    texts = [t for t in args.cards if t != "--"]
    if not texts:
        raise UsageError("give the meld's cards, e.g. hand meld --indicator 7C -- 7D AC 9D")
    cards = tuple(Card.parse(t) for t in texts)
    indicator = Card.parse(args.indicator) if args.indicator is not None else None
    if indicator_needed(rules):
        if indicator is None:
            if any(c.is_joker or c.rank == 1 for c in cards):
                raise UsageError(
                    f"these rules (wilds={rules.wilds}) turn an indicator card that decides "
                    "which aces and jokers are wild: give it with --indicator CARD, e.g. "
                    "--indicator 7C (L-20)"
                )
            # with no ace and no joker, no card of the meld can be wild whatever the indicator
            indicator = Card.parse("KS")
        elif not indicator_allowed(rules, indicator):
            why = "a joker" if indicator.is_joker else "an ace under ace_indicator=redraw (O-2)"
            raise UsageError(f"{indicator} cannot be the indicator: it is {why} (L-20)")
    wilds = wilds_for(rules, indicator)
    try:
        meld = analyze(cards, wilds, rules)
    except MeldError as e:
        _print_json({"valid": False, "kind": None, "value": None, "reason": str(e)})
        return 1
    value = opening_value(meld, rules)
    _print_json({"valid": True, "kind": meld.kind, "value": value, "reason": None})
    return 0


def _replay_data(text: str) -> dict[str, Any]:
    """Replay record text; a conformance case ``{"record": ..., "expect": ...}`` by its record."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return replay_text(text)  # the engine's own message for text that is not JSON
    if isinstance(obj, dict) and isinstance(obj.get("record"), dict) and "rounds" not in obj:
        obj = obj["record"]
    return replay(obj)


def cmd_replay(args: argparse.Namespace) -> int:
    """``hand replay``: replay a record and print the RECORD.md answer."""
    name: str = args.file
    if args.show:
        return _replay_show(name, args.lang)
    try:
        if name == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        else:
            data = Path(name).read_bytes()
        result = _replay_data(data.decode("utf-8-sig"))
    except OSError as e:
        message = f"cannot read the record {name}: {e.strerror or e}"
        result = summary(None, {"round": None, "action": None, "message": message})
    except UnicodeDecodeError as e:
        message = f"the record {name} is not UTF-8 text: {e}"
        result = summary(None, {"round": None, "action": None, "message": message})
    _print_json(result, indent=2)
    return 0 if result["error"] is None else 1


def _replay_show(name: str, lang: str) -> int:
    """``hand replay FILE --show``: the recorded game, step by step, in the Textual app."""
    from handgame.tui.session import replay_states

    if name == "-":
        raise UsageError("--show needs a record file, not standard input")
    try:
        obj = json.loads(Path(name).read_text(encoding="utf-8-sig"))
    except OSError as e:
        raise UsageError(f"cannot read the record {name}: {e.strerror or e}") from None
    except ValueError as e:
        raise UsageError(f"the record {name} is not valid JSON: {e}") from None
    frames, error = replay_states(obj)
    if not frames:
        raise UsageError(f"the record {name} has no deal to show" + (f": {error}" if error else ""))
    if not _is_terminal():
        raise UsageError("--show needs a terminal")
    from handgame.tui.app import ReplayApp

    code = ReplayApp(frames, error, lang).run()
    return code if isinstance(code, int) else 0


def _preset_json(name: str) -> dict[str, Any]:
    p = get_preset(name)
    return {
        "preset": p.name,
        "summary": p.summary,
        "players": {"min": p.min_players, "max": p.max_players, "default": p.default_players},
        "options": p.rules.options(),
        "rules": {n: s.rule for n, s in OPTION_SPECS.items()},
    }


def cmd_rules(args: argparse.Namespace) -> int:
    """``hand rules``: list the presets, or show one preset's options."""
    if args.markdown:
        print(options_markdown())
        return 0
    if args.preset is None:
        if args.json:
            _print_json([_preset_json(n) for n in PRESETS], indent=2)
            return 0
        print("presets (hand rules PRESET shows one):")
        for p in PRESETS.values():
            print(f"  {p.name:<12} {p.summary}")
        return 0
    info = _preset_json(args.preset)
    if args.json:
        _print_json(info, indent=2)
        return 0
    players = info["players"]
    print(f"{info['preset']}: {info['summary']}")
    print(f"players: {players['min']} to {players['max']} solo, or 4 in partnership")
    print("options (override with --option NAME=VALUE; rule ids from RULES.md):")
    width = max(len(n) for n in OPTION_SPECS)
    for n, spec in OPTION_SPECS.items():
        value = show_value(info["options"][n])
        print(f"  {n:<{width}} = {value:<10} [{spec.rule}] {spec.doc}")
    return 0


def _split(text: str | None, what: str) -> list[str] | None:
    """A comma-separated list of a flag, or None when the flag is absent."""
    if text is None:
        return None
    items = [t.strip() for t in text.split(",")]
    if any(not t for t in items):
        raise UsageError(f"an empty entry in {what} {text!r}; separate the entries by commas")
    return items


def _is_terminal() -> bool:
    """Whether both standard input and output are a terminal (the Textual app needs one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _play_seats(args: argparse.Namespace) -> tuple[int, list[str], list[str]]:
    """The number of seats, who plays each (``human`` or a bot spec) and their names."""
    from handgame.play.registry import make_bot
    from handgame.tui.session import HUMAN

    opponents = _split(args.opponents, "--opponents")
    if opponents is not None:
        for spec in opponents:
            if spec != HUMAN:
                make_bot(spec, 0).close()  # an unknown bot is a usage error (exit 2)
    players = args.players
    if players is None:
        players = 4 if args.partnership else (len(opponents) + 1 if opponents else 2)
    opponents = opponents if opponents is not None else ["greedy"] * (players - 1)
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
        for i, n in enumerate(names):
            if names.count(n) > 1:
                names[i] = f"{n} #{i}"
    elif len(names) != players:
        raise UsageError(f"--names gives {len(names)} names for {players} players")
    return players, seats, names


def play_session(args: argparse.Namespace) -> Any:
    """The :class:`handgame.tui.session.Session` of ``hand play``'s flags (checked)."""
    from handgame.games.hand.state import Game
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
    overrides = dict(parse_option(o) for o in args.option or ())
    if args.rounds is not None:
        overrides["rounds"] = args.rounds
    game = Game.create(args.rules, overrides, players, args.partnership, names)
    seed = str(args.seed) if args.seed is not None else str(random.SystemRandom().randrange(10**6))
    record = Path(args.record) if args.record else default_record_path(seed)
    if record.exists() and args.record:
        raise UsageError(f"{record} exists already: continue it with --resume {record}")
    return Session(game, seats, seed, record)


def cmd_play(args: argparse.Namespace) -> int:
    """``hand play``: the Textual game, or the plain-text game without a terminal."""
    if args.plain or not _is_terminal():
        return _play_plain(args)
    from handgame.tui.i18n import can_show

    lang = args.lang
    if not can_show(lang, getattr(sys.stdout, "encoding", None)):
        print(f"hand: this terminal cannot show {lang} text; playing in English", file=sys.stderr)
        lang = "en"
    session = play_session(args)
    session.save()
    from handgame.tui.app import HandApp

    code = HandApp(session, lang).run()
    print(f"game saved to {session.record}")
    return code if isinstance(code, int) else 0


def _play_plain(args: argparse.Namespace) -> int:
    """The plain-text game: you at seat 0 against random bots."""
    from handgame.cli.textplay import play
    from handgame.games.hand.state import Game

    if args.resume:
        raise UsageError("--resume needs the full-screen game (a terminal, without --plain)")
    _play_seats(args)  # the same checks as the full-screen game
    overrides = dict(parse_option(o) for o in args.option or ())
    if args.rounds is not None:
        overrides["rounds"] = args.rounds
    players = args.players if args.players is not None else (4 if args.partnership else 2)
    names = ["human"] + ["bot:random"] * (players - 1) if players > 1 else None
    game = Game.create(args.rules, overrides, players, args.partnership, names)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    print(f"Hand ({game.preset}, {game.players} players) · seed {seed} · type q to quit")
    record = Path(args.record) if args.record else None
    return play(game, seed, record)


def _bot_specs(args: argparse.Namespace) -> tuple[str, ...]:
    """The bot specs of ``--bots A,B`` or of repeated ``--bot SPEC`` (not both)."""
    if args.bots and args.bot:
        raise UsageError("give the bots with --bots A,B,... or with repeated --bot SPEC, not both")
    if args.bot:
        specs = [s.strip() for s in args.bot]
    elif args.bots:
        specs = [s.strip() for s in args.bots.split(",")]
    else:
        raise UsageError("name the bots, one per seat: --bots random,random (or --bot SPEC ...)")
    if any(not s for s in specs):
        raise UsageError("an empty bot name in --bots; write e.g. --bots greedy,random")
    return tuple(specs)


def cmd_simulate(args: argparse.Namespace) -> int:
    """``hand simulate``: bot-against-bot matches and a summary of each bot's results."""
    from handgame.play.simulate import (
        ProgressBar,
        SimulationConfig,
        SimulationError,
        simulate,
        to_json_text,
    )

    overrides = dict(parse_option(o) for o in args.option or ())
    if args.rounds is not None:
        overrides["rounds"] = args.rounds
    config = SimulationConfig(
        bots=_bot_specs(args),
        games=args.games,
        seed=str(args.seed),
        preset=args.rules,
        options=overrides,
        partnership=args.partnership,
        jobs=args.jobs,
        records=args.records,
    )
    show = not args.quiet and (args.progress or sys.stderr.isatty())
    bar = ProgressBar(sys.stderr) if show else None
    try:
        result = simulate(config, bar)
    except SimulationError as e:
        if bar is not None:
            bar.finish()
        print(f"hand: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        if bar is not None:
            bar.finish()
        print("hand: interrupted", file=sys.stderr)
        return 130
    if bar is not None:
        bar.finish()
    if args.json:
        print(to_json_text(result))
    else:
        print(result.table())
    return 0


# --------------------------------------------------------------------------------- parser


def _rules_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rules",
        default="levant",
        metavar="PRESET",
        help=f"the preset to start from: {', '.join(PRESETS)} (default: levant)",
    )
    p.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="override one option (repeatable); VALUE is JSON when it parses as JSON, else a "
        "string: initial_minimum=71, wilds=jokers, bonuses='[\"one-suit\"]'. "
        "See 'hand rules PRESET' for the names",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``hand`` command."""
    parser = _Parser(
        prog="hand",
        description="Hand (هند), the rummy game of the Levant and the Gulf: check melds, "
        "replay game records, show rulesets, play in the terminal.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser(
        "meld",
        help="check one meld and its opening count",
        description="Check a meld as laid (a run in ascending order) and print one JSON object "
        '{"valid", "kind", "value", "reason"}; value is its opening count (L-30…L-32, G-6). '
        "Exit 0 valid, 1 not valid, 2 bad input.",
    )
    _rules_flags(p)
    p.add_argument(
        "--indicator",
        metavar="CARD",
        help="the indicator card, needed when wilds is indicator or no-jokers (levant), e.g. 7C",
    )
    p.add_argument("cards", nargs="*", metavar="CARD", help="the cards: AS TD 10H 7C X ...")
    p.set_defaults(func=cmd_meld)

    p = sub.add_parser(
        "replay",
        help="replay a hand-record/1 game record",
        description="Replay a hand-record/1 record (RECORD.md) and print the replay answer as "
        "JSON: rounds, totals, team_totals, finished, winner, error. Exit 0 when the record "
        "has no error, 1 otherwise (also for a file that cannot be read). A conformance case "
        '({"record": ..., "expect": ...}) is replayed by its record.',
    )
    p.add_argument("file", metavar="FILE", help="the record file, or - to read standard input")
    p.add_argument(
        "--show",
        action="store_true",
        help="step through the game in the full-screen interface instead of printing JSON",
    )
    p.add_argument(
        "--lang", choices=("en", "ar", "fa"), default="en", help="words of --show (default: en)"
    )
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser(
        "rules",
        help="list the presets, or show a preset's options",
        description="Without PRESET, list the presets; with PRESET, show its option values with "
        "the RULES.md rule ids.",
    )
    p.add_argument("preset", nargs="?", metavar="PRESET", help=f"one of {', '.join(PRESETS)}")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument(
        "--markdown",
        action="store_true",
        help="print the option table of every preset as Markdown (as in the README)",
    )
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser(
        "play",
        help="play a match in the terminal against bots (or people, hot-seat)",
        description="Play a match in a full-screen terminal interface: you are seat 0, the "
        "other seats are bots (greedy by default) or people taking turns at the keyboard "
        "(--opponents human,...). The game is saved as it goes (--record, by default a new "
        "file in $XDG_DATA_HOME/handgame/games/) and --resume FILE continues it. Without a "
        "terminal, or with --plain, a plain-text game against random bots is played instead: "
        "type an action's number, or q to quit.",
        epilog="keys: arrows/space or a click select cards, up/down or a click pick a meld; "
        "d draw, t take the discard, m meld, a add, w swap a wild card, x discard, u take a "
        "step back, r redeal, ? hint, s sort, p the pile, l the log, q quit",
    )
    _rules_flags(p)
    p.add_argument(
        "--players", type=int, help="number of seats (default: 2, or 1 + the --opponents)"
    )
    p.add_argument(
        "--partnership", action="store_true", help="4 players, seats 0+2 against 1+3 (L-91)"
    )
    p.add_argument(
        "--opponents",
        metavar="A,B,...",
        help="who plays the other seats: bot specs (greedy, random, ismcts, "
        "ismcts:iterations=40) or human for hot-seat play (default: greedy)",
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
    _simulate_parser(sub)
    _serve_parser(sub)
    return parser


SIMULATE_HELP = """\
Play N bot-against-bot matches and print, for each listed bot, its match wins and win rate
with a 95% Wilson interval, its rounds won among the rounds with a winner (with their
interval) and its mean score per such round (scores are penalties: lower is better, the
round's winner scores 0 or less), then the deals, mean turns per round and games per second.

There is one seat per listed bot. Game i (1..N) is dealt with the seed "S-i" and seats the
k-th listed bot (k = 0, 1, ...) at seat (k + i - 1) mod players, so with N a multiple of the
number of players every bot plays every seat equally often; each bot is made afresh for every
match with the seed "S-i-SEAT", and seat 0 deals first. With --partnership (4 bots) seats 0+2
play against 1+3, so the 1st and 3rd listed bots are partners against the 2nd and 4th, and a
match win is a win of the bot's team. Results are the same for the same seed whatever --jobs
is (the matches are summed in game order); only the timing differs.

A bot spec is a name, optionally with an argument: random, greedy, ismcts:iterations=200,
external:python3 mybot.py (a program speaking docs/bot-protocol.md). --bots splits on every
comma; a spec that contains a comma needs --bot SPEC (repeated, once per seat).

A progress bar is drawn on stderr when stderr is a terminal (--progress: always, --quiet:
never); stdout carries only the table or, with --json, one JSON object ("timing" holds the
only fields that change between runs). --records DIR writes every match's hand-record/1
record (names "bot:LABEL" per seat) as DIR/game-000001.json, ...; 'hand replay' replays them.

Exit codes: 0 done, 1 a bot failed (crashed, chose an illegal action, timed out: the message
names the bot and the game's seed; with --records, that match's record up to the failure is
written too), 2 bad input (unknown bot, preset or option).
"""


def _simulate_parser(sub: Any) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many bot-against-bot matches and compare the bots",
        description=SIMULATE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
        "  hand simulate --bots random,random --games 20 --rounds 1 --seed 1\n"
        "  hand simulate --bots greedy,random,random --games 300 --jobs 2 --json\n"
        "  hand simulate --bots greedy,random,greedy,random --partnership --games 40\n"
        "  hand simulate --bot 'external:python3 examples/random_bot.py' --bot random "
        "--games 10 --records out/",
    )
    p.add_argument(
        "--bots",
        metavar="A,B[,C,D]",
        help="the bots, one per seat, separated by commas (see 'hand simulate --help')",
    )
    p.add_argument(
        "--bot",
        action="append",
        metavar="SPEC",
        help="one bot (repeat once per seat); for specs that contain a comma",
    )
    p.add_argument("--games", type=int, default=100, metavar="N", help="matches (default: 100)")
    p.add_argument("--seed", default="0", metavar="S", help="the seed of everything (default: 0)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default: 1)")
    _rules_flags(p)
    p.add_argument(
        "--rounds", type=int, metavar="R", help="scored rounds per match (the option rounds)"
    )
    p.add_argument(
        "--partnership", action="store_true", help="4 bots: seats 0+2 against 1+3 (L-91)"
    )
    p.add_argument(
        "--records",
        metavar="DIR",
        help="write each match's hand-record/1 record as DIR/game-000001.json, ...",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument(
        "--progress",
        action="store_true",
        help="show the progress bar on stderr even when it is not a terminal",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)


SERVE_HELP = """\
Run the game server for browser play: HTTP API (documentation at /docs) and WebSocket
/ws/tables/ID (docs/web-protocol.md). Tables are stored as they are played, in a SQLite file
by default ($XDG_DATA_HOME/handgame/handgame.sqlite, else ~/.local/share/handgame/), or in
PostgreSQL with --database-url postgresql://USER@HOST/DB (or $HAND_DATABASE_URL; needs
psycopg: pip install 'handgame[postgres]'). A restarted server resumes every table.
"""


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted."""
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, not {args.port}")
    if args.turn_timeout is not None and args.turn_timeout <= 0:
        raise UsageError("--turn-timeout must be more than 0 seconds (0: omit it for no limit)")
    if args.bot_delay < 0:
        raise UsageError("--bot-delay must be 0 or more seconds")
    if not args.evict_after >= 0:
        raise UsageError("--evict-after must be 0 or more seconds")
    try:
        import uvicorn

        from handgame.server.app import create_app
        from handgame.server.hub import Settings
        from handgame.server.storage import default_database_url, display_url
        from handgame.server.table import check_bot
    except ModuleNotFoundError as e:  # pragma: no cover - a broken install
        raise UsageError(f"hand serve needs {e.name}: pip install handgame") from None
    settings = Settings(
        database_url=args.database_url or default_database_url(),
        turn_timeout=args.turn_timeout if args.turn_timeout else None,
        bot_delay=args.bot_delay,
        stand_in=check_bot(args.stand_in),
        evict_after=args.evict_after,
    )
    try:
        from handgame.server.storage import Storage

        Storage(settings.database_url).close()
    except Exception as e:
        shown = display_url(settings.database_url)
        raise UsageError(f"cannot open the database {shown}: {e}") from None
    print(
        f"hand serve: http://{args.host}:{args.port}/docs ({display_url(settings.database_url)})",
        file=sys.stderr,
    )
    from handgame.server.app import redact_server_logs

    config = uvicorn.Config(
        create_app(settings),
        host=args.host,
        port=args.port,
        ws_max_size=64 * 1024,
        log_level="info",
    )
    redact_server_logs()  # after uvicorn.Config, which sets up its logging
    uvicorn.Server(config).run()
    return 0


def _serve_parser(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="run the game server for browser play (HTTP API and WebSocket)",
        description=SERVE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    p.add_argument("--database-url", metavar="URL", help="sqlite:///PATH or postgresql://...")
    p.add_argument(
        "--turn-timeout",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds a human has for each decision before a bot plays for it (default: 60)",
    )
    p.add_argument(
        "--bot-delay", type=float, default=0.6, metavar="S", help="pause before bot moves"
    )
    p.add_argument(
        "--stand-in", default="greedy", metavar="BOT", help="the bot that plays for absent humans"
    )
    p.add_argument(
        "--evict-after",
        type=float,
        default=30.0,
        metavar="S",
        help="seconds a finished table with no one connected stays in memory (it stays in the "
        "database and reloads on demand; default: 30)",
    )
    p.set_defaults(func=cmd_serve)


def _safe_output() -> None:
    """Never fail on a character the terminal's encoding lacks."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a closed or odd stream
                pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hand`` command; returns the exit code."""
    _safe_output()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        code: int = args.func(args)
        return code
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except ValueError as e:  # UsageError, CardError, OptionError, MeldError, ...
        print(f"hand: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. hand rules levant | head
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
