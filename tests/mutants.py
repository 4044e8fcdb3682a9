"""The engine and view mutants of issue 20, as data: each breaks one rule in a copy of the package.

Applied by pattern, never by line number (the engine changes under them): a pattern that is not
found exactly once fails loudly, so a mutant never silently becomes the unmutated code. Used by
``tests/test_mutants.py``, which runs a fast subset of the suite on each mutated copy and asserts
it fails.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    """One rule broken: in ``path`` (under ``src/handgame``), ``old`` becomes ``new``."""

    name: str
    rule: str
    path: str
    old: str
    new: str
    # pytest arguments of the tests that must fail: hand-made cases, and random play
    hand_made: tuple[str, ...]
    random_play: tuple[str, ...]


# the L-62 refusal of turn_problem (its condition differs between engine versions; this does not)
L62_MESSAGE = (
    "            "
    'f"the discard {ts.taken} was taken: it must be laid this turn in a new meld with at'
)

MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "taken-discard-not-laid",
        "L-62: a taken discard need not be laid",
        "games/hand/turn.py",
        "return Reason(\n" + L62_MESSAGE,
        "return None and Reason(\n" + L62_MESSAGE,
        ("tests/test_audit_cases.py", "tests/test_cli.py", "-k", "l62"),
        ("tests/test_rare_coverage.py::test_each_option_value",),
    ),
    Mutant(
        "opening-minimum-off-by-one",
        "L-63: an opening one point short opens",
        "games/hand/turn.py",
        "if ts.laid_value >= minimum:",
        "if ts.laid_value >= minimum - 1:",
        ("tests/test_audit_cases.py", "tests/test_cli.py", "-k", "l63"),
        ("tests/test_rare_coverage.py::test_each_option_value",),
    ),
    Mutant(
        "missed-announcement-ignored",
        "L-71: a missed announcement does not stop going out",
        "games/hand/turn.py",
        "if rnd.missed[rnd.turn]:",
        "if False and rnd.missed[rnd.turn]:",
        ("tests/test_audit_cases.py", "tests/test_cli.py", "-k", "l71"),
        ("tests/test_rare_coverage.py::test_each_option_value",),
    ),
    Mutant(
        "first-lap-off-by-one",
        "L-67: the last seat of the first lap may go out",
        "games/hand/turn.py",
        "rnd.turns_done < state.game.players:",
        "rnd.turns_done < state.game.players - 1:",
        ("tests/test_rare_coverage.py::test_first_lap_by_hand",),
        ("tests/test_rare_coverage.py::test_first_lap_going_out",),
    ),
    Mutant(
        "ace-in-hand-ignored",
        "O-3: ace_in_hand ignored (an ace left in hand always costs 11)",
        "games/hand/values.py",
        "return _rank_value(nat.rank, 15 if gulf else rules.ace_in_hand)",
        "return _rank_value(nat.rank, 15 if gulf else 11)",
        ("tests/test_cli.py", "-k", "o3-ace-in-hand"),
        ("tests/test_rare_coverage.py::test_ace_left_in_hand",),
    ),
    Mutant(
        "stock-card-in-view",
        "hidden information: the top stock card as a single field of the view",
        "games/hand/view.py",
        "options=game.rules.options(),",
        'options={**game.rules.options(), "next": str(rnd.stock[0]) if rnd.stock else None},',
        ("tests/test_invariants.py::test_an_honest_view_passes",),
        ("tests/test_rare_coverage.py::test_every_config",),
    ),
)


def apply_mutant(mutant: Mutant, src: Path) -> None:
    """Rewrite the copy of the package under ``src`` (a ``src`` directory); fail loudly when the
    pattern is not found exactly once."""
    target = src / "handgame" / mutant.path
    text = target.read_text(encoding="utf-8")
    found = text.count(mutant.old)
    if found != 1:
        raise AssertionError(
            f"mutant {mutant.name}: pattern {mutant.old!r} found {found} times in "
            f"src/handgame/{mutant.path} (expected once): update tests/mutants.py"
        )
    target.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")


def mutated_copy(mutant: Mutant | None, into: Path) -> Path:
    """A copy of ``src``, ``tests`` and ``spec`` under ``into`` with ``mutant`` applied; the copy's
    root."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for folder in ("src", "tests", "spec"):
        shutil.copytree(ROOT / folder, into / folder, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", into / "pyproject.toml")
    if mutant is not None:
        apply_mutant(mutant, into / "src")
    return into
