"""Whether a turn can still be finished: the exact search behind every step's legality.

A step that would leave the turn with no legal way to finish (an opening that can no longer
reach the minimum, a taken discard that can no longer be melded) is refused at the step
itself (RECORD.md allows either the step or the turn's discard); this module decides it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from handgame.core.cards import Card
from handgame.core.errors import IllegalAction
from handgame.core.packing import best_packing
from handgame.games.hand.actions import (
    Action,
    Draw,
    LayMelds,
    LayOff,
    SwapWild,
)
from handgame.games.hand.candidates import step_candidates, swap_candidates
from handgame.games.hand.meldgen import (
    best_melds_value,
    candidate_melds,
    value_bound,
)
from handgame.games.hand.melds import (
    RUN,
    Meld,
    fitting_ends,
)
from handgame.games.hand.obligations import pickup_owed, taken_must_join
from handgame.games.hand.rounds import Phase, RoundState
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.turn import (
    going_out_forbidden,
    required_minimum,
    step,
    turn_problem,
    two_wilds_problem,
)
from handgame.games.hand.wilds import Wilds

if TYPE_CHECKING:
    from handgame.games.hand.state import State


# ----------------------------------------------------------------------------- completion


def obligated(state: State) -> bool:
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    seat = rnd.turn
    if pickup_owed(state.rules, ts):
        return True
    if not rnd.opened[seat] and (ts.laid or ts.laid_value or ts.provisional):
        return True
    return ts.l44_pending or ts.reuse_owed > 0


def dead_end_reason(state: State, action: Action) -> str:
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    if isinstance(action, Draw):
        if not taken_must_join(state.rules):
            return (
                f"the discard {ts.taken} may be taken only by a player who can lay a new meld "
                "this turn (and reach the opening minimum, if not opened); draw from the stock "
                "instead (F-4, L-63)"
            )
        if not rnd.opened[rnd.turn]:
            return (
                f"the discard {ts.taken} may be taken only to lay it at once in a new meld with "
                f"two cards from hand that is part of an opening of at least "
                f"{required_minimum(state)}; draw from the stock instead (L-62, L-63, L-66)"
            )
        return (
            f"the discard {ts.taken} may be taken only to lay it at once in a new meld with at "
            "least two cards from hand; draw from the stock instead (L-62)"
        )
    probe = turn_problem(state, rnd.hands[rnd.turn][0], True)
    return f"after this the turn cannot be finished legally: {probe}"


def can_finish_turn(state: State) -> bool:
    """Whether the seat to act can still end its turn with a legal discard (exact).

    Laying the best disjoint melds from hand (an exact dynamic programme) settles most cases
    at once, and a necessary condition for going out rules out most others; a search over
    every step (melds, lay-offs, swaps) decides the rest.
    """
    if len(_MEMO) > 200_000:
        _MEMO.clear()
    return _finishable(state, _MEMO)


def accepts(state: State, action: Action, no_out: bool = False) -> bool:
    """Whether ``apply`` accepts ``action`` (without building its error message).

    ``no_out``: after this step ``could_go_out`` (stage 0) is known to be False.
    """
    try:
        new = step(state, action)
    except IllegalAction:
        return False
    if new.phase is Phase.PLAY and obligated(new):
        if len(_MEMO) > 200_000:
            _MEMO.clear()
        return _finishable(new, _MEMO, no_out=no_out)
    return True


# Answers of the search, shared between calls: the key holds everything an answer depends on.
_MEMO: dict[object, bool] = {}


def clear_cache() -> None:
    """Forget the search's remembered answers (they never change an answer; tests use this)."""
    _MEMO.clear()


