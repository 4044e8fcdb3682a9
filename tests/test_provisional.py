"""Which lay-offs and swaps bind the seat to go out this turn (L-63, L-64, O-8, F-8).

A seat that has not opened may add to a table meld or swap out a wild card only if it goes out
this turn: the step marks the turn ``provisional`` (``obligations.makes_provisional``), which
the view shows every seat. An opened seat's steps never do; an O-8 add to a pair and a wild
under ``pair_plus_wild=free`` does not either, nor a swap under ``swap_needs_opening=false``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from handgame.games.hand.actions import LayOff, SwapWild
from handgame.games.hand.obligations import o8_add
from handgame.games.hand.state import Game
from invariants import choose_action

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("levant", {}),
    ("gulf", {"pair_plus_wild": "free"}),
    ("four-jokers", {"swap_needs_opening": False}),
]


@pytest.mark.parametrize(("preset", "options"), CONFIGS)
def test_the_provisional_mark_follows_the_rule(preset: str, options: dict[str, Any]) -> None:
    """After every lay-off and swap of seeded play: the turn is provisional exactly when it
    was, or when a seat not opened made a step that binds it (not O-8's add, not a swap that
    needs no opening); every seat's view says the same."""
    game = Game.create(preset, {"rounds": 1, **options}, players=3)
    seen = {"opened": 0, "binding": 0, "free": 0}
    for g in range(40):
        rng = random.Random(f"provisional:{preset}:{g}")
        state = game.new_match().deal_seeded(f"provisional:{preset}:{g}")
        while not state.is_over and not state.is_chance:
            action = choose_action(rng, state, state.legal_actions(), "weighted")
            after = state.apply(action)
            if isinstance(action, (LayOff, SwapWild)):
                rnd = state.round
                assert rnd is not None and after.round is not None
                opened = rnd.opened[rnd.turn]
                if opened:
                    binds = False
                    seen["opened"] += 1
                elif isinstance(action, SwapWild):
                    binds = state.rules.swap_needs_opening
                else:
                    binds = not o8_add(state, action)
                seen["binding" if binds else "free"] += not opened
                want = rnd.turn_state.provisional or binds
                assert after.round.turn_state.provisional == want, (action, opened)
                for s in range(3):
                    shown = after.view(s).to_json()["public"]["turn"]["provisional"]
                    assert shown == want
            state = after
    assert seen["opened"] > 0 and seen["binding"] + seen["free"] > 0, seen
