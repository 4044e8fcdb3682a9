"""Solver speed: the exact best arrangement of 15-card levant hands, calls/s and p50/p99 µs.

Two fixed seeded sets of 15-card hands, each with the wild cards of its own indicator:

* ``random``: ``--hands`` (default 10,000) hands dealt as a real levant deal (106 cards, the
  first player's 15 cards, the indicator turned as L-20 says);
* ``dense``: ``--dense-hands`` (default 10,000) hands drawn from ranks A–6 of all suits, two
  decks, plus the two jokers, with an indicator drawn from the same cards (so the aces of its
  suit are wild, or the jokers when it is an ace): many cards, many melds.

The function timed is ``handgame.games.hand.solver.best_arrangement(hand, wilds, rules)``;
while that does not exist, ``handgame.games.hand.meldgen.best_melds_value(hand, wilds, rules,
0)`` (the JSON's ``function`` says which). Every call is cold: each functools cache of the
loaded ``handgame`` modules (``_candidates``, ``best_melds_value``, …) is cleared before it,
outside the timing.

When RLCard is installed, ``rlcard.games.gin_rummy.utils.melding.get_meld_clusters(hand=...)``
is timed the same way on ``--peer-hands`` seeded random 11-card hands, interleaved chunk by
chunk with ours, and the ratio ours / RLCard's calls/s is printed.

    python benchmarks/solver.py
    python benchmarks/solver.py --hands 1000 --dense-hands 1000 --peer-hands 1000
    python benchmarks/solver.py --cpu      # each call timed in CPU time (a busy machine)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import NO_PEER, emit, machine, percentile, progress, rlcard_version, rnd

from handgame.core.cards import JOKER, Card
from handgame.games.hand.deal import shuffle_deal
from handgame.games.hand.rules import Ruleset, make_ruleset
from handgame.games.hand.wilds import Wilds, indicator_allowed, wilds_for

PRESET = "levant"
HAND_SIZE = 15
PEER_HAND_SIZE = 11
CHUNKS = 20

Hand = tuple[Card, ...]


def random_hands(rules: Ruleset, count: int) -> list[tuple[Hand, Wilds]]:
    """``count`` seeded 15-card hands as a levant deal gives the first player, with wilds."""
    out = []
    for i in range(count):
        deal = shuffle_deal(rules, 2, 0, f"solver-bench:{i}")
        hand = next(h for h in deal.hands if len(h) == HAND_SIZE)
        out.append((tuple(sorted(hand)), wilds_for(rules, deal.indicator)))
    return out


def dense_hands(rules: Ruleset, count: int) -> list[tuple[Hand, Wilds]]:
    """``count`` seeded 15-card hands from ranks A–6 (two decks) and the jokers, with wilds."""
    pool = [Card.of(r, s) for r in range(1, 7) for s in range(4)] * 2 + [JOKER] * rules.jokers
    out = []
    for i in range(count):
        rng = random.Random(f"solver-dense:{i}")
        cards = pool[:]
        rng.shuffle(cards)
        indicator = next(c for c in cards if indicator_allowed(rules, c))
        cards.remove(indicator)
        out.append((tuple(sorted(cards[:HAND_SIZE])), wilds_for(rules, indicator)))
    return out


def peer_hands(count: int) -> list[Any]:
    """``count`` seeded random 11-card hands of RLCard cards."""
    from rlcard.games.gin_rummy.utils import utils

    deck = utils.get_deck()
    return [random.Random(f"solver-peer:{i}").sample(deck, PEER_HAND_SIZE) for i in range(count)]


def pick_function(rules: Ruleset) -> tuple[str, Callable[[Hand, Wilds], object]]:
    """The solver function to time, and its name."""
    try:
        from handgame.games.hand.solver import best_arrangement
    except ImportError:
        from handgame.games.hand.meldgen import best_melds_value

        def fallback(hand: Hand, wilds: Wilds) -> object:
            return best_melds_value(hand, wilds, rules, 0)

        return "handgame.games.hand.meldgen.best_melds_value(hand, wilds, rules, 0)", fallback

    def solve(hand: Hand, wilds: Wilds) -> object:
        return best_arrangement(hand, wilds, rules)

    return "handgame.games.hand.solver.best_arrangement(hand, wilds, rules)", solve


def solver_path() -> str:
    """``native`` or ``python``: the path ``best_arrangement`` takes (``none`` before it had
    a native one)."""
    try:
        from handgame.games.hand import native_solver
    except ImportError:
        return "none"
    return native_solver.path()


def cached_functions() -> list[tuple[str, Callable[[], None]]]:
    """``cache_clear`` of every functools-cached function in the loaded handgame modules."""
    found: dict[int, tuple[str, Callable[[], None]]] = {}
    for name, module in sorted(sys.modules.items()):
        if module is None or not (name == "handgame" or name.startswith("handgame.")):
            continue
        for attr, value in vars(module).items():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and hasattr(value, "cache_info"):
                module_name = getattr(value, "__module__", name)
                qualified = f"{module_name}.{getattr(value, '__qualname__', attr)}"
                found.setdefault(id(value), (qualified, clear))
    return sorted(found.values(), key=lambda x: x[0])


def time_calls(
    fn: Callable[[Any], object],
    items: Sequence[Any],
    clears: Sequence[Callable[[], None]],
    clock: Callable[[], int] = time.perf_counter_ns,
) -> list[int]:
    """Nanoseconds of each call (wall clock, or ``clock``), caches cleared before each
    (outside the timing)."""
    out = []
    for item in items:
        for clear in clears:
            clear()
        t0 = clock()
        fn(item)
        out.append(clock() - t0)
    return out


def stats(ns: list[int]) -> dict[str, Any]:
    """calls/s (over the summed call times) and the call-time percentiles in µs."""
    if not ns:
        return {"calls": 0, "calls_per_s": None, "p50_us": None, "p99_us": None}
    s = sorted(ns)
    total = sum(s)
    return {
        "calls": len(s),
        "calls_per_s": rnd(len(s) / (total / 1e9)),
        "mean_us": rnd(total / len(s) / 1e3),
        "p50_us": rnd(percentile(s, 50) / 1e3),
        "p90_us": rnd(percentile(s, 90) / 1e3),
        "p99_us": rnd(percentile(s, 99) / 1e3),
        "max_us": rnd(s[-1] / 1e3),
    }


def chunks(items: Sequence[Any], k: int) -> list[Sequence[Any]]:
    """``items`` cut into ``k`` nearly equal consecutive chunks."""
    n = len(items)
    return [items[i * n // k : (i + 1) * n // k] for i in range(k)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Solver speed on seeded 15-card levant hands (random and dense sets), "
        "cold calls, with RLCard's get_meld_clusters on 11-card hands as the in-process "
        "baseline when installed. Prints one JSON object."
    )
    parser.add_argument("--hands", type=int, default=10_000, help="random set size (10000)")
    parser.add_argument(
        "--dense-hands", type=int, default=10_000, help="dense set size (default 10000)"
    )
    parser.add_argument(
        "--peer-hands", type=int, default=10_000, help="RLCard 11-card hands (default 10000)"
    )
    parser.add_argument("--no-peer", action="store_true", help="do not run RLCard")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time each call in the process's CPU time (time.process_time_ns), RLCard's too, "
        "so other jobs on a busy machine do not enter the figures (default: wall clock)",
    )
    args = parser.parse_args(argv)

    rules = make_ruleset(PRESET)
    peer_version = None if args.no_peer else rlcard_version()
    progress("dealing the hand sets")
    sets = {
        "random": random_hands(rules, args.hands),
        "dense": dense_hands(rules, args.dense_hands),
    }
    name, solve = pick_function(rules)

    def ours(item: tuple[Hand, Wilds]) -> object:
        return solve(item[0], item[1])

    # warm-up, untimed: imports (lazy ones included) and first-call costs
    for items in sets.values():
        for item in items[:5]:
            ours(item)
    clears = cached_functions()
    progress(f"timing {name}; clearing {len(clears)} caches before each call")

    peer_fn: Callable[[Any], object] | None = None
    peer_items: list[Any] = []
    if peer_version is not None:
        from rlcard.games.gin_rummy.utils import melding

        peer_items = peer_hands(args.peer_hands)

        def peer_fn(hand: Any) -> object:
            return melding.get_meld_clusters(hand=hand)

        for hand in peer_items[:5]:
            peer_fn(hand)

    clock = time.process_time_ns if args.cpu else time.perf_counter_ns
    times: dict[str, list[int]] = {k: [] for k in sets}
    peer_times: list[int] = []
    set_chunks = {k: chunks(v, CHUNKS) for k, v in sets.items()}
    peer_chunks = chunks(peer_items, CHUNKS)
    for i in range(CHUNKS):
        for k in sets:
            times[k] += time_calls(ours, set_chunks[k][i], [c for _, c in clears], clock)
        if peer_fn is not None:
            peer_times += time_calls(peer_fn, peer_chunks[i], [], clock)
        done = sum(len(t) for t in times.values()) + len(peer_times)
        progress(f"chunk {i + 1}/{CHUNKS}: {done} calls timed")

    result: dict[str, Any] = {
        "benchmark": "solver",
        "function": name,
        "preset": PRESET,
        "hand_size": HAND_SIZE,
        "cold_calls": True,
        "solver_path": solver_path(),
        "clock": "cpu (time.process_time_ns)" if args.cpu else "wall (time.perf_counter_ns)",
        "caches_cleared": [n for n, _ in clears],
        "sets": {k: stats(v) for k, v in times.items()},
        "set_descriptions": {
            "random": "seeded levant deals (106 cards): the first player's 15 cards, "
            "the deal's indicator",
            "dense": "15 cards drawn from ranks A-6 of 4 suits x 2 decks + 2 jokers, "
            "indicator drawn from the same cards",
        },
        "peer": (
            f"rlcard {peer_version}: gin_rummy.utils.melding.get_meld_clusters(hand=...) on "
            f"seeded random {PEER_HAND_SIZE}-card hands"
            if peer_version is not None
            else ("not run (--no-peer)" if args.no_peer else NO_PEER)
        ),
        "peer_hand_size": PEER_HAND_SIZE,
        "peer_calls_per_s": None,
        "peer_p50_us": None,
        "peer_p99_us": None,
        "peer_calls": None,
        "ratio_calls_per_s": None,
        "machine": machine(),
    }
    if peer_fn is not None:
        p = stats(peer_times)
        result["peer_calls_per_s"] = p["calls_per_s"]
        result["peer_p50_us"] = p["p50_us"]
        result["peer_p99_us"] = p["p99_us"]
        result["peer_calls"] = p["calls"]
        if p["calls_per_s"]:
            result["ratio_calls_per_s"] = {
                k: (rnd(s["calls_per_s"] / p["calls_per_s"], 4) if s["calls_per_s"] else None)
                for k, s in result["sets"].items()
            }
    emit(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
