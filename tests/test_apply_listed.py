"""``apply`` of an action object ``legal_actions`` just listed skips the checks the listing made.

``legal.apply`` trusts an action only when it is the very object listed for the very state (both
immutable); every other action, equal or not, goes through every check. The discards and draws
are shared instances (``actions.discards_of``, ``draw_of``), so one object is listed in many
states: the trust must hold for the state it was listed in and no other.
"""

from __future__ import annotations

import random

import pytest

from handgame.core.errors import IllegalAction
from handgame.games.hand.actions import Discard, Draw, discards_of, draw_of, parse_action
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import Game, State


def _states(preset: str, players: int, seed: str, decisions: int) -> list[State]:
    """The states of seeded random play, one a decision."""
    rng = random.Random(seed)
    game = Game.create(preset, {"rounds": 1}, players=players)
    state = game.new_match().deal_seeded(seed)
    out = []
    while len(out) < decisions:
        if state.is_over:
            state = game.new_match().deal_seeded(f"{seed}:{len(out)}")
        if state.is_chance:
            state = state.deal_seeded(f"{seed}:{len(out)}")
            continue
        out.append(state)
        state = state.apply(rng.choice(state.legal_actions(state.current_seat)))
    return out


@pytest.mark.parametrize(("preset", "players"), [("levant", 2), ("gulf", 4), ("four-jokers", 3)])
def test_a_listed_action_gives_the_state_an_equal_new_action_gives(preset: str,
                                                                    players: int) -> None:
    """Every listed action, applied as listed (trusted) and as a new equal object (checked in
    full), gives the same next state."""
    tried = 0
    for state in _states(preset, players, f"listed:{preset}", 150):
        for action in state.legal_actions(state.current_seat):
            trusted = state.apply(action)  # the listing was for this state: trusted
            fresh = parse_action(action.to_json())
            assert fresh == action and fresh is not action
            assert state.apply(fresh) == trusted, action
            state.legal_actions(state.current_seat)  # list again: the next one is trusted too
            tried += 1
    assert tried > 500


def test_shared_actions_are_equal_to_new_ones() -> None:
    """The shared instances are plain values: equal to, and recorded as, new ones."""
    d = discards_of(1, False)[Discard(1).card]
    assert d == Discard(1, Discard(1).card, False) and d is discards_of(1, False)[d.card]
    assert draw_of(2, "discard") == Draw(2, "discard") and draw_of(2, "discard") is draw_of(
        2, "discard"
    )


def test_a_shared_discard_listed_elsewhere_is_checked_in_full() -> None:
    """After a taken discard (L-62) no discard is legal until it is laid: a shared discard
    object, just listed in an earlier state of the same seat (the latest listing), is refused
    here with L-62."""
    found = 0
    earlier: dict[int, State] = {}  # each seat's latest play state with a discard listed
    for state in _states("levant", 2, "listed:l62", 3000):
        rnd = state.round
        assert rnd is not None
        ts = rnd.turn_state
        if state.phase is not Phase.PLAY:
            continue
        if ts.drew != "discard" or ts.taken_used or ts.laid:
            earlier[rnd.turn] = state
            continue
        assert not any(isinstance(a, Discard) for a in state.legal_actions(rnd.turn))
        other = earlier.get(rnd.turn)
        if other is None:
            continue
        hand = set(rnd.hands[rnd.turn])
        shared = [a for a in other.legal_actions(rnd.turn)  # the latest listing: other's
                  if isinstance(a, Discard) and a.card in hand]
        if not shared:
            continue
        assert shared[0] is discards_of(rnd.turn, True)[shared[0].card]
        with pytest.raises(IllegalAction) as err:
            state.apply(shared[0])
        assert "L-62" in err.value.rules
        found += 1
        if found == 5:
            return
    pytest.fail(f"only {found} positions after a taken discard")


def test_a_listed_action_is_trusted_for_its_state_only() -> None:
    """A discard listed in a play state is refused in the next draw state (not now, L-61),
    though it was the latest object listed."""
    for state in _states("levant", 2, "listed:draw", 200):
        if state.phase is not Phase.PLAY:
            continue
        discard = next(a for a in state.legal_actions(state.current_seat)
                       if isinstance(a, Discard))
        after = state.apply(discard)
        if after.phase is not Phase.DRAW:
            continue
        with pytest.raises(IllegalAction, match="not now"):
            after.apply(discard)
        after.legal_actions(after.current_seat)
        with pytest.raises(IllegalAction, match="not now"):
            after.apply(discard)
        return
    pytest.fail("no discard followed by a draw")


def test_listings_interleaved_across_matches_stay_trusted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batched RL environment (issue 39) lists every table's state before it applies the
    first table's action: each listing stays trusted for its own state (not only the latest),
    and the trusted step gives the state the full check gives."""
    from handgame.games.hand import legal

    trusted: list[bool] = []
    real_step = legal.step

    def counting(state: State, action: object, listed: bool = False) -> State:
        trusted.append(listed)
        return real_step(state, action, listed=listed)  # type: ignore[arg-type]

    states = [_states("levant", 2, f"listed:batch:{i}", 12 + i % 5)[-1] for i in range(64)]
    listed = [s.legal_actions(s.current_seat) for s in states]  # every table listed first
    monkeypatch.setattr(legal, "step", counting)
    rng = random.Random("listed:batch")
    for state, actions in zip(states, listed, strict=True):
        action = rng.choice(actions)
        got = state.apply(action)
        assert got == state.apply(parse_action(action.to_json())), action
    assert trusted[0::2] == [True] * len(states)  # each table's own listing, interleaved
    assert trusted[1::2] == [False] * len(states)  # a new equal object: checked in full
