"""Test setup: ``import invariants`` from this directory, ``import handgame`` from ``src``, and
the games that exist only in the tests (``extra_games/``) registered after the built-in ones."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent / "src"):
    if path.is_dir() and str(path) not in sys.path:
        sys.path.insert(0, str(path))

import importlib  # noqa: E402

from handgame.core.registry import games  # noqa: E402

games()  # the built-in games first: the first registered stays the default game
for _folder in sorted((HERE / "extra_games").iterdir()):
    if (_folder / "__init__.py").exists():
        importlib.import_module(f"extra_games.{_folder.name}")
