"""The odds of laying a hand down after the next draw (issue 34, ``planner:odds=1``): which hands
can be laid down (HF-9, HF-10), the chance over the two cards drawn (HF-6), the discard that
keeps the best chance, and the pile taken when it lets the hand be laid down."""

from __future__ import annotations

import dataclasses
import random

from test_hf_planner import _going_out_state, cards

from handgame.core.cards import Card
from handgame.games.hand_and_foot.actions import Discard, Draw, Take
from handgame.games.hand_and_foot.bots.endgame import DrawOdds, can_lay_down
from handgame.games.hand_and_foot.bots.planner import PlannerBot, Settings
from handgame.games.hand_and_foot.view import MeldView


def test_which_hands_can_be_laid_down() -> None:
    """HF-4: a lone natural of a rank the team has no meld of cannot be laid; one such card may
    be the last discard (HF-10), two may not. HF-10: with the team's books asked, the plan must
    also give a clean book and a dirty book."""
    kings = {13: (0, 5, 0)}
    assert can_lay_down(cards("KS 7H 7D 2C 9C"), kings, None)  # K on the meld, 7 7 2, 9C out
    assert not can_lay_down(cards("KS 7H 5D 9C"), kings, None)  # 5 and 9 both alone
    assert not can_lay_down(cards("7H 3S 9C"), kings, None)  # a black three and a lone 9
    # books: the team has a clean book; the kings made a dirty book by a wild card
    assert can_lay_down(cards("KS 2C 9C"), kings, (1, 0))
    assert not can_lay_down(cards("KS KH 9C"), kings, (1, 0))  # a clean book only: no dirty one
    assert can_lay_down(cards("KS KH 9C"), kings, (0, 1))  # seven kings: clean, with a dirty one


def test_the_chance_counts_the_two_card_draws() -> None:
    """HF-6: two cards from the unseen ones, without replacement, each pair equally likely; a
    red three drawn is replaced (HF-3), so it is left out."""
    unseen = cards("7C 2C 9S 3H")
    odds = DrawOdds(unseen, {}, (1, 1))
    assert abs(odds.chance(cards("7H 7D")) - 1.0) < 1e-9  # every pair of 7C 2C 9S goes out
    # 7 7 5: only 7C 2C lays it down (7 7 7 2, the 5 discarded): one pair of three
    assert abs(odds.chance(cards("7H 7D 5C")) - 1 / 3) < 1e-9
    assert odds.chance(cards("5C 4C")) == 0.0  # two lone cards, no pair drawn for either


def test_the_discard_keeps_the_best_chance() -> None:
    """The preferred discard (first in the order) is passed over when it breaks the pair the
    next draw needs; equal chances keep the order."""
    odds = DrawOdds(cards("7C 2C 9S"), {}, (1, 1))
    hand = cards("7H 7D 5C 9C")
    card, chance = odds.best_discard(hand, cards("7H 5C 9C 7D"))
    assert card == Card.parse("5C") and abs(chance - 1 / 3) < 1e-9
    assert odds.chance(cards("7D 5C 9C")) == 0.0  # the 7H thrown: nothing goes out


def _late_view(hand: str, pile: str, legal: tuple[object, ...]) -> object:
    """Seat 0 of the going-out fixture with its foot up, ``hand``, ``pile`` on top of the
    discard pile, a team meld of five kings and ``legal`` actions."""
    view = _going_out_state().view(0)
    five = MeldView(90, 0, "K", tuple(cards("KS KH KD KC KS")), "meld")
    return dataclasses.replace(
        view, hand=tuple(cards(hand)), melds=(*view.melds, five),
        discard_pile=(*view.discard_pile, *cards(pile)), legal_actions=legal,
        feet_picked=(True, True, True, True), pile_blocked=False,
    )


def test_the_planner_takes_the_pile_that_lays_the_hand_down() -> None:
    """HF-6: when taking the pile (its top card melded with a pair from hand, the six below it
    into hand) leaves a hand that can be laid down, ``odds=1`` takes it even with a small hand
    and a big pile, where the plain planner draws to go out soon."""
    take = Take(0, tuple(cards("9H 9D")))
    legal = (Draw(0), take)
    # the six below the top: K K Q Q Q 5; the top 9S melds with 9H 9D
    view = _late_view("9H 9D 5C", "4S 4H KS KD QS QH QD 5H 9S", legal)
    assert PlannerBot(1).choose(view) == take
    assert PlannerBot(1, Settings(odds=False)).choose(view) == Draw(0)


def test_the_planner_discards_by_the_odds_late_in_the_round() -> None:
    """With its foot up, ``odds=1`` keeps the pair the next draw can make a meld of (a nine or a
    wild card lays the hand down, HF-4) and throws a lone card; the plain order (``odds=0``,
    greedy's: the rank with the fewest copies unseen first) breaks the pair."""
    hand = "TS AD 9D 9H"
    legal = tuple(Discard(0, c) for c in cards(hand))
    view = _late_view(hand, "", legal)
    odds = PlannerBot(1).choose(view)
    plain = PlannerBot(1, Settings(odds=False)).choose(view)
    assert isinstance(odds, Discard) and odds.card.rank != 9
    assert isinstance(plain, Discard) and plain.card.rank == 9


def test_two_draws_ahead_keeps_the_pairs_the_draws_complete() -> None:
    """``look=2``: when no discard gives a chance after one draw (HF-6: two cards), the discard
    that keeps the pairs two draws can make melds of (HF-4: three naturals) is chosen over the
    preferred one, here the only four unseen cards drawn over the two turns (one card discarded
    between them, HF-10)."""
    odds = DrawOdds(cards("7C 7S 9S 9D"), {}, (1, 1))
    hand = cards("7H 9H 5C 4C 6C")
    order = cards("7H 9H 5C 4C 6C")
    card, chance = odds.best_discard(hand, order)
    assert chance == 0.0  # one draw lays down no hand of four
    rng = random.Random(1)
    card, chance = odds.best_discard2(hand, order, rng)
    assert card == Card.parse("5C") and chance == 1.0
    assert odds.chance2(cards("9H 5C 4C 6C"), rng) == 0.0  # the 7H thrown: 7 7 stays a pair
