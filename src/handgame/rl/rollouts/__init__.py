"""Rollout workers for :func:`handgame.rl.ppo.train`: who plays the training's environments.

The ``envs`` environments of a training are cut into ``workers`` contiguous shards; a
:class:`RolloutWorker` owns one shard (its vector environment, seeded ``seed + i`` for the
training's environment ``i`` as one vector of all of them would be, and one sampling generator
per environment, seeded ``(seed, i)``) and plays ``steps`` steps of it with the learner's
current weights. Two backends, one interface (:class:`Rollouts`):

- ``local`` (:mod:`.local`): the shards one after another in this process;
- ``ray`` (:mod:`.ray_actors`): one Ray actor per shard, in parallel.

An environment's steps depend only on its seed, its generator and the weights (the policy's
forward pass is computed one row at a time, so no row is rounded differently in a larger
batch), and the learner puts the shards' batches side by side in environment order: for the
same seed, any number of workers on either backend collects the same batches and trains the
same weights, bit for bit (``tests/rl/test_rollouts.py``, ``tests/rl/test_rollouts_ray.py``).
"""

from __future__ import annotations

from typing import Protocol

from handgame.rl.ppo import Batch, Params
from handgame.rl.rollouts.worker import RolloutSpec, RolloutWorker, shards

ROLLOUT_BACKENDS = ("local", "ray")


class Rollouts(Protocol):
    """Collects one batch of every shard with the given weights."""

    name: str
    workers: int

    def collect(self, params: Params, steps: int) -> list[Batch]:
        """Each shard's :meth:`RolloutWorker.collect`, in shard order."""
        ...

    def close(self) -> None:
        """Close the environments and stop what the backend started."""
        ...


def open_rollouts(
    spec: RolloutSpec, workers: int = 1, backend: str = "local", address: str | None = None
) -> Rollouts:
    """The rollouts of ``spec`` on ``workers`` shards, played by ``backend`` (``local`` or
    ``ray``; ``address``: the Ray cluster, None: a local Ray of ``workers`` CPUs)."""
    shards(spec.envs, workers)  # a bad worker count fails here, before any Ray starts
    if backend == "local":
        if address is not None:
            raise ValueError("--address is for --backend ray (the address of a Ray cluster)")
        from handgame.rl.rollouts.local import LocalRollouts

        return LocalRollouts(spec, workers)
    if backend == "ray":
        from handgame.rl.rollouts.ray_actors import RayRollouts

        return RayRollouts(spec, workers, address)
    raise ValueError(f"unknown backend {backend!r}; choose one of: {', '.join(ROLLOUT_BACKENDS)}")


__all__ = [
    "ROLLOUT_BACKENDS",
    "RolloutSpec",
    "RolloutWorker",
    "Rollouts",
    "open_rollouts",
    "shards",
]
