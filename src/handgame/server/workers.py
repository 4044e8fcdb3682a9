"""Where the server's blocking work runs, so that none of it holds the event loop or another
kind of work: a thread pool for the database (used by nothing else), a worker process for the
quick bots' decisions (``Settings.bot_worker``, the default: :mod:`handgame.server.moveworker`),
a thread pool for hints, and worker processes for searching bots (ismcts).

Every bot decision is made from its seat's view alone, with a seed made for that decision
(:func:`~handgame.server.moveworker.bot_seed`): only the view crosses to a worker process, never
the table's state or seed. The table's deals are made here, on the event loop, from its seed.

Without the bot worker (``--no-bot-worker``), the quick bots' decisions are played in the
server: on the event loop, or on one thread for those not quick enough for the loop (many
tables' moves answered with one wake-up of the loop, :mod:`handgame.server.handoff`):

a quick bot's move (greedy: ~0.15 ms) is played on the event loop itself while the moves of
its kind take ``Settings.inline_move_seconds`` or less on average (:class:`MoveTimes`): a
hand-off to a thread and back costs far more than such a move on a busy server (the thread
waits for the interpreter lock, the answer for the loop: 13-33 ms a move at 200 tables,
issue 37). A kind whose moves grow slower goes to the thread, and comes back when its moves
there are quick again (the thread's CPU time is what is counted).

Searches share the worker processes fairly (issue 31): each search is capped in time, and the
cap shrinks as more tables wait for a search (``Settings.bot_move_seconds`` × processes ÷
searches waiting), and no search runs past ``bot_move_seconds`` from when its table asked (one
queued behind others has what is left), so that any table's bot answers within about
``bot_move_seconds`` however many tables search at once; a search stops itself at its cap
(:func:`handgame.core.search.time_limit`) with the move it has. Only a worker that runs
``Settings.search_grace`` seconds past its cap is stopped (the processes made afresh); the
other tables' searches it held are asked again, not given up. A bot that fails is replaced
for that move by the stand-in (``Settings.stand_in``), then by ``random``: a table never waits
on a broken bot (and a bot worker that dies or hangs is replaced, its decisions asked of the
new one once, then played by the stand-in here). A table's bots stay deterministic: each is
made from its decision's seed, in whichever process runs it (a capped search may stop sooner
under load).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.pool
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from handgame.play.driver import Driver
from handgame.server.botspec import is_searching
from handgame.server.handoff import BatchedThread
from handgame.server.moveworker import MoveWorker, WorkerLost, bot_seed, decide
from handgame.server.settings import Settings
from handgame.server.table import Step, Table, has_bot, person_decides

log = logging.getLogger("handgame.server")

T = TypeVar("T")


class MoveTimes:
    """The average time of a quick bot's move, by who plays the table's seats (an average
    that follows the recent moves), to choose where the next one is played."""

    #: the weight of the newest move in the average
    WEIGHT = 0.1

    def __init__(self, most: float) -> None:
        """No move timed yet; ``most``: the longest average a move on the event loop may have
        (0: none is played there)."""
        self.most = most
        self.average: dict[tuple[str | None, ...], float] = {}

    def inline(self, controllers: tuple[str | None, ...]) -> bool:
        """Whether the next move of these seats' bots is played on the event loop (the first
        one is, unless the setting is 0)."""
        return self.most > 0 and self.average.get(controllers, 0.0) <= self.most

    def add(self, controllers: tuple[str | None, ...], seconds: float) -> None:
        """A move of these seats' bots took ``seconds``."""
        before = self.average.get(controllers)
        self.average[controllers] = (
            seconds if before is None else before + self.WEIGHT * (seconds - before)
        )
        if len(self.average) > 1024:  # many kinds of tables: forget the oldest
            del self.average[next(iter(self.average))]


def timed_decide(*args: Any) -> tuple[Any, float]:
    """:func:`~handgame.server.moveworker.decide` and the CPU time it took (on the quick
    bots' thread, the time waited for the interpreter lock is not counted)."""
    start = time.thread_time()
    action = decide(*args)
    return action, time.thread_time() - start


#: how much lower a search worker's CPU priority is than the server's (``nice``): the event
#: loop answers first on a busy machine, the searches take what is left (issue 31)
SEARCH_NICE = 10


def _warm_up() -> None:
    """Load the bots once in a new worker process."""
    from handgame.play.registry import bot_names

    bot_names()


def _start_worker() -> None:
    """A new worker process: a lower CPU priority than the server's (:data:`SEARCH_NICE`;
    never a real-time one, which would hold a core from the event loop), then the bots
    loaded."""
    with contextlib.suppress(AttributeError, OSError):  # not on every system
        if os.sched_getscheduler(0) != os.SCHED_OTHER:
            os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    with contextlib.suppress(AttributeError, OSError):
        os.nice(SEARCH_NICE)
    _warm_up()


def search_cap(share: float, deadline: float, now: float) -> float:
    """A search's time cap when it starts: its share (:meth:`Workers.share`), and never past
    the move's deadline (``bot_move_seconds`` from when the table asked: a search that waited
    for the others' has that much less; past it, one iteration)."""
    return max(0.0, min(share, deadline - now))


def capped_decide(share: float, deadline: float, *args: Any) -> Any:
    """:func:`~handgame.server.moveworker.decide` with every search in it stopped at
    :func:`search_cap` (in a worker; ``deadline`` is wall-clock time, the same in every
    process of the machine)."""
    from handgame.core import search

    with search.time_limit(search_cap(share, deadline, time.time())):
        return decide(*args)


