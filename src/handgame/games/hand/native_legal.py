"""The native path of Hand's ``legal_actions`` (issue 19), beside the Python reference.

What is native so far: the draw decision (L-61, L-62). Whether the top discard may be taken
is the costly question there (can the turn still be finished after taking it: the same
exact shortcuts as ``finish._quick_verdict``, with the meld list, its packing and
``could_go_out`` in C++, ``native/legal.cpp``). Where the reference would need its full turn
search, or a meld list only its general generator makes, the native code says "undecided" and
the Python reference (``finish.accepts``) decides that candidate. Every other phase is on the
Python path: :func:`native_support` says, in one place, why a state is not native.

Built by ``python native/build.py`` (``_legal_native``); without the build, or with
``HANDGAME_NATIVE=0``, everything is the Python reference; ``HANDGAME_NATIVE=1`` requires it.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from handgame.core.kernel import load_extension
from handgame.games.hand.actions import Action, Draw
from handgame.games.hand.finish import accepts
from handgame.games.hand.melds import RUN, Meld
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.turn import going_out_forbidden, required_minimum
from handgame.games.hand.wilds import Wilds

if TYPE_CHECKING:
    from handgame.games.hand.state import State

# The version of the extension's API; a build of another version is not used.
LEGAL_VERSION = 1

_native: ModuleType | None = load_extension(
    "handgame.games.hand._legal_native", "LEGAL_VERSION", LEGAL_VERSION
)
_draw_discard: Any = _native.draw_discard if _native is not None else None

# How the option values the native code reads are coded (native/legal.cpp's enums).
_PICKUP = {"new-meld": 0, "new-meld-or-add": 1, "must-meld": 2, "free": 3}
_DISCARDED_WILD = {"natural": 0, "aces-set-only": 1, "never": 2, "wild": 3}
# Every option the native draw decision was written for: read by it, or not bearing on a
# draw (scoring, dealing, the match). An option added to Ruleset later is not among them, and
# a ruleset holding it stays on the Python path until someone says how it bears on a draw.
KNOWN_OPTIONS = frozenset(
    {
        # read natively (legal.cpp): the meld list, its values, the taken discard
        "wild_limit", "max_meld_size", "opening_values", "ace_low_value", "ace_high_value",
        "discard_pickup", "discarded_wild", "pair_plus_wild",
        # read here in Python: the wild cards, the minimum, whether going out is barred
        "jokers", "wilds", "ace_indicator", "initial_minimum", "escalating_minimum",
        "first_turn_win", "announcements",
        # not bearing on whether a draw is legal (later steps of the turn, scores, the match)
        "deal", "penalty_values", "ace_in_hand", "swap_must_reuse", "swap_needs_opening",
        "stock_end", "bonuses", "win_partial", "win_full", "unopened_penalty",
        "full_hand_multiplier", "rounds", "penalty_limit", "dealer", "redeal_pairs",
    }
)  # fmt: skip


@lru_cache(maxsize=64)
def rules_support(rules: Ruleset) -> str | None:
    """Why this ruleset's draw decisions are not native (None: they are), from its options."""
    unknown = sorted(f.name for f in dataclasses.fields(rules) if f.name not in KNOWN_OPTIONS)
    if unknown:
        return f"option(s) {', '.join(unknown)} not ported to the native path"
    if rules.discard_pickup not in _PICKUP:
        return f"discard_pickup={rules.discard_pickup} not ported to the native path"
    if rules.discarded_wild not in _DISCARDED_WILD:
        return f"discarded_wild={rules.discarded_wild} not ported to the native path"
    return None


def native_support(state: State) -> str | None:
    """Why ``legal_actions(state)`` is not (partly) computed natively, or None when it is."""
    if _draw_discard is None:
        return "the native legal actions are off (not built, or HANDGAME_NATIVE=0)"
    if state.phase is not Phase.DRAW:
        return f"the {state.phase.value} phase is on the Python path (not ported yet)"
    return rules_support(state.rules)


def native_available() -> bool:
    """Whether the native extension is built and importable (whatever path is in use)."""
    return _native is not None


def use_native(on: bool) -> bool:
    """Switch between the native and the pure path (tests); returns the previous setting."""
    global _draw_discard
    before = _draw_discard is not None
    if on and _native is None:
        raise RuntimeError("the native legal actions are not built: python native/build.py")
    _draw_discard = _native.draw_discard if on and _native is not None else None
    return before


# How often the native code decided the discard's draw, and how often the reference did.
COUNTS = {"native": 0, "reference": 0}


def draws(state: State) -> list[Action] | None:
    """The seat to act's legal draws (``Draw`` stock, then discard), or None when this state
    is not on the native path (:func:`native_support`): the caller lists them in Python."""
    if native_support(state) is not None:
        return None
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    out: list[Action] = []
    if rnd.stock:
        out.append(Draw(seat, "stock"))  # nothing is owed after it (finish.obligated)
    if not rnd.discard_pile:
        return out
    by = rnd.pile_top_by
    verdict = _draw_discard(
        rnd.hands[seat],
        rnd.discard_pile[-1],
        _table(rnd.melds),
        _config(state.rules, rnd.wilds),
        rnd.opened[seat],
        required_minimum(state),
        going_out_forbidden(state) is not None,
        by is not None and rnd.opened[by],
    )
    if verdict < 0:
        COUNTS["reference"] += 1
        take = Draw(seat, "discard")
        if accepts(state, take):
            out.append(take)
    else:
        COUNTS["native"] += 1
        if verdict:
            out.append(Draw(seat, "discard"))
    return out


@lru_cache(maxsize=256)
def _config(rules: Ruleset, wilds: Wilds) -> tuple[int, ...]:
    """The options and wild cards the native code reads, as ints (legal.cpp read_config)."""
    return (
        -1 if wilds.wild is None else int(wilds.wild),
        -1 if wilds.joker_as is None else int(wilds.joker_as),
        1 if rules.wild_limit == "one" else 0,
        rules.max_meld_size or 0,
        1 if rules.opening_values == "gulf" else 0,
        rules.ace_low_value,
        rules.ace_high_value,
        _PICKUP[rules.discard_pickup],
        _DISCARDED_WILD[rules.discarded_wild],
        1 if rules.pair_plus_wild == "free" else 0,
    )


_TABLE: dict[Meld, tuple[int, ...]] = {}


def _table(melds: tuple[Meld, ...]) -> list[tuple[int, ...]]:
    """The table's melds as legal.cpp reads them (remembered per meld)."""
    out = []
    for m in melds:
        got = _TABLE.get(m)
        if got is None:
            run = m.kind == RUN
            suits = 0
            for s in m.natural_suits:
                suits |= 1 << s
            stands_for = 0
            if run:
                for i in m.wild_at:
                    sf = m.stands_for(i)
                    if sf is not None:
                        stands_for |= 1 << sf
            got = (
                1 if run else 0,
                m.suit,
                m.rank,
                m.start,
                len(m.cards),
                len(m.wild_at),
                suits,
                stands_for,
            )
            if len(_TABLE) > 50_000:
                _TABLE.clear()
            _TABLE[m] = got
        out.append(got)
    return out