def _finishable(
    state: State,
    memo: dict[object, bool],
    stage: int = 0,
    last_meld: tuple[Card, ...] = (),
    last_add: int = 0,
    no_out: bool = False,
) -> bool:
    """Search the rest of the turn for a legal discard.

    Steps are tried in one canonical order, which loses no outcome: swaps first (they only
    bring wild cards into the hand), then new melds in ascending order of their cards, then
    lay-offs by ascending meld number (the cards of a turn go to different places, so the
    order between places does not matter).
    """
    rnd = state.round
    assert rnd is not None
    hand = rnd.hands[rnd.turn]
    # turn_problem depends on the card only through holding it: one card of the hand decides
    if hand and turn_problem(state, hand[0]) is None:
        return True
    if len(hand) == 2 and two_wilds_problem(state, hand) is None:
        return True  # O-11: the two wild cards discarded together
    pos = _Position(
        (
            hand,
            rnd.melds,
            rnd.turn_state,
            rnd.opened[rnd.turn],
            state.rules,
            rnd.wilds,
            going_out_forbidden(state),
            required_minimum(state),
            rnd.announced,
            tuple(len(h) for h in rnd.hands),
            rnd.turn,
        )
    )
    key = (pos, stage, last_meld, last_add)
    if key in memo:
        return memo[key]
    # The answer can only grow as the canonical order allows more (fewer stages passed, lower
    # last meld and lay-off): each shortcut of _quick_verdict that says yes ignores the stage,
    # could_go_out says no less often at a lower stage, and the steps tried and the stages they
    # lead to grow too. So a position found hopeless with every step allowed is hopeless with
    # fewer, and one found finishable with fewer is finishable with all.
    unrestricted = stage == 0 and not last_meld and last_add == 0
    if memo.get((pos, _HOPELESS)):
        memo[key] = False
        return False
    if unrestricted and memo.get((pos, _FINISHABLE)):
        memo[key] = True
        return True
    memo[key] = False
    verdict = _quick_verdict(state, stage, no_out)
    if verdict is not None:
        memo[key] = verdict
        if verdict:
            memo[(pos, _FINISHABLE)] = True
        elif unrestricted:
            memo[(pos, _HOPELESS)] = True
        return verdict
    for action in step_candidates(state):
        if isinstance(action, SwapWild):
            if stage > 0:
                continue
            nxt_stage, nxt_meld, nxt_add = 0, last_meld, last_add
        elif isinstance(action, LayMelds):
            if stage > 1 or action.melds[0] < last_meld:
                continue
            nxt_stage, nxt_meld, nxt_add = 1, action.melds[0], last_add
        else:
            assert isinstance(action, LayOff)
            if action.to < last_add:
                continue
            nxt_stage, nxt_meld, nxt_add = 2, last_meld, action.to
        try:
            nxt = step(state, action)
        except IllegalAction:
            continue
        if nxt.phase is Phase.PLAY and _finishable(nxt, memo, nxt_stage, nxt_meld, nxt_add):
            memo[key] = True
            memo[(pos, _FINISHABLE)] = True
            return True
    if unrestricted:
        memo[(pos, _HOPELESS)] = True
    return False


_HOPELESS = "hopeless"
_FINISHABLE = "finishable"


class _Position:
    """A search position (a tuple) that computes its hash once: it keys several memo entries."""

    __slots__ = ("hash", "items")

    def __init__(self, items: tuple[object, ...]) -> None:
        self.items = items
        self.hash = hash(items)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Position) and (
            self.items is other.items or (self.hash == other.hash and self.items == other.items)
        )


def _quick_verdict(state: State, stage: int = 0, no_out: bool = False) -> bool | None:
    """Settle finishability without a search where an exact shortcut exists (else None).

    ``no_out``: ``could_go_out(state, stage)`` is known to be False (see ``out_bounds``).
    """
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    seat = rnd.turn
    opened = rnd.opened[seat]
    rules = state.rules
    if not ts.provisional and not ts.l44_pending and ts.reuse_owed == 0:
        owed = pickup_owed(rules, ts)
        must = ts.taken if owed and taken_must_join(rules) else None
        keep = 2 if going_out_forbidden(state) else 1
        hand = rnd.hands[seat]
        restriction = ts.restriction if not ts.taken_used else None
        # the taken wild is tracked (L-66): with an identical card in hand a packing may hold
        # the other copy where the taken one is owed, so only the search says yes
        exact = not (must is not None and restriction is not None and hand.count(must) > 1)
        bound = value_bound(hand, rnd.wilds, rules, restriction)
        if not opened and ts.laid_value + bound < required_minimum(state):
            best = -1  # the bound alone shows the opening is out of reach
        else:
            best = best_melds_value(hand, rnd.wilds, rules, keep, restriction, must)
        if exact and best >= 0 and (opened or ts.laid_value + best >= required_minimum(state)):
            if (opened and not owed) or ts.laid or best > 0:
                return True
        if not exact:
            return None
        if opened:
            # the taken discard cannot join a new meld: only a swap (which gives a wild) or,
            # under O-5, a lay-off can still help
            add_route = rules.discard_pickup == "new-meld-or-add" and ts.taken_from_opened
            if not add_route and not _swap_possible(rnd, seat):
                return False
            return None
        # not opened and the opening cannot be reached with melds: only going out is left, or
        # an O-8 add that counts toward the opening
        if _o8_possible(rnd, rules):
            return None
        return None if not no_out and could_go_out(state, stage) else False
    if not opened and ts.provisional and (no_out or not could_go_out(state, stage)):
        return False
    return None


