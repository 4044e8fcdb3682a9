"""One API for every game (issue 32): the game spec carries its option specs (bounded) and its
player counts; ``hand rules``, ``hand meld``, ``Game.create`` and the lobby's presets read
them, so Hand and Foot is reached the way Hand is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from handgame import Game, OptionError
from handgame.cli.commands import main
from handgame.core.registry import find_game, games
from server_helpers import client


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_every_game_has_bounded_option_specs() -> None:
    """Each game lists its options; every whole number is bounded at both ends, every
    preset's value passes its own spec, and null only where the spec allows it."""
    for game in games():
        if game.name in ("hand", "hand-and-foot"):  # the package's games (tests add others)
            assert game.options, game.name
        for spec in game.options:
            if spec.kind in ("int", "ints"):
                assert spec.minimum is not None and spec.maximum is not None, spec.name
            for info in game.preset_info:
                assert spec.check(info.values[spec.name]) is not None or spec.nullable


@pytest.mark.parametrize(
    ("preset", "options", "words"),
    [
        ("levant", {"unopened_penalty": 10**4300}, "4300 digits is not valid; valid: an"),
        ("levant", {"initial_minimum": 1001}, "1001 is not valid; valid: an integer from 0"),
        ("gulf", {"penalty_limit": None}, "never ends"),
        ("levant", {"rounds": None}, "never ends"),
        ("hand-and-foot", {"decks": 13}, "decks: 13 is not a whole number from 2 to 12"),
        ("hand-and-foot", {"rounds": None}, "rounds: None is not a whole number"),
        ("hand-and-foot", {"minimums": [50] * 1001}, r"one per round \(1000 at most\)"),
    ],
)
def test_out_of_range_options_are_refused(preset: str, options: dict[str, Any], words: str) -> None:
    """Beyond a bound, or null where null is not allowed: a one-line OptionError."""
    with pytest.raises(OptionError, match=words):
        Game.create(preset, options)


def test_game_create_reaches_every_game() -> None:
    """``Game.create(preset)`` makes any game's match, at the preset's default player count."""
    hf = Game.create("hand-and-foot").new_match().deal_seeded(1)
    assert hf.game.players == 4 and hf.game.partnership and hf.legal_actions()
    hand = Game.create("levant", players=2).new_match().deal_seeded(1)
    assert hand.game.players == 2 and hand.legal_actions()
    assert Game.create("hand").preset == "levant"  # a game's name: its default preset
    with pytest.raises(OptionError, match="HF-1"):
        Game.create("hand-and-foot", players=5)


def test_player_counts() -> None:
    """Hand and Foot: 2, 3, 4 or 6 (HF-1); Hand: 2 to 5."""
    assert find_game("hand-and-foot").preset("hand-and-foot").counts() == (2, 3, 4, 6)
    assert find_game("levant").preset("gulf").counts() == (2, 3, 4, 5)


def test_hand_rules_hand_and_foot_lists_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``hand rules hand-and-foot``: its player counts and its seven options with values."""
    code, out, _ = run(["rules", "hand-and-foot"], capsys)
    assert code == 0
    assert "players: 2, 3, 4 or 6" in out
    for spec in find_game("hand-and-foot").options:
        assert f"  {spec.name} " in out and f"[{spec.rule}]" in out and spec.values() in out


@pytest.mark.parametrize(
    ("cards", "answer"),
    [
        (["7S", "7H", "2C"], '{"valid": true, "kind": "meld", "value": 30, "reason": null}'),
        (["KS", "KH", "KD", "KC", "KS", "KH", "X"],
         '{"valid": true, "kind": "dirty book", "value": 110, "reason": null}'),
        (["3S", "3H", "3C"], '{"valid": false, "kind": null, "value": null, '
         '"reason": "threes are never melded (3S 3H 3C) (HF-3, HF-4)"}'),
        (["7S", "2H", "X"], '{"valid": false, "kind": null, "value": null, "reason": '
         '"wild cards may never outnumber natural cards in a meld (7S 2H X) (HF-4)"}'),
    ],
)
def test_hand_meld_checks_hand_and_foot(
    cards: list[str], answer: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hand meld --rules hand-and-foot``: HF-3…HF-5 and the card values of HF-7."""
    code, out, _ = run(["meld", "--rules", "hand-and-foot", "--", *cards], capsys)
    assert out.strip() == answer
    assert code == (0 if '"valid": true' in answer else 1)


def test_hand_meld_refuses_an_indicator_for_hand_and_foot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(["meld", "--rules", "hand-and-foot", "--indicator", "7C", "--", "7S"],
                         capsys)
    assert code == 2 and out == "" and "HF-3" in err


def test_the_lobby_offers_each_games_player_counts(tmp_path: Path) -> None:
    """``/api/presets``: every preset's player counts and its game's option specs."""
    with client(tmp_path / "t.db") as c:
        presets = {p["name"]: p for p in c.get("/api/presets").json()}
    assert presets["hand-and-foot"]["player_counts"] == [2, 3, 4, 6]
    assert presets["levant"]["player_counts"] == [2, 3, 4, 5]
    decks = {s["name"]: s for s in presets["hand-and-foot"]["options"]}["decks"]
    assert (decks["min"], decks["max"], decks["nullable"]) == (2, 12, False)
    rounds = {s["name"]: s for s in presets["gulf"]["options"]}["rounds"]
    assert rounds["nullable"] is True and rounds["max"] == 1000
    lobby = (Path(__file__).resolve().parents[1] / "src/handgame/server/static/lobby.js")
    assert "player_counts" in lobby.read_text(encoding="utf-8")
