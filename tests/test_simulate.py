"""``hand simulate``: seeded bot-against-bot matches, seat rotation, records, errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from handgame.cli.commands import main
from handgame.core.bot import Bot
from handgame.games.hand.actions import Action, Draw
from handgame.games.hand.record import replay
from handgame.games.hand.view import PlayerView
from handgame.play.registry import register
from handgame.play.simulate import (
    SimulationConfig,
    SimulationError,
    bot_labels,
    seat_of,
    simulate,
    wilson,
)

ROOT = Path(__file__).resolve().parents[1]
TINY = ["--rounds", "1", "--seed", "7", "--quiet"]


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _without_timing(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj.items() if k != "timing"}


@pytest.fixture(scope="module")
def tiny_json() -> dict[str, Any]:
    code, out, err = _run("simulate", "--bots", "random,random", "--games", "4", "--json", *TINY)
    assert code == 0, err
    obj: dict[str, Any] = json.loads(out)
    return obj


def test_json_shape(tiny_json: dict[str, Any]) -> None:
    obj = tiny_json
    assert obj["format"] == "hand-simulate/1"
    assert obj["games"] == 4 and obj["finished"] == 4
    assert obj["config"]["options"] == {"rounds": 1}
    assert [b["bot"] for b in obj["bots"]] == ["random#1", "random#2"]
    # each 2-player match with rounds=1 has exactly one round with a winner and one match winner
    assert obj["rounds_with_winner"] == 4
    assert sum(b["wins"] for b in obj["bots"]) == 4
    assert sum(b["rounds_won"] for b in obj["bots"]) == 4
    for b in obj["bots"]:
        low, high = b["win_ci95"]
        assert 0 <= low <= b["win_rate"] <= high <= 1
        assert b["seats"] == [2, 2]
    assert obj["mean_turns_per_round"] > 0
    assert obj["timing"].keys() == {"seconds", "games_per_second", "jobs", "backend"}
    assert obj["timing"]["backend"] == "serial" and obj["timing"]["jobs"] == 1


def test_jobs_do_not_change_results(tiny_json: dict[str, Any]) -> None:
    code, out, err = _run(
        "simulate", "--bots", "random,random", "--games", "4", "--json", "--jobs", "2", *TINY
    )
    assert code == 0, err
    assert _without_timing(json.loads(out)) == _without_timing(tiny_json)


def test_rotation_balances_seats() -> None:
    for players in (2, 3, 4):
        counts = [[0] * players for _ in range(players)]
        for game in range(1, 3 * players + 1):
            seats = [seat_of(k, game, players) for k in range(players)]
            assert sorted(seats) == list(range(players))
            for k, seat in enumerate(seats):
                counts[k][seat] += 1
        assert all(c == [3] * players for c in counts)
    # partners stay opposite: listed bots 0 and 2 always sit two seats apart
    assert all((seat_of(2, g, 4) - seat_of(0, g, 4)) % 4 == 2 for g in range(1, 9))


def test_labels_and_wilson() -> None:
    assert bot_labels(["greedy", "random", "greedy"]) == ["greedy#1", "random", "greedy#2"]
    low, high = wilson(0, 10)
    assert low == 0 and 0.25 < high < 0.35
    assert wilson(5, 10)[0] == pytest.approx(1 - wilson(5, 10)[1])
    assert wilson(0, 0) == (0.0, 1.0)


def test_table(tmp_path: Path) -> None:
    code, out, err = _run("simulate", "--bots", "random,random", "--games", "2", *TINY)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["bot", "games", "wins", "win%"]
    assert lines[2].startswith("random#1")
    assert "games/s" in out and "mean turns per round" in out


def test_records_replay(tmp_path: Path) -> None:
    config = SimulationConfig(
        bots=("random", "random"), games=2, seed="r", options={"rounds": 1}, records=str(tmp_path)
    )
    result = simulate(config)
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == ["game-000001.json", "game-000002.json"]
    wins = [0, 0]
    for number, path in enumerate(files, 1):
        record = json.loads(path.read_text(encoding="utf-8"))
        answer = replay(record)
        assert answer["error"] is None and answer["finished"]
        assert record["simulate"]["seed"] == f"r-{number}"
        # the record names the bot at each seat; the winning seat's bot gets the win
        label = record["names"][answer["winner"]].removeprefix("bot:")
        wins[bot_labels(config.bots).index(label)] += 1
    assert wins == [b.wins for b in result.bots]


def test_partnership() -> None:
    config = SimulationConfig(
        bots=("random",) * 4, games=1, seed="p", options={"rounds": 1}, partnership=True
    )
    result = simulate(config)
    # partners (listed 1st and 3rd, 2nd and 4th) win together
    wins = [b.wins for b in result.bots]
    assert wins in ([1, 0, 1, 0], [0, 1, 0, 1])


def test_subprocess_cli() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "handgame", "simulate", "--bot", "random", "--bot", "random",
         "--games", "2", "--json", "--jobs", "2", *TINY],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert json.loads(proc.stdout)["games"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "random,nosuchbot"], "unknown bot 'nosuchbot'"),
        (["--bots", "random,random", "--rules", "nope"], "unknown preset"),
        (["--bots", "random,random", "--option", "wilds=sometimes"], "option wilds"),
        (["--bots", "random"], "at least 2 bots"),
        (["--bots", "random,random,random", "--partnership"], "needs 4 bots"),
        (["--bots", "random:x,random"], "takes no argument"),
        (["--bots", "random,random", "--bot", "random"], "not both"),
        (["--bots", "random,,random"], "empty bot name"),
        (["--bots", "random,random", "--games", "0"], "games must be"),
        (["--bots", "random,random", "--games", "x"], "invalid int"),
        (["--bots", "random,random", "--backend", "spark"], "invalid choice: 'spark'"),
        (["--bots", "random,random", "--address", "auto"], "--address is for --backend ray"),
        ([], "name the bots"),
    ],
)
def test_bad_input_exits_2(argv: list[str], message: str) -> None:
    code, out, err = _run("simulate", *argv)
    assert code == 2 and out == ""
    assert err.startswith("hand: error:") and message in err
    assert len(err.strip().splitlines()) == 1


def test_ray_backend_without_ray_says_how_to_install_it() -> None:
    """With Ray not importable, --backend ray exits 2 with the install command, and the
    simulator itself never imports Ray (the quick start does not need it)."""
    code = (
        "import sys; sys.modules['ray'] = None\n"  # as if Ray were not installed
        "from handgame.cli.commands import main\n"
        "from handgame.play.simulate import SimulationConfig, simulate\n"
        "simulate(SimulationConfig(bots=('random', 'random'), games=2, options={'rounds': 1},"
        " jobs=2))\n"
        "status = main(['simulate', '--bots', 'random,random', '--games', '2', '--quiet',"
        " '--backend', 'ray'])\n"
        "sys.exit(status)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.startswith("hand: error: the ray backend needs Ray")
    assert "pip install 'handgame[ray]'" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


class _IllegalBot(Bot):
    """Plays legally for a few steps, then plays for another seat."""

    name = "test-illegal"
    steps = 0

    def choose(self, view: PlayerView) -> Action:
        self.steps += 1
        if self.steps < 4:
            return view.legal_actions[0]
        return Draw((view.seat + 1) % view.players, "stock")


class _CrashBot(Bot):
    name = "test-crash"

    def choose(self, view: PlayerView) -> Action:
        raise RuntimeError("out of ideas")


@pytest.fixture
def bad_bots() -> Iterator[None]:
    register("test-illegal", lambda arg, seed: _IllegalBot(seed))
    register("test-crash", lambda arg, seed: _CrashBot(seed))
    yield


@pytest.mark.usefixtures("bad_bots")
@pytest.mark.parametrize(
    ("bot", "message"),
    [("test-illegal", "chose an illegal action"), ("test-crash", "RuntimeError: out of ideas")],
)
def test_failing_bot_exits_1(bot: str, message: str) -> None:
    code, out, err = _run("simulate", "--bots", f"random,{bot}", "--games", "2", *TINY)
    assert code == 1 and out == ""
    assert f"bot {bot} (seat " in err and message in err
    assert "seed '7-1'" in err
    assert len(err.strip().splitlines()) == 1
    with pytest.raises(SimulationError, match=bot):
        simulate(SimulationConfig(bots=(bot, "random"), games=1, options={"rounds": 1}))


@pytest.mark.usefixtures("bad_bots")
def test_failing_bot_keeps_the_record(tmp_path: Path) -> None:
    config = SimulationConfig(
        bots=("random", "test-illegal"), games=3, options={"rounds": 1}, records=str(tmp_path)
    )
    with pytest.raises(SimulationError, match="the record up to the failure is") as info:
        simulate(config)
    path = tmp_path / "game-000001.json"
    assert str(path) in str(info.value)
    answer = replay(json.loads(path.read_text(encoding="utf-8")))
    assert answer["error"] is None and not answer["finished"]
    assert not (tmp_path / "game-000002.json").exists()
