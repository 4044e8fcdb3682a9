"""The batched environment (``handgame.rl.vector.HandVectorEnv``): Gymnasium's vector API
shapes, autoreset in the same step, seeds that fix every match, observations and masks equal
to the definitions' (``encode.encode`` of each table's full view), for both games; and
Gymnasium's ``check_env`` on the single-table Gymnasium form."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from handgame.rl.encode import encode, obs_size  # noqa: E402
from handgame.rl.gym_env import HandVsBots  # noqa: E402
from handgame.rl.hand_v0 import mask_array  # noqa: E402
from handgame.rl.tokens import N_ACTIONS  # noqa: E402
from handgame.rl.vector import HandVectorEnv  # noqa: E402

GAMES = [("levant", 2), ("hand-and-foot", 4)]


def _random_tokens(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def _check_rows(env: HandVectorEnv, obs: dict[str, np.ndarray]) -> None:
    """Every table's row is the definitions' observation and mask of its agent's view (the
    tables on a native batch: tests/rl/test_native_round.py, equal to the Python path's)."""
    native = env.native_tables()
    for k, table in enumerate(env._tables):
        if native[k]:
            continue
        m, seat = table.match, table.agent
        acting = m.seat == seat
        view = m.state.view(seat)
        want = encode(view, seat, env.players, m.prefix if acting else (), acting and m.offer)
        assert np.array_equal(obs["observation"][k], want)
        assert np.array_equal(obs["action_mask"][k], mask_array(m.mask() if acting else []))


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_vector_env_steps_tables_together_with_autoreset(preset: str, players: int) -> None:
    """Shapes and dtypes of the vector API, rows equal to the definitions', ended matches
    dealt again in the same step with their last observation in ``final_obs``."""
    n = 4
    env = HandVectorEnv(n, preset=preset, players=players, options={"rounds": 1})
    obs, infos = env.reset(seed=3)
    assert obs["observation"].shape == (n, obs_size(players))
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (n, N_ACTIONS) and obs["action_mask"].dtype == np.int8
    assert obs in env.observation_space
    assert infos["seat"].shape == (n,)
    rng = np.random.default_rng(0)
    ended = steps = 0
    while ended < 3 and steps < 20_000:
        if steps % 7 == 0:
            _check_rows(env, obs)
        obs, rewards, terms, truncs, infos = env.step(_random_tokens(obs["action_mask"], rng))
        steps += 1
        assert rewards.shape == terms.shape == truncs.shape == (n,)
        assert obs["action_mask"].sum(axis=1).min() >= 1  # every table waits on a choice
        if terms.any():
            done = np.flatnonzero(terms)
            assert infos["_final_obs"][done].all()
            for i in done:
                final = infos["final_obs"][i]
                assert final["observation"].shape == (obs_size(players),)
                assert not final["action_mask"].any()
                assert sorted(set(infos["returns"][i].tolist())) == [0.0, 1.0]
                assert rewards[i] in (0.0, 1.0)
            ended += len(done)
    assert ended >= 3


def test_vector_env_is_seeded() -> None:
    """The same seed and tokens give the same observations and rewards; another seed differs."""

    def run(seed: int) -> list[np.ndarray]:
        env = HandVectorEnv(3, options={"rounds": 1})
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(1)
        out = []
        for _ in range(300):
            obs, rewards, _, _, _ = env.step(_random_tokens(obs["action_mask"], rng))
            out += [obs["observation"].copy(), rewards.copy()]
        return out

    a, b, c = run(5), run(5), run(6)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_vector_env_against_bots() -> None:
    """With bots, each table's agent keeps its seat for the match and its reward is its own."""
    env = HandVectorEnv(3, options={"rounds": 1}, bots="random", seat=1)
    obs, infos = env.reset(seed=2)
    assert (infos["seat"] == 1).all()
    rng = np.random.default_rng(2)
    wins = ended = 0
    for _ in range(3000):
        if ended == 0:
            _check_rows(env, obs)
        obs, rewards, terms, _, infos = env.step(_random_tokens(obs["action_mask"], rng))
        assert (infos["seat"] == 1).all()
        for i in np.flatnonzero(terms):
            assert rewards[i] == infos["returns"][i][1]
            wins += int(rewards[i])
            ended += 1
    assert ended > 3


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_gymnasium_check_env(preset: str, players: int) -> None:
    """Gymnasium's own checker passes on the single-agent form, for both games."""
    env = HandVsBots(preset=preset, players=players, options={"rounds": 1}, illegal="refuse")
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, term, trunc, info = env.step(bad)  # refused: nothing changed
    assert info["illegal"] and reward == 0.0 and not term and not trunc
    assert np.array_equal(again["observation"], obs["observation"])


def test_bad_actions_are_refused_clearly() -> None:
    """Too few actions, or a masked-out token, raise a clear ValueError."""
    env = HandVectorEnv(2, options={"rounds": 1})
    obs, _ = env.reset(seed=1)
    with pytest.raises(ValueError, match="2 tables"):
        env.step([0])
    bad = [int(np.flatnonzero(row == 0)[0]) for row in obs["action_mask"]]
    with pytest.raises(ValueError, match="masked out"):
        env.step(bad)
    again, _, _, _, _ = env.step([int(np.flatnonzero(row)[0]) for row in obs["action_mask"]])
    assert again["observation"].shape == obs["observation"].shape  # nothing was half-stepped
