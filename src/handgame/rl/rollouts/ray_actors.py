"""Rollouts on Ray: one Ray actor per shard of the training's environments.

Each actor is a :class:`~handgame.rl.rollouts.worker.RolloutWorker` (1 CPU), so the batches
are those of :class:`~handgame.rl.rollouts.local.LocalRollouts` with the same seed and workers,
collected in parallel; the learner's weights go out once per update (``ray.put``). The Ray
connection is that of ``hand simulate --backend ray`` (:mod:`handgame.play.backends.ray_tasks`):
a cluster at ``address``, or a local Ray of ``workers`` CPUs started now and stopped at
:meth:`close`.
"""

from __future__ import annotations

from typing import Any

from handgame.play.backends import BackendError
from handgame.play.backends.ray_tasks import cluster_cpus, connect
from handgame.rl.ppo import Batch, Params
from handgame.rl.rollouts.worker import RolloutSpec, RolloutWorker, shards

# one BLAS thread per actor: the batches are small and the actors share the cores
ACTOR_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


class RayRollouts:
    """``workers`` Ray actors, each playing one shard."""

    name = "ray"

    def __init__(self, spec: RolloutSpec, workers: int, address: str | None = None) -> None:
        """Connect (or start a local Ray of ``workers`` CPUs) and start the actors; raises
        :class:`BackendError` when the cluster has fewer CPUs than ``workers``."""
        self.workers = workers
        self._ray, self._started = connect(address, workers)
        ray = self._ray
        try:
            cpus = cluster_cpus(ray)
            if cpus < workers:
                raise BackendError(
                    f"the Ray cluster has {cpus} CPUs, fewer than the {workers} rollout workers"
                )
            actor = ray.remote(num_cpus=1, runtime_env={"env_vars": ACTOR_ENV})(RolloutWorker)
            self.actors = [actor.remote(spec, a, n) for a, n in shards(spec.envs, workers)]
        except BaseException:
            self.close()
            raise

    def collect(self, params: Params, steps: int) -> list[Batch]:
        """Each actor's batch, in shard order."""
        ref = self._ray.put(params)
        out: list[Batch] = self._ray.get([a.collect.remote(ref, steps) for a in self.actors])
        return out

    def close(self) -> None:
        """Close the actors' environments, end the actors, stop a local Ray started here."""
        ray: Any = self._ray
        actors = getattr(self, "actors", [])
        try:
            ray.get([a.close.remote() for a in actors], timeout=30)
        except Exception:
            pass  # an actor already gone has nothing left to close
        for a in actors:
            ray.kill(a)
        self.actors = []
        if self._started:
            self._started = False
            ray.shutdown()


__all__ = ["ACTOR_ENV", "RayRollouts"]
