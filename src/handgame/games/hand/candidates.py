"""Candidate steps of the seat to act: new melds, lay-offs and swaps to try (not yet checked)."""

from __future__ import annotations

from handgame.core.cards import ALL_CARDS, Card
from handgame.games.hand import native
from handgame.games.hand.actions import (
    Action,
    LayMelds,
    LayOff,
    SwapWild,
)
from handgame.games.hand.match import Match
from handgame.games.hand.meldgen import (
    candidate_melds,
)
from handgame.games.hand.melds import (
    RUN,
    Meld,
    fitting_ends,
)
from handgame.games.hand.rounds import RoundState

_ENDS: dict[int, str | None] = {-1: None, 0: "low", 1: "high"}


def step_candidates(state: Match, melds: bool = True, swaps: bool = True) -> list[Action]:
    """Candidate melds, lay-offs and swaps for the seat to act (unchecked), in one order; with
    ``melds`` or ``swaps`` False, the same list without the new melds or the swaps."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    ts = rnd.turn_state
    restriction = ts.restriction if not ts.taken_used else None
    out: list[Action] = []
    if melds:
        for m in candidate_melds(hand, rnd.wilds, state.rules, restriction):
            out.append(LayMelds(seat, (m.cards,)))
    if not rnd.melds:
        return out
    wilds = rnd.wilds
    rules = state.rules
    ext = native.extension()
    if ext is not None and native.rules_support(rules) is None:
        # the same lay-offs and swaps, in the same order, listed natively (native/legal.cpp)
        for t in ext.table_steps(hand, native.table(rnd.melds), native.config(rules, wilds)):
            if t[0] == 0:
                out.append(LayOff(seat, ALL_CARDS[t[2]], t[1], _ENDS[t[3]]))
            elif swaps:
                out.append(SwapWild(seat, tuple(ALL_CARDS[c] for c in t[2:]), t[1]))
        return out
    # fitting_ends fits a natural card only to a set of its rank or a run of its suit: the
    # cards worth asking, per rank and per suit, wild cards in every list (in card order)
    by_rank: list[list[Card]] = [[] for _ in range(14)]
    by_suit: list[list[Card]] = [[] for _ in range(4)]
    rank_of: dict[Card, int] = {}  # each card's natural rank, 0 for a wild card
    for card in sorted(set(hand)):
        if wilds.is_wild(card):
            for lst in (*by_rank, *by_suit):
                lst.append(card)
            rank_of[card] = 0
            continue
        nat = wilds.natural(card)
        if nat.is_joker:
            continue
        by_rank[nat.rank].append(card)
        by_suit[nat.suit].append(card)
        rank_of[card] = nat.rank
    for i, meld in enumerate(rnd.melds):
        if meld.kind == RUN:
            # a natural card fits a run only next to one of its ends (the ace above a king
            # or below a two): the others are not asked
            low, high = meld.start - 1, meld.start + len(meld.cards)
            ace = 1 if low == 1 or high == 14 else -1
            cards = [c for c in by_suit[meld.suit] if rank_of[c] in (0, low, high, ace)]
        else:
            cards = by_rank[meld.rank] if len(meld.cards) < 4 else []  # a set holds 4 (L-12)
        for card in cards:
            ends = fitting_ends(meld, card, wilds, rules)
            if len(ends) == 1:
                out.append(LayOff(seat, card, i, None))
            else:
                out.extend(LayOff(seat, card, i, e) for e in ends)
        if swaps and meld.wild_at:
            out.extend(swap_candidates(rnd, seat, i, meld))
    return out


def swap_candidates(rnd: RoundState, seat: int, index: int, meld: Meld) -> list[Action]:
    if not meld.wild_at:
        return []
    by_natural = _by_natural(rnd, seat)

    def providers(nat: Card) -> list[Card]:
        return by_natural.get(nat, [])

    if meld.kind == RUN:
        result: list[Action] = []
        for i in meld.wild_at:
            sf = meld.stands_for(i)
            if sf is not None:
                result.extend(SwapWild(seat, (p,), index) for p in providers(sf))
        return result
    missing = [s for s in range(4) if s not in meld.natural_suits]
    combos: list[tuple[Card, ...]] = [()]
    for s in missing:
        combos = [(*c, p) for c in combos for p in providers(Card.of(meld.rank, s))]
    return [SwapWild(seat, c, index) for c in combos if c]


def swap_cards(rnd: RoundState, seat: int) -> set[Card]:
    """The cards of the hand that some wild-card swap would put on the table: the cards of
    every ``swap_candidates`` action over every table meld, without listing the swaps."""
    by_natural: dict[Card, list[Card]] | None = None
    out: set[Card] = set()
    for meld in rnd.melds:
        if not meld.wild_at:
            continue
        if by_natural is None:
            by_natural = _by_natural(rnd, seat)
        if meld.kind == RUN:
            for i in meld.wild_at:
                sf = meld.stands_for(i)
                if sf is not None:
                    out.update(by_natural.get(sf, ()))
            continue
        # a set's swap puts every missing suit at once (L-40): none unless each has a card
        missing = [
            by_natural.get(Card.of(meld.rank, s), [])
            for s in range(4)
            if s not in meld.natural_suits
        ]
        if missing and all(missing):
            for cards in missing:
                out.update(cards)
    return out


def _by_natural(rnd: RoundState, seat: int) -> dict[Card, list[Card]]:
    """The seat's cards (each kind once, in card order) that play as each natural card: the
    cards a swap may put in place of a wild card (L-40)."""
    wilds = rnd.wilds
    out: dict[Card, list[Card]] = {}
    for c in sorted(set(rnd.hands[seat])):
        if not wilds.is_wild(c):
            out.setdefault(wilds.natural(c), []).append(c)
    return out
