"""The batched environment on Hand's native batch (``native/hand_batch.cpp``, issue 39) against
the Python path: for the same seeds and tokens, identical observations, masks, rewards,
terminations, truncations, seats, final observations and returns, over a few hundred seeded
matches (``python -m handgame.rl.native_check`` runs thousands). Skipped when the extension is
not built; failed under ``HANDGAME_NATIVE=1`` then.
"""

from __future__ import annotations

import numpy as np
import pytest

from handgame.core import extensions
from handgame.games.hand import batch as hand_batch
from handgame.rl.native_check import compare
from handgame.rl.stepper import make_config
from handgame.rl.vector import HandVectorEnv

WHY = hand_batch.why_not(make_config("levant", 2, {"rounds": 1}))
if WHY is not None:
    if extensions.setting() == "on":
        pytest.fail(f"HANDGAME_NATIVE=1 but {WHY}")
    pytest.skip(WHY, allow_module_level=True)


@pytest.mark.parametrize(
    ("players", "matches", "tables", "seed"), [(2, 240, 16, 3901), (3, 60, 8, 3902)]
)
def test_native_batch_equals_the_python_path(
    players: int, matches: int, tables: int, seed: int
) -> None:
    """Every step of the native env equals the Python env's (L-60…L-93 through the engine)."""
    report = compare(matches, tables, seed, players=players)
    assert report.difference is None, report.difference
    assert report.matches >= matches
    assert report.native_share > 0.5, report  # the native batch did step most table-steps


def test_native_none_takes_the_batch_and_false_does_not() -> None:
    """native=None takes the batch when built; False keeps the Python path; bots (and other
    unsupported cases) fall back, and native=True then says why."""
    assert HandVectorEnv(2, options={"rounds": 1}).native
    assert not HandVectorEnv(2, options={"rounds": 1}, native=False).native
    env = HandVectorEnv(2, options={"rounds": 1}, bots="random")
    assert not env.native and env.native_why is not None
    with pytest.raises(ValueError, match="bots"):
        HandVectorEnv(2, options={"rounds": 1}, bots="random", native=True)
    with pytest.raises(ValueError, match="partnership"):
        HandVectorEnv(2, players=4, options={"rounds": 1}, partnership=True, native=True)


def test_a_masked_token_steps_no_table() -> None:
    """A masked-out token at a native table raises and no table moves."""
    env = HandVectorEnv(4, options={"rounds": 1}, native=True)
    obs, _ = env.reset(seed=5)
    for _ in range(10):  # past the first turns (the Python engine's) to native tables
        mask = obs["action_mask"]
        obs, *_ = env.step(mask.argmax(axis=1))
    at = [i for i, on in enumerate(env.native_tables()) if on]
    assert at
    tokens = obs["action_mask"].argmax(axis=1)
    tokens[at[0]] = int(np.flatnonzero(obs["action_mask"][at[0]] == 0)[0])
    with pytest.raises(ValueError, match="masked out"):
        env.step(tokens)
    assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))


def test_the_comparison_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A native batch writing one wrong entry is caught: the comparison is not blind."""
    observe = hand_batch.NativeRounds.observe

    def wrong(self: hand_batch.NativeRounds, obs: np.ndarray, masks: np.ndarray) -> None:
        observe(self, obs, masks)
        obs[:, -1] += 1.0

    monkeypatch.setattr(hand_batch.NativeRounds, "observe", wrong)
    report = compare(20, 4, 7)
    assert report.difference is not None and "observation" in report.difference
