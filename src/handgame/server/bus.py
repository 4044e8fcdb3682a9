"""The message bus between the ``hand serve`` processes of one site (docs/deploy.md): Redis
pub/sub (``--redis-url``, the ``redis`` package: ``pip install 'handgame[cluster]'``) or, with no
Redis, PostgreSQL's ``LISTEN``/``NOTIFY`` on the tables' own database.

A message is a JSON object published on a named channel; every process subscribed to the
channel gets it, in the order it was published, at most once (a process that was not listening
misses it: the receivers notice a gap by its version and read the database instead). The bus
carries steps between server processes only: no client ever reads it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("handgame.server")

#: what a process does with a message: ``handler(channel, message)`` (on the event loop)
Handler = Callable[[str, dict[str, Any]], None]

#: how long the reader waits for a message before it takes pending (un)subscriptions
POLL_SECONDS = 0.05


class BusError(RuntimeError):
    """The bus cannot be used: a missing package (with how to install it) or no server."""


class Bus:
    """A publish/subscribe bus; :meth:`start` before use, :meth:`close` after."""

    def __init__(self, handler: Handler) -> None:
        """A bus that gives each message received to ``handler``."""
        self.handler = handler
        self.channels: set[str] = set()
        self.outbox: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self.tasks: list[asyncio.Task[None]] = []
        self.published = 0
        self.received = 0

    async def start(self) -> None:
        """Connect, and start the reader and the publisher."""
        await self.connect()
        self.tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._publish())]

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Queue a message: messages leave in the order they were queued."""
        self.outbox.put_nowait((channel, json.dumps(message, ensure_ascii=False)))

    async def subscribe(self, channel: str) -> None:
        """Receive the messages of ``channel`` from now on."""
        if channel not in self.channels:
            self.channels.add(channel)
            await self.listen(channel, True)

    async def unsubscribe(self, channel: str) -> None:
        """Stop receiving ``channel``."""
        if channel in self.channels:
            self.channels.discard(channel)
            with contextlib.suppress(Exception):
                await self.listen(channel, False)

    async def close(self) -> None:
        """Send what is queued (a second at most), then disconnect."""
        self.outbox.put_nowait(None)
        reader, publisher = self.tasks or (None, None)
        if publisher is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(publisher, 1.0)
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader
        await self.disconnect()

    def deliver(self, channel: str, payload: str | bytes) -> None:
        """Give a message received to the handler (a bad one is logged and dropped)."""
        self.received += 1
        try:
            message = json.loads(payload)
            self.handler(channel, message)
        except Exception:
            log.exception("bus: a message on %s not handled", channel)

    async def _publish(self) -> None:
        while True:
            item = await self.outbox.get()
            if item is None:
                return
            channel, text = item
            try:
                await self.send(channel, text)
                self.published += 1
            except Exception as e:
                log.warning("bus: a message on %s not sent: %s", channel, e)

    async def _read(self) -> None:
        pause = 0.1
        while True:
            try:
                await self.receive()
                pause = 0.1
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("bus: reading failed (%s); again in %.1fs", e, pause)
                await asyncio.sleep(pause)
                pause = min(5.0, pause * 2)
                with contextlib.suppress(Exception):
                    await self.reconnect()

    # --- the transport ---------------------------------------------------------------------
    async def connect(self) -> None:
        """Open the connections."""
        raise NotImplementedError

    async def reconnect(self) -> None:
        """Open the connections again after a failure, with every subscription."""
        raise NotImplementedError

    async def disconnect(self) -> None:
        """Close the connections."""
        raise NotImplementedError

    async def listen(self, channel: str, on: bool) -> None:
        """Subscribe to (``on``) or unsubscribe from a channel."""
        raise NotImplementedError

    async def send(self, channel: str, text: str) -> None:
        """Publish one message."""
        raise NotImplementedError

    async def receive(self) -> None:
        """Wait a little for messages and deliver them."""
        raise NotImplementedError


