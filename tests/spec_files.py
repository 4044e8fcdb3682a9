"""Where the tests read the rule book, the record format and the conformance cases: ``spec/``
in this repository (copies of the project's ``shared/`` folder; ``test_spec_copy.py`` checks
them equal to it when it is beside the repository or named by ``$HAND_SHARED``)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
CONFORMANCE = SPEC / "conformance"
RULES = SPEC / "RULES.md"
RECORD = SPEC / "RECORD.md"
#: what spec/ copies from shared/ (files, or folders copied whole)
COPIED = ("RULES.md", "RECORD.md", "conformance", "seeds")


def shared_folder() -> Path | None:
    """The project's ``shared/`` folder when present: ``$HAND_SHARED``, else ``../shared``."""
    named = os.environ.get("HAND_SHARED")
    where = Path(named) if named else ROOT.parent / "shared"
    return where if where.is_dir() else None
