"""Rule behaviour that surviving mutants showed untested (issue 20; docs/notes/mutation.md).

Each test names the mutants of ``scripts/mutate.py`` it kills (``module:number``, numbers of the
commit that added it) and asserts the rule through the public API — ``legal_actions``,
``apply``, records and scoring — so it stays valid when the engine's insides move.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from hand_deals import cards, dealt, play_until
from handgame.core.cards import JOKER, Card
from handgame.core.errors import IllegalAction, MeldError
from handgame.games.hand import finish
from handgame.games.hand.actions import (
    ClaimRedeal,
    Discard,
    Draw,
    LayMelds,
    LayOff,
    SwapWild,
    parse_action,
)
from handgame.games.hand.deal import Deal
from handgame.games.hand.melds import analyze
from handgame.games.hand.record import RecordError, play_record, read_record
from handgame.games.hand.rounds import Phase, RoundResult
from handgame.games.hand.rules import make_ruleset
from handgame.games.hand.scoring import end_round
from handgame.games.hand.state import Game, State
from handgame.games.hand.values import hand_penalty, penalty_value
from handgame.games.hand.wilds import Wilds, wilds_for
from invariants import choose_action
from rule_ids import cited_rules
from test_oracle import key

CASES = Path(__file__).resolve().parent / "records" / "cases"


def test_a_joker_that_is_not_wild_costs_the_wild_penalty() -> None:
    """L-33 / G-7: a joker left in hand counts as a wild one (15; gulf values 25) even when the
    round's wild cards leave it without a role (values:28, values:29)."""
    none = Wilds(None, None)
    levant, gulf = make_ruleset("levant"), make_ruleset("gulf")
    assert penalty_value(JOKER, none, levant) == 15
    assert penalty_value(JOKER, none, gulf) == 25
    assert hand_penalty((JOKER, Card.parse("7S")), none, levant) == 22


def test_nothing_is_legal_between_rounds_and_after_the_match() -> None:
    """L-90…L-93: after a round (a deal to come) and after the match, no seat may act; the
    state still holds the last round, also when the stock ran out and the seat to act still
    holds cards (legal:3)."""
    rng = random.Random(3)
    state = Game.create("levant", {"rounds": 2}, players=2).new_match(0).deal_seeded("a")
    between = play_until(state, rng, lambda s: s.phase is Phase.DEAL and s.results, "uniform")
    rnd = between.round
    assert rnd is not None and rnd.hands[rnd.turn] and between.results[-1].result != "won"
    assert between.legal_actions() == [] and between.legal_actions(rnd.turn) == []
    over = play_until(between, rng, lambda s: s.is_over)
    assert over.round is not None and over.phase is Phase.OVER
    assert over.legal_actions() == [] and over.legal_actions(0) == []


def test_the_announcement_is_a_choice_only_for_the_last_cards() -> None:
    """L-70, L-71: a discard leaving three cards or fewer is offered announced and not; a
    larger hand's discard only once (announcing means nothing then), and with announcements
    off (gulf) only once at any size (legal:13)."""
    for preset, announcing in (("levant", True), ("gulf", False)):
        rng = random.Random(preset)
        seen = {"small": 0, "large": 0}
        state = Game.create(preset, {"rounds": 1}, players=2).new_match(0).deal_seeded(preset)
        while not state.is_over and state.phase is not Phase.DEAL:
            legal = state.legal_actions()
            discards = [a for a in legal if isinstance(a, Discard) and a.second is None]
            if discards:
                hand = state.round.hands[state.round.turn]  # type: ignore[union-attr]
                cards = {a.card for a in discards}
                both = {a.card for a in discards if not a.announce} == cards
                if len(hand) <= 4 and announcing:
                    assert both and len(discards) == 2 * len(cards), (preset, hand, discards)
                    seen["small"] += 1
                else:
                    assert all(a.announce for a in discards) and len(discards) == len(cards), (
                        preset, hand, discards)
                    seen["large"] += 1
            state = state.apply(choose_action(rng, state, legal, "weighted"))
        assert seen["large"] > 0 and (seen["small"] > 0 or not announcing), seen


