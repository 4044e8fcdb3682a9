"""``hand --version``: the package's version, and which engine path is in use and why.

The engine's hot parts have a native build beside their Python reference
(:mod:`handgame.core.extensions`). This says whether it is in use (``native: yes``) or not and
why: ``HANDGAME_NATIVE=0``, no C++ compiler when the package was built (the build writes what it
compiled into ``handgame/_native_build.json``), or a build missing or stale.
"""

from __future__ import annotations

import argparse
import json
import platform
from collections.abc import Sequence
from importlib import metadata, resources
from typing import Any

from handgame.core import __version__, extensions

#: what the package build wrote (setup.py)
BUILD_RECORD = "_native_build.json"


def build_record() -> dict[str, Any] | None:
    """What the package build compiled, and why not (None: no record, e.g. a bare checkout)."""
    try:
        text = resources.files("handgame").joinpath(BUILD_RECORD).read_text(encoding="utf-8")
        got = json.loads(text)
    except (OSError, ValueError):
        return None
    return got if isinstance(got, dict) else None


def native_line(record: dict[str, Any] | None = None) -> str:
    """``native: yes``, or ``native: no (why)``, or ``native: partly (...)``."""
    status = extensions.status()
    missing = [n for n in status if not n.available()]
    if not missing:
        return f"native: yes ({len(status)} extensions)"
    if extensions.setting() == "off":
        return "native: no (HANDGAME_NATIVE=0)"
    if record is None:
        record = build_record()
    why: str
    if record is not None and record.get("why_not"):
        why = str(record["why_not"])
    elif record is None:
        why = "not built: pip install . builds it, or python native/build.py in a checkout"
    else:
        why = "; ".join(f"{n.extension.module.rsplit('.', 1)[-1]} {n.why_not}" for n in missing)
    if len(missing) == len(status):
        return f"native: no ({why})"
    names = ", ".join(n.extension.module.rsplit(".", 1)[-1] for n in missing)
    return f"native: partly ({names}: {why})"


def version_text() -> str:
    """The lines ``hand --version`` prints."""
    try:
        version = metadata.version("handgame")
    except metadata.PackageNotFoundError:  # a checkout on sys.path, not installed
        version = __version__
    return f"hand {version} (Python {platform.python_version()})\n{native_line()}"


class VersionAction(argparse.Action):
    """``--version``: print :func:`version_text` and exit 0."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        """A flag taking no value."""
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        """Print, then leave."""
        print(version_text())
        parser.exit(0)


__all__ = ["BUILD_RECORD", "VersionAction", "build_record", "native_line", "version_text"]
