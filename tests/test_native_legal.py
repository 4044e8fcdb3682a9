"""Hand's native legal actions (issue 19): the native path lists what the Python reference lists.

Native so far: the draw decision (``games/hand/native_legal.py``), ``could_go_out`` and
``quick_verdict`` (the turn search's shortcuts), the lay-offs and swaps of
``step_candidates``, and the turn search itself with the play phase's steps
(``games/hand/native_search.py``, ``native/turn_search.hpp``). Seeded random matches of every
preset and a sample of option combinations are played; at every draw decision, and at every
``HAND_DIFF_EVERY``-th play decision (default 2), ``legal_actions`` is listed on both paths and
must be the same list, in the same (canonical) order; every action applied (the chosen one,
and each step the cheap policy tries) is applied on both paths, which must accept or refuse it
alike (the same error) and give equal states (their round results and scores included) and
the same view. At every play decision ``could_go_out`` (stage 0, 1 or 2 in turn) and
``step_candidates`` must also answer the same on both paths. ``tests/test_kernel.py`` compares
whole matches (every decision's list, views, records) with all native parts on and off.
``HAND_DIFF_GAMES`` sets the number of matches (default 1,000, about two minutes of CPU); the
long run: ``python tests/test_native_legal.py START COUNT``. Skipped when the extension is
not built (``python native/build.py``).

Between draws the matches are played cheaply, so that many fit in CI: a weighted random choice
among a few candidate steps (``step_candidates``, each checked by ``apply``), else a random
discard, else (a taken discard owed, the first discard) a choice among all legal actions.
"""

from __future__ import annotations

import os
import random
import sys
import time
from typing import Any

import pytest

from handgame.core.errors import IllegalAction
from handgame.games.hand import finish, native, native_legal, native_search
from handgame.games.hand.actions import Discard
from handgame.games.hand.candidates import step_candidates
from handgame.games.hand.finish import obligated
from handgame.games.hand.going_out import could_go_out
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import Game, State
from invariants import choose_action
from test_kernel import CONFIGS as KERNEL_CONFIGS

built = pytest.mark.skipif(
    not native_legal.native_available(),
    reason="native legal actions not built (python native/build.py)",
)

# The kernel test's sample, and options that bear on the draw decision (rules as data).
CONFIGS: list[tuple[str, dict[str, Any], int, bool]] = [
    *KERNEL_CONFIGS,
    ("gulf", {"discarded_wild": "natural", "discard_pickup": "new-meld"}, 2, False),
    ("levant", {"max_meld_size": 4, "opening_values": "gulf"}, 3, False),
    ("levant", {"discard_pickup": "must-meld", "ace_low_value": 1, "ace_high_value": 10}, 2, False),
    ("four-jokers", {"discard_pickup": "new-meld-or-add", "announcements": False}, 3, False),
    ("levant", {"discard_pickup": "free", "wild_limit": "one-per-three"}, 2, False),
    ("levant", {"wilds": "no-jokers", "discarded_wild": "wild", "initial_minimum": 30}, 4, True),
    # options only the turn search reads: O-11 two-wilds, O-7, L-40/F-8
    ("levant", {"bonuses": ["two-wilds"], "swap_must_reuse": True}, 2, False),
    ("four-jokers", {"bonuses": ["two-wilds"], "swap_needs_opening": True}, 3, False),
]


class DeadEnd(AssertionError):
    """A decision with no legal action (on both paths): the turn cannot be finished."""


def listed(state: State, seat: int | None, on: bool) -> list[Any]:
    """``legal_actions`` on the native (True) or the Python (False) path."""
    before = native_legal.use_native(on)
    try:
        return state.legal_actions(seat)
    finally:
        native_legal.use_native(before)


def going_out(state: State, stage: int, on: bool) -> bool:
    """``could_go_out`` on the native (True) or the Python (False) path."""
    before = native.use_native(on)
    try:
        return could_go_out(state, stage)
    finally:
        native.use_native(before)


def steps(state: State, on: bool) -> list[Any]:
    """``step_candidates`` (melds, then each table meld's lay-offs and swaps) on either path."""
    before = native.use_native(on)
    try:
        return step_candidates(state)
    finally:
        native.use_native(before)


