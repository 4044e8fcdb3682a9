"""The ``greedy`` bot: rules of thumb driven by the exact solver.

It goes out when it can; opens as soon as it can (unless a full hand is one card away); once
open, lays every meld and lay-off it can but keeps its wild cards; takes the discard only when
that opens or makes a meld; and discards the card whose loss costs least (the costliest useless
card, a wild card last).

:func:`greedy_action` plays from a whole state but reads only the seat's own hand and public
information, so it serves as the rollout policy of ``ismcts`` on sampled states; the bot itself
gets only the view and samples the hidden cards (which it never looks at).
"""

from __future__ import annotations

from collections.abc import Callable

from handgame.core.bot import Bot, no_argument
from handgame.core.errors import IllegalAction
from handgame.games.hand.actions import Action, Discard, Draw, LayMelds, LayOff
from handgame.games.hand.bots.determinize import game_of, sample_state
from handgame.games.hand.candidates import step_candidates
from handgame.games.hand.obligations import taken_must_join
from handgame.games.hand.rounds import Phase
from handgame.games.hand.solver import best_arrangement, best_discard, best_opening, going_out
from handgame.games.hand.state import State
from handgame.games.hand.turn import required_minimum, turn_problem
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import wilds_for


def greedy_action(state: State) -> Action:
    """The greedy choice of the seat to act (a legal action: checked by the engine)."""
    return greedy_step(state)[0]


def greedy_step(state: State) -> tuple[Action, State]:
    """The greedy choice of the seat to act and the state after it."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    rules = state.rules
    wilds = rnd.wilds
    if state.phase is Phase.FIRST_DISCARD:
        action: Action = Discard(seat, best_discard(hand, wilds, rules), True)
        return action, state.apply(action)
    if state.phase is Phase.DRAW:
        if rnd.discard_pile:
            taken = _take_discard(state)
            if taken is not None:
                return Draw(seat, "discard"), taken
        action = Draw(seat, "stock")
        return action, state.apply(action)
    for action in _play_steps(state):
        try:
            return action, state.apply(action)
        except IllegalAction:
            continue
    action = _discard(state)
    return action, state.apply(action)


def _take_discard(state: State) -> State | None:
    """The state after taking the top discard, when that is legal (so it opens or makes a
    meld) and useful; else None."""
    rnd = state.round
    assert rnd is not None
    top = rnd.discard_pile[-1]
    seat = rnd.turn
    try:
        after = state.apply(Draw(seat, "discard"))
    except IllegalAction:
        return None
    if taken_must_join(state.rules):
        return after  # legal only when it can be laid at once in a new meld (L-62)
    hand = after.round.hands[seat] if after.round else ()
    with_it = best_arrangement(hand, rnd.wilds, state.rules, 1)
    return after if any(top in m.cards for m in with_it.melds) else None


def _play_steps(state: State) -> list[Action]:
    """The steps worth trying now, best first (the first legal one is played)."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    rules = state.rules
    wilds = rnd.wilds
    ts = rnd.turn_state
    plan = going_out(state)
    if plan is not None:
        return [plan[0]]
    restriction = ts.restriction if not ts.taken_used else None
    must = ts.taken if ts.taken is not None and not ts.taken_used else None
    if not taken_must_join(rules):
        must = None  # free, or F-4 must-meld: any new meld will do
    if not rnd.opened[seat]:
        if ts.provisional:
            return []
        need = max(0, required_minimum(state) - ts.laid_value)
        opening = best_opening(hand, wilds, rules, need, 1, restriction, must)
        if opening is None:
            return []
        if not ts.laid and must is None and _full_hand_close(state):
            return []  # a full hand is one card away: wait for it rather than open
        return [LayMelds(seat, (opening.melds[0].cards,))]
    if must is not None:
        with_taken = best_opening(hand, wilds, rules, 0, 1, restriction, must)
        if with_taken is not None:
            for m in with_taken.melds:
                if must in m.cards:
                    return [LayMelds(seat, (m.cards,))]
    arrangement = best_arrangement(hand, wilds, rules, 1, restriction)
    steps: list[Action] = [LayMelds(seat, (m.cards,)) for m in arrangement.melds]
    if len(hand) > 2:
        keep_wilds = len(hand) > 4
        for action in step_candidates(state):
            if isinstance(action, LayOff) and not (keep_wilds and wilds.is_wild(action.card)):
                steps.append(action)
    return steps


def _full_hand_close(state: State) -> bool:
    """Whether the seat's hand is one card from going out at once (a full hand, L-86)."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    if rnd.laid_before[seat] or len(rnd.stock) < 10:
        return False
    if any(n <= 5 for s, n in enumerate(len(h) for h in rnd.hands) if s != seat):
        return False
    arrangement = best_arrangement(rnd.hands[seat], rnd.wilds, state.rules, 1)
    return len(arrangement.left) <= 2


def _discard(state: State) -> Action:
    """The least costly legal discard (with its announcement, L-70)."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    allowed = tuple(c for c in set(hand) if turn_problem(state, c, True) is None)
    if allowed:
        return Discard(seat, best_discard(hand, rnd.wilds, state.rules, allowed), True)
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction(f"seat {seat} has no legal action")
    discards = [a for a in legal if isinstance(a, Discard)]
    return (discards or legal)[0]


class GreedyBot(Bot):
    """Solver-driven rules of thumb (see the module docstring)."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Action:
        """The greedy action, worked out on a sample of the hidden cards it never reads."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = sample_state(view, self.rng)
        action = greedy_action(state)
        if action in legal:
            return action
        return next((a for a in legal if isinstance(a, Discard)), legal[0])

    def wants_redeal(self, view: PlayerView) -> bool:
        """Claims a redeal when its hand has no meld at all (``ismcts`` borrows this method,
        so the base class is named rather than found by ``super()``)."""
        if not Bot.wants_redeal(self, view):
            return False
        rules = game_of(view).rules
        return not best_arrangement(view.hand, wilds_for(rules, view.indicator), rules).melds


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``greedy``."""
    register("greedy", no_argument(GreedyBot))