def test_a_tie_at_the_limit_is_broken_by_the_next_round_even_below_it() -> None:
    """G-9, L-93: once a total reaches the limit the match ends at the first unique lowest
    total — also when the next round's winner (−30, L-90: totals may fall) brings the highest
    total back under the limit (scoring:99)."""
    rng = random.Random(5)
    game = Game.create("levant", {"rounds": None, "penalty_limit": 100}, players=3)
    start = game.new_match(0).deal_seeded("t")
    after = play_until(start, rng, lambda s: s.phase is Phase.DEAL and s.results, "uniform")
    base = after.replace(totals=(0, 0, 0), results=(), scored=0, final_reached=False)
    first = RoundResult(dealer=0, result="won", winner=1, hand="partial", scores=(100, 50, 50))
    tied = end_round(base, first)
    assert tied.totals == (100, 50, 50) and tied.final_reached and not tied.is_over
    second = RoundResult(dealer=1, result="won", winner=0, hand="partial", scores=(-30, 5, 10))
    over = end_round(tied, second)
    assert over.totals == (70, 55, 60) and max(over.totals) < 100
    assert over.is_over and over.winner == 1


def test_the_cards_seen_going_into_a_hand_are_public_until_they_leave_it() -> None:
    """L-60, L-62, O-7: a discard taken, or a wild card taken from a meld, is seen by every seat
    (the view's ``public.known``) until it leaves that hand (laid, added, discarded); a stock
    draw adds nothing. Modelled here from the hands alone, over random play where the taken
    discard may stay in hand (gulf's free pick-up) and where it must be laid (levant)
    (turn:0, turn:1, turn:2 and the other ``_known`` mutants)."""
    for preset, players, rounds in (("gulf", 2, 2), ("levant", 2, 4), ("four-jokers", 2, 2)):
        rng = random.Random(preset)
        state = Game.create(preset, {"rounds": rounds}, players=players).new_match(0)
        state = state.deal_seeded(preset)
        known: list[Counter[Card]] = [Counter() for _ in range(players)]
        changes = 0
        while not state.is_over:
            if state.is_chance:
                state = state.deal_seeded(f"{preset}:{len(state.results)}")
                known = [Counter() for _ in range(players)]
                continue
            action = choose_action(rng, state, state.legal_actions(), "weighted")
            before = state.round
            after = state.apply(action)
            if after.round is before or after.phase in (Phase.DEAL, Phase.OVER):
                state = after
                continue
            seat = action.seat
            held = Counter(before.hands[seat])  # type: ignore[union-attr]
            now = Counter(after.round.hands[seat])  # type: ignore[union-attr]
            known[seat] -= held - now
            if isinstance(action, SwapWild) or (
                    isinstance(action, Draw) and action.source == "discard"):
                known[seat] += now - held
                changes += 1
            for s in range(players):
                public = after.view(s).public
                assert public is not None
                for other in range(players):
                    assert Counter(public.known[other]) == known[other], (
                        preset, action, other, public.known, known)
            state = after
        assert changes >= 2, (preset, changes)


def _case_error(case: str) -> dict[str, Any] | None:
    """The error of replaying a record case of tests/records/cases."""
    record = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))["record"]
    return play_record(record)[1]


def test_an_opening_below_the_minimum_names_its_rules() -> None:
    """L-63, O-4: the refusal says what the opening counts against which minimum and cites the
    minimum's rules, with O-4 when the minimum escalates (turn:14, turn:15, turn:16)."""
    low = _case_error("l63-opening-50")
    assert low is not None and low["message"] == (
        "an opening must total at least 51; these melds count 50 (L-63)")
    assert cited_rules(low["message"]) == ("L-63",)
    escalated = _case_error("o4-escalating-refused")
    assert escalated is not None and escalated["message"] == (
        "an opening must total at least 57; these melds count 56 "
        "(L-63, O-4 escalating)")


def _record_files() -> list[Path]:
    here = Path(__file__).resolve().parent
    return sorted([*CASES.glob("*.json"), *(here / "audit" / "records").glob("*.json")])


