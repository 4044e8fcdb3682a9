"""Property tests: random matches of every preset, player count and option variant, with every
invariant of ``invariants.py`` checked at every step (cards, legality, views, scores, replay).

``HAND_EXAMPLES`` (default 3) sets how many seeds hypothesis tries per test; the longer tests
(uniform play, several rounds, full-length matches) run a fifth of that. Every player count and
every option variant also runs once at a fixed seed, so each run covers them all.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from invariants import CONFIGS, play_random_match

EXAMPLES = int(os.environ.get("HAND_EXAMPLES", "3"))
FEW = max(1, EXAMPLES // 5)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

MATRIX = [
    pytest.param(preset, n, p, id=f"{preset}-{n}{'p' if p else ''}")
    for preset, configs in CONFIGS.items()
    for n, p in configs
]


def short_options(preset: str) -> dict[str, Any]:
    """One scored round (gulf: a low penalty limit, as gulf has no round count)."""
    return {"penalty_limit": 60} if preset == "gulf" else {"rounds": 1}


def _played(run: Any) -> None:
    assert run.steps > 0
    assert run.rounds >= 1 or run.capped


@pytest.mark.parametrize(("preset", "players", "partnership"), MATRIX)
def test_every_config_fixed_seed(preset: str, players: int, partnership: bool) -> None:
    """Every preset × player count × partnership, once at a fixed seed: a short match."""
    _played(play_random_match(preset, players, partnership, 0, options=short_options(preset)))


@pytest.mark.parametrize("preset", list(CONFIGS))
@settings(max_examples=EXAMPLES, **common)
@given(data=st.data(), seed=seeds)
def test_short_match(preset: str, data: st.DataObject, seed: int) -> None:
    """Short matches over random seeds and player counts (partnership included)."""
    players, partnership = data.draw(st.sampled_from(CONFIGS[preset]), label="config")
    run = play_random_match(preset, players, partnership, seed, options=short_options(preset))
    _played(run)


@pytest.mark.parametrize("preset", list(CONFIGS))
@settings(max_examples=FEW, **common)
@given(data=st.data(), seed=seeds)
def test_uniform_policy(preset: str, data: st.DataObject, seed: int) -> None:
    """Uniformly random play (discards, missed announcements, stock-outs, redeals), two deals."""
    players, partnership = data.draw(st.sampled_from(CONFIGS[preset]), label="config")
    run = play_random_match(
        preset, players, partnership, seed, max_rounds=2, options=short_options(preset),
        policy="uniform", max_steps=1500,
    )
    _played(run)


@settings(max_examples=FEW, **common)
@given(
    config=st.sampled_from(
        [
            ("levant", 4, False, {"rounds": 2}),
            ("levant", 4, True, {"rounds": 2}),
            ("four-jokers", 3, False, {"rounds": 2}),
            ("gulf", 4, False, {"penalty_limit": 100}),
        ]
    ),
    seed=seeds,
)
def test_two_rounds(config: Any, seed: int) -> None:
    """Matches over more than one scored round: dealer choice, totals, the end."""
    preset, players, partnership, options = config
    _played(play_random_match(preset, players, partnership, seed, options=options))


@pytest.mark.parametrize(
    ("preset", "players", "partnership"),
    [
        pytest.param("levant", 2, False, id="levant-2"),
        pytest.param("levant", 4, True, id="levant-4p"),
        pytest.param("gulf", 3, False, id="gulf-3"),
        pytest.param("four-jokers", 2, False, id="four-jokers-2"),
    ],
)
@settings(max_examples=FEW, **common)
@given(seed=seeds)
def test_full_length_match(preset: str, players: int, partnership: bool, seed: int) -> None:
    """A whole match with the preset's own length (7 / 9 rounds, or to 200)."""
    run = play_random_match(preset, players, partnership, seed, max_steps=20000)
    _played(run)
    assert run.state.is_over or run.capped


BONUSES = ["wild-discard", "one-color", "one-suit", "two-wilds"]


@pytest.mark.parametrize(
    ("preset", "players", "partnership", "options"),
    [
        pytest.param("levant", 2, False, {"rounds": 2, "bonuses": BONUSES}, id="levant-2"),
        pytest.param("levant", 4, True, {"rounds": 1}, id="levant-4p"),
        pytest.param("gulf", 2, False, {"penalty_limit": 100, "bonuses": BONUSES}, id="gulf-2"),
        pytest.param(
            "four-jokers", 3, False, {"rounds": 2, "bonuses": BONUSES, "first_turn_win": True},
            id="four-jokers-3",
        ),
    ],
)
@settings(max_examples=FEW, **common)
@given(seed=seeds)
def test_full_hands(
    preset: str, players: int, partnership: bool, options: dict[str, Any], seed: int
) -> None:
    """Seats that keep their cards until they can lay them all at once: full hands (L-86,
    G-8, F-9) and their bonuses (O-11), laid as one action of several melds."""
    run = play_random_match(preset, players, partnership, seed, options=options, policy="hoard")
    _played(run)


