"""Test setup: ``import invariants`` from this directory, ``import handgame`` from ``src``."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent / "src"):
    if path.is_dir() and str(path) not in sys.path:
        sys.path.insert(0, str(path))
