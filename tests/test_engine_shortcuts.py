"""The engine's exact shortcuts (issue 19) answer what the full check answers.

``legal_actions`` refuses every new meld of a seat that can neither open nor go out without
stepping into each (``finish.new_melds_hopeless``, L-63, L-64); an opened seat's owed meld is
found without a packing (``meldgen.meld_fits``, L-62). Each is compared here with the check
it replaces, on seeded mid-game states and random hands.
"""

from __future__ import annotations

import random

import pytest

from handgame.core.cards import JOKER, standard_deck
from handgame.core.errors import IllegalAction
from handgame.games.hand import finish, native
from handgame.games.hand.actions import Action, Draw, LayMelds, SwapWild
from handgame.games.hand.candidates import step_candidates, swap_candidates, swap_cards
from handgame.games.hand.going_out import out_bounds
from handgame.games.hand.meldgen import best_melds_value, in_melds, meld_fits
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import make_ruleset
from handgame.games.hand.state import State
from handgame.games.hand.turn import step
from handgame.games.hand.wilds import wilds_for
from invariants import random_state


@pytest.mark.parametrize("preset", ["levant", "gulf", "four-jokers"])
def test_hopeless_new_melds_are_refused_by_the_full_check(preset: str) -> None:
    """Where the shortcut refuses every new meld, ``accepts`` (stepping into each, with the
    full going-out check) refuses each one too; under levant the shortcut is used at all
    (gulf's ``pair_plus_wild=free`` leaves every new meld to the full check)."""
    used = 0
    for i in range(40):
        for steps in (3, 9, 17, 31):
            state = random_state(preset, 2 + i % 3, False, f"short:{preset}:{i}", steps)
            rnd = state.round
            if state.phase is not Phase.PLAY or rnd is None or rnd.opened[rnd.turn]:
                continue
            if not out_bounds(state)[1] or not finish.new_melds_hopeless(state):
                continue
            hand = rnd.hands[rnd.turn]
            for action in step_candidates(state):
                if isinstance(action, LayMelds):
                    if len(hand) - len(action.melds[0]) == 2:
                        continue  # kept for the search (O-11 two-wilds)
                    used += 1
                    assert not finish.accepts(state, action), (preset, i, steps, action)
    assert used > 0 or preset != "levant"


@pytest.mark.parametrize("preset", ["levant", "gulf", "four-jokers"])
def test_meld_fits_is_a_positive_best_value(preset: str) -> None:
    """``meld_fits`` says yes exactly when ``best_melds_value`` finds melds worth more than 0
    leaving ``keep`` cards (with and without a card that a meld must hold)."""
    rng = random.Random(preset)
    rules = make_ruleset(preset)
    deck = standard_deck(2, rules.jokers)
    for _ in range(300):
        wilds = wilds_for(rules, rng.choice([c for c in deck if c != JOKER]))
        hand = tuple(sorted(rng.sample(deck, rng.randint(3, 16))))
        keep = rng.choice([1, 2])
        must = rng.choice([None, rng.choice(hand)])
        fits = meld_fits(hand, wilds, rules, len(hand) - keep, None, must)
        assert fits == (best_melds_value(hand, wilds, rules, keep, None, must) > 0)
        if must is not None and must not in in_melds(hand, wilds, rules):
            assert not fits


@pytest.mark.parametrize("preset", ["levant", "gulf", "four-jokers"])
def test_swap_cards_and_stage_lists_are_the_full_lists_cut(preset: str) -> None:
    """``swap_cards`` holds exactly the cards of every ``swap_candidates`` swap (L-40), and
    ``step_candidates`` without new melds or swaps (the turn search's later stages) is the full
    list with those steps taken out, in the same order; on seeded mid-game states with a
    table, some with wild cards on it to take."""
    swappable = 0
    for i in range(60):
        for steps in (9, 17, 31, 45):
            state = random_state(preset, 2 + i % 3, False, f"swaps:{preset}:{i}", steps)
            rnd = state.round
            if state.phase is not Phase.PLAY or rnd is None or not rnd.melds:
                continue
            want: set[object] = set()
            for index, meld in enumerate(rnd.melds):
                for swap in swap_candidates(rnd, rnd.turn, index, meld):
                    assert isinstance(swap, SwapWild)
                    want.update(swap.cards)
            assert swap_cards(rnd, rnd.turn) == want, (preset, i, steps)
            swappable += bool(want)
            full = step_candidates(state)
            assert step_candidates(state, melds=False) == [
                a for a in full if not isinstance(a, LayMelds)
            ]
            assert step_candidates(state, swaps=False) == [
                a for a in full if not isinstance(a, SwapWild)
            ]
    assert swappable > 0, preset


@pytest.mark.parametrize(
    ("preset", "options", "count"),
    [("levant", {}, 300), ("gulf", {}, 150), ("four-jokers", {}, 150),
     # O-5's add route is rare: enough states that dropping it from the shortcut is caught
     ("levant", {"discard_pickup": "new-meld-or-add"}, 1500)],
)
def test_a_taken_discard_out_of_reach_is_refused_by_the_full_search(
    preset: str, options: dict[str, object], count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where ``taken_out_of_reach`` ends the turn search at once (the taken discard in no
    meld of the cards the seat could hold, L-62), the search without that shortcut (the pure
    path, an empty memo) finds no finish either, at the draw and after each step from it; under
    levant it is used at all."""
    shortcut = finish.taken_out_of_reach
    before = native.use_native(False)  # the reference search
    used = 0
    try:
        for i in range(count):
            state = random_state(
                preset, 2 + i % 3, False, f"taken:{preset}:{i}", 5 + 2 * (i % 20), options
            )
            rnd = state.round
            if state.phase is not Phase.DRAW or rnd is None or not rnd.discard_pile:
                continue
            after = _stepped(state, Draw(rnd.turn, "discard"))
            if after is None:
                continue
            positions = [after] + [
                nxt for a in step_candidates(after) if (nxt := _stepped(after, a)) is not None
            ]
            for pos in positions:
                if not shortcut(pos, 0):
                    continue
                used += 1
                monkeypatch.setattr(finish, "taken_out_of_reach", lambda s, st: False)
                finish.clear_cache()
                try:
                    assert not finish.can_finish_turn(pos), (preset, options, i)
                finally:
                    monkeypatch.setattr(finish, "taken_out_of_reach", shortcut)
                    finish.clear_cache()
    finally:
        native.use_native(before)
    assert used > 0 or preset != "levant"


def _stepped(state: State, action: Action) -> State | None:
    """The state after ``action`` in the play phase, or None when refused."""
    try:
        nxt = step(state, action)
    except IllegalAction:
        return None
    return nxt if nxt.phase is Phase.PLAY else None
