"""Where the browser tests find Chromium, and whether they may skip without it (issue 20).

One lookup for the tests (``tests/test_web.py``) and for CI (``.ci/run`` runs this file, which
prints the path it finds or exits 1): ``$HAND_CHROMIUM`` if set, else ``chromium`` (or
``chromium-browser``) on the PATH, else ``/usr/bin/chromium``. Debian's chromium only; never
``playwright install``, which downloads browsers. With ``$HAND_TEST_BROWSER_REQUIRED`` set (CI
sets it) a missing browser or Playwright fails the tests instead of skipping them.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

REQUIRED = "HAND_TEST_BROWSER_REQUIRED"

#: the axe-core release the accessibility test runs (npm's ``axe-core``; .ci/run installs it)
AXE_VERSION = "4.10.2"


def axe_path() -> Path | None:
    """axe-core's ``axe.min.js``: ``$HAND_AXE_JS`` if set, else the npm install that .ci/run
    makes in ``~/.cache/handgame/axe-core-VERSION`` (``npm install --prefix DIR axe-core``)."""
    named = os.environ.get("HAND_AXE_JS")
    if named:
        return Path(named) if Path(named).is_file() else None
    cache = Path.home() / ".cache" / "handgame" / f"axe-core-{AXE_VERSION}"
    found = cache / "node_modules" / "axe-core" / "axe.min.js"
    return found if found.is_file() else None


def chromium_path() -> Path | None:
    """The Chromium executable the browser tests drive, or None."""
    named = os.environ.get("HAND_CHROMIUM")
    if named:
        return Path(named) if Path(named).is_file() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return Path(found)
    fallback = Path("/usr/bin/chromium")
    return fallback if fallback.is_file() else None


def missing(reason: str) -> None:
    """Skip the browser tests for ``reason``, or fail them when they are required."""
    import pytest

    if os.environ.get(REQUIRED):
        pytest.fail(f"{REQUIRED} is set but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["axe"]:  # .ci/run: where axe-core goes, and its version
        print(Path.home() / ".cache" / "handgame" / f"axe-core-{AXE_VERSION}", AXE_VERSION)
        sys.exit(0)
    path = chromium_path()
    if path is None:
        sys.exit("no chromium found ($HAND_CHROMIUM, chromium on the PATH, /usr/bin/chromium)")
    print(path)
