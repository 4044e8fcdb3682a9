"""The running server: tables in memory, their connections, steps and storage.

All changes to a table happen under its lock: a step is computed, stored (the write ends
before anything is sent), made the table's, acknowledged to its sender and sent to every
connection of the table as each one may see it. A table's *driver* task
(:mod:`handgame.server.driving`) plays the steps no human decides (deals, bots, stand-ins for
absent humans); its *timer* task (:mod:`handgame.server.timers`) marks a human seat absent when
its turn timer runs out, and a stand-in bot plays for it until it is back. Each client's
WebSocket is a :class:`~handgame.server.connection.Connection`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from handgame.core.registry import find_game
from handgame.server.connection import Connection, message_id
from handgame.server.driving import TableDrivers
from handgame.server.protocol import (
    PROTOCOL,
    ClientMessage,
    Deadline,
    MalformedMessage,
    ack_message,
    error_message,
    read_client_message,
    state_message,
    timer_fields,
)
from handgame.server.settings import Settings
from handgame.server.storage import Storage
from handgame.server.table import Duplicate, Rejection, Seat, Step, Table, check_bot, token_hash
from handgame.server.timers import TurnTimers

__all__ = ["Hub", "Settings"]

log = logging.getLogger("handgame.server")


class Hub:
    """Every table of the server (see the module docstring)."""

    def __init__(self, settings: Settings, seed_source: Callable[[], str] | None = None):
        """A hub not started yet; ``seed_source`` makes deal seeds (tests fix it)."""
        self.settings = settings
        self.seed_source = seed_source or (lambda: secrets.token_hex(16))
        self._storage: Storage | None = None
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Connection]] = {}
        self.timers = TurnTimers(settings, self.lock, self.expired)
        self.drivers = TableDrivers(settings, self.lock, self.store, self.timers.arm)
        self.evictions: dict[str, asyncio.Task[None]] = {}  # finished tables to drop

    @property
    def storage(self) -> Storage:
        """The open storage."""
        if self._storage is None:
            raise RuntimeError("the hub is not started")
        return self._storage

    @property
    def deadlines(self) -> Mapping[str, Deadline]:
        """The running turn timers, by table."""
        return self.timers.deadlines

    # --- life cycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Open the storage and resume every unfinished table."""
        self._storage = Storage(self.settings.database_url)
        for table_id in self.storage.table_ids(unfinished_only=True):
            if self.get(table_id) is not None:
                self.kick(table_id)

    async def stop(self) -> None:
        """Stop the tables' tasks and close the storage."""
        tasks = [
            *self.drivers.tasks.values(),
            *self.timers.tasks.values(),
            *self.evictions.values(),
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self.drivers.tasks.clear()
        self.timers.clear()
        self.evictions.clear()
        if self._storage is not None:
            self._storage.close()
            self._storage = None

    # --- tables ----------------------------------------------------------------------------
    async def create_table(
        self,
        preset: str,
        options: dict[str, Any],
        partnership: bool,
        seats: list[dict[str, Any]],
    ) -> tuple[Table, dict[int, str]]:
        """A new table, stored and dealt; its human seats' tokens. Raises ``ValueError``."""
        made: list[Seat] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(seats):
            if s.get("kind") == "bot":
                spec = check_bot(str(s.get("bot") or "greedy"), self.settings.policies)
                made.append(
                    Seat("bot", str(s.get("name") or f"{spec.partition(':')[0]} {i}"), spec)
                )
            else:
                tokens[i] = secrets.token_urlsafe(24)
                made.append(
                    Seat("human", str(s.get("name") or f"seat {i}"), None, token_hash(tokens[i]))
                )
        game = find_game(preset).create(
            preset, options, len(made), partnership, [s.name for s in made]
        )
        table_id = secrets.token_urlsafe(9)
        seed = self.seed_source()
        table = Table(
            table_id,
            game,
            tuple(made),
            seed,
            created_at=datetime.now(UTC),
            stand_in=self.settings.stand_in,
        )
        table.created_at = self.storage.create_table(table_id, table.config(), seed)
        self.tables[table_id] = table
        async with self.lock(table_id):
            first_deal = table.next_auto()
            assert first_deal is not None
            await self.store(table, first_deal)
        self.kick(table_id)
        return table, tokens

    def get(self, table_id: str) -> Table | None:
        """A table by id (loaded from storage if needed), or None."""
        table = self.tables.get(table_id)
        if table is None:
            stored = self.storage.load(table_id)
            if stored is None:
                return None
            table = Table.from_stored(stored, self.settings.stand_in)
            self.tables[table_id] = table
            self._evict_if_idle(table)  # a finished table read for a request goes again
        return table

    def _evict_if_idle(self, table: Table) -> None:
        """Drop a finished table with no client from memory after ``evict_after`` seconds (it
        stays in storage; :meth:`get` reloads it)."""
        delay = self.settings.evict_after
        if delay is None or not table.finished or self.conns.get(table.id):
            return
        pending = self.evictions.get(table.id)
        if pending is None or pending.done():
            self.evictions[table.id] = asyncio.create_task(self._evict(table.id, delay))

    async def _evict(self, table_id: str, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock(table_id):
            table = self.tables.get(table_id)
            if table is None or not table.finished or self.conns.get(table_id):
                return
            del self.tables[table_id]
            self.conns.pop(table_id, None)
            self.drivers.drop(table_id)
            self.timers.drop(table_id)
            task = self.evictions.pop(table_id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
            self.locks.pop(table_id, None)
            log.info("table %s: finished and idle; dropped from memory", table_id)

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock of a table's changes."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    def presence(self, table: Table) -> list[dict[str, Any]]:
        """Each seat: who plays it, whether a client holds it, whether its human is absent."""
        connected = {c.seat for c in self.conns.get(table.id, ()) if c.seat is not None}
        return [
            {
                "seat": i,
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot,
                "connected": i in connected,
                "away": i in table.away,
            }
            for i, s in enumerate(table.seats)
        ]

    # --- steps -------------------------------------------------------------------------------
    async def store(self, table: Table, step: Step, sender: Connection | None = None) -> None:
        """Store a step, make it the table's, start the timer of the decision it leaves to a
        human (if any), acknowledge it and send it, with that timer, to every client."""
        await asyncio.to_thread(self.storage.append_step, table.id, step.stored, step.state.is_over)
        table.commit(step)
        self.timers.arm(table)
        self._evict_if_idle(table)
        if sender is not None:
            sender.put(ack_message(step.stored.client_id, table.version))
        deadline = self.timers.deadline(table.id)
        cache: dict[int | None, dict[str, Any]] = {}
        for conn in self.conns.get(table.id, ()):
            if conn.seat not in cache:
                cache[conn.seat] = state_message(
                    table.id, table.version, table.state, conn.seat, deadline=deadline
                )
            conn.put(cache[conn.seat])

    def _send_presence(self, table: Table) -> None:
        message = {
            "type": "seats",
            "seats": self.presence(table),
            "version": table.version,
            **timer_fields(self.timers.deadline(table.id)),
        }
        for conn in self.conns.get(table.id, ()):
            conn.put(message)

    def kick(self, table_id: str) -> None:
        """Make sure the table's driver runs (it stops when a human is to decide)."""
        table = self.tables.get(table_id)
        if table is not None:
            self.drivers.kick(table)

    def expired(self, table: Table) -> None:
        """A turn timer ran out and its seat is absent now: tell the clients, and let the
        stand-in play (the caller holds the table's lock)."""
        self._send_presence(table)
        self.kick(table.id)

    def _back(self, table: Table, seat: int) -> None:
        """A human is back: it plays its seat again (the caller holds the table's lock)."""
        if seat in table.away:
            table.away.discard(seat)
            self.timers.arm(table)
            self._send_presence(table)

    # --- connections ---------------------------------------------------------------------------
    async def attach(self, conn: Connection, since: int | None) -> None:
        """Welcome a new connection and send it the table as its seat sees it."""
        table = self.tables[conn.table_id]
        conn.start()
        lock = self.lock(table.id)
        async with lock:
            # a finished table may have been dropped while this waited for its lock
            self.tables.setdefault(table.id, table)
            self.locks.setdefault(table.id, lock)
            self.conns.setdefault(table.id, set()).add(conn)
            conn.put(
                {
                    "type": "welcome",
                    "protocol": PROTOCOL,
                    "table": table.id,
                    "seat": conn.seat,
                    "version": table.version,
                    "seats": self.presence(table),
                }
            )
            self._catch_up(conn, table, since)
            if conn.seat is not None:
                table.away.discard(conn.seat)
                self.timers.arm(table)
            self._send_presence(table)

    async def detach(self, conn: Connection) -> None:
        """Forget a closed connection."""
        async with self.lock(conn.table_id):
            self.conns.get(conn.table_id, set()).discard(conn)
            table = self.tables.get(conn.table_id)
            if table is not None:
                self._send_presence(table)
                self._evict_if_idle(table)
        await conn.stop()

    def _catch_up(self, conn: Connection, table: Table, since: int | None) -> None:
        """The state messages a client missed since ``since``, or the current one (resync)."""
        deadline = self.timers.deadline(table.id)
        if since is not None and 0 <= since <= table.version:
            states = [table.state_at(v) for v in range(since + 1, table.version + 1)]
            if all(s is not None for s in states):
                for v, s in enumerate(states, since + 1):
                    assert s is not None
                    conn.put(state_message(table.id, v, s, conn.seat, deadline=deadline))
                return
        conn.put(
            state_message(
                table.id,
                table.version,
                table.state,
                conn.seat,
                since is not None,
                deadline=deadline,
            )
        )

    async def receive(self, conn: Connection, text: str) -> None:
        """Handle one message from a client."""
        table = self.tables[conn.table_id]
        if len(text.encode("utf-8")) > self.settings.max_message_bytes:
            conn.put(
                error_message(
                    "too_large",
                    f"a message is at most {self.settings.max_message_bytes} bytes",
                    version=table.version,
                )
            )
            return
        if not conn.limiter.allow():
            conn.dropped += 1
            conn.put(
                error_message(
                    "rate_limited",
                    "too many messages: slow down",
                    id=message_id(text),
                    version=table.version,
                )
            )
            if conn.dropped > self.settings.max_dropped:
                conn.closed = True
                await conn.socket.close(1008, "too many messages")
            return
        try:
            message = read_client_message(text)
        except MalformedMessage as e:
            conn.put(error_message("malformed", str(e), version=table.version))
            return
        if message.type == "ping":
            conn.put({"type": "pong", "id": message.id, "version": table.version})
            return
        async with self.lock(table.id):
            if message.type == "sync":
                self._catch_up(conn, table, message.version)
            elif conn.seat is None:
                if message.type == "action":
                    conn.put(
                        error_message(
                            "spectator",
                            "a spectator cannot play; join with a seat's token",
                            id=message.id,
                            version=table.version,
                        )
                    )
            elif message.type == "back":
                self._back(table, conn.seat)
            else:
                await self._action(conn, table, message)

    async def _action(self, conn: Connection, table: Table, message: ClientMessage) -> None:
        assert conn.seat is not None
        self._back(table, conn.seat)
        result = table.check(conn.seat, message.action, message.version, message.id)
        if isinstance(result, Duplicate):
            conn.put(ack_message(message.id, result.version, duplicate=True))
        elif isinstance(result, Rejection):
            conn.put(
                error_message(
                    result.code,
                    result.message,
                    rules=result.rules,
                    id=message.id,
                    version=table.version,
                )
            )
        else:
            await self.store(table, result, sender=conn)
            self.timers.arm(table)
            self.kick(table.id)
