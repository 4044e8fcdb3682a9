"""The int meld kernel (issue 19): its native build gives the pure reference's answers.

``kernel.py_pack`` against the native ``pack`` on random candidate lists (value and chosen
indices), and seeded random matches played on both paths, decision by decision: the legal
actions (in their canonical order), the seat's view after each action, and the whole record
(byte-identical JSON). ``HAND_DIFF_GAMES`` sets the number of matches (default 200; the
thousands run is in docs/notes/soak.md). Skipped when the native kernel is not built
(``python native/build.py``), except under ``HANDGAME_NATIVE=1``, where a missing build fails.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from handgame.core import kernel
from handgame.core.cards import JOKER, standard_deck
from handgame.games.hand import finish, meldgen, melds, native_legal, native_solver, solver
from handgame.games.hand.meldgen import candidate_melds
from handgame.games.hand.record import to_record
from handgame.games.hand.rules import make_ruleset
from handgame.games.hand.state import Game, State
from handgame.games.hand.wilds import wilds_for
from invariants import choose_action

native = pytest.mark.skipif(
    not kernel.native_available(), reason="native kernel not built (python native/build.py)"
)

# Presets and a sample of option combinations (rules as data: each is a set of options).
CONFIGS: list[tuple[str, dict[str, Any], int, bool]] = [
    ("levant", {}, 2, False),
    ("levant", {}, 4, False),
    ("gulf", {}, 2, False),
    ("gulf", {}, 4, True),
    ("four-jokers", {}, 3, False),
    ("four-jokers", {}, 5, False),
    ("levant", {"discard_pickup": "new-meld-or-add", "swap_must_reuse": True}, 2, False),
    ("levant", {"wild_limit": "one-per-three", "pair_plus_wild": "free"}, 3, False),
    ("levant", {"wilds": "jokers", "discarded_wild": "aces-set-only"}, 2, False),
    ("gulf", {"discard_pickup": "new-meld", "stock_end": "reshuffle"}, 2, False),
    ("four-jokers", {"escalating_minimum": True, "first_turn_win": True}, 4, False),
    # O-2: single-wild applies only with wilds=no-jokers (issue 13 refuses it otherwise)
    (
        "levant",
        {"wilds": "no-jokers", "ace_indicator": "single-wild", "discarded_wild": "never"},
        2,
        False,
    ),
]


def clear_caches() -> None:
    """Forget every remembered answer, so a path computes its own."""
    meldgen.clear_caches()
    melds.clear_cache()
    native_solver.clear_cache()
    finish.clear_cache()
    for f in (solver.best_arrangement, solver.best_opening):
        f.cache_clear()


@contextmanager
def on_path(native_on: bool) -> Iterator[None]:
    """Run on the native (True) or the pure (False) kernel, with cold caches; the native
    legal actions (``native_legal``) and the native solver (``native_solver``), where built,
    follow the kernel."""
    before = kernel.use_native(native_on)
    legal_before = native_legal.use_native(native_on and native_legal.native_available())
    solver_before = native_solver.use_native(native_on and native_solver.native_available())
    clear_caches()
    try:
        yield
    finally:
        kernel.use_native(before)
        native_legal.use_native(legal_before)
        native_solver.use_native(solver_before)
        clear_caches()


def random_packing_case(rng: random.Random) -> tuple[Any, ...]:
    """A random hand of one preset, its candidate melds, values, keep and must card."""
    preset = rng.choice(["levant", "gulf", "four-jokers"])
    rules = make_ruleset(preset)
    deck = standard_deck(2, rules.jokers)
    wilds = wilds_for(rules, rng.choice([c for c in deck if c != JOKER]))
    hand = tuple(sorted(rng.sample(deck, rng.randint(3, 22))))
    found = candidate_melds(hand, wilds, rules)
    cards = [m.cards for m in found]
    values = [rng.randint(0, 60) for _ in cards]
    must = rng.choice(hand) if rng.random() < 0.3 else kernel.NO_CARD
    return hand, cards, values, rng.randint(0, 2), must


@native
def test_native_pack_gives_the_reference_answers() -> None:
    """Value and chosen indices agree on 1,500 random cases, with and without ``choose``."""
    rng = random.Random("kernel-pack")
    for _ in range(1500):
        hand, cards, values, keep, must = random_packing_case(rng)
        for choose in (True, False):
            want = kernel.py_pack(hand, cards, values, keep, must, choose)
            with on_path(True):
                got = kernel.pack(hand, cards, values, keep, must, choose)
            assert got == want, (hand, keep, must, choose)


def test_packed_counts_and_holds() -> None:
    """Packed counts hold exactly the multisets they contain."""
    rng = random.Random("kernel-holds")
    deck = standard_deck(2, 4)
    for _ in range(500):
        a = rng.sample(deck, rng.randint(0, 15))
        b = rng.sample(deck, rng.randint(0, 6))
        want = all(a.count(c) >= b.count(c) for c in b)
        assert kernel.holds(kernel.packed(a), kernel.packed(b)) is want
        needs = [kernel.packed(b), kernel.packed(a[:2])]
        assert kernel.fitting(kernel.packed(a), needs) == [
            i for i, n in enumerate(needs) if kernel.holds(kernel.packed(a), n)
        ]


def test_the_reference_path_leaves_no_cycles_to_collect() -> None:
    """A match on the pure path frees everything it drops by reference counting: no object of
    the engine waits for the cycle collector (a recursive closure that holds itself, as the
    kernel's ``solve`` once did, made a quarter of the collector's work; issue 19)."""
    import gc

    with on_path(False):
        game = Game.create("levant", {"rounds": 1}, players=4)
        rng = random.Random("no-cycles")
        gc.collect()
        gc.disable()
        try:
            state = game.new_match().deal_seeded("no-cycles")
            for _ in range(400):
                if state.is_over or state.is_chance:
                    break
                state = state.apply(rng.choice(state.legal_actions(state.current_seat)))
            del state
            left = gc.collect()
        finally:
            gc.enable()
    assert left == 0


_WITHOUT_BUILD = """
import sys
sys.modules["handgame.core._kernel_native"] = None  # as if it were never built
sys.modules["handgame.games.hand._legal_native"] = None
from handgame.core import kernel
from handgame.games.hand import native_legal
from handgame.games.hand.state import Game
state = Game.create("levant", {"rounds": 1}, players=2).new_match().deal_seeded("x")
state = state.apply(state.legal_actions(state.current_seat)[0])
assert not native_legal.native_available() and native_legal.draws(state) is None
print(kernel.path(), len(state.legal_actions(state.current_seat)))
"""


@pytest.mark.parametrize("wanted", ["", "0", "1"])
def test_without_the_build_the_pure_path_plays(wanted: str) -> None:
    """No native build: the pure path plays; ``HANDGAME_NATIVE=1`` then fails, saying how."""
    env = {**os.environ, "HANDGAME_NATIVE": wanted}
    got = subprocess.run(
        [sys.executable, "-c", _WITHOUT_BUILD], env=env, capture_output=True, text=True
    )
    if wanted == "1":
        assert got.returncode != 0
        assert "python native/build.py" in got.stderr
    else:
        assert got.returncode == 0, got.stderr
        assert got.stdout.split()[0] == "python" and int(got.stdout.split()[1]) >= 1


def play(game: Game, seed: str) -> tuple[list[str], str]:
    """A seeded weighted-random match: per decision its legal actions and the view after."""
    rng = random.Random(seed)
    state: State = game.new_match()
    trace: list[str] = []
    deals = 0
    while not state.is_over and len(trace) < 3000:
        if state.is_chance:
            state = state.deal_seeded(f"{seed}:{deals}")
            deals += 1
            continue
        seat = state.current_seat
        actions = state.legal_actions(seat)
        action = choose_action(rng, state, actions, "weighted")
        state = state.apply(action)
        view = state.view(action.seat).to_json()
        trace.append(json.dumps([[a.to_json() for a in actions], view], sort_keys=True))
    return trace, json.dumps(to_record(state), sort_keys=True)


def diff_games() -> int:
    """How many matches the differential test plays (``HAND_DIFF_GAMES``)."""
    return int(os.environ.get("HAND_DIFF_GAMES", "200"))


def check_game(i: int) -> None:
    """Match ``i`` of the differential run, on both paths: identical decisions and record."""
    preset, options, players, partnership = CONFIGS[i % len(CONFIGS)]
    game = Game.create(preset, {"rounds": 1, **options}, players=players, partnership=partnership)
    seed = f"kernel-diff:{i}"
    with on_path(True):
        native_trace, native_record = play(game, seed)
    with on_path(False):
        pure_trace, pure_record = play(game, seed)
    for k, (a, b) in enumerate(zip(native_trace, pure_trace, strict=True)):
        assert a == b, f"{seed} ({preset} {options} {players}p): decision {k} differs"
    assert native_record == pure_record, seed


@native
@pytest.mark.parametrize("part", range(4))
def test_native_and_pure_paths_play_identical_matches(part: int) -> None:
    """Legal actions (canonical order), views and records identical on both paths."""
    for i in range(part, diff_games(), 4):
        check_game(i)


if __name__ == "__main__":
    # The long run: python tests/test_kernel.py START COUNT (one line per match checked).
    import time

    first, count = int(sys.argv[1]), int(sys.argv[2])
    began = time.perf_counter()
    for i in range(first, first + count):
        check_game(i)
        print(f"match {i} identical ({time.perf_counter() - began:.0f} s)", flush=True)
    print(f"{count} matches {first}..{first + count - 1}: native and pure paths identical")
