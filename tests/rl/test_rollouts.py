"""Rollout workers (handgame.rl.rollouts): the shards of a training's environments, and the
same trained weights for the same seed whatever the number of workers."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from handgame.rl.ppo import Config, Policy, train  # noqa: E402
from handgame.rl.rollouts import RolloutSpec, open_rollouts, shards  # noqa: E402

SPEC = RolloutSpec(3, seed=5, env={"options": {"rounds": 1}}, shaping=0.02)


def tiny_training(workers: int, backend: str = "local") -> tuple[dict[str, Any], list[str]]:
    """Three updates of a tiny policy on ``workers`` workers: its weights and its log."""
    cfg = Config(envs=SPEC.envs, steps=24, minibatch=32, shaping=SPEC.shaping)
    policy = Policy(2, hidden=16, seed=5)
    lines: list[str] = []
    rollouts = open_rollouts(SPEC, workers, backend)
    try:
        train(rollouts, policy, cfg, 3, seed=5, log=lines.append)
    finally:
        rollouts.close()
    return policy.params, lines


def test_shards_cut_the_envs_evenly_in_order() -> None:
    assert shards(8, 1) == [(0, 8)]
    assert shards(8, 3) == [(0, 3), (3, 3), (6, 2)]
    assert shards(2, 2) == [(0, 1), (1, 1)]
    with pytest.raises(ValueError, match="between 1 and the number of envs"):
        shards(2, 3)
    with pytest.raises(ValueError, match="unknown backend 'spark'"):
        open_rollouts(SPEC, 1, "spark")


def test_the_number_of_workers_does_not_change_the_training() -> None:
    """1 worker with all 3 environments, or 2 and 3 workers: the same weights, bit for bit."""
    one, log_one = tiny_training(1)
    assert len(log_one) == 3 and "episodes" in log_one[0]
    for workers in (2, 3):
        other, log_other = tiny_training(workers)
        assert log_other == log_one
        assert all(np.array_equal(one[k], other[k]) for k in one), workers
    # and the training did move the weights
    assert not np.array_equal(one["wp"], Policy(2, hidden=16, seed=5).params["wp"])