class RedisBus(Bus):
    """Redis pub/sub (``redis.asyncio``): one connection publishes, one listens."""

    def __init__(self, url: str, handler: Handler) -> None:
        """A bus on the Redis server at ``url`` (``redis://HOST:PORT/DB``)."""
        super().__init__(handler)
        try:
            import redis.asyncio
        except ImportError as e:
            raise BusError(
                "--redis-url needs the redis package: pip install 'handgame[cluster]'"
            ) from e
        self.client: Any = redis.asyncio.from_url(url)
        self.pubsub: Any = None
        self.lock = asyncio.Lock()  # the listening connection: one user at a time

    async def connect(self) -> None:
        """Check the server answers and open the listening connection."""
        await self.client.ping()
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe("hand:hello")  # a listening connection needs a channel

    async def reconnect(self) -> None:
        """redis-py reconnects and subscribes again by itself."""

    async def disconnect(self) -> None:
        """Close both connections."""
        if self.pubsub is not None:
            await self.pubsub.aclose()
        await self.client.aclose()

    async def listen(self, channel: str, on: bool) -> None:
        """SUBSCRIBE or UNSUBSCRIBE, between two reads of the listening connection."""
        async with self.lock:
            if on:
                await self.pubsub.subscribe(channel)
            else:
                await self.pubsub.unsubscribe(channel)

    async def send(self, channel: str, text: str) -> None:
        """PUBLISH."""
        await self.client.publish(channel, text)

    async def receive(self) -> None:
        """The messages that came within :data:`POLL_SECONDS`."""
        async with self.lock:
            message = await self.pubsub.get_message(
                ignore_subscribe_messages=True, timeout=POLL_SECONDS
            )
        if message is not None and message.get("type") == "message":
            channel = message["channel"]
            name = channel.decode() if isinstance(channel, bytes) else str(channel)
            self.deliver(name, message["data"])
        elif message is None:
            await asyncio.sleep(0)


class PostgresBus(Bus):
    """PostgreSQL ``LISTEN``/``NOTIFY`` (psycopg 3): one connection listens, one notifies.
    A notification carries at most 8000 bytes; a step is far smaller."""

    def __init__(self, url: str, handler: Handler) -> None:
        """A bus on the PostgreSQL database at ``url``."""
        super().__init__(handler)
        from sqlalchemy.engine import make_url

        self.url = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.listener: Any = None
        self.notifier: Any = None

    async def connect(self) -> None:
        """Open both connections (autocommit: a NOTIFY leaves at once)."""
        import psycopg

        self.listener = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self.notifier = await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def reconnect(self) -> None:
        """New connections, listening to every channel again."""
        with contextlib.suppress(Exception):
            await self.disconnect()
        await self.connect()
        for channel in sorted(self.channels):
            await self.listen(channel, True)

    async def disconnect(self) -> None:
        """Close both connections."""
        for conn in (self.listener, self.notifier):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()

    async def listen(self, channel: str, on: bool) -> None:
        """LISTEN or UNLISTEN (waits for the reader to pause: psycopg locks the connection)."""
        from psycopg import sql

        verb = sql.SQL("LISTEN {}" if on else "UNLISTEN {}")
        await self.listener.execute(verb.format(sql.Identifier(channel)))

    async def send(self, channel: str, text: str) -> None:
        """``pg_notify(channel, payload)``."""
        await self.notifier.execute("SELECT pg_notify(%s, %s)", (channel, text))

    async def receive(self) -> None:
        """The notifications that came within :data:`POLL_SECONDS`."""
        async for note in self.listener.notifies(timeout=POLL_SECONDS):
            self.deliver(note.channel, note.payload)
        await asyncio.sleep(0)  # let a LISTEN waiting for the connection in


def make_bus(redis_url: str | None, database_url: str, handler: Handler) -> Bus:
    """Redis pub/sub at ``redis_url``, else LISTEN/NOTIFY on the PostgreSQL ``database_url``."""
    if redis_url:
        return RedisBus(redis_url, handler)
    if not database_url.startswith(("postgresql", "postgres:")):
        raise BusError("several processes need PostgreSQL (--database-url postgresql://...)")
    return PostgresBus(database_url, handler)
