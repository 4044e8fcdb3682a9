"""Train a masked-PPO agent for Hand on HandVsBots-v0, then measure it against the bots.

The documented configuration (docs/rl.md), about 35 minutes on 2 shared cores:

    nice -n 15 python examples/train_ppo.py --minutes 30 --out hand-ppo.npz

It trains against ``random`` in one-round matches of the preset (``rounds=1``), saves the
policy, then plays it (``policy:PATH``, the likeliest token at every step) against ``random``
and ``greedy``, seats alternating, and prints each win rate with its 95% Wilson interval. The
learner is numpy only (handgame.rl.ppo); ``pip install 'handgame[rl]'`` brings what it needs.
A tiny smoke run: ``python examples/train_ppo.py --updates 1 --envs 2 --steps 16 --eval 2
--eval-greedy 0``.

The environments are played by ``--workers W`` rollout workers (``--envs`` cut into W shards,
handgame.rl.rollouts): in this process one after another (``--backend local``, the default) or
as W Ray actors in parallel (``--backend ray``, ``pip install 'handgame[ray]'``; a local Ray of
W CPUs, or the cluster at ``--address ADDR``). The same seed trains the same weights, bit for
bit, whatever W and the backend.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Callable
from typing import Any

# one BLAS thread: the batches are small, and threads only fight on a shared machine
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

from handgame.play.backends import BackendError  # noqa: E402
from handgame.play.driver import play_match  # noqa: E402
from handgame.play.registry import make_bot  # noqa: E402
from handgame.rl.ppo import Config, Policy, merge, train  # noqa: E402
from handgame.rl.rollouts import ROLLOUT_BACKENDS, RolloutSpec, open_rollouts  # noqa: E402
from handgame.rl.stepper import make_config  # noqa: E402


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def evaluate(path: str, opponent: str, rounds: int, preset: str, seed: int) -> tuple[int, int]:
    """(wins, rounds) of ``policy:PATH`` against ``opponent`` in one-round matches of
    ``preset``, the policy's seat alternating."""
    config = make_config(preset, 2, {"rounds": 1})
    wins = 0
    for i in range(rounds):
        seat = i % 2
        bots = [make_bot(f"policy:{path}", i), make_bot(opponent, f"eval:{seed}:{i}")]
        if seat == 1:
            bots.reverse()
        state = play_match(config, bots, seed=f"eval:{seed}:{i}")
        wins += int(state.is_over and state.returns()[seat] == 1)
    return wins, rounds


def report(path: str, opponent: str, rounds: int, preset: str, seed: int) -> None:
    """Print the policy's win rate against ``opponent`` with its interval."""
    if rounds <= 0:
        return
    start = time.monotonic()
    wins, n = evaluate(path, opponent, rounds, preset, seed)
    lo, hi = wilson(wins, n)
    print(
        f"against {opponent}: won {wins} of {n} rounds = {wins / n:.3f} "
        f"(95% interval {lo:.3f}-{hi:.3f}), {time.monotonic() - start:.0f} s",
        flush=True,
    )


def fit_value(
    rollouts: Any, policy: Policy, cfg: Config, batches: int, log: Callable[[str], None]
) -> None:
    """Fit the value head alone (``wv``, ``bv``: a ridge regression on the last hidden layer)
    to the discounted returns of ``batches`` batches played by ``policy``: a policy started
    from a clone (``--init``) has no value yet, and PPO's first advantages would be noise."""
    feats: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    for b in range(batches):
        part = merge(rollouts.collect(policy.params, cfg.steps))
        rew, dones = part["rew"].astype(np.float32), part["done"].astype(np.float32)
        ret = np.zeros_like(rew)
        running = part["last_val"].astype(np.float32)
        for t in reversed(range(len(rew))):
            running = rew[t] + cfg.gamma * running * (1.0 - dones[t])
            ret[t] = running
        # the steps of the environments where some match ended in the batch (their last,
        # unfinished match is bootstrapped from the initial value); all steps if none ended
        ended = np.broadcast_to(dones.any(0) if dones.any() else True, dones.shape)
        obs = part["obs"][ended].astype(np.float32)
        p = policy.params
        h1 = np.maximum(obs @ p["w1"] + p["b1"], 0)
        feats.append(np.maximum(h1 @ p["w2"] + p["b2"], 0))
        targets.append(ret[ended])
        log(f"value fit: batch {b + 1}/{batches}, {int(part['finished'])} episodes")
    x = np.concatenate(feats)
    x = np.concatenate([x, np.ones((len(x), 1), np.float32)], axis=1)
    y = np.concatenate(targets)
    w = np.linalg.solve(x.T @ x + 1.0 * np.eye(x.shape[1]), x.T @ y)
    policy.params["wv"] = w[:-1, None].astype(np.float32)
    policy.params["bv"] = w[-1:].astype(np.float32)
    err = float(((x @ w - y) ** 2).mean())
    log(f"value fit: {len(y)} steps, mean squared error {err:.4f} (variance {y.var():.4f})")


