"""Games per second of ``hand simulate`` on each backend: this process (the default),
``--jobs J`` processes and ``--backend ray`` (a local Ray of J CPUs, or ``--address``).

The backends take turns run after run in one process (serial, processes, ray, serial, ...), so
a busy machine slows them alike; in a run every backend plays the same seeded games (new seeds
each run: replaying the same games would measure warm caches), and the script checks that they
all found the same results. A local Ray is started once, before the runs: its
start is timed apart (``ray_start_seconds``); a process pool is started by every run, as
``hand simulate --jobs`` does. Prints one JSON object.

    python benchmarks/simulate_backends.py                  # 3 runs x 3 backends x 120 games
    python benchmarks/simulate_backends.py --backends serial,processes --games 2 --repeat 1
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import emit, machine, median, progress, rnd

from handgame.play.simulate import SimulationConfig, simulate

BACKENDS = {  # name: (SimulationConfig.backend, uses --jobs)
    "serial": ("local", False),
    "processes": ("local", True),
    "ray": ("ray", True),
}


def main(argv: list[str] | None = None) -> None:
    """Run, compare, print."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bots", default="greedy,random", help="one bot per seat (%(default)s)")
    ap.add_argument("--games", type=int, default=120, help="games per run (default: 120)")
    ap.add_argument("--rounds", type=int, default=1, help="rounds per match (default: 1)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per backend (default: 3)")
    ap.add_argument("--jobs", type=int, default=2, help="processes, and a local Ray's CPUs")
    ap.add_argument("--backends", default="serial,processes,ray", help="which, in turn")
    ap.add_argument("--address", help="a Ray cluster instead of a local Ray")
    ap.add_argument("--seed", default="bench")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.backends.split(",") if n.strip()]
    unknown = [n for n in names if n not in BACKENDS]
    if unknown:
        ap.error(f"unknown backend(s) {unknown}; choose from {', '.join(BACKENDS)}")

    ray_start = None
    if "ray" in names and args.address is None:
        from handgame.play.backends.ray_tasks import start_local_ray

        start = time.perf_counter()
        start_local_ray(args.jobs)
        ray_start = time.perf_counter() - start
        progress(f"local Ray of {args.jobs} CPUs started in {ray_start:.1f} s")

    runs: dict[str, list[float]] = {n: [] for n in names}
    identical = True
    for r in range(args.repeat):
        answers: list[Any] = []
        for name in names:
            backend, parallel = BACKENDS[name]
            config = SimulationConfig(
                bots=tuple(args.bots.split(",")),
                games=args.games,
                seed=f"{args.seed}-{r + 1}",
                options={"rounds": args.rounds},
                jobs=args.jobs if parallel else 1,
                backend=backend,
                address=args.address if backend == "ray" else None,
            )
            result = simulate(config)
            runs[name].append(result.games_per_second)
            obj = result.to_json()
            obj.pop("timing")
            answers.append(obj)
            progress(f"run {r + 1}/{args.repeat} {name}: {result.games_per_second:.2f} games/s")
        identical = identical and all(a == answers[0] for a in answers)
    if "ray" in names and ray_start is not None:
        import ray

        ray.shutdown()
    medians = {n: median(v) for n, v in runs.items()}
    base = medians.get("serial")
    emit(
        {
            "machine": machine(),
            "bots": args.bots,
            "games_per_run": args.games,
            "rounds": args.rounds,
            "jobs": args.jobs,
            "games_per_s": {n: rnd(m, 2) for n, m in medians.items()},
            "runs_games_per_s": {n: [round(x, 2) for x in v] for n, v in runs.items()},
            "ratio_to_serial": {
                n: (rnd(m / base, 2) if base and m is not None else None)
                for n, m in medians.items()
            },
            "ray_start_seconds": rnd(ray_start, 1),
            "identical_results": identical,
        }
    )


if __name__ == "__main__":
    main()
