"""One rollout worker: a contiguous shard of a training's environments, played step by step
(see :mod:`handgame.rl.rollouts`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from handgame.rl.gym_env import make_vec
from handgame.rl.ppo import BUFFERS, Batch, Params, Policy
from handgame.rl.tokens import N_ACTIONS


@dataclass(frozen=True)
class RolloutSpec:
    """What every worker plays: the environments' settings, the seed and the reward shaping."""

    envs: int
    seed: int = 0
    env: Mapping[str, Any] = field(default_factory=dict)  # HandVsBots' keyword arguments
    shaping: float = 0.0  # reward per card the agent's hand shrinks by (Config.shaping)


def shards(envs: int, workers: int) -> list[tuple[int, int]]:
    """``(first, count)`` of each worker's environments: ``envs`` cut into ``workers``
    contiguous parts as even as possible (the first ones one larger)."""
    if not 1 <= workers <= envs:
        raise ValueError(f"workers must be between 1 and the number of envs ({envs}): {workers}")
    size, extra = divmod(envs, workers)
    out, first = [], 0
    for w in range(workers):
        count = size + (w < extra)
        out.append((first, count))
        first += count
    return out


class RolloutWorker:
    """The environments ``first .. first + count - 1`` of a training, played step by step."""

    def __init__(self, spec: RolloutSpec, first: int, count: int) -> None:
        """Make and reset the shard's environments (picklable arguments: a Ray actor's too)."""
        self.spec, self.first, self.count = spec, first, count
        env_ids = range(first, first + count)
        self.vec = make_vec(count, seed=spec.seed + first, **dict(spec.env))
        self.obs, infos = self.vec.reset(seed=[spec.seed + i for i in env_ids])
        self.hand = np.array(infos["hand"], dtype=np.float32)
        self.rngs = [np.random.default_rng([spec.seed, i]) for i in env_ids]
        self.policy = Policy.__new__(Policy)

    def collect(self, params: Params, steps: int) -> Batch:
        """``steps`` steps of every environment with the weights ``params``: time-major arrays
        (``obs``, ``mask``, ``act``, ``logp``, ``val``, ``rew``, ``done``: steps x count x ...),
        ``last_val`` (the value of each environment's next observation), ``won``, ``finished``."""
        self.policy.params = params
        buf: dict[str, list[np.ndarray]] = {k: [] for k in BUFFERS}
        won = finished = 0
        rows = np.arange(self.count)
        for _ in range(steps):
            o, mk = self.obs["observation"], self.obs["action_mask"]
            probs, values = self._forward(o, mk)
            act = np.array(
                [rng.choice(N_ACTIONS, p=p) for rng, p in zip(self.rngs, probs, strict=True)]
            )
            self.obs, reward, term, trunc, infos = self.vec.step(act)
            new_hand = np.array(infos["hand"], dtype=np.float32)
            done = term | trunc
            shaped = reward + self.spec.shaping * np.where(done, 0.0, self.hand - new_hand)
            self.hand = new_hand
            for k, v in (("obs", o), ("mask", mk), ("act", act), ("val", values),
                         ("rew", shaped), ("done", done)):  # fmt: skip
                buf[k].append(np.asarray(v))
            buf["logp"].append(np.log(probs[rows, act] + 1e-12))
            won += int(reward[done].sum())
            finished += int(done.sum())
        _, last_val = self._forward(self.obs["observation"], self.obs["action_mask"])
        out = {k: np.stack(v) for k, v in buf.items()}
        out["last_val"] = last_val
        out["won"], out["finished"] = np.array(won), np.array(finished)
        return out

    def _forward(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(probabilities, values) of each environment's observation, one row at a time: a
        row's numbers then do not depend on how many rows a worker has (BLAS may round a row of
        a larger batch differently), so any number of workers samples the same actions."""
        out = [self.policy.forward(obs[i : i + 1], mask[i : i + 1])[:2] for i in range(len(obs))]
        return np.concatenate([p for p, _ in out]), np.concatenate([v for _, v in out])

    def close(self) -> None:
        """Close the environments (an external bot's process)."""
        self.vec.close()


__all__ = ["RolloutSpec", "RolloutWorker", "shards"]
