#!/usr/bin/env python3
"""Build our own `hand-record/1` conformance cases, computed by hand from RULES.md.

Standalone, stdlib only, deterministic.  Run:  python3 build_cases.py
It writes cases/<id>.json (pretty JSON, indent 1), each {"id","about","record","expect"}
plus "message_contains" for illegal-action cases.

Every deal is checked to be exactly the preset's deck.  A small card *bookkeeper* (not a
rules engine: it only moves cards between hands, stock, discard pile and melds, and follows
the seat order) replays each record to catch slips in building it (a card played that is not
in hand, a seat out of order, a round that does not end where the case says), and the hand
sums that the expected scores rely on are re-added by a helper and compared with the numbers
written by hand.
"""

import json
import os
import random
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "cases")

RANKS = "A23456789TJQK"
SUITS = "SHDC"

PRESETS = {
    "levant": {"jokers": 2, "wilds": "indicator", "deal": "14+1", "stock_end": "players"},
    "gulf": {"jokers": 4, "wilds": "jokers", "deal": "13+upcard", "stock_end": "players"},
    "four-jokers": {"jokers": 4, "wilds": "jokers", "deal": "14+1", "stock_end": "players"},
}


def C(s):
    """'AS 2S X' -> ['AS', '2S', 'X']"""
    return s.split()


def build_deck(preset, options=None):
    """levant: 2 x 52 + 2 jokers = 106; gulf / four-jokers: 2 x 52 + 4 jokers = 108.
    options may override the number of jokers (O-2 'no-jokers' with jokers=0: 104)."""
    opts = dict(PRESETS[preset])
    opts.update(options or {})
    if opts.get("wilds") == "no-jokers" and "jokers" not in (options or {}):
        opts["jokers"] = 0  # not given, it means jokers=0 (RULES.md, O-2)
    cards = [r + s for s in SUITS for r in RANKS] * 2 + ["X"] * opts["jokers"]
    return cards


def wild_cards(opts, indicator):
    """The cards that are wild in this round (for the bookkeeper and the hand sums)."""
    if opts["wilds"] == "jokers":
        return {"X"}
    if opts["wilds"] == "no-jokers":
        return {"A" + indicator[1]}
    # indicator
    if indicator[0] == "A":
        return {"X"}
    return {"A" + indicator[1]}


# ----------------------------------------------------------------------------------------
# Penalty helpers (used only to re-add the sums written by hand in the cases)


def std_value(card, wilds, ace_in_hand=11):
    """L-85 / F-9: wild 15, natural ace 11 (or O-3 10), K Q J T 10, pips face value.
    A joker that is not wild (levant, indicator not an ace) is a natural ace (L-21)."""
    if card in wilds:
        return 15
    if card == "X" or card[0] == "A":
        return ace_in_hand
    if card[0] in "TJQK":
        return 10
    return int(card[0])


def gulf_value(card):
    """G-6 / G-7: A 15, K Q J T 10, pips face value, joker 25."""
    if card == "X":
        return 25
    if card[0] == "A":
        return 15
    if card[0] in "TJQK":
        return 10
    return int(card[0])


# ----------------------------------------------------------------------------------------


class Case:
    def __init__(self, cid, about, preset="levant", players=2, options=None, partnership=False):
        self.id = cid
        self.about = about
        self.preset = preset
        self.players = players
        self.options = dict(options or {})
        self.partnership = partnership
        self.opts = dict(PRESETS[preset])
        self.opts.update(self.options)
        self.rounds = []
        self.expect = None
        self.message = None
        self.hand_checks = []  # (round, seat, expected_sum, valuefn)
        self.loose_from = None  # bookkeeping slips tolerated from this (round, index) on

    # -- dealing ---------------------------------------------------------------------
    def deal(self, dealer, hands, indicator=None, upcard=None, top="", seed=None, extra=None):
        """hands: one string per seat (cards given explicitly; the rest of the hand is
        filled from the cards left over).  top: the cards at the top of the stock, in
        the order they will be drawn.  The remaining cards go below, shuffled with a
        fixed seed.  Asserts that everything together is exactly the deck."""
        n = self.players
        deck = build_deck(self.preset, self.options)
        if self.opts["deal"] == "14+1":
            sizes = [14] * n
            sizes[(dealer + 1) % n] = 15
        else:
            sizes = [13] * n
        given = [C(h) for h in hands]
        assert len(given) == n, (self.id, "hands")
        for s in range(n):
            assert len(given[s]) <= sizes[s], (self.id, s, len(given[s]), sizes[s])
        left = Counter(deck)

        def take(card):
            assert left[card] > 0, (self.id, "card not available", card)
            left[card] -= 1

        for h in given:
            for c in h:
                take(c)
        if indicator is not None:
            take(indicator)
        if upcard is not None:
            take(upcard)
        top = C(top)
        for c in top:
            take(c)
        rest = sorted(
            left.elements(), key=lambda c: (c == "X", SUITS.find(c[-1]), RANKS.find(c[0]))
        )
        rng = random.Random(
            seed if seed is not None else len(self.rounds) * 7919 + sum(map(ord, self.id))
        )
        rng.shuffle(rest)
        final = []
        for s in range(n):
            h = list(given[s])
            while len(h) < sizes[s]:
                h.append(rest.pop())
            final.append(h)
        stock = top + rest
        d = {"hands": final}
        if indicator is not None:
            d["indicator"] = indicator
        if upcard is not None:
            d["discard"] = upcard
        d["stock"] = stock
        # the whole deal must be exactly the deck
        allc = [c for h in final for c in h] + stock
        if indicator is not None:
            allc.append(indicator)
        if upcard is not None:
            allc.append(upcard)
        if extra != "not-the-deck":
            assert Counter(allc) == Counter(deck), (self.id, "deal is not the deck")
        rnd = {"dealer": dealer, "deal": d, "actions": []}
        self.rounds.append(rnd)
        return rnd

    # -- actions -----------------------------------------------------------------------
    def _act(self, seat, **kw):
        a = {"seat": seat}
        a.update(kw)
        acts = self.rounds[-1]["actions"]
        acts.append(a)
        return len(acts) - 1

    def d(self, seat, card, announce=None):
        if announce is None:
            return self._act(seat, discard=card)
        return self._act(seat, discard=card, announce=announce)

    def d2(self, seat, first, second):
        """The two-card final discard of the O-11 two-wilds bonus."""
        return self._act(seat, discard=[first, second])

    def s(self, seat):
        return self._act(seat, draw="stock")

    def p(self, seat):
        return self._act(seat, draw="discard")

    def m(self, seat, *melds):
        return self._act(seat, meld=[C(x) for x in melds])

    def add(self, seat, card, to, end=None):
        if end is None:
            return self._act(seat, add=card, to=to)
        return self._act(seat, add=card, to=to, end=end)

    def sw(self, seat, cards, at):
        return self._act(seat, swap=C(cards), at=at)

    def rd(self, seat):
        return self._act(seat, redeal=True)

    def idx(self):
        return len(self.rounds[-1]["actions"])

    # -- expectations ------------------------------------------------------------------
    def check_hand(self, rnd, seat, total, values="std", ace_in_hand=11):
        self.hand_checks.append((rnd, seat, total, values, ace_in_hand))

    def ok(self, rounds=(), totals=None, team_totals=None, finished=False, winner=None):
        e = {"error": None, "rounds": list(rounds)}
        if totals is None and not self.partnership:
            totals = [0] * self.players
        if totals is not None:
            e["totals"] = totals
        e["team_totals"] = team_totals
        e["finished"] = finished
        e["winner"] = winner
        self.expect = e
        # sanity: totals are the sums of the round scores
        if not self.partnership and totals is not None:
            sums = [0] * self.players
            for r in rounds:
                if r["result"] == "won":
                    sums = [a + b for a, b in zip(sums, r["scores"], strict=False)]
            assert sums == totals, (self.id, sums, totals)
        if self.partnership and team_totals is not None:
            tt = [0, 0]
            for r in rounds:
                if r["result"] == "won":
                    tt[0] += r["scores"][0] + r["scores"][2]
                    tt[1] += r["scores"][1] + r["scores"][3]
            assert tt == team_totals, (self.id, tt, team_totals)

    def err(self, rnd, idxs, message, rounds=None, loose=True):
        e = {"error": {"round": rnd, "action_in": list(idxs)}}
        if rounds is not None:
            e["rounds"] = list(rounds)
        self.expect = e
        self.message = message
        first = min([i for i in idxs if i is not None], default=-1)
        self.loose_from = (rnd, first) if loose else None

    # -- output ------------------------------------------------------------------------
    def record(self):
        rules = {"preset": self.preset}
        if self.options:
            rules["options"] = self.options
        return {
            "format": "hand-record/1",
            "rules": rules,
            "players": self.players,
            "partnership": self.partnership,
            "rounds": self.rounds,
        }

    def to_json(self):
        out = {"id": self.id, "about": self.about, "record": self.record(), "expect": self.expect}
        if self.message:
            out["message_contains"] = self.message
        return out


def won(dealer, winner, hand, scores, multiplier=1):
    return {
        "dealer": dealer,
        "result": "won",
        "winner": winner,
        "hand": hand,
        "multiplier": multiplier,
        "scores": scores,
    }


def void(dealer, reason):
    return {"dealer": dealer, "result": "void", "reason": reason}


# ----------------------------------------------------------------------------------------
# Bookkeeper: moves cards only.  It knows the seat order, the 14+1 / 13+upcard start and
# when the stock rule ends a round, so that a slip in building a case shows up here.


class Slip(Exception):
    pass


def bookkeep(case):
    n = case.players
    report = []
    for ri, rnd in enumerate(case.rounds):
        deal = rnd["deal"]
        if "indicator" not in deal and case.opts["wilds"] != "jokers":
            report.append((ri, None, "no indicator"))
            continue
        if deal.get("indicator") == "X":
            report.append((ri, None, "joker indicator"))
            continue
        wilds = wild_cards(case.opts, deal.get("indicator"))
        hands = [list(h) for h in deal["hands"]]
        stock = list(deal["stock"])
        pile = [deal["discard"]] if "discard" in deal else []
        melds = []
        first = (rnd["dealer"] + 1) % n
        turn = first
        drawn = case.opts["deal"] == "14+1"  # first player of 14+1 starts with a discard
        ended = None
        for ai, a in enumerate(rnd["actions"]):
            tolerate = case.loose_from is not None and (ri, ai) >= case.loose_from
            try:
                if ended is not None:
                    raise Slip(f"action after the round ended ({ended})")
                seat = a["seat"]
                h = hands[seat]

                def rm(card):
                    if card not in h:
                        raise Slip("seat %d has no %s" % (seat, card))
                    h.remove(card)

                if "redeal" in a:
                    ended = "void redeal"
                    continue
                if seat != turn:
                    raise Slip("seat %d plays out of turn (turn of %d)" % (seat, turn))
                if "draw" in a:
                    if drawn:
                        raise Slip("second draw")
                    if a["draw"] == "stock":
                        h.append(stock.pop(0))
                    else:
                        h.append(pile.pop())
                    drawn = True
                elif "meld" in a:
                    for ml in a["meld"]:
                        for c in ml:
                            rm(c)
                        melds.append(list(ml))
                elif "add" in a:
                    rm(a["add"])
                    if a.get("end") == "low":
                        melds[a["to"]].insert(0, a["add"])
                    else:
                        melds[a["to"]].append(a["add"])
                elif "swap" in a:
                    ml = melds[a["at"]]
                    w = [c for c in ml if c in wilds]
                    if not w:
                        raise Slip("no wild in meld %d" % a["at"])
                    for c in a["swap"]:
                        rm(c)
                    ml.remove(w[0])
                    ml.extend(a["swap"])
                    h.append(w[0])
                elif "discard" in a:
                    if not drawn:
                        raise Slip("discard before draw")
                    gone = a["discard"] if isinstance(a["discard"], list) else [a["discard"]]
                    for x in gone:  # two wild cards together only under two-wilds (O-11)
                        rm(x)
                        pile.append(x)
                    if not h:
                        ended = "won by %d" % seat
                    elif case.opts["stock_end"] == "players" and len(stock) == n:
                        ended = "void stock"
                    elif case.opts["stock_end"] == "empty" and len(stock) == 0:
                        ended = "void stock"
                    turn = (seat + 1) % n
                    drawn = False
                else:
                    raise Slip(f"unknown verb {a!r}")
            except Slip as e:
                if not tolerate:
                    raise Slip("%s round %d action %d: %s" % (case.id, ri, ai, e))
                report.append((ri, ai, str(e)))
        report.append((ri, "end", ended, [list(x) for x in hands]))
    return report


def verify(case):
    error = (case.expect or {}).get("error")
    if error is not None and error["round"] is None:
        return []  # the rules or players are refused: nothing is played (RECORD.md)
    rep = bookkeep(case)
    ends = [r for r in rep if r[1] == "end"]
    exp = case.expect
    # rounds the case says have ended must be the rounds the bookkeeper saw end
    if exp.get("rounds") is not None:
        for i, r in enumerate(exp["rounds"]):
            e = ends[i][2]
            if r["result"] == "won":
                assert e == "won by %d" % r["winner"], (case.id, i, e)
            else:
                assert e == "void " + r["reason"], (case.id, i, e)
            assert case.rounds[i]["dealer"] == r["dealer"], (case.id, i)
        if exp["error"] is None:
            nxt = len(exp["rounds"])
            if nxt < len(ends):
                assert ends[nxt][2] is None, (case.id, "round %d ended" % nxt, ends[nxt])
    for ri, seat, total, values, ace in case.hand_checks:
        hands = ends[ri][3]
        opts = case.opts
        ind = case.rounds[ri]["deal"].get("indicator")
        wl = wild_cards(opts, ind)
        if values == "gulf":
            got = sum(gulf_value(c) for c in hands[seat])
        else:
            got = sum(std_value(c, wl, ace) for c in hands[seat])
        assert got == total, (case.id, "seat", seat, hands[seat], got, total)
    return rep


CASES = []


def case(*a, **k):
    c = Case(*a, **k)
    CASES.append(c)
    return c


# ========================================================================================
# The cases.  Unless said otherwise: levant, 2 players, dealer 0, so seat 1 plays first
# with 15 cards and opens the round with a discard (L-60); seat 0 has 14.  Indicator 7C
# (both AC wild, each joker a natural AC).  "aN" in the texts is action index N.

