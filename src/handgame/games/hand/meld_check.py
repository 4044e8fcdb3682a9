"""One meld of Hand checked on its own, as ``hand meld`` asks: its kind and what it counts
toward an opening (L-30…L-32, G-6), under a preset with option overrides and an indicator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from handgame.core.cards import Card
from handgame.core.errors import OptionError
from handgame.games.hand.melds import analyze
from handgame.games.hand.rules import make_ruleset
from handgame.games.hand.values import opening_value
from handgame.games.hand.wilds import indicator_allowed, indicator_needed, wilds_for


def check_meld(
    preset: str, options: Mapping[str, Any], cards: Sequence[Card], indicator: Card | None
) -> tuple[str, int]:
    """``(kind, opening value)`` of the meld ``cards`` as laid (a run ascending); raises
    ``MeldError`` when the rules refuse it, ``OptionError`` for a bad preset, option or
    indicator (the indicator decides the wild cards under ``wilds=indicator``, L-20)."""
    rules = make_ruleset(preset, options)
    if indicator is not None and not indicator_needed(rules):
        raise OptionError(
            f"--indicator {indicator} contradicts wilds={rules.wilds}: these rules turn no "
            "indicator, the jokers are the wild cards (O-2, G-2, F-2)",
            rules=("O-2", "G-2", "F-2"),
        )
    if indicator_needed(rules):
        if indicator is None:
            if any(c.is_joker or c.rank == 1 for c in cards):
                raise OptionError(
                    f"these rules (wilds={rules.wilds}) turn an indicator card that decides "
                    "which aces and jokers are wild: give it with --indicator CARD, e.g. "
                    "--indicator 7C (L-20)",
                    rules=("L-20",),
                )
            # with no ace and no joker, no card of the meld can be wild whatever the indicator
            indicator = Card.parse("KS")
        elif not indicator_allowed(rules, indicator):
            why = "a joker" if indicator.is_joker else "an ace under ace_indicator=redraw (O-2)"
            raise OptionError(
                f"{indicator} cannot be the indicator: it is {why} (L-20)", rules=("L-20",)
            )
    meld = analyze(tuple(cards), wilds_for(rules, indicator), rules)
    return meld.kind, opening_value(meld, rules)


__all__ = ["check_meld"]
