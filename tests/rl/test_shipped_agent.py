"""The agent shipped with the package (``policy:levant-2p``): small, loaded by name through
the bots registry, seated by ``hand simulate``, ``hand play`` and a server table, and
better than ``random`` on a few seeded rounds (the measured figures are in docs/rl.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("numpy")

from handgame.core.errors import BotError
from handgame.play.driver import play_match
from handgame.play.registry import make_bot, shipped_policies
from handgame.rl.encode import obs_size
from handgame.rl.policy_bot import AGENTS, resolve, shipped
from handgame.rl.stepper import make_config

NAME = "levant-2p"


def test_the_agent_ships_small_and_is_listed() -> None:
    """The weights are in the package, under 5 MB, and listed without importing numpy's side."""
    path = AGENTS / f"{NAME}.npz"
    assert path.is_file() and path.stat().st_size < 5_000_000
    assert NAME in shipped() and NAME in shipped_policies()
    assert resolve(NAME) == str(path)
    assert resolve("some/dir/x.npz") == "some/dir/x.npz"


def test_the_agent_beats_random_on_seeded_rounds() -> None:
    """policy:NAME plays whole rounds through the registry and wins most against random."""
    config = make_config("levant", 2, {"rounds": 1})
    wins = 0
    for i in range(10):
        bots = [make_bot(f"policy:{NAME}", i), make_bot("random", f"r{i}")]
        if i % 2:
            bots.reverse()
        state = play_match(config, bots, seed=f"shipped:{i}")
        wins += int(state.returns()[i % 2] == 1)
    assert wins >= 7


def test_an_unknown_name_lists_the_shipped_agents() -> None:
    """policy:NAME of no shipped agent (and no file) is a clear BotError naming them."""
    with pytest.raises(BotError, match=NAME):
        make_bot("policy:no-such-agent")


def test_hand_simulate_seats_the_shipped_agent() -> None:
    """``hand simulate --bot policy:NAME`` plays it."""
    out = subprocess.run(
        [sys.executable, "-m", "handgame", "simulate", "--bot", f"policy:{NAME}", "--bot",
         "greedy", "--games", "2", "--rounds", "1", "--quiet"],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "policy" in out.stdout


def test_a_server_table_seats_the_shipped_agent_and_no_other_file(tmp_path: object) -> None:
    """A table may seat ``policy:NAME`` of a shipped agent with no ``--policy``; a file the
    server was not given stays refused."""
    from handgame.server.table import check_bot

    assert check_bot(f"policy:{NAME}") == f"policy:{NAME}"
    with pytest.raises(ValueError):
        check_bot("policy:/tmp/elsewhere.npz")


def test_the_training_script_runs_small(tmp_path: object) -> None:
    """examples/train_agent.py clones a few teacher matches, saves a loadable policy in float16
    and measures it (the shipped agent's recipe at its tiniest size); then fine-tunes those
    weights (--init) on the samples it kept (--samples), read back without playing."""
    from pathlib import Path

    from handgame.rl.ppo import Policy

    out_file = Path(str(tmp_path)) / "bc.npz"
    kept = Path(str(tmp_path)) / "samples.npz"
    tuned = Path(str(tmp_path)) / "tuned.npz"
    script = Path(__file__).resolve().parents[2] / "examples" / "train_agent.py"
    out = subprocess.run(
        [sys.executable, str(script), "--matches", "2", "--epochs", "1", "--hidden", "16",
         "--eval", "2", "--eval-seed", "1", "--samples", str(kept), "--out", str(out_file)],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "samples from 2 matches" in out.stdout and "against greedy: won" in out.stdout
    assert Policy.load(str(out_file)).players == 2
    out = subprocess.run(
        [sys.executable, str(script), "--epochs", "1", "--init", str(out_file), "--samples",
         str(kept), "--eval", "0", "--out", str(tuned)],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert f"samples read from {kept}" in out.stdout
    assert Policy.load(str(tuned)).params["w1"].shape == (obs_size(2), 16)
