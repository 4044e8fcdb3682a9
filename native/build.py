"""Build the native extensions into the source tree: ``python native/build.py``.

The package build compiles them already (``pip install .``, ``pip install -e .``, ``pip wheel
.``: ``setup.py``); this script is the developer's quick rebuild after editing a ``.cpp`` or
``.hpp`` of this folder, in place beside the Python sources (``src/handgame/...``), with the
same flags: it runs ``setup.py build_ext --inplace``. It needs setuptools and pybind11 in the
running Python (``pip install setuptools pybind11``) and a C++ compiler. The extensions are the
lines of ``src/handgame/core/extensions.py``. ``--check`` only says whether they are built,
``--clean`` removes them.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _table() -> Any:
    """``handgame.core.extensions``, read from the source tree."""
    path = ROOT / "src" / "handgame" / "core" / "extensions.py"
    spec = importlib.util.spec_from_file_location("_handgame_extensions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def targets() -> list[Path]:
    """Where the extensions go (their names carry this Python's ABI suffix)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return [
        ROOT / "src" / Path(*ext.module.split(".")).with_name(ext.module.split(".")[-1] + suffix)
        for ext in _table().EXTENSIONS
    ]


def main(argv: list[str] | None = None) -> int:
    """Build (or check, or remove) the extensions; exit 1 when one is not built."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether they are built")
    ap.add_argument("--clean", action="store_true", help="remove the built extensions")
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
    for needed in ("setuptools", "pybind11"):
        if importlib.util.find_spec(needed) is None:
            print(f"{needed} is not installed: pip install setuptools pybind11", file=sys.stderr)
            return 1
    done = subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"], cwd=ROOT, check=False
    )
    missing = [out for out in outs if not out.exists()]
    for out in outs:
        print(f"{out}: {'built' if out.exists() else 'NOT built'}")
    return 1 if done.returncode or missing else 0


if __name__ == "__main__":
    sys.exit(main())
