"""The planner's search for its own going out (``planner:search=N``, issue 34): the reward
(HF-10 going out, HF-13 the stock), the moves it compares, and that it reads its seat's view
only."""

from __future__ import annotations

import random

from test_hf_planner import _going_out_state

from handgame.games.hand_and_foot.actions import Discard, Draw, Take
from handgame.games.hand_and_foot.bots.outsearch import (
    HORIZON,
    SearchingPlanner,
    SearchSettings,
    offered,
    reward,
)
from handgame.games.hand_and_foot.bots.planner import PlannerBot
from handgame.play.registry import check_plays, make_bot


def _played_out() -> object:
    state = _going_out_state(13)
    bots = {0: PlannerBot(1), 2: PlannerBot(2)}
    while state.in_round:
        seat = state.to_act()
        state = state.apply(bots[seat].choose(state.view(seat)))
    return state


def test_the_reward_is_the_seats_own_going_out() -> None:
    """HF-10: seat 0 goes out: its reward is 1, its partner's the ``partner`` share, the other
    team's 0; before the end, a seat with its foot up gets a share by the cards it holds."""
    state = _played_out()
    assert state.results[0].went_out == 0
    assert reward(state, 0, 0, 0.4) == 1.0
    assert reward(state, 2, 0, 0.4) == 0.4
    assert reward(state, 1, 0, 0.4) == reward(state, 3, 0, 0.4) == 0.0
    before = _going_out_state(4)  # seat 0 (foot up, HF-9) holds four cards; seat 1's foot down
    assert reward(before, 0, 0, 0.4) == HORIZON / 5
    assert reward(before, 1, 0, 0.4) == 0.0


def test_the_search_compares_the_planners_move_with_other_kinds() -> None:
    """The planner's move first; at a discard, one card of each other kind, at most ``alts``;
    at the draw, drawing two against each take (HF-6)."""
    view = _going_out_state(4).view(0)
    default = PlannerBot(1).choose(view)
    assert isinstance(default, Discard)
    moves = offered(view, default, 3)
    assert moves[0] == default and 2 <= len(moves) <= 3
    assert all(isinstance(m, Discard) and m in view.legal_actions for m in moves)
    assert len({m.card.rank for m in moves}) == len(moves)
    assert offered(view, default, 2) == moves[:2]
    draw_view = _going_out_state(12).view(0)
    first = PlannerBot(1).choose(draw_view)
    assert isinstance(first, Draw | Take)
    assert set(offered(draw_view, first, 3)) == {
        a for a in draw_view.legal_actions if isinstance(a, Draw | Take)
    }


def test_the_search_reads_only_its_seats_view() -> None:
    """A searched discard (foot up, HF-9) is the same whatever the hidden cards are: the real
    state and one dealt again from the seat's view give the same move (the search samples its
    own states, determinize.py); each mode runs its budget and plays a legal move."""
    state = _going_out_state(4)
    other = state.resample(0, random.Random(7))
    assert other.round.hands[1] != state.round.hands[1]
    assert other.view(0) == state.view(0)
    for mode in ("ucb", "paired"):
        opts = SearchSettings(iterations=4, mode=mode)
        a = SearchingPlanner(5, None, opts)
        b = SearchingPlanner(5, None, opts)
        move = a.choose(state.view(0))
        assert a.last_iterations == 4
        assert move == b.choose(other.view(0))
        assert move in state.view(0).legal_actions


def test_the_spec_turns_the_search_on() -> None:
    """``planner:search=N`` is the searching planner (a Hand and Foot spec only); ``search=0``
    (the default) the plain planner; an unsearched decision is the planner's own."""
    check_plays("planner:search=2;depth=4;mode=paired", "hand-and-foot")
    bot = make_bot("planner:search=2;depth=4", 1)
    inner = getattr(bot, "inner", {}).get("hand-and-foot", bot)
    assert isinstance(inner, SearchingPlanner) and inner.opts.iterations == 2
    plain = make_bot("planner", 1)
    assert not isinstance(getattr(plain, "inner", {}).get("hand-and-foot", plain), SearchingPlanner)
    view = _going_out_state(1).view(0)  # the foot down: not searched
    searching = SearchingPlanner(1, None, SearchSettings(iterations=2))
    assert not searching.searched(view)
    assert searching.choose(view) == PlannerBot(1).choose(view)
    assert searching.last_iterations == 0
