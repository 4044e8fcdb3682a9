"""The measurement protocol of ``scripts/measure_bots.py`` (docs/notes/bots.md): fresh seeds are
drawn at measurement time, written and printed so the run replays, never accepted for tuning;
tuning and fresh runs are reported apart."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "measure_bots.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("measure_bots", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mb = load()
ARGS = ["--bots", "greedy,random", "--games", "4", "--block", "2"]


def blocks_of(path: Path) -> list[dict[str, Any]]:
    """The block lines of a file without their timing (the only part that differs)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if "block" in item:
            item["result"].pop("timing")
            item["result"]["config"].pop("seed")
            out.append(item)
    return out


def test_a_fresh_run_draws_its_seed_now_prints_it_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second, again = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "r.jsonl"
    assert mb.main([*ARGS, "--fresh", "--out", str(first)]) == 0
    assert mb.main([*ARGS, "--fresh", "--out", str(second)]) == 0
    text = capsys.readouterr().out
    header, blocks = mb.read(first)
    assert header is not None and header["kind"] == "fresh" and len(blocks) == 2
    seed = header["seed"]
    assert seed.startswith("fresh-") and len(seed) == len("fresh-") + 12
    assert mb.read(second)[0]["seed"] != seed  # drawn anew, not a fixed seed
    assert f"fresh seed {seed}" in text and f"--replay {seed}" in text
    assert [r["config"]["seed"] for r in blocks.values()] == [f"{seed}-b0", f"{seed}-b1"]
    # resuming the same file keeps its seed and plays nothing again
    assert mb.main([*ARGS, "--fresh", "--out", str(first)]) == 0
    assert mb.read(first)[0]["seed"] == seed and len(mb.read(first)[1]) == 2
    # the printed seed replays the run: the same blocks
    assert mb.main([*ARGS, "--replay", seed, "--out", str(again)]) == 0
    assert mb.read(again)[0]["kind"] == "replay"
    assert blocks_of(again) == blocks_of(first)


def test_a_fresh_seed_is_never_taken_for_tuning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.jsonl"
    assert mb.main([*ARGS, "--seed", "fresh-0123456789ab", "--out", str(out)]) == 2
    assert "never used for a choice" in capsys.readouterr().err
    assert not out.exists() or mb.read(out) == (None, {})
    # nor does a tuning run continue a fresh run's file, or a fresh one a tuning file
    fresh = tmp_path / "f.jsonl"
    assert mb.main([*ARGS, "--fresh", "--out", str(fresh)]) == 0
    assert mb.main([*ARGS, "--seed", "t1", "--out", str(fresh)]) == 2
    tuning = tmp_path / "tuning.jsonl"
    assert mb.main([*ARGS, "--seed", "t1", "--out", str(tuning)]) == 0
    assert mb.main([*ARGS, "--fresh", "--out", str(tuning)]) == 2
    # a resumed file must be the same measurement
    assert mb.main(["--bots", "random,greedy", "--games", "4", "--block", "2", "--seed", "t1",
                    "--out", str(tuning)]) == 2  # fmt: skip


def test_the_summary_reports_fresh_and_tuning_runs_apart(tmp_path: Path) -> None:
    assert mb.main([*ARGS, "--seed", "t1", "--out", str(tmp_path / "t.jsonl")]) == 0
    assert mb.main([*ARGS, "--fresh", "--out", str(tmp_path / "f.jsonl")]) == 0
    text = mb.summary(tmp_path)
    fresh_part, tuning_part = text.split("tuning runs")
    assert "fresh runs" in fresh_part and "`fresh-" in fresh_part and "`t1`" not in fresh_part
    assert "`t1`" in tuning_part and "`fresh-" not in tuning_part
