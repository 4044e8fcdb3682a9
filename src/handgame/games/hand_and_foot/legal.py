"""``apply`` and ``legal_actions``: the rules written once (HF-3…HF-13).

``apply`` is a step's own checks (:mod:`.turn`) and a refusal of any step after which the turn
can no longer be finished (:mod:`.finish`). ``legal_actions`` lists candidates at a fixed
granularity and keeps those ``apply`` accepts, so checking and listing share one source of
truth. The granularity (as OpenSpiel does for large action spaces) is:

- ``draw``; ``take`` with exactly two natural cards (under ``pile_meld=any``, or a natural
  card and a wild card; under ``pile_pickup=pair-or-add``, ``take: []`` with ``to``);
  ``ask``; ``answer`` true or false;
- ``meld`` of exactly one new meld of exactly three cards (three naturals, or two and a wild);
- ``add`` of exactly one card to one meld;
- ``discard`` of one card.

``apply`` accepts every larger form of the record too (several melds at once, melds of four to
seven cards, several cards added at once, a take with more cards): each is the same as a
sequence of listed steps (naturals first, then wild cards, one meld after another).
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import combinations_with_replacement

from handgame.core.actions import Action
from handgame.core.cards import Card
from handgame.core.errors import IllegalAction, TurnCannotFinish
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.finish import finish_problem
from handgame.games.hand_and_foot.listing import play_steps
from handgame.games.hand_and_foot.match import Match
from handgame.games.hand_and_foot.native_legal import play_steps as native_steps
from handgame.games.hand_and_foot.rounds import Phase
from handgame.games.hand_and_foot.rules import MELD_RANKS, is_black_three, is_wild
from handgame.games.hand_and_foot.turn import partner_of, step

#: the phases of a round in play
_IN_ROUND = (Phase.DRAW, Phase.PLAY)


def apply(state: Match, action: Action) -> Match:
    """The state after ``action``, or :class:`IllegalAction` naming the rules broken. An action
    that ``legal_actions`` listed for this very state (remembered on it) is known to leave a
    turn that can end: only its step is played."""
    listed = state.__dict__.get("_legal")
    if listed is not None:
        got = listed.get(None)
        if got is not None:
            for a in got:
                if a is action:
                    return step(state, action)
    new = step(state, action)
    problem = finish_problem(new)
    if problem is not None:
        raise TurnCannotFinish(problem)
    return new


def _accepted(state: Match, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


def _distinct(cards: list[Card], size: int) -> list[tuple[Card, ...]]:
    """Every distinct multiset of ``size`` of ``cards`` (a sorted list with repeats)."""
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return [
        combo
        for combo in combinations_with_replacement(sorted(counts), size)
        if all(combo.count(c) <= counts[c] for c in set(combo))
    ]


def _candidates(state: Match) -> list[Action]:
    """The turn's candidate steps (before ``apply``'s checks)."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    team = seat % state.rules.teams
    out: list[Action] = []
    if state.phase is Phase.DRAW:
        out.append(Draw(seat))
        top = rnd.pile[-1] if rnd.pile else None
        if top is not None and not is_wild(top) and not is_black_three(top):
            naturals = [c for c in hand if c.rank == top.rank and not is_wild(c)]
            out += [Take(seat, pair) for pair in _distinct(naturals, 2)]
            if state.rules.pile_meld == "any":  # one natural and a wild card (HF-4, HF-6)
                wilds = sorted(set(c for c in hand if is_wild(c)))
                out += [Take(seat, (n, w)) for n in sorted(set(naturals)) for w in wilds]
            if state.rules.pile_pickup == "pair-or-add":
                out += [
                    Take(seat, (), i)
                    for i, m in enumerate(rnd.melds)
                    if m.team == team and m.rank == top.rank and not m.is_book
                ]
    else:
        wilds = sorted(set(c for c in hand if is_wild(c)))
        for rank in MELD_RANKS:
            naturals = [c for c in hand if c.rank == rank and not is_wild(c)]
            if len(naturals) < 2:
                continue
            out += [Meld(seat, (combo,)) for combo in _distinct(naturals, 3)]
            out += [Meld(seat, ((*pair, w),)) for pair in _distinct(naturals, 2) for w in wilds]
        distinct = sorted(set(hand))
        for i, m in enumerate(rnd.melds):
            if m.team != team or m.is_book:
                continue
            out += [Add(seat, (c,), i) for c in distinct if is_wild(c) or c.rank == m.rank]
    if not rnd.turn_state.asked:
        out.append(Ask(seat))
    if state.phase is Phase.PLAY:
        out += [Discard(seat, c) for c in sorted(set(hand))]
    return out


def legal_actions(state: Match, seat: int | None = None) -> list[Action]:
    """Every legal next action at the granularity of the module's docstring (of ``seat``
    only, when given): the partner's answers while a question waits, else the turn's steps
    (listed directly by :mod:`.listing`; the same list as :func:`reference_actions`)."""
    rnd = state.round
    if rnd is None or state.phase in (Phase.DEAL, Phase.OVER):
        return []
    if rnd.turn_state.pending or (seat is not None and seat != rnd.turn):
        return reference_actions(state, seat)
    steps = native_steps(state)  # the native path, where it is built and answers
    if steps is None:
        steps = play_steps(state)
    if steps is None:
        return reference_actions(state, seat)
    return steps


def reference_actions(state: Match, seat: int | None = None) -> list[Action]:
    """:func:`legal_actions` the plain way: every candidate kept when ``apply`` accepts it."""
    rnd = state.round
    if rnd is None or state.phase in (Phase.DEAL, Phase.OVER):
        return []
    if rnd.turn_state.pending:
        partner = partner_of(state.rules, rnd.turn)
        if partner is None or (seat is not None and seat != partner):
            return []
        return [Answer(partner, True), Answer(partner, False)]
    if seat is not None and seat != rnd.turn:
        return []
    return [a for a in _candidates(state) if _accepted(state, a)]


def out_of_turn(state: Match) -> tuple[int, ...]:
    """The partner while a question "may I go out?" waits for its answer (HF-10)."""
    rnd = state.round
    if not state.in_round or rnd is None or not rnd.turn_state.pending:
        return ()
    partner = partner_of(state.rules, rnd.turn)
    return (partner,) if partner is not None else ()


def to_act(state: Match, declined: Collection[int] = ()) -> int | None:
    """The one seat to decide now: the asked partner (whose answer is not optional, so
    ``declined`` does not pass it), else the seat whose turn it is."""
    rnd = state.round
    if rnd is None or state.phase not in _IN_ROUND:
        return None
    if rnd.turn_state.pending:
        partner = partner_of(state.rules, rnd.turn)
        if partner is not None:
            return partner
    return rnd.turn


def listed(state: Match, seat: int | None = None) -> list[Action]:
    """:func:`legal_actions`, remembered by the state (a copy of the list each call)."""
    cache: dict[int | None, list[Action]] = state.__dict__.setdefault("_legal", {})
    if seat is not None and state.round is not None and seat == to_act(state):
        seat = None  # the seat to act has every legal action: one list for both calls
    got = cache.get(seat)
    if got is None:
        got = cache[seat] = legal_actions(state, seat)
    return list(got)
