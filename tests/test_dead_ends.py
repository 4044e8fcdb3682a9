"""The words of a refused step that leaves the turn with no legal end (issue 20).

``apply`` refuses a step after which the turn cannot be finished (RECORD.md: at the step) and
says why (``finish.dead_end_reason``): for the discard taken from the pile, the rule of the
ruleset's pickup (F-4, or L-62 with L-63/L-66 before opening); for any other step, what would
be wrong with the turn's discard. Mutants of ``dead_end_reason`` (scripts/mutate.py
finish:10…13) change these words or fail on a one-card hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hand_deals import dealt
from handgame.core.cards import Card, parse_cards
from handgame.core.errors import TurnCannotFinish
from handgame.games.hand.actions import Discard, Draw, LayMelds, SwapWild
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import Game, State
from invariants import choose_action
from rule_ids import cited_rules


def _refused_take(preset: str, options: dict[str, Any], opened: bool) -> str:
    """The refusal of the first take of the discard refused to a seat (not) opened, in seeded
    random play."""
    rng = random.Random(1)
    state = Game.create(preset, options, players=2).new_match(0).deal_seeded("x")
    for _ in range(20_000):
        if state.is_over:
            state = Game.create(preset, options, players=2).new_match(0)
        if state.is_chance:
            state = state.deal_seeded(f"d{rng.random()}")
            continue
        rnd = state.round
        assert rnd is not None
        take = Draw(rnd.turn, "discard")
        if (state.phase is Phase.DRAW and rnd.discard_pile and rnd.opened[rnd.turn] == opened
                and take not in state.legal_actions()):
            with pytest.raises(TurnCannotFinish) as refused:
                state.apply(take)
            return str(refused.value)
        state = state.apply(choose_action(rng, state, state.legal_actions(), "weighted"))
    raise AssertionError("no take of the discard was refused")


@pytest.mark.parametrize("opened", [False, True])
def test_a_refused_take_under_must_meld_cites_f4(opened: bool) -> None:
    """F-4 (four-jokers): whoever takes the discard must lay a new meld, with or without it."""
    words = _refused_take("four-jokers", {}, opened)
    assert words.startswith("the discard ") and "may be taken only by a player who can lay a " \
        "new meld this turn" in words, words
    assert cited_rules(words) == ("F-4", "L-63")


def test_a_refused_take_before_opening_cites_the_opening() -> None:
    """L-62, L-63, L-66: before opening, the taken discard must join a new meld of an opening
    that reaches the minimum (51 in levant's first round)."""
    words = _refused_take("levant", {}, False)
    assert "with two cards from hand that is part of an opening of at least 51" in words, words
    assert cited_rules(words) == ("L-62", "L-63", "L-66")


def test_a_refused_take_after_opening_cites_l62() -> None:
    """L-62: an opened seat may take the discard only to lay it at once in a new meld."""
    words = _refused_take("levant", {}, True)
    assert "in a new meld with at least two cards from hand" in words, words
    assert "opening" not in words and cited_rules(words) == ("L-62",)


def _taken_4s(options: dict[str, Any]) -> State:
    """Levant (indicator 7C: the AC are wild), two seats: seat 0 first discards 9C, seat 1
    draws and discards 4S, seat 0 takes it. Seat 0 holds KS KH KD, QS QH QD, 2D 3D 4D 5D and
    4H 5H 6H 7H: the 4S may join 4D 4H in an opening (L-62)."""
    state = dealt("levant", options, ["KS KH KD QS QH QD 2D 3D 4D 5D 4H 5H 6H 7H 9C",
                                      "4S 8C 8D TS TH JC 2C 3C 6S 9S 9H TD 3S 5S"], "7C", "8H")
    for action in (Discard(0, Card.parse("9C"), True), Draw(1, "stock"),
                   Discard(1, Card.parse("4S"), True), Draw(0, "discard")):
        state = state.apply(action)
    return state


@pytest.mark.parametrize("announcements", [True, False])
def test_melds_that_leave_only_the_taken_card_are_refused_with_l62(announcements: bool) -> None:
    """L-62: laying every other card in melds leaves the taken 4S alone in hand, so the turn
    cannot end (it is owed to a new meld); the refusal says so for the one card left, also
    under ``announcements=false`` (no announcement is missed with one card: L-70, L-71)."""
    state = _taken_4s({"announcements": announcements})
    melds = tuple(parse_cards(m.split()) for m in
                  ("KS KH KD", "QS QH QD", "2D 3D 4D 5D", "4H 5H 6H 7H"))
    lay = LayMelds(0, melds)
    assert lay not in state.legal_actions()
    with pytest.raises(TurnCannotFinish) as refused:
        state.apply(lay)
    assert str(refused.value) == (
        "after this the turn cannot be finished legally: the discard 4S was taken: it must be "
        "laid this turn in a new meld with at least two cards from hand (L-62)")
    assert refused.value.rules == ("L-62",)
    # the opening with the 4S is accepted
    state.apply(LayMelds(0, (*melds[:2], parse_cards("4S 4D 4H".split()))))


def test_melds_below_the_minimum_are_a_step_when_two_wild_cards_go_out_together() -> None:
    """O-11 two-wilds, L-64: a seat not opened lays 13 natural cards worth 47 (below the 51 of
    L-63) and keeps the two wild AC: the turn can still end, by discarding both wild cards
    together to go out (and by adding one to a meld, then discarding the other), so the step
    is legal; without the bonus it is legal too, through the second way only."""
    melds = tuple(parse_cards(m.split()) for m in
                  ("2S 2H 2D 2C", "3S 3H 3D", "4S 4H 4D", "5H 6H 7H"))
    for bonuses in (["two-wilds"], []):
        state = dealt("levant", {"bonuses": bonuses},
                      ["2S 2H 2D 2C 3S 3H 3D 4S 4H 4D 5H 6H 7H AC KS",
                       "8C 8D TS TH JC 2C 3C 6S 9S 9H TD 3S 5S QD"], "7C", "JD AC")
        for action in (Discard(0, Card.parse("KS"), True), Draw(1, "stock"),
                       Discard(1, Card.parse("JD"), True), Draw(0, "stock")):
            state = state.apply(action)
        # legal_actions lists one meld a step; apply takes the four at once
        assert LayMelds(0, melds[:1]) in state.legal_actions(), bonuses
        after = state.apply(LayMelds(0, melds))
        rnd = after.round
        assert rnd is not None and rnd.hands[0] == parse_cards(["AC", "AC"])
        assert not rnd.opened[0] and rnd.turn_state.laid_value == 47
        together = Discard(0, Card.parse("AC"), True, Card.parse("AC"))
        assert (together in after.legal_actions()) == bool(bonuses)


def test_a_meld_that_leaves_the_swapped_wild_no_place_is_refused() -> None:
    """O-7 (``swap_must_reuse``), L-40: seat 0 opens, takes the wild AC from seat 1's set
    9S 9H AC with 9D 9C, and must lay it on the table this turn. Every meld on the table is
    then a full set (L-12), so laying 2S 2H 2D 2C (which 2S 2H AC could have used) leaves AC
    and JD, a dead end: refused at the step; 2S 2H AC is legal."""
    state = dealt("levant", {"swap_must_reuse": True},
                  ["KS KH KD KC QS QH QD QC 2S 2H 2D 2C 9D 9C 5S",
                   "9S 9H AC TS TH TD TC 3D 4C 6S 8H 8D JS 4H"], "7C", "3C JD")
    for action in (Discard(0, Card.parse("5S"), True), Draw(1, "stock"),
                   LayMelds(1, (parse_cards("9S 9H AC".split()),
                                parse_cards("TS TH TD TC".split()))),
                   Discard(1, Card.parse("3C"), True), Draw(0, "stock"),
                   LayMelds(0, (parse_cards("KS KH KD KC".split()),
                                parse_cards("QS QH QD QC".split())))):
        state = state.apply(action)
    swaps = [a for a in state.legal_actions() if isinstance(a, SwapWild)]
    assert swaps == [SwapWild(0, parse_cards(["9D", "9C"]), 0)], swaps
    state = state.apply(swaps[0])
    rnd = state.round
    assert rnd is not None and rnd.turn_state.reuse_owed == 1
    assert sorted(rnd.hands[0]) == sorted(parse_cards("2S 2H 2D 2C JD AC".split()))
    four = LayMelds(0, (parse_cards("2S 2H 2D 2C".split()),))
    assert four not in state.legal_actions()
    with pytest.raises(TurnCannotFinish) as refused:
        state.apply(four)
    assert "(O-7)" in str(refused.value), str(refused.value)
    assert LayMelds(0, (parse_cards("2S 2H AC".split()),)) in state.legal_actions()
