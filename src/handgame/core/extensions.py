"""The native extensions: which exist, and the one loader every Python side uses.

Each extension is a C++ file of ``native/`` compiled (pybind11) into a module beside its
Python reference, by the package build (``pip install .``: ``setup.py`` reads
:data:`EXTENSIONS`) or by ``python native/build.py`` in a checkout. Adding one is one line of
:data:`EXTENSIONS` (then :func:`extension` loads it by name, and ``hand --version`` reports it).

``HANDGAME_NATIVE`` decides at import: ``0`` forces the pure path (the extensions are not
loaded), ``1`` requires the native one (a missing or stale build is an ImportError that says
how to build it), anything else (unset) takes the native path where it is built.

This module imports nothing outside the standard library and nothing of the package, so the
build can read :data:`EXTENSIONS` without installing anything.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any, NamedTuple


class Extension(NamedTuple):
    """A native extension: its module, its C++ source, and the API version it must report."""

    module: str  #: the full module name, e.g. ``handgame.core._kernel_native``
    source: str  #: its C++ file, relative to the repository root (includes ``native/*.hpp``)
    version_attr: str  #: the module attribute holding its API version
    version: int  #: the version the Python side was written for (another build is not used)
    flags: tuple[str, ...] = ()  #: compiler flags of its own, beside the build's


#: Every native extension (the build compiles these, the loader loads only these).
EXTENSIONS: tuple[Extension, ...] = (
    Extension("handgame.core._kernel_native", "native/kernel.cpp", "KERNEL_VERSION", 1),
    Extension("handgame.games.hand._legal_native", "native/legal.cpp", "LEGAL_VERSION", 6),
    Extension("handgame.games.hand._solver_native", "native/solver.cpp", "SOLVER_VERSION", 1),
    # Hand and Foot's legal steps (issue 34)
    Extension(
        "handgame.games.hand_and_foot._legal_native", "native/hf_legal.cpp", "LEGAL_VERSION", 1
    ),
    # the rollouts' floating point is the reference's to the last bit only without a*b+c fused
    Extension(
        "handgame.games.hand.bots._rollout_native",
        "native/rollout.cpp",
        "ROLLOUT_VERSION",
        3,
        ("-ffp-contract=off",),
    ),
    # a seat's TableView written as the RL observation (issue 39), for handgame.rl's fast path
    Extension("handgame.core._table_native", "native/table.cpp", "TABLE_VERSION", 1),
    # N tables of Hand's round held natively for the batched RL environment (issue 39)
    Extension("handgame.games.hand._batch_native", "native/hand_batch.cpp", "BATCH_VERSION", 1),
)

#: how to build them, said in errors
BUILD_HINT = "pip install . (with a C++ compiler), or python native/build.py in a checkout"


def setting() -> str:
    """``HANDGAME_NATIVE`` read: ``off`` (the pure path), ``on`` (required) or ``auto``."""
    wanted = os.environ.get("HANDGAME_NATIVE", "").strip().lower()
    if wanted in ("0", "no", "false", "off", "python", "pure"):
        return "off"
    if wanted in ("1", "yes", "true", "on", "native"):
        return "on"
    return "auto"


def find(module: str) -> Extension:
    """The entry of :data:`EXTENSIONS` named ``module`` (a KeyError names the missing line)."""
    for ext in EXTENSIONS:
        if ext.module == module:
            return ext
    raise KeyError(f"{module} is not in handgame.core.extensions.EXTENSIONS: add its line there")


def _load(ext: Extension) -> tuple[ModuleType | None, str | None]:
    """``ext``'s module when built, of its version and wanted, else None and why not."""
    if setting() == "off":
        return None, "HANDGAME_NATIVE=0"
    try:
        mod = importlib.import_module(ext.module)
    except ImportError as e:
        return None, (f"not built ({e})" if e.name == ext.module else f"not loaded ({e})")
    got = getattr(mod, ext.version_attr, None)
    if got != ext.version:
        return None, f"a build of another version ({got}; wanted {ext.version}): rebuild it"
    return mod, None


class Native:
    """One extension as this process uses it: loaded once, switchable (tests) between the
    native module and the pure path (``on`` is then None)."""

    def __init__(self, ext: Extension) -> None:
        """Load ``ext`` as ``HANDGAME_NATIVE`` says; ``why_not`` tells why it is not loaded."""
        self.extension = ext
        self.module, self.why_not = _load(ext)
        self.on: Any = self.module

    def available(self) -> bool:
        """Whether the native module is built and loaded (whatever path is in use)."""
        return self.module is not None

    def use(self, on: bool) -> bool:
        """Switch between the native and the pure path (tests); returns the previous setting."""
        before = self.on is not None
        if on and self.module is None:
            raise RuntimeError(f"{self.extension.module}: {self.why_not}; {BUILD_HINT}")
        self.on = self.module if on else None
        return before

    def path(self) -> str:
        """``native`` or ``python``: the path its callers take now."""
        return "native" if self.on is not None else "python"


_LOADED: dict[str, Native] = {}


def _native(module: str) -> Native:
    """The extension ``module``, loaded once per process (never raising)."""
    got = _LOADED.get(module)
    if got is None:
        got = _LOADED[module] = Native(find(module))
    return got


def extension(module: str) -> Native:
    """The extension ``module`` (a line of :data:`EXTENSIONS`), loaded once per process; under
    ``HANDGAME_NATIVE=1`` a missing or stale build is an ImportError saying how to build it."""
    got = _native(module)
    if got.module is None and setting() == "on":
        raise ImportError(f"HANDGAME_NATIVE=1 but {module}: {got.why_not}; build it with: "
                          + BUILD_HINT)
    return got


def status() -> list[Native]:
    """Every extension of :data:`EXTENSIONS` as loaded here (nothing raised)."""
    return [_native(ext.module) for ext in EXTENSIONS]


__all__ = [
    "BUILD_HINT",
    "EXTENSIONS",
    "Extension",
    "Native",
    "extension",
    "find",
    "setting",
    "status",
]
