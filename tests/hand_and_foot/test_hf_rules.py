"""Illegal actions are refused with the HF rule ids as data (``IllegalAction.rules``), and the
engine's automatic steps (red threes, feet, dealing) follow HF-1…HF-13, through the Python API."""

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
    play,
    record,
    rnd,
    run,
    start,
    take,
)

from handgame.core.cards import Card
from handgame.core.errors import IllegalAction, OptionError
from handgame.games.hand_and_foot.actions import parse_action
from handgame.games.hand_and_foot.rules import value
from handgame.games.hand_and_foot.state import Game

# dealer 3: seat 0 plays first
BASE = [
    "KS KH KD QS QH QD 2C X 9S 3C 5D",
    "KC KC JS JH JD 7S 7H 2S 8S 8H 4D",
    "AS AH AD 6S 6H 6D 5S 5H TD TC 9D",
    "4S 4H 7D 7C 8D 8C JC QC 9C TS 6C",
]
BASE_STOCK = "TH 9H 5C 6H AC 7S JD TD KH KS AH AS"


def base(options: dict[str, Any] | None = None) -> Any:
    """The base deal, seat 0 to draw."""
    return start(BASE, None, "4C", BASE_STOCK, options)


def refused(state: Any, action: dict[str, Any], rule: str) -> IllegalAction:
    """Apply ``action`` expecting a refusal citing ``rule`` (in ``rules`` and the message)."""
    with pytest.raises(IllegalAction) as info:
        state.apply(parse_action(action))
    assert rule in info.value.rules, (info.value.rules, str(info.value))
    assert rule in str(info.value)
    assert action not in [a.to_json() for a in state.legal_actions()]
    return info.value


def test_turn_order_and_draw_first_hf6() -> None:
    """HF-6: the turn begins with a draw or a take; one draw a turn; seats in turn."""
    s = base()
    refused(s, meld(0, "KS KH KD"), "HF-6")
    refused(s, discard(0, "5D"), "HF-6")
    refused(s, draw(1), "HF-6")
    s = play(s, draw(0))
    assert len(s.round.hands[0]) == 13 and s.round.stock[:2] == tuple(
        Card.parse(c) for c in "5C 6H".split()
    )
    refused(s, draw(0), "HF-6")
    refused(s, take(0, "KS KH"), "HF-6")
    refused(s, discard(0, "AS"), "HF-6")


def test_meld_shapes_hf4_hf5() -> None:
    """HF-3, HF-4, HF-5: three to seven cards of one rank, naturals never outnumbered, no 3s."""
    s = play(base(), draw(0))
    refused(s, meld(0, "KS KH"), "HF-4")
    refused(s, meld(0, "KS KH QS"), "HF-4")
    refused(s, meld(0, "KS 2C X"), "HF-4")
    refused(s, meld(0, "9S 9H 3C"), "HF-3")
    refused(s, meld(0, "KS KH KD KS"), "HF-4")  # one KS only
    refused(s, meld(0, "KS KH KD QS QH QD 2C X"), "HF-5")


def test_opening_minimum_hf8() -> None:
    """HF-8: KS KH KD is 30 < 50; with the queens 60 the discard is accepted."""
    s = play(base(), draw(0), meld(0, "KS KH KD"))
    refused(s, discard(0, "5D"), "HF-8")
    s = play(s, meld(0, "QS QH QD"), discard(0, "5D"))
    assert s.round.turn == 1 and len(s.round.melds) == 2


def test_dead_end_opening_is_refused_at_the_step() -> None:
    """HF-8: with minimums=[200] no lay can reach it: the first meld is refused at once."""
    s = play(base({"minimums": [200]}), draw(0))
    e = refused(s, meld(0, "KS KH KD"), "HF-8")
    assert e.code == "illegal"
    assert all(a.verb in ("discard", "ask") for a in s.legal_actions())


