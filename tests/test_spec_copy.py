"""The repository's ``spec/`` equals the project's ``shared/`` folder byte for byte, when that
folder is here (beside the repository, or named by ``$HAND_SHARED``): a new rule book, record
format or conformance case shows up as this one failing test, which says how to copy it in."""

from __future__ import annotations

from pathlib import Path

import pytest

from spec_files import COPIED, SPEC, shared_folder

SHARED = shared_folder()


def _files(top: Path) -> dict[str, bytes]:
    """Every file of ``COPIED`` under ``top``, by its path relative to ``top``."""
    found: dict[str, bytes] = {}
    for name in COPIED:
        where = top / name
        paths = sorted(p for p in where.rglob("*") if p.is_file()) if where.is_dir() else [where]
        for path in paths:
            if path.exists():
                found[path.relative_to(top).as_posix()] = path.read_bytes()
    return found


def test_spec_is_whole() -> None:
    """spec/ holds the rule book, the record format, the conformance cases and the sources."""
    have = _files(SPEC)
    for name in ("RULES.md", "RECORD.md", "conformance/melds.json", "seeds/README.md"):
        assert name in have, name
    assert any(name.startswith("conformance/records/") for name in have)
    assert any(name.startswith("conformance/hand-and-foot/") for name in have)


@pytest.mark.skipif(SHARED is None, reason="no shared/ beside the repository (nor $HAND_SHARED)")
def test_spec_equals_shared() -> None:
    """Every file of shared/ that spec/ copies is in spec/, with the same bytes, and no more."""
    assert SHARED is not None
    theirs, ours = _files(SHARED), _files(SPEC)
    fix = f"copy the new version in: cp -r {' '.join(str(SHARED / n) for n in COPIED)} {SPEC}/"
    missing = sorted(set(theirs) - set(ours))
    extra = sorted(set(ours) - set(theirs))
    changed = sorted(n for n in set(theirs) & set(ours) if theirs[n] != ours[n])
    assert not (missing or extra or changed), (
        f"spec/ differs from {SHARED}: changed {changed}, missing {missing}, "
        f"only in spec/ {extra} (remove those); {fix}"
    )
