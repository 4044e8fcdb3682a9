"""The ``hand`` command line: meld, replay, rules and play, in-process and as a subprocess."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from handgame.cli.commands import main, options_markdown
from handgame.cli.textplay import TextGame
from handgame.games.hand.record import replay
from handgame.games.hand.rules import OPTION_SPECS, PRESETS
from spec_files import CONFORMANCE

ROOT = Path(__file__).resolve().parents[1]


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _meld_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = _load(CONFORMANCE / "melds.json")["cases"]
    return cases


def _record_cases() -> list[Path]:
    return sorted((CONFORMANCE / "records").glob("*.json")) + sorted(
        (ROOT / "tests" / "records" / "cases").glob("*.json")
    )


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``hand`` in-process: exit code, stdout, stderr."""
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def run_sub(argv: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m handgame`` as a subprocess."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT / "src"), env.get("PYTHONPATH")) if p
    )
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "handgame", *argv],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=300,
        check=False,
    )


def meld_argv(case: dict[str, Any]) -> list[str]:
    """The ``hand meld`` arguments of a melds.json case."""
    argv = ["meld", "--rules", case["rules"]]
    for name, value in (case.get("options") or {}).items():
        argv += ["--option", f"{name}={json.dumps(value)}"]
    if case.get("indicator"):
        argv += ["--indicator", case["indicator"]]
    return [*argv, "--", *case["cards"]]


def check_meld_answer(case: dict[str, Any], code: int, out: str) -> None:
    """The answer of ``hand meld`` matches the case."""
    answer = json.loads(out)
    assert set(answer) == {"valid", "kind", "value", "reason"}
    assert answer["valid"] is case["valid"], answer
    if case["valid"]:
        assert code == 0
        assert answer["kind"] == case["kind"]
        assert answer["value"] == case["value"]
        assert answer["reason"] is None
    else:
        assert code == 1
        assert answer["kind"] is None and answer["value"] is None
        assert isinstance(answer["reason"], str) and answer["reason"]


def check_replay_answer(case: dict[str, Any], code: int, answer: dict[str, Any]) -> None:
    """The answer of ``hand replay`` matches a record case's ``expect``."""
    expect = case["expect"]
    assert set(answer) >= {"rounds", "totals", "team_totals", "finished", "winner", "error"}
    if expect.get("error") is None:
        assert answer["error"] is None, answer["error"]
        assert code == 0
    else:
        assert answer["error"] is not None, "an error was expected"
        assert code == 1
        assert answer["error"]["round"] == expect["error"]["round"], answer["error"]
        assert answer["error"]["action"] in expect["error"]["action_in"], answer["error"]
    for key in ("rounds", "totals", "team_totals", "finished", "winner"):
        if key in expect:
            assert answer[key] == expect[key], key
    if "message_contains" in case:
        assert case["message_contains"] in answer["error"]["message"]


# ----------------------------------------------------------------------------------- meld


def test_meld_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["meld", "--indicator", "7C", "--", "7D", "AC", "9D"], capsys)
    assert code == 0 and err == ""
    assert json.loads(out) == {"valid": True, "kind": "run", "value": 24, "reason": None}


def test_meld_cards_without_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["meld", "--indicator", "7C", "5S", "5C", "AC"], capsys)
    assert code == 0
    assert json.loads(out)["kind"] == "set"


def test_meld_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["meld", "--indicator", "7C", "--", "AC", "KC", "AC"], capsys)
    answer = json.loads(out)
    assert code == 1
    assert answer["valid"] is False and answer["kind"] is None and answer["value"] is None
    assert "L-23" in answer["reason"]


