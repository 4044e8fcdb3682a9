"""Engine speed: random play of one-round levant matches, decisions/s and matches/s.

Each decision is ``state.legal_actions(seat)`` for the seat to act, ``rng.choice`` and
``state.apply`` (redeal claims of the seat to act are among the choices); each deal is
``state.deal_seeded(...)`` and is not counted as a decision. A run plays whole seeded matches
(new seeds in every run) until ``--seconds`` have passed; the figures are the medians of
``--repeat`` runs.

When RLCard is installed, each repeat also runs its gin rummy raw game loop in this process
(``GinRummyGame``: ``init_game()``, then ``judge.get_legal_actions()``, a random choice and
``step`` until ``is_over()``), and the ratio ours / RLCard's is taken run by run, so a noisy
machine slows both sides alike.

    python benchmarks/engine.py                   # 2 and 4 players, 5 runs of 2 s each
    python benchmarks/engine.py --players 2 --repeat 1 --seconds 0   # one match, quickest

Beside Hand, the same loop plays one-round Hand and Foot matches (``--hf-players``, default
4): ``hand_and_foot`` in the answer, with its ratio to Hand's decisions/s (run by run, Hand at
the same player count when measured, else Hand's largest) and to RLCard's when installed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (
    NO_PEER,
    emit,
    machine,
    median,
    progress,
    random_match,
    rlcard_version,
    rnd,
)

from handgame.games.hand.state import Game
from handgame.games.hand_and_foot.state import Game as HFGame

PRESET = "levant"
OPTIONS: dict[str, Any] = {"rounds": 1}
HF_PRESET = "hand-and-foot"
HF_OPTIONS: dict[str, Any] = {"rounds": 1}
# The clock of a run: wall time, or the process's CPU time (--cpu, for a shared machine).
CLOCK = [time.perf_counter]


def hf_random_match(game: Any, tag: str) -> int:
    """One whole Hand and Foot match by uniform random legal actions of the seat to act
    (``to_act``: the partner while a question waits, HF-10); the decisions made."""
    return random_match(game, tag, to_act=lambda state: state.to_act())


def ours_run(
    players: int, seconds: float, run: int, hf: bool = False, preset: str = PRESET
) -> dict[str, float]:
    """Play whole seeded random matches until ``seconds`` pass; decisions and matches per s
    (``hf``: one-round Hand and Foot matches instead of one-round Hand of ``preset``).

    Each run plays new seeds: replaying the same matches would only measure warm caches.
    """
    game: Any = Game.create(preset, OPTIONS, players=players)
    play = random_match
    if hf:
        game, play = HFGame.create(HF_PRESET, HF_OPTIONS, players), hf_random_match
    decisions = matches = 0
    start = CLOCK[0]()
    while True:
        decisions += play(game, f"engine-bench:{'hf:' * hf}{players}:{run}:{matches}")
        matches += 1
        elapsed = CLOCK[0]() - start
        if elapsed >= seconds:
            break
    return {
        "decisions_per_s": decisions / elapsed,
        "matches_per_s": matches / elapsed,
        "decisions": decisions,
        "matches": matches,
        "seconds": elapsed,
    }


def peer_run(seconds: float, run: int) -> dict[str, float]:
    """RLCard's gin rummy raw game loop, random legal actions, until ``seconds`` pass."""
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    decisions = games = 0
    start = CLOCK[0]()
    while True:
        rng = random.Random(f"rlcard-bench:{run}:{games}")
        game = GinRummyGame()
        game.np_random = np.random.RandomState((run + 1) * 1_000_003 + games)
        game.init_game()
        while not game.is_over():
            actions = game.judge.get_legal_actions()
            game.step(rng.choice(actions))
            decisions += 1
        games += 1
        elapsed = CLOCK[0]() - start
        if elapsed >= seconds:
            break
    return {
        "decisions_per_s": decisions / elapsed,
        "matches_per_s": games / elapsed,
        "decisions": decisions,
        "matches": games,
        "seconds": elapsed,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Engine random-play speed (decisions/s, matches/s), with RLCard's gin "
        "rummy raw game loop as the in-process baseline when installed. Prints one JSON object."
    )
    parser.add_argument(
        "--players", type=int, nargs="+", default=[2, 4], help="player counts (default 2 4)"
    )
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=2.0,
        help="time budget of one run; the match under way is finished (default 2)",
    )
    parser.add_argument("--no-peer", action="store_true", help="do not run RLCard")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time runs in the process's CPU seconds, not wall seconds (a shared machine)",
    )
    parser.add_argument(
        "--hf-players",
        type=int,
        nargs="*",
        default=[4],
        help="Hand and Foot player counts (default 4; none: skip Hand and Foot)",
    )
    parser.add_argument("--preset", default=PRESET, help=f"Hand preset (default {PRESET})")
    args = parser.parse_args(argv)
    if args.cpu:
        CLOCK[0] = time.process_time

    peer_version = None if args.no_peer else rlcard_version()
    runs: dict[int, list[dict[str, float]]] = {n: [] for n in args.players}
    peer_runs: list[dict[str, float]] = []
    ratios: dict[int, list[float]] = {n: [] for n in args.players}
    hf_runs: dict[int, list[dict[str, float]]] = {n: [] for n in args.hf_players}
    hf_ratios: dict[int, list[float]] = {n: [] for n in args.hf_players}
    hf_to_hand: dict[int, list[float]] = {n: [] for n in args.hf_players}
    # warm-up, untimed: imports, first-call caches
    ours_run(min(args.players), 0, -1, preset=args.preset)
    if peer_version is not None:
        peer_run(0, -1)
    for r in range(args.repeat):
        for n in args.players:
            res = ours_run(n, args.seconds, r, preset=args.preset)
            runs[n].append(res)
            progress(
                f"run {r + 1}/{args.repeat} handgame {n}p: {res['decisions_per_s']:.0f} "
                f"decisions/s, {res['matches_per_s']:.2f} matches/s"
            )
        for n in args.hf_players:
            res = ours_run(n, args.seconds, r, hf=True)
            hf_runs[n].append(res)
            progress(
                f"run {r + 1}/{args.repeat} hand-and-foot {n}p: {res['decisions_per_s']:.0f} "
                f"decisions/s, {res['matches_per_s']:.2f} matches/s"
            )
            hand_n = n if n in runs else max(args.players)
            hf_to_hand[n].append(res["decisions_per_s"] / runs[hand_n][-1]["decisions_per_s"])
        if peer_version is not None:
            peer = peer_run(args.seconds, r)
            peer_runs.append(peer)
            progress(
                f"run {r + 1}/{args.repeat} rlcard gin rummy: {peer['decisions_per_s']:.0f} "
                f"decisions/s, {peer['matches_per_s']:.1f} games/s"
            )
            for n in args.players:
                ratios[n].append(runs[n][-1]["decisions_per_s"] / peer["decisions_per_s"])
            for n in args.hf_players:
                hf_ratios[n].append(hf_runs[n][-1]["decisions_per_s"] / peer["decisions_per_s"])

    def summary(rs: list[dict[str, float]]) -> dict[str, Any]:
        return {
            "decisions_per_s": rnd(median([x["decisions_per_s"] for x in rs])),
            "matches_per_s": rnd(median([x["matches_per_s"] for x in rs]), 3),
            "decisions_per_match": rnd(
                sum(x["decisions"] for x in rs) / max(1, sum(x["matches"] for x in rs))
            ),
            "runs_decisions_per_s": [rnd(x["decisions_per_s"]) for x in rs],
        }

    result: dict[str, Any] = {
        "benchmark": "engine",
        "what": "random play: legal_actions(seat to act) + rng.choice + apply per decision; "
        "deals by deal_seeded, not counted; medians of repeated runs",
        "preset": args.preset,
        "options": OPTIONS,
        "repeat": args.repeat,
        "seconds_per_run": args.seconds,
        "clock": "process CPU time" if args.cpu else "wall time",
        "players": {str(n): summary(runs[n]) for n in args.players},
        "peer": (
            f"rlcard {peer_version}: gin_rummy GinRummyGame raw loop (init_game, "
            "judge.get_legal_actions, random choice, step)"
            if peer_version is not None
            else ("not run (--no-peer)" if args.no_peer else NO_PEER)
        ),
        "peer_decisions_per_s": None,
        "peer_matches_per_s": None,
        "peer_decisions_per_match": None,
        "ratio_decisions_per_s": None,
        "hand_and_foot": {
            "preset": HF_PRESET,
            "options": HF_OPTIONS,
            "what": "the same loop on one-round Hand and Foot matches (the seat to act is "
            "to_act(): the partner while a question waits)",
            "players": {str(n): summary(hf_runs[n]) for n in args.hf_players},
            "ratio_to_hand_decisions_per_s": {
                str(n): rnd(median(hf_to_hand[n]), 4) for n in args.hf_players if hf_to_hand[n]
            },
            "ratio_decisions_per_s": None,
        },
        "machine": machine(),
    }
    if peer_runs:
        s = summary(peer_runs)
        result["peer_decisions_per_s"] = s["decisions_per_s"]
        result["peer_matches_per_s"] = s["matches_per_s"]
        result["peer_decisions_per_match"] = s["decisions_per_match"]
        result["ratio_decisions_per_s"] = {str(n): rnd(median(ratios[n]), 4) for n in args.players}
        result["hand_and_foot"]["ratio_decisions_per_s"] = {
            str(n): rnd(median(hf_ratios[n]), 4) for n in args.hf_players
        }
    emit(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
