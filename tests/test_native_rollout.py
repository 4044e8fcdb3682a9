"""The native rollout (issue 38, ``native/rollout.cpp``) plays and scores as the reference does.

Sketches are taken from samples (``determinize``) of every decision of seeded ``greedy``
matches under each preset and options that bear on melds, values and penalties, at 2 to 4
players; each is played for 1, 4 and 40 turns by ``rollout.run`` and natively: the outcome
(who went out, a void round), every hand (as a multiset), the stock left, the top discard,
who has opened, the table's melds card by card, the cards gone (each seat discarding by one of
``rollout.DISCARD_RULES``, ``Sketch.discard_rule``), the turn and the turns played must be equal,
and the leaf's chances equal to the last bit (``leaf.chances`` adds one term at a time, as the
native code does). ``HAND_ROLLOUT_MATCHES`` sets the matches per table (default 4: about 12,000
sketches). Skipped when the extension is not built (``python native/build.py``).
"""

from __future__ import annotations

import copy
import os
import random
from typing import Any

import pytest

from handgame.games.hand.bots import leaf, native_rollout, rollout
from handgame.games.hand.bots.determinize import sample_state
from handgame.games.hand.bots.ismcts import fast_rewards
from handgame.games.hand.bots.leaf_weights import WEIGHTS
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import Game, State
from handgame.play.driver import play_match
from handgame.play.registry import make_bot

built = pytest.mark.skipif(
    not native_rollout.native_available(),
    reason="native rollout not built (python native/build.py)",
)

# (preset, options, players): every preset, and options that bear on what a rollout asks
TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("levant", {}, 2),
    ("levant", {}, 3),
    ("gulf", {}, 2),
    ("four-jokers", {}, 4),
    ("levant", {"wild_limit": "one-per-three", "max_meld_size": 5}, 2),
    ("levant", {"opening_values": "gulf", "penalty_values": "gulf"}, 2),
    ("levant", {"wilds": "jokers", "ace_low_value": 1, "ace_in_hand": 10}, 2),
    ("gulf", {"wild_limit": "one"}, 3),
]
MATCHES = int(os.environ.get("HAND_ROLLOUT_MATCHES", "4"))


def decisions(preset: str, options: dict[str, Any], players: int, seed: int) -> list[State]:
    """The states of a seeded greedy match where a seat draws or plays."""
    game = Game.create(preset, {"rounds": 1, **options}, players)
    states: list[State] = []
    bots = [make_bot("greedy", f"nr{seed}-{s}") for s in range(players)]
    play_match(game, bots, f"nr-{seed}", on_action=lambda before, a, after: states.append(before))
    return [s for s in states if s.round is not None and s.phase in (Phase.DRAW, Phase.PLAY)]


def reference(sk: rollout.Sketch, turns: int) -> tuple[Any, ...]:
    """What ``rollout.run`` and the leaf make of a copy of ``sk``, as the native answer."""
    sk = copy.deepcopy(sk)
    rollout.run(sk, turns)
    n = len(sk.hands)
    chances: tuple[float, ...] = ()
    if sk.winner is None and not sk.void:
        rows = [
            leaf.features(
                sk.hands[s], sk.wilds, sk.rules, sk.opened[s], sk.minimum, (s - sk.turn) % n, n
            )
            for s in range(n)
        ]
        chances = tuple(leaf.chances(rows))
    after = (
        tuple(tuple(sorted(h)) for h in sk.hands),
        tuple(sk.stock),
        -1 if sk.top is None else sk.top,
        tuple(sk.opened),
        tuple(sk.clean),
        tuple(m.cards for m in sk.melds),
        tuple(sk.gone),
        sk.turn,
        sk.turns,
    )
    return (sk.winner, sk.void, chances, after)


def native(sk: rollout.Sketch, turns: int) -> tuple[Any, ...] | None:
    got = native_rollout.play(sk, turns, WEIGHTS, full=True)
    if got is None:
        return None
    winner, void, chances, after = got
    hands, stock, top, opened, clean, melds, gone, turn, played = after
    return (winner, void, tuple(chances),
            (tuple(hands), tuple(stock), top, tuple(opened), tuple(clean), tuple(melds),
             tuple(gone), turn, played))  # fmt: skip


@built
@pytest.mark.parametrize(("preset", "options", "players"), TABLES)
def test_the_native_rollout_is_the_reference(
    preset: str, options: dict[str, Any], players: int
) -> None:
    rng = random.Random(f"{preset}{options}{players}")
    compared = ended = 0
    for seed in range(MATCHES):
        for state in decisions(preset, options, players, seed):
            seat = state.current_seat
            assert seat is not None
            sample = sample_state(state.view(seat), rng)
            sk = rollout.sketch(sample)
            # most sketches give their seats other discard rules (rollout.DISCARD_RULES)
            if compared % 4:
                sk.discard_rule = [rng.randrange(len(rollout.DISCARD_RULES)) for _ in sk.hands]
            before = copy.deepcopy(sk)
            for turns in (1, 4, 40):
                got = native(sk, turns)
                assert got is not None, (preset, options, seed)
                assert got == reference(sk, turns), (preset, options, players, seed, turns)
                compared += 1
                ended += got[0] is not None or got[1]
            assert sk == before  # the native rollout leaves the sketch alone
    assert compared > 500 and ended > 50  # rounds ended inside rollouts, and went on


@built
def test_fast_rewards_are_the_same_on_both_paths() -> None:
    rng = random.Random(3)
    for state in decisions("levant", {}, 2, 7)[:40]:
        sample = sample_state(state.view(state.current_seat or 0), rng)
        if sample.phase not in (Phase.DRAW, Phase.PLAY):
            continue
        on = fast_rewards(sample, 4)
        before = native_rollout.use_native(False)
        try:
            off = fast_rewards(sample, 4)
        finally:
            native_rollout.use_native(before)
        assert on == off


def test_without_the_build_the_reference_plays() -> None:
    before = native_rollout.use_native(False)
    try:
        state = decisions("levant", {}, 2, 1)[5]
        sk = rollout.sketch(sample_state(state.view(state.current_seat or 0), random.Random(1)))
        assert native_rollout.play(sk, 4, WEIGHTS) is None
        assert len(fast_rewards(state, 4)) == 2
    finally:
        native_rollout.use_native(before)
