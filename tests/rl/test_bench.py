"""benchmarks/rl_env.py runs at its tiniest size and prints its figures (no timing checks)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "rl_env.py"


def test_rl_env_benchmark_prints_its_figures() -> None:
    """One match each side; the JSON holds our steps/s and RLCard's (when installed)."""
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--seconds", "0", "--repeat", "1", "--tables", "4"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["hand_v0_steps_per_s"] > 0 and result["hand_v0_steps_per_match"] > 0
    assert result["vector_steps_per_s"] > 0 and result["vector_tables"] == 4
    assert isinstance(result["vector_native"], bool)  # which path the batched figure took
    if importlib.util.find_spec("rlcard") is not None:
        assert result["peer"].startswith("rlcard ") and result["ratio_hand_to_rlcard"] > 0
    else:
        assert result["peer"] == "rlcard not installed"
        assert result["ratio_hand_to_rlcard"] is None
        assert result["ratio_vector_to_rlcard"] is None
