"""An independent reading of the rule book: meld and record cases written from RULES.md alone.

``tests/audit/`` holds cases written by two audits that read ``RULES.md`` (and the source
texts) without the engine or the shared conformance cases: 305 meld cases for ``hand meld`` and
164 records with hand-made deals for ``hand replay``, their expectations computed by hand from the
rule book. Both audits agreed with the engine everywhere but one meld (left out, see
``docs/notes/engine-choices.md``). A record case's ``expect`` is partial: only the fields and the
round fields it names are compared, and ``error.action`` lists every action index at which the
rule broken may be reported (RECORD.md allows the step or the turn's discard).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from test_cli import run

AUDIT = Path(__file__).resolve().parent / "audit"
MELD_ANSWER_KEYS = {"valid", "kind", "value", "reason"}


def _meld_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(
        (AUDIT / "melds.json").read_text(encoding="utf-8"))["cases"]
    return cases


def _record_paths() -> list[Path]:
    return sorted((AUDIT / "records").glob("*.json"))


def test_audit_cases_are_found() -> None:
    assert len(_meld_cases()) == 305
    assert len(_record_paths()) == 164


@pytest.mark.parametrize("case", _meld_cases(), ids=lambda c: f"meld-{c['id']}")
def test_audit_meld(case: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["meld", *case["args"]], capsys)
    expect = case["expect"]
    allowed = expect["exit_in"] if "exit_in" in expect else [expect["exit"]]
    assert code in allowed, (case["rule"], case["note"], out, err)
    assert "Traceback" not in err
    if code == 2:
        assert out == "" and err.startswith("hand: error:"), err
        return
    answer = json.loads(out)
    assert set(answer) == MELD_ANSWER_KEYS and err == ""
    assert answer["valid"] is (code == 0)
    for key in ("valid", "kind", "value"):
        if key in expect:
            assert answer[key] == expect[key], (case["rule"], case["note"], answer)
    assert (answer["reason"] is None) == answer["valid"]


def _differences(expect: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """What of a partial ``expect`` the replay answer does not meet."""
    problems: list[str] = []
    for key, wanted in expect.items():
        got = answer.get(key)
        if key == "error":
            if wanted is None or got is None:
                if wanted != got:
                    problems.append(f"error: expected {wanted}, got {got}")
                continue
            if "round" in wanted and got["round"] != wanted["round"]:
                problems.append(f"error round: expected {wanted['round']}, got {got}")
            if "action" in wanted:
                actions = wanted["action"]
                allowed = actions if isinstance(actions, list) else [actions]
                if got["action"] not in allowed:
                    problems.append(f"error action: expected one of {allowed}, got {got}")
        elif key == "rounds":
            if got is None or len(got) != len(wanted):
                problems.append(f"rounds: expected {wanted}, got {got}")
                continue
            for index, (fields, result) in enumerate(zip(wanted, got, strict=True)):
                problems += [
                    f"round {index} {name}: expected {value}, got {result.get(name)}"
                    for name, value in fields.items() if result.get(name) != value
                ]
        elif got != wanted:
            problems.append(f"{key}: expected {wanted}, got {got}")
    return problems


@pytest.mark.parametrize("path", _record_paths(), ids=lambda p: p.stem)
def test_audit_record(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    record_file = tmp_path / "record.json"
    record_file.write_text(json.dumps(case["record"]), encoding="utf-8")
    code, out, err = run(["replay", str(record_file)], capsys)
    answer = json.loads(out)
    assert err == "" and code == (0 if answer["error"] is None else 1)
    assert _differences(case["expect"], answer) == [], case["about"]


def test_differences_sees_a_wrong_answer() -> None:
    expect = {"error": None, "rounds": [{"winner": 1, "scores": [100, -60]}], "totals": [100, -60]}
    right = {"error": None, "rounds": [{"winner": 1, "scores": [100, -60], "hand": "full"}],
             "totals": [100, -60]}
    assert _differences(expect, right) == []
    wrong = {"error": None, "rounds": [{"winner": 1, "scores": [100, -30]}], "totals": [100, -30]}
    assert len(_differences(expect, wrong)) == 2
    refused = {"error": {"round": 0, "action": 9}}
    assert _differences({"error": {"round": 0, "action": [6, 7]}}, refused)
    assert _differences({"error": None}, refused)