def test_meld_options_as_json_and_strings(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["meld", "--option", "wilds=jokers", "--option", "initial_minimum=71",
            "--option", 'bonuses=["one-suit"]', "--", "7D", "X", "9D"]
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert json.loads(out)["value"] == 24


def test_meld_option_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["meld", "--indicator", "7C", "--option", "ace_low_value=1", "--", "AS", "2S", "3S"], capsys
    )
    assert code == 0 and json.loads(out)["value"] == 6


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["meld", "--indicator", "7C", "--", "7D", "ZZ", "9D"], "unknown card"),
        (["meld", "--indicator", "1Z", "--", "7D", "AC", "9D"], "unknown card"),
        (["meld", "--rules", "nope", "--", "7D", "X", "9D"], "unknown preset"),
        (["meld", "--option", "nope=1", "--indicator", "7C", "7D", "AC", "9D"], "unknown option"),
        (["meld", "--option", "initial_minimum=abc", "--indicator", "7C", "7D", "AC", "9D"],
         "initial_minimum"),
        (["meld", "--option", "wilds=maybe", "--indicator", "7C", "7D", "AC", "9D"], "wilds"),
        (["meld", "--option", "initial_minimum", "--indicator", "7C", "7D", "AC", "9D"],
         "NAME=VALUE"),
        (["meld", "--", "7D", "AC", "9D"], "--indicator"),
        (["meld", "--option", "wilds=no-jokers", "--", "7D", "AC", "9D"], "--indicator"),
        (["meld", "--indicator", "X", "--", "7D", "AC", "9D"], "indicator"),
        (["meld", "--indicator", "7C"], "cards"),
        (["meld", "--bogus", "7D"], "--bogus"),
        (["frobnicate"], "frobnicate"),
        ([], "COMMAND"),
    ],
)
def test_meld_bad_input(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert fragment in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_meld_subprocess_exit_codes() -> None:
    ok = run_sub(["meld", "--indicator", "7C", "--", "7D", "AC", "9D"])
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["value"] == 24
    bad = run_sub(["meld", "--indicator", "7C", "--", "AC", "KC", "AC"])
    assert bad.returncode == 1 and json.loads(bad.stdout)["valid"] is False
    wrong = run_sub(["meld", "--", "7D", "QQ", "9D"])
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert wrong.stderr.startswith("hand: error:") and "Traceback" not in wrong.stderr
    missing = run_sub(["meld", "--", "7D", "AC", "9D"])
    assert missing.returncode == 2 and "--indicator" in missing.stderr


@pytest.mark.parametrize("case", _meld_cases(), ids=lambda c: c["id"])
def test_meld_conformance(case: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(meld_argv(case), capsys)
    assert err == ""
    check_meld_answer(case, code, out)


def test_meld_conformance_subprocess() -> None:
    for case in _meld_cases():
        proc = run_sub(meld_argv(case))
        assert proc.stderr == "", (case["id"], proc.stderr)
        check_meld_answer(case, proc.returncode, proc.stdout)


def test_help_for_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["meld", "--help"], ["replay", "--help"], ["rules", "--help"],
                 ["play", "--help"]):
        code, out, _ = run(argv, capsys)
        assert code == 0 and "usage: hand" in out


# --------------------------------------------------------------------------------- replay


def test_record_cases_are_found() -> None:
    names = {p.name for p in _record_cases()}
    assert len(names) >= 100  # tests/records/cases alone holds 125


@pytest.mark.parametrize(
    "path", _record_cases(), ids=lambda p: f"{p.parent.parent.name}/{p.stem}"
)
def test_replay_cases(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = _load(path)
    record_file = tmp_path / "record.json"
    record_file.write_text(json.dumps(case["record"]), encoding="utf-8")
    code, out, err = run(["replay", str(record_file)], capsys)
    assert err == ""
    check_replay_answer(case, code, json.loads(out))


def test_replay_cases_subprocess_stdin() -> None:
    for path in sorted((CONFORMANCE / "records").glob("*.json")):
        case = _load(path)
        proc = run_sub(["replay", "-"], stdin=json.dumps(case["record"]))
        assert proc.stderr == "", (path.name, proc.stderr)
        check_replay_answer(case, proc.returncode, json.loads(proc.stdout))


def test_replay_case_file_directly(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "tests" / "records" / "cases" / "l90-seven-rounds.json"
    code, out, _ = run(["replay", str(path)], capsys)
    check_replay_answer(_load(path), code, json.loads(out))


def test_replay_stdin_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    case = _load(ROOT / "tests" / "records" / "cases" / "l61-draw-twice.json")
    data = json.dumps(case["record"]).encode("utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code, out, _ = run(["replay", "-"], capsys)
    check_replay_answer(case, code, json.loads(out))


def _garbage(tmp_path: Path) -> list[tuple[str, str]]:
    not_json = tmp_path / "not.json"
    not_json.write_text("this is not {json", encoding="utf-8")
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"format": "hand-record/1", "players": 2, "rounds": "x"}', encoding="utf-8")
    array = tmp_path / "array.json"
    array.write_text("[1, 2, 3]", encoding="utf-8")
    return [
        (str(not_json), "JSON"),
        (str(empty), "JSON"),
        (str(binary), "UTF-8"),
        (str(wrong), "rounds"),
        (str(array), "object"),
        (str(tmp_path / "missing.json"), "cannot read"),
        (str(tmp_path), "cannot read"),
    ]


def test_replay_garbage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, fragment in _garbage(tmp_path):
        code, out, err = run(["replay", name], capsys)
        answer = json.loads(out)
        assert code == 1, name
        assert err == ""
        assert answer["error"]["round"] is None and answer["error"]["action"] is None
        assert fragment in answer["error"]["message"], (name, answer["error"])
        assert answer["rounds"] == [] and answer["finished"] is False


def test_replay_garbage_subprocess(tmp_path: Path) -> None:
    for name, fragment in _garbage(tmp_path)[:3] + _garbage(tmp_path)[-2:]:
        proc = run_sub(["replay", name])
        assert proc.returncode == 1, name
        assert "Traceback" not in proc.stderr
        assert fragment in json.loads(proc.stdout)["error"]["message"]
    proc = run_sub(["replay", "-"], stdin="")
    assert proc.returncode == 1 and json.loads(proc.stdout)["error"] is not None


# ---------------------------------------------------------------------------------- rules


def test_rules_lists_presets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules"], capsys)
    assert code == 0
    for name in PRESETS:
        assert name in out
    code, out, _ = run(["rules", "--json"], capsys)
    assert code == 0
    # Hand's presets first, then every other registered game's (Hand and Foot's, then those the
    # tests register)
    listed = [p["preset"] for p in json.loads(out)]
    assert listed[: len(PRESETS) + 1] == [*PRESETS, "hand-and-foot"]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_rules_preset(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", preset], capsys)
    assert code == 0
    assert PRESETS[preset].summary in out
    for name, spec in OPTION_SPECS.items():
        assert f"  {name} " in out and spec.rule in out
    code, out, _ = run(["rules", preset, "--json"], capsys)
    info = json.loads(out)
    assert code == 0
    assert info["preset"] == preset
    assert info["options"] == PRESETS[preset].rules.options()
    assert info["rules"] == {n: s.rule for n, s in OPTION_SPECS.items()}


def test_rules_subprocess() -> None:
    proc = run_sub(["rules", "gulf"])
    assert proc.returncode == 0 and "penalty_limit" in proc.stdout and "200" in proc.stdout
    proc = run_sub(["rules", "nope"])
    assert proc.returncode == 2 and "unknown preset" in proc.stderr


def test_option_tables_are_generated() -> None:
    """docs/options.md holds every game's option table as ``hand rules --markdown`` prints it."""
    doc = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    for table in options_markdown().split("\n\n"):
        assert table in doc, "regenerate the tables of docs/options.md: hand rules --markdown"


# ----------------------------------------------------------------------------------- play


def test_play_subprocess_ones_then_eof(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    proc = run_sub(["play", "--seed", "1", "--record", str(record)], stdin="1\n" * 60)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "your hand" in proc.stdout and "quit" in proc.stdout
    answer = replay(json.loads(record.read_text(encoding="utf-8")))
    assert answer["error"] is None


def test_play_subprocess_quit_and_bad_input() -> None:
    proc = run_sub(["play", "--seed", "1"], stdin="hello\n0\n999\n1\n1\n1\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("type a number from 1 to") == 3
    assert "quit" in proc.stdout and "Traceback" not in proc.stderr


def test_play_options_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n1\n3\n1\n" * 10))
    argv = ["play", "--rules", "four-jokers", "--players", "4", "--partnership", "--seed",
            "7", "--rounds", "2", "--option", "initial_minimum=60", "--record", str(record)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["rules"] == {
        "preset": "four-jokers", "options": {"initial_minimum": 60, "rounds": 2}
    }
    assert saved["players"] == 4 and saved["partnership"] is True
    assert replay(saved)["error"] is None


def test_play_bad_setup(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["play", "--players", "3", "--partnership"], capsys)
    assert code == 2 and "partnership" in err
    code, _, err = run(["play", "--players", "9"], capsys)
    assert code == 2 and "players" in err
    code, _, err = run(["play", "--rounds", "0"], capsys)
    assert code == 2 and "rounds" in err


def test_play_final_summary() -> None:
    case = _load(ROOT / "tests" / "records" / "cases" / "l90-seven-rounds.json")
    from handgame.games.hand.record import play_record

    state, error = play_record(case["record"])
    assert error is None and state is not None and state.is_over
    lines: list[str] = []
    from handgame.core.registry import find_game
    from handgame.tui.session import Session

    names = state.game.names
    session = Session(find_game("levant"), state.game, ["human", "random"], "1", None, state)
    TextGame(session, input, lines.append).show_final()
    text = "\n".join(lines)
    assert "match over" in text and f"winner: {names[1]}" in text and "1400" in text
