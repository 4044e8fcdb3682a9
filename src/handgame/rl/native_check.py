"""The native batched environment against the Python path, match for match (issue 39).

``python -m handgame.rl.native_check --matches 3000 --tables 16 --seed S`` steps two
:class:`~handgame.rl.vector.HandVectorEnv` of the same tables and seed side by side — one on the
game's native batch (``native=True``), one on the Python path (``native=False``) — with the same
random masked tokens, until ``--matches`` matches have ended, and compares every step's
observations, masks, rewards, terminations, truncations, seats, final observations and returns:
they must be identical. It prints one line of JSON (the counts, the seed, the time) and exits 1
at the first difference, naming it. ``tests/rl/test_native_round.py`` runs it on a few hundred
matches.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from handgame.rl.vector import HandVectorEnv


@dataclass
class Report:
    """What a comparison saw: the matches ended, the table-steps compared, the share of the
    native env's table-steps stepped natively, and the first difference (None: identical)."""

    matches: int = 0
    steps: int = 0
    native_share: float = 0.0
    difference: str | None = None
    seconds: float = 0.0


def _same(name: str, a: Any, b: Any) -> str | None:
    """None when ``a`` and ``b`` are equal arrays (or equal values), else what differs."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        x, y = np.asarray(a), np.asarray(b)
        if x.shape != y.shape:
            return f"{name}: shapes {x.shape} and {y.shape}"
        if x.dtype == object:
            for k, (u, v) in enumerate(zip(x.tolist(), y.tolist(), strict=True)):
                got = _same(f"{name}[{k}]", u, v)
                if got is not None:
                    return got
            return None
        if not np.array_equal(x, y):
            at = np.argwhere(x != y)[:3].tolist()
            return f"{name}: differs at {at}"
        return None
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        if a.keys() != b.keys():
            return f"{name}: keys {sorted(a)} and {sorted(b)}"
        for key in a:
            got = _same(f"{name}.{key}", a[key], b[key])
            if got is not None:
                return got
        return None
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        if len(a) != len(b):
            return f"{name}: lengths {len(a)} and {len(b)}"
        for k, (u, v) in enumerate(zip(a, b, strict=True)):
            got = _same(f"{name}[{k}]", u, v)
            if got is not None:
                return got
        return None
    return None if a == b else f"{name}: {a!r} and {b!r}"


def compare(
    matches: int,
    tables: int = 16,
    seed: int = 0,
    preset: str = "levant",
    players: int = 2,
    options: Mapping[str, Any] | None = None,
) -> Report:
    """Step the native and the Python env together until ``matches`` matches have ended
    (random masked tokens from ``seed``); the first difference ends the run."""
    opts = dict(options) if options is not None else {"rounds": 1}
    start = time.perf_counter()
    envs = [
        HandVectorEnv(tables, preset=preset, players=players, options=opts, native=native)
        for native in (True, False)
    ]
    report = Report()
    got = [env.reset(seed=seed) for env in envs]
    report.difference = _same("reset", got[0], got[1])
    rng = np.random.default_rng(seed)
    native_steps = 0
    obs = got[1][0]
    while report.difference is None and report.matches < matches:
        mask = obs["action_mask"]
        tokens = (rng.random(mask.shape) * mask).argmax(axis=1)
        native_steps += sum(envs[0].native_tables())
        a = envs[0].step(tokens)
        b = envs[1].step(tokens)
        report.steps += tables
        for name, x, y in zip(
            ("observations", "rewards", "terminations", "truncations", "infos"), a, b, strict=True
        ):
            report.difference = report.difference or _same(name, x, y)
        if report.difference is not None:
            report.difference = f"step {report.steps // tables}: {report.difference}"
        report.matches += int(b[2].sum() + b[3].sum())
        obs = b[0]
    for env in envs:
        env.close()
    report.native_share = native_steps / report.steps if report.steps else 0.0
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    """Compare as the command line says; exit 1 on a difference."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=300, help="stop after this many matches")
    ap.add_argument("--tables", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--preset", default="levant")
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args(argv)
    try:
        report = compare(args.matches, args.tables, args.seed, args.preset, args.players)
    except (ValueError, RuntimeError) as e:
        print(f"native_check: {e}", file=sys.stderr)
        return 2
    out = {
        "matches": report.matches,
        "table_steps": report.steps,
        "native_share": round(report.native_share, 4),
        "identical": report.difference is None,
        "difference": report.difference,
        "seed": args.seed,
        "tables": args.tables,
        "preset": args.preset,
        "players": args.players,
        "seconds": round(report.seconds, 1),
    }
    print(json.dumps(out))
    return 0 if report.difference is None else 1


if __name__ == "__main__":
    sys.exit(main())
