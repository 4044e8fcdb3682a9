"""One client's WebSocket: its seat, its rate limit and its queue of outgoing messages.

A connection sends from its own task, so a slow client never holds a table's lock: a client
that falls ``Settings.outbox`` messages or ``Settings.outbox_bytes`` bytes behind is
disconnected (it reconnects and catches up). Messages are queued already serialized, so one
message sent to many clients is made once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
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
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(settings.outbox)
        self.queued_bytes = 0
        self.sender: asyncio.Task[None] | None = None
        self.closer: asyncio.Task[None] | None = None
        self.closed = False
        self.counted = False  # counted in its address's connections (Hub.admit)
        # the hash of the seat's token (None: a spectator): a seat moved in a waiting room
        # follows its token (:mod:`handgame.server.rooms`)
        self.token_sha256: str | None = None
        self.chat_limiter = RateLimiter(settings.chat_rate, settings.chat_burst)

    def start(self) -> None:
        """Start sending queued messages."""
        self.sender = asyncio.create_task(self._send_loop())

    def put(self, message: dict[str, Any] | str) -> None:
        """Queue a message (or its text); a client too slow to take them is disconnected."""
        if self.closed:
            return
        text = message if isinstance(message, str) else encode(message)
        try:
            if self.queued_bytes + len(text) > self.settings.outbox_bytes and self.queued_bytes:
                raise asyncio.QueueFull
            self.queue.put_nowait(text)
            self.queued_bytes += len(text)
        except asyncio.QueueFull:
            self.closed = True
            log.warning("table %s: a client fell too far behind; closing", self.table_id)
            self.closer = asyncio.create_task(self.socket.close(1013, "too far behind: reconnect"))

    async def _send_loop(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            self.queued_bytes -= len(text)
            try:
                await self.socket.send_text(text)
            except Exception:  # the client went away; the receive loop ends the connection
                self.closed = True
                return

    async def stop(self) -> None:
        """Send what is queued, then stop."""
        self.closed = True
        if self.sender is not None:
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.sender, 1.0)
            if not self.sender.done():
                self.sender.cancel()


def message_id(text: str) -> str | None:
    """The id of a message that is refused unread, if it has one."""
    try:
        return read_client_message(text).id
    except MalformedMessage:
        return None
