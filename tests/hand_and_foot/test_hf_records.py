"""Hand-made Hand and Foot records with hand-computed answers (RULES.md HF-1…HF-13, every
option), replayed through the record envelope (``handgame.core.record.replay``)."""

from __future__ import annotations

from typing import Any

import pytest
from hf_helpers import (
    add,
    answer,
    ask,
    deal,
    discard,
    draw,
    meld,
    record,
    rnd,
    run,
    take,
)

from handgame.core.record import replay

# ----------------------------------------------------------------------------- going out
# dealer 3, so seat 0 plays first (HF-2). Seat 0 opens with a clean book of kings, queens and
# fours (70 + 30 + 15 = 115 >= 50, HF-8), empties its hand and picks up its foot (HF-9), makes
# its queens a dirty book with 2C (HF-5); seat 2 empties its hand and picks up its foot; seat 0
# asks, is told yes, and goes out by melding nines and discarding TS (HF-10).
GO_HANDS = [
    "KS KH KD KC KS KH KD QS QH QD 4D",
    "5C 6D 7C 8S 9C TC JC QD KC AC AD",
    "8S 8H 8D 8C 7S 7H 7D 6S 6H 6D 5S",
    "4S 4H 5H 5D 9H TS JH QH KS AS 2D",
]
GO_FEET = [
    "QC QS QH 2C JS JH JD 9S 9H 9D 6C",
    "3H AS AS 5S 5S 6S 6S 7S 7S 8S 8S",
    "AH AH AD AD KH KH TH TH TD TD 9C",
    "4C 4C 5C 5C 6C 6C 7C 7C 8C 8C 9C",
]
GO_STOCK = "4S 4H JC JD 5H 5D QC QD 9C TS"
GO_ACTIONS = [
    draw(0),
    meld(0, "KS KH KD KC KS KH KD", "QS QH QD", "4D 4S 4H"),
    add(0, "QC QS QH 2C", 1),
    meld(0, "JS JH JD"),
    discard(0, "6C"),
    draw(1),
    discard(1, "JC"),
    draw(2),
    meld(2, "8S 8H 8D 8C", "7S 7H 7D", "6S 6H 6D", "5S 5H 5D"),
    discard(2, "9C"),
    draw(3),
    discard(3, "QC"),
    draw(0),
    ask(0),
    answer(2, True),
    meld(0, "9S 9H 9D 9C"),
    discard(0, "TS"),
]


def going_out(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The going-out record (one round)."""
    the_deal = deal(GO_HANDS, GO_FEET, discard="TC", stock=GO_STOCK)
    return record([rnd(3, the_deal, list(GO_ACTIONS))], options)


def test_going_out_scores_hf11() -> None:
    """HF-9, HF-10, HF-11: team 0's melds 320 (K 70, Q 80, 4s 15, J 30, 8s 40, 7s 15, 6s 15,
    5s 15, 9s 40) + 500 clean + 300 dirty + 100 out − seat 2's hand 140 = 1080; team 1 − seat
    1's 125 − seat 3's 120 − 100 for the red three in seat 1's untouched foot = −345."""
    got = run(going_out({"rounds": 1}))
    assert got["error"] is None
    assert got["rounds"] == [
        {
            "dealer": 3,
            "result": "out",
            "went_out": 0,
            "scores": [1080, -345],
            "books": [{"clean": 1, "dirty": 1}, {"clean": 0, "dirty": 0}],
            "red_threes": [0, 0],
        }
    ]
    assert got["team_totals"] == [1080, -345]
    assert got["totals"] == [1080, -345, 1080, -345]
    assert got["finished"] is True and got["winner"] == 0


def test_untouched_foot_counts() -> None:
    """Option ``untouched_foot=counts`` (HF-11): team 1 also loses its untouched feet's values,
    seat 1's 90 and seat 3's 70: −345 − 160 = −505."""
    got = run(going_out({"untouched_foot": "counts"}))
    assert got["error"] is None
    assert got["rounds"][0]["scores"] == [1080, -505]
    assert got["finished"] is False and got["winner"] is None


