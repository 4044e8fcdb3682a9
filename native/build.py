"""Build the native extensions (optional): ``python native/build.py``.

Compiles (C++17, pybind11, the running Python's headers) ``native/kernel.cpp`` into
``src/handgame/core/_kernel_native``, beside the pure-Python reference
``handgame/core/kernel.py``, and ``native/legal.cpp`` (Hand's legal actions and turn search,
issue 19) into ``src/handgame/games/hand/_legal_native``, beside its Python side ``native.py``
and ``native_search.py`` (with the headers ``hand_melds.hpp``, ``turn_checks.hpp``,
``play_melds.hpp``, ``turn_search.hpp``, ``play_steps.hpp``), and ``native/solver.cpp`` (the
meld solver, ``best_arrangement``/``best_opening``) into ``_solver_native`` beside
``native_solver.py`` (its core, ``arrange.hpp``, shared with ``native/rollout.cpp``: the
search's cheap rollouts, ``_rollout_native`` beside ``bots/native_rollout.py``); all include
``native/packing.hpp``. ``native/table.cpp`` (a seat's ``TableView`` written as the RL
observation, issue 39) goes into ``src/handgame/core/_table_native``, beside
``core/table_native.py``; ``native/hf_legal.cpp`` (Hand and Foot's legal steps, issue 34) into
``src/handgame/games/hand_and_foot/_legal_native`` beside ``native_legal.py``. Needs a C++ compiler
(``c++``/``g++``, or ``$CXX``) and pybind11 (``pip install pybind11``). Without the build
everything works on the pure path; with it the engine picks the native one
(``HANDGAME_NATIVE=0`` forces the pure path). ``--check`` only says whether they are built.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "handgame"
# (source, directory, module name, extra compiler flags) of each extension; the rollouts'
# floating point is the Python reference's to the last bit only without contracted a*b+c
EXTENSIONS = (
    (ROOT / "native" / "kernel.cpp", SRC / "core", "_kernel_native", ()),
    (ROOT / "native" / "legal.cpp", SRC / "games" / "hand", "_legal_native", ()),
    (ROOT / "native" / "solver.cpp", SRC / "games" / "hand", "_solver_native", ()),
    (ROOT / "native" / "hf_legal.cpp", SRC / "games" / "hand_and_foot", "_legal_native", ()),
    (
        ROOT / "native" / "rollout.cpp",
        SRC / "games" / "hand" / "bots",
        "_rollout_native",
        ("-ffp-contract=off",),
    ),
    (ROOT / "native" / "table.cpp", SRC / "core", "_table_native", ()),
)


def targets() -> list[Path]:
    """Where the extensions go (their names carry this Python's ABI suffix)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return [where / f"{name}{suffix}" for _, where, name, _ in EXTENSIONS]


def target() -> Path:
    """Where the meld kernel goes."""
    return targets()[0]


def main(argv: list[str] | None = None) -> int:
    """Compile the extension; exit 1 with a clear message when a tool is missing."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether it is built")
    ap.add_argument("--clean", action="store_true", help="remove the built extension")
    args = ap.parse_args(argv)
    outs = targets()
    if args.check:
        for out in outs:
            print(f"{out}: {'built' if out.exists() else 'not built'}")
        return 0 if all(out.exists() for out in outs) else 1
    if args.clean:
        for out in outs:
            out.unlink(missing_ok=True)
            print(f"removed {out}")
        return 0
    try:
        import pybind11
    except ImportError:
        print("pybind11 is not installed: pip install pybind11", file=sys.stderr)
        return 1
    cxx = os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++")
    if not cxx:
        print("no C++ compiler found (c++, g++ or $CXX): the pure path stays", file=sys.stderr)
        return 1
    includes = {sysconfig.get_paths()["include"], sysconfig.get_paths()["platinclude"]}
    failed = 0
    for (source, _, _, extra), out in zip(EXTENSIONS, outs, strict=True):
        cmd = [
            *shlex.split(cxx),
            "-O3",
            "-std=c++17",
            "-shared",
            "-fPIC",
            "-fvisibility=hidden",
            *extra,
            *(f"-I{p}" for p in sorted(includes)),
            f"-I{pybind11.get_include()}",
            f"-I{ROOT / 'native'}",
            str(source),
            "-o",
            str(partial := out.with_name(out.name + ".partial")),
        ]
        print(" ".join(cmd), flush=True)
        done = subprocess.run(cmd, check=False)
        if done.returncode != 0:
            partial.unlink(missing_ok=True)
            print(f"{source.name} did not build: its pure path stays", file=sys.stderr)
            failed += 1
            continue
        # renamed into place: a process that has the old build loaded keeps it intact
        os.replace(partial, out)
        print(f"built {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
