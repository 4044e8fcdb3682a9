"""``hand meld``: check one meld and what it counts toward an opening, for any game whose spec
has a meld check (Hand: runs and sets, its wild cards decided by the indicator; Hand and Foot:
melds and books of one rank)."""

from __future__ import annotations

import argparse
from typing import Any

from handgame.cli.common import UsageError, parse_option, print_json, rules_flags
from handgame.core.cards import Card
from handgame.core.errors import MeldError, OptionError
from handgame.core.registry import find_game, games


def _meld_presets() -> list[str]:
    """The presets of every game with a meld check."""
    return [p for g in games() if g.check_meld is not None for p in g.presets]


def cmd_meld(args: argparse.Namespace) -> int:
    """``hand meld``: is the meld valid, what kind, and what it counts toward an opening."""
    overrides = dict(parse_option(o) for o in args.option or ())
    game = find_game(args.rules)
    if game.check_meld is None:
        raise OptionError(
            f"hand meld checks the melds of {', '.join(_meld_presets())}, not {args.rules}"
        )
    texts = [t for t in args.cards if t != "--"]
    if not texts:
        raise UsageError("give the meld's cards, e.g. hand meld --indicator 7C -- 7D AC 9D")
    cards = tuple(Card.parse(t) for t in texts)
    indicator = Card.parse(args.indicator) if args.indicator is not None else None
    try:
        kind, value = game.check_meld(args.rules, overrides, cards, indicator)
    except MeldError as e:
        print_json({"valid": False, "kind": None, "value": None, "reason": str(e)})
        return 1
    print_json({"valid": True, "kind": kind, "value": value, "reason": None})
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``meld`` command to the subcommands ``sub``."""
    p = sub.add_parser(
        "meld",
        help="check one meld and its opening count",
        description="Check a meld as laid (a run in ascending order) and print one JSON object "
        '{"valid", "kind", "value", "reason"}; value is its opening count (Hand: L-30…L-32, '
        "G-6; Hand and Foot: HF-7, HF-8). Exit 0 valid, 1 not valid, 2 bad input.",
    )
    rules_flags(p)
    p.add_argument(
        "--indicator",
        metavar="CARD",
        help="the indicator card, needed when wilds is indicator or no-jokers (levant), e.g. 7C",
    )
    p.add_argument("cards", nargs="*", metavar="CARD", help="the cards: AS TD 10H 7C X ...")
    p.set_defaults(func=cmd_meld)


__all__ = ["add_parser", "cmd_meld"]