def test_partner_says_no() -> None:
    """HF-10 (``ask_partner=binding``): after a no, going out is refused this turn."""
    rec = going_out()
    actions = rec["rounds"][0]["actions"]
    actions[14] = answer(2, False)
    got = run(rec)
    assert got["error"]["round"] == 0 and got["error"]["action"] in (15, 16)
    assert "HF-10" in got["error"]["message"]


def test_ask_partner_off() -> None:
    """Option ``ask_partner=off``: there is no asking (HF-10); going out needs no answer."""
    rec = going_out({"ask_partner": "off"})
    got = run(rec)
    assert got["error"] == {"round": 0, "action": 13, "message": got["error"]["message"]}
    assert "HF-10" in got["error"]["message"]
    actions = rec["rounds"][0]["actions"]
    del actions[13:15]
    got = run(rec)
    assert got["error"] is None and got["rounds"][0]["went_out"] == 0


def test_answer_by_the_wrong_seat() -> None:
    """HF-10: the partner answers, nobody else; the asker waits."""
    rec = going_out()
    rec["rounds"][0]["actions"][14] = answer(1, True)
    got = run(rec)
    assert got["error"]["action"] == 14 and "HF-10" in got["error"]["message"]
    rec["rounds"][0]["actions"][14] = meld(0, "9S 9H 9D 9C")
    got = run(rec)
    assert got["error"]["action"] == 14 and "HF-10" in got["error"]["message"]


def test_cannot_go_out_before_partner_picks_up_foot() -> None:
    """HF-10: on its first turn seat 0 has both books but seat 2 still holds its hand: seat 0
    may not lay its last cards (it must keep one to discard, HF-9)."""
    rec = going_out()
    actions = rec["rounds"][0]["actions"]
    actions[3] = meld(0, "JS JH JD", "9S 9H 9D")
    got = run(rec)
    assert got["error"]["action"] == 3
    assert "HF-9" in got["error"]["message"] and "HF-10" in got["error"]["message"]


# ---------------------------------------------------------------------------- the stock
# four players, decks=2 (108 cards: 44 hands, 44 feet, 1 discard, 19 stock). Dealer 0: seat 1
# plays first. Red threes dealt (3H to seat 1, 3D to seat 2) are laid and replaced by 4S and
# 4H (HF-3). Eight turns each draw two and discard the first drawn; the ninth draw finds one
# card: the round ends (HF-13). The two other red threes are the last filler cards: seat 3's
# foot.
STOCK_HANDS = [
    "KS KH KD KC QS QH QD QC JS JH JD",
    "3H 9S 9H 9D 9C 8S 8H 8D 8C TS TH",
    "3D KS KH KD KC QS QH QD QC JS JH",
    "5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D",
]
PAIRS = [("4D", "TD"), ("4C", "TC"), ("4S", "9S"), ("4H", "9H")] * 2
PAIRS[6:] = [("AS", "2S"), ("AH", "2H")]


def stock_round(hands: list[str], stock: str, options: dict[str, Any]) -> dict[str, Any]:
    """Eight turns of draw and discard from seat 1, then seat 1's draw."""
    actions: list[dict[str, Any]] = []
    for t, (first, _) in enumerate(PAIRS):
        seat = (1 + t) % 4
        actions += [draw(seat), discard(seat, first)]
    actions.append(draw(1))
    the_deal = deal(hands, None, discard="JC", stock=stock, decks=2)
    return record([rnd(0, the_deal, actions)], {"decks": 2, **options})


def test_stock_ends_round_hf13() -> None:
    """HF-13 and HF-11 with no melds: hands 140 (seat 0), 125, 125, 85; red threes +100 for
    each team; seat 3's foot holds two red threes, −200. Team 0: −140 − 125 + 100 = −165;
    team 1: −125 − 85 + 100 − 200 = −310. Option rounds=1 ends the match (HF-12)."""
    stock = "4S 4H " + " ".join(f"{a} {b}" for a, b in PAIRS) + " AD"
    got = run(stock_round(STOCK_HANDS, stock, {"rounds": 1}))
    assert got["error"] is None
    assert got["rounds"] == [
        {
            "dealer": 0,
            "result": "stock",
            "went_out": None,
            "scores": [-165, -310],
            "books": [{"clean": 0, "dirty": 0}, {"clean": 0, "dirty": 0}],
            "red_threes": [1, 1],
        }
    ]
    assert got["finished"] is True and got["winner"] == 0


