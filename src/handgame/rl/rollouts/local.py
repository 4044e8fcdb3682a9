"""The ``local`` rollouts: every shard in this process, one after another."""

from __future__ import annotations

from handgame.rl.ppo import Batch, Params
from handgame.rl.rollouts.worker import RolloutSpec, RolloutWorker, shards


class LocalRollouts:
    """Every shard in this process, one after another."""

    name = "local"

    def __init__(self, spec: RolloutSpec, workers: int = 1) -> None:
        """``workers`` shards of ``spec.envs`` environments."""
        self.workers = workers
        self.shards = [RolloutWorker(spec, a, n) for a, n in shards(spec.envs, workers)]

    def collect(self, params: Params, steps: int) -> list[Batch]:
        """Each shard's batch, in order."""
        return [w.collect(params, steps) for w in self.shards]

    def close(self) -> None:
        """Close every shard's environments."""
        for w in self.shards:
            w.close()


__all__ = ["LocalRollouts"]
