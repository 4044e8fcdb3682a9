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

# one BLAS thread: the batches are small, and threads only fight on a shared machine
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from handgame.play.backends import BackendError  # noqa: E402
from handgame.play.driver import play_match  # noqa: E402
from handgame.play.registry import make_bot  # noqa: E402
from handgame.rl.ppo import Config, Policy, train  # noqa: E402
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

    try:
        train(
            rollouts,
            policy,
            cfg,
            args.updates,
            seed=args.seed,
            log=log,
            stop=lambda: time.monotonic() > deadline,
        )
    finally:
        rollouts.close()
    policy.save(args.out)
    print(f"trained for {time.monotonic() - start:.0f} s; saved {args.out}", flush=True)
    eval_seed = args.seed if args.eval_seed is None else args.eval_seed
    report(args.out, "random", args.eval, args.preset, eval_seed)
    report(args.out, "greedy", args.eval_greedy, args.preset, eval_seed)


if __name__ == "__main__":
    main()