IND = "7C"


def opening_skeleton(c, s1_first, s1_melds, s1_disc, s0_disc):
    """a0 s1 discards; a1/a2 s0 draws and discards; a3 s1 draws; a4 s1 melds; a5 s1
    discards.  Returns the index of s1's meld."""
    c.d(1, s1_first)
    c.s(0)
    c.d(0, s0_disc)
    c.s(1)
    i = c.m(1, *s1_melds)
    c.d(1, s1_disc)
    return i


# --- L-11 -------------------------------------------------------------------------------
c = case(
    "l11-ace-low-high-opening-51",
    "L-11, L-3, L-63: an ace plays low (A-2-3-4) and high (Q-K-A); the ace counts 11 "
    "either way, so AS 2S 3S 4S = 11+2+3+4 = 20 and QH KH AH = 10+10+11 = 31 open with "
    "exactly 20+31 = 51, the minimum (legal).",
)
c.deal(0, ["", "AS 2S 3S 4S QH KH AH 9D 6C 2H 5D TS 8S JC 3D"], IND, top="5C KD")
opening_skeleton(c, "3D", ["AS 2S 3S 4S", "QH KH AH"], "KD", "5C")
c.ok()

c = case(
    "l11-no-wrap-meld",
    "L-11: K-A-2 is not a run (the ace is never in the middle). Seat 1 opens legally "
    "(TD JD QD KD 40 + 9H 9S 9C 27 = 67) at a4, then tries to lay KS AS 2S at a5: refused.",
)
c.deal(0, ["", "TD JD QD KD 9H 9S 9C KS AS 2S 4H 6D 8C 3S 5C"], IND, top="JH 2D")
opening_skeleton(c, "5C", ["TD JD QD KD", "9H 9S 9C"], "2D", "JH")
c.rounds[-1]["actions"].pop()  # no discard: the next action is the bad meld
i = c.m(1, "KS AS 2S")
c.d(1, "2D")
c.err(0, [i], "L-11")

c = case(
    "l11-no-wrap-add",
    "L-11: after opening with QS KS AS (31) + TD JD QD KD (40) = 71, seat 1 tries to add "
    "2S to QS KS AS (a5): a run cannot wrap from A to 2, refused.",
)
c.deal(0, ["", "QS KS AS TD JD QD KD 2S 4H 6D 8C 3S 5C 9H 7D"], IND, top="JH 2D")
opening_skeleton(c, "9H", ["QS KS AS", "TD JD QD KD"], "2D", "JH")
c.rounds[-1]["actions"].pop()
i = c.add(1, "2S", 0)
c.d(1, "2D")
c.err(0, [i], "L-11")

# --- L-12 / L-13 ------------------------------------------------------------------------
c = case(
    "l12-identical-cards-in-set",
    "L-12: a set never holds two identical cards; 9H 9S 9H laid with TD JD QD KD at a4 is refused.",
)
c.deal(0, ["", "TD JD QD KD 9H 9S 9H 2C 4S 6D 8S 3C 5S JS 7H"], IND, top="JH 2D")
i = opening_skeleton(c, "7H", ["TD JD QD KD", "9H 9S 9H"], "2D", "JH")
c.err(0, [i], "L-12")

c = case(
    "l13-run-not-ascending",
    "L-13 / RECORD.md: a run is laid in ascending order. After a legal opening "
    "(TD JD QD KD 40 + 8S 8H 8D 24 = 64), seat 1 lays 6H 5H 4H (descending) at a5: refused.",
)
c.deal(0, ["", "TD JD QD KD 8S 8H 8D 6H 5H 4H 2C 3S 9C JS QC"], IND, top="JH 2D")
opening_skeleton(c, "QC", ["TD JD QD KD", "8S 8H 8D"], "2D", "JH")
c.rounds[-1]["actions"].pop()
i = c.m(1, "6H 5H 4H")
c.d(1, "2D")
c.err(0, [i], "L-13")

# --- L-13 / L-31 / L-32: the wild's position fixes its value ----------------------------
c = case(
    "l31-wild-high-end-opening-51",
    "L-13, L-31: indicator QS, so AS is wild. 9C TC AS laid in that order puts the wild at "
    "the high end (JC): 9+10+10 = 29; with 4D 5D 6D 7D (22) the opening is 29+22 = 51, legal.",
)
c.deal(0, ["", "9C TC AS 4D 5D 6D 7D 2H 3S 8H JS KC 6S 9H 2C"], "QS", top="5C KD")
opening_skeleton(c, "2C", ["9C TC AS", "4D 5D 6D 7D"], "KD", "5C")
c.ok()

c = case(
    "l31-wild-low-end-opening-49",
    "L-13, L-31, L-63: the same cards laid as AS 9C TC put the wild at the low end (8C): "
    "8+9+10 = 27; with 4D 5D 6D 7D (22) the opening is 27+22 = 49 < 51, refused.",
)
c.deal(0, ["", "9C TC AS 4D 5D 6D 7D 2H 3S 8H JS KC 6S 9H 2C"], "QS", top="5C KD")
i = opening_skeleton(c, "2C", ["AS 9C TC", "4D 5D 6D 7D"], "KD", "5C")
c.err(0, [i, i + 1], "L-63")

c = case(
    "l32-wild-in-set-opening-51",
    "L-32: indicator QS; AS 7S 7D counts 7+7+7 = 21 (the wild is one 7); with JH QH KH (30) "
    "the opening is 21+30 = 51, legal.",
)
c.deal(0, ["", "AS 7S 7D JH QH KH 9C TC JC 2D 3H 5C 8S 4H 6D"], "QS", top="5H KD")
opening_skeleton(c, "6D", ["AS 7S 7D", "JH QH KH"], "KD", "5H")
c.ok()

c = case(
    "l32-wild-in-set-opening-50",
    "L-32, L-63: indicator QS; AS 7S 7D counts 21 (not 7+7+15 = 29); with 9C TC JC (29) "
    "the opening is 21+29 = 50 < 51, refused.",
)
c.deal(0, ["", "AS 7S 7D JH QH KH 9C TC JC 2D 3H 5C 8S 4H 6D"], "QS", top="5H KD")
i = opening_skeleton(c, "6D", ["AS 7S 7D", "9C TC JC"], "KD", "5H")
c.err(0, [i, i + 1], "L-63")

# --- L-21 .. L-25: the indicator ---------------------------------------------------------
c = case(
    "l23-two-wilds",
    "L-23: one wild per meld. After a legal opening (TD JD QD KD 40 + 8S 8H 8D 24), seat 1 "
    "lays 5H AC AC 8H (two wild AC, indicator 7C) at a5: refused.",
)
c.deal(0, ["", "TD JD QD KD 8S 8H 8D 5H AC AC 8H 2S 3D 4C 9S"], IND, top="JH 2D")
opening_skeleton(c, "9S", ["TD JD QD KD", "8S 8H 8D"], "2D", "JH")
c.rounds[-1]["actions"].pop()
i = c.m(1, "5H AC AC 8H")
c.d(1, "2D")
c.err(0, [i], "L-23")

c = case(
    "l24-indicator-melds",
    "L-21, L-24: indicator 7C. Opening JC AC KC X = 10+10(AC=QC)+10+11(X = natural AC) = 41, "
    "AS AD AH X (X = natural AC) = 44, 5S 5C AC (AC = a 5) = 15; 41+44+15 = 100, legal.",
)
c.deal(0, ["", "JC AC KC X AS AD AH X 5S 5C AC 2D 9H 3S 6H"], IND, top="5H KD")
opening_skeleton(c, "6H", ["JC AC KC X", "AS AD AH X", "5S 5C AC"], "KD", "5H")
c.ok()

c = case(
    "l21-joker-not-wild",
    "L-21: with indicator 7C the jokers are natural AC, not wild: 7D X 9D is not a run. "
    "Laid with a valid 64-point opening at a4: refused.",
)
c.deal(0, ["", "TD JD QD KD 8S 8H 8D 7D X 9D 2S 3H 4C 6S JH"], IND, top="5H KD")
i = opening_skeleton(c, "JH", ["TD JD QD KD", "8S 8H 8D", "7D X 9D"], "KD", "5H")
c.err(0, [i], "L-21")

c = case(
    "l25-ace-indicator-melds",
    "L-22, L-25: indicator AC: the jokers are wild, every ace natural. Opening 7D X 9D (24) + "
    "5S 5H X (15) + QC KC AC (natural AC high, 31) = 70, legal.",
)
c.deal(0, ["", "7D X 9D 5S 5H X QC KC AC 2H 4S 6D 8H 3C TS"], "AC", top="5D KD")
opening_skeleton(c, "TS", ["7D X 9D", "5S 5H X", "QC KC AC"], "KD", "5D")
c.ok()

c = case(
    "l22-ace-indicator-ace-natural",
    "L-22, L-25: indicator AC: AC is only a natural ace, so 5S 5H AC is not a set. Laid with "
    "a valid 64-point opening at a4: refused.",
)
c.deal(0, ["", "TD JD QD KD 8S 8H 8D 5S 5H AC 2H 4S 6C 3C TS"], "AC", top="5D KD")
i = opening_skeleton(c, "TS", ["TD JD QD KD", "8S 8H 8D", "5S 5H AC"], "KD", "5D")
c.err(0, [i], "L-22")

# --- L-40 .. L-43: taking a wild from the table ------------------------------------------
# Layout: seat 1 opens at a4 (meld 0 holds the wild); seat 0 opens at a7 and swaps at a8.

S1_RUN = "7D AC 9D TS JS QS KS 2C 3C 4C 6H 6S 6D 9S 8H"


def swap_setup(
    c,
    s1_hand,
    s1_melds,
    s0_hand,
    s0_melds,
    top="KC JD 2D 5C",
    s1_first="8H",
    s1_disc="JD",
    s0_disc1="KC",
    ind=IND,
    options_note=None,
):
    c.deal(0, [s0_hand, s1_hand], ind, top=top)
    c.d(1, s1_first)  # a0
    c.s(0)  # a1
    c.d(0, s0_disc1)  # a2
    c.s(1)  # a3
    c.m(1, *s1_melds)  # a4
    c.d(1, s1_disc)  # a5
    c.s(0)  # a6
    return c.m(0, *s0_melds)  # a7


c = case(
    "l40-swap-run-keep-wild",
    "L-40, L-41, L-33, L-85: seat 1 opens 7D AC 9D (AC = 8D, 24) + TS JS QS KS (40) = 64. "
    "Seat 0 opens TH JH QH KH (40) + 5C 5D 5S (15) = 55 at a7, puts 8D in place of the wild "
    "(a8) and keeps AC in hand. Seat 1 goes out at a12 (partial, -30). Seat 0 holds "
    "2H 3D 4S 6C 9H 7S AC = 2+3+4+6+9+7+15 = 46.",
)
swap_setup(
    c,
    S1_RUN,
    ["7D AC 9D", "TS JS QS KS"],
    "TH JH QH KH 5C 5D 5S 8D 2H 3D 4S 6C 9H 7S",
    ["TH JH QH KH", "5C 5D 5S"],
)
c.sw(0, "8D", 0)  # a8
c.d(0, "2D")  # a9
c.s(1)  # a10 draws 5C
c.m(1, "2C 3C 4C 5C", "6H 6S 6D")
c.d(1, "9S")
c.check_hand(0, 0, 46)
c.ok([won(0, 1, "partial", [46, -30])], [46, -30])

for cid, opts, note in [
    ("l41-swap-then-meld", {}, "L-41"),
    ("o7-swap-must-reuse-ok", {"swap_must_reuse": True}, "O-7 (swap_must_reuse=true)"),
]:
    c = case(
        cid,
        note + ": as l40-swap-run-keep-wild, but seat 0 lays the wild AC at once in a new "
        "meld 2H 3H AC (AC = 4H, a9). Seat 1 goes out at a13 (partial, -30); seat 0 holds "
        "4S 6C 9H 7S = 4+6+9+7 = 26.",
        options=opts,
    )
    swap_setup(
        c,
        S1_RUN,
        ["7D AC 9D", "TS JS QS KS"],
        "TH JH QH KH 5C 5D 5S 8D 2H 3H 4S 6C 9H 7S",
        ["TH JH QH KH", "5C 5D 5S"],
    )
    c.sw(0, "8D", 0)
    c.m(0, "2H 3H AC")
    c.d(0, "2D")
    c.s(1)
    c.m(1, "2C 3C 4C 5C", "6H 6S 6D")
    c.d(1, "9S")
    c.check_hand(0, 0, 26)
    c.ok([won(0, 1, "partial", [26, -30])], [26, -30])

c = case(
    "o7-swap-must-reuse-refused",
    "O-7 (swap_must_reuse=true): seat 0 swaps 8D for the wild AC of 7D AC 9D (a8) and ends "
    "the turn with AC still in hand (a9): refused.",
    options={"swap_must_reuse": True},
)
swap_setup(
    c,
    S1_RUN,
    ["7D AC 9D", "TS JS QS KS"],
    "TH JH QH KH 5C 5D 5S 8D 2H 3D 4S 6C 9H 7S",
    ["TH JH QH KH", "5C 5D 5S"],
)
i = c.sw(0, "8D", 0)
c.d(0, "2D")
c.err(0, [i, i + 1], "O-7")

c = case(
    "l40-swap-wrong-card",
    "L-40: the wild of 7D AC 9D stands for 8D; seat 0 (opened at a7, 55) offers 8H at a8: refused.",
)
swap_setup(
    c,
    S1_RUN,
    ["7D AC 9D", "TS JS QS KS"],
    "TH JH QH KH 5C 5D 5S 8H 2H 3D 4S 6C 9H 7S",
    ["TH JH QH KH", "5C 5D 5S"],
)
i = c.sw(0, "8H", 0)
c.d(0, "2D")
c.err(0, [i], "L-40")

c = case(
    "l63-swap-before-opening",
    "L-63: seat 0 has not opened; it swaps 8D for the wild of 7D AC 9D (a7) and only then "
    "opens TH JH QH KH + 5C 5D 5S (a8). A swap before opening is refused (reported at the "
    "swap or at the discard).",
)
c.deal(0, ["TH JH QH KH 5C 5D 5S 8D 2H 3D 4S 6C 9H 7S", S1_RUN], IND, top="KC JD 2D 5C")
opening_skeleton(c, "8H", ["7D AC 9D", "TS JS QS KS"], "JD", "KC")
c.s(0)
i = c.sw(0, "8D", 0)
c.m(0, "TH JH QH KH", "5C 5D 5S")
j = c.d(0, "2D")
c.err(0, [i, j], "L-63")