def applied(state: State, action: Any, on: bool) -> State | str:
    """``state.apply(action)`` on the native (True) or the Python (False) path, or the
    message of the ``IllegalAction`` it raises."""
    before = native.use_native(on)
    try:
        return state.apply(action)
    except IllegalAction as e:
        return f"{type(e).__name__}: {e}"
    finally:
        native.use_native(before)


def apply_both(state: State, action: Any, where: str) -> State | None:
    """``action`` applied on both paths: the same refusal (None) or equal states and views."""
    got = applied(state, action, True)
    want = applied(state, action, False)
    if isinstance(want, str) or isinstance(got, str):
        assert got == want, f"{where}: {action} {got!r} != {want!r}"
        return None
    assert got == want, f"{where}: {action} gives different states"
    seat = action.seat
    assert got.view(seat).to_json() == want.view(seat).to_json(), where
    return got


def check_game(i: int) -> tuple[int, int]:
    """Match ``i``: the same draw lists on both paths; the decisions and draws seen."""
    preset, options, players, partnership = CONFIGS[i % len(CONFIGS)]
    game = Game.create(preset, {"rounds": 1, **options}, players=players, partnership=partnership)
    seed = f"native-legal:{i}"
    rng = random.Random(seed)
    state = game.new_match()
    deals = decisions = draws = plays = 0
    while not state.is_over and decisions < 5000:
        if state.is_chance:
            state = state.deal_seeded(f"{seed}:{deals}")
            deals += 1
            continue
        seat = state.current_seat
        decisions += 1
        where = f"{seed} ({preset} {options} {players}p) decision {decisions}"
        if state.phase is Phase.DRAW:
            assert native_legal.native_support(state) is None, where
            want = listed(state, seat, False)
            assert listed(state, seat, True) == want, where
            draws += 1
            nxt = apply_both(state, choose_action(rng, state, want, "weighted"), where)
            assert nxt is not None, where
            state = nxt
            continue
        assert native_legal.draws(state) is None, where
        if state.phase is not Phase.PLAY:
            assert native_legal.native_support(state) is not None, where
        if state.phase is Phase.PLAY:
            stage = decisions % 3  # could_go_out, native and reference (the turn search's)
            assert going_out(state, stage, True) == going_out(state, stage, False), where
            assert steps(state, True) == steps(state, False), where
            plays += 1
            if plays % every() == 0:
                # the whole list, where the turn search runs on native verdicts; the search's
                # remembered answers are forgotten so that each path finds its own
                finish.clear_cache()
                want = listed(state, seat, False)
                finish.clear_cache()
                assert listed(state, seat, True) == want, where
        nxt = cheap_step(rng, state, where) if state.phase is Phase.PLAY else None
        if nxt is None:
            actions = listed(state, seat, True)
            if not actions:
                # a turn the search called finishable with no legal step: the reference's
                # own flaw (the same on both paths), reported, not hidden
                assert listed(state, seat, False) == [], where
                raise DeadEnd(where)
            nxt = apply_both(state, choose_action(rng, state, actions, "weighted"), where)
            assert nxt is not None, where
        state = nxt
    return decisions, draws


def cheap_step(rng: random.Random, state: State, where: str) -> State | None:
    """A legal step found without listing them all, each try applied on both paths (None:
    list them)."""
    seat = state.current_seat
    assert seat is not None and state.round is not None
    if rng.random() < 0.85:
        plays = step_candidates(state)
        rng.shuffle(plays)
        for action in plays[:4]:
            nxt = apply_both(state, action, where)
            if nxt is not None:
                return nxt
    if obligated(state):
        return None
    return apply_both(state, Discard(seat, rng.choice(state.round.hands[seat])), where)


def every() -> int:
    """At which play decisions the whole list is compared (every ``HAND_DIFF_EVERY``-th)."""
    return int(os.environ.get("HAND_DIFF_EVERY", "2"))


def diff_games() -> int:
    """How many matches the differential test plays (``HAND_DIFF_GAMES``)."""
    return int(os.environ.get("HAND_DIFF_GAMES", "1000"))


