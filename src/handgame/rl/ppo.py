"""Masked PPO in numpy: a small MLP policy and value, trained on :func:`gym_env.make_vec`.

numpy only (no PyTorch): the network is two ReLU layers with a policy head over the tokens
and a value head, its gradients written out by hand, and Adam. Masked-out tokens get no
probability (their logits are pushed to -1e9), so the agent samples only legal tokens and
their gradient is zero. :class:`Policy` saves to and loads from one ``.npz`` file, which also
holds the encoding versions and the player count it was trained for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from handgame.rl.encode import OBS_VERSION, obs_size
from handgame.rl.tokens import ACTIONS_VERSION, N_ACTIONS

Params = dict[str, np.ndarray]
Batch = dict[str, np.ndarray]  # a rollout worker's steps (handgame.rl.rollout)
BUFFERS = ("obs", "mask", "act", "logp", "val", "rew", "done")  # its time-major arrays


class Policy:
    """An MLP: observation -> (masked token logits, value)."""

    def __init__(self, players: int, hidden: int = 256, seed: int = 0) -> None:
        """A policy for ``players`` seats with fresh weights drawn from ``seed``."""
        rng = np.random.default_rng(seed)
        n_in = obs_size(players)
        self.players = players
        self.params: Params = {
            "w1": rng.normal(0, np.sqrt(2 / n_in), (n_in, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": rng.normal(0, np.sqrt(2 / hidden), (hidden, hidden)).astype(np.float32),
            "b2": np.zeros(hidden, np.float32),
            "wp": rng.normal(0, 0.01, (hidden, N_ACTIONS)).astype(np.float32),
            "bp": np.zeros(N_ACTIONS, np.float32),
            "wv": rng.normal(0, 0.01, (hidden, 1)).astype(np.float32),
            "bv": np.zeros(1, np.float32),
        }

    def forward(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, Any]:
        """(probabilities, values, cache for :meth:`backward`) of a batch."""
        p = self.params
        h1 = np.maximum(obs @ p["w1"] + p["b1"], 0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
        logits = h2 @ p["wp"] + p["bp"]
        logits = np.where(mask > 0, logits, -1e9)
        logits = logits - logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        probs = e / e.sum(axis=1, keepdims=True)
        values = (h2 @ p["wv"] + p["bv"])[:, 0]
        return probs, values, (obs, h1, h2)

    def backward(self, cache: Any, dlogits: np.ndarray, dvalues: np.ndarray) -> Params:
        """The gradients of the parameters, given those of the logits and values."""
        obs, h1, h2 = cache
        p = self.params
        g: Params = {
            "wp": h2.T @ dlogits,
            "bp": dlogits.sum(0),
            "wv": h2.T @ dvalues[:, None],
            "bv": dvalues.sum(keepdims=True),
        }
        dh2 = (dlogits @ p["wp"].T + dvalues[:, None] @ p["wv"].T) * (h2 > 0)
        g["w2"], g["b2"] = h1.T @ dh2, dh2.sum(0)
        dh1 = (dh2 @ p["w2"].T) * (h1 > 0)
        g["w1"], g["b1"] = obs.T @ dh1, dh1.sum(0)
        return g

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None) -> int:
        """One token for one observation: sampled with ``rng``, or the likeliest without."""
        probs, _, _ = self.forward(obs[None, :], mask[None, :])
        if rng is None:
            return int(np.argmax(probs[0]))
        return int(rng.choice(N_ACTIONS, p=probs[0]))

    def save(self, path: str) -> None:
        """Write the weights and the versions they were trained with to ``path`` (.npz)."""
        meta = np.array([OBS_VERSION, ACTIONS_VERSION, self.players, N_ACTIONS])
        arrays: dict[str, Any] = {"meta": meta, **self.params}
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str) -> Policy:
        """A policy read from ``path``; raises ``ValueError`` if it was made for another
        encoding version."""
        with np.load(path) as data:
            obs_v, act_v, players, n_actions = (int(x) for x in data["meta"])
            if (obs_v, act_v, n_actions) != (OBS_VERSION, ACTIONS_VERSION, N_ACTIONS):
                raise ValueError(
                    f"{path} was trained for observations v{obs_v} and actions v{act_v} "
                    f"({n_actions} tokens); this handgame has v{OBS_VERSION}, "
                    f"v{ACTIONS_VERSION} ({N_ACTIONS})"
                )
            policy = cls.__new__(cls)
            policy.players = players
            policy.params = {k: data[k].astype(np.float32) for k in data.files if k != "meta"}
        return policy


class Adam:
    """Adam over a policy's parameters."""

    def __init__(self, params: Params, lr: float) -> None:
        """Adam with learning rate ``lr``."""
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: Params, grads: Params, b1: float = 0.9, b2: float = 0.999) -> None:
        """One update of ``params`` in place."""
        self.t += 1
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            mh = self.m[k] / (1 - b1**self.t)
            vh = self.v[k] / (1 - b2**self.t)
            params[k] -= self.lr * mh / (np.sqrt(vh) + 1e-8)