def test_red_three_replacement_ends_round() -> None:
    """HF-3, HF-13: the last draw brings 3H and AD; the 3H is laid and cannot be replaced.
    Seat 2 was dealt 7C, no red three. Hands: 140, 145, 125, 85. Team 0: −265; team 1:
    −145 − 85 + 200 (two red threes of seat 1) − 200 (3D 3D in seat 3's foot) = −230."""
    hands = list(STOCK_HANDS)
    hands[2] = "7C KS KH KD KC QS QH QD QC JS JH"
    stock = "4S " + " ".join(f"{a} {b}" for a, b in PAIRS) + " 3H AD"
    got = run(stock_round(hands, stock, {}))
    assert got["error"] is None
    assert got["rounds"][0]["scores"] == [-265, -230]
    assert got["rounds"][0]["red_threes"] == [0, 2]
    assert got["finished"] is False


def test_action_after_the_stock_ended_the_round() -> None:
    """HF-13: nothing follows the draw that ended the round."""
    stock = "4S 4H " + " ".join(f"{a} {b}" for a, b in PAIRS) + " AD"
    rec = stock_round(STOCK_HANDS, stock, {})
    rec["rounds"][0]["actions"].append(discard(1, "AD"))
    got = run(rec)
    assert got["error"]["action"] == 17 and "HF-13" in got["error"]["message"]
    assert len(got["rounds"]) == 1


# ------------------------------------------------------------------------- taking the pile
# dealer 3; seat 0 discards AD on its first turn; seats 1, 2 discard AS and AH; seat 3
# discards KD. Seat 0 takes the pile with KS KH (30) and the four cards below the top go to
# its hand: AH AS AD 5C (HF-6). They do not count for the opening (HF-8).
PILE_HANDS = [
    "KS KH AD 9S 9H 6D 7D 8D JC JD QC",
    "AS 5D 6C 7S 8H 9D TS JH QS KC 4D",
    "AH 5S 6S 7H 8C 9C TH JS QH KC 4S",
    "KD 5H 6H 7C 8S TC TD JH QD AC 4D",
]
PILE_STOCK = "4S 4H TS TH TD TC JS JH"


