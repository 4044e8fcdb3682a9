"""The words of a bad deal's refusal (issue 20: survivors of ``deal.py`` in
``scripts/mutate.py``; docs/notes/mutation.md).

A record's deal is checked before a card is played (RECORD.md): a deal that is not the deck, or
not dealt as the rules say, is refused with a sentence naming what is wrong and the rule.
"""

from __future__ import annotations

from typing import Any

import pytest

from handgame.core.cards import Card
from handgame.core.errors import DealError
from handgame.games.hand.deal import Deal, check_deal, shuffle_deal
from handgame.games.hand.rules import make_ruleset


def refusal(deal: Deal, preset: str, players: int = 2) -> str:
    """The words of the refusal of ``deal`` under ``preset`` (dealer seat 0)."""
    with pytest.raises(DealError) as caught:
        check_deal(deal, make_ruleset(preset), players, 0)
    return str(caught.value)


def moved(deal: Deal, seat: int, to: int) -> Deal:
    """The deal with the last card of ``seat``'s hand moved to seat ``to``."""
    hands = [list(h) for h in deal.hands]
    hands[to].append(hands[seat].pop())
    return Deal(tuple(tuple(h) for h in hands), deal.stock, deal.indicator, deal.discard)


def test_a_hand_of_the_wrong_size_names_the_rule_of_its_deal() -> None:
    """Gulf deals 13 cards and an upcard (G-3); levant 14, and 15 to the first player (L-51)."""
    gulf = shuffle_deal(make_ruleset("gulf"), 2, 0, 1)
    assert refusal(moved(gulf, 1, 0), "gulf") == (
        "seat 0 was dealt 14 cards, the rules deal 13 (G-3)")
    levant = shuffle_deal(make_ruleset("levant"), 2, 0, 1)
    assert refusal(moved(levant, 1, 0), "levant") == (
        "seat 0 was dealt 15 cards, the rules deal 14 (L-51)")


def test_a_deal_that_is_not_the_deck_lists_every_card_too_many_and_missing() -> None:
    """The top two stock cards (8H, 6H with this seed) replaced by AS and KD: each extra and
    each missing card is named with its count, in card order, space separated."""
    deal = shuffle_deal(make_ruleset("levant"), 2, 0, 1)
    assert [str(c) for c in deal.stock[:2]] == ["8H", "6H"]
    stock = (Card.parse("AS"), Card.parse("KD"), *deal.stock[2:])
    new = Deal(deal.hands, stock, deal.indicator, deal.discard)
    assert refusal(new, "levant") == (
        "the deal is not exactly the 106-card deck (too many: AS×1 KD×1; missing: 6H×1 8H×1)")


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ({"hands": ["AS"], "stock": []},
         "deal.hands must be a list of card lists, one per seat"),
        ({"hands": [["AS"], "KS"], "stock": []},
         "deal.hands must be a list of card lists, one per seat"),
        ({"hands": "AS KS", "stock": []},
         "deal.hands must be a list of card lists, one per seat"),
        ({"hands": [["AS"]], "stock": "KS"}, "deal.stock must be a list of cards, top first"),
        ([], "deal must be an object with hands, stock and indicator"),
    ],
)
def test_a_malformed_deal_object_is_refused_in_words(obj: Any, words: str) -> None:
    """Every hand must itself be a list of cards: one string among the hands is refused."""
    with pytest.raises(DealError) as caught:
        Deal.from_json(obj)
    assert str(caught.value) == words


def test_a_joker_turned_as_the_indicator_goes_into_the_middle_of_the_stock() -> None:
    """L-20: with seed 103 (levant, 2 players, dealer 0) the top stock card after the deal is a
    joker; it goes back into the middle of the stock and the next card, JH, is the indicator.
    The 76-card stock holds that joker at index 37 (38 of 77 before the indicator was taken)."""
    rules = make_ruleset("levant")
    deal = shuffle_deal(rules, 2, 0, 103)
    check_deal(deal, rules, 2, 0)
    assert str(deal.indicator) == "JH"
    assert len(deal.stock) == 76
    assert [i for i, c in enumerate(deal.stock) if str(c) == "X"] == [37]


def test_a_gulf_deal_without_its_upcard_is_refused_for_it() -> None:
    """G-3: a gulf deal turns an upcard; a deal that puts it back on the stock instead is
    refused for the missing upcard, not for anything else."""
    deal = shuffle_deal(make_ruleset("gulf"), 2, 0, 1)
    assert deal.discard is not None
    new = Deal(deal.hands, (deal.discard, *deal.stock), deal.indicator, None)
    assert refusal(new, "gulf") == "this ruleset turns an upcard: deal.discard is missing (G-3)"
