"""Build the native meld kernel (optional): ``python native/build.py``.

Compiles ``native/kernel.cpp`` (C++17, pybind11) into ``src/handgame/core/_kernel_native``
with the running Python's headers, beside the pure-Python reference ``handgame/core/kernel.py``.
Needs a C++ compiler (``c++``/``g++``, or ``$CXX``) and pybind11 (``pip install pybind11``).
Without the build everything works on the pure path; with it the kernel picks the native one
(``HANDGAME_NATIVE=0`` forces the pure path). ``--check`` only says whether it is built.
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
SOURCE = ROOT / "native" / "kernel.cpp"
TARGET_DIR = ROOT / "src" / "handgame" / "core"


def target() -> Path:
    """Where the extension goes (its name carries this Python's ABI suffix)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return TARGET_DIR / f"_kernel_native{suffix}"


def main(argv: list[str] | None = None) -> int:
    """Compile the extension; exit 1 with a clear message when a tool is missing."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether it is built")
    ap.add_argument("--clean", action="store_true", help="remove the built extension")
    args = ap.parse_args(argv)
    out = target()
    if args.check:
        print(f"{out}: {'built' if out.exists() else 'not built'}")
        return 0 if out.exists() else 1
    if args.clean:
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
    cmd = [
        *shlex.split(cxx),
        "-O3",
        "-std=c++17",
        "-shared",
        "-fPIC",
        "-fvisibility=hidden",
        *(f"-I{p}" for p in sorted(includes)),
        f"-I{pybind11.get_include()}",
        str(SOURCE),
        "-o",
        str(out),
    ]
    print(" ".join(cmd), flush=True)
    done = subprocess.run(cmd, check=False)
    if done.returncode != 0:
        print("the native kernel did not build: the pure path stays", file=sys.stderr)
        return 1
    print(f"built {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
