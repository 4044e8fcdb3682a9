"""The pure meld utilities agree with brute force (hypothesis), for every preset."""

from __future__ import annotations

import random
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handgame.core.cards import Card, standard_deck
from handgame.core.errors import MeldError
from handgame.core.packing import best_packing
from handgame.games.hand import meldgen
from handgame.games.hand.melds import ACE_ONLY, AUTO, NATURAL, Meld, analyze
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
    {"wilds": "jokers", "jokers": 0},  # a round with no wild card at all
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
    fast, general = _fast_and_general(hand, wilds, rules)
    assert fast == general


def _fast_and_general(
    hand: tuple[Card, ...], wilds: Wilds, rules: object
) -> tuple[set[tuple[Card, ...]], set[tuple[Card, ...]]]:
    """The melds of ``hand`` from the fast generator and from the general one."""
    fast = {m.cards for m in meldgen.candidate_melds(hand, wilds, rules)}  # type: ignore[arg-type]
    meldgen._candidates.cache_clear()
    meldgen.GENERAL_ONLY = True
    try:
        general = {m.cards for m in meldgen.candidate_melds(hand, wilds, rules)}  # type: ignore[arg-type]
    finally:
        meldgen.GENERAL_ONLY = False
        meldgen._candidates.cache_clear()
    return fast, general


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


def _roles_allowed(
    cards: tuple[Card, ...], card: Card, role: str, hand_count: int
) -> list[tuple[str, ...]]:
    """The readings of ``cards`` under a taken wild ``card`` restricted to ``role`` (L-66, O-6),
    written from the rule, apart from ``meldgen.role_choices``: exactly one copy laid in the
    restricted role (the taken one) and the others as ordinary wild cards, or, when the hand
    keeps the taken copy back, every copy laid as an ordinary wild card."""
    at = [i for i, c in enumerate(cards) if c == card]
    plain = tuple(AUTO for _ in cards)
    out = [tuple(role if i == j else AUTO for i in range(len(cards))) for j in at]
    if len(at) < hand_count:
        out.append(plain)
    return out


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.sampled_from(PRESETS),
    st.integers(0, 10**6),
    st.integers(3, 6),
    st.integers(1, 2),
    st.sampled_from(["restricted", "aces-set"]),
    st.sampled_from(VARIANTS),
)
def test_restricted_candidates_match_brute_force(
    preset: str, seed: int, size: int, copies: int, kind: str, options: dict[str, object]
) -> None:
    """Under a restricted taken wild card (L-66 natural ace or ace-only joker, O-6
    aces-set-only) the general generator lists exactly the card multisets of up to 5 cards
    that some allowed reading of the cards makes a valid meld (brute force over every
    ordering and reading)."""
    rules = make_ruleset(preset, options)
    rng = random.Random(seed)
    deck = [c for c in standard_deck(2, rules.jokers) if c.is_joker or c.rank in (1, 2, 3, 12, 13)]
    indicator = None
    if rules.wilds != "jokers":
        indicator = rng.choice([c for c in deck if not c.is_joker and c.rank != 1])
    wilds = wilds_for(rules, indicator)
    if wilds.wild is None:
        return
    card = wilds.wild
    role = "aces-set" if kind == "aces-set" else (ACE_ONLY if card.is_joker else NATURAL)
    rest = [c for c in deck if c != card]
    rng.shuffle(rest)
    hand = tuple(sorted((*rest[:size], *([card] * copies))))
    restriction = (card, role)
    listed = meldgen.candidate_melds(hand, wilds, rules, restriction)  # type: ignore[arg-type]
    got = {tuple(sorted(m.cards)) for m in listed if len(m.cards) <= 5}
    for m in listed:  # each read as the rule reads it: the taken copy natural, or an ace only
        if role != "aces-set":
            assert m in _readings(m.cards, wilds, rules, card, role, copies), m
    want = _brute_restricted(hand, wilds, rules, card, role, copies)
    assert got == want, (hand, restriction, got ^ want)


def _brute_restricted(
    hand: tuple[Card, ...], wilds: Wilds, rules: object, card: Card, role: str, copies: int
) -> set[tuple[Card, ...]]:
    """The card multisets of 3 to 5 cards of ``hand`` that some ordering and some allowed
    reading make a valid meld, each sorted."""
    want: set[tuple[Card, ...]] = set()
    for k in range(3, min(5, len(hand)) + 1):
        for combo in set(combinations(hand, k)):
            if tuple(sorted(combo)) in want:
                continue
            if any(_allowed(p, wilds, rules, card, role, copies) for p in set(permutations(combo))):
                want.add(tuple(sorted(combo)))
    return want


def _readings(
    cards: tuple[Card, ...], wilds: Wilds, rules: object, card: Card, role: str, copies: int
) -> list[Meld]:
    """The melds ``cards`` make under each reading the restriction allows (L-66)."""
    out = []
    for roles in _roles_allowed(cards, card, role, copies):
        try:
            out.append(analyze(cards, wilds, rules, roles))  # type: ignore[arg-type]
        except MeldError:
            continue
    return out