def test_team_melds_hf4() -> None:
    """HF-4: cards go only to the team's melds; one unfinished meld of a rank per team; the
    partner adds to the team's meld."""
    s = play(base(), draw(0), meld(0, "KS KH KD", "QS QH QD"), discard(0, "5D"))
    s = play(s, draw(1))
    refused(s, add(1, "KC", 0), "HF-4")
    s = play(s, meld(1, "JS JH JD", "KC KC 2S"))
    s = play(s, discard(1, "4D"), draw(2))
    refused(s, add(2, "AS", 0), "HF-4")  # not a king
    refused(s, add(2, "9D", 2), "HF-4")  # the other team's meld
    refused(s, add(2, "AS", 9), "HF-4")  # no such meld
    s = play(s, meld(2, "AS AH AD"), discard(2, "9D"))
    assert [m.team for m in s.round.melds] == [0, 0, 1, 1, 0]


def test_second_unfinished_meld_of_a_rank_hf4() -> None:
    """HF-4: a team never has two unfinished melds of one rank."""
    s = play(base(), draw(0), meld(0, "KS KH KD", "QS QH QD"), discard(0, "5D"))
    s = play(s, draw(1), discard(1, "4D"), draw(2), discard(2, "9D"), draw(3), discard(3, "6C"))
    s = play(s, draw(0))  # seat 0 draws KH KS
    refused(s, meld(0, "KH KS 2C"), "HF-4")
    s = play(s, add(0, "KH KS 2C X", 0))
    assert s.round.melds[0].is_book and s.round.melds[0].kind == "dirty"
    refused(s, add(0, "9S", 0), "HF-5")  # a book takes no more cards


def test_wild_limit_in_adds_hf4() -> None:
    """HF-4: adding wild cards may never leave more wilds than naturals (equal is allowed)."""
    hands = ["KS KH KD 2C 2D X QS QH QD 9S 5D", *BASE[1:]]
    s = play(start(hands, None, "4C", BASE_STOCK), draw(0), meld(0, "KS KH 2C", "QS QH QD"))
    s = play(s, add(0, "X", 0))
    refused(s, add(0, "2D", 0), "HF-4")
    s = play(s, add(0, "2D KD", 0))
    assert (s.round.melds[0].naturals, s.round.melds[0].wilds) == (3, 3)


def test_take_rules_hf6() -> None:
    """HF-6: the pile is taken with two naturals of its top card's rank; `to` needs
    pile_pickup=pair-or-add; an unfinished meld of that rank forbids a new one (HF-4)."""
    s = play(base(), draw(0), meld(0, "KS KH KD", "QS QH QD"), discard(0, "9S"))
    refused(s, take(1, "JS JH"), "HF-6")
    s = play(s, draw(1), discard(1, "KC"))
    s = play(s, draw(2), discard(2, "5S"), draw(3), discard(3, "8D"))
    # seat 0 faces 8D; it holds no eights
    refused(s, take(0, ""), "HF-6")
    refused(s, take(0, "", 0), "HF-6")


def test_pair_or_add_hf6() -> None:
    """Option pile_pickup=pair-or-add: the top king goes onto the team's unfinished kings."""
    s = play(base({"pile_pickup": "pair-or-add"}), draw(0), meld(0, "KS KH KD", "QS QH QD"))
    s = play(s, discard(0, "5D"), draw(1), discard(1, "KC"), draw(2))
    s = play(s, discard(2, "9D"), draw(3), discard(3, "4S"))
    refused(s, take(0, "", 0), "HF-6")  # 4S is no king
    s2 = play(base({"pile_pickup": "pair-or-add"}), draw(0), meld(0, "KS KH KD", "QS QH QD"))
    s2 = play(s2, discard(0, "5D"), draw(1), discard(1, "KC"))
    # seat 2 is team 0: the KC may go onto meld 0 ...
    assert parse_action(take(2, "", 0)) in s2.legal_actions()
    s2 = play(s2, take(2, "", 0))
    assert len(s2.round.melds[0].cards) == 4
    # ... but not under pair, where kings need a new meld and one exists already (HF-4)
    s3 = play(base(), draw(0), meld(0, "KS KH KD", "QS QH QD"), discard(0, "5D"))
    s3 = play(s3, draw(1), discard(1, "KC"))
    refused(s3, take(2, "", 0), "HF-6")


