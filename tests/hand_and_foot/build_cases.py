#!/usr/bin/env python3
"""Build the Hand and Foot record cases of ``cases/`` (RULES.md HF-1…HF-13, every option).

    python tests/hand_and_foot/build_cases.py

Each case is ``{"id", "about", "record", "expect"}`` in the shape of
``spec/conformance/hand-and-foot/*.json``: ``expect.error`` is ``null`` or ``{"round": r,
"action_in": [...]}``, the other keys of ``expect`` are compared with the replay answer, and
``message_contains`` (when present) must be in the error's message. The deals are hand-made
(``hf_helpers.deal``: the cards that matter, the rest of the deck in a fixed order) and every
expectation is worked out by hand from the rule book, written next to the case; nothing here
asks the engine. ``test_hf_cases.py`` replays them (Python API, ``hand replay`` in-process and
as a subprocess).
"""

from __future__ import annotations

import json
import sys
from copy import deepcopy
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from hf_helpers import add, answer, ask, deal, discard, draw, meld, record, rnd, take  # noqa: E402
from test_hf_records import (  # noqa: E402
    GO_FEET,
    GO_HANDS,
    PAIRS,
    STOCK_HANDS,
    going_out,
    pile_record,
    stock_round,
)

OUT = HERE / "cases"
CASES: list[dict[str, Any]] = []
EMPTY = {"rounds": [], "finished": False, "winner": None}


def case(cid: str, about: str, rec: dict[str, Any], expect: dict[str, Any], **extra: Any) -> None:
    """Add one case."""
    CASES.append({"id": cid, "about": about, "record": rec, "expect": expect, **extra})


def err(round_: int, *actions: int | None) -> dict[str, Any]:
    """An expected error at round ``round_``, at one of ``actions``."""
    return {"error": {"round": round_, "action_in": list(actions)}}


def ok(**keys: Any) -> dict[str, Any]:
    """No error, and these keys of the answer."""
    return {"error": None, **keys}


# --------------------------------------------------------------------------- HF-1 players
TWO = ["KS KH KD AS AH AD 5C 6C 7C 8C 9C", "KC 5S 6S 7S 8S 9S TS JS QS 4H 5H"]


