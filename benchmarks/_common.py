"""Helpers shared by the benchmark scripts: machine facts, percentiles, output, the peer.

Each script prints ONE JSON object on stdout and its progress on stderr.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import platform
import statistics
import sys
from collections.abc import Sequence
from typing import Any

NO_PEER = "rlcard not installed"


def random_match(game: Any, tag: str, to_act: Any = None) -> int:
    """Play one whole match of ``game`` (a game's match configuration) by uniform random legal
    actions, the choices seeded by ``tag`` and deal ``k`` by ``tag:k``; the decisions made.
    ``to_act(state)`` names the seat that acts (default: ``state.current_seat``)."""
    import random

    rng = random.Random(tag)
    state = game.new_match()
    decisions = deals = 0
    while not state.is_over:
        if state.is_chance:
            state = state.deal_seeded(f"{tag}:{deals}")
            deals += 1
            continue
        seat = state.current_seat if to_act is None else to_act(state)
        state = state.apply(rng.choice(state.legal_actions(seat)))
        decisions += 1
    return decisions


def machine() -> dict[str, Any]:
    """What the figures were measured on: CPUs, load, Python, date."""
    try:
        load: list[float] | None = [round(x, 2) for x in os.getloadavg()]
    except OSError:  # pragma: no cover - not on every platform
        load = None
    return {
        "date": datetime.date.today().isoformat(),
        "cpus": os.cpu_count(),
        "loadavg": load,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "kernel": kernel_path(),
        "hand_native": hand_native_path(),
    }


def hand_native_path() -> str:
    """Hand's native legal-action code in use (issue 19): ``native``, ``python``, or ``none``
    (an engine without it)."""
    try:
        from handgame.games.hand import native
    except ImportError:
        return "none"
    return native.path()


def kernel_path() -> str:
    """The meld kernel in use: ``native``, ``python``, or ``none`` (an engine without one)."""
    try:
        from handgame.core import kernel
    except ImportError:
        return "none"
    return kernel.path()


def percentile(sorted_values: Sequence[float], pct: float) -> float:
    """The nearest-rank percentile of already sorted values (pct in 0..100)."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), math.ceil(pct / 100 * len(sorted_values))))
    return sorted_values[rank - 1]


def median(values: Sequence[float]) -> float | None:
    """The median, or None for no values."""
    return statistics.median(values) if values else None


def rnd(value: float | None, digits: int = 1) -> float | None:
    """Round for printing; None stays None."""
    return None if value is None else round(value, digits)


def rlcard_version() -> str | None:
    """The installed RLCard's version, or None when it is not installed."""
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return None
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rlcard")
    except PackageNotFoundError:  # pragma: no cover - importable but not installed as a dist
        return "unknown"


def progress(message: str) -> None:
    """A progress line on stderr."""
    print(message, file=sys.stderr, flush=True)


def emit(result: dict[str, Any]) -> None:
    """Print the result as one JSON object on stdout."""
    print(json.dumps(result, indent=2, ensure_ascii=False))
