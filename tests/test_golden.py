"""Golden records: ``hand simulate`` and ``hand play`` write the same records as when pinned.

Every case of ``tests/golden/cases.json`` runs its command (``python -m handgame ARGV``, the
installed package or the ``src`` first on ``PYTHONPATH``) as a subprocess and every record it
writes must equal its golden file under ``tests/golden/records/`` exactly, after
``make_golden.normalise`` (which removes nothing). Regenerate with
``python tests/golden/make_golden.py`` only for an intended change of behaviour.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"


def _load_generator() -> ModuleType:
    """``tests/golden/make_golden.py`` as a module (the commands and the normalisation)."""
    spec = importlib.util.spec_from_file_location("make_golden", GOLDEN / "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_golden", module)
    spec.loader.exec_module(module)
    return module


make_golden = _load_generator()
CASES: list[dict[str, Any]] = make_golden.load_manifest(GOLDEN / "cases.json")


def first_difference(got: Any, want: Any, path: str = "$") -> str | None:
    """Where two JSON values first differ (a path like ``$.rounds[0].actions[3]``), or None."""
    if type(got) is not type(want):
        return f"{path}: got {got!r}, want {want!r}"
    if isinstance(got, dict):
        if list(got) != list(want):
            return f"{path}: keys {list(got)}, want {list(want)}"
        for key in got:
            found = first_difference(got[key], want[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(got, list):
        for i, (a, b) in enumerate(zip(got, want, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(got) != len(want):
            return f"{path}: {len(got)} items, want {len(want)}"
        return None
    return None if got == want else f"{path}: got {got!r}, want {want!r}"


def test_manifest_and_golden_files_agree() -> None:
    """Every case has a golden file, every golden file belongs to a case, names are unique."""
    names = [case["name"] for case in CASES]
    assert len(names) == len(set(names))
    listed = {golden for case in CASES for golden in case["records"].values()}
    on_disk = {
        p.relative_to(GOLDEN).as_posix()
        for p in (GOLDEN / "records").glob("*.json")
        if not p.name.startswith("server-")  # tests/test_golden_server.py's
    }
    assert listed == on_disk
    listed_cases = [{k: case[k] for k in ("name", "argv", "stdin")} for case in CASES]
    assert listed_cases == make_golden.CASES, "cases.json is stale: run make_golden.py"


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_golden_record(case: dict[str, Any], tmp_path: Path) -> None:
    """The case's command writes exactly its golden records."""
    produced = make_golden.run_case(case, tmp_path)
    assert sorted(produced) == sorted(case["records"]), "the command wrote other files"
    for path, golden in case["records"].items():
        text = produced[path]
        record = json.loads(text)
        layout = "the pinned JSON layout (indent 1, UTF-8, final newline)"
        assert text == make_golden.serialise(record), f"{path}: not {layout}"
        got = make_golden.golden_text(text)
        want = (GOLDEN / golden).read_text(encoding="utf-8")
        if got != want:
            where = first_difference(json.loads(got), json.loads(want))
            pytest.fail(f"{case['name']}: {path} differs from {golden}: {where or 'formatting'}")
