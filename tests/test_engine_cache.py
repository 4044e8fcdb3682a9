"""The engine's caches change no answer: warm and cold runs agree (candidate melds, analyze,
legal actions), and the cached hashes of rulesets and melds agree with equality."""

from __future__ import annotations

import pickle
import random

import pytest

from handgame.core.cards import JOKER, standard_deck
from handgame.core.errors import MeldError
from handgame.games.hand import finish, meldgen, melds
from handgame.games.hand.melds import analyze
from handgame.games.hand.rules import Ruleset, make_ruleset
from handgame.games.hand.wilds import wilds_for
from invariants import random_state


def clear_caches() -> None:
    meldgen.clear_caches()
    melds.clear_cache()
    finish.clear_cache()


@pytest.mark.parametrize("preset", ["levant", "gulf", "four-jokers"])
def test_candidates_of_smaller_and_changed_hands_match_cold(preset: str) -> None:
    """Filtered from a larger hand's list or rebuilt from cached groups: the same melds."""
    rng = random.Random(preset)
    rules = make_ruleset(preset)
    deck = standard_deck(2, rules.jokers)
    for _ in range(40):
        indicator = rng.choice([c for c in deck if c != JOKER])
        wilds = wilds_for(rules, indicator)
        hand = list(rng.sample(deck, 15))
        hands = [tuple(sorted(hand))]
        for _ in range(6):
            if rng.random() < 0.6:
                hand.pop(rng.randrange(len(hand)))
            else:
                hand.append(rng.choice(deck))
            hands.append(tuple(sorted(hand)))
        warm = [meldgen.candidate_melds(h, wilds, rules) for h in hands]
        for h, got in zip(hands, warm, strict=True):
            clear_caches()
            assert got == meldgen.candidate_melds(h, wilds, rules)


def test_analyze_cache_keeps_answers_and_errors() -> None:
    """A cached answer (a meld or an error message) is the answer computed afresh."""
    rules = Ruleset()
    wilds = wilds_for(rules, standard_deck(2, 2)[5])
    deck = standard_deck(2, 2)
    rng = random.Random(3)
    for _ in range(300):
        cards = tuple(rng.sample(deck, rng.randint(3, 5)))
        answers: list[object] = []
        for cold in (True, False, True):
            if cold:
                melds._ANALYZED.clear()
            try:
                answers.append(analyze(cards, wilds, rules))
            except MeldError as e:
                answers.append(str(e))
        assert answers[0] == answers[1] == answers[2]


def test_hashes_follow_equality() -> None:
    """Equal rulesets and melds hash alike, a ruleset's cached hash survives pickling."""
    a, b = make_ruleset("levant"), Ruleset()
    assert a == b and hash(a) == hash(b)
    again = pickle.loads(pickle.dumps(a))
    assert again == a and hash(again) == hash(a)
    assert make_ruleset("levant", {"initial_minimum": 71}) != a
    wilds = wilds_for(a, standard_deck(2, 2)[20])
    m1 = analyze(standard_deck(2, 2)[2:5], wilds, a)
    melds._ANALYZED.clear()
    m2 = analyze(standard_deck(2, 2)[2:5], wilds, a)
    assert m1 == m2 and hash(m1) == hash(m2)


@pytest.mark.parametrize("preset", ["levant", "gulf"])
def test_legal_actions_warm_and_cold_agree(preset: str) -> None:
    """legal_actions gives the same list with every cache cleared."""
    for seed in range(4):
        state = random_state(preset, 3, False, seed, 40 + 15 * seed)
        warm = state.legal_actions()
        clear_caches()
        assert state.legal_actions() == warm