def _allowed(
    cards: tuple[Card, ...], wilds: Wilds, rules: object, card: Card, role: str, copies: int
) -> bool:
    """Whether ``cards`` (in this order) make a valid meld under some reading the restriction
    allows. O-6 aces-set-only: the taken copy plays as an ordinary wild card, in a set of aces
    only; with a copy kept back, every copy laid may be another of the hand."""
    if role == "aces-set":
        try:
            meld = analyze(cards, wilds, rules)  # type: ignore[arg-type]
        except MeldError:
            return False
        return (meld.kind == "set" and meld.rank == 1) or cards.count(card) < copies
    return bool(_readings(cards, wilds, rules, card, role, copies))


def _wild_ah(options: dict[str, object] | None = None) -> tuple[Wilds, object]:
    """Levant with indicator 7H: the aces of hearts are wild (L-21)."""
    rules = make_ruleset("levant", options)
    return wilds_for(rules, Card.parse("7H")), rules


def _hand(text: str) -> tuple[Card, ...]:
    return tuple(sorted(Card.parse(t) for t in text.split()))


def test_the_general_generator_lays_both_copies_of_the_wild_card() -> None:
    """Two copies of the round's wild card fill two gaps of a 4-card run (L-23 one-per-three:
    two wild cards in a meld of four); the general generator (L-66) finds it as the fast one
    does."""
    wilds, rules = _wild_ah({"wild_limit": "one-per-three"})
    hand = _hand("AH AH 5C 6C 9D")
    fast, general = _fast_and_general(hand, wilds, rules)
    assert fast == general
    assert any(sorted(m) == sorted(_hand("AH AH 5C 6C")) for m in general)


def test_one_copy_of_the_restricted_wild_is_not_read_from_a_hand_with_two() -> None:
    """With both copies of a taken wild ace in hand (L-66: the taken one plays only as the
    natural ace), the other may be an ordinary wild card; once one copy is gone, the one left is
    the taken one. The candidates of the smaller hand must not be those of the larger hand
    filtered by its cards (meldgen's cache of recent lists)."""
    wilds, rules = _wild_ah()
    restriction = (Card.parse("AH"), NATURAL)
    meldgen._candidates.cache_clear()
    meldgen._PARENTS.clear()
    two = meldgen.candidate_melds(_hand("AH AH 4C 5C 7S 8S"), wilds, rules, restriction)
    assert any(sorted(m.cards) == sorted(_hand("AH 4C 5C")) for m in two)  # the twin as wild
    one = {m.cards for m in meldgen.candidate_melds(_hand("AH 4C 5C 7S 8S"), wilds, rules,
                                                    restriction)}
    meldgen._candidates.cache_clear()
    meldgen._PARENTS.clear()
    fresh = {m.cards for m in meldgen.candidate_melds(_hand("AH 4C 5C 7S 8S"), wilds, rules,
                                                      restriction)}
    assert one == fresh
    assert not any(sorted(m) == sorted(_hand("AH 4C 5C")) for m in one)


def test_the_taken_wild_ace_is_laid_once_in_a_set_of_aces() -> None:
    """A taken wild ace restricted to its natural ace (L-66), its twin in hand as an ordinary
    wild card (L-23 one-per-three): sets of aces hold at most the two copies the hand has, and
    the candidates are exactly those of the brute force."""
    wilds, rules = _wild_ah({"wild_limit": "one-per-three"})
    card = Card.parse("AH")
    hand = _hand("AH AH AS AC 5C 9D")
    got = {tuple(sorted(m.cards)) for m in meldgen.candidate_melds(hand, wilds, rules,
                                                                  (card, NATURAL))}
    assert all(m.count(card) <= 2 for m in got)
    want = _brute_restricted(hand, wilds, rules, card, NATURAL, 2)
    assert {m for m in got if len(m) <= 5} == want


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(3, 15), st.sampled_from(VARIANTS)
)
def test_value_bound_is_an_upper_bound(
    preset: str, seed: int, size: int, options: dict[str, object]
) -> None:
    """``value_bound`` is never below ``best_melds_value`` (the search's shortcuts rule out an
    opening on it: a bound too low refuses a legal opening, L-63), under gulf's opening values
    (a wild card counts 25, G-6) as under the others."""
    hand, wilds, rules = _setup(preset, seed, size, options)
    bound = meldgen.value_bound(hand, wilds, rules)  # type: ignore[arg-type]
    for keep in (0, 1):
        assert meldgen.best_melds_value(hand, wilds, rules, keep) <= bound  # type: ignore[arg-type]


def test_the_general_generator_lays_both_copies_of_the_wild_card_in_a_set() -> None:
    """Two copies of the round's wild card with two nines make a set of four (L-12, L-23
    one-per-three); the general generator finds it as the fast one does."""
    wilds, rules = _wild_ah({"wild_limit": "one-per-three"})
    hand = _hand("AH AH 9D 9S 5C")
    fast, general = _fast_and_general(hand, wilds, rules)
    assert fast == general
    assert any(sorted(m) == sorted(_hand("AH AH 9D 9S")) for m in general)
