"""The rules of a turn that the mutation run of 2026-12-04 showed untested (issue 20).

Going out in one turn without opening (L-64), the O-8 add that completes an opening under an
escalating minimum (O-4), the two-wilds bonus (O-11), the debts of swapped wild cards (O-7),
the taken wild card's restrictions (L-62, L-66), a reshuffle (O-9), and the turn search's order
(``finish``). Each test names the mutants of ``scripts/mutate.py`` it kills (``module:number``)
and asserts the rule through the public API, so it stays valid when the engine's insides move;
docs/notes/mutation.md ("Seventh session") lists them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hand_deals import cards, dealt, play_until
from handgame.core.cards import JOKER, Card
from handgame.core.errors import IllegalAction
from handgame.games.hand.actions import Discard, Draw, LayMelds, LayOff, SwapWild, parse_action
from handgame.games.hand.record import play_record
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import Game, State
from invariants import choose_action

CASES = Path(__file__).resolve().parent / "records" / "cases"


def test_a_swapped_wild_is_owed_after_a_lay_off_of_another_card() -> None:
    """O-7 (swap_must_reuse): after the swap of the case ``o7-swap-must-reuse-refused``
    (8D for the wild AC), adding the natural 9H to seat 0's hearts does not pay the debt: the
    discard is refused; adding the AC itself does (kills ``turn:138`` and ``turn:142``, which
    let any lay-off pay it)."""
    case = json.loads((CASES / "o7-swap-must-reuse-refused.json").read_text(encoding="utf-8"))
    record = case["record"]
    actions = record["rounds"][0]["actions"]
    assert actions[-2:] == [{"seat": 0, "swap": ["8D"], "at": 0}, {"seat": 0, "discard": "2D"}]
    swapped = actions[:-1]
    actions[:] = [*swapped, {"seat": 0, "add": "9H", "to": 2}, {"seat": 0, "discard": "2D"}]
    error = play_record(record)[1]
    assert error is not None and (error["round"], error["action"]) == (0, 10)
    assert "(O-7)" in error["message"]
    actions[:] = [*swapped, {"seat": 0, "add": "AC", "to": 2, "end": "high"},
                  {"seat": 0, "discard": "2D"}]
    assert play_record(record)[1] is None


def _second_turn(preset: str, options: dict[str, object], hands: list[str], indicator: str | None,
                 top: str, seat_1_melds: list[str]) -> State:
    """Seat 0's second turn, after its draw: it opened the round by discarding the last card
    written in its hand (L-60), seat 1 drew the first stock card, laid ``seat_1_melds`` and
    discarded the card it drew; seat 0 then drew the second stock card (``top``: both)."""
    state = dealt(preset, options, hands, indicator, top)
    drawn = Card.parse(top.split()[0])
    state = state.apply(Discard(0, Card.parse(hands[0].split()[-1]), True))
    state = state.apply(Draw(1, "stock"))
    if seat_1_melds:
        state = state.apply(LayMelds(1, tuple(cards(m) for m in seat_1_melds)))
    state = state.apply(Discard(1, drawn, True))
    return state.apply(Draw(0, "stock"))


def test_two_swapped_wild_cards_are_two_debts() -> None:
    """O-7 (swap_must_reuse), L-40: seat 0 opens, takes both wild AC from seat 1's melds (8D
    into 7D AC 9D, 5D 5C into 5S 5H AC) and owes two: adding one AC leaves the other owed,
    so the discard is refused; adding the second pays all (kills ``turn:141``, which let one
    wild card pay two debts)."""
    state = _second_turn("levant", {"swap_must_reuse": True},
                         ["KS KH KD KC QS QH QD QC 8D 5D 5C 2H 3H 6D JH",
                          "7D AC 9D 5S 5H AC TS JS QS KS 2C 3C 6S 9S"], "7C", "8H 9C",
                         ["7D AC 9D", "5S 5H AC", "TS JS QS KS"])
    for action in (LayMelds(0, (cards("KS KH KD KC"), cards("QS QH QD QC"))),
                   SwapWild(0, cards("8D"), 0), SwapWild(0, cards("5D 5C"), 1),
                   LayOff(0, Card.parse("AC"), 0, "high")):
        state = state.apply(action)
    with pytest.raises(IllegalAction) as refused:
        state.apply(Discard(0, Card.parse("9C"), True))
    assert "O-7" in refused.value.rules
    state = state.apply(LayOff(0, Card.parse("AC"), 2, "high"))
    assert state.apply(Discard(0, Card.parse("9C"), True)).phase is Phase.DRAW


def test_a_seat_not_opened_goes_out_by_lay_offs_its_new_meld_would_strand() -> None:
    """L-64, L-87: a seat that has not opened and laid new melds below the minimum this turn
    can only go out. Its one new meld left (6D 6H 6S) would strand 5D and KS, so it is not
    offered, nor is a discard; laying the sixes off one by one (6D then 5D on the diamonds, 6S,
    6H on the other runs) goes out, a partial hand."""
    state = _second_turn("levant", {}, ["2C 3C 4C 5C 2S 3S 4S 2H 3H 4H 6D 6H 6S 5D QH",
                                         "7D 8D 9D 7S 8S 9S 7H 8H 9H JC QD TC 2D KH"],
                         "TC", "3D KS", ["7D 8D 9D", "7S 8S 9S", "7H 8H 9H"])
    for meld in ("2C 3C 4C 5C", "2S 3S 4S", "2H 3H 4H"):  # 32 in all, under the 51 (L-63)
        state = state.apply(LayMelds(0, (cards(meld),)))
    assert not any(isinstance(a, (LayMelds, Discard)) for a in state.legal_actions())
    for card, to in (("6D", 0), ("5D", 0), ("6S", 1), ("6H", 2)):
        add = LayOff(0, Card.parse(card), to, None)
        assert add in state.legal_actions(), add
        state = state.apply(add)
    state = state.apply(Discard(0, Card.parse("KS"), True))
    assert state.phase is Phase.OVER
    assert state.results[-1].winner == 0 and state.results[-1].hand == "partial"  # L-87


def test_a_swap_after_hopeless_new_melds_is_listed() -> None:
    """F-8: at four-jokers a seat that has not opened may take a joker from the table (L-40: JS
    and JD for the joker of JH JC X). Its new melds cannot reach the opening (F-6, 52) and
    are dropped by the shortcut; the swap listed after them must still be there (kills
    ``legal:56``: a ``break`` for the ``continue`` dropped every step after the first hopeless
    meld). A position of seeded random play, its actions written out."""
    state = Game.create("four-jokers", {"rounds": 1}, players=3).new_match(0)
    state = state.deal_seeded("s1:11")
    for written in (
        '{"seat":1,"discard":"8D"}', '{"seat":2,"draw":"stock"}', '{"seat":2,"discard":"4H"}',
        '{"seat":0,"draw":"stock"}', '{"seat":0,"discard":"5C"}', '{"seat":1,"draw":"discard"}',
        '{"seat":1,"meld":[["5S","5H","5C"]]}', '{"seat":1,"meld":[["QH","KH","AH"]]}',
        '{"seat":1,"meld":[["JH","JC","X"]]}', '{"seat":1,"discard":"3H"}',
        '{"seat":2,"draw":"stock"}',
    ):
        state = state.apply(parse_action(json.loads(written)))
    rnd = state.round
    assert rnd is not None and not rnd.opened[2]
    swap = SwapWild(2, cards("JS JD"), 2)
    assert [a for a in state.legal_actions() if not isinstance(a, Discard)] == [swap]
    after = state.apply(swap)
    assert after.round is not None and JOKER in after.round.hands[2]


def _escalating(seat_0: str) -> State:
    """O-4 escalating, O-8 free, levant with indicator 7C: seat 0 (holding ``seat_0``) discards
    JC, seat 1 opens with 8C 8H AC and 9S TS JS QS (63) and discards JH, seat 0 draws 2S."""
    state = _second_turn("levant", {"escalating_minimum": True, "pair_plus_wild": "free"},
                         [seat_0, "8C 8H AC 9S TS JS QS 2D 3D 4D 6S 7H 9C 5H"], "7C", "JH 2S",
                         ["8C 8H AC", "9S TS JS QS"])
    assert state.round is not None and state.round.last_opening == 63
    return state


def test_an_o8_add_counts_in_the_opening_that_the_next_must_exceed() -> None:
    """O-4 escalating, O-8 free: seat 1 opens with 8C 8H AC and 9S TS JS QS (63); seat 0 must
    then exceed 63, and opens with KD KH KS, QC QD QH (60) and 8S added to the eights (8): its
    opening counts 68, the count the next opening must exceed (kills ``turn:131``, which took
    the add away from the opening's count)."""
    state = _escalating("KD KH KS QC QD QH 8S 2C 3H 5D 6C 9D TH 4S JC")
    state = state.apply(LayOff(0, Card.parse("8S"), 0, None))
    state = state.apply(LayMelds(0, (cards("KD KH KS"), cards("QC QD QH"))))
    state = state.apply(Discard(0, Card.parse("2C"), True))
    assert state.round is not None and state.round.opened == (True, True)
    assert state.round.last_opening == 68


def test_an_o8_add_that_reaches_the_minimum_exactly_opens() -> None:
    """O-4 escalating, O-8 free: after seat 1's opening of 63, seat 0 lays KD KH KS and
    5C 6C 7C 8C (56), then adds 8S to the eights (8): 64, exactly the minimum, opens it at the
    add (L-63 "at least"), and 64 is now the count to exceed (kills ``turn:132``, ``>`` for
    ``>=``, ``turn:134``, which did not mark the opening as made this turn, and ``finish:169``,
    which called the new melds hopeless though an O-8 add could complete the opening)."""
    state = _escalating("KD KH KS 5C 6C 7C 8C 8S 3H 5D 9D TH 4S 2H JC")
    # its new melds alone (56) cannot open, the add can: they are not hopeless (finish:169)
    assert LayMelds(0, (cards("KS KH KD"),)) in state.legal_actions()
    state = state.apply(LayMelds(0, (cards("KD KH KS"), cards("5C 6C 7C 8C"))))
    assert state.round is not None and state.round.opened == (False, True)
    state = state.apply(LayOff(0, Card.parse("8S"), 0, None))
    assert state.round is not None and state.round.opened == (True, True)
    state = state.apply(Discard(0, Card.parse("2S"), True))
    assert state.round is not None and state.round.last_opening == 64


def _two_wilds(seat_0: str, seat_1: str, drawn: str, melds: list[str],
               announcements: bool = True) -> State:
    """O-11 two-wilds, levant, indicator 7C (both AC wild): seat 0 discards its QS, seat 1 draws
    JD and discards it, seat 0 draws ``drawn`` and lays ``melds`` (below the 51: L-64)."""
    options = {"bonuses": ["two-wilds"], "announcements": announcements}
    state = _second_turn("levant", options, [seat_0, seat_1], "7C", f"JD {drawn}", [])
    return state.apply(LayMelds(0, tuple(cards(m) for m in melds)))


def test_two_cards_go_together_only_as_two_wild_cards_of_a_full_hand() -> None:
    """O-11 two-wilds: two cards discarded together must be the hand's last two (not 2 of 5),
    both wild (not AC with KS), after melds of this turn holding 13 natural cards laid on no
    other seat's meld (not after three cards added to seat 1's hearts); each refusal in its
    own words; with or without announcements the bonus itself goes out. Kills ``turn:190``,
    ``:194``, ``:196``, ``:197``, ``:198``, ``:205`` (a discard read as not announced, which
    a ruleset without announcements refuses)."""
    seat_0 = "2S 2H 2D 2C 3S 3H 3D 4S 4H 4D 5H 6H 7H AC QS"
    seat_1 = "8C 8D TS TH JC 2C 3C 6S 9S 9H TD 3S 5S QD"
    sets = ["2S 2H 2D 2C", "3S 3H 3D", "4S 4H 4D"]
    together = Discard(0, Card.parse("AC"), True, Card.parse("AC"))
    words = {
        "last": "two cards are discarded together only as the last two cards of the hand (O-11)",
        "wild": "only two wild cards may be discarded together (O-11 two-wilds)",
        "full": "two wild cards are discarded together only to go out with a full hand whose "
                "melds hold 13 natural cards (O-11 two-wilds, L-86)",
    }
    three = _two_wilds(seat_0, seat_1, "AC", sets)  # 5H 6H 7H AC AC left
    with pytest.raises(IllegalAction) as refused:
        three.apply(together)
    assert str(refused.value) == words["last"]
    mixed = _two_wilds(seat_0, seat_1, "KS", [*sets, "5H 6H 7H"])  # AC KS left
    with pytest.raises(IllegalAction) as refused:
        mixed.apply(Discard(0, Card.parse("AC"), True, Card.parse("KS")))
    assert str(refused.value) == words["wild"]
    hearts = "8H 9H TH JH QH KH 8C 8D 8S 2C 3C 6S 9S 5S"
    state = _second_turn("levant", {"bonuses": ["two-wilds"]}, [seat_0, hearts], "7C", "JD AC",
                         ["8H 9H TH JH QH KH"])
    for action in (LayMelds(0, tuple(cards(m) for m in sets)),
                   LayOff(0, Card.parse("7H"), 0, "low"), LayOff(0, Card.parse("6H"), 0, "low"),
                   LayOff(0, Card.parse("5H"), 0, "low")):
        state = state.apply(action)
    assert state.round is not None and state.round.hands[0] == cards("AC AC")
    assert together not in state.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        state.apply(together)
    assert str(refused.value) == words["full"]
    for announcements in (True, False):  # the bonus itself, announced by default (L-70)
        whole = _two_wilds(seat_0, seat_1, "AC", [*sets, "5H 6H 7H"], announcements)
        assert together in whole.legal_actions()
        assert whole.apply(together).phase is Phase.OVER


def test_two_wild_cards_go_together_only_after_melds_without_wild_cards() -> None:
    """O-11 two-wilds at four-jokers (jokers wild, F-2): 13 cards laid this turn, one of them a
    joker in 5H 6H X, leave X X; the two jokers may not go together (the melds must hold 13
    natural cards), while 5H 6H 7H would have allowed it (kills ``turn:202``, which asked
    that every meld hold a wild card)."""
    sets = ["2S 2H 2D 2C", "3S 3H 3D", "4S 4H 4D"]
    together = Discard(0, JOKER, True, JOKER)
    for run, allowed in (("5H 6H X", False), ("5H 6H 7H", True)):
        state = _second_turn("four-jokers", {"bonuses": ["two-wilds"]},
                             ["2S 2H 2D 2C 3S 3H 3D 4S 4H 4D 5H 6H X X QS",
                              "8C 8D TS TH JC 2C 3C 6S 9S 9H TD 3S 5S QD"], None,
                             "JD X" if run.endswith("X") else "JD 7H", [])
        state = state.apply(LayMelds(0, tuple(cards(m) for m in [*sets, run])))
        assert state.round is not None and state.round.hands[0] == cards("X X")
        assert (together in state.legal_actions()) is allowed, run


def test_without_announcements_the_flag_is_ignored_true_and_false_alike() -> None:
    """Option ``announcements=false`` (L-70, L-71 off): a record's ``announce`` field means
    nothing (L-71, RULES.md 2026-12-05). A discard written with ``"announce": false`` is
    accepted whatever is left in hand (four cards or fewer, where it would record a missed
    announcement, and more), plays exactly as ``"announce": true`` and is recorded without the
    field: the engine emits none."""
    game = Game.create("levant", {"rounds": 1, "announcements": False}, players=2)
    seen = set()
    for g in range(40):
        rng = random.Random(f"flag:{g}")
        state = game.new_match(0).deal_seeded(f"flag:{g}")
        for size in (5, 4, 3):
            try:
                state = play_until(state, rng, lambda s, n=size: s.phase is Phase.PLAY and len(
                    s.round.hands[s.round.turn]) == n)
            except AssertionError:
                break
            rnd = state.round
            assert rnd is not None
            card = rnd.hands[rnd.turn][0]
            missed, said = Discard(rnd.turn, card, False), Discard(rnd.turn, card, True)
            try:
                plain = state.apply(said)
            except IllegalAction:
                continue  # this card may not go now (the turn's own rules): not the point here
            quiet = state.apply(missed)
            assert quiet.round is not None and plain.round is not None
            assert quiet.round.actions[-1] == said
            assert "announce" not in quiet.round.actions[-1].to_json()
            assert quiet.round.announced == plain.round.announced
            assert quiet.round.missed == plain.round.missed == (False, False)
            seen.add(size)
        if seen == {3, 4, 5}:
            return
    pytest.fail(f"hand sizes seen: {seen}")


def test_two_identical_melds_are_laid_in_one_turn() -> None:
    """L-64 with two decks: a seat that has not opened goes out with 2S 3S 4S twice, 2H 3H 4H 5H
    and 2C 3C 4C 5C (46, under the 51), discarding KS. The turn search lays its melds in
    ascending order, and the second copy of a meld is not "below" the first: every first meld
    of that going out is legal (kills ``finish:57``, which skipped the second copy)."""
    state = _second_turn("levant", {}, ["2S 3S 4S 2S 3S 4S 2H 3H 4H 5H 2C 3C 4C 5C QS",
                                         "7D 8D 9D 7S 8S 9S 7H 8H 9H JC QD TC 2D KH"],
                         "TD", "6D KS", [])
    legal = state.legal_actions()
    for meld in ("2S 3S 4S", "2H 3H 4H 5H", "2C 3C 4C 5C"):
        assert LayMelds(0, (cards(meld),)) in legal, meld
    state = state.apply(LayMelds(0, tuple(cards(m) for m in (
        "2S 3S 4S", "2S 3S 4S", "2H 3H 4H 5H", "2C 3C 4C 5C"))))
    state = state.apply(Discard(0, Card.parse("KS"), True))
    assert state.phase is Phase.OVER and state.results[-1].winner == 0


def test_a_refused_step_does_not_end_the_search_for_going_out() -> None:
    """L-64, L-65: seat 0, not opened, has laid three melds below the minimum and can only go
    out. Adding KH to the hearts leaves 4S 5S 6S: laying them as a meld is refused (a turn ends
    with a discard, L-65), but 6S and 5S added to the spades and 4S discarded go out. The
    refused step must not end the search for the steps after it, so adding KH is legal (kills
    ``finish:65``, a ``break`` for the ``continue``)."""
    state = _second_turn("levant", {}, ["2C 3C 4C 5C 6C 2D 3D 4D 2H 3H 4H 4S 5S 6S QC",
                                         "7S 8S 9S TH JH QH 2D 5D 8C JC KD 3C 9D QS"],
                         "7C", "3D KH", ["7S 8S 9S", "TH JH QH"])
    for meld in ("2C 3C 4C 5C 6C", "2D 3D 4D", "2H 3H 4H"):  # 38, under the 51
        state = state.apply(LayMelds(0, (cards(meld),)))
    add = LayOff(0, Card.parse("KH"), 1, None)
    assert add in state.legal_actions()
    state = state.apply(add)
    with pytest.raises(IllegalAction) as refused:
        state.apply(LayMelds(0, (cards("4S 5S 6S"),)))
    assert "L-65" in refused.value.rules
    for card in ("6S", "5S"):
        state = state.apply(LayOff(0, Card.parse(card), 0, None))
    state = state.apply(Discard(0, Card.parse("4S"), True))
    assert state.phase is Phase.OVER and state.results[-1].winner == 0


def test_the_twin_of_a_taken_wild_card_does_not_carry_its_debt() -> None:
    """L-62, L-66: seat 1 has opened and holds one AC (wild: indicator 7C); seat 0 discards
    the other. Taken, that AC may play only as the natural AC, in a new meld with two hand
    cards; seat 1's 5S 6S could take an AC only as a wild card (the twin's role), and no
    natural AC meld can be formed: the discard may not be taken (kills ``finish:102``,
    ``:103``, which let the packing of the two copies alike answer for the taken one)."""
    state = dealt("levant", {}, ["AC 2H 3H 4D 9S 9D TC JC QH KH KD 2S 3S 4C QS",
                                 "AC 5S 6S 8D 8H 8C 9H TH JH 2D 4H 6D KS 3D"], "7C", "JD 8S")
    for action in (Discard(0, Card.parse("QS"), True), Draw(1, "stock"),
                   LayMelds(1, (cards("8D 8H 8C"), cards("9H TH JH"))),
                   Discard(1, Card.parse("KS"), True), Draw(0, "stock"),
                   Discard(0, Card.parse("AC"), True)):
        state = state.apply(action)
    assert state.legal_actions() == [Draw(1, "stock")]
    with pytest.raises(IllegalAction) as refused:
        state.apply(Draw(1, "discard"))
    assert "L-62" in refused.value.rules


def test_after_a_reshuffle_the_turn_passes_to_the_next_seat() -> None:
    """O-9 (``stock_end=reshuffle``), three seats: the discard that empties the stock turns the
    pile but its top card into a new stock (counted once, in the public view), and the turn
    goes on to the next seat, not back (kills ``turn:248``, ``:254``, ``:255``)."""
    game = Game.create("levant", {"rounds": 1, "stock_end": "reshuffle"}, players=3)
    rng = random.Random("reshuffle")
    state = game.new_match(0).deal_seeded("reshuffle")
    before = state
    for _ in range(5000):
        rnd = state.round
        assert rnd is not None and state.phase is not Phase.OVER
        if rnd.reshuffles:
            break
        before = state
        state = state.apply(choose_action(rng, state, state.legal_actions(), "random"))
    else:
        pytest.fail("no reshuffle")
    rnd, was = state.round, before.round
    assert rnd is not None and was is not None and state.phase is Phase.DRAW
    assert rnd.reshuffles == 1 and state.view(0).public is not None
    assert state.view(0).public.reshuffles == 1
    assert rnd.turn == (was.turn + 1) % 3
    assert len(rnd.discard_pile) == 1 and len(rnd.stock) == len(was.discard_pile)


def test_an_action_of_a_seat_that_does_not_exist_is_refused() -> None:
    """A two-seat match has seats 0 and 1: an action of seat 2 is refused as such (kills
    ``turn:262``, which let seat 2 through to the turn checks)."""
    state = Game.create("levant", {"rounds": 1}, players=2).new_match(0).deal_seeded("seats")
    for action in (Discard(2, Card.parse("2C"), True), Draw(2, "stock")):
        with pytest.raises(IllegalAction, match="there is no seat 2"):
            state.apply(action)


def test_a_seat_that_owes_a_swapped_joker_may_still_open() -> None:
    """F-8, O-7 (``swap_must_reuse``) at four-jokers: seat 0 has not opened, takes the joker
    of 7D X 9D with its 8D (allowed before opening, F-8) and owes it to the table. Its new melds
    can still reach the 52 (F-6) with the joker, so they are listed, and KS KH KD KC with
    QS QH QD X opens and pays the debt (kills ``finish:162``, which called every new meld of a
    seat owing a wild card hopeless)."""
    state = _second_turn("four-jokers", {"swap_must_reuse": True},
                         ["8D KS KH KD KC QS QH QD 2S 5H 9C 3D 4S 6C JH",
                          "7D X 9D TS TH TC TD 2C 3C 6S 8H 4D JS 5S"], None, "JD 3H",
                         ["7D X 9D", "TS TH TC TD"])
    state = state.apply(SwapWild(0, cards("8D"), 0))
    rnd = state.round
    assert rnd is not None and not rnd.opened[0] and rnd.turn_state.reuse_owed == 1
    assert LayMelds(0, (cards("KS KH KD KC"),)) in state.legal_actions()
    state = state.apply(LayMelds(0, (cards("KS KH KD KC"), cards("QS QH QD X"))))
    assert state.round is not None and state.round.opened[0]
    assert state.apply(Discard(0, Card.parse("9C"), True)).phase is Phase.DRAW
