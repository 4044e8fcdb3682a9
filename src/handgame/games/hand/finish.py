"""Whether a turn can still be finished: the exact search behind every step's legality.

A step that would leave the turn with no legal way to finish (an opening that can no longer
reach the minimum, a taken discard that can no longer be melded) is refused at the step
itself (RECORD.md allows either the step or the turn's discard); this module decides it.
"""

from __future__ import annotations

from handgame.core.cards import Card
from handgame.core.errors import IllegalAction, Reason
from handgame.games.hand import native, native_search
from handgame.games.hand.actions import (
    Action,
    Draw,
    LayMelds,
    LayOff,
    SwapWild,
)
from handgame.games.hand.candidates import step_candidates, swap_candidates
from handgame.games.hand.going_out import could_go_out
from handgame.games.hand.match import Match
from handgame.games.hand.meldgen import best_melds_value, in_melds, meld_fits, value_bound
from handgame.games.hand.melds import NATURAL
from handgame.games.hand.obligations import pickup_owed, taken_must_join, taken_settled_by_adding
from handgame.games.hand.rounds import Phase, RoundState
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.turn import (
    going_out_forbidden,
    required_minimum,
    step,
    turn_problem,
    two_wilds_problem,
)

# ----------------------------------------------------------------------------- completion


def obligated(state: Match) -> bool:
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    seat = rnd.turn
    if pickup_owed(state.rules, ts):
        return True
    if not rnd.opened[seat] and (ts.laid or ts.laid_value or ts.provisional):
        return True
    return ts.l44_pending or ts.reuse_owed > 0


def dead_end_reason(state: Match, action: Action) -> str:
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    if isinstance(action, Draw):
        if not taken_must_join(state.rules):
            return Reason(
                f"the discard {ts.taken} may be taken only by a player who can lay a new meld "
                "this turn (and reach the opening minimum, if not opened); draw from the stock "
                "instead (F-4, L-63)",
                "F-4",
                "L-63",
                cards=(ts.taken,),
            )
        if not rnd.opened[rnd.turn]:
            return Reason(
                f"the discard {ts.taken} may be taken only to lay it at once in a new meld with "
                f"two cards from hand that is part of an opening of at least "
                f"{required_minimum(state)}; draw from the stock instead (L-62, L-63, L-66)",
                "L-62",
                "L-63",
                "L-66",
                cards=(ts.taken,),
            )
        return Reason(
            f"the discard {ts.taken} may be taken only to lay it at once in a new meld with at "
            "least two cards from hand; draw from the stock instead (L-62)",
            "L-62",
            cards=(ts.taken,),
        )
    probe = turn_problem(state, rnd.hands[rnd.turn][0], True)
    cited = probe.rules if isinstance(probe, Reason) else ()
    about = probe.cards if isinstance(probe, Reason) else ()
    return Reason(f"after this the turn cannot be finished legally: {probe}", *cited, cards=about)


def can_finish_turn(state: Match) -> bool:
    """Whether the seat to act can still end its turn with a legal discard (exact).

    Laying the best disjoint melds from hand (an exact dynamic programme) settles most cases
    at once, and a necessary condition for going out rules out most others; a search over
    every step (melds, lay-offs, swaps) decides the rest.
    """
    return _search(state)


def _search(state: Match, no_out: bool = False) -> bool:
    """The turn search from ``state``: in C++ where native (``native_search``), else the
    reference ``_finishable`` with the shared memo (emptied at another turn, or when it grows
    too large)."""
    got = native_search.finishable(state, no_out)
    if got is not None:
        return got
    rnd = state.round
    assert rnd is not None
    # A position holds its turn's hand and table, so the answers of an earlier turn are not
    # asked again: kept, they would only make every full garbage collection walk them (about
    # a quarter of the reference path's time in random play). Any mark of the turn will do:
    # a wrong guess only empties the memo early or late, and never changes an answer.
    turn = (rnd.turn, len(rnd.stock), len(rnd.discard_pile))
    if turn != _MEMO_TURN[0] or len(_MEMO) > 200_000:
        _MEMO.clear()
        _MEMO_TURN[0] = turn
    return _finishable(state, _MEMO, no_out=no_out)


def accepts_all(state: Match, checks: list[tuple[Action, bool]]) -> list[bool]:
    """``accepts(state, action, no_out)`` of each (action, no_out), in order: the native turn
    search answers where it can (``native_search``), the reference the rest."""
    got = native_search.accepts(state, checks) if checks else None
    if got is None:
        return [accepts(state, a, no_out) for a, no_out in checks]
    return [
        accepts(state, a, no_out) if v == native_search.ASK else bool(v)
        for (a, no_out), v in zip(checks, got, strict=True)
    ]


def accepts(state: Match, action: Action, no_out: bool = False) -> bool:
    """Whether ``apply`` accepts ``action`` (without building its error message).

    ``no_out``: after this step ``could_go_out`` (stage 0) is known to be False.
    """
    try:
        new = step(state, action)
    except IllegalAction:
        return False
    if new.phase is Phase.PLAY and obligated(new):
        return _search(new, no_out)
    return True


# Answers of the search, shared between calls: the key holds everything an answer depends on.
_MEMO: dict[object, bool] = {}
_MEMO_TURN: list[tuple[int, int, int] | None] = [None]  # the turn the memo's answers are of


def clear_cache() -> None:
    """Forget the search's remembered answers (they never change an answer; tests use this)."""
    _MEMO.clear()


