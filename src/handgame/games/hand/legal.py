"""``apply`` and ``legal_actions``: the rules, written once (RULES.md L-60…L-81, O-4…O-10).

``apply`` checks an action and returns the next state; ``legal_actions`` enumerates candidate
actions and keeps those ``apply`` accepts, so checking and enumerating share one source of
truth.
"""

from __future__ import annotations

import weakref

from handgame.core.errors import TurnCannotFinish
from handgame.games.hand.actions import (
    Action,
    ClaimRedeal,
    Discard,
    Draw,
    LayMelds,
    discards_of,
)
from handgame.games.hand.candidates import step_candidates
from handgame.games.hand.dealing import redeal_entitled
from handgame.games.hand.finish import (
    accepts_all,
    can_finish_turn,
    dead_end_reason,
    new_melds_hopeless,
    obligated,
)
from handgame.games.hand.going_out import out_bounds
from handgame.games.hand.match import Match
from handgame.games.hand.native_legal import draws
from handgame.games.hand.native_search import play_steps
from handgame.games.hand.obligations import makes_provisional
from handgame.games.hand.rounds import Phase
from handgame.games.hand.turn import step, turn_problem, two_wilds_problem

# The latest listings: each state listed (by identity, held weakly) and the very action objects
# ``legal_actions`` found legal in it. The states and actions are immutable, and the entry keeps
# the actions alive and checks that its state is still that object: ``apply`` of one of them to
# that state needs none of the checks the listing made (the turn search, the discard's turn
# problem) again. Several are kept, not only the last: a batched RL environment lists every
# table's state before it applies the first table's action (issue 39); held weakly, they keep
# no state alive. Bounded (cleared whole when full); each entry is set whole and read by one
# ``get`` under its state's identity: safe across threads.
_LISTED: dict[int, tuple[weakref.ref[Match], tuple[Action, ...]]] = {}
_LISTED_MAX = 1024


def apply(state: Match, action: Action) -> Match:
    """The state after ``action``, or :class:`IllegalAction` naming the rule broken."""
    entry = _LISTED.get(id(state))
    if entry is not None and entry[0]() is state:
        for a in entry[1]:
            if a is action:
                return step(state, action, listed=True)
    new = step(state, action)
    if new.phase is Phase.PLAY and obligated(new) and not can_finish_turn(new):
        raise TurnCannotFinish(dead_end_reason(new, action))
    return new


def legal_actions(state: Match, seat: int | None = None) -> list[Action]:
    """Every legal next action: the seat to act's steps, and redeal claims of any seat."""
    rnd = state.round
    if rnd is None or state.phase in (Phase.DEAL, Phase.OVER):
        return []
    out: list[Action] = []
    turn = rnd.turn
    if seat is None or seat == turn:
        if state.phase is Phase.DRAW:
            got = draws(state)  # the native path, where it answers (native_legal.py)
            if got is None:
                got = _accepted(state, [Draw(turn, "stock"), Draw(turn, "discard")])
            out.extend(got)
        else:
            steps: list[Action] = []
            if state.phase is Phase.PLAY:
                listed = play_steps(state)  # native_search, where it answers
                steps = _accepted(state, step_candidates(state)) if listed is None else listed
            hand = rnd.hands[turn]
            # a missed announcement (L-71) matters only with three cards or fewer left
            missable = state.rules.announcements and len(hand) <= 4
            announces = (True, False) if missable else (True,)
            # turn_problem depends on the card only through holding it (every card here is held)
            ok = [
                discards_of(turn, a)
                for a in announces
                if hand and turn_problem(state, hand[0], a) is None
            ]
            if len(ok) == 1:  # nearly always: one lookup a card, no inner loop
                by_card = ok[0]
                out.extend([by_card[c] for c in sorted(set(hand))])
            elif ok:
                out.extend([by_card[c] for c in sorted(set(hand)) for by_card in ok])
            if len(hand) == 2 and two_wilds_problem(state, hand) is None:
                out.append(Discard(turn, hand[0], True, hand[1]))  # O-11 two-wilds
            out.extend(steps)
    if (
        state.rules.redeal_pairs
        and rnd.turns_done == 0
        and rnd.turn_state.drew is None
        and state.phase in (Phase.FIRST_DISCARD, Phase.DRAW)
    ):
        for s in range(state.game.players):
            if (seat is None or seat == s) and redeal_entitled(state, s):
                out.append(ClaimRedeal(s))
    if len(_LISTED) >= _LISTED_MAX:
        _LISTED.clear()
    _LISTED[id(state)] = (weakref.ref(state), tuple(out))
    return out


def _accepted(state: Match, candidates: list[Action]) -> list[Action]:
    """The candidate steps of the seat to act that ``apply`` accepts, in order (the reference
    path: each checked by ``finish.accepts``, after the exact shortcuts of ``out_bounds``)."""
    rnd = state.round
    assert rnd is not None
    turn = rnd.turn
    bounds: tuple[bool, bool] | None = None
    hopeless: bool | None = None
    checks: list[tuple[Action, bool]] = []  # each candidate left, with its no_out
    unopened = state.phase is Phase.PLAY and not rnd.opened[turn]
    for action in candidates:
        no_out = False
        if unopened and not isinstance(action, Draw):
            if bounds is None:
                bounds = out_bounds(state)
            if isinstance(action, LayMelds):
                no_out = bounds[1]
                if no_out:
                    if hopeless is None:
                        hopeless = new_melds_hopeless(state)
                    if hopeless:
                        # no new meld can lead to an opening (L-63) or to going out: the
                        # bound leaves two natural cards of the hand in none of its melds,
                        # so not even O-11's discard of two wild cards is left
                        continue
            elif bounds[0] and len(rnd.hands[turn]) >= 4 and makes_provisional(state, action):
                # the step leaves at least two cards and the seat must go out: it cannot
                continue
        checks.append((action, no_out))
    return [a for (a, _), ok in zip(checks, accepts_all(state, checks), strict=True) if ok]