def test_red_threes_are_laid_and_replaced_hf3() -> None:
    """HF-3: dealt red threes seat by seat from the first player, drawn ones, and a foot's,
    each laid and replaced (a replacement red three too)."""
    hands = [
        "3H 3D KS KH KD KC QS QH QD JS JH",
        "3H AS AH 9S 9H 8S 8H 7S 7H 6S 6H",
    ]
    feet = ["3H 3D AS AH AD 6S 6H 6D 7S 7H 7D", "5S 5H 5D 5C 6C 6D 7C 7D 8C 8D 9C"]
    stock = "3H JD 9S 7C 3D 9H 9D 4S 4H 5C 5D"
    s = start(hands, feet, "TC", stock, {"players": 2, "decks": 4}, dealer=1)
    rnd_ = s.round
    assert [str(c) for c in rnd_.red_threes[0]] == ["3H", "3D", "3H"]
    assert [str(c) for c in rnd_.red_threes[1]] == ["3H"]
    assert Card.parse("7C") in rnd_.hands[1] and Card.parse("JD") in rnd_.hands[0]
    s = play(s, draw(0))  # 3D 9H: 3D laid, 9D replaces it
    assert len(s.round.red_threes[0]) == 4 and len(s.round.hands[0]) == 13
    s = play(s, meld(0, "KS KH KD KC", "QS QH QD", "JS JH JD", "9S 9H 9D"))
    # the hand emptied: the foot is picked up, its two red threes laid and replaced by 4S 4H
    assert s.round.picked[0] and len(s.round.red_threes[0]) == 6
    assert sorted(str(c) for c in s.round.hands[0]) == sorted(
        "AS AH AD 6S 6H 6D 7S 7H 7D 4S 4H".split()
    )
    view = s.view(1).to_json()
    assert view["feet_picked"] == [True, False] and view["hand_counts"] == [11, 11]
    assert view["red_threes"][0] == ["3H", "3D", "3H", "3D", "3H", "3D"]


def test_emptied_by_discard_picks_up_foot_and_ends_turn_hf9() -> None:
    """HF-9: a hand emptied by the discard: the foot is picked up and the turn ends."""
    hands = ["KS KH KD QS QH QD JS JH JD 9S 9H", *BASE[1:]]
    s = start(hands, None, "4C", "9D 5D")
    s = play(s, draw(0), meld(0, "KS KH KD", "QS QH QD", "JS JH JD", "9S 9H 9D"))
    assert not s.round.picked[0] and s.round.hands[0] == (Card.parse("5D"),)
    s = play(s, discard(0, "5D"))
    assert s.round.picked[0] and len(s.round.hands[0]) == 11 and s.round.turn == 1


def test_hand_not_emptied_before_the_minimum_hf8_hf9() -> None:
    """HF-8, HF-9 (engine choice): the foot is picked up only once the opening is reached."""
    hands = ["KS KH KD QS QH QD JS JH JD 9S 9H", *BASE[1:]]
    s = start(hands, None, "4C", "9D 5D", {"minimums": [200]})
    s = play(s, draw(0))
    refused(s, meld(0, "KS KH KD", "QS QH QD", "JS JH JD", "9S 9H 9D 5D"), "HF-4")
    e = refused(s, meld(0, "KS KH KD", "QS QH QD", "JS JH JD", "9S 9H 9D"), "HF-8")
    assert "HF-8" in e.rules


def test_ask_rules_hf10() -> None:
    """HF-10: once a turn, to the partner, who alone answers; none without a partner, none
    under ask_partner=off."""
    s = base()
    s = play(s, ask(0))
    assert s.to_act() == 2 and s.current_seat == 0 and s.out_of_turn() == (2,)
    assert s.to_act({2}) == 2  # the answer is not optional
    assert [a.to_json() for a in s.legal_actions()] == [answer(2, True), answer(2, False)]
    assert s.legal_actions(0) == []
    refused(s, draw(0), "HF-10")
    refused(s, answer(1, True), "HF-10")
    s = play(s, answer(2, False))
    assert s.round.turn_state.forbidden and s.to_act() == 0
    refused(s, ask(0), "HF-10")
    refused(s, answer(2, True), "HF-10")
    refused(base({"ask_partner": "off"}), ask(0), "HF-10")
    two = start(BASE[:2], None, "4C", BASE_STOCK, {"players": 2})
    refused(two, ask(0), "HF-10")


def test_six_players_teams_hf1() -> None:
    """HF-1: six players are three teams of two, seats i and i+3; 7 decks by default."""
    hands = [*BASE, "5S 5H 5D 5C 9S 9H 9D 9C TS TH TD", "JS JH JD JC QS QH QD QC AS AH AD"]
    s = start(hands, None, "4C", BASE_STOCK, {"players": 6})
    assert s.rules.decks == 7 and s.rules.teams == 3
    s = play(s, ask(0))
    assert s.to_act() == 3


