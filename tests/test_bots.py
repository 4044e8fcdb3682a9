"""Bots play only legal actions, see only their seat's view, and replay the same for a seed."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from handgame.core.errors import BotError
from handgame.games.hand import Game
from handgame.games.hand.actions import Action
from handgame.games.hand.bots.determinize import sample_state, unseen_cards
from handgame.games.hand.deal import Deal
from handgame.games.hand.record import replay, to_record
from handgame.games.hand.rounds import RoundState
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.play.driver import play_match
from handgame.play.registry import Bot, bot_names, make_bot

CONFIGS = [
    ("levant", 2, False),
    ("levant", 4, True),
    ("gulf", 3, False),
    ("four-jokers", 4, False),
]

FAST_ISMCTS = "ismcts:iterations=4,depth=2"


def test_registry_names_and_errors() -> None:
    """The built-in bots are registered; unknown names and bad arguments are refused."""
    assert {"random", "greedy", "ismcts", "external"} <= set(bot_names())
    with pytest.raises(BotError, match="unknown bot"):
        make_bot("nobody")
    with pytest.raises(BotError, match="takes no argument"):
        make_bot("greedy:fast")
    with pytest.raises(BotError, match="bad ismcts option"):
        make_bot("ismcts:iterations=many")


@pytest.mark.parametrize(("preset", "players", "partnership"), CONFIGS)
@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_bots_finish_matches_legally(
    spec: str, preset: str, players: int, partnership: bool
) -> None:
    """Seeded matches end; every action was legal (the runner refuses any other) and the
    record replays to the same result."""
    game = Game.create(preset, {"rounds": 1}, players, partnership)
    for seed in range(3):
        bots = [make_bot(spec, f"{seed}-{s}") for s in range(players)]
        final = play_match(game, bots, f"bots-{seed}")
        assert final.is_over
        replayed = replay(to_record(final))
        assert replayed["error"] is None
        assert replayed["winner"] == final.winner


def test_ismcts_finishes_a_match_legally() -> None:
    """ismcts (a small budget) against greedy: a legal, finished, replayable match."""
    game = Game.create("levant", {"rounds": 1}, 2)
    final = play_match(game, [make_bot(FAST_ISMCTS, 1), make_bot("greedy", 2)], "ismcts-1")
    assert final.is_over
    assert replay(to_record(final))["error"] is None


def _walk(value: Any, seen: set[int]) -> list[Any]:
    """Every object reachable from ``value`` through attributes and containers."""
    if id(value) in seen:
        return []
    seen.add(id(value))
    out = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += _walk(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            out += _walk(k, seen) + _walk(v, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            out += _walk(v, seen)
    return out


class Spy(Bot):
    """Wraps a bot and keeps what it was handed."""

    name = "spy"

    def __init__(self, inner: Bot) -> None:
        super().__init__(0)
        self.inner = inner
        self.handed: list[Any] = []

    def choose(self, view: PlayerView) -> Action:
        self.handed.append(view)
        return self.inner.choose(view)

    def wants_redeal(self, view: PlayerView) -> bool:
        self.handed.append(view)
        return self.inner.wants_redeal(view)


@pytest.mark.parametrize("spec", ["greedy", FAST_ISMCTS])
def test_bots_are_handed_only_the_view(spec: str) -> None:
    """A bot receives a PlayerView that reaches no state, deal or hidden hand: other seats'
    cards appear only where everyone saw them (the table, the pile, known cards)."""
    game = Game.create("levant", {"rounds": 1}, 3)
    spies = [Spy(make_bot(spec, s)) for s in range(3)]
    states: list[State] = []
    play_match(game, spies, "spy", on_action=lambda before, a, after: states.append(before))
    for seat, spy in enumerate(spies):
        assert spy.handed
        for view in spy.handed[:40]:
            assert type(view) is PlayerView and view.seat == seat
            for obj in _walk(view, set()):
                assert not isinstance(obj, (State, RoundState, Deal)), type(obj)
    # what the views show of other hands: only cards known to everyone
    for state in states[::7]:
        seat = state.current_seat
        if seat is None or state.round is None:
            continue
        view = state.view(seat)
        assert view.public is not None
        for other, known in enumerate(view.public.known):
            assert not Counter(known) - Counter(state.round.hands[other])


def test_determinization_agrees_with_the_view() -> None:
    """A sampled state shows the same view and legal actions, and deals the unseen cards."""
    game = Game.create("levant", {"rounds": 1}, 4)
    states: list[State] = []
    bots = [make_bot("greedy", s) for s in range(4)]
    play_match(game, bots, "det", on_action=lambda b, a, after: states.append(after))
    rng = random.Random(0)
    differs = 0
    for state in states[::5]:
        seat = state.current_seat
        if seat is None or state.round is None:
            continue
        view = state.view(seat)
        sample = sample_state(view, rng)
        # the sample holds the round in play, not the match's earlier rounds
        assert dataclasses.replace(sample.view(seat), round_number=0, results=()) == (
            dataclasses.replace(view, round_number=0, results=())
        )
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        rnd = sample.round
        assert rnd is not None
        hidden = (
            Counter(c for s, h in enumerate(state.round.hands) if s != seat for c in h)
            + Counter(state.round.stock)
            - Counter(c for s, k in enumerate(state.round.known) if s != seat for c in k)
        )
        assert unseen_cards(view) == sorted(hidden.elements())
        differs += rnd.hands != state.round.hands
    assert differs > 5


@pytest.mark.parametrize("spec", ["random", "greedy", FAST_ISMCTS])
def test_same_seed_same_game(spec: str) -> None:
    """Two runs with the same seeds give the same record."""
    game = Game.create("gulf", {"rounds": 1}, 2)
    runs = [
        to_record(play_match(game, [make_bot(spec, 5), make_bot("greedy", 6)], "same"))
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_greedy_beats_random() -> None:
    """A sanity check of strength (the simulator measures it properly): greedy wins most
    rounds against random."""
    game = Game.create("levant", {"rounds": 1}, 2)
    wins = 0
    for i in range(10):
        bots = [make_bot("greedy", i), make_bot("random", i)]
        if i % 2:
            bots.reverse()
        final = play_match(game, bots, f"strength-{i}")
        winner = final.results[-1].winner
        wins += winner == (i % 2)
    assert wins >= 8