# (preset, players, partnership, options, policy, max_rounds): levant unless named
VARIANTS: list[Any] = [
    ("levant", 4, False, {"wilds": "jokers"}, "weighted", None),
    ("levant", 3, False, {"wilds": "no-jokers"}, "weighted", None),
    ("levant", 4, False, {"wilds": "no-jokers", "ace_indicator": "single-wild"}, "weighted", None),
    ("levant", 4, False, {"escalating_minimum": True}, "weighted", None),
    ("levant", 4, False, {"initial_minimum": 71}, "weighted", None),
    ("levant", 4, False, {"initial_minimum": 0}, "weighted", None),
    ("levant", 4, False, {"discard_pickup": "free"}, "weighted", None),
    ("levant", 4, True, {"discard_pickup": "new-meld-or-add"}, "weighted", None),
    ("levant", 4, False, {"discarded_wild": "aces-set-only"}, "weighted", None),
    ("levant", 4, False, {"discarded_wild": "never"}, "weighted", None),
    ("levant", 4, False, {"discarded_wild": "wild"}, "weighted", None),
    ("levant", 4, False, {"stock_end": "empty"}, "uniform", 2),
    ("levant", 3, False, {"stock_end": "reshuffle"}, "uniform", 2),
    ("gulf", 4, False, {"stock_end": "reshuffle"}, "weighted", None),
    ("levant", 4, False, {"first_turn_win": True}, "weighted", None),
    (
        "levant", 4, False,
        {"bonuses": ["wild-discard", "one-color", "one-suit", "two-wilds"], "first_turn_win": True},
        "weighted", None,
    ),
    ("four-jokers", 3, False, {"bonuses": ["wild-discard", "one-color"]}, "hoard", None),
    ("levant", 3, False, {"bonuses": BONUSES, "full_hand_multiplier": 3}, "hoard", None),
    ("levant", 4, False, {"dealer": "rotate", "rounds": 2}, "weighted", None),
    ("four-jokers", 3, False, {"dealer": "loser", "rounds": 2}, "weighted", None),
    ("levant", 4, False, {"pair_plus_wild": "free"}, "weighted", None),
    ("levant", 4, False, {"swap_must_reuse": True}, "weighted", None),
    ("four-jokers", 4, True, {"swap_must_reuse": True}, "weighted", None),
    (
        "levant", 4, False,
        {"ace_low_value": 1, "ace_high_value": 10, "ace_in_hand": 10}, "weighted", None,
    ),
    ("levant", 4, False, {"unopened_penalty": None, "win_partial": -10, "win_full": -20},
     "weighted", None),
    ("levant", 4, False, {"full_hand_multiplier": 3, "opening_values": "gulf"}, "weighted", None),
    ("levant", 4, False, {"redeal_pairs": False}, "uniform", 2),
    ("gulf", 4, False, {"wild_limit": "one", "discard_pickup": "new-meld"}, "weighted", None),
    ("four-jokers", 4, False, {"jokers": 2}, "weighted", None),
    ("levant", 4, False, {"penalty_limit": 120, "rounds": None}, "weighted", None),
    # the rule book's second reading (issue 13)
    ("levant", 4, False, {"discard_pickup": "must-meld"}, "weighted", None),
    ("four-jokers", 4, False, {"discard_pickup": "new-meld"}, "weighted", None),
    ("levant", 4, False, {"swap_needs_opening": False, "pair_plus_wild": "free"}, "weighted",
     None),
    ("levant", 4, False, {"announcements": False}, "weighted", None),
    ("levant", 3, False, {"max_meld_size": 5}, "weighted", None),
    ("levant", 5, False, {}, "weighted", None),
    ("gulf", 5, False, {"max_meld_size": 4}, "weighted", None),
    ("levant", 2, False, {"bonuses": ["two-wilds", "one-color"]}, "hoard", None),
]


def _variant_id(v: Any) -> str:
    preset, n, p, options, policy, _ = v
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{preset}-{n}{'p' if p else ''}-{opts}-{policy}"


def _play_variant(variant: Any, seed: int) -> None:
    preset, n, p, options, policy, max_rounds = variant
    opts = dict(options)
    if "rounds" not in opts and "penalty_limit" not in opts:
        opts.update(short_options(preset))
    run = play_random_match(
        preset, n, p, seed, max_rounds=max_rounds, options=opts, policy=policy,
        max_steps=1500 if policy == "uniform" else 5000,
    )
    _played(run)


@pytest.mark.parametrize("variant", [pytest.param(v, id=_variant_id(v)) for v in VARIANTS])
def test_option_variant_fixed_seed(variant: Any) -> None:
    """Each option variant once, at a fixed seed (deterministic coverage of every option)."""
    _play_variant(variant, 1)


@settings(max_examples=max(1, EXAMPLES // 2), **common)
@given(variant=st.sampled_from(VARIANTS), seed=seeds)
def test_option_variants(variant: Any, seed: int) -> None:
    """Option variants over random seeds."""
    _play_variant(variant, seed)
