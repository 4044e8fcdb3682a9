"""handgame.rl's environments: PettingZoo's own api, seed and parallel tests, the action mask
against the engine's legal actions, and an observation that holds nothing hidden."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from handgame.rl import hand_v0  # noqa: E402
from handgame.rl.encode import encode, layout, obs_size  # noqa: E402
from handgame.rl.stepper import Stepper, make_config  # noqa: E402
from handgame.rl.tokens import (  # noqa: E402
    N_ACTIONS,
    PASS,
    STOP,
    ActionTree,
    token_name,
    tokens_of,
)

#: (preset, players, options): a one-round Hand match and a one-round Hand and Foot match
GAMES = [("levant", 2, {"rounds": 1}), ("hand-and-foot", 4, {"rounds": 1})]


@pytest.mark.parametrize(("preset", "players", "options"), GAMES)
def test_pettingzoo_api_test(preset: str, players: int, options: dict[str, int]) -> None:
    """PettingZoo's api_test passes for Hand and for Hand and Foot."""
    env = hand_v0.env(preset=preset, players=players, options=options)
    api_test(env, num_cycles=60)


@pytest.mark.parametrize(("preset", "players", "options"), GAMES)
def test_pettingzoo_seed_test(preset: str, players: int, options: dict[str, int]) -> None:
    """The same seed gives the same match, observations and masks (PettingZoo's seed_test)."""
    seed_test(lambda: hand_v0.env(preset=preset, players=players, options=options), 80)


@pytest.mark.parametrize(("preset", "players", "options"), GAMES)
def test_parallel_api_test(preset: str, players: int, options: dict[str, int]) -> None:
    """PettingZoo's parallel_api_test passes for the turn-based parallel form."""
    parallel_api_test(hand_v0.parallel_env(preset=preset, players=players, options=options), 150)


def test_parallel_and_aec_agree() -> None:
    """The parallel form and the AEC environment, fed the same tokens, give the same
    observations, rewards and ends, to the end of a match."""
    kwargs = {"preset": "levant", "players": 2, "options": {"rounds": 1}}
    aec, par = hand_v0.env(**kwargs), hand_v0.parallel_env(**kwargs)
    aec.reset(seed=7)
    obs, _ = par.reset(seed=7)
    rng = random.Random(3)
    steps = 0
    while par.agents:
        agent = aec.agent_selection
        mine = aec.observe(agent)
        for a in aec.agents:
            got, want = obs[a], aec.observe(a)
            assert np.array_equal(got["observation"], want["observation"])
            assert np.array_equal(got["action_mask"], want["action_mask"])
        token = rng.choice(np.flatnonzero(mine["action_mask"]).tolist())
        actions = {a: (token if a == agent else 0) for a in par.agents}
        obs, rewards, terms, _, _ = par.step(actions)
        aec.step(token)
        assert rewards == {a: aec.rewards[a] for a in rewards}
        assert terms == {a: aec.terminations[a] for a in terms}
        steps += 1
        if any(terms.values()):
            break
    assert steps > 20 and all(aec.terminations.values())
    assert sorted(aec.rewards.values()) == [0.0, 1.0]


def _random_states(preset: str, players: int, count: int, seed: int) -> list[object]:
    """States met along a random match (the deals included)."""
    stepper = Stepper(make_config(preset, players, {"rounds": 1}), seed)
    rng = random.Random(seed)
    out = []
    while not stepper.over and len(out) < count:
        out.append(stepper.state)
        stepper.push(rng.choice(stepper.mask()))
    return out


@pytest.mark.parametrize(("preset", "players"), [("levant", 2), ("gulf", 3), ("hand-and-foot", 4)])
def test_every_legal_action_reachable_and_nothing_else(preset: str, players: int) -> None:
    """At every decision of a random match, each of the engine's legal actions is spelt by a
    path of masked-in tokens, and every masked-in path spells a legal action."""
    rng = random.Random(1)
    checked = 0
    for state in _random_states(preset, players, 150, 11)[::3]:
        if state.is_chance or state.is_over:
            continue
        seat = state.to_act(())
        legal = state.view(seat).legal_actions
        for action in legal:
            tree = ActionTree(legal)
            for token in tokens_of(action):
                assert token in tree.next_tokens(), (action, token_name(token))
                tree.push(token)
            assert tree.done and tree.action == action
        for _ in range(5):
            tree = ActionTree(legal)
            tree.advance()
            while not tree.done:
                tree.push(rng.choice(tree.next_tokens()))
                tree.advance()
            assert tree.action in legal
            state.apply(tree.action)  # the engine accepts it
            checked += 1
    assert checked > 50


def test_masked_out_token_is_refused() -> None:
    """A token off the mask raises and changes nothing."""
    stepper = Stepper(make_config("levant", 2, {"rounds": 1}), 5)
    bad = next(t for t in range(N_ACTIONS) if t not in stepper.mask())
    before = stepper.state
    with pytest.raises(ValueError, match="masked out"):
        stepper.push(bad)
    assert stepper.state is before


class _Spelt:
    """A stand-in action: anything with a record notation can be spelt."""

    def __init__(self, notation: dict[str, object]) -> None:
        self.notation = notation

    def to_json(self) -> dict[str, object]:
        return self.notation


def test_offer_can_be_passed() -> None:
    """An out-of-turn offer (Hand's redeal claim, L-52) has PASS in its mask."""
    claim = _Spelt({"seat": 0, "redeal": True})
    offer = ActionTree([claim], can_pass=True)
    assert offer.next_tokens() == sorted([PASS, tokens_of(claim)[0]])
    offer.push(PASS)
    assert offer.done and offer.action is None
    turn = ActionTree([claim])
    turn.advance()
    assert turn.done and turn.action is claim


def test_meld_spelling() -> None:
    """A meld is spelt card by card: ``meld 7D 8D 9D ] ] STOP``."""
    action = _Spelt({"seat": 1, "meld": [["7D", "8D", "9D"]]})
    names = [token_name(t) for t in tokens_of(action)]
    assert names == ["meld", "7D", "8D", "9D", "]", "]", "STOP"]
    assert tokens_of(action)[-1] == STOP
    with pytest.raises(ValueError, match="no word"):
        tokens_of(_Spelt({"seat": 0, "knock": "gin"}))


@pytest.mark.parametrize(
    ("preset", "players"), [("levant", 2), ("four-jokers", 3), ("hand-and-foot", 4)]
)
def test_observation_holds_nothing_hidden(preset: str, players: int) -> None:
    """Two states that differ only in cards a seat has not seen (``resample``) give that seat
    the same observation and mask; and the hidden cards did differ."""
    differed = 0
    for state in _random_states(preset, players, 120, 3)[5::10]:
        if state.is_chance or state.is_over:
            continue
        for seat in range(players):
            other = state.resample(seat, random.Random(seat))
            a, b = state.view(seat), other.view(seat)
            assert np.array_equal(encode(a, seat, players), encode(b, seat, players))
            assert [tokens_of(x) for x in a.legal_actions] == [
                tokens_of(x) for x in b.legal_actions
            ]
            spec_hands = [state.view(s).hand for s in range(players) if s != seat]
            other_hands = [other.view(s).hand for s in range(players) if s != seat]
            differed += spec_hands != other_hands
    assert differed > 0


def test_layout_adds_up() -> None:
    """The documented blocks cover the whole observation."""
    for players in (2, 3, 4, 6):
        assert sum(size for _, size in layout(players)) == obs_size(players)
