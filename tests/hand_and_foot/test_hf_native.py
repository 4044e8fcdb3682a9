"""Hand and Foot's legal steps three ways (issue 34): the native path (``native/hf_legal.cpp``),
the Python listing (``listing.play_steps``) and the reference (every candidate kept when
``apply`` accepts it, ``legal.reference_actions``) list the same steps, in the same order.

Seeded matches of every player count and option value are played; at every decision the
native and Python lists must be equal, and at every ``HF_DIFF_EVERY``-th (default 3) the
reference's too. Half the matches are played by a meld-loving random player (it lays a step
nine times in ten when it can, so seats open, pick up their feet and go out), the others
uniformly at random, and a third by the ``planner`` bot (going out, HF-10). ``HF_DIFF_GAMES``
sets the number of matches (default 1,000: about a minute of CPU); the long run (100,000,
``docs/notes/soak.md``): ``python tests/hand_and_foot/test_hf_native.py START COUNT``.
Skipped when the extension is not built (``python native/build.py``).
"""

from __future__ import annotations

import os
import random
import sys
import time
from typing import Any

import pytest

from handgame.games.hand_and_foot import legal, listing, native_legal
from handgame.games.hand_and_foot.actions import Add, Meld
from handgame.games.hand_and_foot.bots.planner import PlannerBot
from handgame.games.hand_and_foot.state import Game

built = pytest.mark.skipif(
    not native_legal.native_available(),
    reason="Hand and Foot's native legal steps not built (python native/build.py)",
)

#: (options, players): every player count and every option value that bears on a step
CONFIGS: list[tuple[dict[str, Any], int]] = [
    ({}, 4),
    ({}, 2),
    ({}, 3),
    ({}, 6),
    ({"pile_pickup": "pair-or-add"}, 4),
    ({"pile_meld": "any", "pile_take": 3}, 4),
    ({"ask_partner": "off", "minimums": [150]}, 4),
    ({"minimums": [0], "pile_take": 1}, 6),
    ({"minimums": [120], "pile_meld": "any", "decks": 3}, 2),
]


def _choose(state: Any, actions: list[Any], rng: random.Random, style: int) -> Any:
    if style == 1:
        lays = [a for a in actions if isinstance(a, Meld | Add)]
        if lays and rng.random() < 0.9:
            return rng.choice(lays)
    return rng.choice(actions)


def play_and_compare(g: int, every: int) -> tuple[int, int]:
    """Match ``g`` (its config, seed and style from ``g``), every list compared; the
    decisions compared with the Python listing and with the reference."""
    options, players = CONFIGS[g % len(CONFIGS)]
    game = Game.create("hand-and-foot", {"rounds": 1, **options}, players)
    tag = f"hf-native:{g}"
    rng = random.Random(tag)
    style = (g // len(CONFIGS)) % 3  # 0 uniform, 1 meld-loving, 2 a bot
    bots = [PlannerBot(f"{tag}:{s}") for s in range(players)] if style == 2 else []
    state = game.new_match(g % players)
    deals = seen = checked = 0
    while not state.is_over:
        if state.is_chance:
            state = state.deal_seeded(f"{tag}:{deals}")
            deals += 1
            continue
        rnd = state.round
        if not rnd.turn_state.pending:
            native = native_legal.play_steps(state)
            python = listing.play_steps(state)
            assert native is None or native == python, (tag, seen)
            seen += 1
            if seen % every == 0:
                assert (python if python is not None else legal.reference_actions(state)) == (
                    legal.reference_actions(state)
                ), (tag, seen)
                checked += 1
        actions = state.legal_actions()
        if bots:
            seat = state.to_act()
            action = bots[seat].choose(state.view(seat))
        else:
            action = _choose(state, actions, rng, style)
        state = state.apply(action)
    return seen, checked


@built
def test_native_python_and_reference_list_the_same_steps() -> None:
    games = int(os.environ.get("HF_DIFF_GAMES", "1000"))
    every = int(os.environ.get("HF_DIFF_EVERY", "3"))
    seen = checked = 0
    for g in range(games):
        a, b = play_and_compare(g, every)
        seen, checked = seen + a, checked + b
    assert native_legal.path() == "native"
    assert seen > games * 50 and checked > games * 15


def test_the_python_path_is_kept() -> None:
    """``HANDGAME_NATIVE=0`` (or no build): the Python listing answers, the same lists."""
    before = native_legal.use_native(False) if native_legal.native_available() else False
    try:
        assert native_legal.path() == "python" and native_legal.play_steps(
            Game.create("hand-and-foot", {}, 4).new_match().deal_seeded(1)
        ) is None
        play_and_compare(1, 1)
    finally:
        if before:
            native_legal.use_native(True)


def main(argv: list[str]) -> int:
    """The long run: ``START COUNT`` matches, progress on stderr, a summary on stdout."""
    start, count = int(argv[0]), int(argv[1])
    every = int(os.environ.get("HF_DIFF_EVERY", "3"))
    t0 = time.perf_counter()
    seen = checked = 0
    for g in range(start, start + count):
        a, b = play_and_compare(g, every)
        seen, checked = seen + a, checked + b
        if (g - start + 1) % 1000 == 0:
            print(f"{g - start + 1} matches, {seen} decisions, {time.perf_counter() - t0:.0f} s",
                  file=sys.stderr, flush=True)
    print(f"matches {start}..{start + count - 1}: {count} identical; {seen} decisions native = "
          f"python, {checked} = reference; {time.perf_counter() - t0:.0f} s; "
          f"path {native_legal.path()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
