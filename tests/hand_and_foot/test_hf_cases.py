"""The Hand and Foot record cases (``cases/``, built by ``build_cases.py``, and the rule book's
``spec/conformance/hand-and-foot/``) replayed through the Python API, through ``hand replay``
in-process and through ``hand replay`` as a subprocess; the answer's shape is RECORD.md's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from handgame.cli.commands import main
from handgame.core.record import replay
from spec_files import CONFORMANCE

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PATHS = sorted((HERE / "cases").glob("*.json")) + sorted(
    (CONFORMANCE / "hand-and-foot").glob("*.json")
)
KEYS = {"rounds", "totals", "team_totals", "finished", "winner", "error"}
ROUND_KEYS = {"dealer", "result", "went_out", "scores", "books", "red_threes"}


def _load(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def check(case: dict[str, Any], answer: dict[str, Any], code: int | None = None) -> None:
    """The answer has RECORD.md's shape and matches the case's ``expect``."""
    assert set(answer) == KEYS
    teams = len(answer["team_totals"]) if answer["team_totals"] is not None else 0
    for r in answer["rounds"]:
        assert set(r) == ROUND_KEYS
        assert r["result"] in ("out", "stock") and (r["went_out"] is None) == (
            r["result"] == "stock"
        )
        assert len(r["scores"]) == len(r["books"]) == len(r["red_threes"]) == teams
        assert all(set(b) == {"clean", "dirty"} for b in r["books"])
    expect = case["expect"]
    if expect.get("error") is None:
        assert answer["error"] is None, answer["error"]
        assert code in (None, 0)
    else:
        err = answer["error"]
        assert err is not None, "an error was expected"
        assert set(err) == {"round", "action", "message"} and err["message"]
        assert err["round"] == expect["error"]["round"], err
        assert err["action"] in expect["error"]["action_in"], err
        assert code in (None, 1)
    for key in ("rounds", "totals", "team_totals", "finished", "winner"):
        if key in expect:
            assert answer[key] == expect[key], key
    if "message_contains" in case:
        assert case["message_contains"] in answer["error"]["message"]


def test_cases_cover_every_rule() -> None:
    """Every HF rule id has a case of its own."""
    ids = " ".join(p.stem for p in PATHS)
    for n in range(1, 14):
        assert f"hf{n}-" in ids, f"no case for HF-{n}"
    assert len(PATHS) >= 70


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_case_api_and_cli(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Python API and ``hand replay FILE`` in-process give the expected answer."""
    case = _load(path)
    check(case, replay(case["record"]))
    record_file = tmp_path / "record.json"
    record_file.write_text(json.dumps(case["record"]), encoding="utf-8")
    code = main(["replay", str(record_file)])
    out, err = capsys.readouterr()
    assert err == ""
    check(case, json.loads(out), code)


def test_cases_subprocess() -> None:
    """``python -m handgame replay -`` (stdin) as a subprocess: the shared cases and one in
    eight of ours (each costs a Python start-up; in-process, every case runs above)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH")) if p)
    ours = [p for p in PATHS if p.parent == HERE / "cases"]
    for path in [*ours[::8], *(p for p in PATHS if p not in ours)]:
        case = _load(path)
        proc = subprocess.run(
            [sys.executable, "-m", "handgame", "replay", "-"],
            input=json.dumps(case["record"]),
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
        assert proc.stderr == "", (path.name, proc.stderr)
        check(case, json.loads(proc.stdout), proc.returncode)
