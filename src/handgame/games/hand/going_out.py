"""Whether the seat to act could go out this turn: necessary conditions (L-64, L-80).

Fast, exact bounds that let the turn search (:mod:`handgame.games.hand.finish`) and the
listing of legal steps (:mod:`handgame.games.hand.legal`) skip what cannot end with an empty
hand: ``could_go_out`` for one position, ``out_bounds`` for every step offered from it.
"""

from __future__ import annotations

from functools import lru_cache

from handgame.core.cards import JOKER_CODE, Card
from handgame.core.packing import best_packing
from handgame.games.hand import native
from handgame.games.hand.candidates import swap_cards
from handgame.games.hand.match import Match
from handgame.games.hand.meldgen import candidate_melds, in_melds
from handgame.games.hand.melds import RUN, Meld, fitting_ends
from handgame.games.hand.rounds import RoundState
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.turn import going_out_forbidden
from handgame.games.hand.wilds import Wilds


def could_go_out(state: Match, stage: int = 0) -> bool:
    """A necessary condition for going out this turn (L-64, L-80).

    Every card but the one to discard must find a place: a lay-off reachable from a table
    meld's end through cards of the hand (wild cards filling gaps), a swap, or a disjoint new
    meld (which may use the wild cards that swaps would bring). ``stage`` is the search's
    canonical stage: 1 allows no more swaps, 2 no more new melds.
    """
    rnd = state.round
    assert rnd is not None
    if going_out_forbidden(state):
        return False
    seat = rnd.turn
    hand = rnd.hands[seat]
    wilds = rnd.wilds
    rules = state.rules
    ext = native.extension()
    if ext is not None and native.rules_support(rules) is None:
        # the same answer computed natively (native/legal.cpp), where within its limits
        got = ext.could_go_out(hand, native.table(rnd.melds), native.config(rules, wilds), stage)
        if got >= 0:
            return bool(got)
    swapped: set[Card] = set()
    extra = 0
    if stage == 0:
        swapped = swap_cards(rnd, seat)
        extra = sum(len(m.wild_at) for m in rnd.melds) if swapped else 0
    wild = wilds.wild
    n_wild = (hand.count(wild) if wild is not None else 0) + extra
    counts: dict[Card, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    naturals = {wilds.natural(c) for c in counts if c != wild}
    # the loose cards, by kind: whether a card reaches the table does not depend on its copy
    loose_kinds = _loose_kinds(rnd, counts, swapped, naturals, n_wild, rules)
    n_loose = sum(counts[c] for c in loose_kinds)
    if n_loose <= 1:
        return True
    if stage == 2:
        return False
    if extra and wilds.wild is not None:
        pool = tuple(sorted((*hand, *(wilds.wild,) * extra)))
    else:
        pool = hand
    # a loose kind is covered at most as often as the pool holds it, and only if some meld of
    # the pool holds it
    covered_kinds = in_melds(pool, wilds, rules)
    bound = sum(pool.count(c) for c in loose_kinds if c in covered_kinds)
    if n_loose - bound > 1:
        return False
    # only melds holding a loose card count (the others add nothing to the packing)
    loose_bits = 0
    for c in loose_kinds:
        loose_bits |= 1 << c
    useful = [m for m in candidate_melds(pool, wilds, rules) if m.card_bits & loose_bits]
    useful_bits = 0
    for m in useful:
        useful_bits |= m.card_bits
    values = [sum(1 for c in m.cards if loose_bits >> c & 1) for m in useful]
    covered = best_packing(tuple(c for c in pool if useful_bits >> c & 1), useful, values)
    return n_loose - covered <= 1


def _loose_kinds(
    rnd: RoundState,
    kinds: dict[Card, int],
    swapped: set[Card],
    naturals: set[Card],
    n_wild: int,
    rules: Ruleset,
) -> set[Card]:
    """The cards of ``kinds`` not in ``swapped`` that reach no table meld (``_table_reach``
    for each: here the natural cards each meld reaches are listed once, walking out from its
    ends while the gaps fit the wild cards and the run its 13 cards)."""
    wilds = rnd.wilds
    # card codes: suit * 13 + rank - 1 (cards.Card.of), the joker 52 (no suit)
    present = [0, 0, 0, 0]  # per suit, a bit per rank held as a natural card (gaps: 2..13)
    for n in naturals:
        if n < 52:
            present[n // 13] |= 2 << n % 13
    reach = [0, 0, 0, 0]  # per suit, a bit per rank of the natural cards some meld reaches
    for m in rnd.melds:
        size = len(m.cards)
        if m.kind != RUN:
            if size < 4:
                for s in range(4):
                    if s not in m.natural_suits:
                        reach[s] |= 1 << m.rank
            continue
        reach[m.suit] |= _run_reach(m.start, size, present[m.suit], n_wild)
    wild_fits: bool | None = None
    wild = wilds.wild
    joker_as = wilds.joker_as
    out: set[Card] = set()
    for c in kinds:
        if c in swapped:
            continue
        if c == wild:
            if wild_fits is None:
                wild_fits = any(fitting_ends(m, c, wilds, rules) for m in rnd.melds)
            if not wild_fits:
                out.add(c)
        else:
            nat = joker_as if c == JOKER_CODE and joker_as is not None else c  # natural(c)
            if nat >= 52 or not reach[nat // 13] >> (nat % 13 + 1) & 1:
                out.add(c)
    return out


@lru_cache(maxsize=65536)
def _run_reach(start: int, size: int, held: int, n_wild: int) -> int:
    """The ranks (a bit each, 1 for the ace) of the natural cards that reach a run of ``size``
    cards from rank ``start``, its suit's ranks held as bits ``held``, with ``n_wild`` wild
    cards to fill the gaps: walking out from its ends while the gaps fit the wild cards and
    the run its 13 cards."""
    end = start + size - 1
    bits = gaps = 0
    for r in range(start - 1, 0, -1):  # a card of rank r below, ranks r+1 .. start-1 between
        if r < start - 1 and not held >> (r + 1) & 1:
            gaps += 1
        if gaps > n_wild or size + start - r > 13:
            break
        bits |= 1 << r
    gaps = 0
    for r in range(end + 1, 15):  # above: ranks end+1 .. r-1 between (14: the ace)
        if r > end + 1 and not held >> (r - 1) & 1:
            gaps += 1
        if gaps > n_wild or size + r - end > 13:
            break
        bits |= 1 << (1 if r == 14 else r)
    return bits


def _reach(
    melds: tuple[Meld, ...] | list[Meld],
    wilds: Wilds,
    card: Card,
    naturals: set[Card],
    n_wild: int,
    rules: Ruleset,
) -> bool:
    """Whether ``card`` could be laid off on one of ``melds``, maybe after other hand cards."""
    if wilds.is_wild(card):
        return any(fitting_ends(m, card, wilds, rules) for m in melds)
    nat = wilds.natural(card)
    for m in melds:
        if m.kind != RUN:
            if nat.rank == m.rank and nat.suit not in m.natural_suits and len(m.cards) < 4:
                return True
            continue
        if nat.suit != m.suit:
            continue
        for r in (nat.rank,) if nat.rank != 1 else (1, 14):
            if r < m.start:
                between = range(r + 1, m.start)
            elif r > m.end:
                between = range(m.end + 1, r)
            else:
                continue
            gaps = sum(1 for x in between if Card.of(x, m.suit) not in naturals)
            if gaps <= n_wild and len(m.cards) + len(between) + 1 <= 13:
                return True
    return False


def out_bounds(state: Match) -> tuple[bool, bool]:
    """For an unopened seat: whether ``could_go_out`` (stage 0) is surely False after every
    lay-off or swap, and after every new meld, that ``step_candidates`` offers now.

    One bound covers every such successor (it does not try them). A successor's hand holds no
    natural card that this hand does not hold, and ``could_go_out`` lends it the table's wild
    cards only when one of its cards can be swapped, so its hand and loans hold at most
    ``hand wilds + table wilds`` wild cards, or (no swap possible) the hand's own; its table is
    this one with one meld longer or with naturals in place of wilds, or with one new meld of
    the hand. A natural card of this hand that no wild position stands for, that reaches no
    such meld even with all those wild cards filling gaps, and that is in no meld of the hand
    with them, stays loose and uncovered after the step. A loose wild card may cover at most
    the loaned ones more than the hand holds; it is not loose when it fits a meld that the
    step leaves alone.
    """
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    wilds = rnd.wilds
    rules = state.rules
    if going_out_forbidden(state):
        return True, True
    wild = wilds.wild
    ts = rnd.turn_state
    restriction = ts.restriction if not ts.taken_used else None
    own = candidate_melds(hand, wilds, rules, restriction)
    in_own = in_melds(hand, wilds, rules, restriction)

    def targets_of(melds: tuple[Meld, ...] | list[Meld]) -> set[Card]:
        out: set[Card] = set()
        for m in melds:
            if not m.wild_at:
                continue
            if m.kind == RUN:
                for i in m.wild_at:
                    sf = m.stands_for(i)
                    if sf is not None:
                        out.add(sf)
            else:
                out.update(Card.of(m.rank, s) for s in range(4) if s not in m.natural_suits)
        return out

    table_targets = targets_of(rnd.melds)
    own_targets = targets_of(own)
    hand_wilds = sum(1 for c in hand if wilds.is_wild(c))
    nats = [wilds.natural(c) for c in hand if not wilds.is_wild(c)]
    naturals = set(nats)
    table_wilds = sum(len(m.wild_at) for m in rnd.melds)
    fits = (
        sum(1 for m in rnd.melds if fitting_ends(m, wild, wilds, rules)) if wild is not None else 0
    )

    def loose_count(new_meld: bool) -> int:
        targets = table_targets | own_targets if new_meld else table_targets
        # a lay-off of a wild card makes a new wild position, which a hand card may fill
        swappable = any(n in targets for n in nats) or (not new_meld and hand_wilds > 0)
        loan = table_wilds if swappable and wild is not None else 0
        n_wild = hand_wilds + loan + (1 if swappable else 0)
        pool = tuple(sorted((*hand, *(wild,) * loan))) if loan and wild is not None else hand
        covered = in_melds(pool, wilds, rules)
        melds = [*rnd.melds, *own] if new_meld else rnd.melds
        loose = 0
        for c in hand:
            if wilds.is_wild(c) or c in covered or wilds.natural(c) in targets:
                continue
            if new_meld and c in in_own:
                continue
            if not _reach(melds, wilds, c, naturals, n_wild, rules):
                loose += 1
        if swappable and wild is not None and fits < (1 if new_meld else 2):
            loose -= table_wilds + (2 if new_meld else 1)
        return loose

    return loose_count(False) >= 2, loose_count(True) >= 2


def clear_cache() -> None:
    """Forget the remembered run reaches (they never change an answer; tests use this)."""
    _run_reach.cache_clear()
