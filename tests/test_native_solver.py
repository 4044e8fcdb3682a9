"""The native meld solver (issue 19, ``native/solver.cpp``) gives the reference's answers.

``solver.best_arrangement`` and ``solver.best_opening`` are computed on both paths
(``native_solver.use_native``) for seeded random hands of every preset and a sample of option
combinations that bear on melds, values and penalties, in many wild situations (an indicator
of each kind, jokers wild, no wild card, a hand full of wild cards, dense hands of low ranks),
with ``keep`` 0 to 2, restricted taken wild cards (L-66, O-6) and a card that must be melded
(L-62): the arrangements must be equal (the same ``Meld`` objects in the same order, the same
cards left, value and penalty). ``HAND_SOLVER_CASES`` sets the number of hands (default
3,000, a few seconds). Skipped when the extension is not built (``python native/build.py``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from handgame.core.cards import JOKER, Card, standard_deck
from handgame.games.hand import meldgen, native_solver
from handgame.games.hand.melds import ACE_ONLY, NATURAL
from handgame.games.hand.rules import Ruleset, make_ruleset
from handgame.games.hand.solver import Arrangement, best_arrangement, best_opening
from handgame.games.hand.wilds import Wilds, indicator_allowed, wilds_for

built = pytest.mark.skipif(
    not native_solver.native_available(),
    reason="native solver not built (python native/build.py)",
)

# Presets, and options that bear on the melds, their values and the penalties (rules as data).
RULESETS: list[tuple[str, dict[str, Any]]] = [
    ("levant", {}),
    ("gulf", {}),
    ("four-jokers", {}),
    ("levant", {"wild_limit": "one-per-three"}),
    ("levant", {"max_meld_size": 4, "opening_values": "gulf"}),
    ("levant", {"ace_low_value": 1, "ace_high_value": 10, "ace_in_hand": 10}),
    ("levant", {"penalty_values": "gulf", "wilds": "jokers"}),
    ("levant", {"wilds": "no-jokers", "ace_indicator": "single-wild"}),
    ("gulf", {"wild_limit": "one", "max_meld_size": 5}),
    ("four-jokers", {"wild_limit": "one-per-three", "penalty_values": "gulf"}),
]

CASES = int(os.environ.get("HAND_SOLVER_CASES", "3000"))


@contextmanager
def native_on(on: bool) -> Iterator[None]:
    """The solver on the native (True) or the reference (False) path."""
    before = native_solver.use_native(on)
    try:
        yield
    finally:
        native_solver.use_native(before)


def both(fn: Any, *args: Any) -> tuple[Any, Any]:
    """``fn`` (an ``lru_cache``d solver function, called uncached) on each path."""
    with native_on(True):
        native = fn.__wrapped__(*args)
    with native_on(False):
        reference = fn.__wrapped__(*args)
    return native, reference


def random_wilds(rng: random.Random, rules: Ruleset, deck: list[Card]) -> Wilds:
    """The wild cards of a round under ``rules``, from a random allowed indicator."""
    if rules.wilds == "jokers":
        return wilds_for(rules, None)
    indicator = rng.choice([c for c in deck if indicator_allowed(rules, c)])
    return wilds_for(rules, indicator)


def random_hand(rng: random.Random, deck: list[Card], wilds: Wilds) -> tuple[Card, ...]:
    """A hand of 1 to 22 cards: a random deal, a dense one of low ranks, or one rich in wilds."""
    kind = rng.random()
    size = rng.choice([rng.randint(1, 22), 14, 15, 15])
    if kind < 0.55:
        pool = deck
    elif kind < 0.85:  # dense: ranks A-6 (and 7-9 sometimes) with the jokers
        top = rng.choice([6, 6, 9])
        pool = [c for c in deck if c == JOKER or c.rank <= top]
    else:  # many wild cards and their neighbours
        special = [c for c in deck if c in (wilds.wild, wilds.joker_as, JOKER)]
        pool = special * 3 + [c for c in deck if rng.random() < 0.3]
    hand = rng.sample(pool, min(size, len(pool)))
    rng.shuffle(hand)  # unsorted, as callers may pass it
    return tuple(hand)


def random_restriction(
    rng: random.Random, hand: tuple[Card, ...], wilds: Wilds
) -> tuple[Card, str] | None:
    """None mostly; else a taken card in a restricted role (L-66, O-6), held or not: the wild
    card or a natural card as its natural card, the joker or the wild card for an ace only,
    the wild card in a set of aces."""
    if rng.random() < 0.7:
        return None
    wild = [wilds.wild] if wilds.wild is not None else []
    naturals = [c for c in hand[:2] if c != JOKER]
    choices: list[tuple[Card, str]] = [
        *((c, NATURAL) for c in [*wild, *wild, *naturals] if c != JOKER),
        *((c, ACE_ONLY) for c in [JOKER, *wild]),
        *((c, "aces-set") for c in wild),
    ]
    return rng.choice(choices)


def check_case(rng: random.Random, preset: str, options: dict[str, Any]) -> tuple[bool, bool]:
    """One random hand compared on both paths; whether the native solver answered each."""
    rules = make_ruleset(preset, options)
    deck = standard_deck(2, rules.jokers)
    wilds = random_wilds(rng, rules, deck)
    hand = random_hand(rng, deck, wilds)
    keep = rng.choice([0, 0, 1, 1, 2])
    restriction = random_restriction(rng, hand, wilds)
    args = (hand, wilds, rules, keep, restriction)
    native, reference = both(best_arrangement, *args)
    assert native == reference, ("best_arrangement", preset, options, args)
    assert isinstance(native, Arrangement)
    arranged = native_solver.arrange(hand, wilds, rules, keep, restriction, None, False)
    minimum = rng.choice([0, 30, 51, 81])
    must = rng.choice([None, None, rng.choice(hand), rng.choice(deck)])
    opening_args = (hand, wilds, rules, minimum, rng.choice([0, 1, 1]), restriction, must)
    native_o, reference_o = both(best_opening, *opening_args)
    assert native_o == reference_o, ("best_opening", preset, options, opening_args)
    opened = native_solver.arrange(hand, wilds, rules, opening_args[4], restriction, must, True)
    return arranged is not None, opened is not None


@built
@pytest.mark.parametrize("part", range(len(RULESETS)))
def test_native_solver_gives_the_reference_answers(part: int) -> None:
    preset, options = RULESETS[part]
    rng = random.Random(f"native-solver:{part}")
    answered = [0, 0]
    count = max(1, CASES // len(RULESETS))
    for _ in range(count):
        a, o = check_case(rng, preset, options)
        answered[0] += a
        answered[1] += o
    # the comparison is not vacuous: the native path answered most hands itself
    assert answered[0] >= count * 0.7 and answered[1] >= count * 0.7, answered


@built
def test_benchmark_hands_are_answered_natively_and_alike() -> None:
    """The benchmark's kind of hand (a levant deal's 15 cards): every one answered natively."""
    rules = make_ruleset("levant")
    deck = standard_deck(2, rules.jokers)
    rng = random.Random("native-solver:bench")
    for _ in range(200):
        wilds = random_wilds(rng, rules, deck)
        hand = tuple(sorted(rng.sample(deck, 15)))
        assert native_solver.arrange(hand, wilds, rules, 0, None, None, False) is not None
        native, reference = both(best_arrangement, hand, wilds, rules)
        assert native == reference


@built
def test_the_reference_answers_what_is_not_ported() -> None:
    """A restricted taken wild that only the general generator handles (L-66), and the
    general generator forced by tests: the native solver declines, the reference answers."""
    rules = make_ruleset("levant")
    ace = Card.parse("AS")
    wilds = Wilds(ace, ace)
    hand = tuple(Card.parse(c) for c in ("AS", "AS", "2S", "3S", "X", "5H", "5D", "9C"))
    for restriction in ((ace, ACE_ONLY), (ace, NATURAL), (JOKER, ACE_ONLY)):
        assert native_solver.arrange(hand, wilds, rules, 1, restriction, None, False) is None
        native, reference = both(best_arrangement, hand, wilds, rules, 1, restriction)
        assert native == reference
    with native_on(True):
        assert native_solver.support(rules) is None
        meldgen.GENERAL_ONLY = True
        try:
            assert native_solver.support(rules) is not None
            assert native_solver.arrange(hand, wilds, rules, 0, None, None, False) is None
        finally:
            meldgen.GENERAL_ONLY = False


def test_without_the_native_path_the_reference_answers() -> None:
    rules = make_ruleset("levant")
    hand = tuple(Card.parse(c) for c in ("2H", "3H", "4H", "9C", "9D", "9S", "KC"))
    wilds = Wilds(None, None)
    with native_on(False):
        assert native_solver.path() == "python"
        assert native_solver.support(rules) is not None
        assert native_solver.arrange(hand, wilds, rules, 0, None, None, False) is None
        got = best_arrangement.__wrapped__(hand, wilds, rules)
    assert [m.cards for m in got.melds] == [  # by their lowest card: 9S before 2H
        tuple(Card.parse(c) for c in ("9S", "9D", "9C")),
        tuple(Card.parse(c) for c in ("2H", "3H", "4H")),
    ]
    assert got.left == (Card.parse("KC"),) and got.penalty == 10