S1_PAIR = "5S 5C AC TS JS QS KS 2C 3C 4C 6H 6S 6D 9S 8H"
c = case(
    "l40-swap-pair-one-card-refused",
    "L-40: in 5S 5C AC (two equal + wild) the wild can only be taken by putting both "
    "missing fives. Seat 1 opens 5S 5C AC (15) + TS JS QS KS (40) = 55; seat 0 opens "
    "TH JH QH KH + 8C 8D 8S = 64 and offers only 5H (a8): refused.",
)
swap_setup(
    c,
    S1_PAIR,
    ["5S 5C AC", "TS JS QS KS"],
    "TH JH QH KH 8C 8D 8S 5H 5D 2H 3D 4S 9H 7S",
    ["TH JH QH KH", "8C 8D 8S"],
)
i = c.sw(0, "5H", 0)
c.d(0, "2D")
c.err(0, [i], "L-40")

c = case(
    "l40-swap-pair-both",
    "L-40: as l40-swap-pair-one-card-refused, but seat 0 puts 5H and 5D (a8), making "
    "5S 5C 5H 5D, and takes AC: legal.",
)
swap_setup(
    c,
    S1_PAIR,
    ["5S 5C AC", "TS JS QS KS"],
    "TH JH QH KH 8C 8D 8S 5H 5D 2H 3D 4S 9H 7S",
    ["TH JH QH KH", "8C 8D 8S"],
)
c.sw(0, "5H 5D", 0)
c.d(0, "2D")
c.ok()

c = case(
    "l43-three-plus-wild-swap",
    "L-43, L-40: seat 1 opens QD QS QH AC (three queens + wild, 40) + 2S 3S 4S 5S (14) = 54; "
    "seat 0 opens 8D 9D TD JD (37) + 7S 7H 7D (21) = 58 and takes the wild with the one "
    "missing queen QC (a8): legal.",
)
swap_setup(
    c,
    "QD QS QH AC 2S 3S 4S 5S 9C 6H 6D 8H JC 3D 7H",
    ["QD QS QH AC", "2S 3S 4S 5S"],
    "8D 9D TD JD 7S 7H 7D QC 2H 3C 4H 6C 9H KS",
    ["8D 9D TD JD", "7S 7H 7D"],
    s1_first="7H",
)
c.sw(0, "QC", 0)
c.d(0, "2D")
c.ok()

# --- L-42 --------------------------------------------------------------------------------
S1_L42 = "9C TC AS TH JH QH KH 2D 3S 4H 6D 8H 5C 9S KD"
S0_L42 = "3D 4D 5D 6D 7D KS KD KC 7C JC 2H 4S 8S 9D"

c = case(
    "l42-no-reread-wild",
    "L-42: indicator QS (AS wild). Seat 1 opens 9C TC AS (AS = JC, 29) + TH JH QH KH (40) = 69. "
    "Seat 0 opens 3D..7D (25) + KS KD KC (30) = 55, then tries to add 7C to 9C TC AS by "
    "reading the wild as 8C (a8): refused.",
)
swap_setup(
    c,
    S1_L42,
    ["9C TC AS", "TH JH QH KH"],
    S0_L42,
    ["3D 4D 5D 6D 7D", "KS KD KC"],
    top="6H 2C 3C",
    s1_first="KD",
    s1_disc="2C",
    s0_disc1="6H",
    ind="QS",
)
i = c.add(0, "7C", 0)
c.d(0, "3C")
c.err(0, [i], "L-42")

c = case(
    "l42-swap-then-extend",
    "L-42, L-40, L-41: as l42-no-reread-wild, but seat 0 first swaps JC for the wild (a8), "
    "adds the wild at the low end (a9, now 8C) and then 7C (a10): 7C W 9C TC JC, legal.",
)
swap_setup(
    c,
    S1_L42,
    ["9C TC AS", "TH JH QH KH"],
    S0_L42,
    ["3D 4D 5D 6D 7D", "KS KD KC"],
    top="6H 2C 3C",
    s1_first="KD",
    s1_disc="2C",
    s0_disc1="6H",
    ind="QS",
)
c.sw(0, "JC", 0)
c.add(0, "AS", 0, "low")
c.add(0, "7C", 0)
c.d(0, "3C")
c.ok()

# --- L-44 / O-8 ---------------------------------------------------------------------------
S1_L44 = "8S AC 8H TS JS QS KS 2D 4C 6H 9H QD KH 3S 5C"


def l44_setup(c, s0_hand, s0_melds, top="JD 7S 6S TD"):
    c.deal(0, [s0_hand, S1_L44], IND, top=top)
    c.d(1, "5C")
    c.s(0)
    c.d(0, "JD")
    c.s(1)
    c.m(1, "8S AC 8H", "TS JS QS KS")  # 24 + 40 = 64
    c.d(1, "7S")
    c.s(0)
    return c.m(0, *s0_melds)


for cid, opts, exp in [
    ("l44-single-to-pair-refused", {}, "err"),
    ("o8-pair-plus-wild-free", {"pair_plus_wild": "free"}, "ok"),
]:
    c = case(
        cid,
        ("L-44" if exp == "err" else "O-8 (pair_plus_wild=free)")
        + ": seat 1 opens 8S AC 8H (two eights + wild, 24) + TS JS QS KS (40). Seat 0 opens "
        "TH JH QH KH + 5C 5D 5S (55) and adds the single 8D to 8S AC 8H (a8), keeping 6 "
        "cards while seat 1 holds 7: "
        + (
            "refused (not going out, nobody left with one card)."
            if exp == "err"
            else "legal under the option."
        ),
        options=opts,
    )
    l44_setup(c, "TH JH QH KH 5C 5D 5S 9C 9D 9S 2H 3H 4H 8D", ["TH JH QH KH", "5C 5D 5S"])
    i = c.add(0, "8D", 0)
    j = c.d(0, "6S")
    if exp == "err":
        c.err(0, [i, j], "L-44")
    else:
        c.ok()

c = case(
    "l44a-single-to-pair-going-out",
    "L-44(a): seat 0 opens TH JH QH KH (40) + 5C 5D 5S (15) + 9C 9D 9S (27) = 82 at a7, "
    "keeping 2H 3H 4H 8D. Next turn it adds 8D to 8S AC 8H, lays 2H 3H 4H and discards KD: "
    "going out, so the single card is allowed. Partial (two turns): seat 0 -30; seat 1 "
    "opened and holds 2D 4C 6H 9H QD KH 3S = 2+4+6+9+10+10+3 = 44.",
)
l44_setup(
    c,
    "TH JH QH KH 5C 5D 5S 9C 9D 9S 2H 3H 4H 8D",
    ["TH JH QH KH", "5C 5D 5S", "9C 9D 9S"],
    top="JD 7S 6S TD KD",
)
c.d(0, "6S")
c.s(1)
c.d(1, "TD")
c.s(0)
c.add(0, "8D", 0)
c.m(0, "2H 3H 4H")
c.d(0, "KD")
c.check_hand(0, 1, 44)
c.ok([won(0, 0, "partial", [-30, 44])], [-30, 44])

c = case(
    "l44b-single-to-pair-left-one",
    "L-44(b): seat 0 opens 8H..KH (57) + 5C 5D 5S (15) + 9C 9D 9S (27) at a7 and keeps "
    "8D KC (announces two cards). Next turn it draws 2C, adds the single 8D to 8S AC 8H (a12) "
    "and discards KC, left with one card (announced): legal.",
)
l44_setup(
    c,
    "8H 9H TH JH QH KH 5C 5D 5S 9C 9D 9S 8D KC",
    ["8H 9H TH JH QH KH", "5C 5D 5S", "9C 9D 9S"],
    top="JD 7S 6S TD 2C",
)
c.d(0, "6S")
c.s(1)
c.d(1, "TD")
c.s(0)
c.add(0, "8D", 0)
c.d(0, "KC")
c.ok()

c = case(
    "l44b-other-player-one-card",
    "L-44(b): seat 1 opens 8S AC 8H + TS JS QS KS + 2D 3D 4D + 6H 6C 6S (91) and is left "
    "with one card (announced) at a5. Seat 0 opens TH JH QH KH + 5C 5D 5S (55) and adds the "
    "single 8D to 8S AC 8H (a8) while keeping 6 cards: legal, another player holds one card.",
)
c.deal(
    0,
    ["TH JH QH KH 5C 5D 5S 8D 2H 3H 7S 9C JC 4C", "8S AC 8H TS JS QS KS 2D 3D 4D 6H 6C 6S 9H 4S"],
    IND,
    top="JD KH 7H",
)
c.d(1, "9H")
c.s(0)
c.d(0, "JD")
c.s(1)
c.m(1, "8S AC 8H", "TS JS QS KS", "2D 3D 4D", "6H 6C 6S")
c.d(1, "KH")
c.s(0)
c.m(0, "TH JH QH KH", "5C 5D 5S")
c.add(0, "8D", 0)
c.d(0, "7H")
c.ok()

# L-44(b) under announcements=false (RULES.md 2026-12-05): "at the end of this turn, after the
# discard, some player (this one or another) holds exactly one card; no announcement needed"
c = case(
    "l44b-no-announcements-left-one",
    "L-44(b), announcements=false: as l44b-single-to-pair-left-one (seat 0 adds the single 8D "
    "to 8S AC 8H and discards KC, left with one card), its discards written with \"announce\": "
    "false, which means nothing here (L-71): legal, seat 0 holds exactly one card after the "
    "discard.",
    options={"announcements": False},
)
l44_setup(
    c,
    "8H 9H TH JH QH KH 5C 5D 5S 9C 9D 9S 8D KC",
    ["8H 9H TH JH QH KH", "5C 5D 5S", "9C 9D 9S"],
    top="JD 7S 6S TD 2C",
)
c.d(0, "6S", announce=False)
c.s(1)
c.d(1, "TD")
c.s(0)
c.add(0, "8D", 0)
c.d(0, "KC", announce=False)
c.ok()

for cid, opts, flag, exp in (
    ("l44b-no-announcements-other-holds-one", {"announcements": False}, False, "ok"),
    ("l44b-other-player-missed-announcement-refused", {}, False, "err"),
):
    c = case(
        cid,
        "L-44(b): as l44b-other-player-one-card, but seat 1's discard that leaves it one card "
        "(a5) is written with \"announce\": false. "
        + (
            "Under announcements=false the field means nothing (L-71) and seat 1 holds exactly "
            "one card: seat 0's single 8D added to 8S AC 8H (a8) is legal."
            if exp == "ok"
            else "With announcements, nobody has announced one card and seat 0 keeps 6: seat "
            "0's single 8D added to 8S AC 8H (a8) is refused."
        ),
        options=opts,
    )
    c.deal(
        0,
        ["TH JH QH KH 5C 5D 5S 8D 2H 3H 7S 9C JC 4C",
         "8S AC 8H TS JS QS KS 2D 3D 4D 6H 6C 6S 9H 4S"],
        IND,
        top="JD KH 7H",
    )
    c.d(1, "9H")
    c.s(0)
    c.d(0, "JD")
    c.s(1)
    c.m(1, "8S AC 8H", "TS JS QS KS", "2D 3D 4D", "6H 6C 6S")
    c.d(1, "KH", announce=flag)
    c.s(0)
    c.m(0, "TH JH QH KH", "5C 5D 5S")
    i = c.add(0, "8D", 0)
    j = c.d(0, "7H")
    if exp == "ok":
        c.ok()
    else:
        c.err(0, [i, j], "L-44")

c = case(
    "l44-no-announcements-refused",
    "L-44, announcements=false: as l44-single-to-pair-refused: seat 0 adds the single 8D to "
    "8S AC 8H and keeps 6 cards while seat 1 holds 7: after the discard nobody holds exactly one "
    "card, so it is refused.",
    options={"announcements": False},
)
l44_setup(c, "TH JH QH KH 5C 5D 5S 9C 9D 9S 2H 3H 4H 8D", ["TH JH QH KH", "5C 5D 5S"])
i = c.add(0, "8D", 0)
j = c.d(0, "6S")
c.err(0, [i, j], "L-44")

# --- L-50: the next dealer -----------------------------------------------------------------
FULL15 = "2H 3H 4H 5H 9S TS JS QS KD KS KH 6C 6D 8H 2D"  # 8H spare, draws 6S, discards 2D
FULL_MELDS = ["2H 3H 4H 5H", "9S TS JS QS", "KD KS KH", "6C 6D 6S"]
OPENER3 = "TD JD QD KD 8C 8H 8S 4C 5C 6C 2S 3S 9H 7H"  # opens 79, keeps 2S 3S 9H 7H = 21


def round_l86(c):
    """3 players, dealer 0: seat 0 opens at a4 and keeps 2S 3S 9H 7H (21); seat 1 lays its
    whole hand at a7 (full hand); seat 2 never opens.  Scores [42, -60, 200]."""
    c.deal(0, [OPENER3, FULL15, ""], IND, top="QC JH 6S")
    c.d(1, "8H")
    c.s(2)
    c.d(2, "QC")
    c.s(0)
    c.m(0, "TD JD QD KD", "8C 8H 8S", "4C 5C 6C")
    c.d(0, "JH")
    c.s(1)
    c.m(1, *FULL_MELDS)
    c.d(1, "2D")
    c.check_hand(0, 0, 21)
    return won(0, 1, "full", [42, -60, 200])


L86_TEXT = (
    "3 players, dealer 0. Seat 0 opens TD JD QD KD + 8C 8H 8S + 4C 5C 6C (79) and keeps "
    "2S 3S 9H 7H = 21; seat 1 lays its whole hand in one turn (a7) and goes out: full "
    "hand, seat 1 -60, seat 0 2x21 = 42, seat 2 (never opened) 200."
)

c = case("l86-full-vs-opened", "L-86: " + L86_TEXT, players=3)
r0 = round_l86(c)
c.ok([r0], [42, -60, 200])

