"""sb3-contrib's MaskablePPO trains on ``HandVsBots-v0`` unchanged (an optional test: skipped
unless ``sb3-contrib`` and a PyTorch are installed; CI installs neither, see docs/rl.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def test_maskable_ppo_trains_and_plays(tmp_path: Path) -> None:
    """The example trains a few steps, saves the model and plays masked tokens to the end."""
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--steps", "256", "--envs", "2", "--eval", "2",
         "--out", str(tmp_path / "m.zip")],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "trained 256 steps" in out.stdout and "against random: won" in out.stdout
    assert (tmp_path / "m.zip").exists()
