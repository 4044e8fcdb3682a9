"""Train Hand with sb3-contrib's MaskablePPO (Stable-Baselines3, PyTorch), the environment
unchanged: ``HandVsBots-v0`` already answers ``action_masks()``, the method MaskablePPO asks.

Why sb3-contrib: it is the most used maintained implementation of PPO with invalid-action
masking, installed from PyPI (``pip install sb3-contrib``), and it takes a Gymnasium
environment as it is; CleanRL's masked PPO is a script to copy, not a library, and a JAX PPO
would need the environment in JAX. PyTorch: use a CPU build (``pip install torch==2.13.0`` on
the project's machines takes the CPU file on disk; a plain ``pip install torch`` on Linux
pulls the CUDA build, several GB). The numpy PPO (``examples/train_ppo.py``) stays the
dependency-light default.

    nice -n 10 python examples/train_maskable_ppo.py --steps 200000 --out hand-maskable.zip

It trains against ``--bots`` (``random``) in one-round matches, saves the model, then plays
its likeliest masked token against ``random`` (``--eval`` rounds, seats alternating, seed
drawn now and printed). A tiny run: ``--steps 256 --envs 2 --eval 4``.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import time
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

from handgame.rl.gym_env import HandVsBots  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_ppo import wilson  # noqa: E402


def play(model: MaskablePPO, preset: str, bots: str, rounds: int, seed: int) -> int:
    """Rounds won by the model's likeliest masked tokens against ``bots``, seats alternating."""
    wins = 0
    for i in range(rounds):
        env = HandVsBots(preset=preset, players=2, options={"rounds": 1}, bots=bots, seat=i % 2)
        obs, _ = env.reset(seed=seed * 100_003 + i)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, term, trunc, _ = env.step(int(action))
            done = term or trunc
        wins += int(reward == 1.0)
    return wins


def main(argv: list[str] | None = None) -> None:
    """Train, save, evaluate."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="levant")
    ap.add_argument("--bots", default="random", help="the opponents' bot while training")
    ap.add_argument("--envs", type=int, default=4)
    ap.add_argument("--steps", type=int, default=100_000, help="agent steps of training")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="hand-maskable.zip")
    ap.add_argument("--eval", type=int, default=200, help="rounds against random")
    args = ap.parse_args(argv)
    torch.set_num_threads(1)

    def make(i: int):  # type: ignore[no-untyped-def]
        return lambda: HandVsBots(
            preset=args.preset, players=2, options={"rounds": 1}, bots=args.bots
        )

    env = DummyVecEnv([make(i) for i in range(args.envs)])
    env.seed(args.seed)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=max(16, min(256, args.steps // args.envs)),
        batch_size=64 if args.steps < 4096 else 256,
        gamma=0.995,
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    start = time.monotonic()
    model.learn(total_timesteps=args.steps)
    took = time.monotonic() - start
    print(f"trained {args.steps} steps in {took:.0f} s ({args.steps / took:.0f} steps/s)")
    model.save(args.out)
    if args.eval > 0:
        seed = secrets.randbits(31)
        print(f"evaluation seed {seed} (drawn now)")
        wins = play(model, args.preset, "random", args.eval, seed)
        lo, hi = wilson(wins, args.eval)
        rate = wins / args.eval
        print(f"against random: won {wins} of {args.eval} = {rate:.3f} ({lo:.3f}-{hi:.3f})")
    env.close()


if __name__ == "__main__":
    main()