@built
@pytest.mark.parametrize("part", range(4))
def test_native_draws_equal_the_reference(part: int) -> None:
    """Every draw decision: the same legal actions, in the same order, on both paths."""
    before = dict(native_legal.COUNTS)
    draws = 0
    for i in range(part, diff_games(), 4):
        draws += check_game(i)[1]
    assert draws > 0
    searched = dict(native_search.COUNTS)
    assert searched["native"] > 0, searched  # the turn search answered natively
    decided = native_legal.COUNTS["native"] - before["native"]
    asked = native_legal.COUNTS["reference"] - before["reference"]
    # both kinds of answer are exercised: native verdicts, and the reference for the rest
    assert decided > 0 and (asked > 0 or diff_games() < 40), (decided, asked)


@built
def test_two_copies_of_the_taken_wild_leave_a_way_to_finish() -> None:
    """L-66, L-62 (F-4 must-meld): match 1166 took the discarded wild AD holding another AD;
    the packing of the meld list laid both copies as ordinary wild cards, so the draw was
    accepted and then no step nor discard was legal. Now the search decides such a draw."""
    check_game(1166)


@built
def test_an_option_not_ported_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset holding an option the native path does not know is listed by Python."""
    game = Game.create("levant", {"rounds": 1}, players=2)
    state = game.new_match().deal_seeded("fallback")
    state = state.apply(listed(state, state.current_seat, False)[0])  # the first discard
    assert state.phase is Phase.DRAW
    assert native_legal.native_support(state) is None
    assert native_legal.draws(state) is not None
    known = native.KNOWN_OPTIONS - {"wild_limit"}  # as if wild_limit were new
    monkeypatch.setattr(native, "KNOWN_OPTIONS", known)
    native.rules_support.cache_clear()
    try:
        reason = native_legal.native_support(state)
        assert reason is not None and "wild_limit" in reason
        assert native_legal.draws(state) is None
        assert listed(state, state.current_seat, True) == listed(state, state.current_seat, False)
    finally:
        monkeypatch.undo()
        native.rules_support.cache_clear()


@built
def test_other_phases_say_why_they_are_not_native() -> None:
    """The first discard is on the Python path, and says so; the play phase is native."""
    state = Game.create("levant", {"rounds": 1}, players=2).new_match().deal_seeded("phases")
    assert state.phase is Phase.FIRST_DISCARD
    reason = native_legal.native_support(state)
    assert reason is not None and "first-discard" in reason
    assert native_legal.draws(state) is None
    state = state.apply(state.legal_actions(state.current_seat)[0])
    state = state.apply(state.legal_actions(state.current_seat)[0])  # a draw
    assert state.phase is Phase.PLAY
    assert native_legal.native_support(state) is None
    assert native_search.play_steps(state) is not None


def test_switched_off_the_python_path_lists() -> None:
    """With the native path off (as without a build, or HANDGAME_NATIVE=0) nothing is native."""
    before = native_legal.use_native(False)
    try:
        state = Game.create("levant", {"rounds": 1}, players=2).new_match().deal_seeded("off")
        state = state.apply(state.legal_actions(state.current_seat)[0])
        reason = native_legal.native_support(state)
        assert reason is not None and "off" in reason
        assert native_legal.draws(state) is None
        assert state.legal_actions(state.current_seat)
    finally:
        native_legal.use_native(before)


if __name__ == "__main__":
    # The long run: python tests/test_native_legal.py START COUNT (a line per 25 matches).
    first, count = int(sys.argv[1]), int(sys.argv[2])
    began = time.perf_counter()
    total = [0, 0]
    dead: list[str] = []
    for i in range(first, first + count):
        try:
            d, n = check_game(i)
        except DeadEnd as e:  # the reference's flaw, the same on both paths: listed at the end
            print(f"dead end, no legal action on either path: {e}", flush=True)
            dead.append(str(e))
            continue
        total[0] += d
        total[1] += n
        if (i - first + 1) % 25 == 0:
            print(
                f"matches {first}..{i} identical: {total[0]} decisions, {total[1]} draws, "
                f"{native_legal.COUNTS} ({time.perf_counter() - began:.0f} s, "
                f"{time.process_time():.0f} s of CPU)",
                flush=True,
            )
    print(
        f"{count} matches {first}..{first + count - 1}: {total[0]} decisions, {total[1]} draw "
        f"decisions, native and Python lists identical; {native_legal.COUNTS}; "
        f"{len(dead)} dead ends (the same on both paths): {dead}"
    )
