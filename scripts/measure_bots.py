"""Long bot measurements in resumable blocks: the figures of ``docs/notes/bots.md``.

Plays ``--games`` one-round matches of the listed bots (one per seat, as ``hand simulate
--bots``) in blocks of ``--block`` games, block ``b`` seeded ``SEED-bB`` (seats rotated within
each block, so a block of a multiple of the players is balanced), and appends each block's
``hand-simulate/1`` result as one JSON line to ``--out``. Run again with the same arguments
to finish an interrupted measurement: blocks already in the file are skipped. After each
block it prints the first listed bot's rounds won so far with a 95% Wilson interval.

    nice -n 15 python scripts/measure_bots.py --bots expert,greedy --games 600 \\
        --seed m2 --out measure/expert-greedy-2p.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from handgame.play.simulate import SimulationConfig, simulate, wilson


def tally(path: Path) -> tuple[dict[int, dict[str, object]], int, int]:
    """The blocks in ``path`` and the first bot's rounds won and rounds with a winner."""
    blocks: dict[int, dict[str, object]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                blocks[int(item["block"])] = item["result"]
    won = rounds = 0
    for result in blocks.values():
        first = result["bots"][0]  # type: ignore[index]
        won += int(first["rounds_won"])
        rounds += int(first["rounds"])
    return blocks, won, rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True, help="one bot spec per seat, comma-separated")
    parser.add_argument("--games", type=int, required=True, help="one-round matches in all")
    parser.add_argument("--block", type=int, default=20, help="matches per block (20)")
    parser.add_argument("--seed", required=True, help="the seed of the measurement")
    parser.add_argument("--rules", default="levant", help="preset (levant)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--out", required=True, help="JSON lines file (appended, resumable)")
    parser.add_argument(
        "--start",
        type=int,
        default=0,
        metavar="B",
        help="the first block to play (a second process can take the later blocks; each "
        "block's seed is its own, so the result is the same as one process's)",
    )
    parser.add_argument(
        "--report", action="store_true", help="only print the totals of the blocks in --out"
    )
    args = parser.parse_args(argv)
    bots = tuple(s.strip() for s in args.bots.split(","))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    blocks = -(-args.games // args.block)
    start = time.perf_counter()
    for b in range(args.start, args.start if args.report else blocks):
        done, won, rounds = tally(out)
        if b in done:
            continue
        games = min(args.block, args.games - b * args.block)
        config = SimulationConfig(
            bots=bots, games=games, seed=f"{args.seed}-b{b}", preset=args.rules,
            options={"rounds": 1}, jobs=args.jobs,
        )  # fmt: skip
        result = simulate(config).to_json()
        with out.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"block": b, "result": result}) + "\n")
        done, won, rounds = tally(out)
        low, high = wilson(won, rounds)
        print(
            f"{time.strftime('%H:%M:%S')} block {b + 1}/{blocks}: {bots[0]} {won}/{rounds} "
            f"rounds won = {100 * won / max(rounds, 1):.1f}% (95% CI {100 * low:.1f}-"
            f"{100 * high:.1f}), {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    done, won, rounds = tally(out)
    low, high = wilson(won, rounds)
    games = sum(int(r["games"]) for r in done.values())  # type: ignore[call-overload]
    seconds = sum(float(r["timing"]["seconds"]) for r in done.values())  # type: ignore[index]
    print(
        f"total: {games}/{args.games} games ({len(done)} blocks), {bots[0]} won {won}/{rounds}"
        f" rounds with a winner = {100 * won / max(rounds, 1):.1f}% (95% CI {100 * low:.1f}-"
        f"{100 * high:.1f}); {seconds:.0f} s of play"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
