"""The pure meld utilities agree with brute force (hypothesis), for every preset."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handgame.core.cards import Card, standard_deck
from handgame.core.errors import MeldError
from handgame.core.packing import best_packing
from handgame.games.hand import meldgen
from handgame.games.hand.melds import Meld, analyze
from handgame.games.hand.rules import make_ruleset
from handgame.games.hand.values import opening_value
from handgame.games.hand.wilds import Wilds, wilds_for

PRESETS = ["levant", "gulf", "four-jokers"]
# the options the meld utilities read (L-23/G-5 wild_limit, max_meld_size), beside the presets'
VARIANTS: list[dict[str, object]] = [
    {},
    {"wild_limit": "one"},
    {"wild_limit": "one-per-three"},
    {"max_meld_size": 4},
    {"wild_limit": "one", "max_meld_size": 5},
]


def _setup(
    preset: str, seed: int, size: int, options: dict[str, object] | None = None
) -> tuple[tuple[Card, ...], Wilds, object]:
    rules = make_ruleset(preset, options)
    deck = list(standard_deck(2, rules.jokers))
    rng = random.Random(seed)
    rng.shuffle(deck)
    hand = tuple(sorted(deck[:size]))
    indicator = None
    if rules.wilds == "indicator":
        indicator = rng.choice([c for c in deck[size:] if not c.is_joker])
    return hand, wilds_for(rules, indicator), rules


def _brute_melds(hand: tuple[Card, ...], wilds: Wilds, rules: object) -> set[tuple[Card, ...]]:
    """Every ordering of every sub-multiset of 3..5 cards that analyze() accepts."""
    from itertools import permutations

    found: set[tuple[Card, ...]] = set()
    for k in range(3, min(5, len(hand)) + 1):
        for combo in set(combinations(hand, k)):
            for perm in set(permutations(combo)):
                try:
                    analyze(perm, wilds, rules)  # type: ignore[arg-type]
                except MeldError:
                    continue
                found.add(perm)
    return found


def _canonical(m: tuple[Card, ...], wilds: Wilds, rules: object) -> tuple[Card, ...]:
    meld = analyze(m, wilds, rules)  # type: ignore[arg-type]
    return m if meld.kind == "run" else tuple(sorted(m))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(3, 7), st.sampled_from(VARIANTS)
)
def test_candidates_match_brute_force(
    preset: str, seed: int, size: int, options: dict[str, object]
) -> None:
    """candidate_melds lists exactly the valid melds of up to 5 cards (sets in any order)."""
    hand, wilds, rules = _setup(preset, seed, size, options)
    got = {m.cards for m in meldgen.candidate_melds(hand, wilds, rules) if len(m.cards) <= 5}
    got = {_canonical(m, wilds, rules) for m in got}
    want = {_canonical(m, wilds, rules) for m in _brute_melds(hand, wilds, rules)}
    assert got == want


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(3, 15), st.sampled_from(VARIANTS)
)
def test_fast_generator_equals_general(
    preset: str, seed: int, size: int, options: dict[str, object]
) -> None:
    """The fast candidate generator and the general one (used under L-66) agree, under every
    value of the options they read."""
    hand, wilds, rules = _setup(preset, seed, size, options)
    fast = {m.cards for m in meldgen.candidate_melds(hand, wilds, rules)}
    meldgen._candidates.cache_clear()
    meldgen.GENERAL_ONLY = True
    try:
        general = {m.cards for m in meldgen.candidate_melds(hand, wilds, rules)}
    finally:
        meldgen.GENERAL_ONLY = False
        meldgen._candidates.cache_clear()
    assert fast == general


def _brute_packing(
    hand: tuple[Card, ...], melds: list[Meld], values: list[int], keep: int, must: Card | None
) -> int:
    best = -1

    def rec(i: int, rest: list[Card], val: int, used_must: bool) -> None:
        nonlocal best
        if len(rest) >= keep and (must is None or used_must):
            best = max(best, val)
        for j in range(i, len(melds)):
            r = list(rest)
            try:
                for c in melds[j].cards:
                    r.remove(c)
            except ValueError:
                continue
            hit = used_must or (must is not None and must in melds[j].cards)
            rec(j + 1, r, val + values[j], hit)

    rec(0, list(hand), 0, False)
    return best


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(PRESETS),
    st.integers(0, 10**6),
    st.integers(3, 10),
    st.integers(0, 2),
    st.booleans(),
)
def test_best_packing_matches_brute_force(
    preset: str, seed: int, size: int, keep: int, with_must: bool
) -> None:
    """best_packing / best_melds_value find the best disjoint melds exactly."""
    hand, wilds, rules = _setup(preset, seed, size)
    melds = meldgen.candidate_melds(hand, wilds, rules)
    values = [opening_value(m, rules) for m in melds]  # type: ignore[arg-type]
    must = hand[0] if with_must else None
    want = _brute_packing(hand, melds, values, keep, must)
    assert best_packing(hand, melds, values, keep, must) == want
    assert meldgen.best_melds_value(hand, wilds, rules, keep, None, must) == want  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_candidate_is_valid(preset: str) -> None:
    """Each candidate meld of a 15-card hand passes analyze() and is listed once."""
    for seed in range(20):
        hand, wilds, rules = _setup(preset, seed, 15)
        melds = meldgen.candidate_melds(hand, wilds, rules)
        assert len({m.cards for m in melds}) == len(melds)
        for m in melds:
            assert analyze(m.cards, wilds, rules, m.roles()) == m  # type: ignore[arg-type]
