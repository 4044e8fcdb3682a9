"""The native extension of Hand (issue 19, ``native/legal.cpp``): loading it and feeding it.

The package build (``pip install .``) compiles ``_legal_native``,
:mod:`handgame.core.extensions` loads it; without it, or with ``HANDGAME_NATIVE=0``,
:func:`extension` is None and every caller takes its Python reference; ``HANDGAME_NATIVE=1``
requires the build. The engine's state is handed over as ints, converted here once per call:
cards as their codes, the ruleset and wild cards as :func:`config`, table melds as
:func:`table` (remembered per meld). Its callers: :mod:`handgame.games.hand.native_legal`
(the draw decision), :mod:`handgame.games.hand.finish` (``_quick_verdict``),
:mod:`handgame.games.hand.going_out` (``could_go_out``),
:mod:`handgame.games.hand.candidates` (the lay-offs and swaps of ``step_candidates``) and
:mod:`handgame.games.hand.native_search` (the turn search and the play phase's steps).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from handgame.core import extensions
from handgame.games.hand.melds import Meld
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.wilds import Wilds

_NATIVE = extensions.extension("handgame.games.hand._legal_native")


def extension() -> Any:
    """The extension module when the native path is in use, else None."""
    return _NATIVE.on


def path() -> str:
    """``native`` or ``python``: the path Hand's native-capable functions take now."""
    return _NATIVE.path()


def native_available() -> bool:
    """Whether the native extension is built and loaded (whatever path is in use)."""
    return _NATIVE.available()


def use_native(on: bool) -> bool:
    """Switch between the native and the pure path (tests); returns the previous setting."""
    return _NATIVE.use(on)


# How the option values the native code reads are coded (native/legal.cpp's enums).
PICKUP = {"new-meld": 0, "new-meld-or-add": 1, "must-meld": 2, "free": 3}
DISCARDED_WILD = {"natural": 0, "aces-set-only": 1, "never": 2, "wild": 3}


@lru_cache(maxsize=256)
def config(rules: Ruleset, wilds: Wilds) -> tuple[int, ...]:
    """The options and wild cards the native code reads, as ints (legal.cpp read_config)."""
    return (
        -1 if wilds.wild is None else int(wilds.wild),
        -1 if wilds.joker_as is None else int(wilds.joker_as),
        1 if rules.wild_limit == "one" else 0,
        rules.max_meld_size or 0,
        1 if rules.opening_values == "gulf" else 0,
        rules.ace_low_value,
        rules.ace_high_value,
        PICKUP[rules.discard_pickup],
        DISCARDED_WILD[rules.discarded_wild],
        1 if rules.pair_plus_wild == "free" else 0,
    )


# Every option the native code was written for: read by it, or not bearing on what it
# answers (scoring, dealing, the match). An option added to Ruleset later is not among them, and
# a ruleset holding it stays on the Python path until someone says how it bears on that.
KNOWN_OPTIONS = frozenset(
    {
        # read natively (legal.cpp): the meld list, its values, the taken discard
        "wild_limit", "max_meld_size", "opening_values", "ace_low_value", "ace_high_value",
        "discard_pickup", "discarded_wild", "pair_plus_wild",
        # read here in Python: the wild cards, the minimum, whether going out is barred
        "jokers", "wilds", "ace_indicator", "initial_minimum", "escalating_minimum",
        "first_turn_win", "announcements",
        # read by the turn search (native_search.search_config): O-7, L-40/F-8, O-11
        "swap_must_reuse", "swap_needs_opening", "bonuses",
        # not bearing on legal steps (dealing, scores, the match)
        "deal", "penalty_values", "ace_in_hand",
        "stock_end", "win_partial", "win_full", "unopened_penalty",
        "full_hand_multiplier", "rounds", "penalty_limit", "dealer", "redeal_pairs",
    }
)  # fmt: skip


@lru_cache(maxsize=64)
def rules_support(rules: Ruleset) -> str | None:
    """Why this ruleset is not played natively (None: it is), from its option values: the one
    place that says it."""
    unknown = sorted(f.name for f in dataclasses.fields(rules) if f.name not in KNOWN_OPTIONS)
    if unknown:
        return f"option(s) {', '.join(unknown)} not ported to the native path"
    if rules.discard_pickup not in PICKUP:
        return f"discard_pickup={rules.discard_pickup} not ported to the native path"
    if rules.discarded_wild not in DISCARDED_WILD:
        return f"discarded_wild={rules.discarded_wild} not ported to the native path"
    return None


def support(rules: Ruleset) -> str | None:
    """Why play under ``rules`` is not native (the path off, or an option not ported), or
    None when it is."""
    if _NATIVE.on is None:
        return "the native path is off (not built, or HANDGAME_NATIVE=0)"
    return rules_support(rules)


def config_of(rules: Ruleset, wilds: Wilds) -> tuple[int, ...]:
    """:func:`config`, the recent (rules, wilds) pairs remembered by identity (a round keeps
    both objects: no hashing at every decision; several rounds at once in a batched RL
    environment, issue 39)."""
    key = (id(rules), id(wilds))
    got = _CONFIGS.get(key)
    if got is not None and got[0] is rules and got[1] is wilds:
        return got[2]
    conf = config(rules, wilds)
    if len(_CONFIGS) >= _CONFIGS_MAX:
        _CONFIGS.clear()
    _CONFIGS[key] = (rules, wilds, conf)  # each entry set whole (the objects kept alive)
    return conf


#: the recent (rules, wilds) pairs converted, by identity, and their conversions (bounded)
_CONFIGS: dict[tuple[int, int], tuple[Any, Any, tuple[int, ...]]] = {}
_CONFIGS_MAX = 1024


_LAST: list[Any] = [None, []]  # the last table converted and its conversion


def play_table(melds: tuple[Meld, ...]) -> list[tuple[int, ...]]:
    """The table's melds as the turn search reads them (``Meld.as_play_ints``; the last
    table kept: it changes only when a seat lays, adds or swaps)."""
    global _LAST_PLAY
    last = _LAST_PLAY
    if last[0] is melds:
        return last[1]
    out: list[tuple[int, ...]] = [m.as_play_ints for m in melds]
    _LAST_PLAY = (melds, out)  # one tuple, replaced whole: safe across threads
    return out


_LAST_PLAY: tuple[Any, list[tuple[int, ...]]] = (None, [])  # the last table for play_table


def table(melds: tuple[Meld, ...]) -> list[tuple[int, ...]]:
    """The table's melds as legal.cpp reads them (``Meld.as_ints``; the last table kept)."""
    if _LAST[0] is melds:
        got: list[tuple[int, ...]] = _LAST[1]
        return got
    out: list[tuple[int, ...]] = [m.as_ints for m in melds]
    _LAST[0], _LAST[1] = melds, out
    return out
