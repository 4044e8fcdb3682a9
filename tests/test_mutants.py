"""Each mutant of issue 20 (``tests/mutants.py``) applied to a copy of the package: a chosen fast
subset of hand-made tests fails on it, and so does a random-play (property) test.

A suite that still passes with a rule broken does not test that rule. The copies run in a
subprocess whose ``handgame`` is the mutated copy (checked before the tests run). The unmutated
copy is not run here: the same tests pass on it in the main suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mutants import MUTANTS, Mutant, apply_mutant, mutated_copy


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root / "src"), str(root / "tests")])
    env.pop("PYTEST_XDIST_WORKER", None)
    return env


def _pytest(root: Path, selection: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p",
         "no:xdist", "-o", "addopts=", *selection],
        cwd=root, env=_env(root), capture_output=True, text=True, timeout=600, check=False,
    )


@pytest.fixture(scope="module")
def base_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One unmutated copy; each test copies it again and mutates that."""
    return mutated_copy(None, tmp_path_factory.mktemp("pristine"))


def test_every_pattern_is_found_once(base_copy: Path, tmp_path: Path) -> None:
    """The mutants still apply to the engine as it is now (else update tests/mutants.py)."""
    import shutil

    for m in MUTANTS:
        src = tmp_path / m.name
        shutil.copytree(base_copy / "src", src)
        apply_mutant(m, src)
        text = (src / "handgame" / m.path).read_text(encoding="utf-8")
        assert m.new in text and m.old not in text.replace(m.new, "")


def test_a_missing_pattern_fails_loudly(base_copy: Path) -> None:
    m = Mutant("nothing", "-", "games/hand/values.py", "no such line", "x", (), ())
    with pytest.raises(AssertionError, match="found 0 times"):
        apply_mutant(m, base_copy / "src")


@pytest.mark.parametrize("kind", ["hand_made", "random_play"])
@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_the_subset_fails_on_the_mutant(
    mutant: Mutant, kind: str, base_copy: Path, tmp_path: Path
) -> None:
    import shutil

    root = tmp_path / "copy"
    shutil.copytree(base_copy, root)
    apply_mutant(mutant, root / "src")
    where = subprocess.run(
        [sys.executable, "-c", "import handgame; print(handgame.__file__)"],
        cwd=root / "tests", env=_env(root), capture_output=True, text=True, check=True,
    ).stdout.strip()
    assert Path(where).resolve().is_relative_to(root.resolve()), where
    selection: tuple[str, ...] = getattr(mutant, kind)
    done = _pytest(root, selection)
    tail = (done.stdout + done.stderr)[-3000:]
    # exit 1: tests ran and some failed (2-5 would be an error, an interrupt, no tests)
    assert done.returncode == 1, f"{mutant.rule}: {selection} did not fail\n{tail}"
    assert " failed" in done.stdout, tail
