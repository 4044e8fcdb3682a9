"""The shared front ends name no game (issue 33): the terminal's shared modules, the plain game,
``hand play`` and ``hand replay`` reach a game only through the registry and the parts in the
game's own folder (``tui/games/<name>/``). import-linter holds their imports (pyproject.toml);
this test holds their text: no game's name, alias, preset, title or package appears in them, in
code or in words, and no comparison branches on a game's name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from handgame.core.registry import games

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "handgame"
SHARED = sorted(
    [
        *(p for p in (PACKAGE / "tui").glob("*.py")),
        *(PACKAGE / "cli" / f for f in ("common.py", "play_cmd.py", "replay.py", "textplay.py")),
    ]
)


def _game_words() -> set[str]:
    """Every registered game's names, titles, presets and package folders."""
    words: set[str] = {"hf_"}
    for spec in games():
        words.update((spec.name, *spec.aliases, *spec.presets, spec.title))
        words.add(spec.name.replace("-", "_"))
    return words


def _multiword(words: set[str]) -> set[str]:
    """The words no sentence about a player's cards uses: all but a plain ``hand``."""
    return {w for w in words if w.lower() not in ("hand", "tiny")}


def test_the_shared_modules_are_the_ones_the_contract_names() -> None:
    assert len(SHARED) >= 10 and all(p.exists() for p in SHARED)
    assert not any("games" in p.parts[len(PACKAGE.parts) :] for p in SHARED)


@pytest.mark.parametrize("path", SHARED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_game_is_named_in_a_shared_front_end(path: Path) -> None:
    """A grep of the file for any game's name (``Hand and Foot``, ``hand-and-foot``,
    ``hand_and_foot``, ``hf_``, ``levant``, ``gulf``…) finds nothing."""
    text = path.read_text(encoding="utf-8").lower()
    found = sorted(w for w in _multiword(_game_words()) if w.lower() in text)
    assert not found, f"{path}: names {found}"


@pytest.mark.parametrize("path", SHARED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_shared_front_end_branches_on_a_game_name(path: Path) -> None:
    """No comparison (``==``, ``!=``, ``in``) against a string that is a game's name, alias or
    preset, ``"hand"`` included: the game is looked up, never tested by name."""
    names = {w.lower() for w in _game_words()}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                for c in ast.walk(side):
                    if isinstance(c, ast.Constant) and isinstance(c.value, str):
                        assert c.value.lower() not in names, f"{path}:{node.lineno}: {c.value!r}"


def test_the_check_sees_the_games_it_guards() -> None:
    """The word list is not empty by accident: it holds both built-in games' words."""
    words = _game_words()
    assert {"hand", "hand-and-foot", "hand_and_foot", "levant", "gulf"} <= words
