"""``hand rules``: list every registered game's presets (from the registry), or show one
preset's options with their rule ids (Hand's options), or print Hand's option table."""

from __future__ import annotations

import argparse
from typing import Any

from handgame.cli.common import print_json, show_value
from handgame.core.errors import OptionError
from handgame.core.game import PresetInfo
from handgame.core.registry import games, preset_names
from handgame.games.hand.rules import OPTION_SPECS, PRESETS, OptionSpec


def spec_values(spec: OptionSpec) -> str:
    """The values an option allows, in words."""
    if spec.values is not None:
        return spec.values
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


def _preset_info(name: str) -> PresetInfo:
    """The registry's entry of preset ``name``; raises ``OptionError`` listing the presets."""
    for game in games():
        for info in game.preset_info:
            if info.name == name:
                return info
    raise OptionError(f"unknown preset {name!r}; valid presets: {', '.join(preset_names())}")


def _preset_json(name: str) -> dict[str, Any]:
    """A preset as ``--json`` shows it; with its option values and their rule ids when it is
    one of Hand's presets."""
    p = _preset_info(name)
    out: dict[str, Any] = {
        "preset": p.name,
        "summary": p.summary,
        "players": {"min": p.min_players, "max": p.max_players, "default": p.default_players},
    }
    if name in PRESETS:
        out["options"] = PRESETS[name].rules.options()
        out["rules"] = {n: s.rule for n, s in OPTION_SPECS.items()}
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
    players = info["players"]
    print(f"{info['preset']}: {info['summary']}")
    if "options" not in info:  # another game's preset: Hand's options are not its own
        print(f"players: {players['min']} to {players['max']}")
        return 0
    print(f"players: {players['min']} to {players['max']} solo, or 4 in partnership")
    print("options (override with --option NAME=VALUE; rule ids from RULES.md):")
    width = max(len(n) for n in OPTION_SPECS)
    for n, spec in OPTION_SPECS.items():
        value = show_value(info["options"][n])
        print(f"  {n:<{width}} = {value:<10} [{spec.rule}] {spec.doc}")
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``rules`` command to the subcommands ``sub``."""
    p = sub.add_parser(
        "rules",
        help="list the presets, or show a preset's options",
        description="Without PRESET, list the presets; with PRESET, show its option values with "
        "the RULES.md rule ids.",
    )
    presets = ", ".join(preset_names())
    p.add_argument("preset", nargs="?", metavar="PRESET", help=f"one of {presets}")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument(
        "--markdown",
        action="store_true",
        help="print the option table of every preset as Markdown (as in the README)",
    )
    p.set_defaults(func=cmd_rules)


__all__ = ["add_parser", "cmd_rules", "options_markdown", "spec_values"]
