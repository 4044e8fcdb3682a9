"""Where the server's blocking work runs, so that none of it holds the event loop or another
kind of work: a thread pool for the database (used by nothing else), one thread for the quick
bots' moves (greedy, random: many tables' moves answered with one wake-up of the loop,
:mod:`handgame.server.handoff`), a thread pool for hints, and worker processes for searching
bots (ismcts).

A bot's move has a deadline (``Settings.bot_move_seconds``): a search that runs past it is
given up (its worker processes are stopped and made afresh), the greedy move is played instead
and the fact is logged. A table's bots stay deterministic: each is made from the table's seed,
the seat and the version, in whichever process runs it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.pool
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from handgame.server.botspec import is_searching
from handgame.server.handoff import BatchedThread
from handgame.server.settings import Settings
from handgame.server.table import Step, Table, auto_move, person_decides

log = logging.getLogger("handgame.server")

T = TypeVar("T")


class WorkerLost(RuntimeError):
    """A search was given up: its worker processes were stopped."""


def _warm_up() -> None:
    """Load the bots once in a new worker process."""
    from handgame.play.registry import bot_names

    bot_names()


class Workers:
    """The server's worker pools (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        """Thread pools at once; the worker processes when the first search needs them."""
        self.settings = settings
        self.storage = ThreadPoolExecutor(settings.storage_threads, "hand-storage")
        self.threads = ThreadPoolExecutor(settings.bot_threads, "hand-bots")
        self.moves = BatchedThread("hand-moves")  # the quick bots' moves
        self._pool: multiprocessing.pool.Pool | None = None
        self._pending: set[asyncio.Future[Any]] = set()
        self._ready: asyncio.Future[None] | None = None
        self.given_up = 0  # searches given up at their deadline

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a database thread."""
        return await asyncio.get_running_loop().run_in_executor(self.storage, fn, *args)

    async def quick(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a bot thread (quick bots, hints)."""
        return await asyncio.get_running_loop().run_in_executor(self.threads, fn, *args)

    async def ready(self) -> None:
        """Start the worker processes if need be and wait until they answer (a new process
        takes a moment to load the bots; that time is not counted against a move)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = context.Pool(self.settings.bot_processes, initializer=_warm_up)
            self._ready = asyncio.ensure_future(self.search(_warm_up))
        assert self._ready is not None
        await asyncio.wait_for(asyncio.shield(self._ready), 120)

    async def search(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (``fn`` and its arguments must pickle)."""
        loop = asyncio.get_running_loop()
        if self._pool is None:
            raise WorkerLost("the worker processes are not started")
        future: asyncio.Future[T] = loop.create_future()
        self._pending.add(future)
        future.add_done_callback(self._pending.discard)

        def done(value: Any) -> None:
            if not future.done():
                future.set_result(value)

        def failed(error: BaseException) -> None:
            if not future.done():
                future.set_exception(error)

        self._pool.apply_async(
            fn,
            args,
            callback=lambda v: loop.call_soon_threadsafe(done, v),
            error_callback=lambda e: loop.call_soon_threadsafe(failed, e),
        )
        return await future

    def recycle(self) -> None:
        """Stop the worker processes (a search overran) and fail what they were doing; new
        ones start with the next search."""
        pool, self._pool, self._ready = self._pool, None, None
        for future in list(self._pending):
            if not future.done():
                future.set_exception(WorkerLost("the worker processes were stopped"))
        if pool is not None:
            threading.Thread(target=pool.terminate, name="hand-pool-stop", daemon=True).start()

    async def move(self, table: Table) -> Step | None:
        """The table's next step no human decides (see :meth:`Table.next_auto`), computed off
        the event loop; a search past its deadline gives the greedy move (logged)."""
        controllers = table.controllers()
        if person_decides(table.state, controllers):  # nothing to ask a thread for
            return None
        args = (table.state, table.seed, table.version, controllers)
        if not any(is_searching(c) for c in controllers):
            return table.step_of(await self.moves.call(auto_move, *args))
        try:
            await self.ready()
            move = await asyncio.wait_for(
                self.search(auto_move, *args), self.settings.bot_move_seconds
            )
        except (TimeoutError, WorkerLost) as e:
            self.given_up += 1
            if isinstance(e, TimeoutError):
                self.recycle()
            log.warning(
                "table %s: a bot thought for more than %gs at version %d; the greedy move is "
                "played instead",
                table.id,
                self.settings.bot_move_seconds,
                table.version,
            )
            greedy = tuple(None if c is None else "greedy" for c in controllers)
            move = await self.moves.call(auto_move, table.state, table.seed, table.version, greedy)
        return table.step_of(move)

    def close(self) -> None:
        """Stop every worker at once (queued work is dropped)."""
        pool, self._pool, self._ready = self._pool, None, None
        if pool is not None:
            pool.terminate()
        self.moves.close()
        for executor in (self.threads, self.storage):
            with contextlib.suppress(Exception):
                executor.shutdown(wait=False, cancel_futures=True)
