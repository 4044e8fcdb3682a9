"""Look for a position that tells a surviving mutant from the original (issue 20).

For each mutant named ``module:N`` (the numbers of ``scripts/mutate.py --list``), seeded random
play (Hand, pure path) compares ``legal_actions`` at every decision of every match, with the
mutant swapped into the live function and without it, the engine's memos cleared before each
listing. A difference is a position worth a test: it is printed as the match's preset, options,
seat count, deal seed and the actions so far (record notation), from which a test rebuilds it.
No difference in many positions is evidence, not proof, that the mutant is equivalent.

    python scripts/mutant_play.py legal:58 finish:95 --games 20
    python scripts/mutant_play.py finish:115 --config levant '{"discard_pickup": "new-meld-or-add"}'

The rule sets played by default: levant (with O-8 ``free`` and G-5 one-per-three too), gulf,
four-jokers; 2 and 4 seats each.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("HANDGAME_NATIVE", "0")  # the reference path is the one mutated
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests"), str(ROOT / "src")]

import mutate  # noqa: E402  (scripts/mutate.py: the same mutants, by the same numbers)

from handgame.games.hand.rounds import Phase  # noqa: E402
from handgame.games.hand.state import Game, State  # noqa: E402
from invariants import choose_action  # noqa: E402

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("levant", {}),
    ("levant", {"pair_plus_wild": "free"}),
    ("levant", {"wild_limit": "one-per-three", "bonuses": ["two-wilds"]}),
    ("gulf", {}),
    ("four-jokers", {}),
]


class Swapped:
    """A mutant's code, put into its live function and taken out again at will."""

    def __init__(self, name: str) -> None:
        module, _, number = name.partition(":")
        self.fn, self.code, self.mutant = mutate.live_and_mutated(module, int(number))
        self.original = self.fn.__code__
        self.name = name

    def listing(self, state: State, mutated: bool) -> list[str]:
        """``legal_actions`` of ``state``, as text, with or without the mutant."""
        self.fn.__code__ = self.code if mutated else self.original
        mutate.clear_caches()
        try:
            return [str(a) for a in state.legal_actions()]
        except Exception as e:  # a mutant may crash: that is a difference too
            return [f"error: {e!r}"]
        finally:
            self.fn.__code__ = self.original


def play(swapped: list[Swapped], configs: list[tuple[str, dict[str, Any]]], games: int,
         players: list[int], seed: str) -> dict[str, int]:
    """Compare at every decision; the number of differing positions per mutant."""
    found = {s.name: 0 for s in swapped}
    positions = 0
    for preset, options in configs:
        for n in players:
            rng = random.Random(f"{seed}:{preset}:{n}:{json.dumps(options, sort_keys=True)}")
            for g in range(games):
                deal = f"{seed}:{g}"
                state = Game.create(preset, {"rounds": 1, **options}, players=n).new_match(0)
                state = state.deal_seeded(deal)
                while not state.is_over and state.phase is not Phase.DEAL:
                    positions += 1
                    want = swapped[0].listing(state, False)
                    for s in swapped:
                        if s.listing(state, True) != want:
                            found[s.name] += 1
                            if found[s.name] == 1:
                                rnd = state.round
                                assert rnd is not None
                                print(json.dumps({
                                    "mutant": s.name, "preset": preset, "options": options,
                                    "players": n, "deal": deal,
                                    "actions": [json.loads(str(a)) for a in rnd.actions],
                                }))
                    legal = state.legal_actions()
                    state = state.apply(choose_action(rng, state, legal, rng.choice(
                        ["weighted", "random"])))
            print(f"{preset} {json.dumps(options)} {n} seats: {positions} positions, "
                  f"differences {found}", file=sys.stderr, flush=True)
    print(f"{positions} positions compared; differing positions per mutant: {found}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compare legal_actions with and without surviving mutants in seeded random "
        "play (Hand, pure path); prints the first differing position of each.")
    parser.add_argument("mutants", nargs="+", help="module:N, as scripts/mutate.py numbers them")
    parser.add_argument("--games", type=int, default=10, help="matches per rule set and seat "
                        "count (10)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", default="mp", help="the seeds' prefix (mp)")
    parser.add_argument("--config", nargs=2, action="append", metavar=("PRESET", "OPTIONS"),
                        help="a rule set to play (a preset and its options as JSON); repeatable; "
                        "default: levant (also O-8 free, one-per-three), gulf, four-jokers")
    args = parser.parse_args(argv)
    configs = [(p, json.loads(o)) for p, o in args.config] if args.config else CONFIGS
    try:
        swapped = [Swapped(name) for name in args.mutants]
    except (ValueError, IndexError, KeyError) as e:
        parser.error(f"no such mutant: {e} (see python scripts/mutate.py --list MODULE)")
    found = play(swapped, configs, args.games, args.players, args.seed)
    return 1 if any(found.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
