"""``hand rules``: list every registered game's presets (from the registry), show one preset's
options with their values, bounds and rule ids (any game's: the game spec carries them), or
print every game's option table as Markdown."""

from __future__ import annotations

import argparse
from typing import Any

from handgame.cli.common import print_json, show_value
from handgame.core.errors import OptionError
from handgame.core.game import GameSpec, PresetInfo
from handgame.core.options import OptionSpec
from handgame.core.registry import games, preset_names
from handgame.play.registry import offered_bots


def spec_values(spec: OptionSpec) -> str:
    """The values an option allows, in words."""
    return spec.values()


def _table(game: GameSpec) -> list[str]:
    """One game's option table: a row per option, a column per preset."""
    infos = game.preset_info
    lines = [
        "| option | values | " + " | ".join(f"`{p.name}`" for p in infos) + " | rules |",
        "| --- | --- | " + " | ".join("---" for _ in infos) + " | --- |",
    ]
    for spec in game.options:
        values = spec.values()
        if spec.kind in ("choice", "bool"):
            values = ", ".join(f"`{v}`" for v in values.split(", "))
        cells = [f"`{show_value(p.values.get(spec.name))}`" for p in infos]
        lines.append(f"| `{spec.name}` | {values} | " + " | ".join(cells) + f" | {spec.rule} |")
    return lines


def options_markdown() -> str:
    """The option table of every game with options, as Markdown (docs/options.md holds this
    output: a test checks it is current)."""
    parts = ["\n".join(_table(game)) for game in games() if game.options]
    return "\n\n".join(parts)


def _find(name: str) -> tuple[GameSpec, PresetInfo]:
    """The game and registry entry of preset ``name``; raises ``OptionError`` listing them."""
    for game in games():
        for info in game.preset_info:
            if info.name == name:
                return game, info
    raise OptionError(f"unknown preset {name!r}; valid presets: {', '.join(preset_names())}")


def players_words(info: PresetInfo) -> str:
    """The player counts in words: ``2 to 5 solo, or 4 in partnership``, ``2, 3, 4 or 6``."""
    counts = info.counts()
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        words = f"{counts[0]} to {counts[-1]}"
    else:
        words = ", ".join(str(n) for n in counts[:-1]) + f" or {counts[-1]}"
    if info.partnership_players is not None:
        words += f" solo, or {info.partnership_players} in partnership"
    return words


def _preset_json(name: str) -> dict[str, Any]:
    """A preset as ``--json`` shows it: its game, players, option values, rule ids and specs."""
    game, p = _find(name)
    out: dict[str, Any] = {
        "preset": p.name,
        "game": game.name,
        "summary": p.summary,
        "players": {
            "min": p.min_players,
            "max": p.max_players,
            "default": p.default_players,
            "counts": list(p.counts()),
            "partnership": p.partnership_players,
        },
    }
    out["levels"] = dict(game.levels())
    out["bots"] = [
        {"spec": o.spec, "players": list(o.players)} for o in offered_bots(game.name)
    ]
    if game.options:
        out["options"] = dict(p.values)
        out["rules"] = {s.name: s.rule for s in game.options}
        out["specs"] = [s.to_json() for s in game.options]
    return out


def cmd_rules(args: argparse.Namespace) -> int:
    """``hand rules``: list the presets, or show one preset's options."""
    if args.markdown:
        print(options_markdown())
        return 0
    if args.preset is None:
        if args.json:
            print_json([_preset_json(n) for n in preset_names()], indent=2)
            return 0
        print("presets (hand rules PRESET shows one):")
        for game in games():
            for p in game.preset_info:
                print(f"  {p.name:<12} {p.summary}")
        return 0
    info = _preset_json(args.preset)
    if args.json:
        print_json(info, indent=2)
        return 0
    game, preset = _find(args.preset)
    print(f"{info['preset']}: {info['summary']}")
    print(f"players: {players_words(preset)}")
    if info["levels"]:
        # the game's own ladder: what --opponents, --bots and the lobby offer by level
        levels = ", ".join(f"{name} ({bot})" for name, bot in info["levels"].items())
        default = f"; by default {game.default_level}" if game.default_level else ""
        print(f"bots by level, weakest first: {levels}{default}")
    if not game.options:
        return 0
    print("options (override with --option NAME=VALUE; rule ids from spec/RULES.md):")
    width = max(len(s.name) for s in game.options)
    for spec in game.options:
        value = show_value(preset.values.get(spec.name))
        print(f"  {spec.name:<{width}} = {value:<10} [{spec.rule}] {spec.doc} ({spec.values()})")
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``rules`` command to the subcommands ``sub``."""
    p = sub.add_parser(
        "rules",
        help="list the presets, or show a preset's options",
        description="Without PRESET, list the presets of every game; with PRESET, show its "
        "player counts and option values, each with its allowed values and rule ids "
        "(spec/RULES.md).",
    )
    presets = ", ".join(preset_names())
    p.add_argument("preset", nargs="?", metavar="PRESET", help=f"one of {presets}")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument(
        "--markdown",
        action="store_true",
        help="print every game's option table as Markdown (as in docs/options.md)",
    )
    p.set_defaults(func=cmd_rules)


__all__ = ["add_parser", "cmd_rules", "options_markdown", "players_words", "spec_values"]