c = case(
    "l50-loser-deals",
    "L-50: " + L86_TEXT + " The highest round score is seat 2's 200, so seat 2 deals "
    "round 1 (not the same dealer 0, not the rotation's seat 1).",
    players=3,
)
r0 = round_l86(c)
c.deal(2, ["", "", ""], IND)
c.ok([r0], [42, -60, 200])

c = case(
    "l50-wrong-dealer",
    "L-50: as l50-loser-deals, but round 1 is dealt by seat 1: the wrong dealer (seat 2 had "
    "the highest score, 200). The error is the deal itself (action null).",
    players=3,
)
r0 = round_l86(c)
c.deal(1, ["", "", ""], IND)
c.err(1, [None], "L-50", rounds=[r0])

c = case(
    "l50-tie-dealer-stays",
    "L-50: 3 players, dealer 0; seat 1 lays its whole hand on its second turn (full hand, "
    "-60); seats 0 and 2 never opened: 200 each. The dealer is among the tied highest, so "
    "seat 0 deals again.",
    players=3,
)
c.deal(0, ["", FULL15, ""], IND, top="QC JH 6S")
c.d(1, "8H")
c.s(2)
c.d(2, "QC")
c.s(0)
c.d(0, "JH")
c.s(1)
c.m(1, *FULL_MELDS)
c.d(1, "2D")
r0 = won(0, 1, "full", [200, -60, 200])
c.deal(0, ["", "", ""], IND)
c.ok([r0], [200, -60, 200])

c = case(
    "l50-tie-first-after-dealer",
    "L-50: 4 players, dealer 2 (seat 3 plays first). Seat 2 opens TD JD QD KD + 8C 8H 8S + "
    "4C 5C 6C (79) and keeps 2S 3S 9H 7H = 21; seat 1 lays its whole hand at a13 (full "
    "hand): seat 1 -60, seat 2 2x21 = 42, seats 0 and 3 never opened: 200 each. Tie for "
    "the highest between seats 0 and 3, dealer 2 not among them: the first tied seat after "
    "seat 2 in turn order is seat 3, who deals round 1.",
    players=4,
)
c.deal(
    2,
    ["", "2H 3H 4H 5H 9S TS JS QS KD KS KH 6C 6D 2D", OPENER3, "QC"],
    IND,
    top="4D 9C JH 7S TH 6S",
)
c.d(3, "QC")
c.s(0)
c.d(0, "4D")
c.s(1)
c.d(1, "9C")
c.s(2)
c.m(2, "TD JD QD KD", "8C 8H 8S", "4C 5C 6C")
c.d(2, "JH")
c.s(3)
c.d(3, "7S")
c.s(0)
c.d(0, "TH")
c.s(1)
c.m(1, *FULL_MELDS)
c.d(1, "2D")
c.check_hand(0, 2, 21)
r0 = won(2, 1, "full", [200, -60, 42, 200])
c.deal(3, ["", "", "", ""], IND)
c.ok([r0], [200, -60, 42, 200])

# --- L-52: redeal -----------------------------------------------------------------------------
PAIRS4 = "5C 5C 7D 7D JD JD 9H 9H"
c = case(
    "l52-redeal-four-pairs",
    "L-52, L-50: seat 0 holds four identical pairs (5C 5C, 7D 7D, JD JD, 9H 9H) and claims a "
    "redeal before the first discard: a void round (no score); the same dealer 0 deals again.",
)
c.deal(0, [PAIRS4, ""], IND)
c.rd(0)
c.deal(0, ["", ""], IND)
c.ok([void(0, "redeal")], [0, 0])

c = case(
    "l52-redeal-three-pairs-wild",
    "L-52: seat 1 (the first player, before its opening discard) holds three identical pairs "
    "(5C 5C, 7D 7D, JD JD) and a wild card (AC, indicator 7C): redeal granted, void round, "
    "same dealer.",
)
c.deal(0, ["", "5C 5C 7D 7D JD JD AC"], IND)
c.rd(1)
c.deal(0, ["", ""], IND)
c.ok([void(0, "redeal")], [0, 0])

c = case(
    "l52-redeal-not-entitled",
    "L-52: seat 0 holds only three identical pairs (5C 5C, 7D 7D, JD JD), no wild and no "
    "joker: the redeal claim is refused.",
)
c.deal(0, ["5C 5C 7D 7D JD JD 2S 3H 4D 6C 8S 9H TC QS", ""], IND)
i = c.rd(0)
c.err(0, [i], "L-52")

c = case(
    "l52-redeal-after-discard",
    "L-52: a redeal may be claimed only before the round's first discard; seat 0 (four "
    "identical pairs) claims after seat 1's opening discard: refused.",
)
c.deal(0, [PAIRS4, "KC"], IND)
c.d(1, "KC")
i = c.rd(0)
c.err(0, [i], "L-52")

c = case(
    "l52-redeal-then-wrong-dealer",
    "L-50, L-52: after a redeal (a round with no score) the same dealer deals again; here "
    "round 1 is dealt by seat 1: wrong dealer (action null).",
)
c.deal(0, [PAIRS4, ""], IND)
c.rd(0)
c.deal(1, ["", ""], IND)
c.err(1, [None], "L-50", rounds=[void(0, "redeal")])

# --- L-60 / L-61 ------------------------------------------------------------------------------
c = case(
    "l60-first-player-draws",
    "L-60: the first player (seat 1, 15 cards) opens the round with a discard only; a draw "
    "as the first action is refused.",
)
c.deal(0, ["", ""], IND)
i = c.s(1)
c.err(0, [i], "L-60")

c = case(
    "l61-discard-without-draw",
    "L-61: a turn starts with a draw; seat 0 discards without drawing (a1): refused.",
)
c.deal(0, ["QS", "KC"], IND)
c.d(1, "KC")
i = c.d(0, "QS")
c.err(0, [i], "L-61")

c = case("l61-draw-twice", "L-61: one draw per turn; seat 0 draws twice (a1, a2): refused.")
c.deal(0, ["", "KC"], IND)
c.d(1, "KC")
c.s(0)
i = c.s(0)
c.err(0, [i], "L-61")

# --- L-62 / O-5 -------------------------------------------------------------------------------
S1_L62 = "TS JS QS KS 8D 8H 8C 4H 5H 6H 2C 3D 9S QD KC"


def l62_setup(c, s0_hand, options_txt=""):
    c.deal(0, [s0_hand, S1_L62], IND, top="4C JC 7D 2S")
    c.d(1, "KC")
    c.s(0)
    c.d(0, "4C")
    c.s(1)
    c.m(1, "TS JS QS KS", "8D 8H 8C", "4H 5H 6H")  # 40 + 24 + 15 = 79
    c.d(1, "JC")
    c.s(0)


for cid, opts in [
    ("l62-take-discard-add-refused", {}),
    ("o5-take-discard-add", {"discard_pickup": "new-meld-or-add"}),
]:
    legal = bool(opts)
    c = case(
        cid,
        ("O-5 (discard_pickup=new-meld-or-add)" if legal else "L-62")
        + ": seat 1 opens TS JS QS KS + 8D 8H 8C + 4H 5H 6H (79) at a4; seat 0 opens "
        "TH JH QH KH + 5C 5D 5S (55) at a7. Seat 1 discards 9S (a10); seat 0 takes it (a11) "
        "and adds it to TS JS QS KS (a12) instead of a new meld (it could have made "
        "9S 9C 9D): " + ("legal, both players have opened." if legal else "refused."),
        options=opts,
    )
    l62_setup(c, "TH JH QH KH 5C 5D 5S 9C 9D 2H 3S 4D 6S 7S")
    c.m(0, "TH JH QH KH", "5C 5D 5S")
    c.d(0, "7D")
    c.s(1)
    c.d(1, "9S")
    c.p(0)
    i = c.add(0, "9S", 0)
    j = c.d(0, "2H")
    if legal:
        c.ok()
    else:
        c.err(0, [i, j], "L-62")

c = case(
    "o5-discarder-unopened",
    "O-5 (discard_pickup=new-meld-or-add): the discard may be taken to add to a table meld "
    "only if the discarder has opened. Seat 1 (never opened) discards 9S at a0; seat 0 takes "
    "it, opens TS JS QS KS + 5C 5D 5S (55) and adds 9S to its own run (a3): refused.",
    options={"discard_pickup": "new-meld-or-add"},
)
c.deal(0, ["TS JS QS KS 5C 5D 5S 2H 3D 4C 6H 7D 8C JH", "9S"], IND)
c.d(1, "9S")
c.p(0)
c.m(0, "TS JS QS KS", "5C 5D 5S")
i = c.add(0, "9S", 0)
j = c.d(0, "JH")
c.err(0, [i, j], "O-5")

c = case(
    "l62-take-discard-open",
    "L-62, L-63: seat 0 takes seat 1's opening discard KC and opens with it in a new meld: "
    "KC KD KS (30) + 4H 5H 6H 7H (22) = 52, legal.",
)
c.deal(0, ["KD KS 4H 5H 6H 7H 2C", "KC"], IND)
c.d(1, "KC")
c.p(0)
c.m(0, "KC KD KS", "4H 5H 6H 7H")
c.d(0, "2C")
c.ok()

# --- L-63 ---------------------------------------------------------------------------------------
c = case(
    "l63-opening-50",
    "L-63: seat 1 opens with KS KH KD (30) + 2S 3S 4S 5S 6S (20) = 50 < 51: refused.",
)
c.deal(0, ["", "KS KH KD 2S 3S 4S 5S 6S 9C JD 3H 8D TC QH 7D"], IND, top="5C 4C")
i = opening_skeleton(c, "7D", ["KS KH KD", "2S 3S 4S 5S 6S"], "4C", "5C")
c.err(0, [i, i + 1], "L-63")

c = case(
    "l63-opening-two-steps",
    "L-63, RECORD.md: an opening may be laid in several meld actions of one turn; KS KH KD "
    "(30, a4) then 2S 3S 4S 5S 6S 7S (27, a5): 57 >= 51 by the discard, legal.",
)
c.deal(0, ["", "KS KH KD 2S 3S 4S 5S 6S 7S 9C JD 3H 8D TC QH"], IND, top="5C 4C")
c.d(1, "QH")
c.s(0)
c.d(0, "5C")
c.s(1)
c.m(1, "KS KH KD")
c.m(1, "2S 3S 4S 5S 6S 7S")
c.d(1, "4C")
c.ok()

for cid, before in [("l63-add-before-opening", True), ("l63-add-after-opening", False)]:
    c = case(
        cid,
        "L-63: seat 1 has opened (79) at a4. Seat 0 "
        + (
            "adds 9S to seat 1's TS JS QS KS (a7) before laying its opening TH JH QH KH + "
            "5C 5D 5S (a8): refused (reported at the add or at the discard)."
            if before
            else "lays its opening TH JH QH KH + 5C 5D 5S (55, a7) and then adds 9S to seat 1's "
            "TS JS QS KS in the same turn (a8): legal."
        ),
    )
    c.deal(0, ["TH JH QH KH 5C 5D 5S 9S 2H 3S 4D 6S 7S 9D", S1_L62], IND, top="4C JC 7D")
    c.d(1, "KC")
    c.s(0)
    c.d(0, "4C")
    c.s(1)
    c.m(1, "TS JS QS KS", "8D 8H 8C", "4H 5H 6H")
    c.d(1, "JC")
    c.s(0)
    if before:
        i = c.add(0, "9S", 0)
        c.m(0, "TH JH QH KH", "5C 5D 5S")
    else:
        c.m(0, "TH JH QH KH", "5C 5D 5S")
        c.add(0, "9S", 0)
    j = c.d(0, "7D")
    if before:
        c.err(0, [i, j], "L-63")
    else:
        c.ok()

# --- L-64 / L-88 / L-80 -----------------------------------------------------------------------
LOW14 = "2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C"
LOW_MELDS = ["2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D", "2C 3C 4C"]


def round_l64(c):
    c.deal(0, [LOW14, "QC"], IND, top="KD JS 9H")
    c.d(1, "QC")
    c.s(0)
    c.d(0, "KD")
    c.s(1)
    c.d(1, "JS")
    c.s(0)
    c.m(0, *LOW_MELDS)
    c.d(0, "9H")
    return won(0, 0, "full", [-60, 200])


c = case(
    "l64-unopened-out-under-51",
    "L-64, L-88, L-86: seat 0 never opened and lays its whole hand in one turn (a6): "
    "2S-5S (14) + 2H-5H (14) + 2D-4D (9) + 2C-4C (9) = 46 < 51 is allowed for going out. "
    "Full hand: seat 0 -60, seat 1 (never opened) 2x100 = 200.",
)
r0 = round_l64(c)
c.ok([r0], [-60, 200])

c = case(
    "l80-action-after-out",
    "L-80: the round ends at once with the discard that empties seat 0's hand (as in "
    "l64-unopened-out-under-51: -60 / 200); a further action in that round is refused.",
)
r0 = round_l64(c)
i = c.s(1)
c.err(0, [i], "L-80", rounds=[r0])

# --- L-65 ---------------------------------------------------------------------------------------
c = case(
    "l65-meld-all-cards",
    "L-65: a turn ends with a discard; seat 1 holds 15 cards after drawing and lays all of "
    "them (five melds, a4): refused.",
)
c.deal(0, ["", "TD JD QD 8S 8H 8D 4C 5C 6C 2H 3H 4H KS KD 9H"], IND, top="2D KH")
c.d(1, "9H")
c.s(0)
c.d(0, "2D")
c.s(1)
i = c.m(1, "TD JD QD", "8S 8H 8D", "4C 5C 6C", "2H 3H 4H", "KS KD KH")
j = c.d(1, "KH")
c.err(0, [i, j], "L-65")

c = case(
    "l65-two-cards-draw-third",
    "L-65: seat 1 opens TD JD QD KD (40) + 2H 3H 4H 5H (14) + 6S 7S 8S 9S (30) = 84 and keeps "
    "7D 7H. Next turn it draws 7S and lays 7D 7H 7S (a9), which would leave nothing to "
    "discard: refused.",
)
c.deal(0, ["", "TD JD QD KD 2H 3H 4H 5H 6S 7S 8S 9S 7D 7H QC"], IND, top="3C 2C JC 7S")
opening_skeleton(c, "QC", ["TD JD QD KD", "2H 3H 4H 5H", "6S 7S 8S 9S"], "2C", "3C")
c.s(0)
c.d(0, "JC")
c.s(1)
i = c.m(1, "7D 7H 7S")
j = c.d(1, "7S")
c.err(0, [i, j], "L-65")