def pile_record(hand0: str, lay: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Three discards onto the pile, seat 3's KD on top, then seat 0 takes it and lays ``lay``
    and discards 4H."""
    hands = list(PILE_HANDS)
    hands[0] = hand0
    actions = [
        draw(0),
        discard(0, "AD"),
        draw(1),
        discard(1, "AS"),
        draw(2),
        discard(2, "AH"),
        draw(3),
        discard(3, "KD"),
        take(0, "KS KH"),
        meld(0, lay),
        discard(0, "4H"),
    ]
    the_deal = deal(hands, None, discard="5C", stock=PILE_STOCK)
    return record([rnd(3, the_deal, actions)], options)


def test_pile_cards_do_not_open() -> None:
    """HF-6, HF-8: KD KS KH (30) and AD AS AH, all three from the pile (0): the hand cannot
    lay the 20 missing (no other set, no wild card): refused at the take already, where no
    legal end of the turn remains (RECORD.md allows the step or the turn's discard)."""
    got = run(pile_record("KS KH AD 9S 9H 6D 7D 8D JC JD QC", "AD AS AH"))
    assert got["error"]["round"] == 0 and got["error"]["action"] in (8, 9, 10)
    assert "HF-8" in got["error"]["message"]


def test_own_card_with_pile_cards_opens() -> None:
    """HF-8: the player's own AC counts (20): 30 + 20 = 50."""
    got = run(pile_record("KS KH AD 9S 9H AC 7D 8D JC JD QC", "AC AS AH"))
    assert got["error"] is None


def test_identical_copy_counts_as_own() -> None:
    """HF-8 (engine choice): holding its own AS and the pile's AS, the player lays one AS as
    its own: AS (20) + 30 = 50."""
    got = run(pile_record("KS KH AD 9S 9H AS 7D 8D JC JD QC", "AS AS AH"))
    assert got["error"] is None


def test_lower_minimum_option() -> None:
    """Option ``minimums``: with [30] the take's KD KS KH alone opens (HF-8)."""
    rec = pile_record("KS KH AD 9S 9H 6D 7D 8D JC JD QC", "AD AS AH", {"minimums": [30]})
    assert run(rec)["error"] is None


def test_take_needs_two_naturals() -> None:
    """HF-6: the top card goes down with two natural cards of its rank from hand."""
    rec = pile_record("KS KH AD 9S 9H AC 7D 8D JC JD QC", "AC AS AH")
    rec["rounds"][0]["actions"][8] = take(0, "KS 9S")
    got = run(rec)
    assert got["error"]["action"] == 8 and "HF-6" in got["error"]["message"]


@pytest.mark.parametrize(
    ("top", "rule"),
    [("3C", "HF-3"), ("2D", "HF-3"), ("X", "HF-3")],
)
def test_blocked_pile(top: str, rule: str) -> None:
    """HF-3: a black three or a wild card on top cannot be taken."""
    rec = pile_record("KS KH AD 9S 9H AC 7D 8D JC JD QC", "AC AS AH")
    hands = rec["rounds"][0]["deal"]["hands"]
    hands[3][0] = top
    rec["rounds"][0]["deal"]["stock"].remove(top)
    rec["rounds"][0]["deal"]["stock"].append("KD")
    rec["rounds"][0]["actions"][7] = discard(3, top)
    got = run(rec)
    assert got["error"]["action"] == 8 and rule in got["error"]["message"]


def test_replay_is_the_envelope() -> None:
    """The envelope dispatches by preset: the same answer as the game's own replay."""
    from handgame.core.registry import find_game

    rec = going_out()
    assert replay(rec) == find_game("hf").replay(rec)


@pytest.mark.parametrize(
    ("index", "changed", "rule"),
    [
        (2, add(0, "QC QS QH 2C", 0), "HF-5"),  # meld 0 is the clean book of kings
        (3, meld(0, "JS JH 9S"), "HF-4"),  # two ranks
        (3, meld(0, "JS 2C QS"), "HF-4"),  # 2C is not in hand any more (added to meld 1)
        (2, meld(0, "QC QS 2C"), "HF-4"),  # a second unfinished meld of queens
        (5, add(1, "KC", 0), "HF-6"),  # seat 1 has not drawn
        (6, add(1, "KC", 0), "HF-4"),  # meld 0 is team 0's
        (6, discard(1, "KS"), "HF-6"),  # not in hand
        (9, discard(2, "AS"), "HF-6"),  # the foot is seat 2's hand now: no AS in it
        (16, discard(0, "9C"), "HF-6"),
    ],
)
def test_going_out_record_broken(index: int, changed: dict[str, Any], rule: str) -> None:
    """One action of the going-out record changed: refused at that action, citing ``rule``."""
    rec = going_out()
    rec["rounds"][0]["actions"][index] = changed
    got = run(rec)
    assert got["error"]["round"] == 0 and got["error"]["action"] == index, got["error"]
    assert rule in got["error"]["message"]
    assert got["rounds"] == []


def test_three_and_six_players_records() -> None:
    """HF-1 with options players=3 (each alone) and players=6 (teams i and i+3): the answers
    have one team total per team and one total per seat."""
    three = ["KS KH KD QS QH QD 2C X 9S 3C 5D", "KC KC JS JH JD 7S 7H 2S 8S 8H 4D",
             "AS AH AD 6S 6H 6D 5S 5H TD TC 9D"]  # fmt: skip
    rec = record(
        [rnd(2, deal(three, None, "4C", "TH 9H 5C 6H", decks=4), [draw(0), ask(0)])],
        {"players": 3},
        players=3,
    )
    got = run(rec)
    assert got["error"]["action"] == 1 and "HF-10" in got["error"]["message"]
    assert got["team_totals"] == [0, 0, 0] and got["totals"] == [0, 0, 0]
    six = [*GO_HANDS, "5S 5H 5D 5C 9S 9H 9D 9C TS TH TD", "JS JH JD JC QS QH QD QC AS AH AD"]
    rec = record(
        [rnd(5, deal(six, None, "TC", "4S 4H", decks=7), [draw(0), ask(0), answer(3, False)])],
        {"players": 6},
        players=6,
    )
    got = run(rec)
    assert got["error"] is None and got["team_totals"] == [0, 0, 0]
    assert len(got["totals"]) == 6
