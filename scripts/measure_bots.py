"""Long bot measurements in resumable blocks, tuning and fresh kept apart (docs/notes/bots.md).

Plays ``--games`` one-round matches of the listed bots (one per seat, as ``hand simulate
--bots``) in blocks of ``--block`` games, block ``b`` seeded ``SEED-bB`` (seats rotated within
each block, so a block of a multiple of the players is balanced), and appends each block's
``hand-simulate/1`` result as one JSON line to ``--out``, after a header line naming the seed,
its kind, the bots, the rules and the code measured. Run again with the same arguments to
finish an interrupted measurement: blocks already in the file are skipped. After each block it
prints the first listed bot's rounds won so far with a 95% Wilson interval.

The measurement protocol (docs/notes/bots.md, "How the bots are measured"):

- ``--seed NAME``: a *tuning* run on a named seed. Settings are chosen by tuning runs only.
- ``--fresh``: a *fresh* run. The seed (``fresh-`` and 12 hex digits) is drawn now from the
  operating system's random source (:mod:`secrets`), printed before the first block and with
  every total, and written in the header, so the run replays. Only fresh runs decide whether a
  target is met; a fresh seed is never used for a choice, so ``--seed fresh-…`` is refused.
- ``--replay SEED``: plays a fresh seed again (into another file), to show the run replays;
  not a new figure.
- ``--summary DIR``: every measurement file in DIR, fresh and tuning runs in separate tables.

    nice -n 10 python scripts/measure_bots.py --bots expert,greedy --games 1000 --fresh \\
        --jobs 2 --out docs/notes/measure/fresh/expert-greedy-2p.jsonl
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from handgame.play.simulate import SimulationConfig, simulate, wilson

#: the prefix of every seed drawn by ``--fresh``; a tuning run refuses it
FRESH = "fresh-"
KINDS = ("tuning", "fresh", "replay")


class Refused(Exception):
    """A request the protocol refuses (the message says why and what to do instead)."""


def fresh_seed() -> str:
    """A seed drawn now from the operating system's random source: ``fresh-`` + 12 hex."""
    return FRESH + secrets.token_hex(6)


def code_version() -> str:
    """The commit of the code measured (``+changes`` when ``src`` differs from it)."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"], cwd=root, capture_output=True,
            text=True, check=True,
        ).stdout.strip()  # fmt: skip
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"], cwd=root, capture_output=True,
            text=True, check=True,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def read(path: Path) -> tuple[dict[str, Any] | None, dict[int, dict[str, Any]]]:
    """The header (None in files written before the protocol) and the blocks of ``path``."""
    header: dict[str, Any] | None = None
    blocks: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            if "header" in item:
                header = item["header"]
            else:
                blocks[int(item["block"])] = item["result"]
    return header, blocks


def tally(path: Path) -> tuple[dict[int, dict[str, Any]], int, int]:
    """The blocks in ``path`` and the first bot's rounds won and rounds with a winner."""
    _, blocks = read(path)
    won = rounds = 0
    for result in blocks.values():
        first = result["bots"][0]
        won += int(first["rounds_won"])
        rounds += int(first["rounds"])
    return blocks, won, rounds


def team_tally(blocks: dict[int, dict[str, Any]]) -> tuple[int, int, int] | None:
    """With teams (Hand and Foot, a partnership): the first listed bot's team's matches won,
    matches played and rounds one of its seats went out (Hand and Foot: a round with a winner
    is a round gone out, HF-10); None without teams."""
    won = games = out = 0
    for result in blocks.values():
        if not result.get("teams"):
            return None
        first = result["bots"][0]["bot"]
        team = next(t for t in result["teams"] if first in t["bots"])
        won += int(team["wins"])
        games += int(team["games"])
        out += sum(int(b["rounds_won"]) for b in result["bots"] if b["bot"] in team["bots"])
    return won, games, out


def header_for(args: argparse.Namespace, bots: tuple[str, ...], out: Path) -> dict[str, Any]:
    """The header of this run: the one in ``out`` when resuming (checked against the
    arguments), else a new one (a fresh seed drawn now for ``--fresh``)."""
    old, blocks = read(out)
    if args.seed is not None and args.seed.startswith(FRESH):
        raise Refused(
            f"{args.seed!r} is a fresh seed: fresh seeds are drawn by --fresh and never used "
            "for a choice; to show that a fresh run replays, use --replay SEED"
        )
    kind = "fresh" if args.fresh else "replay" if args.replay else "tuning"
    if old is None and blocks:
        if kind != "tuning":
            raise Refused(f"{out} holds blocks of a run before the protocol (tuning): use --seed")
        return {"kind": "tuning", "seed": args.seed, "bots": list(bots), "rules": args.rules,
                "block": args.block, "games": args.games, "code": "unknown"}  # fmt: skip
    if old is not None:
        if old["kind"] != kind:
            raise Refused(f"{out} holds a {old['kind']} run; this one is {kind}: use another --out")
        wanted = args.seed or args.replay
        if wanted is not None and wanted != old["seed"]:
            raise Refused(f"{out} holds the run of seed {old['seed']!r}, not {wanted!r}")
        for key, value in (("bots", list(bots)), ("rules", args.rules), ("block", args.block)):
            if old[key] != value:
                raise Refused(f"{out} holds a run with {key} {old[key]!r}, not {value!r}")
        return old
    seed = fresh_seed() if args.fresh else args.replay if args.replay else args.seed
    header = {
        "kind": kind,
        "seed": seed,
        "bots": list(bots),
        "rules": args.rules,
        "block": args.block,
        "games": args.games,
        "drawn" if args.fresh else "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "code": code_version(),
    }
    with out.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"header": header}) + "\n")
    return header