# --- L-66 / O-6 -----------------------------------------------------------------------------------
for cid, opts, s0, melds, exp, text in [
    (
        "l66-discarded-wild-natural",
        {},
        "QC KC TH JH QH 2D",
        ["QC KC AC", "TH JH QH"],
        "ok",
        "L-66: seat 1 discards the wild AC (indicator 7C) at a0; seat 0 takes it and uses it as a "
        "natural AC in QC KC AC (31) + TH JH QH (30) = 61: legal.",
    ),
    (
        "l66-discarded-wild-as-wild",
        {},
        "7D 9D TH JH QH KH 2D",
        ["7D AC 9D", "TH JH QH KH"],
        "L-66",
        "L-66: seat 1 discards the wild AC at a0; seat 0 takes it and uses it as a wild (8D) in "
        "7D AC 9D: refused, a taken wild ace is only a natural ace.",
    ),
    (
        "o6-discarded-wild-full",
        {"discarded_wild": "wild"},
        "7D 9D TH JH QH KH 2D",
        ["7D AC 9D", "TH JH QH KH"],
        "ok",
        "O-6 (discarded_wild=wild): the taken wild AC may be a full wild: 7D AC 9D (24) + "
        "TH JH QH KH (40) = 64, legal.",
    ),
    (
        "o6-aces-set-only-refused",
        {"discarded_wild": "aces-set-only"},
        "QC KC TH JH QH 2D",
        ["QC KC AC", "TH JH QH"],
        "O-6",
        "O-6 (discarded_wild=aces-set-only): a taken wild may only go into a set of aces; seat 0 "
        "uses AC in the run QC KC AC: refused.",
    ),
    (
        "o6-aces-set-only-ok",
        {"discarded_wild": "aces-set-only"},
        "AS AH TH JH QH KH 2D",
        ["AS AH AC", "TH JH QH KH"],
        "ok",
        "O-6 (discarded_wild=aces-set-only): seat 0 takes the wild AC into the set AS AH AC "
        "(33) + TH JH QH KH (40) = 73: legal.",
    ),
]:
    c = case(cid, text, options=opts)
    c.deal(0, [s0, "AC"], IND)
    c.d(1, "AC")
    c.p(0)
    i = c.m(0, *melds)
    j = c.d(0, "2D")
    if exp == "ok":
        c.ok()
    else:
        c.err(0, [i, j], exp)

c = case(
    "o6-discarded-wild-never",
    "O-6 (discarded_wild=never): a discarded wild can never be taken; seat 0 takes the wild "
    "AC discarded at a0: refused.",
    options={"discarded_wild": "never"},
)
c.deal(0, ["QC KC TH JH QH 2D", "AC"], IND)
c.d(1, "AC")
i = c.p(0)
c.m(0, "QC KC AC", "TH JH QH")
c.d(0, "2D")
c.err(0, [i, i + 1, i + 2], "O-6")

# --- L-67 / O-10 ---------------------------------------------------------------------------------
FULL14 = "2H 3H 4H 5H 9S TS JS QS KD KS KH 6C 6D 2D"
for cid, opts in [("l67-out-on-first-turn", {}), ("o10-first-turn-win", {"first_turn_win": True})]:
    legal = bool(opts)
    c = case(
        cid,
        ("O-10 (first_turn_win=true)" if legal else "L-67")
        + ": seat 0 lays its whole hand on its own first turn (a2) and discards 2D (a3): "
        + (
            "allowed; full hand: seat 0 -60, seat 1 (never opened) 2x100 = 200."
            if legal
            else "refused, nobody goes out on their own first turn."
        ),
        options=opts,
    )
    c.deal(0, [FULL14, "QC"], IND, top="6S")
    c.d(1, "QC")
    c.s(0)
    i = c.m(0, *FULL_MELDS)
    j = c.d(0, "2D")
    if legal:
        c.ok([won(0, 0, "full", [-60, 200])], [-60, 200])
    else:
        c.err(0, [i, j], "L-67")

# --- L-70 / L-71 -------------------------------------------------------------------------------
S1_L71 = "TD JD QD KD 2H 3H 4H 5H 6S 7S 8S 9S 6H TS QC"


def l71_setup(c):
    c.deal(0, ["", S1_L71], IND, top="4C 2C JC 3C 3S 4D")
    c.d(1, "QC")
    c.s(0)
    c.d(0, "4C")
    c.s(1)
    c.m(1, "TD JD QD KD", "2H 3H 4H 5H", "6S 7S 8S 9S")  # 40 + 14 + 30 = 84
    c.d(1, "2C", announce=False)  # left with 6H TS, not announced
    c.s(0)
    c.d(0, "JC")
    c.s(1)  # draws 3C


c = case(
    "l71-missed-announce-no-out",
    "L-70, L-71: seat 1 opens 84 and is left with two cards without announcing (a5, "
    "announce false). Next turn it draws 3C, adds 6H to 2H-5H and TS to 6S-9S and discards "
    "3C, going out: refused, it must keep a card this turn.",
)
l71_setup(c)
c.add(1, "6H", 1)
i = c.add(1, "TS", 2)
j = c.d(1, "3C")
c.err(0, [i, j], "L-71")

c = case(
    "l71-missed-announce-then-out",
    "L-71: as l71-missed-announce-no-out, but after the missed announcement seat 1 adds only "
    "6H, discards 3C and keeps TS (announced, a10); on the following turn it adds TS and "
    "discards 4D: out. Partial: seat 1 -30, seat 0 (never opened) 100.",
)
l71_setup(c)
c.add(1, "6H", 1)
c.d(1, "3C")
c.s(0)
c.d(0, "3S")
c.s(1)
c.add(1, "TS", 2)
c.d(1, "4D")
c.ok([won(0, 1, "partial", [100, -30])], [100, -30])

# --- L-85 .. L-87: scoring ---------------------------------------------------------------------
WIN2 = "3H 4H 5H 6H 7H QS QD QH 9C 9D 9S 4S 5S 3C KC"  # opens 55, goes out next turn


def partial_2p(c, s0_rest, s1_hand=WIN2, last="3C"):
    """2 players: seat 1 opens 3H-7H + QS QD QH (55) at a4; seat 0 opens TD JD QD KD +
    8C 8H 8S (64) at a7 keeping s0_rest (7 cards); seat 1 goes out at a11 (partial)."""
    c.deal(0, ["TD JD QD KD 8C 8H 8S " + s0_rest, s1_hand], IND, top="TC 8D KH 6S")
    c.d(1, "KC")
    c.s(0)
    c.d(0, "TC")
    c.s(1)
    c.m(1, "3H 4H 5H 6H 7H", "QS QD QH")
    c.d(1, "8D")
    c.s(0)
    c.m(0, "TD JD QD KD", "8C 8H 8S")
    c.d(0, "KH")
    c.s(1)
    c.m(1, "4S 5S 6S", "9C 9D 9S")
    c.d(1, last)


c = case(
    "l85-partial-three-players",
    "L-85, L-33: 3 players. Seat 0 opens TD JD QD KD + 8C 8H 8S (64) and keeps "
    "AC AH 5D 2C 2S 7S 4D = 15 (wild AC) + 11 (natural AH) + 5+2+2+7+4 = 46; seat 1 opens "
    "3H-7H + QS QD QH (55) and goes out the turn after (partial, -30); seat 2 never opened: "
    "100.",
    players=3,
)
c.deal(0, ["TD JD QD KD 8C 8H 8S AC AH 5D 2C 2S 7S 4D", WIN2, ""], IND, top="9H TC 8D JS KH 6S")
c.d(1, "KC")
c.s(2)
c.d(2, "9H")
c.s(0)
c.m(0, "TD JD QD KD", "8C 8H 8S")
c.d(0, "TC")
c.s(1)
c.m(1, "3H 4H 5H 6H 7H", "QS QD QH")
c.d(1, "8D")
c.s(2)
c.d(2, "JS")
c.s(0)
c.d(0, "KH")
c.s(1)
c.m(1, "4S 5S 6S", "9C 9D 9S")
c.d(1, "3C")
c.check_hand(0, 0, 46)
c.ok([won(0, 1, "partial", [46, -30, 100])], [46, -30, 100])

c = case(
    "l85-joker-natural-in-hand",
    "L-85, L-21: indicator 7C, so a joker is a natural AC and counts 11 in hand (not 15). "
    "Seat 0 opened (64) and keeps X AH 5D 2C 7S 4D 9H = 11+11+5+2+7+4+9 = 49; seat 1 goes "
    "out over two turns: partial, -30.",
)
partial_2p(c, "X AH 5D 2C 7S 4D 9H")
c.check_hand(0, 0, 49)
c.ok([won(0, 1, "partial", [49, -30])], [49, -30])

c = case(
    "o3-ace-in-hand-10",
    "O-3 (ace_in_hand=10): seat 0 opened (64) and keeps AH AD 5D 2C 7S 4D 9H = "
    "10+10+5+2+7+4+9 = 47 (47 and not 49: aces count 10); seat 1 goes out over two turns: "
    "partial, -30.",
    options={"ace_in_hand": 10},
)
partial_2p(c, "AH AD 5D 2C 7S 4D 9H")
c.check_hand(0, 0, 47, ace_in_hand=10)
c.ok([won(0, 1, "partial", [47, -30])], [47, -30])

c = case(
    "o11-partial-wild-discard-no-bonus",
    "O-11: bonuses apply only to a full hand. All bonuses enabled; seat 1 goes out over two "
    "turns (partial) discarding the wild AC last: multiplier 1, seat 1 -30; seat 0 opened and "
    "keeps 2C 5D 7S 4D 9H JC 3D = 2+5+7+4+9+10+3 = 40.",
    options={"bonuses": ["wild-discard", "one-color", "one-suit", "two-wilds"]},
)
partial_2p(c, "2C 5D 7S 4D 9H JC 3D", s1_hand=WIN2.replace("3C", "AC"), last="AC")
c.check_hand(0, 0, 40)
c.ok([won(0, 1, "partial", [40, -30])], [40, -30])

c = case(
    "l87-unopened-partial-with-adds",
    "L-87, L-64, L-88: seat 1 opens TS JS QS KS + 8D 8H 8C (64) and keeps "
    "2C 5S 7H 9D JC QD 4S = 2+5+7+9+10+10+4 = 47. Seat 0, never opened, in one turn lays "
    "2H-5H (14) + 2D-5D (14) + 6C 6D 6S (18) = 46 < 51, adds 9S and AS to TS-KS and 8S to "
    "8D 8H 8C, and discards QC: out. Partial (it added to another player's melds): seat 0 "
    "-30, seat 1 47 (not doubled).",
)
c.deal(
    0,
    ["2H 3H 4H 5H 2D 3D 4D 5D 6C 6D 6S 9S AS 8S", "TS JS QS KS 8D 8H 8C 2C 5S 7H 9D JC QD 4S KC"],
    IND,
    top="KH TD QC",
)
c.d(1, "KC")
c.s(0)
c.d(0, "KH")
c.s(1)
c.m(1, "TS JS QS KS", "8D 8H 8C")
c.d(1, "TD")
c.s(0)
c.m(0, "2H 3H 4H 5H", "2D 3D 4D 5D", "6C 6D 6S")
c.add(0, "9S", 0)
c.add(0, "AS", 0)
c.add(0, "8S", 1)
c.d(0, "QC")
c.check_hand(0, 1, 47)
c.ok([won(0, 0, "partial", [-30, 47])], [-30, 47])

# --- L-91: partnership ---------------------------------------------------------------------------
c = case(
    "l91-partnership-partial",
    "L-91, L-50: 4 players in partnership (0+2 vs 1+3), dealer 0. Seat 2 opens 3H-7H + "
    "QS QD QH (55) on its first turn and goes out on its second (partial, -30); its partner "
    "seat 0 (never opened) scores 0. Seat 1 opened (64) and keeps AC AH 5D 2C 2S 7S 4D = "
    "15+11+5+2+2+7+4 = 46; seat 3 never opened: 100. Teams: 0+2 = -30, 1+3 = 146. Round 1 "
    "is dealt by the highest individual penalty: seat 3 (100).",
    players=4,
    partnership=True,
)
c.deal(
    0,
    [
        "",
        "TD JD QD KD 8C 8H 8S AC AH 5D 2C 2S 7S 4D KC",
        "3H 4H 5H 6H 7H QS QD QH 9C 9D 9S 4S 5S 3C",
        "",
    ],
    IND,
    top="8D JS 9H TC 6S",
)
c.d(1, "KC")
c.s(2)
c.m(2, "3H 4H 5H 6H 7H", "QS QD QH")
c.d(2, "8D")
c.s(3)
c.d(3, "JS")
c.s(0)
c.d(0, "9H")
c.s(1)
c.m(1, "TD JD QD KD", "8C 8H 8S")
c.d(1, "TC")
c.s(2)
c.m(2, "4S 5S 6S", "9C 9D 9S")
c.d(2, "3C")
c.check_hand(0, 1, 46)
r0 = won(0, 2, "partial", [0, 46, -30, 100])
c.deal(3, ["", "", "", ""], IND)
c.ok([r0], team_totals=[-30, 146])

# --- O-1 ---------------------------------------------------------------------------------------------


def quick_full(c, dealer, ind=IND):
    """2 players: the first player (dealer+1) discards 8H, the other draws and discards QC,
    the first player draws 6S and lays its whole hand: full hand, first player -60, the other
    (never opened) 200."""
    first = (dealer + 1) % 2
    hands = ["", ""]
    hands[first] = FULL15
    c.deal(dealer, hands, ind, top="QC 6S")
    c.d(first, "8H")
    c.s(1 - first)
    c.d(1 - first, "QC")
    c.s(first)
    c.m(first, *FULL_MELDS)
    c.d(first, "2D")
    sc = [0, 0]
    sc[first] = -60
    sc[1 - first] = 200
    return won(dealer, first, "full", sc)


