"""HandVsBots-v0, the numpy PPO learner, the ``policy:PATH`` bot and examples/train_ppo.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from handgame.core.errors import BotError  # noqa: E402
from handgame.play.driver import play_match  # noqa: E402
from handgame.play.registry import make_bot  # noqa: E402
from handgame.rl.gym_env import ENV_ID, HandVsBots, make_vec  # noqa: E402
from handgame.rl.ppo import Policy  # noqa: E402
from handgame.rl.stepper import make_config  # noqa: E402
from handgame.rl.tokens import N_ACTIONS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _episode(env: HandVsBots, seed: int) -> list[tuple[int, float]]:
    """The agent's tokens and rewards of one episode, playing the first masked-in token."""
    obs, _ = env.reset(seed=seed)
    out = []
    while True:
        token = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, term, trunc, _ = env.step(token)
        out.append((token, reward))
        if term or trunc:
            return out


def test_gym_wrapper_is_deterministic_and_ends_with_a_result() -> None:
    """The same seed plays the same episode; the match ends with a reward of 0 or 1."""
    env = gymnasium.make(ENV_ID, options={"rounds": 1}, bots="random").unwrapped
    first, again = _episode(env, 4), _episode(env, 4)
    assert first == again
    assert first[-1][1] in (0.0, 1.0) and all(r == 0.0 for _, r in first[:-1])


def test_vector_env_steps_every_copy() -> None:
    """make_vec stacks observations and masks of its copies and resets finished ones."""
    vec = make_vec(3, seed=1, options={"rounds": 1})
    obs, _ = vec.reset(seed=1)
    assert obs["observation"].shape[0] == 3 and obs["action_mask"].shape == (3, N_ACTIONS)
    done = 0
    for _ in range(200):
        act = np.array([int(np.flatnonzero(m)[-1]) for m in obs["action_mask"]])
        obs, _, term, trunc, _ = vec.step(act)
        done += int((term | trunc).sum())
        assert all(m.any() for m in obs["action_mask"])
    assert done > 0
    vec.close()


def test_gradients_match_finite_differences() -> None:
    """The hand-written backward pass of the policy agrees with finite differences."""
    rng = np.random.default_rng(0)
    policy = Policy(2, hidden=8, seed=1)
    policy.params = {k: v.astype(np.float64) for k, v in policy.params.items()}
    obs = rng.random((3, policy.params["w1"].shape[0]))
    mask = (rng.random((3, N_ACTIONS)) < 0.3).astype(np.float64)
    mask[:, 0] = 1
    coef = rng.normal(size=(3, N_ACTIONS)) * mask
    vcoef = rng.normal(size=3)

    def loss() -> float:
        probs, values, _ = policy.forward(obs, mask)
        return float((coef * np.log(probs + 1e-300) * mask).sum() + (vcoef * values).sum())

    probs, _, cache = policy.forward(obs, mask)
    # d/dlogits of sum(coef * log p) = coef - p * sum(coef)
    dlogits = (coef - probs * coef.sum(1, keepdims=True)) * mask
    grads = policy.backward(cache, dlogits, vcoef)
    for name in ("w1", "w2", "wp", "bv"):
        p = policy.params[name]
        flat = p.reshape(-1)
        for i in rng.choice(flat.size, min(4, flat.size), replace=False):
            keep = flat[i]
            flat[i] = keep + 1e-6
            up = loss()
            flat[i] = keep - 1e-6
            down = loss()
            flat[i] = keep
            assert grads[name].reshape(-1)[i] == pytest.approx(
                (up - down) / 2e-6, rel=1e-4, abs=1e-6
            )


def test_policy_bot_plays_through_the_registry(tmp_path: Path) -> None:
    """``policy:PATH`` is a bot like any other: it plays a match to the end."""
    path = tmp_path / "p.npz"
    Policy(2, hidden=16, seed=3).save(str(path))
    config = make_config("levant", 2, {"rounds": 1})
    bots = [make_bot(f"policy:{path}", 1), make_bot("random", 2)]
    state = play_match(config, bots, seed=9)
    assert state.is_over and sorted(state.returns()) == [0.0, 1.0]
    sampled = make_bot(f"policy:{path},sample", 1)
    assert play_match(config, [make_bot("random", 3), sampled], seed=9).is_over