def total_line(header: dict[str, Any], path: Path, asked: int | None = None) -> str:
    """The totals of ``path`` in one line, with the kind and the seed (so the run replays)."""
    done, won, rounds = tally(path)
    low, high = wilson(won, rounds)
    games = sum(int(r["games"]) for r in done.values())
    seconds = sum(float(r["timing"]["seconds"]) for r in done.values())
    bots = header["bots"]
    of = f"/{asked}" if asked is not None else ""
    teams = ""
    tally_t = team_tally(done)
    if tally_t is not None:
        t_won, t_games, t_out = tally_t
        t_low, t_high = wilson(t_won, t_games)
        o_low, o_high = wilson(t_out, t_games)
        teams = (
            f"; {bots[0]}'s team won {t_won}/{t_games} matches = "
            f"{100 * t_won / max(t_games, 1):.1f}% (95% CI {100 * t_low:.1f}-{100 * t_high:.1f})"
            f", its seats went out in {t_out}/{t_games} rounds = "
            f"{100 * t_out / max(t_games, 1):.1f}% (95% CI {100 * o_low:.1f}-{100 * o_high:.1f})"
        )
    return (
        f"{header['kind']} seed {header['seed']} ({header['rules']}, code {header['code']}): "
        f"{games}{of} games ({len(done)} blocks), {bots[0]} won {won}/{rounds} rounds with a "
        f"winner = {100 * won / max(rounds, 1):.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f})"
        f"{teams}; {seconds:.0f} s of play"
    )


def summary(directory: Path) -> str:
    """A markdown table per kind of every measurement file under ``directory``."""
    rows: dict[str, list[str]] = {"fresh": [], "replay": [], "tuning": []}
    for path in sorted(directory.rglob("*.jsonl")):
        header, blocks = read(path)
        if not blocks:
            continue
        first = next(iter(blocks.values()))
        if header is None:
            config = first["config"]
            seed = str(config["seed"]).rsplit("-b", 1)[0]
            header = {"kind": "tuning", "seed": seed, "bots": config["bots"],
                      "rules": config["preset"], "code": "before the protocol"}  # fmt: skip
        _, won, rounds = tally(path)
        low, high = wilson(won, rounds)
        rows[header["kind"]].append(
            f"| {','.join(header['bots'])} | {header['rules']} | `{header['seed']}` | {rounds} "
            f"| {won} | {100 * won / max(rounds, 1):.1f} | {100 * low:.1f}–{100 * high:.1f} "
            f"| {header['code']} | {path.relative_to(directory)} |"
        )
    out = []
    for kind, lines in rows.items():
        if lines:
            out.append(f"{kind} runs\n")
            out.append("| bots | rules | seed | rounds | won | % | 95% CI | code | file |")
            out.append("|---|---|---|---|---|---|---|---|---|")
            out += lines
            out.append("")
    return "\n".join(out)


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", help="one bot spec per seat, comma-separated")
    parser.add_argument("--games", type=int, help="one-round matches in all")
    parser.add_argument("--block", type=int, default=20, help="matches per block (20)")
    seed = parser.add_mutually_exclusive_group()
    seed.add_argument("--seed", help="a named tuning seed (settings are chosen on these)")
    seed.add_argument(
        "--fresh", action="store_true",
        help="draw a fresh seed now (os random source); only fresh runs decide a target",
    )  # fmt: skip
    seed.add_argument("--replay", metavar="SEED", help="play a fresh run's seed again")
    parser.add_argument("--rules", default="levant", help="preset (levant)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--out", help="JSON lines file (appended, resumable)")
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
    parser.add_argument(
        "--summary", metavar="DIR", help="print every measurement under DIR, by kind, and stop"
    )
    args = parser.parse_args(argv)
    if args.summary is None:
        missing = [n for n in ("bots", "games", "out") if getattr(args, n) is None]
        if missing:
            parser.error("needs " + ", ".join(f"--{n}" for n in missing) + " (or --summary DIR)")
        if not args.report and not (args.seed or args.fresh or args.replay):
            parser.error("needs --seed NAME (tuning), --fresh or --replay SEED")
    return args


def main(argv: list[str] | None = None) -> int:
    """Measure (or report, or summarise); exit 2 when the protocol refuses the request."""
    args = parse(argv)
    if args.summary is not None:
        print(summary(Path(args.summary)))
        return 0
    bots = tuple(s.strip() for s in args.bots.split(","))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.report:
        header, _ = read(out)
        if header is None:
            header = {"kind": "tuning", "seed": args.seed, "bots": list(bots),
                      "rules": args.rules, "code": "before the protocol"}  # fmt: skip
        print(total_line(header, out, args.games))
        return 0
    try:
        header = header_for(args, bots, out)
    except Refused as exc:
        print(f"measure_bots: {exc}", file=sys.stderr)
        return 2
    seed = header["seed"]
    print(f"{header['kind']} run, seed {seed} (replay: --replay {seed})" if header["kind"] ==
          "fresh" else f"{header['kind']} run, seed {seed}", flush=True)  # fmt: skip
    blocks = -(-args.games // args.block)
    start = time.perf_counter()
    for b in range(args.start, blocks):
        done, won, rounds = tally(out)
        if b in done:
            continue
        games = min(args.block, args.games - b * args.block)
        config = SimulationConfig(
            bots=bots, games=games, seed=f"{seed}-b{b}", preset=args.rules,
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
    print("total: " + total_line(header, out, args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
