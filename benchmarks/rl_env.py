"""Environment steps per second: handgame.rl's hand_v0 (AEC, one table) and HandVectorEnv
(``--tables`` tables stepped together) beside RLCard's gin-rummy env.

Every side takes uniformly random legal actions (ours: a random masked-in token; RLCard's:
a random key of ``state["legal_actions"]``) and builds every observation, as a learner would;
runs interleave in one process, so the ratios survive a busy machine. Prints one JSON object.

    python benchmarks/rl_env.py                 # 3 runs x 2 sides x >= 10 s
    python benchmarks/rl_env.py --seconds 0 --repeat 1   # one match each (the test's size)
    python benchmarks/rl_env.py --parts 200     # then where a batched step's time goes

The batched env runs on the game's native batch where it is built (``--vector auto``; issue
39: ``native/hand_batch.cpp``), ``--vector python`` measures its Python path.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import NO_PEER, emit, machine, median, progress, rlcard_version, rnd


def ours(preset: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    """Random masked play of hand_v0 (one-round matches) for at least ``seconds``."""
    import numpy as np

    from handgame.rl import hand_v0

    env = hand_v0.env(preset=preset, players=players, options={"rounds": 1})
    rng = random.Random(seed)
    steps = actions = matches = 0
    start = time.perf_counter()
    while True:
        env.reset(seed=rng.getrandbits(32))
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            steps += 1
        actions += env.unwrapped.match.actions
        matches += 1
        if time.perf_counter() - start >= seconds:
            break
    took = time.perf_counter() - start
    return {
        "steps_per_s": steps / took,
        "engine_actions_per_s": actions / took,
        "steps": steps,
        "matches": matches,
    }


def batched(
    preset: str, players: int, tables: int, seconds: float, seed: int, native: bool | None = None
) -> dict[str, Any]:
    """Random masked play of HandVectorEnv (``tables`` self-play tables, one-round matches,
    autoreset) for at least ``seconds``: steps are table-steps (a token at one table).
    ``native``: the env's own argument (None: the game's native batch where it is built)."""
    import numpy as np

    from handgame.rl.vector import HandVectorEnv

    env = HandVectorEnv(
        tables, preset=preset, players=players, options={"rounds": 1}, native=native
    )
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = matches = 0
    start = time.perf_counter()
    while True:
        tokens = (rng.random(obs["action_mask"].shape) * obs["action_mask"]).argmax(axis=1)
        obs, _, terms, truncs, _ = env.step(tokens)
        steps += tables
        matches += int(terms.sum() + truncs.sum())
        if time.perf_counter() - start >= seconds and matches:
            break
    took = time.perf_counter() - start
    return {
        "steps_per_s": steps / took,
        "steps": steps,
        "matches": matches,
        "native": env.native,
        "native_why": env.native_why,
    }


def peer(seconds: float, seed: int) -> dict[str, float]:
    """Random legal play of RLCard's gin-rummy environment for at least ``seconds``."""
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    steps = matches = 0
    start = time.perf_counter()
    while True:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        matches += 1
        if time.perf_counter() - start >= seconds:
            break
    took = time.perf_counter() - start
    return {"steps_per_s": steps / took, "steps": steps, "matches": matches}


def main() -> None:
    """Run both sides, interleaved, and print the medians and their ratio."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--preset", default="levant")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=10.0, help="at least this long per run")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-peer", action="store_true", help="skip RLCard")
    ap.add_argument("--tables", type=int, default=64, help="tables of the batched env")
    ap.add_argument(
        "--vector",
        choices=("auto", "native", "python"),
        default="auto",
        help="the batched env's path: its native batch where built (auto), required, or not",
    )
    ap.add_argument(
        "--seed", type=int, default=0, help="run r plays from seed SEED + r (printed in the JSON)"
    )
    ap.add_argument(
        "--parts",
        type=int,
        default=0,
        metavar="STEPS",
        help="after the timed runs, STEPS batched steps with each part of a step timed "
        "(legal_actions, apply, driver, spelling, observe...; per table-step, in us)",
    )
    args = ap.parse_args()
    version = None if args.no_peer else rlcard_version()
    mine: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    vec: list[dict[str, float]] = []
    for r in range(args.repeat):
        mine.append(ours(args.preset, args.players, args.seconds, args.seed + r))
        progress(f"run {r + 1}/{args.repeat} hand_v0: {mine[-1]['steps_per_s']:.0f} steps/s")
        native = {"auto": None, "native": True, "python": False}[args.vector]
        vec.append(
            batched(args.preset, args.players, args.tables, args.seconds, args.seed + r, native)
        )
        progress(
            f"run {r + 1}/{args.repeat} HandVectorEnv({args.tables}): "
            f"{vec[-1]['steps_per_s']:.0f} steps/s"
        )
        if version is not None:
            theirs.append(peer(args.seconds, args.seed + r))
            progress(
                f"run {r + 1}/{args.repeat} rlcard gin-rummy: "
                f"{theirs[-1]['steps_per_s']:.0f} steps/s"
            )
    hand = median([m["steps_per_s"] for m in mine])
    gin = median([t["steps_per_s"] for t in theirs])
    batch = median([v["steps_per_s"] for v in vec])
    result: dict[str, Any] = {
        "benchmark": "rl_env",
        "machine": machine(),
        "preset": args.preset,
        "seed": args.seed,
        "players": args.players,
        "hand_v0_steps_per_s": rnd(hand),
        "hand_v0_engine_actions_per_s": rnd(median([m["engine_actions_per_s"] for m in mine])),
        "hand_v0_steps_per_match": rnd(
            sum(m["steps"] for m in mine) / sum(m["matches"] for m in mine)
        ),
        "peer": f"rlcard {version}: gin-rummy env (rlcard.make), random legal actions"
        if version is not None
        else NO_PEER,
        "rlcard_gin_rummy_steps_per_s": rnd(gin),
        "ratio_hand_to_rlcard": rnd(hand / gin, 3) if hand and gin else None,
        "vector_tables": args.tables,
        "vector_native": all(v["native"] for v in vec) if vec else None,
        "vector_native_why": vec[0]["native_why"] if vec else None,
        "vector_steps_per_s": rnd(batch),
        "ratio_vector_to_rlcard": rnd(batch / gin, 3) if batch and gin else None,
        "runs": {"hand_v0": mine, "vector": vec, "rlcard": theirs},
    }
    if args.parts > 0:
        from _rl_parts import parts

        result["vector_parts"] = parts(
            args.preset, args.players, args.tables, args.parts, args.seed
        )
    emit(result)


if __name__ == "__main__":
    main()
