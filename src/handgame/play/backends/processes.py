"""The ``processes`` backend: a pool of local worker processes (``--jobs J``)."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from typing import Any


class ProcessBackend:
    """Runs ``fn`` in ``jobs`` spawned processes of this machine, results in order."""

    name = "processes"

    def __init__(self, jobs: int) -> None:
        """A pool of ``jobs`` processes, started on the first :meth:`imap`."""
        self.jobs = jobs
        self.workers = jobs

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``fn(item)`` for every item, one item per task, in order."""
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(self.jobs) as pool:
            try:
                yield from pool.imap(fn, items, chunksize=1)
            finally:
                pool.terminate()

    def close(self) -> None:
        """Nothing left running: each :meth:`imap` ends its own pool."""


__all__ = ["ProcessBackend"]