def _o8_possible(rnd: RoundState, rules: Ruleset) -> bool:
    """Whether the hand could add a third equal card to a two-equal-plus-wild (O-8 free)."""
    if rules.pair_plus_wild != "free":
        return False
    hand = rnd.hands[rnd.turn]
    for m in rnd.melds:
        if m.is_pair_plus_wild():
            for c in hand:
                nat = rnd.wilds.natural(c)
                if not rnd.wilds.is_wild(c) and nat.rank == m.rank:
                    return True
    return False


def _swap_possible(rnd: RoundState, seat: int) -> bool:
    return any(swap_candidates(rnd, seat, i, m) for i, m in enumerate(rnd.melds) if m.wild_at)


def could_go_out(state: State, stage: int = 0) -> bool:
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
    swap_cards: set[Card] = set()
    extra = 0
    if stage == 0:
        for i, m in enumerate(rnd.melds):
            for sw in swap_candidates(rnd, seat, i, m):
                assert isinstance(sw, SwapWild)
                swap_cards.update(sw.cards)
        extra = sum(len(m.wild_at) for m in rnd.melds) if swap_cards else 0
    n_wild = sum(1 for c in hand if wilds.is_wild(c)) + extra
    naturals = {wilds.natural(c) for c in hand if not wilds.is_wild(c)}
    counts: dict[Card, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    # the loose cards, by kind: whether a card reaches the table does not depend on its copy
    loose_kinds = _loose_kinds(rnd, counts, swap_cards, naturals, n_wild, rules)
    n_loose = sum(counts[c] for c in loose_kinds)
    if n_loose <= 1:
        return True
    if stage == 2:
        return False
    if extra and wilds.wild is not None:
        pool = tuple(sorted((*hand, *(wilds.wild,) * extra)))
    else:
        pool = hand
    melds = candidate_melds(pool, wilds, rules)
    # only melds holding a loose card count (the others add nothing to the packing), and
    # a loose kind is covered at most as often as the pool holds it
    useful = [m for m in melds if any(c in loose_kinds for c in m.cards)]
    in_useful = {c for m in useful for c in m.cards}
    bound = sum(pool.count(c) for c in loose_kinds if c in in_useful)
    if n_loose - bound > 1:
        return False
    values = [sum(1 for c in m.cards if c in loose_kinds) for m in useful]
    covered = best_packing(tuple(c for c in pool if c in in_useful), useful, values)
    return n_loose - covered <= 1


def _loose_kinds(
    rnd: RoundState,
    kinds: dict[Card, int],
    swap_cards: set[Card],
    naturals: set[Card],
    n_wild: int,
    rules: Ruleset,
) -> set[Card]:
    """The cards of ``kinds`` not in ``swap_cards`` that reach no table meld (``_table_reach``
    for each: here the natural cards each meld reaches are listed once, walking out from its
    ends while the gaps fit the wild cards and the run its 13 cards)."""
    wilds = rnd.wilds
    present = [0, 0, 0, 0]  # per suit, a bit per rank held as a natural card (gaps: 2..13)
    for n in naturals:
        if n.suit >= 0:
            present[n.suit] |= 1 << n.rank
    reach = [0, 0, 0, 0]  # per suit, a bit per rank of the natural cards some meld reaches
    for m in rnd.melds:
        size = len(m.cards)
        if m.kind != RUN:
            if size < 4:
                for s in range(4):
                    if s not in m.natural_suits:
                        reach[s] |= 1 << m.rank
            continue
        held = present[m.suit]
        start = m.start
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
        reach[m.suit] |= bits
    wild_fits: bool | None = None
    out: set[Card] = set()
    for c in kinds:
        if c in swap_cards:
            continue
        if wilds.is_wild(c):
            if wild_fits is None:
                wild_fits = any(fitting_ends(m, c, wilds, rules) for m in rnd.melds)
            if not wild_fits:
                out.add(c)
        else:
            nat = wilds.natural(c)
            if nat.suit < 0 or not reach[nat.suit] >> nat.rank & 1:
                out.add(c)
    return out


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


def out_bounds(state: State) -> tuple[bool, bool]:
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
    in_own = {c for m in own for c in m.cards}

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
        covered = {c for m in candidate_melds(pool, wilds, rules) for c in m.cards}
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