def test_every_accepted_step_of_the_records_is_a_legal_action() -> None:
    """L-63, L-64, L-52: each meld, lay-off or swap of a seat that has not opened, and each
    redeal claim, that a record case plays without error (hand-made deals: openings, lay-offs
    before opening that go out, redeals) is among ``legal_actions`` of the state before it, up
    to the order of a set's cards: the pruning of ``legal_actions`` for such seats
    (finish.out_bounds) drops no legal step (legal:32, legal:44). Several melds laid at once
    are one action outside the enumeration: skipped."""
    checked = 0
    for path in _record_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        try:
            record = read_record(data.get("record", data))
        except RecordError:
            continue
        state = record.game.new_match(record.rounds[0]["dealer"]) if record.rounds else None
        for rnd in record.rounds:
            if state is None or state.phase is not Phase.DEAL:
                break
            try:
                state = state.apply_deal(Deal.from_json(rnd["deal"]))
            except ValueError:
                break
            for raw in rnd.get("actions", []):
                try:
                    action = parse_action(raw)
                except ValueError:
                    state = None
                    break
                rnd_state = state.round
                pruned = isinstance(action, ClaimRedeal) or (
                    state.phase is Phase.PLAY and rnd_state is not None
                    and not rnd_state.opened[action.seat]
                    and isinstance(action, (LayMelds, LayOff, SwapWild))
                    and not (isinstance(action, LayMelds) and len(action.melds) > 1))
                # legal_actions first (the search's memo keeps its no_out hint apart since
                # test_engine_cache's hint test; the order is kept as a second guard)
                legal = state.legal_actions(action.seat) if pruned else []
                try:
                    after = state.apply(action)
                except ValueError:
                    state = None
                    break
                if pruned:
                    assert key(after) in {key(state.apply(a)) for a in legal}, (path.stem, raw)
                    checked += 1
                state = after
    assert checked >= 15, checked


