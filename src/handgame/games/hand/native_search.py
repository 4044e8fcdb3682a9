"""The turn search on the native path (issue 19, ``native/turn_search.hpp``): feeding it.

``finish.accepts`` and ``finish.can_finish_turn`` ask here first: the turn is handed over as
ints once per call (the hand's codes, each table meld as ``Meld.as_play_ints``, the turn's
fields as :func:`turn_ints`) and the native code steps through candidates on a count-vector
state with its own memo, answering exactly what the Python search answers. None (or, per
candidate, :data:`ASK`) means "not native here": the rules are not ported
(``native.rules_support``), a restricted taken wild is still in play (L-66, O-6: the general
meld generator and the physical copy), more than 64 melds lie on the table, or a shortcut
left the answer to the reference; the caller then runs the Python reference.
"""

from __future__ import annotations

from functools import lru_cache

from handgame.core.cards import ALL_CARDS
from handgame.games.hand import native
from handgame.games.hand.actions import Action, LayMelds, LayOff, SwapWild
from handgame.games.hand.match import Match
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.turn import going_out_forbidden, required_minimum

ASK = -2  # the native answer "ask the Python reference"

# How many candidate steps (and can_finish_turn calls) the native search answered, and how
# many it left to the reference (tests check that both kinds occur).
COUNTS = {"native": 0, "reference": 0}

_ENDS = {None: -1, "low": 0, "high": 1}
_END_NAMES: dict[int, str | None] = {-1: None, 0: "low", 1: "high"}


@lru_cache(maxsize=64)
def search_config(rules: Ruleset) -> tuple[int, int, int]:
    """The options only the search reads: two-wilds (O-11), swap_needs_opening (L-40, F-8),
    swap_must_reuse (O-7)."""
    return (
        1 if "two-wilds" in rules.bonuses else 0,
        1 if rules.swap_needs_opening else 0,
        1 if rules.swap_must_reuse else 0,
    )


def search_support(state: Match) -> str | None:
    """Why the turn search of this state is not native, or None when it is."""
    why = native.support(state.rules)
    if why is not None:
        return why
    rnd = state.round
    if state.phase is not Phase.PLAY or rnd is None:
        return f"the turn search runs in the play phase, not in {state.phase.value}"
    ts = rnd.turn_state
    if ts.restriction is not None and not ts.taken_used:
        return (
            "the discarded wild card taken is restricted (L-66, O-6): its physical copy is "
            "tracked and its melds need the general generator, both in Python"
        )
    if len(rnd.melds) > 64:
        return "more than 64 melds on the table (the native search marks them in 64 bits)"
    return None


def turn_args(state: Match) -> tuple[object, ...] | None:
    """The seat to act's turn as ``search_accepts``/``search_finishable`` read it, or None
    when the search is not native for this state (:func:`search_support`)."""
    if search_support(state) is not None:
        return None
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    rules = state.rules
    seat = rnd.turn
    laid = 0
    for i in ts.laid:
        laid |= 1 << i
    # L-44 (b): another seat is left with one card (seen on the table without announcements)
    other_one = any(
        (rnd.announced[o] == 1 or not rules.announcements) and len(rnd.hands[o]) == 1
        for o in range(state.game.players)
        if o != seat
    )
    turn = (
        seat,
        required_minimum(state),
        going_out_forbidden(state) is not None,
        other_one,
        rnd.laid_before[seat],
        -1 if ts.taken is None else ts.taken,
        ts.taken_from_opened,
        rnd.opened[seat],
        ts.taken_used,
        laid,
        ts.laid_value,
        ts.provisional,
        ts.touched_other,
        ts.l44_pending,
        ts.reuse_owed,
    )
    return (
        rnd.hands[seat],
        native.play_table(rnd.melds),
        rnd.owners,
        turn,
        native.config_of(rules, rnd.wilds),
        search_config(rules),
    )


def candidate_ints(action: Action, no_out: bool) -> tuple[int, ...] | None:
    """A candidate step as ``search_accepts`` reads it, or None (not a step it takes)."""
    if isinstance(action, LayMelds):
        if len(action.melds) != 1 or len(action.melds[0]) > 14:
            return None
        return (0, no_out, *action.melds[0])
    if isinstance(action, LayOff):
        return (1, no_out, action.to, action.card, _ENDS[action.end])
    if isinstance(action, SwapWild):
        return (2, no_out, action.at, *action.cards)
    return None


def accepts(state: Match, checks: list[tuple[Action, bool]]) -> list[int] | None:
    """``finish.accepts`` of each (action, no_out) of the seat to act: 1, 0 or :data:`ASK`
    for each; None when the search is not native for this state."""
    args = turn_args(state)
    if args is None:
        return None
    ints = [candidate_ints(a, no_out) for a, no_out in checks]
    if any(c is None for c in ints):
        return None
    got: list[int] = native.extension().search_accepts(*args, ints)
    asked = got.count(ASK)
    COUNTS["native"] += len(got) - asked
    COUNTS["reference"] += asked
    return got


def finishable(state: Match, no_out: bool = False) -> bool | None:
    """``finish._finishable`` of a position (``no_out``: ``could_go_out`` is known to be
    False) natively, or None (the reference answers)."""
    args = turn_args(state)
    if args is None:
        return None
    got: int = native.extension().search_finishable(*args, no_out)
    if got == ASK:
        COUNTS["reference"] += 1
        return None
    COUNTS["native"] += 1
    return bool(got)


def play_steps(state: Match) -> list[Action] | None:
    """The legal steps of the play phase (new melds, lay-offs, swaps; not the discards), in
    ``legal_actions``' order, listed and checked natively; None: list them in Python."""
    args = turn_args(state)
    if args is None:
        return None
    got: list[tuple[int, ...]] | None = native.extension().search_play_steps(*args)
    if got is None:
        COUNTS["reference"] += 1
        return None
    COUNTS["native"] += 1
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    made = _MADE[seat] if seat < len(_MADE) else {}
    if len(made) >= _MADE_MAX:
        made.clear()
    out: list[Action] = []
    for t in got:
        action = made.get(t)
        if action is None:
            made[t] = action = _step_of(seat, t)
        out.append(action)
    return out


# The steps made from the search's answers, per seat and answer: an action is an immutable
# value, so the same answer gives the same object (no new objects at every decision, and the
# callers' caches by identity hit). Bounded: cleared when full.
_MADE: tuple[dict[tuple[int, ...], Action], ...] = tuple({} for _ in range(16))
_MADE_MAX = 50_000


def _step_of(seat: int, t: tuple[int, ...]) -> Action:
    """The step an answer of ``search_play_steps`` names."""
    if t[0] == 0:
        return LayMelds(seat, (tuple(ALL_CARDS[c] for c in t[1:]),))
    if t[0] == 1:
        return LayOff(seat, ALL_CARDS[t[2]], t[1], _END_NAMES[t[3]])
    return SwapWild(seat, tuple(ALL_CARDS[c] for c in t[2:]), t[1])
