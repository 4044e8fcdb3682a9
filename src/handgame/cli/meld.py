"""``hand meld``: check one meld of Hand and what it counts toward an opening (Hand's own
command: it reads Hand's rulesets, cards and indicator)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from handgame.cli.common import UsageError, parse_option, print_json, rules_flags
from handgame.core.cards import Card
from handgame.core.errors import MeldError, OptionError
from handgame.games.hand.melds import analyze
from handgame.games.hand.rules import Ruleset, make_ruleset
from handgame.games.hand.values import opening_value
from handgame.games.hand.wilds import indicator_allowed, indicator_needed, wilds_for


def ruleset_from(preset: str, options: Sequence[str] | None) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset of ``--rules`` and ``--option`` flags, with the overrides as a dict."""
    overrides = dict(parse_option(o) for o in options or ())
    return make_ruleset(preset, overrides), overrides


def cmd_meld(args: argparse.Namespace) -> int:
    """``hand meld``: is the meld valid, what kind, and what it counts toward an opening."""
    rules, _ = ruleset_from(args.rules, args.option)
    texts = [t for t in args.cards if t != "--"]
    if not texts:
        raise UsageError("give the meld's cards, e.g. hand meld --indicator 7C -- 7D AC 9D")
    cards = tuple(Card.parse(t) for t in texts)
    indicator = Card.parse(args.indicator) if args.indicator is not None else None
    if indicator is not None and not indicator_needed(rules):
        raise OptionError(
            f"--indicator {indicator} contradicts wilds={rules.wilds}: these rules turn no "
            "indicator, the jokers are the wild cards (O-2, G-2, F-2)",
            rules=("O-2", "G-2", "F-2"),
        )
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
        print_json({"valid": False, "kind": None, "value": None, "reason": str(e)})
        return 1
    value = opening_value(meld, rules)
    print_json({"valid": True, "kind": meld.kind, "value": value, "reason": None})
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``meld`` command to the subcommands ``sub``."""
    p = sub.add_parser(
        "meld",
        help="check one meld and its opening count",
        description="Check a meld as laid (a run in ascending order) and print one JSON object "
        '{"valid", "kind", "value", "reason"}; value is its opening count (L-30…L-32, G-6). '
        "Exit 0 valid, 1 not valid, 2 bad input.",
    )
    rules_flags(p)
    p.add_argument(
        "--indicator",
        metavar="CARD",
        help="the indicator card, needed when wilds is indicator or no-jokers (levant), e.g. 7C",
    )
    p.add_argument("cards", nargs="*", metavar="CARD", help="the cards: AS TD 10H 7C X ...")
    p.set_defaults(func=cmd_meld)


__all__ = ["add_parser", "cmd_meld", "ruleset_from"]
