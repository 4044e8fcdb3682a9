"""Group commit: the steps of every table that arrive while the database is busy go to it
together, in one transaction, and each is answered once that transaction has committed.

A table stores a step and waits (:meth:`Commits.step`); nothing is sent before the step is
stored, as before. One transaction runs at a time: the steps (and the presence rows,
:meth:`Commits.presence`) that arrive while it runs wait for it, then all go in the next one.
So an idle server writes each step at once, and a busy one writes many tables' steps with one
commit (one sync to disk) instead of one commit each. Each step keeps its own version check
(:meth:`~handgame.server.storage.Storage.write_batch`): a step refused there fails with
:class:`StepRefused`, and only it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import Connection

from handgame.server.storage import Storage, StoredStep, Timer

#: what runs a blocking call off the event loop (the workers' database threads)
Runner = Callable[..., Awaitable[Any]]


class StepRefused(RuntimeError):
    """A step whose version is not its table's next one in the database: not stored."""


class Commits:
    """The group commit of one storage (module docstring); ``run(fn, *args)`` runs a
    storage call off the event loop."""

    def __init__(self, storage: Callable[[], Storage], run: Runner) -> None:
        """Nothing waiting; ``storage()`` is the open storage."""
        self.storage = storage
        self.run = run
        self.steps: list[tuple[str, StoredStep, bool, asyncio.Future[None]]] = []
        # what runs in the transaction of a step that is stored, by the step's future
        self.ends: dict[asyncio.Future[None], Callable[[Connection], Any]] = {}
        self.presences: dict[str, tuple[list[int], Timer, list[asyncio.Future[None]]]] = {}
        self.task: asyncio.Task[None] | None = None
        self.batches = 0  # transactions committed
        self.largest = 0  # the most steps one transaction held
        self.steps_written = 0  # steps committed
        self.presence_rows = 0  # presence rows committed

    async def step(
        self,
        table_id: str,
        step: StoredStep,
        finished: bool,
        end: Callable[[Connection], Any] | None = None,
    ) -> None:
        """Store a step (its version must be its table's next one); returns once it is
        committed. Raises :class:`StepRefused`, or the database's error. ``end``: run in the
        step's transaction if it is stored (a ranked match's ratings)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.steps.append((table_id, step, finished, future))
        if end is not None:
            self.ends[future] = end
        self._wake()
        await future

    def presence(self, table_id: str, away: list[int], timer: Timer) -> asyncio.Future[None]:
        """Store a table's absent seats and turn timer with the next transaction (a later
        call for the same table before it replaces them); done once committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting = self.presences.pop(table_id, None)
        futures = [*(waiting[2] if waiting else ()), future]
        self.presences[table_id] = (away, timer, futures)
        self._wake()
        return future

    def _wake(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while self.steps or self.presences:
            steps, self.steps = self.steps, []
            presences, self.presences = self.presences, {}
            futures = [f for *_, f in steps] + [f for *_, fs in presences.values() for f in fs]
            try:
                refused: set[int] = await self.run(
                    self.storage().write_batch,
                    [(table_id, step, finished) for table_id, step, finished, _ in steps],
                    {table_id: (away, timer) for table_id, (away, timer, _) in presences.items()},
                    {i: self.ends[f] for i, (*_, f) in enumerate(steps) if f in self.ends},
                )
            except BaseException as e:
                for future in futures:
                    self.ends.pop(future, None)
                    if not future.done():
                        future.set_exception(e if isinstance(e, Exception) else RuntimeError(e))
                if not isinstance(e, Exception):
                    raise
                continue
            self.batches += 1
            self.largest = max(self.largest, len(steps))
            self.steps_written += len(steps) - len(refused)
            self.presence_rows += len(presences)
            for i, (table_id, step, _, future) in enumerate(steps):
                self.ends.pop(future, None)
                if future.done():
                    continue
                if i in refused:
                    future.set_exception(
                        StepRefused(f"table {table_id}: step {step.version} is not the next one")
                    )
                else:
                    future.set_result(None)
            for future in futures[len(steps) :]:
                if not future.done():
                    future.set_result(None)

    async def drain(self, timeout: float) -> None:
        """Wait for what is waiting to be written (at shutdown)."""
        if self.task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(self.task), timeout)
