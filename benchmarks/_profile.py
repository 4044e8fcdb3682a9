"""Sampling a server under load with py-spy (``pip install py-spy``), and reading the samples.

py-spy's ``raw`` output is one line per distinct stack, ``frame;frame;...;frame COUNT``, the
outermost frame first, each frame ``function (file:line)``. :func:`summarize` gives each
function's *inclusive* share (samples with it anywhere on the stack) and *self* share (samples
with it on top), the line numbers left out.
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from _common import progress

_LINE = re.compile(r":\d+\)$")


def py_spy() -> str:
    """The py-spy program beside this Python or on the PATH."""
    beside = Path(sys.executable).parent / "py-spy"
    found = str(beside) if beside.exists() else shutil.which("py-spy")
    if found is None:
        raise SystemExit("--profile needs py-spy: pip install py-spy")
    return found


def frame_name(frame: str) -> str:
    """A frame without its line number: ``append_step (handgame/server/storage.py)``."""
    frame = _LINE.sub(")", frame.strip())
    name, _, where = frame.partition(" (")
    for marker in ("site-packages/", "/src/", "/lib/python3"):
        if marker in where:
            where = where.split(marker, 1)[1]
            break
    return f"{name} ({where}" if where else name


def summarize(path: Path, top: int = 25) -> dict[str, Any]:
    """Inclusive and self shares of the functions in a raw py-spy file."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = [f for f in stack.split(";") if " (" in f]  # not the process and thread names
        if not frames:
            continue
        total += count
        names = [frame_name(f) for f in frames]
        for name in set(names):
            inclusive[name] += count
        own[names[-1]] += count

    def share(counter: Counter[str], n: int) -> list[list[Any]]:
        return [[name, round(100 * c / total, 1)] for name, c in counter.most_common(n)]

    return {
        "file": str(path),
        "samples": total,
        "inclusive_pct": share(inclusive, top) if total else [],
        "self_pct": share(own, top) if total else [],
    }


class Sampler:
    """py-spy recording the processes ``pids`` (one file each) until :meth:`stop`."""

    def __init__(self, pids: list[int], path: Path, rate: int = 100) -> None:
        """Start sampling ``rate`` times a second, without pausing the processes."""
        self.paths = [path if len(pids) == 1 else path.with_suffix(f".{p}.txt") for p in pids]
        self.spies = [
            subprocess.Popen(
                [
                    *(py_spy(), "record", "--pid", str(pid), "--rate", str(rate)),
                    *("--nonblocking", "--format", "raw", "--output", str(out)),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for pid, out in zip(pids, self.paths, strict=True)
        ]

    def stop(self) -> dict[str, Any] | list[dict[str, Any]]:
        """Stop sampling; the summary of each process's samples."""
        for spy in self.spies:
            spy.send_signal(signal.SIGINT)
        for spy in self.spies:
            try:
                spy.wait(60)
            except subprocess.TimeoutExpired:
                spy.kill()
        found = [summarize(p) for p in self.paths if p.exists()]
        if not found:
            progress("py-spy wrote no samples (is ptrace allowed here?)")
            return {"samples": 0}
        return found[0] if len(found) == 1 else found