def test_options_are_checked_hf1() -> None:
    """Unknown options and values out of range are refused, naming the valid ones."""
    with pytest.raises(OptionError, match="HF-1"):
        Game.create("hand-and-foot", None, 5)
    with pytest.raises(OptionError, match="decks"):
        Game.create("hand-and-foot", {"decks": 2}, 6)
    with pytest.raises(OptionError, match="pair, pair-or-add"):
        Game.create("hand-and-foot", {"pile_pickup": "any"}, 4)
    with pytest.raises(OptionError, match="unknown option"):
        Game.create("hand-and-foot", {"jokers": 2}, 4)
    with pytest.raises(OptionError, match="contradicts"):
        Game.create("hand-and-foot", {"players": 6}, 4)
    game = Game.create("hand-and-foot", {"players": 3}, 3)
    assert game.rules.decks == 4 and not game.partnership and game.rules.teams == 3
    assert Game.create("hand-and-foot", None, 4).rules.decks == 5


def test_values_hf7() -> None:
    """HF-7: joker 50, A and 2 20, K…8 10, 7…4 5, black three 5, red three 0."""
    got = {c: value(Card.parse(c)) for c in "X AS 2H KD TC 8S 7H 4D 3C 3S 3H 3D".split()}
    assert got == {
        "X": 50, "AS": 20, "2H": 20, "KD": 10, "TC": 10, "8S": 10,
        "7H": 5, "4D": 5, "3C": 5, "3S": 5, "3H": 0, "3D": 0,
    }  # fmt: skip


def test_deals_are_checked_hf1_hf2() -> None:
    """HF-1, HF-2: a deal must be the whole deck, 11 + 11 a seat, a plain first discard."""
    good = deal(BASE, None, "4C", BASE_STOCK)
    bad_size = {**good, "hands": [h[:10] for h in good["hands"]]}
    got = run(record([rnd(3, bad_size, [])]))
    assert got["error"]["action"] is None and "HF-2" in got["error"]["message"]
    red = deal(BASE, None, "3H", BASE_STOCK)
    assert "HF-2" in run(record([rnd(3, red, [])]))["error"]["message"]
    short = {**good, "stock": good["stock"][:-1]}
    assert "HF-1" in run(record([rnd(3, short, [])]))["error"]["message"]


def test_dealer_rotates_hf2() -> None:
    """HF-2: the deal passes to seat dealer+1 each round; seat dealer+1 plays first."""
    from test_hf_records import PAIRS, STOCK_HANDS, stock_round

    stock = "4S 4H " + " ".join(f"{a} {b}" for a, b in PAIRS) + " AD"
    rec = stock_round(STOCK_HANDS, stock, {})
    second = deal(STOCK_HANDS, None, "JC", stock, decks=2)
    rec["rounds"].append(rnd(2, second, []))
    got = run(rec)
    assert got["error"] == {"round": 1, "action": None, "message": got["error"]["message"]}
    assert "seat 1 deals" in got["error"]["message"] and "HF-2" in got["error"]["message"]
    rec["rounds"][1] = rnd(1, second, [draw(1)])
    got = run(rec)
    assert "seat 2's turn" in got["error"]["message"] and got["error"]["action"] == 0
    rec["rounds"][1] = rnd(1, second, [draw(2), discard(2, "4D")])
    got = run(rec)
    assert got["error"] is None and len(got["rounds"]) == 1


def test_match_over_hf12() -> None:
    """HF-12: nothing follows a finished match; the dealer of a later round is checked."""
    from test_hf_records import going_out

    rec = going_out({"rounds": 1})
    rec["rounds"].append(dict(rec["rounds"][0], dealer=0))
    got = run(rec)
    assert got["error"]["round"] == 1 and "HF-12" in got["error"]["message"]
    rec = going_out({"rounds": 2})
    rec["rounds"].append(dict(rec["rounds"][0]))
    got = run(rec)
    assert got["error"] == {"round": 1, "action": None, "message": got["error"]["message"]}
    assert "HF-2" in got["error"]["message"]