c = case(
    "o1-rotate-dealer",
    "O-1 (dealer=rotate): round 0, dealer 0: seat 1 lays its whole hand (full: seat 1 -60, "
    "seat 0 200). The deal passes to seat 1 (L-50 would have kept seat 0, the highest).",
    options={"dealer": "rotate"},
)
r0 = quick_full(c, 0)
c.deal(1, ["", ""], IND)
c.ok([r0], [200, -60])

c = case(
    "o1-rotate-wrong-dealer",
    "O-1 (dealer=rotate): as o1-rotate-dealer, but round 1 is dealt by seat 0 again: wrong "
    "dealer (action null).",
    options={"dealer": "rotate"},
)
r0 = quick_full(c, 0)
c.deal(0, ["", ""], IND)
c.err(1, [None], "O-1", rounds=[r0])

# --- O-2 ---------------------------------------------------------------------------------------------
c = case(
    "o2-wilds-jokers",
    "O-2 (wilds=jokers): no indicator, the jokers are wild and every ace natural; 106 cards "
    "(15 + 14 + 77 in the stock). Seat 1 opens 7D X 9D (24) + QC KC AC (natural AC, 31) = 55: "
    "legal.",
    options={"wilds": "jokers"},
)
c.deal(0, ["", "7D X 9D QC KC AC 2S 4H 6S 8C TH 3D 5C JS KH"], None, top="5D JD")
opening_skeleton(c, "KH", ["7D X 9D", "QC KC AC"], "JD", "5D")
c.ok()

c = case(
    "o2-wilds-jokers-ace-natural",
    "O-2 (wilds=jokers): AC is a natural ace, so 5S 5H AC is not a set; laid with a valid "
    "64-point opening at a4: refused.",
    options={"wilds": "jokers"},
)
c.deal(0, ["", "TD JD QD KD 8S 8H 8D 5S 5H AC 2H 4S 6C 3C TS"], None, top="5D JH")
i = opening_skeleton(c, "TS", ["TD JD QD KD", "8S 8H 8D", "5S 5H AC"], "JH", "5D")
c.err(0, [i], "O-2")

c = case(
    "o2-no-jokers",
    "O-2 (wilds=no-jokers, jokers=0): 104 cards, no joker; indicator 7C makes both AC wild. "
    "Seat 1 opens 7D AC 9D (AC = 8D, 24) + QC KC AC (AC = AC, 31) + TS JS QS KS (40) = 95: "
    "legal.",
    options={"wilds": "no-jokers", "jokers": 0},
)
c.deal(0, ["", "7D AC 9D QC KC AC TS JS QS KS 2H 4D 6S 8H 3C"], IND, top="5D JH")
opening_skeleton(c, "3C", ["7D AC 9D", "QC KC AC", "TS JS QS KS"], "JH", "5D")
c.ok()

# --- O-3 / O-4 -----------------------------------------------------------------------------------------
c = case(
    "o3-ace-low-1-refused",
    "O-3 (ace_low_value=1): the same opening as l11-ace-low-high-opening-51 counts "
    "AS 2S 3S 4S = 1+2+3+4 = 10 and QH KH AH = 31: 41 < 51, refused.",
    options={"ace_low_value": 1},
)
c.deal(0, ["", "AS 2S 3S 4S QH KH AH 9D 6C 2H 5D TS 8S JC 3D"], IND, top="5C KD")
i = opening_skeleton(c, "3D", ["AS 2S 3S 4S", "QH KH AH"], "KD", "5C")
c.err(0, [i, i + 1], "L-63")

c = case(
    "o4-minimum-71-refused",
    "O-4 (initial_minimum=71): TD JD QD KD (40) + 6S 7S 8S (21) = 61 < 71: refused.",
    options={"initial_minimum": 71},
)
c.deal(0, ["", "TD JD QD KD 6S 7S 8S 2H 4C 9H 3D 5C JS KH QC"], IND, top="5D 2C")
i = opening_skeleton(c, "QC", ["TD JD QD KD", "6S 7S 8S"], "2C", "5D")
c.err(0, [i, i + 1], "L-63")

c = case(
    "o4-minimum-71-ok",
    "O-4 (initial_minimum=71): TD JD QD KD (40) + QH KH AH (31) = 71: legal.",
    options={"initial_minimum": 71},
)
c.deal(0, ["", "TD JD QD KD QH KH AH 2S 4C 9H 3D 5C JS 6D QC"], IND, top="5D 2C")
opening_skeleton(c, "QC", ["TD JD QD KD", "QH KH AH"], "2C", "5D")
c.ok()

for cid, s0, melds, legal in [
    (
        "o4-escalating-refused",
        "TH JH QH KH AD 2D 3D 4S 6C 9C 5H 8S 2C JC",
        ["TH JH QH KH", "AD 2D 3D"],
        False,
    ),
    (
        "o4-escalating-ok",
        "KH KD KS 9H 9D 9C 2H 4S 6C 5H 8S 2C JC 3H",
        ["KH KD KS", "9H 9D 9C"],
        True,
    ),
]:
    c = case(
        cid,
        "O-4 (escalating_minimum=true): seat 1 opens TD JD QD KD (40) + AS 2S 3S (16) = 56; "
        "the next opening must exceed 56. Seat 0 opens "
        + (
            "TH JH QH KH (40) + AD 2D 3D (16) = 56: refused."
            if not legal
            else "KH KD KS (30) + 9H 9D 9C (27) = 57: legal."
        ),
        options={"escalating_minimum": True},
    )
    c.deal(0, [s0, "TD JD QD KD AS 2S 3S 4C 9H 3D 5C JS 6D 8H QC"], IND, top="4D 7H 9S")
    opening_skeleton(c, "QC", ["TD JD QD KD", "AS 2S 3S"], "7H", "4D")
    c.s(0)
    i = c.m(0, *melds)
    j = c.d(0, "9S")
    if legal:
        c.ok()
    else:
        c.err(0, [i, j], "O-4")

# --- L-81 / O-9: the end of the stock ----------------------------------------------------------


def draw_discard_until(c, turns):
    """After the first player's opening discard, `turns` turns in which each seat draws the
    top of the stock and discards that same card."""
    rnd = c.rounds[-1]
    stock = rnd["deal"]["stock"]
    n = c.players
    seat = (rnd["dealer"] + 2) % n
    last = None
    for k in range(turns):
        c.s(seat)
        last = c.d(seat, stock[k])
        seat = (seat + 1) % n
    return last


c = case(
    "o9-stock-empty",
    "O-9 (stock_end=empty): 2 players, 76 cards in the stock. Each turn draws from the stock "
    "and discards; play goes on until the stock is empty: the 76th draw is seat 1's, who "
    "does not go out, so the round has no score (void, same dealer). Last action a152.",
    options={"stock_end": "empty"},
)
c.deal(0, ["", "QC"], IND)
c.d(1, "QC")
last = draw_discard_until(c, 76)
assert last == 152
c.ok([void(0, "stock")], [0, 0])

c = case(
    "l81-stock-players-extra-action",
    "L-81: the same play as o9-stock-empty under the default rule: at the end of the 74th "
    "drawing turn (a148) the stock holds 2 cards = the number of players, so the round "
    "ends without score; the draw at a149 is refused.",
)
c.deal(0, ["", "QC"], IND)
c.d(1, "QC")
draw_discard_until(c, 76)
c.err(0, [149], "L-81", rounds=[void(0, "stock")])

c = case(
    "l81-three-players",
    "L-81, L-50: 3 players: 15+14+14 dealt, 1 indicator, 62 in the stock. After 59 drawing "
    "turns (a118) the stock holds 3 = the number of players: void round, and the same dealer "
    "0 deals round 1.",
    players=3,
)
c.deal(0, ["", "QC", ""], IND)
c.d(1, "QC")
last = draw_discard_until(c, 59)
assert last == 118
c.deal(0, ["", "", ""], IND)
c.ok([void(0, "stock")], [0, 0, 0])

# --- O-11: bonuses ------------------------------------------------------------------------------
ALLB = {"bonuses": ["wild-discard", "one-color", "one-suit", "two-wilds"]}

