"""``hand play`` on the command line (issue 36's terminal bugs): a bad ``--record`` is a usage
error before the game starts, never a traceback (B6); the plain game speaks the language of
``--lang`` (B8); a number that is no choice is said to be one (B12)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from handgame import locale
from handgame.cli.commands import main


def _play(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> Any:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", "--plain", "--seed", "3", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("full_screen", [False, True])
def test_a_record_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any, full_screen: bool
) -> None:
    """A folder, an existing file, a path under a file: exit code 2 and one line that says
    what to do, in the plain game and the full-screen one alike (B6)."""
    taken = tmp_path / "taken.json"
    taken.write_text("{}", encoding="utf-8")
    cases = {
        str(tmp_path): "is a folder: name a file in it",
        str(taken): "exists already: continue it with --resume",
        str(taken / "x.json"): "is not a folder (a file is in the way)",
    }
    for record, said in cases.items():
        argv = ["--record", record]
        if full_screen:  # the session the full-screen game would start
            from handgame.cli.commands import build_parser, play_session
            from handgame.cli.common import UsageError

            with pytest.raises(UsageError, match=re.escape(said.split(":")[0])):
                play_session(build_parser().parse_args(["play", *argv]))
            continue
        code, out, err = _play(argv, "q\n", monkeypatch, capsys)
        assert code == 2, (record, out, err)
        assert said in err and "Traceback" not in err and out == "", (record, err)
    assert taken.read_text(encoding="utf-8") == "{}"  # nothing lost


def test_a_record_in_a_missing_folder_is_saved_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """The folder is made, as the full-screen game makes it (B6)."""
    record = tmp_path / "new" / "deeper" / "game.json"
    code, out, _ = _play(["--record", str(record)], "q\n", monkeypatch, capsys)
    assert code == 0 and record.is_file() and f"record saved to {record}" in out


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_the_plain_game_speaks_the_language_of_lang(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """Its prompt, its hand, its answers to a wrong number and its quitting are in ``--lang``,
    like its table (B8)."""
    code, out, _ = _play(["--lang", lang], "99\nq\n", monkeypatch, capsys)
    assert code == 0
    for key in ("plain_move", "plain_quit"):
        assert locale.word(lang, key).strip() in out, key
    assert locale.word(lang, "plain_your_hand", n=14) in out
    assert locale.word("en", "plain_move") not in out and "your hand" not in out
    assert "99" in out and locale.word(lang, "plain_no_choice", choice="99", n="1") in out
    assert out.splitlines()[0].endswith(locale.word(lang, "plain_header").split("·")[-1].strip())


@pytest.mark.parametrize("rules", ["levant", "hand-and-foot"])
def test_a_number_that_is_no_choice_is_said_to_be_none(
    rules: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """``99`` with fewer choices: "there is no choice 99", not "type a number" nor an unknown
    action (B12)."""
    code, out, _ = _play(["--rules", rules], "99\nq\n", monkeypatch, capsys)
    assert code == 0
    assert "there is no choice 99: type a number from 1 to " in out
    assert "unknown action" not in out


@pytest.mark.parametrize(
    ("record", "said"),
    [
        ('{"hello": 1}', "this is not a game record: it has none of format, players, rounds"),
        ("{}", "this is not a game record"),
        ('{"rules": {"preset": "levant"}}', "players is missing"),
    ],
)
def test_replay_of_something_that_is_not_a_record_says_so(
    record: str, said: str, tmp_path: Path, capsys: Any
) -> None:
    """``hand replay`` of ``{"hello": 1}`` says it is no record, not "players must be a whole
    number" (B10); the answer is still RECORD.md's, with round and action null."""
    path = tmp_path / "r.json"
    path.write_text(record, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert said in answer["error"]["message"]
    assert answer["error"]["round"] is None and answer["error"]["action"] is None
    assert "whole number" not in answer["error"]["message"]


def test_a_card_not_in_hand_is_said_to_be_not_in_your_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """Plain Hand and Foot: a discard of a card the person does not hold says "not in your
    hand: A♠", not "not in seat 0's hand" nor the rule of a turn (issue 36, B12)."""
    typed = "1\ndiscard " + " ".join(["AS"]) + "\nq\n"
    code, out, _ = _play(["--rules", "hand-and-foot"], typed, monkeypatch, capsys)
    assert code == 0
    hand_line = next(line for line in out.splitlines() if line.startswith("your hand"))
    if "A♠" in hand_line:
        pytest.skip("seed 3 deals A♠ to the person")  # the deal is fixed: does not happen
    assert "✗ not in your hand: A♠" in out, out[-800:]
    assert "seat 0" not in out
