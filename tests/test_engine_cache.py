"""The engine's caches change no answer: warm and cold runs agree (candidate melds, analyze,
legal actions), and the cached hashes of rulesets and melds agree with equality."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from handgame.core.cards import JOKER, Card, standard_deck
from handgame.core.errors import MeldError
from handgame.games.hand import finish, meldgen, melds
from handgame.games.hand.actions import LayOff, parse_action
from handgame.games.hand.deal import Deal
from handgame.games.hand.melds import analyze
from handgame.games.hand.record import read_record
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import Ruleset, make_ruleset
from handgame.games.hand.state import State
from handgame.games.hand.wilds import wilds_for
from invariants import random_state

CASES = Path(__file__).resolve().parent / "records" / "cases"


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


def _before_the_adds() -> tuple[State, LayOff]:
    """Record case l87-unopened-partial-with-adds (L-64, L-87) at seat 0's last turn, after its
    draw: seat 0 has not opened and goes out laying three melds (46 < 51) and adding 9S, AS and
    8S to seat 1's melds. Adding 9S first binds it to go out, which it still can."""
    case = json.loads((CASES / "l87-unopened-partial-with-adds.json").read_text("utf-8"))
    record = read_record(case["record"])
    first = record.rounds[0]
    state = record.game.new_match(first["dealer"]).apply_deal(Deal.from_json(first["deal"]))
    for raw in first["actions"][:7]:
        state = state.apply(parse_action(raw))
    assert state.phase is Phase.PLAY and state.current_seat == 0
    return state, LayOff(0, Card.parse("9S"), 0)


def test_the_search_keeps_answers_with_and_without_the_going_out_hint_apart() -> None:
    """``finish.accepts(state, step, no_out=True)`` is told that the seat cannot go out after
    the step (legal_actions passes what finish.out_bounds proves). Its answer is the one
    computed with that hint, whatever was asked before, and never the answer of a call
    without it (apply, accepts without the hint), in either order: a cache keyed without the
    hint would hide a wrong hint, or pass it on to apply. The hint given here is wrong on
    purpose (the add of l87 leads out), so the two answers differ."""
    state, add = _before_the_adds()
    for hinted_first in (False, True):
        clear_caches()
        answers = []
        for no_out in ((True, False) if hinted_first else (False, True)):
            answers.append((no_out, finish.accepts(state, add, no_out)))
        assert sorted(answers) == [(False, True), (True, False)], (hinted_first, answers)
        after = state.apply(add)  # apply asks without the hint: legal
        assert finish.can_finish_turn(after)
        assert add in state.legal_actions()


def test_native_config_of_interleaved_rounds_is_each_rounds_own() -> None:
    """``native.config_of`` remembers several (rules, wilds) pairs by identity (a batched RL
    environment interleaves many rounds, issue 39): asked in turn for rounds with different
    wild cards (L-20, L-21), it gives each round its own conversion, also past its bound
    (1,024 pairs)."""
    from handgame.games.hand import native

    rules = make_ruleset("levant")
    deck = standard_deck(2, rules.jokers)
    rng = random.Random("config:levant")
    pairs = [(rules, wilds_for(rules, rng.choice(deck))) for _ in range(1100)]
    assert len({native.config(r, w) for r, w in pairs}) >= 4  # rounds with other wild cards
    for _ in range(2):
        for r, w in pairs:
            assert native.config_of(r, w) == native.config(r, w)
