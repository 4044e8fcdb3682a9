"""The native batch of Hand's rounds (``native/hand_batch.cpp``, issue 39) against the engine.

Seeded random matches (Levant, 2 and 3 players, one round) are played by the Python engine;
every action it applies is followed by one table of the native batch (or, where the native
side declines — a restricted taken wild card, L-66 / O-6, the round's end, a reshuffle, O-9 —
the table is loaded again from the engine), and after every decision each seat's native
observation must equal the reference encoder's (``handgame.rl.observe.Encoder``) exactly.
Skipped when the extension is not built, failed under ``HANDGAME_NATIVE=1``.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from handgame.core import extensions
from handgame.games.hand import batch as native_batch
from handgame.rl.encode import MELD_SLOTS, PHASES, obs_size, offsets
from handgame.rl.observe import Encoder
from handgame.rl.stepper import Stepper, make_config

if native_batch.extension() is None:
    if extensions.setting() == "on":
        pytest.fail(f"HANDGAME_NATIVE=1 but the native batch: {native_batch.why_not()}")
    pytest.skip(f"the native batch is not built: {native_batch.why_not()}", allow_module_level=True)


def _batch(players: int, rules: object, n: int) -> object:
    entries = [PHASES.index(p) if p in PHASES else len(PHASES) for p in native_batch.PHASES]
    return native_batch.new_batch(
        n, players, rules, tuple(offsets(players).values()), obs_size(players), MELD_SLOTS,
        entries,
    )  # fmt: skip


def _play(players: int, seed: int, counts: dict[str, int]) -> None:
    """One seeded random match, followed natively and compared after every decision."""
    config = make_config("levant", players, {"rounds": 1})
    m = Stepper(config, seed)
    rng = random.Random(seed)
    b = _batch(players, m.state.rules, 1)
    enc = Encoder(players)
    out = np.zeros((1, obs_size(players)), dtype=np.float32)
    native_batch.load(b, 0, m.state)
    rnd = m.state.round
    while True:
        for seat in range(players):
            b.observe(out, 0, 0, seat, (), False)
            want = enc.encode(m.table_of(seat), seat)
            assert np.array_equal(out[0], want), (seed, seat, np.flatnonzero(out[0] != want))
            counts["compared"] += 1
        if m.over or m.truncated or m.seat is None:
            return
        legal = list(m.state.legal_actions(m.seat))
        if m.offer:
            legal = [*legal, None]
        m.play(rng.choice(legal))
        new = m.state.round
        if new is not None and rnd is not None and new.deal is rnd.deal:
            for action in new.actions[len(rnd.actions) :]:
                if native_batch.follow(b, 0, action):
                    counts["followed"] += 1
                else:
                    counts["declined"] += 1
                    native_batch.load(b, 0, m.state)  # the handover (then nothing more to do)
                    break
        else:
            counts["loaded"] += 1
            native_batch.load(b, 0, m.state)
        rnd = new


@pytest.mark.parametrize("players", [2, 3])
def test_native_batch_follows_the_engine(players: int) -> None:
    """Every observation of the followed tables equals the engine's (L-60…L-71 effects)."""
    counts = {"compared": 0, "followed": 0, "declined": 0, "loaded": 0}
    for seed in range(12 if players == 2 else 6):
        _play(players, 1000 * players + seed, counts)
    assert counts["followed"] > 10 * counts["declined"], counts  # the native side did follow


def test_a_wrong_table_fails() -> None:
    """The comparison can fail: a table loaded from another match differs."""
    config = make_config("levant", 2, {"rounds": 1})
    a, other = Stepper(config, 1), Stepper(config, 2)
    b = _batch(2, a.state.rules, 1)
    native_batch.load(b, 0, other.state)
    out = np.zeros((1, obs_size(2)), dtype=np.float32)
    b.observe(out, 0, 0, 0, (), False)
    assert not np.array_equal(out[0], Encoder(2).encode(a.table_of(0), 0))