def two_players(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Two players (3 decks, 162 cards), dealer 1: seat 0 plays first."""
    d = deal(TWO, None, "4C", "TD TC JD JC", decks=3)
    return record([rnd(1, d, actions)], {"players": 2}, players=2)


TWO_OPEN = [draw(0), meld(0, "KS KH KD", "AS AH AD"), discard(0, "5C"), draw(1)]
case("hf1-two-players", "HF-1, HF-8: two players each alone (3 decks); seat 0 opens with "
     "K K K (30) and A A A (60) = 90 >= 50", two_players([*TWO_OPEN, discard(1, "4H")]),
     ok(team_totals=[0, 0], totals=[0, 0], **EMPTY))
case("hf1-two-players-no-partner-melds", "HF-1, HF-4: with two players the other seat's meld "
     "is another team's: seat 1 cannot add KC to it", two_players([*TWO_OPEN, add(1, "KC", 0)]),
     err(0, 4), message_contains="HF-4")
case("hf1-two-players-no-ask", "HF-1, HF-10: a player alone has nobody to ask",
     two_players([draw(0), ask(0)]), err(0, 1), message_contains="HF-10")
case("hf1-players-option-contradicts", "HF-1: option players=4 with a record of 2 players",
     {**two_players([]), "rules": {"preset": "hand-and-foot", "options": {"players": 4}}},
     {"error": {"round": None, "action_in": [None]}})

THREE = ["KS KH KD AS AH AD 5C 6C 7C 8C 9C", "KC 5S 6S 7S 8S 9S TS JS QS 4H 5H",
         "QC QD JC JD TC 9D 8D 7D 6D 5D 4D"]  # fmt: skip
case("hf1-three-players", "HF-1: three players each alone (4 decks, 216 cards), dealer 2: "
     "seat 0 first, then 1 and 2",
     record([rnd(2, deal(THREE, None, "4C", "TD TH JH JS 9H 9S", decks=4),
                 [draw(0), meld(0, "KS KH KD", "AS AH AD"), discard(0, "5C"), draw(1),
                  discard(1, "4H"), draw(2), discard(2, "4D")])], {"players": 3}, players=3),
     ok(team_totals=[0, 0, 0], totals=[0, 0, 0], **EMPTY))

SIX = [*GO_HANDS[:3], "KC 9S 9H 9D 5C TS TH TD 6C 7C 8C", "JS JH JD JC QS QH QD QC AS AH AD",
       GO_HANDS[3]]


def six_players(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Six players (7 decks, 378 cards), dealer 5: seat 0 first; teams i and i+3."""
    d = deal(SIX, None, "TC", "4S 4H 5S 5H 6S 6H 7S 7H", decks=7)
    return record([rnd(5, d, actions)], {"players": 6}, players=6)


SIX_OPEN = [draw(0), meld(0, "KS KH KD KC KS KH KD"), discard(0, "4S"), draw(1),
            discard(1, "JC"), draw(2), discard(2, "5S")]  # fmt: skip
case("hf1-six-players-partner", "HF-1, HF-8: six players (7 decks), seats 0 and 3 partners: "
     "seat 0 opens with a book of seven kings (70), so seat 3 lays 9S 9H 9D (30) with no "
     "minimum",
     six_players([*SIX_OPEN, draw(3), meld(3, "9S 9H 9D"), discard(3, "5C")]),
     ok(team_totals=[0, 0, 0], totals=[0] * 6, **EMPTY))
case("hf1-six-players-other-team", "HF-1, HF-8: seat 4 plays for team 1 (seats 1 and 4), "
     "which has not opened: JS JH JD (30) is below 50",
     six_players([*SIX_OPEN, draw(3), discard(3, "5C"), draw(4), meld(4, "JS JH JD"),
                  discard(4, "AS")]), err(0, 10, 11), message_contains="HF-8")
case("hf1-six-players-ask", "HF-1, HF-10: with six players seat 0's partner is seat 3",
     six_players([draw(0), ask(0), answer(3, True), discard(0, "4S")]),
     ok(team_totals=[0, 0, 0], **EMPTY))
case("hf1-six-players-wrong-partner", "HF-10: seat 2 is not seat 0's partner with six players",
     six_players([draw(0), ask(0), answer(2, True)]), err(0, 2), message_contains="HF-10")

# --------------------------------------------------------------------------- HF-1 decks
FOUR = ["KS KH KD AS AH AD 5C 6C 7C 8C 9C", "KC 5S 6S 7S 8S 9S TS JS QS 4H 5H",
        "QC QD JC JD TC 9D 8D 7D 6D 5D 4D", "JH TH 9H 8H 7H 6H 5D 4S 6S 7S 8S"]  # fmt: skip
case("hf1-decks-4", "HF-1: option decks=4 (216 cards) with four players",
     record([rnd(3, deal(FOUR, None, "4C", "TD 2C", decks=4), [draw(0), discard(0, "2C")])],
            {"decks": 4}), ok(team_totals=[0, 0], **EMPTY))
case("hf1-decks-mismatch", "HF-1: a deal of 5 decks (270 cards) under decks=4 is not the deck",
     record([rnd(3, deal(FOUR, None, "4C", "TD 2C", decks=5), [draw(0)])], {"decks": 4}),
     err(0, None))
case("hf1-decks-default-six", "HF-1: decks defaults to players + 1: 6 decks are not the deck "
     "of six players (7 decks)",
     record([rnd(5, deal(SIX, None, "TC", "4S", decks=6), [draw(0)])], {"players": 6},
            players=6), err(0, None))

# --------------------------------------------------------------------------- HF-2 the deal
BASE = deal(FOUR, None, "4C", "TD 2C")


def four(actions: list[dict[str, Any]], the_deal: dict[str, Any] | None = None,
         options: dict[str, Any] | None = None, dealer: int = 3) -> dict[str, Any]:
    """Four players (5 decks), ``dealer`` 3 by default: seat 0 first."""
    return record([rnd(dealer, deepcopy(the_deal or BASE), actions)], options)


bad = deepcopy(BASE)
bad["stock"].append(bad["hands"][0].pop())
case("hf2-ten-card-hand", "HF-2: every hand holds 11 cards", four([draw(0)], bad), err(0, None))
bad = deepcopy(BASE)
bad["stock"].append(bad["discard"])
bad["discard"] = bad["stock"].pop(1)  # 2C
case("hf2-wild-first-discard", "HF-2: the pile cannot start with a wild card",
     four([draw(0)], bad), err(0, None))
bad = deepcopy(BASE)
bad["stock"].append(bad["discard"])
bad["stock"].remove("3H")
bad["discard"] = "3H"
case("hf2-red-three-first-discard", "HF-2: the pile cannot start with a red three",
     four([draw(0)], bad), err(0, None))
case("hf2-first-player", "HF-2: dealer 3, so seat 0 plays first, not seat 3",
     four([draw(3)]), err(0, 0), message_contains="HF-6")
case("hf2-first-player-dealer-1", "HF-2: dealer 1, so seat 2 plays first",
     four([draw(2), discard(2, "2C")], dealer=1), ok(**EMPTY))
rec2 = going_out({"rounds": 2})
rec2["rounds"].append(rnd(3, deepcopy(BASE), [draw(0)]))
case("hf2-dealer-rotates", "HF-2: after dealer 3 the deal passes to seat 0, not seat 3 again",
     rec2, err(1, None))

# --------------------------------------------------------------------------- HF-3 red threes
RED = ["3H KS KH KD AS AH AD 5C 6C 7C 8C", "3D 5S 6S 7S 8S 9S TS JS QS 4H 5H",
       "QC QD JC JD TC 9D 8D 7D 6D 5D 4D", "JH TH 9H 8H 7H 6H 5D 4S 6S 7S 8S"]  # fmt: skip
RED_DEAL = deal(RED, None, "4C", "JC QH 9C TC 3D 5H KD TS")
case("hf3-red-threes-dealt", "HF-3: the red threes dealt are laid and replaced from the stock "
     "seat by seat from the first player: seat 0's 3H by JC, seat 1's 3D by QH; seat 0 "
     "then draws 9C TC",
     four([draw(0), discard(0, "JC"), draw(1), discard(1, "QH")], RED_DEAL), ok(**EMPTY))
case("hf3-red-three-not-in-hand", "HF-3: a red three is laid at once: it is never in the hand",
     four([draw(0), discard(0, "3H")], RED_DEAL), err(0, 1))
case("hf3-replacement-order", "HF-3: seat 0 (first) got JC, not QH",
     four([draw(0), discard(0, "QH")], RED_DEAL), err(0, 1))
case("hf3-red-three-drawn", "HF-3: seat 1 draws 3D 5H; the 3D is laid and replaced by KD",
     four([draw(0), discard(0, "JC"), draw(1), discard(1, "KD")], RED_DEAL), ok(**EMPTY))
BLOCK = pile_record("KS KH AD 9S 9H AC 7D 8D JC JD QC", "AC AS AH")
for top, what in (("3C", "black three"), ("2D", "wild 2"), ("X", "joker")):
    rec = deepcopy(BLOCK)
    hands = rec["rounds"][0]["deal"]["hands"]
    hands[3][0] = top
    rec["rounds"][0]["deal"]["stock"].remove(top)
    rec["rounds"][0]["deal"]["stock"].append("KD")
    rec["rounds"][0]["actions"][7] = discard(3, top)
    case(f"hf3-pile-blocked-{top.lower()}", f"HF-3: a {what} on top of the pile cannot be "
         "taken", rec, err(0, 8), message_contains="HF-3")
    rec = deepcopy(rec)
    rec["rounds"][0]["actions"][8:] = [draw(0), discard(0, "QC")]
    case(f"hf3-pile-blocked-{top.lower()}-draw", f"HF-3: under a {what} the next player draws",
         rec, ok(**EMPTY))

# --------------------------------------------------------------------------- HF-4, HF-5 melds
MELDS = ["KS KH KD KC KS KH KD KC KS KH X", "KC 5S 6S 7S 8S 9S TS JS QS 4H 5H",
         "QC QD JC JD TC 9D 8D 7D 6D 5D 4D", "JH TH 9H 8H 7H 6H 5D 4S 6S 7S 8S"]  # fmt: skip
MELD_DEAL = deal(MELDS, None, "4C", "2C 3S 3C AS")


def melds(*acts: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 (ten kings, a joker; draws 2C 3S) lays, then discards 3S."""
    return four([draw(0), *acts], MELD_DEAL)


case("hf4-meld-of-four-two-wilds", "HF-4: K K 2C X: as many naturals as wilds (100 >= 50)",
     melds(meld(0, "KS KH 2C X"), discard(0, "3S")), ok(**EMPTY))
case("hf4-wilds-outnumber", "HF-4: KS 2C X: more wilds than naturals",
     melds(meld(0, "KS 2C X")), err(0, 1), message_contains="HF-4")
case("hf4-add-wild-as-many", "HF-4: K K X (70), then 2C added: 2 naturals and 2 wilds",
     melds(meld(0, "KS KH X"), add(0, "2C", 0), discard(0, "3S")), ok(**EMPTY))
case("hf4-threes-never-melded", "HF-3, HF-4: black threes are never melded",
     melds(meld(0, "KS KH KD"), add(0, "3S", 0)), err(0, 2), message_contains="HF-4")
case("hf4-two-unfinished-of-a-rank", "HF-4: two unfinished melds of kings at once",
     melds(meld(0, "KS KH KD", "KC KS KH")), err(0, 1), message_contains="HF-4")
case("hf4-new-meld-after-book", "HF-4, HF-5: a book of seven kings, then a new meld of kings",
     melds(meld(0, "KS KH KD KC KS KH KD", "KC KS KH"), discard(0, "3S")), ok(**EMPTY))
case("hf4-mixed-ranks", "HF-4: one rank per meld", melds(meld(0, "KS KH AS")), err(0, 1),
     message_contains="HF-4")
case("hf4-two-cards", "HF-4: a new meld has at least 3 cards", melds(meld(0, "KS KH")),
     err(0, 1), message_contains="HF-4")
case("hf5-book-takes-no-more", "HF-5: a book of seven takes no more cards",
     melds(meld(0, "KS KH KD KC KS KH KD"), add(0, "KC", 0)), err(0, 2),
     message_contains="HF-5")
case("hf5-eight-cards", "HF-5: a meld holds at most 7 cards",
     melds(meld(0, "KS KH KD KC KS KH KD KC")), err(0, 1), message_contains="HF-5")
case("hf4-other-team-meld", "HF-4: seat 1 cannot add its KC to team 0's kings",
     melds(meld(0, "KS KH KD KC KS"), discard(0, "3S"), draw(1), add(1, "KC", 0)), err(0, 4),
     message_contains="HF-4")

# --------------------------------------------------------------------------- HF-6 the turn
case("hf6-draw-twice", "HF-6: one draw a turn", melds(draw(0)), err(0, 1),
     message_contains="HF-6")
case("hf6-take-after-draw", "HF-6: draw two or take the pile, not both",
     melds(take(0, "KS KH")), err(0, 1), message_contains="HF-6")
case("hf6-discard-before-draw", "HF-6: a turn begins by drawing or taking",
     four([discard(0, "5C")], MELD_DEAL), err(0, 0), message_contains="HF-6")
ONE = deepcopy(BLOCK)
ONE["rounds"][0]["actions"][8] = take(0, "KS 9S")
case("hf6-take-one-natural", "HF-6: the top card needs two naturals of its rank from hand",
     ONE, err(0, 8), message_contains="HF-6")
case("hf6-take-and-open", "HF-6, HF-8: KD KS KH (30) and the player's own AC with the pile's "
     "AS AH (20) open with 50", deepcopy(BLOCK), ok(**EMPTY))

# HF-6 [assumed] readings as options (RULES.md 2026-12-05): pile_take (seven cards in all, the
# top card included) and pile_meld (two naturals from hand, or any new meld with the top card).
# BLOCK's pile is 5C AD AS AH KD (bottom first): seat 0 lays KD with KS KH.
SEVEN = deepcopy(BLOCK)
SEVEN["rounds"][0]["actions"][10] = discard(0, "5C")
case("hf6-pile-take-seven", "HF-6 (pile_take=7, the default: seven cards in all): the pile's "
     "five cards are all taken, its bottom 5C too, so seat 0 may discard 5C", SEVEN,
     ok(**EMPTY))
THREE_TAKEN = deepcopy(SEVEN)
THREE_TAKEN["rules"]["options"] = {"pile_take": 3}
case("hf6-pile-take-three", "HF-6 (pile_take=3): KD and the two cards below it (AH AS) are "
     "taken; AD and 5C stay in the pile, so seat 0 cannot discard 5C", THREE_TAKEN,
     err(0, 10), message_contains="HF-6")
THREE_OK = deepcopy(BLOCK)
THREE_OK["rules"]["options"] = {"pile_take": 3}
case("hf6-pile-take-three-lays", "HF-6 (pile_take=3): AH and AS came with the pile: seat 0 "
     "lays AC AS AH and discards 4H", THREE_OK, ok(**EMPTY))
WILD_TAKE = pile_record("KS 2C AD 9S 9H AC 7D 8D JC JD QC", "AC AS AH")
WILD_TAKE["rounds"][0]["actions"][8] = take(0, "KS 2C")
case("hf6-pile-meld-naturals", "HF-6 (pile_meld=naturals, the default): the top KD needs two "
     "natural kings from hand, not KS and the wild 2C", deepcopy(WILD_TAKE), err(0, 8),
     message_contains="HF-6")
ANY = deepcopy(WILD_TAKE)
ANY["rules"]["options"] = {"pile_meld": "any"}
case("hf6-pile-meld-any", "HF-6 (pile_meld=any): KD KS 2C is a new meld (two naturals, one "
     "wild, HF-4): KD 10 + KS 10 + 2C 20 = 40, and the own AC 20 with the pile's AS AH: 60 "
     ">= 50 opens (HF-8)", ANY, ok(**EMPTY))
ANY_ONE = deepcopy(ANY)
ANY_ONE["rounds"][0]["actions"][8] = take(0, "2C")
case("hf6-pile-meld-any-two-cards", "HF-4, HF-6 (pile_meld=any): a new meld has three cards or "
     "more: the top card with one hand card is refused", ANY_ONE, err(0, 8),
     message_contains="HF-4")

# pile_pickup: seat 0 opens with kings and aces; seat 1 discards KC; seat 2 takes it onto
# team 0's meld of kings (pair-or-add) or would need a new meld of kings (pair: refused, the
# team's kings are unfinished).
PP = ["KS KH KD AS AH AD 5C 6C 7C 8C 9C", "KC 5S 6S 7S 8S 9S TS JS QS 4H 5H",
      "KS KH JC JD TC 9D 8D 7D 6D 5D 4D", "JH TH 9H 8H 7H 6H 5D 4S 6S 7S 8S"]  # fmt: skip
PP_DEAL = deal(PP, None, "4C", "TD TC JD JC QD QC")
PP_START = [draw(0), meld(0, "KS KH KD", "AS AH AD"), discard(0, "5C"), draw(1),
            discard(1, "KC")]  # fmt: skip
case("hf6-pair-or-add", "HF-6 (pile_pickup=pair-or-add): seat 2 adds the top KC to meld 0 and "
     "takes 5C and 4C below it", four([*PP_START, take(2, "", 0), discard(2, "5C")], PP_DEAL,
                                     {"pile_pickup": "pair-or-add"}), ok(**EMPTY))
case("hf6-pair-add-refused", "HF-6 (pile_pickup=pair): the top card is laid only as a new meld",
     four([*PP_START, take(2, "", 0)], PP_DEAL), err(0, 5), message_contains="HF-6")
case("hf6-pair-new-meld-refused", "HF-4, HF-6: a new meld of kings while the team's is "
     "unfinished", four([*PP_START, take(2, "KS KH")], PP_DEAL, {"pile_pickup": "pair"}),
     err(0, 5), message_contains="HF-4")
case("hf6-pair-or-add-pair-still-refused", "HF-4, HF-6: under pair-or-add too, not a second "
     "unfinished meld of kings", four([*PP_START, take(2, "KS KH")], PP_DEAL,
                                      {"pile_pickup": "pair-or-add"}), err(0, 5))

# --------------------------------------------------------------------------- HF-8 minimums
OPEN30 = four([draw(0), meld(0, "KS KH KD"), discard(0, "5C")], PP_DEAL)
case("hf8-below-50", "HF-8: K K K = 30 < 50 in round 1", OPEN30, err(0, 1, 2),
     message_contains="HF-8")
case("hf8-minimums-option", "HF-8 (minimums=[30]): K K K = 30 opens",
     four([draw(0), meld(0, "KS KH KD"), discard(0, "5C")], PP_DEAL, {"minimums": [30]}),
     ok(**EMPTY))
case("hf8-pile-cards-do-not-count", "HF-6, HF-8: the pile's AD AS AH do not count",
     pile_record("KS KH AD 9S 9H 6D 7D 8D JC JD QC", "AD AS AH"), err(0, 8, 9, 10),
     message_contains="HF-8")
case("hf8-identical-own-copy", "HF-8: holding its own AS and the pile's AS, one AS counts",
     pile_record("KS KH AD 9S 9H AS 7D 8D JC JD QC", "AS AS AH"), ok(**EMPTY))
case("hf8-opened-partner-no-minimum", "HF-4, HF-8: once seat 0 opened, its partner seat 2 "
     "adds KS KH (20) to the team's kings with no minimum",
     four([*PP_START, draw(2), add(2, "KS KH", 0), discard(2, "5D")], PP_DEAL), ok(**EMPTY))
# round 2 (minimum 90): after the going-out round, dealer 0, seat 1 plays first
R2 = ["4S 5S 6S 7S 8S 9S TS JS QS 4H 5H", "KS KH KD AS AH AD QS QH QD 5C 6C",
      "QC QD JC JD TC 9D 8D 7D 6D 5D 4D", "JH TH 9H 8H 7H 6H 5D 4S 6S 7S 8S"]  # fmt: skip
R2_DEAL = deal(R2, None, "4C", "TD TC JD JH")
rec = going_out({"rounds": 2})
rec["rounds"].append(rnd(0, R2_DEAL, [draw(1), meld(1, "KS KH KD", "AS AH AD"),
                                      discard(1, "5C")]))
case("hf8-round-two-90", "HF-8: round 2's minimum is 90: K K K + A A A = 90 opens", rec,
     ok(finished=False, team_totals=[1080, -345]))
rec = deepcopy(rec)
rec["rounds"][1]["actions"][1] = meld(1, "AS AH AD")
case("hf8-round-two-60-refused", "HF-8: A A A = 60 < 90 in round 2", rec, err(1, 1, 2),
     message_contains="HF-8")
rec = deepcopy(rec)
rec["rules"]["options"]["minimums"] = [50, 60]
case("hf8-round-two-minimums-option", "HF-8 (minimums=[50, 60]): A A A = 60 opens round 2",
     rec, ok(finished=False))

# --------------------------------------------------------------------------- HF-9 the foot
FOOT = ["KS KH KD KC AS AH AD QS QH QD JS", "KC 5S 6S 7S 8S 9S TS JS QS 4H 5H",
        "QC QD JC JD TC 9D 8D 7D 6D 5D 4D", "JH TH 9H 8H 7H 6H 5D 4S 6S 7S 8S"]  # fmt: skip
FOOT_FEET = ["9C 9C 9D TC TD TH 8C 8D 6C 6D 7C", *GO_FEET[1:]]
FOOT_DEAL = deal(FOOT, FOOT_FEET, "4C", "JH JD 5C 6H 4D 4H")
case("hf9-foot-by-melding", "HF-9: seat 0 melds all 13 cards (K K K K, A A A, Q Q Q, J J J "
     "= 40 + 60 + 30 + 30), picks up its foot and goes on: discards 7C from it",
     four([draw(0), meld(0, "KS KH KD KC", "AS AH AD", "QS QH QD", "JS JH JD"),
           discard(0, "7C"), draw(1), discard(1, "5H")], FOOT_DEAL), ok(**EMPTY))
case("hf9-foot-then-lay", "HF-9: from the foot it lays 9C 9C 9D in the same turn",
     four([draw(0), meld(0, "KS KH KD KC", "AS AH AD", "QS QH QD", "JS JH JD"),
           meld(0, "9C 9C 9D"), discard(0, "7C")], FOOT_DEAL), ok(**EMPTY))
case("hf9-foot-by-discard", "HF-9: seat 0 melds 12 cards (150) and discards KC: its foot is "
     "picked up and the turn ends; on its next turn it discards 7C from the foot",
     four([draw(0), meld(0, "KS KH KD", "AS AH AD", "QS QH QD", "JS JH JD"), discard(0, "KC"),
           draw(1), discard(1, "5H"), draw(2), discard(2, "4D"), draw(3), discard(3, "4S"),
           draw(0), discard(0, "7C")], FOOT_DEAL), ok(**EMPTY))
case("hf9-foot-not-yet", "HF-9: the foot's 7C is not in the hand before the pick-up",
     four([draw(0), discard(0, "7C")], FOOT_DEAL), err(0, 1), message_contains="HF-6")

# --------------------------------------------------------------------------- HF-10…HF-12
GO_1 = {"dealer": 3, "result": "out", "went_out": 0, "scores": [1080, -345],
        "books": [{"clean": 1, "dirty": 1}, {"clean": 0, "dirty": 0}], "red_threes": [0, 0]}
case("hf10-going-out", "HF-9, HF-10, HF-11: team 0's melds 320 + 500 clean + 300 dirty + 100 "
     "out - seat 2's hand 140 = 1080; team 1: -125 - 120 - 100 (a red three in seat 1's "
     "untouched foot) = -345; rounds=1 ends the match (HF-12)", going_out({"rounds": 1}),
     ok(rounds=[GO_1], team_totals=[1080, -345], totals=[1080, -345, 1080, -345],
        finished=True, winner=0))
case("hf11-untouched-foot-counts", "HF-11 (untouched_foot=counts): team 1 also loses its "
     "untouched feet's 90 + 70: -505", going_out({"untouched_foot": "counts", "rounds": 1}),
     ok(rounds=[{**GO_1, "scores": [1080, -505]}], team_totals=[1080, -505], winner=0,
        finished=True))
case("hf11-untouched-foot-free", "HF-11 (untouched_foot=free, the default, written out)",
     going_out({"untouched_foot": "free", "rounds": 1}), ok(rounds=[GO_1]))
case("hf12-four-rounds", "HF-12: the default match has 4 rounds: after one it goes on",
     going_out(), ok(rounds=[GO_1], team_totals=[1080, -345], finished=False, winner=None))
case("hf12-rounds-2", "HF-12 (rounds=2): one round played, not finished",
     going_out({"rounds": 2}), ok(rounds=[GO_1], finished=False, winner=None))
rec = going_out({"rounds": 1})
rec["rounds"].append(rnd(0, deepcopy(R2_DEAL), [draw(1)]))
case("hf12-after-the-match", "HF-12: no round after the last", rec, err(1, None))
rec = going_out()
rec["rounds"][0]["actions"][14] = answer(2, False)
case("hf10-partner-says-no", "HF-10 (ask_partner=binding): after a no, no going out this turn",
     rec, err(0, 15, 16), message_contains="HF-10")
rec = going_out({"ask_partner": "binding"})
rec["rounds"][0]["actions"][14] = answer(2, False)
rec["rounds"][0]["actions"][15:] = [meld(0, "9S 9H 9D"), discard(0, "TS")]
case("hf10-no-then-keep-playing", "HF-10: after the no seat 0 lays 9S 9H 9D and discards TS, "
     "keeping 9C", rec, ok(rounds=[]))
rec = going_out({"ask_partner": "off", "rounds": 1})
case("hf10-ask-off", "HF-10 (ask_partner=off): there is no asking", rec, err(0, 13),
     message_contains="HF-10")
rec = deepcopy(rec)
del rec["rounds"][0]["actions"][13:15]
case("hf10-ask-off-going-out", "HF-10 (ask_partner=off): going out needs no answer", rec,
     ok(rounds=[GO_1], finished=True, winner=0))
rec = going_out()
del rec["rounds"][0]["actions"][13:15]
case("hf10-ask-is-optional", "HF-10: asking is allowed, not required", rec, ok(rounds=[GO_1]))
rec = going_out()
rec["rounds"][0]["actions"][3] = meld(0, "JS JH JD", "9S 9H 9D")
case("hf10-partner-foot-first", "HF-9, HF-10: seat 2 has not picked up its foot: seat 0 may "
     "not run out of cards", rec, err(0, 3), message_contains="HF-10")
rec = going_out()
rec["rounds"][0]["actions"].append(draw(1))
case("hf10-round-over", "HF-10: nothing follows going out", rec, err(0, 17))

# --------------------------------------------------------------------------- HF-13 the stock
STOCK = "4S 4H " + " ".join(f"{a} {b}" for a, b in PAIRS) + " AD"
case("hf13-stock-ends-round", "HF-13, HF-11: the ninth draw finds one card: hands 140, 125, "
     "125, 85; +100 a red three each team; -200 for seat 3's foot's two red threes: -165, -310",
     stock_round(STOCK_HANDS, STOCK, {"rounds": 1}),
     ok(rounds=[{"dealer": 0, "result": "stock", "went_out": None, "scores": [-165, -310],
                 "books": [{"clean": 0, "dirty": 0}] * 2, "red_threes": [1, 1]}],
        team_totals=[-165, -310], totals=[-165, -310, -165, -310], finished=True, winner=0))
hands = list(STOCK_HANDS)
hands[3] = "X 2C 3S 3C 6S 6H 6D 6C 7S 7H 7D"
case("hf7-card-values", "HF-7, HF-11, HF-13: seat 3 ends with X 2C 3S 3C 6S 6H 6D 6C 7S 7H 7D "
     "9S 2S: 50 + 20 + 5 + 5 + 20 + 15 + 10 + 20 = 145; team 1: -125 - 145 + 100 - 200 = -370",
     stock_round(hands, STOCK, {"rounds": 1}),
     ok(rounds=[{"dealer": 0, "result": "stock", "went_out": None, "scores": [-165, -370],
                 "books": [{"clean": 0, "dirty": 0}] * 2, "red_threes": [1, 1]}],
        team_totals=[-165, -370], finished=True, winner=0))
hands = list(STOCK_HANDS)
hands[2] = "7C KS KH KD KC QS QH QD QC JS JH"
case("hf13-red-three-replacement", "HF-3, HF-13: the last draw brings 3H AD; the 3H cannot be "
     "replaced: -265, -230",
     stock_round(hands, "4S " + " ".join(f"{a} {b}" for a, b in PAIRS) + " 3H AD", {}),
     ok(rounds=[{"dealer": 0, "result": "stock", "went_out": None, "scores": [-265, -230],
                 "books": [{"clean": 0, "dirty": 0}] * 2, "red_threes": [0, 2]}],
        finished=False))

case("hf11-foot-red-threes-going-out-stock", "HF-11 (foot_red_threes=going-out): as "
     "hf13-stock-ends-round, but a red three in a foot never picked up costs 100 only when a "
     "player goes out: team 1 keeps the 200 of seat 3's foot: -125 - 85 + 100 = -110, and "
     "wins the match (HF-12)", stock_round(STOCK_HANDS, STOCK, {"rounds": 1,
                                                              "foot_red_threes": "going-out"}),
     ok(rounds=[{"dealer": 0, "result": "stock", "went_out": None, "scores": [-165, -110],
                 "books": [{"clean": 0, "dirty": 0}] * 2, "red_threes": [1, 1]}],
        team_totals=[-165, -110], finished=True, winner=1))
case("hf11-foot-red-threes-going-out-out", "HF-11 (foot_red_threes=going-out): seat 0 goes "
     "out, so the red three in seat 1's untouched foot still costs 100: as hf10-going-out",
     going_out({"rounds": 1, "foot_red_threes": "going-out"}),
     ok(rounds=[GO_1], team_totals=[1080, -345], finished=True, winner=0))
case("hf11-foot-red-threes-always", "HF-11 (foot_red_threes=always, the default, written out): "
     "as hf13-stock-ends-round, -200 for seat 3's foot at the stock end",
     stock_round(STOCK_HANDS, STOCK, {"rounds": 1, "foot_red_threes": "always"}),
     ok(rounds=[{"dealer": 0, "result": "stock", "went_out": None, "scores": [-165, -310],
                 "books": [{"clean": 0, "dirty": 0}] * 2, "red_threes": [1, 1]}]))

# HF-13 exactly: a player facing a short stock may take the pile instead of drawing. As
# hf13-stock-ends-round, but seat 0's last draw is 8S 2H and it discards 8S; with one card left
# in the stock seat 1 takes the pile with 8H 8D (30) and the six cards below (4C 4S 4H 4D 4C
# AS), lays 9S 9H 9D 9C (40: 70 >= 50, HF-8) and discards AS; seat 2's draw finds one card
# and ends the round. Hands: seat 0 KS..JD 9H 2H = 140; seat 1 8S 8C TS TH TD TD (60) 4S 4C 4S 4H
# 4D 4C (30) = 90; seat 2 125; seat 3 85. Team 0: -140 - 125 + 100 (3D) = -165; team 1: 70
# melded - 90 - 85 + 100 (3H) - 200 (seat 3's foot) = -205.
SHORT_STOCK = STOCK.replace("AH 2H", "8S 2H")
short = stock_round(STOCK_HANDS, SHORT_STOCK, {"rounds": 1})
short_actions = short["rounds"][0]["actions"]
short_actions[15] = discard(0, "8S")
short_actions[16:] = [take(1, "8H 8D"), meld(1, "9S 9H 9D 9C"), discard(1, "AS"), draw(2)]
case("hf13-take-facing-short-stock", "HF-13, HF-6: with one card in the stock seat 1 takes the "
     "pile instead of drawing; seat 2's draw from the one card ends the round: -165, -205",
     short,
     ok(rounds=[{"dealer": 0, "result": "stock", "went_out": None, "scores": [-165, -205],
                 "books": [{"clean": 0, "dirty": 0}] * 2, "red_threes": [1, 1]}],
        team_totals=[-165, -205], finished=True, winner=0))
after = deepcopy(short)
after["rules"]["options"] = {"decks": 2}  # four rounds: the match goes on, the round is over
after["rounds"][0]["actions"].append(discard(2, "AD"))
case("hf13-draw-from-one-card-draws-nothing", "HF-13: the draw from a stock of one card draws "
     "nothing (the AD stays in the stock) and ends the round: nothing follows it", after,
     err(0, 20), message_contains="HF-13")

# RECORD.md § Replaying: an error in the record's rules or players is at round null, action null
for cid, options, players, about in (
    ("hf-players-five", {}, 5, "HF-1: five players is not one of 2, 3, 4, 6"),
    ("hf-ask-partner-out-of-range", {"ask_partner": "sometimes"}, 4,
     "HF-10: ask_partner is binding or off"),
    ("hf-decks-one", {"decks": 1}, 4, "HF-1: decks is 2 or more"),
    ("hf-pile-take-zero", {"pile_take": 0}, 4, "HF-6: pile_take is 1 or more"),
    ("hf-pile-meld-out-of-range", {"pile_meld": "wild"}, 4, "HF-6: pile_meld is naturals or any"),
    ("hf-foot-red-threes-out-of-range", {"foot_red_threes": "never"}, 4,
     "HF-11: foot_red_threes is always or going-out"),
):
    rec = four([draw(0)], options=options)
    rec["players"] = players
    case(cid, f"RECORD.md: {about}; an error in the record's rules or players is reported at "
         "round null, action null", rec, {"error": {"round": None, "action_in": [None]}})

# --------------------------------------------------------------------------- malformed input
case("hf-unknown-verb", "RECORD.md: an unknown verb is an error, not a traceback",
     four([{"seat": 0, "pick": "stock"}]), err(0, 0))
case("hf-draw-discard-pile", "RECORD.md: the pile is taken with 'take', not draw: discard",
     four([{"seat": 0, "draw": "discard"}]), err(0, 0))
case("hf-unknown-card", "RECORD.md: an unknown card", four([draw(0), discard(0, "ZZ")]),
     err(0, 1))
case("hf-unknown-option", "RECORD.md: an unknown option is refused",
     four([draw(0)], options={"jokers": 4}), {"error": {"round": None, "action_in": [None]}})


def main() -> None:
    """Write every case as ``cases/<id>.json``."""
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    ids = [c["id"] for c in CASES]
    assert len(set(ids)) == len(ids), "duplicate case ids"
    for c in CASES:
        (OUT / f"{c['id']}.json").write_text(json.dumps(c, indent=1) + "\n", encoding="utf-8")
    print(f"{len(CASES)} cases in {OUT}")


if __name__ == "__main__":
    main()
