"""The native extensions' one table and loader (``handgame.core.extensions``), the package
build that reads the table (``setup.py``), and ``hand --version`` saying which path is in use.

The real installs (``pip install`` in a fresh environment with and without a compiler, ``pip
wheel``) take minutes and the network for the build's requirements: ``.ci/run`` does them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from handgame.cli import version
from handgame.core import extensions
from handgame.core.extensions import EXTENSIONS, Extension, Native

ROOT = Path(__file__).resolve().parents[1]


def test_the_table_names_every_cpp_file_once() -> None:
    """Each C++ file of native/ is one extension of the table, and each line's module lives in
    a package of the source tree (a file left out would never be built)."""
    sources = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "native").glob("*.cpp"))
    assert sorted(e.source for e in EXTENSIONS) == sources
    assert len({e.module for e in EXTENSIONS}) == len(EXTENSIONS)
    for ext in EXTENSIONS:
        package = ROOT / "src" / Path(*ext.module.split(".")[:-1])
        assert (package / "__init__.py").exists(), ext.module
        assert ext.module.rsplit(".", 1)[-1].startswith("_"), "a private module name"
        text = (ROOT / ext.source).read_text(encoding="utf-8")
        assert f'"{ext.version_attr}"' in text, (ext.source, ext.version_attr)


def test_an_unknown_extension_names_the_table() -> None:
    """Loading a module that is not a line of the table fails, saying where to add it."""
    with pytest.raises(KeyError, match="EXTENSIONS"):
        extensions.extension("handgame.games.nothing._native")


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_handgame_native_0_loads_nothing() -> None:
    """HANDGAME_NATIVE=0: every extension is on the pure path, and says why."""
    got = _run(
        "from handgame.core import extensions\n"
        "for n in extensions.status(): print(n.path(), n.why_not)",
        HANDGAME_NATIVE="0",
    )
    assert got.returncode == 0, got.stderr
    assert got.stdout.splitlines() == ["python HANDGAME_NATIVE=0"] * len(EXTENSIONS)


def test_handgame_native_1_without_a_build_says_how_to_build() -> None:
    """HANDGAME_NATIVE=1 with a module missing: an ImportError naming it and the build."""
    got = _run(
        "import sys\n"
        f"sys.modules[{EXTENSIONS[0].module!r}] = None\n"
        "from handgame.core import kernel\n",
        HANDGAME_NATIVE="1",
    )
    assert got.returncode != 0
    assert f"HANDGAME_NATIVE=1 but {EXTENSIONS[0].module}" in got.stderr
    assert "pip install ." in got.stderr


def test_hand_version_says_the_path() -> None:
    """``hand --version``: the version, then ``native: no (HANDGAME_NATIVE=0)`` when forced."""
    got = subprocess.run(
        [sys.executable, "-m", "handgame", "--version"],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "HANDGAME_NATIVE": "0"},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert got.returncode == 0, got.stderr
    first, second = got.stdout.splitlines()
    assert first.startswith("hand ") and "Python" in first
    assert second == "native: no (HANDGAME_NATIVE=0)"


@pytest.mark.skipif(
    not all(n.available() for n in extensions.status()), reason="the native build is not here"
)
def test_hand_version_native_yes() -> None:
    """With every extension built: ``native: yes``."""
    assert version.native_line() == f"native: yes ({len(EXTENSIONS)} extensions)"


def _missing(ext: Extension) -> Native:
    fake = Native.__new__(Native)
    fake.extension, fake.module, fake.on = ext, None, None
    fake.why_not = f"not built (No module named {ext.module!r})"
    return fake


def test_hand_version_says_why_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not built: the build record's reason (no compiler at install time), else how to build;
    one extension missing: ``partly``, naming it."""
    monkeypatch.delenv("HANDGAME_NATIVE", raising=False)
    missing = [_missing(e) for e in EXTENSIONS]
    monkeypatch.setattr(extensions, "status", lambda: missing)
    record: dict[str, Any] = {"why_not": "no C++ compiler at install time"}
    assert version.native_line(record) == "native: no (no C++ compiler at install time)"
    monkeypatch.setattr(version, "build_record", lambda: None)
    assert version.native_line().startswith("native: no (not built: pip install . builds it")
    loaded = Native.__new__(Native)
    loaded.extension, loaded.module, loaded.on, loaded.why_not = EXTENSIONS[0], sys, sys, None
    monkeypatch.setattr(extensions, "status", lambda: [loaded, *missing[1:]])
    line = version.native_line({"built": [], "failed": {}, "why_not": None})
    assert line.startswith("native: partly (")
    assert EXTENSIONS[1].module.rsplit(".", 1)[-1] in line


def test_the_build_reads_the_same_table() -> None:
    """setup.py builds exactly the table's extensions, as C++17 and optional (a failed
    compile leaves the pure path)."""
    got = subprocess.run(
        [sys.executable, "-c",
         "import runpy, sys, setuptools\n"
         "setuptools.setup = lambda **kw: print('\\n'.join(\n"
         "    f'{e.name} {e.sources[0]} {e.optional} {\"-std=c++17\" in e.extra_compile_args}'\n"
         "    for e in kw['ext_modules']))\n"
         "sys.argv = ['setup.py']\n"
         "runpy.run_path('setup.py')\n"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=120,
    )
    assert got.returncode == 0, got.stderr
    assert got.stdout.splitlines() == [f"{e.module} {e.source} True True" for e in EXTENSIONS]
