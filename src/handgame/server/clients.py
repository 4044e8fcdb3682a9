"""The hub's side of its clients: admitting a WebSocket, welcoming it with its table as its seat
sees it, reading its messages, checking and storing its actions, and telling every client who
is at the table. :class:`~handgame.server.hub.Hub` is made of this and of its tables' life
cycle; a client's view is always made for its own seat (``state.view(seat)``), never more.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from handgame.server.connection import Connection, encode
from handgame.server.limits import AddressBuckets, AddressCounts
from handgame.server.persist import ViewCache
from handgame.server.protocol import (
    PROTOCOL,
    ROOM_TYPES,
    ClientMessage,
    Deadline,
    MalformedMessage,
    ack_message,
    error_message,
    preview_message,
    read_client_message,
    seat_view,
    timer_fields,
)
from handgame.server.room import room_info
from handgame.server.settings import Settings
from handgame.server.table import Duplicate, Rejection, Step, Table
from handgame.server.timers import TurnTimers

log = logging.getLogger("handgame.server")

#: what a new connection costs its address's message budget (its welcome and state)
CONNECT_COST = 2.0


class Unavailable(RuntimeError):
    """The database did not answer: nothing was stored (the caller may try again)."""


def unavailable(error: BaseException) -> Unavailable:
    """:class:`Unavailable` for a client: the error's details (a host, a port) are logged,
    never sent (issue 31)."""
    text = str(error).strip().splitlines()
    log.warning("the database does not answer: %s: %s", type(error).__name__, text[:1])
    return Unavailable("the database does not answer: try again soon")


class LimitReached(ValueError):
    """A server limit (``Settings``) refuses a new table or connection."""


class TooManyTables(LimitReached):
    """One address has as many unfinished tables as it may (``max_tables_per_address``)."""


class Sender(Protocol):
    """Who sent an action: a client's connection here, or one of another server process
    (:mod:`handgame.server.cluster`); its answers go back through :meth:`put`."""

    seat: int | None
    account: tuple[int, str] | None  # its account (id, name), checked by the server

    def put(self, message: dict[str, Any] | str) -> None:
        """Send a message to the client."""


class Clients:
    """The connections of the hub's tables (a part of :class:`~handgame.server.hub.Hub`)."""

    settings: Settings
    tables: dict[str, Table]
    conns: dict[str, set[Connection]]
    locks: dict[str, asyncio.Lock]
    addresses: AddressCounts
    messages: AddressBuckets  # client messages, per address (every connection of it)
    resyncs: AddressBuckets  # states sent to catch up, per address
    table_resyncs: AddressBuckets  # states sent to catch up, per table
    views: ViewCache
    timers: TurnTimers

    # --- given by the hub ----------------------------------------------------------------------
    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock of a table's changes."""
        raise NotImplementedError

    async def store(self, table: Table, step: Step, sender: Sender | None = None) -> None:
        """Store a step and send it (see the hub)."""
        raise NotImplementedError

    def kick(self, table_id: str) -> None:
        """Make sure the table's driver runs."""
        raise NotImplementedError

    def evict_if_idle(self, table: Table) -> None:
        """Let a table with no client leave memory after a while."""
        raise NotImplementedError

    def lonely(self, table: Table) -> None:
        """Note when an unfinished table of humans has no human connected any more."""
        raise NotImplementedError

    def save_presence(self, table: Table) -> None:
        """Store the table's absent seats and turn timer if they changed."""
        raise NotImplementedError

    def deadline(self, table_id: str) -> Deadline | None:
        """The running turn timer of a table, or None."""
        return self.timers.deadline(table_id)

    # --- who is at the table -------------------------------------------------------------------
    def connected_seats(self, table: Table) -> set[int]:
        """The seats a client holds now."""
        return {c.seat for c in self.conns.get(table.id, ()) if c.seat is not None}

    def presence(self, table: Table) -> list[dict[str, Any]]:
        """Each seat: who plays it, whether a client holds it, whether its human is absent."""
        connected = self.connected_seats(table)
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

    def presence_message(self, table: Table) -> dict[str, Any]:
        """The ``seats`` message of a table."""
        return {
            "type": "seats",
            "seats": self.presence(table),
            "version": table.version,
            **timer_fields(self.deadline(table.id)),
            "room": room_info(table.room),
        }

    def send_presence(self, table: Table) -> None:
        """Tell every client of the table who is at it."""
        text = encode(self.presence_message(table))  # encoded once for every client
        for conn in self.conns.get(table.id, ()):
            conn.put(text)

    def back(self, table: Table, seat: int) -> None:
        """A human is back: it plays its seat again (the caller holds the table's lock)."""
        if seat in table.away:
            table.away.discard(seat)
            self.timers.arm(table)
            self.save_presence(table)
            self.send_presence(table)

    # --- connections ---------------------------------------------------------------------------
    def admit(self, conn: Connection) -> None:
        """Count a new connection, or raise :class:`LimitReached` (too many from its address,
        or too many spectators at its table); :meth:`detach` uncounts it."""
        spectators = sum(1 for c in self.conns.get(conn.table_id, ()) if c.seat is None)
        if conn.seat is None and spectators >= self.settings.max_spectators:
            raise LimitReached(f"this table has {spectators} spectators, the most it takes")
        if not self.messages.allow(conn.address, CONNECT_COST):
            raise LimitReached("too many messages from your address: wait a little")
        if not self.addresses.take(conn.address):
            raise LimitReached("too many connections from your address")
        conn.counted = True

    def welcome(self, conn: Connection, table: Table, since: int | None) -> None:
        """The ``welcome`` message and the states the client missed."""
        conn.put(
            {
                "type": "welcome",
                "protocol": PROTOCOL,
                "table": table.id,
                "seat": conn.seat,
                "version": table.version,
                "seats": self.presence(table),
                "room": room_info(table.room),
            }
        )
        self.catch_up(conn, table, since)

    async def attach(self, conn: Connection, since: int | None, table: Table | None = None) -> None:
        """Welcome a new connection and send it the table (``table``, the one just fetched
        for it, else the one in memory) as its seat sees it."""
        table = table or self.tables[conn.table_id]
        conn.start()
        lock = self.lock(table.id)
        async with lock:
            # a table may have been dropped while this waited for its lock
            self.tables.setdefault(table.id, table)
            self.locks.setdefault(table.id, lock)
            self.conns.setdefault(table.id, set()).add(conn)
            self.welcome(conn, table, since)
            if conn.seat is not None:  # a spectator changes no seat's presence: nothing to say
                self.seated(table, conn.seat)

    def seated(self, table: Table, seat: int) -> None:
        """A client holds ``seat`` now: its human is not absent (the caller holds the lock)."""
        self.lonely(table)
        table.away.discard(seat)
        self.timers.arm(table)
        self.save_presence(table)
        self.send_presence(table)

    async def detach(self, conn: Connection) -> None:
        """Forget a closed connection."""
        if conn.counted:
            conn.counted = False
            self.addresses.give(conn.address)
        async with self.lock(conn.table_id):
            self.conns.get(conn.table_id, set()).discard(conn)
            table = self.tables.get(conn.table_id)
            if table is not None:
                if conn.seat is not None:
                    self.send_presence(table)
                    self.lonely(table)
                self.evict_if_idle(table)
        await conn.stop()

    def catch_up(self, conn: Connection, table: Table, since: int | None) -> None:
        """The state messages a client missed since ``since`` (``resync_window`` at most), or
        the current one (a resync), so that a request makes a bounded number of views; views
        already made are reused (:meth:`state_text`)."""
        window = self.settings.resync_window
        if since is not None and 0 <= since <= table.version and table.version - since <= window:
            states = [table.state_at(v) for v in range(since + 1, table.version + 1)]
            if all(s is not None for s in states) and self.resync_budget(conn, table, len(states)):
                for v, s in enumerate(states, since + 1):
                    assert s is not None
                    conn.put(self.state_text(table, v, s, conn.seat))
                return
        conn.put(self.state_text(table, table.version, table.state, conn.seat, since is not None))

    def resync_budget(self, conn: Connection, table: Table, states: int) -> bool:
        """Whether ``states`` missed states may be sent one by one (the budget of catching up,
        per address and per table: issue 31); else one fresh state is sent."""
        if states <= 1:
            return True
        return self.resyncs.allow(conn.address, states) and self.table_resyncs.allow(
            table.id, states
        )

    def state_text(
        self, table: Table, version: int, state: Any, seat: int | None, resync: bool = False
    ) -> str:
        """A state message's text (from the cache of recent ones, :class:`ViewCache`)."""
        deadline = self.deadline(table.id)
        ended = table.ended if version == table.version else None  # an end step is the last
        return self.views.text(table.id, version, state, seat, resync, deadline, ended)

    async def receive(self, conn: Connection, text: str) -> None:
        """Handle one message from a client: its cost (1 per started KiB) is taken from its
        connection's and its address's budgets first; a refused one is not read at all."""
        table = self.tables[conn.table_id]
        cost = 1 + len(text) // 1024
        if not (conn.limiter.allow(cost) and self.messages.allow(conn.address, cost)):
            await self.refuse(conn, table)
            return
        conn.refusing = False
        size = len(text) if len(text) * 4 <= self.settings.max_message_bytes else None
        if (size or len(text.encode("utf-8", "replace"))) > self.settings.max_message_bytes:
            conn.put(
                error_message(
                    "too_large",
                    f"a message is at most {self.settings.max_message_bytes} bytes",
                    version=table.version,
                )
            )
            return
        try:
            message = read_client_message(text)
        except MalformedMessage as e:
            conn.put(error_message("malformed", str(e), version=table.version))
            return
        if message.type == "ping":
            conn.put({"type": "pong", "id": message.id, "version": table.version})
            return
        if message.type == "chat" and not conn.chat_limiter.allow():
            conn.put(
                error_message(
                    "chat", "too many chat lines: wait a little", id=message.id,
                    version=table.version,
                )
            )
            return
        await self.handle(conn, table, message)

    async def refuse(self, conn: Connection, table: Table) -> None:
        """A message over the rate: unread; the first of a run is answered ``rate_limited``,
        the others not; after ``max_dropped`` the connection is closed (its address's budget
        stays spent: reconnecting does not refill it)."""
        conn.dropped += 1
        if not conn.refusing:
            conn.refusing = True
            conn.put(
                error_message("rate_limited", "too many messages: slow down", version=table.version)
            )
        if conn.dropped >= self.settings.max_dropped and not conn.closed:
            conn.closed = True
            await conn.socket.close(1008, "too many messages")

    async def handle(self, conn: Connection, table: Table, message: ClientMessage) -> None:
        """A client's message read and within its limits: ``sync``, ``back``, ``pause``,
        ``resume`` or ``action``."""
        async with self.lock(table.id):
            if message.type == "sync":
                self.catch_up(conn, table, message.version)
            else:
                await self.decide(conn, table, message)

    async def room_message(self, sender: Sender, table: Table, message: ClientMessage) -> None:
        """A room message (:mod:`handgame.server.rooms`)."""
        raise NotImplementedError

    async def decide(self, sender: Sender, table: Table, message: ClientMessage) -> None:
        """A seat's ``back`` or ``action`` (a spectator's action is refused), or a room
        message (a spectator's too); the caller holds the table's lock."""
        if message.type in ROOM_TYPES:
            await self.room_message(sender, table, message)
        elif sender.seat is None:
            if message.type in ("action", "turn", "preview"):
                sender.put(
                    error_message(
                        "spectator",
                        "a spectator cannot play; join with a seat's token",
                        id=message.id,
                        version=table.version,
                    )
                )
        elif message.type == "back":
            self.back(table, sender.seat)
        elif message.type in ("pause", "resume"):  # a summary opened or closed
            self.timers.hold(table, sender.seat, message.type == "pause")
            self.send_presence(table)
        elif message.type in ("action", "turn"):
            await self.action(sender, table, message)
        elif message.type == "preview":
            self.preview(sender, table, message)

    async def action(self, sender: Sender, table: Table, message: ClientMessage) -> None:
        """Check a seat's action (or a turn's steps sent at once), store it, acknowledge it (or
        say why not). A turn's steps are stored and sent one by one, in order; the ack, of the
        last, comes after them all."""
        assert sender.seat is not None
        self.back(table, sender.seat)
        steps = message.actions if message.type == "turn" else [message.action]
        result = table.check_turn(sender.seat, steps or [], message.version, message.id)
        if isinstance(result, Duplicate):
            sender.put(ack_message(message.id, result.version, duplicate=True))
        elif isinstance(result, Rejection):
            sender.put(self.refusal(result, message, table))
        else:
            for i, step in enumerate(result):
                try:
                    await self.store(table, step, sender=sender if i == len(result) - 1 else None)
                except Unavailable as e:
                    log.warning("table %s: an action not stored: %s", table.id, e)
                    stored = f" ({i} of the turn's steps were)" if i else ""
                    sender.put(
                        error_message(
                            "unavailable",
                            f"the database does not answer: nothing more was stored{stored}; "
                            "try again soon",
                            id=message.id,
                            version=table.version,
                            step=i if len(result) > 1 else None,
                        )
                    )
                    if not i:
                        return
                    break
            self.timers.arm(table)
            self.kick(table.id)

    def preview(self, sender: Sender, table: Table, message: ClientMessage) -> None:
        """A seat's arranged steps checked and applied to a copy of the table, its own view of
        the result answered to it alone; nothing is stored or sent to anyone else."""
        assert sender.seat is not None
        self.back(table, sender.seat)
        steps = message.actions or []
        result = table.check_turn(sender.seat, steps, message.version, message.id, preview=True)
        if isinstance(result, Rejection):
            sender.put(self.refusal(result, message, table))
        elif isinstance(result, list):
            view = seat_view(result[-1].state, sender.seat)
            sender.put(preview_message(message.id, table.version, len(result), view))

    @staticmethod
    def refusal(result: Rejection, message: ClientMessage, table: Table) -> dict[str, Any]:
        """The ``error`` message of a refused action, turn or preview."""
        return error_message(
            result.code,
            result.message,
            rules=result.rules,
            cards=result.cards,
            id=message.id,
            version=table.version,
            step=result.step,
        )