@dataclass
class Config:
    """PPO's settings (the defaults are the documented configuration of docs/rl.md)."""

    envs: int = 8
    steps: int = 256  # per env per update
    epochs: int = 4
    minibatch: int = 512
    lr: float = 3e-4
    gamma: float = 0.995
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    max_grad: float = 0.5
    shaping: float = 0.02  # reward per card the agent's hand shrinks by (0: off)


def ppo_update(
    policy: Policy, opt: Adam, batch: dict[str, np.ndarray], cfg: Config, rng: np.random.Generator
) -> dict[str, float]:
    """Some epochs of clipped PPO on one batch; the last minibatch's losses."""
    n = len(batch["obs"])
    stats: dict[str, float] = {}
    adv = batch["adv"]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    for _ in range(cfg.epochs):
        order = rng.permutation(n)
        for start in range(0, n, cfg.minibatch):
            idx = order[start : start + cfg.minibatch]
            obs, mask, act = batch["obs"][idx], batch["mask"][idx], batch["act"][idx]
            probs, values, cache = policy.forward(obs, mask)
            m = len(idx)
            logp = np.log(probs[np.arange(m), act] + 1e-12)
            ratio = np.exp(logp - batch["logp"][idx])
            a = adv[idx]
            active = ((a > 0) & (ratio < 1 + cfg.clip)) | ((a < 0) & (ratio > 1 - cfg.clip))
            dlogp = np.where(active, -a * ratio, 0.0) / m
            onehot = np.zeros_like(probs)
            onehot[np.arange(m), act] = 1.0
            dlogits = dlogp[:, None] * (onehot - probs)
            logp_all = np.log(probs + 1e-12)
            ent = -(probs * logp_all).sum(1)
            dlogits += cfg.entropy * probs * (logp_all + ent[:, None]) / m
            dlogits = np.where(mask > 0, dlogits, 0.0).astype(np.float32)
            dvalues = (cfg.value * (values - batch["ret"][idx]) / m).astype(np.float32)
            grads = policy.backward(cache, dlogits, dvalues)
            norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
            if norm > cfg.max_grad:
                grads = {k: g * (cfg.max_grad / norm) for k, g in grads.items()}
            opt.step(policy.params, grads)
            stats = {
                "policy_loss": float(
                    -np.minimum(ratio * a, np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip) * a).mean()
                ),
                "value_loss": float(((values - batch["ret"][idx]) ** 2).mean()),
                "entropy": float(ent.mean()),
            }
    return stats


def merge(parts: Sequence[Batch]) -> Batch:
    """The shards' batches side by side (environments in order), counts summed."""
    out = {k: np.concatenate([p[k] for p in parts], axis=1) for k in BUFFERS}
    out["last_val"] = np.concatenate([p["last_val"] for p in parts])
    out["won"] = np.array(sum(int(p["won"]) for p in parts))
    out["finished"] = np.array(sum(int(p["finished"]) for p in parts))
    return out


def train(
    rollouts: Any,
    policy: Policy,
    cfg: Config,
    updates: int,
    seed: int = 0,
    log: Callable[[str], None] = print,
    stop: Callable[[], bool] = lambda: False,
) -> Policy:
    """Train ``policy`` on the batches of ``rollouts`` (a :class:`handgame.rl.rollout.Rollouts`:
    its workers play the environments, locally or on Ray) for ``updates`` updates (or until
    ``stop()``); logs one line per update. The generator seeded ``seed`` orders the minibatches;
    the actions are sampled by the workers."""
    rng = np.random.default_rng(seed)
    opt = Adam(policy.params, cfg.lr)
    for update in range(updates):
        if stop():
            break
        part = merge(rollouts.collect(policy.params, cfg.steps))
        rew, val, dones = (part[k].astype(np.float32) for k in ("rew", "val", "done"))
        last_values = part["last_val"]
        adv = np.zeros_like(rew)
        gae = np.zeros(rew.shape[1], np.float32)
        for t in reversed(range(cfg.steps)):
            nxt = last_values if t == cfg.steps - 1 else val[t + 1]
            nonterm = 1.0 - dones[t]
            delta = rew[t] + cfg.gamma * nxt * nonterm - val[t]
            gae = delta + cfg.gamma * cfg.lam * nonterm * gae
            adv[t] = gae

        flat = {k: part[k].reshape(-1, *part[k].shape[2:]) for k in ("obs", "mask", "act", "logp")}
        batch = {
            "obs": flat["obs"].astype(np.float32),
            "mask": flat["mask"],
            "act": flat["act"],
            "logp": flat["logp"],
            "adv": adv.reshape(-1),
            "ret": (adv + val).reshape(-1),
        }
        stats = ppo_update(policy, opt, batch, cfg, rng)
        won, finished = int(part["won"]), int(part["finished"])
        rate = won / finished if finished else 0.0
        log(
            f"update {update + 1}: {finished} episodes, win rate {rate:.3f}, "
            + ", ".join(f"{k} {v:.4f}" for k, v in stats.items())
        )
    return policy
