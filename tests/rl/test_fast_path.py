"""The environments' fast path (``handgame.rl.observe``: the games' ``table_view``, the numpy
encoder, the remembered spellings) gives the observations and masks of the definitions
(``encode.encode`` of the full view, ``tokens.ActionTree`` over ``tokens_of``), bit for bit,
over thousands of steps of Hand and of Hand and Foot."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from handgame.core.registry import find_game  # noqa: E402
from handgame.rl import hand_v0  # noqa: E402
from handgame.rl.encode import encode  # noqa: E402
from handgame.rl.observe import (  # noqa: E402
    NATIVE,
    Encoder,
    FastTree,
    base_observation,
    native_encode,
    table_of,
)
from handgame.rl.stepper import Stepper, make_config  # noqa: E402
from handgame.rl.tokens import ActionTree  # noqa: E402

#: (preset, players, options, whole matches compared until this many steps)
GAMES = [
    ("levant", 2, {"rounds": 1}, 3000),
    ("gulf", 3, {"rounds": 1}, 1000),
    ("four-jokers", 4, {"rounds": 1}, 800),
    ("levant", 4, {"rounds": 2, "partnership": True}, 600),
    ("hand-and-foot", 4, {"rounds": 1}, 800),
    ("hand-and-foot", 2, {"rounds": 1}, 400),
]


@pytest.mark.parametrize(("preset", "players", "options", "least"), GAMES)
def test_fast_and_reference_environments_agree(
    preset: str, players: int, options: dict[str, object], least: int
) -> None:
    """Fed the same random tokens, the fast and the reference AEC environments give every
    agent the same observation and mask at every step, and the same rewards and ends."""
    opts = dict(options)
    partnership = bool(opts.pop("partnership", False))
    kwargs = {"preset": preset, "players": players, "options": opts, "partnership": partnership}
    fast, ref = hand_v0.env(**kwargs), hand_v0.env(reference=True, **kwargs)
    rng = random.Random(f"{preset}{players}")
    steps = 0
    m = 0
    while steps < least:
        m += 1
        fast.reset(seed=m)
        ref.reset(seed=m)
        while fast.agents:
            agent = fast.agent_selection
            assert agent == ref.agent_selection
            for a in fast.agents:
                got, want = fast.observe(a), ref.observe(a)
                assert got["observation"].dtype == want["observation"].dtype
                assert np.array_equal(got["observation"], want["observation"]), (m, steps, a)
                assert np.array_equal(got["action_mask"], want["action_mask"]), (m, steps, a)
            assert fast.rewards == ref.rewards
            assert fast.terminations == ref.terminations
            assert fast.truncations == ref.truncations
            if fast.terminations[agent] or fast.truncations[agent]:
                fast.step(None)
                ref.step(None)
                continue
            mask = fast.observe(agent)["action_mask"]
            token = rng.choice(np.flatnonzero(mask).tolist())
            fast.step(token)
            ref.step(token)
            steps += 1
    assert m >= 1


@pytest.mark.parametrize(("preset", "players"), [("levant", 2), ("hand-and-foot", 4)])
def test_table_view_reads_what_the_view_shows(preset: str, players: int) -> None:
    """A game's ``table_view`` holds the values of the full view (the encoder reads either
    the same way), at every decision of random matches, for every seat; and the tree over
    remembered spellings walks like the definition's."""
    spec = find_game(preset)
    assert spec.table_view is not None
    rng = random.Random(5)
    checked = seed = 0
    while checked < 1200:
        seed += 1
        stepper = Stepper(make_config(preset, players, {"rounds": 1}), seed)
        encoder = Encoder(players)
        while not stepper.over:
            for seat in range(players):
                view = stepper.state.view(seat)
                table = spec.table_view(stepper.state, seat)
                assert table == table_of(view, seat)
                want = encode(view, seat, players)
                assert np.array_equal(base_observation(table, seat, players), want)  # numpy
                if NATIVE:  # the native writer (native/table.cpp), where it is built
                    got = np.full(want.shape, 7.0, dtype=np.float32)
                    native_encode(got, table, seat, players)
                    assert np.array_equal(got, want)
                assert np.array_equal(encoder.encode(table_of(view, seat), seat), want)
                checked += 1
            legal = stepper.state.view(stepper.seat).legal_actions
            a, b = ActionTree(legal, stepper.offer), FastTree(legal, stepper.offer)
            a.advance()
            b.advance()
            while not a.done:
                assert a.prefix == b.prefix and a.next_tokens() == b.next_tokens()
                token = rng.choice(a.next_tokens())
                a.push(token)
                b.push(token)
                a.advance()
                b.advance()
            assert b.done and a.prefix == b.prefix and a.action is b.action
            stepper.push(rng.choice(stepper.mask()))
    assert seed >= 1


@pytest.mark.parametrize(("preset", "players"), [("levant", 2), ("hand-and-foot", 4)])
def test_table_view_holds_nothing_hidden(preset: str, players: int) -> None:
    """A state with the cards a seat has not seen dealt again (``resample``) gives that seat
    the same ``table_view``, while another seat's hand did change."""
    spec = find_game(preset)
    assert spec.table_view is not None
    stepper = Stepper(make_config(preset, players, {"rounds": 1}), 3)
    rng = random.Random(3)
    differed = compared = 0
    while not stepper.over and compared < 200:
        state = stepper.state
        for seat in range(players):
            other = state.resample(seat, random.Random(seat))
            assert spec.table_view(state, seat) == spec.table_view(other, seat)
            differed += any(
                spec.table_view(state, s).hand != spec.table_view(other, s).hand
                for s in range(players)
                if s != seat
            )
            compared += 1
        stepper.push(rng.choice(stepper.mask()))
    assert compared >= 40 and differed > 0