def save(policy: Policy, path: str, half: bool) -> None:
    """Save the policy (its weights in float16 if ``half``: half the file, loaded as float32)."""
    if not half:
        policy.save(path)
        return
    full = policy.params
    policy.params = {k: v.astype(np.float16) for k, v in full.items()}
    policy.save(path)
    policy.params = full


def main(argv: list[str] | None = None) -> None:
    """Train, save, evaluate."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--preset", default="levant")
    ap.add_argument("--opponent", default="random", help="the bot trained against")
    ap.add_argument("--minutes", type=float, default=30.0, help="stop training after this long")
    ap.add_argument("--updates", type=int, default=1_000_000, help="stop after this many updates")
    ap.add_argument("--envs", type=int, default=Config.envs)
    ap.add_argument("--steps", type=int, default=Config.steps, help="steps per env per update")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=Config.lr)
    ap.add_argument("--shaping", type=float, default=Config.shaping)
    ap.add_argument("--entropy", type=float, default=Config.entropy)
    ap.add_argument(
        "--value-fit",
        type=int,
        default=0,
        metavar="N",
        help="first fit the value head alone to N batches of the initial policy (with --init)",
    )
    ap.add_argument(
        "--checkpoint",
        type=int,
        default=0,
        metavar="N",
        help="also save the weights every N updates (OUT-uK.npz after K updates)",
    )
    ap.add_argument(
        "--half", action="store_true", help="save the weights in float16 (half the file's size)"
    )
    ap.add_argument("--init", help="start from this policy (.npz, or a shipped agent's name)")
    ap.add_argument("--eval-seed", type=int, help="the evaluation's seed (default: --seed)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="hand-ppo.npz")
    ap.add_argument("--eval", type=int, default=400, help="rounds against random")
    ap.add_argument("--eval-greedy", type=int, default=200, help="rounds against greedy")
    ap.add_argument("--workers", type=int, default=1, help="rollout workers (shards of --envs)")
    ap.add_argument(
        "--backend",
        choices=ROLLOUT_BACKENDS,
        default="local",
        help="local: the workers in this process; ray: one Ray actor each (default: local)",
    )
    ap.add_argument("--address", help="the Ray cluster (--backend ray); default: a local Ray")
    args = ap.parse_args(argv)

    cfg = Config(
        envs=args.envs, steps=args.steps, lr=args.lr, shaping=args.shaping, entropy=args.entropy
    )
    cfg.minibatch = min(cfg.minibatch, cfg.envs * cfg.steps)
    spec = RolloutSpec(
        cfg.envs,
        seed=args.seed,
        env={"preset": args.preset, "players": 2, "options": {"rounds": 1}, "bots": args.opponent},
        shaping=cfg.shaping,
    )
    try:
        rollouts = open_rollouts(spec, args.workers, args.backend, args.address)
    except (BackendError, ValueError) as exc:
        ap.error(str(exc))
    if args.init:
        from handgame.rl.policy_bot import resolve

        policy = Policy.load(resolve(args.init))
    else:
        policy = Policy(2, hidden=args.hidden, seed=args.seed)
    start = time.monotonic()
    deadline = start + args.minutes * 60

    def log(line: str) -> None:
        print(f"[{time.monotonic() - start:7.0f} s] {line}", flush=True)

    done = [0]

    def stop() -> bool:
        # called before each update: every --checkpoint updates, the weights so far are saved
        if args.checkpoint and done[0] and done[0] % args.checkpoint == 0:
            save(policy, f"{args.out.removesuffix('.npz')}-u{done[0]}.npz", args.half)
        done[0] += 1
        return time.monotonic() > deadline

    try:
        if args.value_fit > 0:
            fit_value(rollouts, policy, cfg, args.value_fit, log)
        train(
            rollouts,
            policy,
            cfg,
            args.updates,
            seed=args.seed,
            log=log,
            stop=stop,
        )
    finally:
        rollouts.close()
    save(policy, args.out, args.half)
    print(f"trained for {time.monotonic() - start:.0f} s; saved {args.out}", flush=True)
    eval_seed = args.seed if args.eval_seed is None else args.eval_seed
    report(args.out, "random", args.eval, args.preset, eval_seed)
    report(args.out, "greedy", args.eval_greedy, args.preset, eval_seed)


if __name__ == "__main__":
    main()
