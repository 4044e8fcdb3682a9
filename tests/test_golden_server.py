"""Golden records of the web server: seeded matches played through its public HTTP and WebSocket
API (``tests/golden/server_golden.py``) write exactly the records pinned in
``tests/golden/records/server-*.json``. Those files were made by the same script on the code
before the many-games layout (``446918e``), so they pin the server's behaviour across it; the
three with random bots were made again when each bot decision got a seed of its own (a hash of
the table's seed, the seat and the version: the table's seed no longer reaches a bot,
:func:`handgame.server.moveworker.bot_seed`), their deals unchanged.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"


def _load_script() -> ModuleType:
    """``tests/golden/server_golden.py`` as a module (its cases and ``server_record``)."""
    spec = importlib.util.spec_from_file_location("server_golden", GOLDEN / "server_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("server_golden", module)
    spec.loader.exec_module(module)
    return module


server_golden = _load_script()


def test_every_server_case_has_its_golden_file() -> None:
    """The cases and the ``server-*.json`` files are the same names."""
    on_disk = {p.stem for p in (GOLDEN / "records").glob("server-*.json")}
    assert on_disk == set(server_golden.CASES)


@pytest.mark.parametrize("name", sorted(server_golden.CASES))
def test_server_golden_record(name: str) -> None:
    """The seeded server match ``name`` ends with exactly its pinned record."""
    want = json.loads((GOLDEN / "records" / f"{name}.json").read_text(encoding="utf-8"))
    got = server_golden.server_record(name)
    assert got == want