c = case(
    "o11-one-suit",
    "O-11 (all bonuses enabled): seat 1 lays a full hand all in spades, AS-7S + 8S-AS, and "
    "discards 5S: one suit x4 (one-color is not counted on top: the rule book's maximum, "
    "one suit with two wilds, is x16 = -960). Multiplier 4: seat 1 -60x4 = -240, seat 0 "
    "(never opened) 200x4 = 800.",
    options=ALLB,
)
c.deal(0, ["", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 4H"], IND, top="QC 5S")
c.d(1, "4H")
c.s(0)
c.d(0, "QC")
c.s(1)
c.m(1, "AS 2S 3S 4S 5S 6S 7S", "8S 9S TS JS QS KS AS")
c.d(1, "5S")
c.ok([won(0, 1, "full", [800, -240], 4)], [800, -240])

c = case(
    "o11-wild-discard",
    "O-11 (all bonuses enabled): seat 1 lays a full hand and goes out by discarding the wild "
    "AC (indicator 7C): x2. Seat 1 -120, seat 0 (never opened) 400.",
    options=ALLB,
)
c.deal(0, ["", "2H 3H 4H 5H 9S TS JS QS KD KS KH 6C 6D AC 8H"], IND, top="QC 6S")
c.d(1, "8H")
c.s(0)
c.d(0, "QC")
c.s(1)
c.m(1, *FULL_MELDS)
c.d(1, "AC")
c.ok([won(0, 1, "full", [400, -120], 2)], [400, -120])

c = case(
    "o11-one-color-wild-discard",
    "O-11 (bonuses wild-discard, one-color): a full hand all red (2H-6H, 7H-TH, 9D-KD) going "
    "out by discarding the wild AC (its colour ignored): x2 x2 = x4. Seat 1 -240, seat 0 "
    "(never opened) 800.",
    options={"bonuses": ["wild-discard", "one-color"]},
)
c.deal(0, ["", "2H 3H 4H 5H 6H 9D TD JD QD KD 7H 8H 9H AC 3S"], IND, top="QC TH")
c.d(1, "3S")
c.s(0)
c.d(0, "QC")
c.s(1)
c.m(1, "2H 3H 4H 5H 6H", "7H 8H 9H TH", "9D TD JD QD KD")
c.d(1, "AC")
c.ok([won(0, 1, "full", [800, -240], 4)], [800, -240])

# --- Gulf -----------------------------------------------------------------------------------------
c = case(
    "g3-first-draws-upcard",
    "G-3, G-10: gulf, 4 players, 13 cards each and an upcard (5S); seat 1 (dealer+1) starts "
    "by drawing: it takes the upcard (free pickup) and discards KC; the others draw from the "
    "stock. Legal.",
    preset="gulf",
    players=4,
)
c.deal(0, ["", "KC", "", ""], upcard="5S", top="4D 9H JS")
c.p(1)
c.d(1, "KC")
c.s(2)
c.d(2, "4D")
c.s(3)
c.d(3, "9H")
c.s(0)
c.d(0, "JS")
c.ok()

c = case(
    "g3-first-discards-without-draw",
    "G-3: in gulf the first player starts by drawing; seat 1 discarding at once is refused.",
    preset="gulf",
    players=4,
)
c.deal(0, ["", "KC", "", ""], upcard="5S")
i = c.d(1, "KC")
c.err(0, [i], "G-3")

c = case(
    "g5-two-jokers-three-card",
    "G-5: at most one joker in a three-card meld. Seat 1 opens TD JD QD KD (40) + 9S 9H 9C "
    "(27) = 67 (a1), then lays 5H X X (a2): refused.",
    preset="gulf",
    players=4,
)
c.deal(0, ["", "TD JD QD KD 9S 9H 9C 5H X X 2C 4D 7S", "", ""], upcard="5S", top="6D")
c.s(1)
c.m(1, "TD JD QD KD", "9S 9H 9C")
i = c.m(1, "5H X X")
c.d(1, "6D")
c.err(0, [i], "G-5")

c = case(
    "g5-two-jokers-four-card",
    "G-5, G-6: two jokers are allowed in a meld of four: 5H X X 8H opens alone with "
    "5+25+25+8 = 63 >= 51 (jokers count 25): legal.",
    preset="gulf",
    players=4,
)
c.deal(0, ["", "5H X X 8H 2C 4D 7S 9D JC 3S 6C KD QS", "", ""], upcard="5S", top="TC")
c.s(1)
c.m(1, "5H X X 8H")
c.d(1, "TC")
c.ok()

c = case(
    "g6-ace-15-opening",
    "G-6: QS KS AS counts 10+10+15 = 35 (ace 15) and 5C 6C 7C 18: 53 >= 51, legal (it would "
    "be 49 with A = 11).",
    preset="gulf",
    players=4,
)
c.deal(0, ["", "QS KS AS 5C 6C 7C 2D 4H 9H JD 3S 8D TH", "", ""], upcard="5S", top="KC")
c.s(1)
c.m(1, "QS KS AS", "5C 6C 7C")
c.d(1, "KC")
c.ok()

c = case(
    "g6-opening-50",
    "G-6: KS KH KD (30) + 2D 3D 4D 5D 6D (20) = 50 < 51: refused.",
    preset="gulf",
    players=4,
)
c.deal(0, ["", "KS KH KD 2D 3D 4D 5D 6D 9C JC 3S 8H 7C", "", ""], upcard="5S", top="QC")
c.s(1)
i = c.m(1, "KS KH KD", "2D 3D 4D 5D 6D")
j = c.d(1, "QC")
c.err(0, [i, j], "G-6")

c = case(
    "g7-partial-scores",
    "G-7, G-9: gulf, seat 1 opens 4H-7H (22) + QS QD QH (30) = 52 and goes out on its next "
    "turn (not a Hand: laid over two turns): seat 1 scores 0, the others their cards at "
    "A 15, T-K 10, joker 25, also when they never opened (no fixed 100). Seat 2 opened and "
    "keeps AC X 5D 2S 7S 4D = 15+25+5+2+7+4 = 58; seat 3 AH 2H 3D 6C 9H KC 3S TH JC 4C 7D "
    "5C QC = 15+2+3+6+9+10+3+10+10+4+7+5+10 = 94; seat 0 AD 3H 6D 7C 8C 9D TS JH KS X 2H 3C "
    "4S = 15+3+6+7+8+9+10+10+10+25+2+3+4 = 112. Nobody reaches 200: not finished.",
    preset="gulf",
    players=4,
)
c.deal(
    0,
    [
        "AD 3H 6D 7C 8C 9D TS JH KS X 2H 3C 4S",
        "4H 5H 6H 7H QS QD QH 9C 9D 9S 4S 5S 2C",
        "TD JD QD KD 8C 8H 8S AC X 5D 2S 7S 4D",
        "AH 2H 3D 6C 9H KC 3S TH JC 4C 7D 5C QC",
    ],
    upcard="KD",
    top="8D TC QH 5H 6S",
)
c.s(1)
c.m(1, "4H 5H 6H 7H", "QS QD QH")
c.d(1, "8D")
c.s(2)
c.m(2, "TD JD QD KD", "8C 8H 8S")
c.d(2, "TC")
c.s(3)
c.d(3, "QH")
c.s(0)
c.d(0, "5H")
c.s(1)
c.m(1, "4S 5S 6S", "9C 9D 9S")
c.d(1, "2C")
c.check_hand(0, 2, 58, "gulf")
c.check_hand(0, 3, 94, "gulf")
c.check_hand(0, 0, 112, "gulf")
c.ok([won(0, 1, "partial", [112, 0, 58, 94])], [112, 0, 58, 94])

c = case(
    "g9-limit-finished",
    "G-8, G-9: seat 1 lays its whole hand in one turn on its second turn (a Hand): every "
    "other penalty is doubled: seat 0 AD AC 2S 3D 4H 5H 6D 7H 8H 9C JD QD KS = 104 -> 208, "
    "seat 2 AS AH 5C 5D 7C 7D 9H 9D JC QC X 3S 4S = 124 -> 248, seat 3 2C 3C 4D 5S 6H 7S 8S "
    "8D TC TD JH QH KC = 93 -> 186. Totals reach 200: the match is finished, the lowest "
    "total (seat 1, 0) wins.",
    preset="gulf",
    players=4,
)
c.deal(
    0,
    [
        "AD AC 2S 3D 4H 5H 6D 7H 8H 9C JD QD KS",
        "2H 3H 4H 9S TS JS QS KD KS KH 6C 6D 2D",
        "AS AH 5C 5D 7C 7D 9H 9D JC QC X 3S 4S",
        "2C 3C 4D 5S 6H 7S 8S 8D TC TD JH QH KC",
    ],
    upcard="9S",
    top="8C TH TS JS 6S",
)
c.s(1)
c.d(1, "8C")
c.s(2)
c.d(2, "TH")
c.s(3)
c.d(3, "TS")
c.s(0)
c.d(0, "JS")
c.s(1)
c.m(1, "2H 3H 4H", "9S TS JS QS", "KD KS KH", "6C 6D 6S")
c.d(1, "2D")
c.check_hand(0, 0, 104, "gulf")
c.check_hand(0, 2, 124, "gulf")
c.check_hand(0, 3, 93, "gulf")
c.ok([won(0, 1, "full", [208, 0, 248, 186])], [208, 0, 248, 186], finished=True, winner=1)

# --- Four-jokers ----------------------------------------------------------------------------------
c = case(
    "f3-five-players-deal",
    "F-1, F-3: four-jokers with 5 players, dealer 4: seat 0 gets 15 cards and opens with a "
    "discard, the others 14 (15+4x14 = 71, 37 in the stock, no indicator). A full cycle of "
    "draws and discards is legal.",
    preset="four-jokers",
    players=5,
)
c.deal(4, ["KC", "", "", "", ""], top="4D 9H JS 2C 7D 5S")
c.d(0, "KC")
for k, seat in enumerate([1, 2, 3, 4, 0]):
    c.s(seat)
    c.d(seat, ["4D", "9H", "JS", "2C", "7D"][k])
c.ok(totals=[0] * 5)

c = case(
    "f6-opening-51-refused",
    "F-6: four-jokers needs 52 to open; KS KH KD (30) + 6C 7C 8C (21) = 51: refused.",
    preset="four-jokers",
)
c.deal(0, ["", "KS KH KD 6C 7C 8C 2D 4H 9H JS 3S 5D TD QC AH"], top="5C 4C")
i = opening_skeleton(c, "AH", ["KS KH KD", "6C 7C 8C"], "4C", "5C")
c.err(0, [i, i + 1], "F-6")

c = case(
    "f6-opening-52-ok",
    "F-6: KS KH KD (30) + 4C 5C 6C 7C (22) = 52: legal in four-jokers.",
    preset="four-jokers",
)
c.deal(0, ["", "KS KH KD 4C 5C 6C 7C 2D 4H 9H JS 3S 5D TD AH"], top="5S 8D")
opening_skeleton(c, "AH", ["KS KH KD", "4C 5C 6C 7C"], "8D", "5S")
c.ok()

c = case(
    "f9-partial-scoring",
    "F-9: four-jokers, 3 players. Seat 0 opens TD JD QD KD + 8C 8H 8S (64 >= 52) and keeps "
    "X AH 5D 2C 2S 7S 4D = 15 (joker) + 11 + 5+2+2+7+4 = 46; seat 1 opens 3H-7H + QS QD QH "
    "(55) and goes out next turn (partial, -30); seat 2 never opened: 100.",
    preset="four-jokers",
    players=3,
)
c.deal(0, ["TD JD QD KD 8C 8H 8S X AH 5D 2C 2S 7S 4D", WIN2, ""], top="9H TC 8D JS KH 6S")
c.d(1, "KC")
c.s(2)
c.d(2, "9H")
c.s(0)
c.m(0, "TD JD QD KD", "8C 8H 8S")
c.d(0, "TC")
c.s(1)
c.m(1, "3H 4H 5H 6H 7H", "QS QD QH")
c.d(1, "8D")
c.s(2)
c.d(2, "JS")
c.s(0)
c.d(0, "KH")
c.s(1)
c.m(1, "4S 5S 6S", "9C 9D 9S")
c.d(1, "3C")
c.check_hand(0, 0, 46)
c.ok([won(0, 1, "partial", [46, -30, 100])], [46, -30, 100])

c = case(
    "f9-full-hand-opened-opponent",
    "F-9: four-jokers, 2 players. Seat 0 opens TD JD QD KD + 8C 8H 8S (64) on its first turn "
    "and keeps X AH 5D 2C 2S 7S 4D = 15+11+5+2+2+7+4 = 46; seat 1 then lays its whole hand "
    "in one turn: a 'hand', everything doubled: seat 1 -60, seat 0 2x46 = 92.",
    preset="four-jokers",
)
c.deal(0, ["TD JD QD KD 8C 8H 8S X AH 5D 2C 2S 7S 4D", FULL15], top="9H 6S")
c.d(1, "8H")
c.s(0)
c.m(0, "TD JD QD KD", "8C 8H 8S")
c.d(0, "9H")
c.s(1)
c.m(1, *FULL_MELDS)
c.d(1, "2D")
c.check_hand(0, 0, 46)
c.ok([won(0, 1, "full", [92, -60])], [92, -60])

c = case(
    "f10-nine-rounds",
    "F-10, O-1: four-jokers (dealer rotates), 2 players, 9 rounds, each won by the first "
    "player with a full hand (-60, the other 200). Dealers 0,1,0,...,0: seat 1 wins rounds "
    "0,2,4,6,8 and seat 0 rounds 1,3,5,7. Totals: seat 0 5x200 + 4x(-60) = 760, seat 1 "
    "5x(-60) + 4x200 = 500. After the 9th round the match is over: seat 1 wins.",
    preset="four-jokers",
)
rs = [quick_full(c, k % 2, ind=None) for k in range(9)]
c.ok(rs, [760, 500], finished=True, winner=1)

# --- The match: L-90 .. L-93 ------------------------------------------------------------------------
c = case(
    "l90-seven-rounds",
    "L-90, L-50: levant, 2 players, 7 rounds, each a full hand by seat 1 (-60) against seat 0 "
    "never opened (200); the loser seat 0 keeps the deal. Totals 7x200 = 1400 and "
    "7x(-60) = -420: finished, seat 1 wins.",
)
rs = [quick_full(c, 0) for k in range(7)]
c.ok(rs, [1400, -420], finished=True, winner=1)

c = case(
    "l93-tie-extra-round",
    "L-93, L-50 (rounds=2): round 0, dealer 0: seat 1 full hand [200, -60]; round 1, dealer 0 "
    "(highest): seat 0 lays its whole hand on its second turn [-60, 200]; totals 140/140 are "
    "tied, so a third round is played, dealt by seat 1 (highest in round 1): seat 0 (first) "
    "full hand [-60, 200]; totals 80 / 340: finished, seat 0 wins.",
    options={"rounds": 2},
)
r0 = quick_full(c, 0)
c.deal(0, [FULL14, "QC"], IND, top="JC KS 6S")
c.d(1, "QC")
c.s(0)
c.d(0, "JC")
c.s(1)
c.d(1, "KS")
c.s(0)
c.m(0, *FULL_MELDS)
c.d(0, "2D")
r1 = won(0, 0, "full", [-60, 200])
r2 = quick_full(c, 1)
c.ok([r0, r1, r2], [80, 340], finished=True, winner=0)

c = case(
    "l92-void-not-counted",
    "L-92 (rounds=2): void rounds do not count. Round 0: seat 1 full hand [200, -60]; round 1 "
    "(dealer 0) is a redeal claimed by seat 0 with four identical pairs; round 2 (dealer 0 "
    "again): seat 1 full hand [200, -60]. Two scored rounds: finished, seat 1 wins with "
    "-120 against 400.",
    options={"rounds": 2},
)
r0 = quick_full(c, 0)
c.deal(0, [PAIRS4, ""], IND)
c.rd(0)
r2 = quick_full(c, 0)
c.ok([r0, void(0, "redeal"), r2], [400, -120], finished=True, winner=1)

# --- Deals ----------------------------------------------------------------------------------------------
c = case(
    "l20-joker-indicator",
    "L-20: a joker can never be the indicator (it goes back into the stock); a deal showing "
    "X as the indicator is refused (action null).",
)
c.deal(0, ["", "KC"], "X")
c.d(1, "KC")
c.err(0, [None], "L-20")

c = case(
    "deal-not-the-deck",
    "RECORD.md, L-2: everything in a deal must be exactly the 106-card deck; here one 2S of "
    "the stock is replaced by a third KH. Refused as a bad deal (action null).",
)
rnd = c.deal(0, ["", "KC"], IND)
st = rnd["deal"]["stock"]
st[st.index("2S")] = "KH"
c.d(1, "KC")
c.err(0, [None], None)


# ========================================================================================
# The rule book's second reading (issue 13): F-4 must-meld, F-8 swap_needs_opening, O-8 for an
# opening add, O-11 one-color / two-wilds, announcements, max_meld_size, 2-5 players,
# contradictory options, and the taken wild tracked as a physical card (L-66).

F4_S0 = "KS KH QS QH QD JS JH JD 3D 3C 5D 9C 6H 7D"
for cid, opts, what in [
    ("f4-must-meld-without-taken", {}, "ok"),
    ("f4-new-meld-override-refused", {"discard_pickup": "new-meld"}, "err"),
]:
    c = case(
        cid,
        "F-4: four-jokers; seat 0 takes the discard KD and lays QS QH QD + JS JH JD (30 + 30 "
        "= 60 >= 52) without it, then discards 3D. "
        + (
            "Legal under discard_pickup=must-meld (the preset's default): a new meld was laid "
            "that turn, with or without the taken card."
            if what == "ok"
            else "Refused under discard_pickup=new-meld: the taken KD must be in a new meld (L-62)."
        ),
        preset="four-jokers",
        options=opts,
    )
    c.deal(0, [F4_S0, "KD"])
    c.d(1, "KD")
    i = c.p(0)
    c.m(0, "QS QH QD", "JS JH JD")
    j = c.d(0, "3D")
    if what == "ok":
        c.ok()
    else:
        c.err(0, list(range(i, j + 1)), "L-62")

c = case(
    "f4-must-meld-nothing-laid-refused",
    "F-4: four-jokers; seat 0 takes the discard KD and discards 3D without laying any meld: "
    "refused (a player who takes the discard must lay a new meld that turn).",
    preset="four-jokers",
)
c.deal(0, [F4_S0, "KD"])
c.d(1, "KD")
i = c.p(0)
j = c.d(0, "3D")
c.err(0, [i, j], "F-4")

for cid, opts, what in [
    ("f8-swap-before-opening", {}, "ok"),
    ("f8-swap-needs-opening-refused", {"swap_needs_opening": True}, "err"),
]:
    c = case(
        cid,
        "F-8: four-jokers; seat 1 opens 7D X 9D (24) + TS JS QS KS (40) = 64. Seat 0, not "
        "opened, puts 8D in place of the joker (a7), keeps it and discards 5D without opening. "
        + (
            "Legal: in four-jokers any player may take a joker from the table "
            "(swap_needs_opening=false)."
            if what == "ok"
            else "Refused with swap_needs_opening=true: before opening no wild may be taken "
            "from the table unless going out (L-40, L-63)."
        ),
        preset="four-jokers",
        options=opts,
    )
    c.deal(0, ["8D 3C 5D", "2C 4S 7D X 9D TS JS QS KS"])
    c.d(1, "2C")
    c.s(0)
    c.d(0, "3C")
    c.s(1)
    c.m(1, "7D X 9D", "TS JS QS KS")
    c.d(1, "4S")
    c.s(0)
    i = c.sw(0, "8D", 0)
    j = c.d(0, "5D")
    if what == "ok":
        c.ok()
    else:
        c.err(0, [i, j], "L-63")

for cid, opts, what in [
    ("o8-open-by-the-add", {"pair_plus_wild": "free"}, "ok"),
    ("o8-open-by-the-add-restricted-refused", {}, "err"),
]:
    c = case(
        cid,
        "O-8: seat 1 opens 8S AC 8H (two eights + wild) + TS JS QS KS. Seat 0, not opened, "
        "lays TH JH QH (30) + 5C 5D 5S (15) = 45 (a8), adds the third eight 8D to 8S AC 8H "
        "(a9: 45 + 8 = 53 >= 51) and discards KD. "
        + (
            "Legal under pair_plus_wild=free: O-8 lets a player who opens by that very add make "
            "it, and the add counts toward the opening."
            if what == "ok"
            else "Refused under pair_plus_wild=restricted (levant): an add before opening does "
            "not count, and 45 is short of 51 (L-63, L-44)."
        ),
        options=opts,
    )
    i = l44_setup(c, "TH JH QH 5C 5D 5S 8D 2H 3H 9C 4S 6D 2C KD", ["TH JH QH", "5C 5D 5S"])
    c.add(0, "8D", 0)
    j = c.d(0, "KD")
    if what == "ok":
        c.ok()
    else:
        c.err(0, list(range(i, j + 1)), "L-63")

c = case(
    "o11-one-color-black-discard",
    "O-11 (bonus one-color): seat 1 lays a full hand all red (2H-6H, 7H-TH, 9D-KD: 14 cards) "
    "and goes out by discarding the black 3C; one-color looks at the 14 melded cards only: "
    "x2. Seat 1 -60*2 = -120, seat 0 (never opened) 100*2*2 = 400.",
    options={"bonuses": ["one-color"]},
)
c.deal(0, ["", "2H 3H 4H 5H 6H 9D TD JD QD KD 7H 8H 9H 3C 3S"], IND, top="QC TH")
c.d(1, "3S")
c.s(0)
c.d(0, "QC")
c.s(1)
c.m(1, "2H 3H 4H 5H 6H", "7H 8H 9H TH", "9D TD JD QD KD")
c.d(1, "3C")
c.ok([won(0, 1, "full", [400, -120], 2)], [400, -120])

TWO_WILDS_S1 = "2H 3H 4H 5H 6H 9D TD JD QD KD 7H 8H 9H AC 3S"
c = case(
    "o11-two-wilds-two-card-discard",
    "O-11 (bonuses wild-discard, two-wilds): seat 1 melds 13 natural cards (2H-6H, 7H-9H, "
    "9D-KD) and goes out by discarding the two wild AC together (indicator 7C; RECORD.md "
    "\"discard\": [\"AC\", \"AC\"]): two-wilds x4 (instead of wild-discard). Seat 1 -60*4 = "
    "-240, seat 0 (never opened) 100*2*4 = 800.",
    options={"bonuses": ["wild-discard", "two-wilds"]},
)
c.deal(0, ["", TWO_WILDS_S1], IND, top="QC AC")
c.d(1, "3S")
c.s(0)
c.d(0, "QC")
c.s(1)
c.m(1, "2H 3H 4H 5H 6H", "7H 8H 9H", "9D TD JD QD KD")
c.d2(1, "AC", "AC")
c.ok([won(0, 1, "full", [800, -240], 4)], [800, -240])

c = case(
    "o11-two-card-discard-without-bonus-refused",
    "O-11: as o11-two-wilds-two-card-discard but with no bonuses: a turn ends with the discard "
    "of one card (L-61); two wild cards go together only under two-wilds. Refused at a5.",
)
c.deal(0, ["", TWO_WILDS_S1], IND, top="QC AC")
c.d(1, "3S")
c.s(0)
c.d(0, "QC")
c.s(1)
c.m(1, "2H 3H 4H 5H 6H", "7H 8H 9H", "9D TD JD QD KD")
i = c.d2(1, "AC", "AC")
c.err(0, [i], "O-11")

c = case(
    "l70-announcements-off-no-missed-announcement",
    "L-70, L-71 off (announcements=false): seat 1 opens TS JS QS KS + 2H 3H 4H 5H + 7D 8D 9D "
    "(40 + 14 + 24 = 78) and discards KC, left with 3 cards: there is nothing to announce, so "
    "the record's \"announce\": false means nothing and is ignored, not refused (L-71, "
    "RULES.md 2026-12-05); seat 0 plays on.",
    options={"announcements": False},
)
c.deal(0, ["", "TS JS QS KS 2H 3H 4H 5H 7D 8D 9D 2C KC"], IND, top="QC 3D JC")
c.d(1, "2C")
c.s(0)
c.d(0, "QC")
c.s(1)
c.m(1, "TS JS QS KS", "2H 3H 4H 5H", "7D 8D 9D")
c.d(1, "KC", announce=False)
c.s(0)
c.d(0, "JC")
c.ok()

for cid, flag in (("l71-no-announcements-announce-true-ignored", True),
                  ("l71-no-announcements-announce-false-ignored", False)):
    c = case(
        cid,
        "L-71 (announcements=false, four-jokers): seat 1 opens 84 and is left with two cards, "
        f"its discard written with \"announce\": {str(flag).lower()} (a5): without "
        "announcements the field means nothing, true and false alike. Next turn it draws 3C, "
        "adds 6H to 2H-5H and TS to 6S-9S and discards 3C, going out (no missed announcement "
        "bars it): partial, seat 1 -30, seat 0 (never opened) 100.",
        preset="four-jokers",
    )
    c.deal(0, ["", "TD JD QD KD 2H 3H 4H 5H 6S 7S 8S 9S 6H TS QC"], None,
           top="4C JC 3S 3C 4D")
    c.d(1, "QC")
    c.s(0)
    c.d(0, "4C")
    c.s(1)
    c.m(1, "TD JD QD KD", "2H 3H 4H 5H", "6S 7S 8S 9S")  # 40 + 14 + 30 = 84
    c.d(1, "JC", announce=flag)  # left with 6H TS
    c.s(0)  # draws 3S
    c.d(0, "3S")
    c.s(1)  # draws 3C
    c.add(1, "6H", 1)
    c.add(1, "TS", 2)
    c.d(1, "3C")
    c.ok([won(0, 1, "partial", [100, -30])], [100, -30])

c = case(
    "max-meld-size-six-card-run-refused",
    "max_meld_size=5: seat 1 opens with the six-card run 9S TS JS QS KS AS: refused (at most 5 "
    "cards a meld).",
    options={"max_meld_size": 5},
)
c.deal(0, ["", "9S TS JS QS KS AS 2C"], IND, top="QC 3D")
c.d(1, "2C")
c.s(0)
c.d(0, "QC")
c.s(1)
i = c.m(1, "9S TS JS QS KS AS")
c.err(0, [i], "max_meld_size")

c = case(
    "max-meld-size-add-sixth-refused",
    "max_meld_size=5: seat 1 opens TS JS QS KS AS (40 + 11 = 51), then adds 9S at the low end: "
    "refused (the run would hold 6 cards).",
    options={"max_meld_size": 5},
)
c.deal(0, ["", "9S TS JS QS KS AS 2C"], IND, top="QC 3D")
c.d(1, "2C")
c.s(0)
c.d(0, "QC")
c.s(1)
c.m(1, "TS JS QS KS AS")
i = c.add(1, "9S", 0)
c.err(0, [i], "max_meld_size")

c = case(
    "players-levant-five",
    "Players: levant is played by 2 to 5 (as Jawaker's Hand): a five-player deal, 14 cards "
    "each and 15 to seat 1, is played.",
    players=5,
)
c.deal(0, ["", "KD", "QH", "", ""], IND)
c.d(1, "KD")
c.s(2)
c.d(2, "QH")
c.ok()

c = case(
    "players-gulf-five",
    "Players: gulf allows 2 to 5 (4 by default): a five-player deal of 13 cards each and an "
    "upcard; seat 1 draws first (G-3).",
    preset="gulf",
    players=5,
)
c.deal(0, ["", "KD", "", "", ""], upcard="3C")
c.s(1)
c.d(1, "KD")
c.ok()

c = case(
    "o2-single-wild-without-no-jokers-refused",
    "O-2: ace_indicator=single-wild applies only with wilds=no-jokers; under wilds=indicator "
    "the two options contradict each other: the record's rules are refused, naming both.",
    options={"ace_indicator": "single-wild"},
)
c.deal(0, ["", "KC"], IND)
c.d(1, "KC")
c.err(None, [None], "wilds=no-jokers", loose=False)

for cid, preset, opts in (
    ("o2-no-jokers-with-jokers-refused", "levant", {"wilds": "no-jokers", "jokers": 2}),
    ("o2-no-jokers-with-four-jokers-refused", "gulf", {"wilds": "no-jokers", "jokers": 4}),
):
    c = case(
        cid,
        f"O-2 ({preset}): wilds=no-jokers with jokers={opts['jokers']} is contradictory "
        "(no-jokers is a 104-card deck): the record's rules are refused, naming both options; "
        "an error in the rules is reported at round null, action null (RECORD.md).",
        preset=preset,
        players=2 if preset == "levant" else 4,
        options=opts,
    )
    c.deal(0, ["", "KC"] if preset == "levant" else ["KC", "", "", ""],
           IND, upcard=None if preset == "levant" else "3C")
    c.err(None, [None], "jokers=", loose=False)

c = case(
    "o2-no-jokers-jokers-not-given",
    "O-2: wilds=no-jokers with jokers not given means jokers=0 (RULES.md § Ruleset options): "
    "the 104-card deck without a joker is the deck; indicator 7C makes both AC wild. Seat 1 "
    "opens 7D AC 9D (AC = 8D, 24) + QC KC AC (31) + TS JS QS KS (40) = 95: legal.",
    options={"wilds": "no-jokers"},
)
c.opts["jokers"] = 0
c.deal(0, ["", "7D AC 9D QC KC AC TS JS QS KS 2H 4D 6S 8H 3C"], IND, top="5D JH")
opening_skeleton(c, "3C", ["7D AC 9D", "QC KC AC", "TS JS QS KS"], "JH", "5D")
c.ok()

c = case(
    "o2-no-jokers-jokers-not-given-joker-dealt-refused",
    "O-2: wilds=no-jokers with jokers not given means jokers=0, so a deal of the 106 cards "
    "with two jokers is not the deck: refused at round 0, action null.",
    options={"wilds": "no-jokers"},
)
c.deal(0, ["", "KC"], IND, extra="not-the-deck")
c.rounds[-1]["deal"]["stock"] += ["X", "X"]
c.err(0, [None], "deck", loose=False)

# RECORD.md § Replaying: an error in the record's rules or players is reported with round and
# action both null (an unknown option, a value out of range, contradictory values, a bad seat
# count); a round of play follows each, which is never reached.
for cid, preset, opts, players, partnership, words in (
    ("record-rules-unknown-option", "levant", {"jokerz": 2}, 2, False, "unknown option"),
    ("record-rules-value-out-of-range", "levant", {"jokers": 3}, 2, False, "jokers"),
    ("record-rules-value-of-wrong-kind", "levant", {"initial_minimum": "51"}, 2, False,
     "initial_minimum"),
    ("record-rules-unknown-preset", "levantine", {}, 2, False, "preset"),
    ("record-players-out-of-range", "levant", {}, 6, False, "players"),
    ("record-players-one", "four-jokers", {}, 1, False, "players"),
    ("record-partnership-needs-four", "levant", {}, 3, True, "4 players"),
):
    c = case(
        cid,
        f"RECORD.md: the record's rules or players are wrong ({preset}, options {opts}, "
        f"players {players}, partnership {str(partnership).lower()}): the error is at round "
        "null, action null, and nothing is played.",
        preset="levant",
        players=2,
    )
    c.deal(0, ["", "KC"], IND)
    c.d(1, "KC")
    c.preset, c.options, c.players, c.partnership = preset, opts, players, partnership
    c.err(None, [None], words, loose=False)

L66_S0 = "TH JH QH KH 7D 9D QC KC AC 2S 5S 5H"
for cid, opts, melds, what in [
    ("l66-twin-own-copy-as-wild-refused", {}, ["TH JH QH KH", "7D AC 9D"], "L-62"),
    ("l66-twin-taken-copy-natural-ok", {}, ["TH JH QH KH", "7D AC 9D", "QC KC AC"], "ok"),
]:
    c = case(
        cid,
        "L-66, L-62 (indicator 7C, both AC wild): seat 1 discards the wild AC; seat 0, holding "
        "the other AC, takes it. The taken card is tracked: an AC laid as an ordinary wild "
        "(7D AC 9D, AC = 8D) is seat 0's own copy, and the taken one plays only as the natural "
        "A-clubs. "
        + (
            "Seat 0 lays TH JH QH KH + 7D AC 9D (64) and discards 2S: refused, the taken "
            "discard was never laid in a new meld (L-62)."
            if what != "ok"
            else "Seat 0 lays TH JH QH KH + 7D AC 9D + QC KC AC (the taken AC as the natural ace: "
            "40 + 24 + 31 = 95) and discards 2S: legal."
        ),
        options=opts,
    )
    c.deal(0, [L66_S0, "AC"], IND)
    c.d(1, "AC")
    c.p(0)
    i = c.m(0, *melds)
    j = c.d(0, "2S")
    if what == "ok":
        c.ok()
    else:
        c.err(0, [i, j], what)

c = case(
    "l66-twin-restriction-stays",
    "L-66 (discard_pickup=free): seat 0 holds one AC and takes the discarded wild AC; it lays "
    "TH JH QH KH + 7D AC 9D (its own copy as the wild 8D), so the AC left is the taken one and "
    "still plays only as the natural A-clubs: 5S 5H AC (AC as a wild five) is refused.",
    options={"discard_pickup": "free"},
)
c.deal(0, [L66_S0, "AC"], IND)
c.d(1, "AC")
c.p(0)
c.m(0, "TH JH QH KH", "7D AC 9D")
i = c.m(0, "5S 5H AC")
c.err(0, [i], "L-66")


# ========================================================================================


def main():
    os.makedirs(OUT, exist_ok=True)
    ids = set()
    for c in CASES:
        assert c.id not in ids, c.id
        ids.add(c.id)
        assert c.expect is not None, c.id
        if c.id not in ("deal-not-the-deck", "o2-no-jokers-jokers-not-given-joker-dealt-refused"
                        ) and not c.id.startswith("record-"):
            for rnd in c.rounds:
                d = rnd["deal"]
                allc = [x for h in d["hands"] for x in h] + d["stock"]
                allc += [d[k] for k in ("indicator", "discard") if k in d]
                assert Counter(allc) == Counter(build_deck(c.preset, c.options)), c.id
        verify(c)
    for f in os.listdir(OUT):
        if f.endswith(".json") and f[:-5] not in ids:
            os.remove(os.path.join(OUT, f))
    for c in CASES:
        with open(os.path.join(OUT, c.id + ".json"), "w") as fh:
            json.dump(c.to_json(), fh, indent=1, ensure_ascii=False)
            fh.write("\n")
    print("%d cases written to %s" % (len(CASES), OUT))


if __name__ == "__main__":
    main()
