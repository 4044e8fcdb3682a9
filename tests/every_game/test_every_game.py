"""One test suite for every registered game (like OpenSpiel's random-simulation test).

Each game is played through the game protocol only (``handgame.core.game``): seeded random
matches to the end, every preset, with the invariants any game must keep; its records
round-trip; a seat's view does not change when the cards that seat has not seen are dealt
again; and the driver's decisions name exactly one seat, out-of-turn offers included. A new
game is covered by registering it, with no change here.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from handgame.core.bot import Bot
from handgame.core.errors import GameError
from handgame.core.game import GameSpec, MatchState
from handgame.core.record import dumps
from handgame.core.registry import find_game, games
from handgame.play.driver import Driver, next_decision

#: seeded matches per preset (``HAND_EXAMPLES`` raises it for a deeper run)
MATCHES = int(os.environ.get("HAND_EXAMPLES", "1"))
#: the expensive checks (a resampled view, every legal action applied) run at one decision in
#: this many, chosen by the seed; ``HAND_EVERY_STEP=1`` checks every decision
DEEP_EVERY = int(os.environ.get("HAND_EVERY_STEP", "0")) or 8
#: a match stops after this many actions (every preset ends long before)
CAP = 20_000

CASES = [
    (game.name, preset, players)
    for game in games()
    for info in game.preset_info
    for preset in (info.name,)
    for players in sorted({info.min_players, info.default_players})
]
#: every preset at its most players: a deal and its first decisions are checked the same way
#: (a whole random match at 5 seats of a 106-card game rarely scores a round: the stock runs
#: out first, L-81, so it need not end within CAP)
MOST = [
    (game.name, info.name, info.max_players)
    for game in games()
    for info in game.preset_info
    if info.max_players not in (info.min_players, info.default_players)
]


class _Random(Bot):
    """Uniform over the legal actions; takes half of the out-of-turn offers."""

    name = "every-game-random"

    def choose(self, view: Any) -> Any:
        """A legal action at random."""
        return self.rng.choice(view.legal_actions)

    def wants_redeal(self, view: Any) -> bool:
        """Claims half of the time."""
        return bool(view.legal_actions) and self.rng.random() < 0.5


def _check_step(spec: GameSpec, state: MatchState, declined: set[int], rng: random.Random) -> None:
    """The invariants of one decision point."""
    d = next_decision(state, declined)
    if d.kind in ("deal", "over"):
        assert state.to_act(declined) is None
        assert not state.legal_actions()
        return
    seat = d.seat
    assert seat is not None and seat == state.to_act(declined)
    legal = state.legal_actions(seat)
    assert legal, f"{spec.name}: seat {seat} must decide and has no legal action"
    if d.kind == "offer":
        assert seat != state.current_seat and seat in state.out_of_turn()
        assert all(a.verb in spec.out_of_turn_verbs for a in legal)
    else:
        assert seat == state.current_seat
    view = state.view(seat)
    assert list(view.legal_actions) == legal
    if rng.randrange(DEEP_EVERY):
        return
    # the view depends on nothing the seat has not seen
    other = state.resample(seat, random.Random(rng.random()))
    assert other.view(seat).to_json() == view.to_json()
    # a spectator sees no hand and is offered nothing
    public = state.view(None).to_json()
    assert public["seat"] is None and not public["hand"] and not public["legal_actions"]
    # every legal action applies; its notation reads back as itself
    for action in legal:
        assert spec.parse_action(json.loads(str(action))) == action
        state.apply(action)


def _play(
    spec: GameSpec, preset: str, players: int, seed: str, cap: int = CAP
) -> tuple[MatchState, int]:
    """A seeded random match checked at every step (at most ``cap`` of them); the final state
    and how many offers."""
    game = spec.create(preset, None, players, False, None)
    bots = [_Random(f"{seed}:{s}") for s in range(players)]
    driver = Driver(bots.__getitem__, seed)
    state: MatchState = game.new_match(0)
    rng = random.Random(seed)
    offers = 0
    for _ in range(cap):
        d = driver.decision(state)
        _check_step(spec, state, driver.declined, rng)
        offers += d.kind == "offer"
        step = driver.auto(state)
        if step is None:
            break
        kind, what = step
        state = state.apply_deal(what) if kind == "deal" else state.apply(what)
    return state, offers


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_random_matches_end_and_replay(name: str, preset: str, players: int) -> None:
    """Seeded random matches of every preset end, and their records replay to the same answer."""
    spec = find_game(name)
    assert find_game(preset) is spec
    for k in range(MATCHES):
        final, _ = _play(spec, preset, players, f"every-game:{preset}:{players}:{k}")
        assert final.is_over, "the match did not end"
        record = spec.to_record(final, None)
        again = json.loads(dumps(record))
        answer = spec.replay(again)
        # a winner, or a draw where the answer names none (Hand and Foot's equal totals, HF-12)
        assert (final.returns().count(1.0) >= 1) == (answer["winner"] is not None)
        assert answer["error"] is None
        assert answer == spec.summary(final, None)
        assert answer["finished"] is True


@pytest.mark.parametrize(("name", "preset", "players"), MOST)
def test_most_players_deal_and_play(name: str, preset: str, players: int) -> None:
    """Every preset at its largest player count deals and plays with the same checks."""
    spec = find_game(name)
    state, _ = _play(spec, preset, players, f"every-game-most:{preset}:{players}", cap=400)
    assert state.deal_count >= 1
    record = spec.to_record(state, None)
    assert spec.replay(json.loads(dumps(record)))["error"] is None


def _check_offer(state: MatchState) -> None:
    """The offered seats are asked one at a time; once all pass, the turn's seat decides. An
    offer the turn cannot go on without (Hand and Foot's answer, HF-10) is not passed."""
    declined: set[int] = set()
    for seat in state.out_of_turn():
        assert state.to_act(declined) == seat
        declined.add(seat)
    turn = state.current_seat
    if turn is not None and state.legal_actions(turn):
        assert state.to_act(declined) == turn
    else:
        assert state.to_act(declined) in state.out_of_turn()


def _played_to_offer(state: MatchState, seed: str, limit: int = 200) -> MatchState | None:
    """Random legal actions (through the protocol) until an out-of-turn decision opens in
    this deal; None when none does within ``limit`` actions."""
    rng = random.Random(seed)
    deal = state.deal_count
    for _ in range(limit):
        if state.out_of_turn():
            return state
        if state.is_over or state.is_chance or state.deal_count != deal:
            return None
        state = state.apply(rng.choice(state.legal_actions()))
    return None


@pytest.mark.parametrize("name", [g.name for g in games()])
def test_out_of_turn_offers_are_driven(name: str) -> None:
    """A game with out-of-turn decisions gets them offered by the driver (one seat at a time):
    right after a deal (Hand's redeal claims, L-52), else later in a deal (Hand and Foot's
    answer to "may I go out?", HF-10)."""
    spec = find_game(name)
    if not spec.out_of_turn_verbs:
        pytest.skip(f"{name} has no out-of-turn decisions")
    info = spec.preset_info[0]
    dealt: list[MatchState] = []
    offers = 0
    for k in range(200):
        game = spec.create(info.name, None, info.max_players, False, None)
        state: MatchState = game.new_match(0).apply_deal(
            game.new_match(0).seeded_deal(f"offers:{k}")
        )
        dealt.append(state)
        if state.out_of_turn():
            offers += 1
            _check_offer(state)
    if not offers:
        for k, state in enumerate(dealt[:20]):
            later = _played_to_offer(state, f"offers:{k}")
            if later is not None:
                offers += 1
                _check_offer(later)
                offered = later.legal_actions(later.to_act())
                assert offered and all(a.verb in spec.out_of_turn_verbs for a in offered)
    assert offers, f"no out-of-turn offer in 200 deals of {info.name}"


@pytest.mark.parametrize("name", [g.name for g in games()])
def test_bad_records_are_answered_not_raised(name: str) -> None:
    """A record with a broken action gets an error in the answer, never an exception."""
    spec = find_game(name)
    info = spec.preset_info[0]
    final, _ = _play(spec, info.name, info.min_players, f"bad:{name}")
    record = spec.to_record(final, None)
    record["rounds"][0]["actions"].insert(0, {"seat": 99, "nonsense": True})
    answer = spec.replay(record)
    assert answer["error"] is not None and answer["error"]["round"] == 0
    with pytest.raises(GameError):
        spec.parse_action({"seat": 0, "nonsense": True})


@pytest.mark.parametrize("name", [g.name for g in games()])
def test_a_state_is_a_value(name: str) -> None:
    """One meaning of equality in every game (issue 33's kit): two states reached by the same
    seed and the same actions are equal and hash alike, though they are not the same object;
    a state after another action is not equal to them."""
    spec = find_game(name)
    info = spec.preset_info[0]

    def played(steps: int) -> MatchState:
        game = spec.create(info.name, {"rounds": 1}, info.default_players, False, None)
        state: MatchState = game.new_match(0).apply_deal(game.new_match(0).seeded_deal("v"))
        for _ in range(steps):
            state = state.apply(state.legal_actions(state.to_act())[0])
        return state

    a, b = played(3), played(3)
    assert a is not b and a == b and hash(a) == hash(b)
    assert a.legal_actions(a.to_act()) == b.legal_actions(b.to_act())  # a cache changes nothing
    assert a == b and played(4) != a
