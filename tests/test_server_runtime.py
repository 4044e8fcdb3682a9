"""Issue 37: a server process runs on uvloop's event loop where it is installed (a dependency
on Linux and macOS) and with the collector set for a server (``server/runtime.py``): what
``/api/health`` of a real ``hand serve`` process says, and the SQLite default."""

from __future__ import annotations

import gc
import importlib.util
import sys
from pathlib import Path

import pytest

from handgame.server import runtime
from handgame.server.settings import Settings
from live_server import live_server


def test_a_served_process_runs_on_uvloop_with_the_collector_frozen(tmp_path: Path) -> None:
    with live_server(tmp_path) as live:
        status, health = live.request("GET", "/api/health")
    assert status == 200, health
    wanted = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"
    if sys.platform != "win32":  # a dependency wherever it is built (pyproject.toml)
        assert importlib.util.find_spec("uvloop") is not None
    assert health["event_loop"] == wanted
    assert health["collector_frozen"] > 1000  # the modules and the app, out of its sight
    assert health["collector_thresholds"] == list(runtime.SERVING_THRESHOLDS)


def test_tuning_the_collector_freezes_what_lives_and_raises_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        runtime.tune_collector()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == runtime.SERVING_THRESHOLDS
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


@pytest.mark.parametrize("flag", [None, "full"])
def test_sqlite_acknowledges_at_the_commit_unless_told_full(flag: str | None) -> None:
    from handgame.cli.parser import build_parser

    argv = ["serve"] + (["--sqlite-synchronous", flag] if flag else [])
    args = build_parser().parse_args(argv)
    assert args.sqlite_synchronous == (flag or "normal")
    assert Settings().sqlite_synchronous == "normal"
