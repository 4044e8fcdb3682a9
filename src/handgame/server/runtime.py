"""How a server process runs (issue 37): uvicorn on uvloop's event loop where it is installed
(a dependency on Linux and macOS; the standard loop elsewhere), and the garbage collector set
for a server.

The collector: at 200 tables Python's default thresholds ran a full collection every few
seconds, each stopping the event loop for 90-225 ms (every table's moves wait; 440 ms at
1,000 tables, where they took 6.7 s of a 41 s run). :func:`tune_collector` moves what the
process made before it serves (modules, the app, the rule books) out of the collector's sight
(``gc.freeze``) and sets :data:`SERVING_THRESHOLDS`: full collections become rare (the tables'
states, immutable, are freed by their reference counts: the engine makes no reference cycles
in play, issue 19) and the others short.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

#: the collector's thresholds while serving: a young collection every 2,000 allocations net
#: (not 700: each a few milliseconds at most), an older one every 10 young ones (so it reads
#: the survivors of 20,000 allocations: 25 ms at most at 1,000 tables, where 10,000 and 100
#: gave 210-240 ms), a full one every 10,000 older ones (every table's states: 0.5 s at 1,000
#: tables; Python's own 10 ran one every few seconds)
SERVING_THRESHOLDS = (2_000, 10, 10_000)


def tune_collector() -> None:
    """Collect once, freeze what survives (never scanned again) and raise the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVING_THRESHOLDS)


def loop_name() -> str:
    """The running event loop's kind: ``uvloop`` or ``asyncio``."""
    module = type(asyncio.get_running_loop()).__module__
    return "uvloop" if module.startswith("uvloop") else "asyncio"


def runtime_info() -> dict[str, Any]:
    """What ``/api/health`` says of the process: its event loop and its collector."""
    return {
        "event_loop": loop_name(),
        "collector_frozen": gc.get_freeze_count(),
        "collector_thresholds": list(gc.get_threshold()),
    }


def serve(config: Any) -> None:
    """Run uvicorn with ``config`` (a ``uvicorn.Config``) in this process, the collector
    tuned first (its loop is uvloop's when installed: uvicorn's ``loop="auto"``)."""
    import uvicorn

    tune_collector()
    uvicorn.Server(config).run()
