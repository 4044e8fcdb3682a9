"""The package build's native part: compile the C++ extensions of ``native/`` (pybind11).

Everything else about the package is in ``pyproject.toml``; this file only adds the extensions
listed in ``src/handgame/core/extensions.py`` (one line each) to the setuptools build, so that
``pip install .``, ``pip install -e .`` and ``pip wheel .`` build them.

The build is optional: where no C++ compiler works (or pybind11 is missing, or
``HANDGAME_NATIVE=0`` at install time) the install still succeeds on the pure-Python path and
says so once; ``HANDGAME_NATIVE=1`` at install time makes a failed build fail the install. What
was built, and why not, is written into the package (``handgame/_native_build.json``) for
``hand --version`` to report.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
RECORD = "_native_build.json"


def _extensions_table() -> Any:
    """``handgame.core.extensions``, read from the source tree (it needs only the stdlib)."""
    path = ROOT / "src" / "handgame" / "core" / "extensions.py"
    spec = importlib.util.spec_from_file_location("_handgame_extensions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TABLE = _extensions_table()


def _wanted() -> str:
    """``HANDGAME_NATIVE`` at install time: ``off``, ``on`` (required) or ``auto``."""
    return str(TABLE.setting())


def _say(message: str) -> None:
    """One line of the build's output, on stderr (pip shows it with -v, and on a failure)."""
    print(f"handgame: {message}", file=sys.stderr, flush=True)


class BuildNative(build_ext):
    """``build_ext`` that tries a compiler once, builds the extensions in parallel, never fails
    the install unless ``HANDGAME_NATIVE=1``, and records what it built."""

    def finalize_options(self) -> None:
        """Build the extensions side by side (one per core)."""
        super().finalize_options()
        if not self.parallel:
            self.parallel = max(1, min(len(self.extensions), os.cpu_count() or 1))

    def build_extensions(self) -> None:
        """Compile every extension, or none with one clear message."""
        start = time.monotonic()
        self._failed: dict[str, str] = {}
        built: list[str] = []
        why_not = self._why_not()
        if why_not is None:
            super().build_extensions()
            built = [e.name for e in self.extensions if e.name not in self._failed]
            if self._failed:
                why_not = f"{', '.join(sorted(self._failed))} did not compile at install time"
        else:
            for ext in self.extensions:  # no stale build of an earlier run goes in the package
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
        if why_not is None:
            took = time.monotonic() - start
            _say(f"native extensions built ({len(built)} in {took:.0f} s): the fast path is on")
        else:
            _say(f"the native core is NOT built ({why_not}): handgame installs and runs on its "
                 "pure-Python path, several times slower; install a C++ compiler and reinstall "
                 "for the fast path (hand --version tells which path is in use)")
            if _wanted() == "on":
                raise SystemExit(f"HANDGAME_NATIVE=1 at install time, but {why_not}")
        self._facts = {"built": built, "failed": self._failed, "why_not": why_not}

    def build_extension(self, ext: Extension) -> None:
        """Compile one extension; a failure is reported once at the end, not raised."""
        try:
            super().build_extension(ext)
        except Exception as e:  # a compile or link error of this extension
            self._failed[ext.name] = str(e)
            _say(f"{ext.name} did not compile: {e}")
            Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)

    def _why_not(self) -> str | None:
        """Why nothing is to be compiled (None: a C++ compiler works and pybind11 is here)."""
        if _wanted() == "off":
            return "HANDGAME_NATIVE=0 at install time"
        try:
            import pybind11
        except ImportError:
            return "pybind11 was not installed at install time"
        for ext in self.extensions:
            ext.include_dirs.append(pybind11.get_include())
        with tempfile.TemporaryDirectory() as tmp:
            probe = Path(tmp) / "probe.cpp"
            probe.write_text("#include <vector>\nint probe() { return std::vector<int>{1}[0]; }\n")
            try:
                objects = self.compiler.compile(
                    [str(probe)], output_dir=tmp, extra_postargs=["-std=c++17"]
                )
                self.compiler.link_shared_object(
                    objects, str(Path(tmp) / "probe.so"), target_lang="c++"
                )
            except Exception:
                return "no C++ compiler at install time"
        return None

    def run(self) -> None:
        """Build, then write what was built into the package: the build's tree, and the source
        tree when building in place (``pip install -e .``)."""
        self._facts: dict[str, Any] = {"built": [], "failed": {}, "why_not": "not run"}
        super().run()
        text = json.dumps(self._facts, indent=1, sort_keys=True) + "\n"
        places = [Path(self.build_lib) / "handgame"]
        if self.inplace:
            places.append(ROOT / "src" / "handgame")
        for place in places:
            place.mkdir(parents=True, exist_ok=True)
            (place / RECORD).write_text(text, encoding="utf-8")

    def copy_extensions_to_source(self) -> None:
        """Copy in place (``pip install -e .``) without writing over a loaded build: the old
        file is unlinked first, so a running process keeps its copy intact."""
        for ext in self.extensions:
            if (Path(self.build_lib) / self.get_ext_filename(ext.name)).exists():
                (ROOT / "src" / self.get_ext_filename(ext.name)).unlink(missing_ok=True)
        super().copy_extensions_to_source()

    def get_outputs(self) -> list[str]:
        """The extensions, and the record of the build."""
        return [*super().get_outputs(), str(Path(self.build_lib) / "handgame" / RECORD)]


def _extension(entry: Any) -> Extension:
    """A setuptools Extension of one line of the table: C++17, optimised, symbols hidden."""
    flags = ["-O3", "-std=c++17", "-fvisibility=hidden", "-g0"]
    return Extension(
        entry.module,
        sources=[entry.source],
        include_dirs=["native"],
        depends=[str(p.relative_to(ROOT)) for p in sorted((ROOT / "native").glob("*.hpp"))],
        language="c++",
        extra_compile_args=[*flags, *entry.flags],
        optional=True,
    )


setup(
    ext_modules=[_extension(entry) for entry in TABLE.EXTENSIONS],
    cmdclass={"build_ext": BuildNative},
)