class Workers:
    """The server's worker pools (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        """Thread pools at once; the worker processes when the first search needs them."""
        self.settings = settings
        self.storage = ThreadPoolExecutor(settings.storage_threads, "hand-storage")
        self.threads = ThreadPoolExecutor(settings.bot_threads, "hand-bots")
        self.moves = BatchedThread("hand-moves")  # the quick bots' moves too slow for the loop
        # the quick bots' decisions, in a process of their own (None: in the server)
        timeout = settings.bot_move_seconds + settings.search_grace
        self.bot_worker = MoveWorker(timeout) if settings.bot_worker else None
        self.move_times = MoveTimes(settings.inline_move_seconds)
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
            self._pool = context.Pool(self.settings.bot_processes, initializer=_start_worker)
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

    def share(self) -> float:
        """The time cap of a search asked now: ``bot_move_seconds`` shared by the searches
        waiting (this one too) over the worker processes."""
        processes = self.settings.bot_processes
        waiting = len(self._pending) + 1
        return self.settings.bot_move_seconds * processes / max(processes, waiting)

    async def move(self, table: Table) -> Step | None:
        """The table's next step no human decides (a deal, made here from the table's seed;
        a bot's move or claim, from its seat's view alone: see the module docstring)."""
        controllers = table.controllers()
        state = table.state
        if person_decides(state, controllers):  # nothing to ask a bot
            return None
        driver = Driver(has_bot(controllers), table.seed, offer_people=False)
        while True:
            d = driver.decision(state)
            if d.kind == "over":
                return None
            if d.kind == "deal":
                return table.step_of(("deal", driver.deal(state)))
            assert d.seat is not None
            spec = controllers[d.seat]
            if spec is None:
                return None
            claim = not (d.kind == "turn" or d.required)
            seed = bot_seed(table.seed, d.seat, table.version)
            action = await self.decision(table, (spec, seed, d.seat, claim, state.view(d.seat)))
            if action is not None:
                return table.step_of(("action", action))
            driver.decline(state, d.seat)  # no claim: the next decision

    async def decision(self, table: Table, request: tuple[str, str, int, bool, Any]) -> Any:
        """A bot's decision (see the module docstring: fair caps, a failing bot replaced)."""
        _, seed, seat, claim, view = request
        try:
            return await self._decide(table, request)
        except Exception as e:  # a broken bot (a refused spec, a policy of another game…)
            log.warning("table %s: a bot failed at version %d (%s): the stand-in plays", table.id,
                        table.version, f"{type(e).__name__}: {str(e)[:200]}")  # fmt: skip
        for stand_in in dict.fromkeys((self.settings.stand_in, "random")):
            try:
                return await self.quick_move((stand_in, seed, seat, claim, view))
            except Exception as e:
                log.warning("table %s: the stand-in %s failed too (%s)", table.id, stand_in, e)
        raise RuntimeError("every bot failed")

    async def quick_move(self, request: tuple[str, str, int, bool, Any]) -> Any:
        """A quick bot's decision (no search) in the server: on the event loop while its
        moves are quick (:class:`MoveTimes`), else on the quick bots' thread."""
        key: tuple[str | None, ...] = (request[0],)
        if self.move_times.inline(key):
            start = time.perf_counter()
            try:
                return decide(*request)
            finally:
                self.move_times.add(key, time.perf_counter() - start)
        action, seconds = await self.moves.call(timed_decide, *request)
        self.move_times.add(key, seconds)
        return action

    async def _decide(self, table: Table, request: tuple[str, str, int, bool, Any]) -> Any:
        spec = request[0]
        if not is_searching(spec):
            if self.bot_worker is None:
                return await self.quick_move(request)
            key = (table.id, request[2])  # the seat's views go as what changed (viewdelta)
            try:
                return await self.bot_worker.decide(*request, key=key)
            except WorkerLost:  # asked once more, of a new worker (else: the stand-in here)
                return await self.bot_worker.decide(*request, key=key)
        # the move is due bot_move_seconds from now, however many searches are queued before
        # it (a cap shared at asking time alone let the first of a burst hold the rest: F9)
        deadline = time.time() + self.settings.bot_move_seconds
        for _ in range(2):  # once more if the workers were stopped for another table's search
            try:
                await self.ready()
                cap = self.share()
                limit = self.settings.bot_move_seconds + cap + self.settings.search_grace
                searched = self.search(capped_decide, cap, deadline, *request)
                return await asyncio.wait_for(searched, limit)
            except WorkerLost:
                continue
            except TimeoutError:
                self.recycle()  # a worker that does not stop: the others' searches go again
                break
        self.given_up += 1
        log.warning(
            "table %s: a search did not end at version %d; the greedy move is played instead",
            table.id,
            table.version,
        )
        return await self.quick_move(("greedy", *request[1:]))

    def close(self) -> None:
        """Stop every worker at once (queued work is dropped)."""
        pool, self._pool, self._ready = self._pool, None, None
        if pool is not None:
            pool.terminate()
        if self.bot_worker is not None:
            self.bot_worker.stop()
        self.moves.close()
        for executor in (self.threads, self.storage):
            with contextlib.suppress(Exception):
                executor.shutdown(wait=False, cancel_futures=True)