def test_policy_bot_errors_are_clear(tmp_path: Path) -> None:
    """A missing file, a bad flag or a policy for another player count is a BotError."""
    with pytest.raises(BotError, match="cannot load"):
        make_bot(f"policy:{tmp_path}/missing.npz")
    with pytest.raises(BotError, match="needs a file"):
        make_bot("policy")
    path = tmp_path / "three.npz"
    Policy(3, hidden=8).save(str(path))
    with pytest.raises(BotError, match="flag"):
        make_bot(f"policy:{path},fast")
    config = make_config("levant", 2, {"rounds": 1})
    with pytest.raises(BotError, match="trained for 3 players"):
        play_match(config, [make_bot(f"policy:{path}"), make_bot("random")], seed=1)


def test_hand_simulate_seats_a_policy(tmp_path: Path) -> None:
    """``hand simulate`` seats ``policy:PATH``."""
    path = tmp_path / "p.npz"
    Policy(2, hidden=16).save(str(path))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "handgame",
            "simulate",
            "--bot",
            f"policy:{path}",
            "--bot",
            "random",
            "--games",
            "2",
            "--rounds",
            "1",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    assert "policy" in out.stdout


def test_train_script_smoke(tmp_path: Path) -> None:
    """examples/train_ppo.py trains one tiny update, saves a policy that loads, evaluates it."""
    out_file = tmp_path / "smoke.npz"
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "train_ppo.py"),
            "--updates",
            "1",
            "--envs",
            "2",
            "--steps",
            "16",
            "--hidden",
            "16",
            "--eval",
            "2",
            "--eval-greedy",
            "0",
            "--out",
            str(out_file),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert out.returncode == 0, out.stderr
    assert "update 1:" in out.stdout and "against random: won" in out.stdout
    assert Policy.load(str(out_file)).players == 2


def test_train_script_fine_tunes_a_clone(tmp_path: Path) -> None:
    """examples/train_ppo.py --init --value-fit --checkpoint --half (the shipped agent's
    fine-tuning, tiny): the value head is fitted before PPO (it changes, the policy layers do
    not), a checkpoint is written after each update, and the weights are saved in float16."""
    init = Policy(2, hidden=16, seed=3)
    init_file = tmp_path / "init.npz"
    init.save(str(init_file))
    out_file = tmp_path / "tuned.npz"
    argv = [sys.executable, str(ROOT / "examples" / "train_ppo.py"), "--init", str(init_file),
            "--opponent", "greedy", "--envs", "2", "--steps", "16", "--eval", "0",
            "--eval-greedy", "0", "--half", "--out"]  # fmt: skip
    fitted = tmp_path / "fitted.npz"
    out = subprocess.run(
        [*argv, str(fitted), "--updates", "0", "--value-fit", "2", "--steps", "64"],
        capture_output=True, text=True, check=False, timeout=900,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "value fit: batch 2/2" in out.stdout
    after = Policy.load(str(fitted)).params
    for key in ("w1", "b1", "w2", "b2", "wp", "bp"):
        assert np.array_equal(after[key], init.params[key].astype(np.float16).astype(np.float32))
    assert not np.allclose(after["wv"], init.params["wv"], atol=1e-3)
    out = subprocess.run(
        [*argv, str(out_file), "--updates", "2", "--checkpoint", "1"],
        capture_output=True, text=True, check=False, timeout=900,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "update 2:" in out.stdout
    checkpoint = tmp_path / "tuned-u1.npz"
    assert checkpoint.is_file() and not (tmp_path / "tuned-u2.npz").exists()
    with np.load(str(out_file)) as data:
        assert data["w1"].dtype == np.float16
    assert not np.array_equal(
        Policy.load(str(checkpoint)).params["w1"], Policy.load(str(out_file)).params["w1"]
    )


def test_the_core_loads_no_rl_stack() -> None:
    """The engine, the bots registry and the simulator import no numpy, Gymnasium,
    PettingZoo or torch (they are the optional extra handgame[rl])."""
    code = (
        "import sys, handgame, handgame.play.registry, handgame.play.simulate;"
        "from handgame.play.registry import make_bot; make_bot('greedy'); make_bot('random');"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('numpy', 'gymnasium', 'pettingzoo', 'torch')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_server_table_seats_only_the_policies_it_was_given(tmp_path: Path) -> None:
    """``hand serve --policy PATH`` lets tables seat ``policy:PATH``, and no other file."""
    from handgame.server.table import check_bot

    path = str(tmp_path / "p.npz")
    Policy(2, hidden=8).save(path)
    assert check_bot(f"policy:{path}", (path,)) == f"policy:{path}"
    with pytest.raises(ValueError, match="unknown bot 'policy'"):
        check_bot(f"policy:{path}")
    with pytest.raises(ValueError, match="unknown bot 'policy'"):
        check_bot("policy:/etc/passwd", (path,))
