"""The benchmark scripts run at their tiniest sizes and print one JSON object (no timing checks)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
HAS_RLCARD = importlib.util.find_spec("rlcard") is not None


def run(script: str, *args: str) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert isinstance(result, dict)
    assert result["machine"]["cpus"] >= 1
    return result


def check_peer(result: dict[str, Any], fields: list[str]) -> None:
    if HAS_RLCARD:
        assert result["peer"].startswith("rlcard ")
        for field in fields:
            assert result[field] is not None, field
    else:
        assert result["peer"] == "rlcard not installed"
        for field in fields:
            assert result[field] is None, field


@pytest.mark.parametrize("script", ["engine.py", "solver.py", "ismcts.py", "server_load.py"])
def test_help(script: str) -> None:
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0
    assert "usage:" in proc.stdout


def test_engine() -> None:
    result = run("engine.py", "--players", "2", "--repeat", "1", "--seconds", "0")
    assert result["benchmark"] == "engine"
    figures = result["players"]["2"]
    assert figures["decisions_per_s"] > 0
    assert figures["matches_per_s"] > 0
    assert figures["decisions_per_match"] > 0
    check_peer(
        result,
        ["peer_decisions_per_s", "peer_matches_per_s", "ratio_decisions_per_s"],
    )
    if HAS_RLCARD:
        assert set(result["ratio_decisions_per_s"]) == {"2"}
    hf = result["hand_and_foot"]
    assert hf["players"]["4"]["decisions_per_s"] > 0
    assert hf["ratio_to_hand_decisions_per_s"]["4"] > 0


def test_engine_without_peer() -> None:
    result = run("engine.py", "--players", "2", "--repeat", "1", "--seconds", "0", "--no-peer")
    assert result["peer_decisions_per_s"] is None
    assert result["ratio_decisions_per_s"] is None


def test_solver() -> None:
    result = run("solver.py", "--hands", "3", "--dense-hands", "3", "--peer-hands", "3")
    assert result["benchmark"] == "solver"
    assert result["function"].startswith(
        (
            "handgame.games.hand.solver.best_arrangement",
            "handgame.games.hand.meldgen.best_melds_value",
        )
    )
    assert result["cold_calls"] is True
    assert any("_candidates" in name for name in result["caches_cleared"])
    for name in ("random", "dense"):
        figures = result["sets"][name]
        assert figures["calls"] == 3
        for key in ("calls_per_s", "p50_us", "p99_us"):
            assert figures[key] is not None
    check_peer(result, ["peer_calls_per_s", "peer_p50_us", "peer_p99_us", "ratio_calls_per_s"])


def test_ismcts() -> None:
    result = run("ismcts.py", "--decisions", "1", "--players", "2")
    assert result["benchmark"] == "ismcts"
    if "skipped" in result:
        pytest.skip(f"ismcts bot not available: {result['skipped']}")
    assert result["decisions"] == 1
    assert result["median_ms"] is not None


def test_ismcts_other_bot() -> None:
    # the harness itself, with a bot that is always there
    result = run("ismcts.py", "--spec", "random", "--decisions", "2", "--players", "2")
    assert result["decisions"] == 2
    assert result["bot"] == "random"
    assert result["median_ms"] >= 0


def test_server_load() -> None:
    # spawns hand serve on a free port with a temporary SQLite file, two tables of one bot
    # each; then the bare echo replays the same traffic
    result = run("server_load.py", "--spawn", "--tables", "2", "--seconds", "60")
    assert result["benchmark"] == "server_load"
    assert result["tables"] == 2 and result["tables_created"] == 2
    for key in ("finished", "total_actions", "actions_per_s", "human_actions", "errors"):
        assert key in result, key
    assert set(result["latency_ms"]) == {"p50", "p95", "max"}
    assert set(result["state_latency_ms"]) == {"p50", "p95", "max"}
    assert result["errors"] == 0, result["error_samples"]
    assert result["finished"] == 2 and result["desyncs"] == 0
    assert result["total_actions"] > 0 and result["human_actions"] > 0
    assert result["server_cpu_ms_per_action"] > 0
    echo = result["echo"]
    # the echo answered every action the tables sent, with as many messages
    assert echo["errors"] == 0 and echo["finished"] == 2, echo["error_samples"]
    assert echo["actions"] == result["actions_sent"] >= result["human_actions"]
    assert result["p95_over_echo"] > 0


def test_server_load_sweep_without_echo() -> None:
    result = run("server_load.py", "--spawn", "--tables", "1,2", "--no-echo", "--seconds", "60")
    assert [r["tables"] for r in result["sweep"]] == [1, 2]
    assert all(r["finished"] == r["tables"] and "echo" not in r for r in result["sweep"])


def test_simulate_backends_benchmark() -> None:
    """benchmarks/simulate_backends.py at its tiniest (no Ray: tests/test_simulate_ray.py
    covers it): games/s of each backend, and the backends agree."""
    result = run(
        "simulate_backends.py", "--backends", "serial,processes", "--games", "2", "--repeat", "1"
    )
    assert set(result["games_per_s"]) == {"serial", "processes"}
    assert result["games_per_s"]["serial"] > 0 and result["ratio_to_serial"]["serial"] == 1.0
    assert result["identical_results"] is True and result["ray_start_seconds"] is None
