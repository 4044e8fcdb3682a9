"""One client's WebSocket: its seat, its rate limit and its queue of outgoing messages.

A message is written to the socket at once when nothing waits before it and the socket takes
it without waiting (the usual case: the transport's buffer has room), so an ``ack`` leaves in
the same turn of the event loop as its commit, not after every other table's work of that
turn (issue 37). When the socket makes the send wait (a client that does not read: its
transport is paused), the send goes on in a task of its own and the next messages queue
behind it, so a slow client never holds a table's lock: a client that falls
``Settings.outbox`` messages or ``Settings.outbox_bytes`` bytes behind is disconnected (it
reconnects and catches up). Messages are queued already serialized, so one message sent to
many clients is made once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from handgame.server.protocol import MalformedMessage, read_client_message
from handgame.server.settings import Settings

log = logging.getLogger("handgame.server")


class Socket(Protocol):
    """The part of a WebSocket the hub uses."""

    async def send_text(self, data: str) -> None:
        """Send one text message."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the connection."""


class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        """A full bucket."""
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.last = clock()

    def allow(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if there are that many."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


def encode(message: dict[str, Any]) -> str:
    """A message as the text frame that carries it."""
    return json.dumps(message, ensure_ascii=False)


class Connection:
    """One client's WebSocket: its seat (None for a spectator) and its outgoing queue."""

    def __init__(
        self,
        socket: Socket,
        table_id: str,
        seat: int | None,
        settings: Settings,
        address: str | None = None,
    ):
        """A connection not yet attached to its table; ``address``: the client's IP."""
        self.socket = socket
        self.table_id = table_id
        self.seat = seat
        self.address = address
        self.settings = settings
        self.limiter = RateLimiter(settings.rate, settings.burst)
        self.dropped = 0  # messages refused for the rate
        self.refusing = False  # the last message was refused (the run is answered once)
        self.queue: deque[str] = deque()  # messages not written yet, in order
        self.queued_bytes = 0
        self.started = False  # sending (before :meth:`start`, messages wait in the queue)
        self.sender: asyncio.Task[None] | None = None  # a send that had to wait, and the rest
        self.closer: asyncio.Task[None] | None = None
        self.closed = False
        self.counted = False  # counted in its address's connections (Hub.admit)
        # the account logged in by the connection's session cookie (id, name), or None
        self.account: tuple[int, str] | None = None
        # its session's stored hash (a cluster forwards it with a join: the table's owner
        # reads the account again from the database)
        self.session_sha256: str | None = None
        # the hash of the seat's token (None: a spectator): a seat moved in a waiting room
        # follows its token (:mod:`handgame.server.rooms`)
        self.token_sha256: str | None = None
        self.chat_limiter = RateLimiter(settings.chat_rate, settings.chat_burst)

    def start(self) -> None:
        """Start sending (the messages queued before go first)."""
        self.started = True
        self._pump()

    def put(self, message: dict[str, Any] | str) -> None:
        """Send a message (or its text): at once if the socket takes it without waiting, else
        queued; a client too slow to take them is disconnected."""
        if self.closed:
            return
        text = message if isinstance(message, str) else encode(message)
        if len(self.queue) >= self.settings.outbox or (
            self.queued_bytes + len(text) > self.settings.outbox_bytes and self.queued_bytes
        ):
            self.closed = True
            log.warning("table %s: a client fell too far behind; closing", self.table_id)
            self.closer = asyncio.create_task(self.socket.close(1013, "too far behind: reconnect"))
            return
        self.queue.append(text)
        self.queued_bytes += len(text)
        self._pump()

    def _pump(self) -> None:
        """Write the queued messages while the socket takes each without waiting; the first
        that waits goes on in :attr:`sender`, which sends the rest after it."""
        while self.started and self.queue and not self._sending():
            text = self.queue.popleft()
            self.queued_bytes -= len(text)
            waiting = eager(self.socket.send_text(text), self._failed)
            if waiting is not None:
                self.sender = asyncio.ensure_future(self._finish(waiting))

    def _sending(self) -> bool:
        return self.sender is not None and not self.sender.done()

    def _failed(self, _error: BaseException) -> None:
        self.closed = True  # the client went away; the receive loop ends the connection
        self.queue.clear()
        self.queued_bytes = 0

    async def _finish(self, waiting: Awaitable[None]) -> None:
        await waiting
        if self.closed and not self.queue:
            return
        while self.queue:
            text = self.queue.popleft()
            self.queued_bytes -= len(text)
            try:
                await self.socket.send_text(text)
            except Exception as e:
                self._failed(e)
                return

    async def stop(self) -> None:
        """Send what is queued (a second at most), then stop."""
        self.closed = True
        if self.started and self.queue and not self._sending():
            self.sender = asyncio.ensure_future(self._finish(asyncio.sleep(0)))
        if self.sender is not None and not self.sender.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.sender), 1.0)
            if not self.sender.done():
                self.sender.cancel()
        self.queue.clear()
        self.queued_bytes = 0


def eager(
    coro: Coroutine[Any, Any, None], failed: Callable[[BaseException], None]
) -> Awaitable[None] | None:
    """Run ``coro`` now, up to its first wait: None if it finished (a failure goes to
    ``failed``), else an awaitable that runs the rest of it (what Python 3.12's eager tasks
    do, without a task when no wait comes)."""
    try:
        first = coro.send(None)
    except StopIteration:
        return None
    except Exception as e:
        failed(e)
        return None
    return _rest(coro, first, failed)


async def _rest(
    coro: Coroutine[Any, Any, None], waiting: Any, failed: Callable[[BaseException], None]
) -> None:
    """The rest of a coroutine that :func:`eager` started and that waits on ``waiting`` (the
    future it yielded, as a task would see it, or None for a bare yield)."""
    while True:
        try:
            if isinstance(waiting, asyncio.Future):
                waiting._asyncio_future_blocking = False
                await asyncio.wait([waiting])
            else:
                await asyncio.sleep(0)
        except asyncio.CancelledError:
            coro.close()
            raise
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
        except Exception as e:
            failed(e)
            return


def message_id(text: str) -> str | None:
    """The id of a message that is refused unread, if it has one."""
    try:
        return read_client_message(text).id
    except MalformedMessage:
        return None