def _written_adds_and_swaps(state: State) -> list[Any]:
    """Every lay-off (each card, meld and end) and every swap of one or two hand cards that the
    seat to act could write down now, legal or not (as the oracle writes them)."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    cards = sorted(set(rnd.hands[seat]))
    out: list[Any] = []
    for i in range(len(rnd.melds)):
        out += [LayOff(seat, c, i, e) for c in cards for e in (None, "low", "high")]
        out += [SwapWild(seat, (c,), i) for c in cards]
        out += [SwapWild(seat, pair, i) for pair in itertools.combinations(cards, 2)]
    return out


def test_no_legal_add_or_swap_of_a_seat_not_opened_is_left_out() -> None:
    """L-63, L-64, O-8, F-8: for a seat that has not opened, holding four cards or more, with
    melds on the table, ``legal_actions`` lists exactly the lay-offs and swaps that ``apply``
    accepts, written out one by one here — its shortcut for steps that bind the seat to go out
    (finish.out_bounds) drops none that could (legal:41; legal:38 of the same commit, today
    legal:50, was read to be equivalent: scripts/mutants_equivalent.json)."""
    checked = 0
    for preset, options in (("four-jokers", {}), ("levant", {"pair_plus_wild": "free"}),
                            ("levant", {})):
        rng = random.Random(f"adds:{preset}")
        state = Game.create(preset, {"rounds": 1, **options}, players=3).new_match(0)
        state = state.deal_seeded(f"adds:{preset}")
        while not state.is_over and state.phase is not Phase.DEAL and checked < 90:
            rnd = state.round
            assert rnd is not None
            legal = state.legal_actions()
            if (state.phase is Phase.PLAY and not rnd.opened[rnd.turn] and rnd.melds
                    and len(rnd.hands[rnd.turn]) >= 4 and rng.random() < 0.5):
                finish.clear_cache()
                engine = {key(state.apply(a)) for a in legal if isinstance(a, (LayOff, SwapWild))}
                finish.clear_cache()
                written = set()
                for a in _written_adds_and_swaps(state):
                    try:
                        written.add(key(state.apply(a)))
                    except ValueError:
                        continue
                assert engine == written, (preset, len(engine), len(written))
                checked += 1
            state = state.apply(choose_action(rng, state, legal, "weighted"))
    assert checked >= 30, checked


def test_the_view_says_where_the_seat_drew_from() -> None:
    """L-61: every seat's view of the turn says whether the seat to act drew from the stock or
    took the discard (and nothing before the draw) (turn:41, turn:55)."""
    rng = random.Random(7)
    state = Game.create("gulf", {"rounds": 1}, players=2).new_match(0).deal_seeded("drew")
    seen = set()
    while not state.is_over and state.phase is not Phase.DEAL and len(seen) < 2:
        legal = state.legal_actions()
        if state.phase is Phase.DRAW:
            for s in (0, 1):
                assert state.view(s).to_json()["public"]["turn"]["drew"] is None
            action = rng.choice([a for a in legal if isinstance(a, Draw)])
            state = state.apply(action)
            for s in (0, 1):
                assert state.view(s).to_json()["public"]["turn"]["drew"] == action.source
            seen.add(action.source)
            continue
        state = state.apply(choose_action(rng, state, legal, "weighted"))
    assert seen == {"stock", "discard"}


def test_the_view_lists_the_melds_laid_this_turn() -> None:
    """L-63, O-11: the view's turn lists the table melds the seat laid this turn (what its
    opening counts, and the melds a two-wild discard looks at); each new meld is the last on
    the table, with the cards laid (turn:61)."""
    rng = random.Random(11)
    state = Game.create("levant", {"rounds": 2}, players=2).new_match(0).deal_seeded("laid")
    laid_seen = 0
    while not state.is_over and laid_seen < 5:
        if state.is_chance:
            state = state.deal_seeded(f"laid:{len(state.results)}")
            continue
        action = choose_action(rng, state, state.legal_actions(), "weighted")
        after = state.apply(action)
        if isinstance(action, LayMelds) and after.phase is Phase.PLAY:
            before = state.view(action.seat).to_json()["public"]["turn"]["laid"]
            turn = after.view(1 - action.seat).to_json()["public"]["turn"]
            melds = after.round.melds  # type: ignore[union-attr]
            assert turn["laid"] == [*before, len(melds) - 1], (turn, len(melds))
            assert Counter(melds[-1].cards) == Counter(action.melds[0])
            laid_seen += 1
        state = after
    assert laid_seen == 5


def test_a_swapped_wild_is_owed_after_a_meld_without_it() -> None:
    """O-7 (swap_must_reuse): the wild card a swap took must be laid; a new meld of other cards
    does not pay that debt, so the turn's discard is refused. The record is the case
    ``o7-swap-must-reuse-refused`` with seat 0 dealt 3H 4H for 3D 4S (swapped with the stock,
    so the deal stays the deck), laying 2H 3H 4H after the swap (turn:64)."""
    case = json.loads((CASES / "o7-swap-must-reuse-refused.json").read_text(encoding="utf-8"))
    record = case["record"]
    deal = record["rounds"][0]["deal"]
    hand, stock = deal["hands"][0], deal["stock"]
    for mine, other in (("3D", "3H"), ("4S", "4H")):
        hand[hand.index(mine)], stock[stock.index(other)] = other, mine
    actions = record["rounds"][0]["actions"]
    assert actions[-2] == {"seat": 0, "swap": ["8D"], "at": 0}
    actions[-1:] = [{"seat": 0, "meld": [["2H", "3H", "4H"]]}, {"seat": 0, "discard": "9H"}]
    error = play_record(record)[1]
    assert error is not None and (error["round"], error["action"]) == (0, 10)
    assert "(O-7)" in error["message"]


def _a_wild_ace_on_the_pile() -> State:
    """Levant, indicator 7C (both AC wild), the discard taken freely (G-10 option): seat 1 opens
    with 7D 8D 9D + JS JH JD and discards the wild AC; seat 0 (no AC of its own, a JC that fits
    the set) is to draw, the other AC on top of the stock."""
    state = dealt("levant", {"discard_pickup": "free"},
                   ["KS KH KD QS QH QD JC 2S 3H 5S 6H 9C 8S 4D 3C",
                    "7D 8D 9D JS JH JD AC 2D 4H 6C 8H TS 5C 3S"], "7C", "2C AC")
    for action in (Discard(0, Card.parse("3C"), True), Draw(1, "stock"),
                   LayMelds(1, (cards("7D 8D 9D"), cards("JS JH JD"))),
                   Discard(1, Card.parse("AC"), True)):
        state = state.apply(action)
    return state


def test_a_taken_wild_added_to_a_meld_plays_as_its_natural_card() -> None:
    """L-66, O-6 (``discarded_wild`` natural): the wild AC taken from the pile and laid off on
    an opponent's meld is the natural ace of clubs, so it does not extend 7D 8D 9D; the twin AC
    drawn from the stock is a full wild and does (turn:81, turn:82: the taken card's role)."""
    pile = _a_wild_ace_on_the_pile()
    ace, to_run = Card.parse("AC"), LayOff(0, Card.parse("AC"), 0, "high")
    for source, wild in (("discard", False), ("stock", True)):
        state = pile.apply(Draw(0, source))
        assert state.round is not None and state.round.hands[0].count(ace) == 1
        state = state.apply(LayMelds(0, (cards("KS KH KD"), cards("QS QH QD"))))
        ace_adds = {(a.to, a.end) for a in state.legal_actions()
                    if isinstance(a, LayOff) and a.card == ace}
        if wild:
            assert {(0, "low"), (0, "high"), (1, None)} <= ace_adds, ace_adds
            after = state.apply(to_run).round
            assert after is not None and after.melds[0].wild_at == (3,)
        else:
            assert ace_adds == set(), ace_adds
            try:
                state.apply(to_run)
            except IllegalAction as e:
                assert {"L-11", "L-42"} <= set(e.rules), e.rules
            else:
                raise AssertionError("the taken wild ace was added as a wild (L-66)")


def test_a_card_after_a_wild_one_in_card_order_is_offered_as_a_lay_off() -> None:
    """L-42: a seat that has opened, holding the wild AC and JC (clubs sort after the wild
    ace), is offered JC on the set JS JH JD, whether the AC came from the pile or the stock
    (candidates:5: the hand's cards indexed only up to its first wild card)."""
    pile = _a_wild_ace_on_the_pile()
    for source in ("discard", "stock"):
        state = pile.apply(Draw(0, source))
        state = state.apply(LayMelds(0, (cards("KS KH KD"), cards("QS QH QD"))))
        assert LayOff(0, Card.parse("JC"), 1, None) in state.legal_actions(), source


def test_a_twin_of_the_taken_wild_is_a_full_wild_once_the_taken_one_is_laid() -> None:
    """L-66, L-62, L-63 (the case l66-twin-taken-copy-natural-ok laid in steps): seat 0 holds
    one wild AC and takes the other from the pile; once QC KC AC lays the taken copy as the
    natural ace, the AC left is its own full wild, so 7D AC 9D (AC as 8D) is a legal next
    meld and 7D AC 9D + TH JH QH KH open (candidates:1: the taken card's restriction kept for
    the twin after the taken copy was laid)."""
    state = dealt("levant", {},
                   ["TH JH QH KH 7D 9D QC KC AC 2S 5S 5H AS 9H 3C",
                    "AC AD 6C 6H JD QD 7H 4S JC JS 3S KD 4D 9S"], "7C", "2C")
    for action in (Discard(0, Card.parse("3C"), True), Draw(1, "stock"),
                   Discard(1, Card.parse("AC"), True), Draw(0, "discard"),
                   LayMelds(0, (cards("QC KC AC"),))):
        state = state.apply(action)
    rnd = state.round
    assert rnd is not None and rnd.turn_state.taken_used and not rnd.opened[0]
    legal = state.legal_actions()
    wild_meld = LayMelds(0, (cards("7D AC 9D"),))
    assert wild_meld in legal, [a for a in legal if isinstance(a, LayMelds)]
    state = state.apply(wild_meld).apply(LayMelds(0, (cards("TH JH QH KH"),)))
    assert state.round is not None and state.round.opened[0]


def test_a_meld_of_wild_cards_only_is_refused_for_its_wild_cards() -> None:
    """G-5: never all wild. Three or four jokers (gulf: jokers wild) are refused as too many
    wild cards, citing G-5, not as an unreadable meld (melds:50: all-wild passed the limit)."""
    gulf = make_ruleset("gulf")
    for written in ("X X X", "X X X X"):
        try:
            analyze(cards(written), wilds_for(gulf, None), gulf)
        except MeldError as e:
            assert str(e) == ("too many wild cards: at most one wild card in a three-card meld "
                              "and two in a longer one, never all wild (G-5)"), str(e)
            assert e.rules == ("G-5",)
        else:
            raise AssertionError(f"{written} was read as a meld")


def test_a_second_redeal_claim_waits_for_the_new_deal() -> None:
    """L-52: once a claim has voided the round, the state waits for the next deal and another
    claim is refused (kills ``dealing:47``, which let a claim through in any phase)."""
    game = Game.create("levant", {"rounds": 1, "redeal_pairs": True}, players=4)
    for i in range(300):
        state = game.new_match().deal_seeded(f"second-claim:{i}")
        claims = [a for a in state.legal_actions() if isinstance(a, ClaimRedeal)]
        if claims:
            after = state.apply(claims[0])
            assert after.phase is Phase.DEAL
            with pytest.raises(IllegalAction) as refused:
                after.apply(claims[0])
            assert refused.value.rules == ("L-52",)
            return
    pytest.fail("no hand entitled to a redeal in 300 deals")
