"""A thread that runs the event loop's short calls one after another and answers many of them
with one wake-up of the loop.

A thread pool answers each call with a wake-up of its own (a write to the loop's self-pipe,
a callback, a switch of the interpreter lock); for a bot's move that takes a tenth of a
millisecond, that hand-off costs as much as the move. Here the calls wait in one queue, the
thread runs them in turn, and the answers of the calls done meanwhile go back together: at
once when the queue is empty, else every ``gather`` seconds.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

Call = tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any], asyncio.AbstractEventLoop]
Answer = tuple[asyncio.Future[Any], bool, Any]


class Stopped(RuntimeError):
    """The thread was stopped before the call ran."""


def _deliver(answers: list[Answer]) -> None:
    """Answer the calls (on the loop's thread)."""
    for future, ok, value in answers:
        if future.done():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


class BatchedThread:
    """One thread for short calls (module docstring); started with the first call."""

    def __init__(self, name: str, gather: float = 0.002) -> None:
        """A thread named ``name`` that answers at least every ``gather`` seconds."""
        self.name = name
        self.gather = gather
        self.queue: deque[Call] = deque()
        self.ready = threading.Condition()
        self.thread: threading.Thread | None = None
        self.closed = False

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the thread."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        with self.ready:
            if self.closed:
                raise Stopped(f"{self.name} is stopped")
            self.queue.append((fn, args, future, loop))
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self.thread.start()
            self.ready.notify()
        return await future

    def _run(self) -> None:
        answers: dict[asyncio.AbstractEventLoop, list[Answer]] = {}
        since = 0.0  # when the oldest answer not yet given back was made
        while True:
            with self.ready:
                while not self.queue and not self.closed:
                    self.ready.wait()
                if not self.queue:  # closed, nothing left
                    return
                fn, args, future, loop = self.queue.popleft()
                more = bool(self.queue)
            try:
                answer: Answer = (future, True, fn(*args))
            except BaseException as e:  # the caller gets it
                answer = (future, False, e)
            if not answers:
                since = time.monotonic()
            answers.setdefault(loop, []).append(answer)
            if not more or time.monotonic() - since >= self.gather:
                for target, done in answers.items():
                    if not target.is_closed():
                        target.call_soon_threadsafe(_deliver, done)
                answers = {}

    def close(self) -> None:
        """Stop: the calls not started fail with :class:`Stopped` (the one running ends)."""
        with self.ready:
            self.closed = True
            dropped = list(self.queue)
            self.queue.clear()
            self.ready.notify()
        for _, _, future, loop in dropped:
            if not loop.is_closed():
                loop.call_soon_threadsafe(
                    _deliver, [(future, False, Stopped(f"{self.name} is stopped"))]
                )
