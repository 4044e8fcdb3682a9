"""The search bot on Hand and Foot (issue 12): the determinization agrees with the view, the
game-neutral search (``core/search.py``) picks what its playouts favour, and ``ismcts`` plays
Hand and Foot through the shared bot protocol (registry, simulator, server's bot specs)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

import pytest

from handgame.core.bot_options import parse_options
from handgame.core.errors import BotError
from handgame.core.registry import find_game
from handgame.core.search import Budget, best_move, budget_of, search
from handgame.games.hand_and_foot.actions import Discard, Draw, Take
from handgame.games.hand_and_foot.bots.determinize import sample_state
from handgame.games.hand_and_foot.bots.greedy import greedy_choice
from handgame.games.hand_and_foot.bots.ismcts import PARAMS, IsmctsBot, candidate_moves
from handgame.games.hand_and_foot.deal import deck_for
from handgame.games.hand_and_foot.state import Game, State
from handgame.play.registry import check_plays, make_bot
from handgame.server.botspec import check_bot


def _states(players: int, seed: int, steps: int) -> list[State]:
    """The states of a seeded random match, one per decision (deals skipped)."""
    rng = random.Random(seed)
    state = Game.create("hand-and-foot", {}, players).new_match(0)
    out = []
    while not state.is_over and len(out) < steps:
        if state.is_chance:
            state = state.deal_seeded(f"s{seed}:{state.deal_count}")
            continue
        out.append(state)
        legal = state.legal_actions(state.to_act())
        lays = [a for a in legal if a.verb in ("meld", "add", "take")]
        state = state.apply(rng.choice(lays if lays and rng.random() < 0.8 else legal))
    return out


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_sampled_state_shows_every_seat_the_view_it_came_from(players: int) -> None:
    """``sample_state(view)``: the seat's view of the sample is the view itself (the turn in
    progress too: drew, opened_before, laid_any, laid_value, pile_left, the question, HF-8,
    HF-10), every card of the deck is in it once, and the hidden cards vary between samples."""
    rng = random.Random(players)
    differ = 0
    seen_turns = Counter[str]()
    for i, state in enumerate(_states(players, players, 900)):
        if i % 3:
            continue
        info = state.view(0).turn_info
        seen_turns["pile_left"] += bool(info.get("pile_left"))
        seen_turns["laid"] += bool(info.get("laid_any"))
        seen_turns["asked"] += bool(info.get("waiting_answer"))
        for seat in range(players):
            view = state.view(seat)
            sample = sample_state(view, rng)
            assert sample.view(seat) == view, (i, seat)
            rnd = sample.round
            assert rnd is not None
            cards = Counter(c for g in (*rnd.hands, *rnd.feet, *rnd.red_threes) for c in g)
            cards.update(rnd.stock)
            cards.update(rnd.pile)
            cards.update(c for m in rnd.melds for c in m.cards)
            assert cards == Counter(deck_for(state.rules))
            assert state.round is not None
            differ += rnd.stock != state.round.stock
    assert differ > 0
    # the states checked include turns with pile cards unlaid and with lays
    assert seen_turns["pile_left"] and seen_turns["laid"]


def test_the_game_supplies_its_sampler_to_the_registry() -> None:
    """``GameSpec.sample_state`` of both games: the view → state a search needs."""
    hf = find_game("hand-and-foot")
    assert hf.sample_state is not None and find_game("levant").sample_state is not None
    state = _states(4, 1, 40)[-1]
    seat = state.to_act()
    assert seat is not None
    view = state.view(seat)
    assert hf.sample_state(view, random.Random(0)).view(seat) == view
    with pytest.raises(BotError):
        sample_state(state.view(None), random.Random(0))


class _Toy:
    """One seat, one choice: move ``good`` wins 90% of playouts, ``bad`` 10%."""

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def chooser(self, state: Any) -> int | None:
        return 0 if state == "start" else None

    def moves(self, state: Any) -> Sequence[Hashable]:
        return ["bad", "good"]

    def apply(self, state: Any, move: Hashable) -> Any:
        return move

    def playout(self, state: Any) -> Sequence[float]:
        odds = 0.9 if state == "good" else 0.1
        return [1.0 if self.rng.random() < odds else 0.0]


def test_the_game_neutral_search_follows_its_playouts() -> None:
    root, done = search(_Toy(), lambda: "start", ["bad", "good"], Budget(iterations=60))
    assert done == 60 and root.visits == 60
    assert root.children["good"].visits > root.children["bad"].visits
    assert best_move(root, ["bad", "good"], "bad", 0.0) == "good"
    # the default move stands unless beaten by more than the margin
    assert best_move(root, ["bad", "good"], "bad", 2.0) == "bad"


def test_search_options_are_checked() -> None:
    values = parse_options("iterations=5, depth=2, c=1.5", "ismcts", PARAMS)
    budget = budget_of(values)
    assert budget.iterations == 5 and budget.c == 1.5 and values["depth"] == 2
    for bad in ("depth=0", "iterations=x", "speed=3", "ms=0", "iterations", "rollout=fast"):
        with pytest.raises(BotError):
            parse_options(bad, "ismcts", PARAMS)


def test_candidate_moves_are_greedys_and_its_alternatives() -> None:
    """Take or draw at the turn's start (HF-6); greedy's three best discards."""
    took = discarded = 0
    for state in _states(4, 7, 500):
        seat = state.to_act()
        assert seat is not None
        view = state.view(seat)
        greedy = greedy_choice(view)
        moves = candidate_moves(view, greedy)
        assert moves[0] == greedy and set(moves) <= set(view.legal_actions)
        if isinstance(greedy, Take):
            took += 1
            assert any(isinstance(a, Draw) for a in moves)
        if isinstance(greedy, Discard):
            discarded += 1
            assert all(isinstance(a, Discard) for a in moves) and len(moves) <= 3
    assert took and discarded


def test_ismcts_plays_hand_and_foot_through_the_registry_and_the_server_specs() -> None:
    """``make_bot("ismcts")`` plays Hand and Foot's views (legal, reproducible for a seed)
    and a table may seat it."""
    assert check_bot("ismcts:iterations=4,depth=2") == "ismcts:iterations=4,depth=2"
    first, second = make_bot("ismcts:iterations=3,depth=1", 9), make_bot(
        "ismcts:iterations=3,depth=1", 9
    )
    inner = first.inner["hand-and-foot"]  # type: ignore[attr-defined]
    assert isinstance(inner, IsmctsBot)
    searched = 0
    for state in _states(4, 3, 160):
        seat = state.to_act()
        assert seat is not None
        view = state.view(seat)
        choice = first.choose(view)
        assert choice in view.legal_actions
        searched += inner.last_iterations > 0
        assert second.choose(view) == choice
    assert searched > 0


def test_ismcts_takes_the_planner_as_its_policy() -> None:
    """``ismcts:policy=planner`` (issue 34): the planner's choice is the search's default move
    and its playouts' policy; its choices are legal and the spec is Hand and Foot's only."""
    check_plays("ismcts:iterations=3,depth=1,policy=planner", "hand-and-foot")
    with pytest.raises(BotError, match="hand"):
        check_plays("ismcts:iterations=3,depth=1,policy=planner", "hand")
    bot = make_bot("ismcts:iterations=3,depth=1,policy=planner", 4)
    inner = bot.inner["hand-and-foot"]  # type: ignore[attr-defined]
    assert isinstance(inner, IsmctsBot) and inner.policy is not greedy_choice
    for state in _states(4, 5, 80):
        seat = state.to_act()
        assert seat is not None
        view = state.view(seat)
        assert bot.choose(view) in view.legal_actions