def _finishable(
    state: Match,
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
    # the hint is part of the position: no answer, nor a position's hopeless or finishable
    # mark, found with it is served to a call without it or the other way round (a wrong hint
    # would otherwise be hidden by, or passed on to, the other call); it is given only for the
    # position right after a step of legal_actions, the search below goes on without it
    pos = _Position(
        (
            no_out,
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
    # (the kinds of step the stage no longer allows are not even listed)
    for action in step_candidates(state, melds=stage <= 1, swaps=stage == 0):
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


def _quick_verdict(state: Match, stage: int = 0, no_out: bool = False) -> bool | None:
    """Settle finishability without a search where an exact shortcut exists (else None).

    ``no_out``: ``could_go_out(state, stage)`` is known to be False (see ``out_bounds``).
    """
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    seat = rnd.turn
    opened = rnd.opened[seat]
    rules = state.rules
    ext = native.extension()
    if ext is not None and native.rules_support(rules) is None:
        # the same verdict computed natively (native/legal.cpp), where within its reach
        got = ext.quick_verdict(
            rnd.hands[seat],
            native.table(rnd.melds),
            native.config(rules, rnd.wilds),
            _native_turn(state),
            stage,
            no_out,
        )
        if got != -2:
            return None if got == -1 else bool(got)
    if taken_out_of_reach(state, stage):
        return False
    if not ts.provisional and not ts.l44_pending and ts.reuse_owed == 0:
        owed = pickup_owed(rules, ts)
        must = ts.taken if owed and taken_must_join(rules) else None
        keep = 2 if going_out_forbidden(state) else 1
        hand = rnd.hands[seat]
        restriction = ts.restriction if not ts.taken_used else None
        # the taken wild is tracked (L-66): with an identical card in hand a packing may hold
        # the other copy where the taken one is owed, or lay both copies as ordinary wild
        # cards (each meld of the list is valid alone), so only the search says yes
        exact = not (restriction is not None and hand.count(restriction[0]) > 1)
        if opened:
            # an opened seat needs no count: one meld (with the owed card) that leaves the
            # cards to keep is enough, and any meld is worth more than 0
            fits = meld_fits(hand, rnd.wilds, rules, len(hand) - keep, restriction, must)
            best = 1 if fits else (-1 if must is not None else 0)
        elif ts.laid_value + value_bound(hand, rnd.wilds, rules, restriction) < required_minimum(
            state
        ):
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
            if not taken_settled_by_adding(rules, ts) and not _swap_possible(rnd, seat):
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


def taken_out_of_reach(state: Match, stage: int) -> bool:
    """Whether the taken discard must still be laid in a new meld (L-62) and no meld of any
    cards the seat could hold this turn holds it: the turn cannot be finished.

    Every way to end the turn needs the pickup settled (``turn_problem``), and under
    ``new-meld`` (or ``new-meld-or-add`` when the card's discarder had not opened, O-5) only
    a new meld holding the taken card settles it. The cards held at any later point of the turn are
    some of the hand's and, by swaps (stage 0 only, the canonical order), at most the table's
    wild cards: a meld of them is a meld of that pool, so its cards are in ``in_melds`` of the
    pool. A taken wild card's restriction (L-66, O-6) is left to the search.
    """
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    rules = state.rules
    if ts.taken is None or ts.restriction is not None or not pickup_owed(rules, ts):
        return False
    if not taken_must_join(rules):
        return False
    if taken_settled_by_adding(rules, ts):
        return False  # O-5: adding it to a meld settles it too
    hand = rnd.hands[rnd.turn]
    wild = rnd.wilds.wild
    extra = sum(len(m.wild_at) for m in rnd.melds) if stage == 0 and wild is not None else 0
    pool = tuple(sorted((*hand, *(wild,) * extra))) if extra and wild is not None else hand
    return ts.taken not in in_melds(pool, rnd.wilds, rules)


def _native_turn(state: Match) -> tuple[int, ...]:
    """What ``_quick_verdict`` reads of the turn, as the native code reads it (legal.cpp Turn)."""
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    rules = state.rules
    owed = pickup_owed(rules, ts)
    must = ts.taken if owed and ts.taken is not None and taken_must_join(rules) else -1
    restriction = ts.restriction if not ts.taken_used else None
    return (
        rnd.opened[rnd.turn],
        required_minimum(state),
        going_out_forbidden(state) is not None,
        ts.provisional,
        ts.l44_pending,
        ts.reuse_owed,
        owed,
        must,
        -1 if restriction is None else restriction[0],
        restriction is not None and restriction[1] == NATURAL,
        ts.laid_value,
        bool(ts.laid),
        taken_settled_by_adding(rules, ts),
    )


def new_melds_hopeless(state: Match) -> bool:
    """For a seat that has not opened and that ``out_bounds`` shows cannot go out after any
    new meld: whether every new meld it could lay now leaves a turn that cannot be finished.

    Exactly what ``_quick_verdict`` answers for each such meld, worked out once: a meld ``M``
    of the hand is worth at most its cards' top values in ``value_bound``, and the rest of the
    hand holds no meld that the hand did not, so ``laid_value + value(M) + bound(rest)`` is
    at most ``laid_value + bound(hand)``; below the minimum (L-63), and with no O-8 add to
    count, the turn can only end by going out, which ``out_bounds`` rules out. After an add
    or swap (provisional, L-64) only going out is left anyway. Going out by O-11's discard of
    two wild cards is ruled out with the rest: ``out_bounds`` counts as loose only natural
    cards in none of the hand's melds, so a new meld leaving two cards leaves two of those.
    """
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    rules = state.rules
    if rnd.opened[rnd.turn] or ts.l44_pending or ts.reuse_owed:
        return False
    if ts.provisional:
        return True
    if ts.restriction is not None and not ts.taken_used:
        return False
    if rules.pair_plus_wild == "free":
        return False
    hand = rnd.hands[rnd.turn]
    return ts.laid_value + value_bound(hand, rnd.wilds, rules) < required_minimum(state)


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
