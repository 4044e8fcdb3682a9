"""Group commit: the steps of every table that arrive while the database is busy go to it
together, in one transaction, and each is answered once that transaction has committed.

A table stores a step and waits (:meth:`Commits.step`); nothing is sent before the step is
stored, as before. One transaction runs at a time: the steps (and the presence rows,
:meth:`Commits.presence`) that arrive while it runs wait for it, then all go in the next one.
So an idle server writes each step at once, and a busy one writes many tables' steps with one
commit (one sync to disk) instead of one commit each. Each step keeps its own version check
(:meth:`~handgame.server.storage.Storage.write_batch`): a step refused there fails with
:class:`StepRefused`, and only it.

On SQLite (a :class:`~handgame.server.walwriter.WalWriter`), the transaction is written on the
event loop itself and only the log's sync runs on a thread: a batch is then the steps that
came in one turn of the loop, and it is answered once a sync begun after its commit is done,
while the next batches commit. A batch that runs a callback in its transaction (a ranked
match's ratings, which take SQLAlchemy's connection) is written on a database thread as
before.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import Connection

from handgame.server.storage import Storage, StoredStep, Timer
from handgame.server.walwriter import Busy, WalWriter

#: what runs a blocking call off the event loop (the workers' database threads)
Runner = Callable[..., Awaitable[Any]]

#: the pause before a batch is tried again when another connection holds SQLite's write lock
BUSY_PAUSE = 0.001

Step = tuple[str, StoredStep, bool, "asyncio.Future[None]"]
Presences = dict[str, tuple[list[int], Timer, list["asyncio.Future[None]"]]]


class StepRefused(RuntimeError):
    """A step whose version is not its table's next one in the database: not stored."""


class NotDurable(RuntimeError):
    """A batch committed but whose log sync failed: its steps are not acknowledged (the store
    may or may not keep them; the table is read again from it, :mod:`.rereads`)."""


class Commits:
    """The group commit of one storage (module docstring); ``run(fn, *args)`` runs a
    storage call off the event loop."""

    def __init__(
        self,
        storage: Callable[[], Storage],
        run: Runner,
        wal: Callable[[], WalWriter | None] = lambda: None,
        timeout: float = 5.0,
    ) -> None:
        """Nothing waiting; ``storage()`` is the open storage, ``wal()`` its SQLite writer on
        the event loop (None: every batch on a database thread); a batch that finds the
        database locked by another connection for ``timeout`` seconds fails, as a database
        thread's call does (its steps are not stored, and their tables try again)."""
        self.storage = storage
        self.run = run
        self.wal = wal
        self.timeout = timeout
        self.busy_since: float | None = None  # when the write lock was first found held
        self.steps: list[Step] = []
        # what runs in the transaction of a step that is stored, by the step's future
        self.ends: dict[asyncio.Future[None], Callable[[Connection], Any]] = {}
        self.presences: Presences = {}
        self.task: asyncio.Task[None] | None = None
        self.unsynced: set[asyncio.Future[None]] = set()  # batches committed, not yet synced
        self.busy = 0  # batches tried again: another connection held SQLite's write lock
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
            wal = self.wal()
            if wal is not None and not any(f in self.ends for *_, f in steps):
                if not self._on_loop(wal, steps, presences, futures):
                    await asyncio.sleep(BUSY_PAUSE)
                continue
            try:
                refused: set[int] = await self.run(
                    self.storage().write_batch,
                    [(table_id, step, finished) for table_id, step, finished, _ in steps],
                    {table_id: (away, timer) for table_id, (away, timer, _) in presences.items()},
                    {i: self.ends[f] for i, (*_, f) in enumerate(steps) if f in self.ends},
                )
            except BaseException as e:
                self._fail(futures, e)
                if not isinstance(e, Exception):
                    raise
                continue
            self._answer(steps, presences, futures, refused)

    def _on_loop(
        self, wal: WalWriter, steps: list[Step], presences: Presences, futures: list[Any]
    ) -> bool:
        """Write a batch on the event loop and answer it once the log is synced; False if
        another connection held the write lock (the batch waits again, first in line)."""
        try:
            refused = wal.write(
                [(table_id, step, finished) for table_id, step, finished, _ in steps],
                {table_id: (away, timer) for table_id, (away, timer, _) in presences.items()},
            )
        except Busy as e:
            self.busy += 1
            now = time.monotonic()
            if self.busy_since is None:
                self.busy_since = now
            elif now - self.busy_since >= self.timeout:
                self.busy_since = None
                self._fail(futures, e)
                return True
            self.steps[:0] = steps
            for table_id, (away, timer, waiting) in presences.items():
                newer = self.presences.pop(table_id, None)
                if newer is None:
                    self.presences[table_id] = (away, timer, waiting)
                else:  # a later call replaced them meanwhile
                    self.presences[table_id] = (newer[0], newer[1], [*waiting, *newer[2]])
            return False
        except Exception as e:
            self.busy_since = None
            self._fail(futures, e)
            return True
        self.busy_since = None
        synced: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.unsynced.add(synced)

        def answer(error: BaseException | None) -> None:
            self.unsynced.discard(synced)
            synced.set_result(None)
            if error is not None:
                self._fail(futures, NotDurable(f"the log's sync failed: {error}"))
            else:
                self._answer(steps, presences, futures, refused)

        wal.after_sync(answer)
        return True

    def _fail(self, futures: list[asyncio.Future[None]], error: BaseException) -> None:
        """A batch not written (or not synced): each of its waiters gets the error."""
        for future in futures:
            self.ends.pop(future, None)
            if not future.done():
                future.set_exception(
                    error if isinstance(error, Exception) else RuntimeError(error)
                )

    def _answer(
        self, steps: list[Step], presences: Presences, futures: list[Any], refused: set[int]
    ) -> None:
        """A batch committed: each step stored is answered, each refused one fails."""
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
        """Wait for what is waiting to be written and synced (at shutdown)."""
        if self.task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(self.task), timeout)
        if self.unsynced:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(
                    asyncio.gather(*self.unsynced, return_exceptions=True), timeout
                )
