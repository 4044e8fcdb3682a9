"""Many ``hand serve --cluster`` processes, one site (issue 18, docs/deploy.md).

Every process serves every table, but only one *drives* it at a time: the process holding its
lease in the database (:mod:`handgame.server.leases`) plays its bots and deals, runs its turn
timer and stores its steps, exactly as a single process does. A client's WebSocket may land on
any process. Where the table is driven elsewhere, the process keeps a *replica* of it: it sends
the client's ``action`` and ``back`` messages to the owner over the bus
(:mod:`handgame.server.bus`) and the owner's answer back to that client; the owner publishes
each stored step, and every replica plays it on its own copy and sends each of its clients the
view of that client's seat, made here (``state.view(seat)``): what crosses to a client is the
same view a single process sends. A replica that misses a step (the bus keeps nothing) sees the
gap in the versions and reads the table from the database.

Channels: ``hand:ID:in`` (to a table's owner), ``hand:ID:out`` (from it: steps, seats, a new
owner), ``hand:p:NAME`` (to one process: answers for its clients), ``hand:counts`` (every
process, each second: its connections by address and spectators by table).

The limits are the site's, not each process's (issue 31): a process admits a connection
against its own count plus the others' last counts (connections per address, spectators per
table: at most a second behind); the rates per address (messages, tables made, hints,
catching up) are shared out, each living process taking its part; the unfinished tables
(in all, per address) are counted in the shared database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Callable
from dataclasses import asdict
from functools import partial
from typing import Any

from handgame.server.accounts import session_account
from handgame.server.bus import Bus, make_bus
from handgame.server.clients import LimitReached, Sender, Unavailable, unavailable
from handgame.server.connection import Connection, encode
from handgame.server.hub import Hub, short
from handgame.server.leases import Leases
from handgame.server.match_stats import record_end
from handgame.server.protocol import ClientMessage, Deadline, error_message, read_client_message
from handgame.server.relay import (
    RemoteSender,
    deadline_of,
    from_owner,
    read_client_message_id,
    timer_of,
    to_owner,
    to_process,
)
from handgame.server.roomrelay import RoomRelay
from handgame.server.settings import Settings
from handgame.server.storage import StoredStep
from handgame.server.table import Step, Table

log = logging.getLogger("handgame.server")

#: the channel of every process's counts
COUNTS = "hand:counts"
#: the bytes of a process's counts of each kind (the largest counts first: a PostgreSQL
#: notification carries 8000 bytes at most)
SHARED = 3000


def largest(counts: dict[str, int], size: int = SHARED) -> dict[str, int]:
    """The largest counts, as many as ``size`` bytes of JSON hold."""
    out: dict[str, int] = {}
    used = 2
    for key, n in sorted(counts.items(), key=lambda x: -x[1]):
        used += len(key) + len(str(n)) + 6
        if used > size:
            break
        out[key] = n
    return out


class ClusterHub(RoomRelay):
    """A hub that shares its tables with the other processes of the site (module docstring)."""

    def __init__(self, settings: Settings, seed_source: Callable[[], str] | None = None) -> None:
        """A hub not started yet, named after its host and process."""
        super().__init__(settings, seed_source)
        self.name = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.owned: set[str] = set()  # the tables this process drives (holds the lease of)
        self.remote: dict[str, dict[str, int | None]] = {}  # owned table: other processes' clients
        self.remote_timers: dict[str, Deadline | None] = {}  # replica: the owner's turn timer
        self.remote_seats: dict[str, list[dict[str, Any]]] = {}  # replica: the owner's seats
        self.keys: dict[str, Connection] = {}  # this process's clients, by key
        self.waiting: dict[tuple[str, str], asyncio.Task[None]] = {}  # actions sent to owners
        self.chores: set[asyncio.Task[Any]] = set()
        self.keeper: asyncio.Task[None] | None = None
        self.counter: asyncio.Task[None] | None = None
        # the other processes' last counts: name -> (when, by address, spectators by table)
        self.counts: dict[str, tuple[float, dict[str, int], dict[str, int]]] = {}
        self.takeovers = 0
        self._bus: Bus | None = None
        self._leases: Leases | None = None

    @property
    def bus(self) -> Bus:
        """The started bus."""
        if self._bus is None:
            raise RuntimeError("the hub is not started")
        return self._bus

    @property
    def leases(self) -> Leases:
        """This process's leases."""
        if self._leases is None:
            raise RuntimeError("the hub is not started")
        return self._leases

    def _later(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self.chores.add(task)
        task.add_done_callback(self.chores.discard)

    # --- life cycle ----------------------------------------------------------------------------
    async def prepare(self) -> None:
        """Join the site: the leases' table, the bus, the lease keeper."""
        storage = self.storage
        seconds = self.settings.lease_seconds
        self._leases = await self.workers.db(Leases, storage.engine, self.name, seconds)
        await self.workers.db(self._leases.renew)  # this process is alive from now on
        self._bus = make_bus(self.settings.redis_url, self.settings.database_url, self.receive_bus)
        await self._bus.start()
        await self._bus.subscribe(to_process(self.name))
        self.keeper = asyncio.create_task(self._keep())
        await self._bus.subscribe(COUNTS)
        self.counter = asyncio.create_task(self._share_counts())
        log.info("cluster: this process is %s", self.name)

    async def resume(self, table_id: str) -> None:
        """Take one unfinished table if no living process drives it; errors are logged."""
        try:
            await self.take(table_id)
        except Exception as e:
            log.error("table %s: cannot be taken: %s", table_id, short(e))

    async def stop(self) -> None:
        """Stop driving; let the leases run out at once (another process takes the tables
        over), then stop as one process does."""
        if self.keeper is not None:
            self.keeper.cancel()
        if self.counter is not None:
            self.counter.cancel()
        for task in [*self.drivers.tasks.values(), *self.timers.tasks.values()]:
            task.cancel()
        owned, self.owned = sorted(self.owned), set()
        for table_id in owned:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    self.workers.db(self.leases.release, table_id, True),
                    self.settings.lease_seconds,
                )
        for chore in list(self.chores):
            chore.cancel()
        await super().stop()
        if self._bus is not None:
            await self._bus.close()

    async def health(self) -> dict[str, Any]:
        """One process's health, and its part of the site."""
        state = await super().health()
        state["cluster"] = {
            "process": self.name,
            "tables_driven": len(self.owned),
            "takeovers": self.takeovers,
            "bus_published": self.bus.published,
            "bus_received": self.bus.received,
        }
        return state

    async def _keep(self) -> None:
        """Renew the leases; take over the tables whose owner died."""
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            try:
                before = set(self.owned)  # a table taken during the renewal is not lost
                held = await self.workers.db(self.leases.renew)
                for table_id in sorted((before & self.owned) - held):
                    await self._demote(table_id)
                await self._forget_the_dead()
                for table_id in await self.workers.db(self.leases.expired, 50):
                    if table_id not in self.owned:
                        await self.take(table_id)
            except Exception as e:
                log.warning("cluster: leases not renewed: %s", short(e))

    async def _share_counts(self) -> None:
        """Tell the other processes this one's connections by address and spectators by
        table, each second (the largest counts: :func:`largest`), and take this process's
        share of the per-address rates."""
        while True:
            await asyncio.sleep(1.0)
            addresses = dict(self.addresses.counts)
            spectators: dict[str, int] = {}
            for table_id, conns in self.conns.items():
                n = sum(1 for c in conns if c.seat is None)
                if n:
                    spectators[table_id] = n
            message = {
                "kind": "counts",
                "origin": self.name,
                "addresses": largest(addresses),
                "spectators": largest(spectators),
            }
            self.bus.publish(COUNTS, message)
            now = asyncio.get_running_loop().time()
            for name, (when, _, _) in list(self.counts.items()):
                if now - when > 5.0:  # a process gone quiet counts no more
                    del self.counts[name]
            processes = 1 + len(self.counts)
            for buckets in (self.messages, self.creations, self.hints, self.resyncs,
                            self.table_resyncs):  # fmt: skip
                buckets.share(processes)

    def admit(self, conn: Connection) -> None:
        """:meth:`Hub.admit` against the site's counts: this process's and the others'."""
        spectators = sum(c[2].get(conn.table_id, 0) for c in self.counts.values())
        here = sum(1 for c in self.conns.get(conn.table_id, ()) if c.seat is None)
        if conn.seat is None and spectators + here >= self.settings.max_spectators:
            raise LimitReached(f"this table has {spectators + here} spectators, the most it takes")
        held = sum(c[1].get(conn.address or "?", 0) for c in self.counts.values())
        if held + self.addresses.held(conn.address) >= self.settings.max_connections_per_ip:
            raise LimitReached("too many connections from your address")
        super().admit(conn)

    async def _forget_the_dead(self) -> None:
        """Clients held by a process that died are no longer at the tables driven here."""
        if not any(self.remote.values()):
            return
        alive = await self.workers.db(self.leases.alive)
        for table_id, clients in list(self.remote.items()):
            dead = [k for k in clients if k.partition("/")[0] not in alive]
            if not dead:
                continue
            async with self.lock(table_id):
                for k in dead:
                    clients.pop(k, None)
                table = self.tables.get(table_id)
                if table is not None and table_id in self.owned:
                    self.send_presence(table)
                    if not clients and not self.conns.get(table_id):
                        self.evict_if_idle(table)

    # --- owning a table ------------------------------------------------------------------------
    async def adopt(self, table_id: str) -> None:
        """A table made here is driven here."""
        if not await self.workers.db(self.leases.claim, table_id):
            raise Unavailable(f"table {table_id}: its lease is held elsewhere")
        self.owned.add(table_id)
        self.remote[table_id] = {}
        await self.bus.subscribe(to_owner(table_id))

    async def take(self, table_id: str) -> bool:
        """Drive a table if no living process does: take its lease and load it fresh (the
        clients here get the steps their replica missed)."""
        if not await self.workers.db(self.leases.claim, table_id):
            return False
        await self.bus.subscribe(to_owner(table_id))
        async with self.lock(table_id):
            if table_id in self.owned and table_id in self.tables:
                return True
            stored = await self.workers.db(self.storage.load, table_id)
            if stored is None:
                await self.workers.db(self.leases.release, table_id)
                return False
            old = self.tables.get(table_id)
            table = Table.from_stored(stored, self.settings.stand_in)
            self.owned.add(table_id)
            self.remote[table_id] = {}
            self.remote_timers.pop(table_id, None)
            self.remote_seats.pop(table_id, None)
            self.loaded(table, stored.timer)
            for conn in self.conns.get(table_id, ()):
                self.catch_up(conn, table, old.version if old is not None else None)
                if conn.seat is not None:
                    table.away.discard(conn.seat)
            self.timers.arm(table)
            self.save_presence(table)
            self.send_presence(table)
            self.takeovers += 1  # however it came here: the lease run out, an action unanswered
        log.info("table %s: taken over (no living process drove it)", table_id)
        self.bus.publish(from_owner(table_id), {"kind": "owner", "owner": self.name})
        return True

    async def _demote(self, table_id: str) -> None:
        """The lease was lost (this process stalled longer than it): stop driving."""
        async with self.lock(table_id):
            self.owned.discard(table_id)
            self.remote.pop(table_id, None)
            self.drivers.drop(table_id)
            self.timers.drop(table_id)
        await self.bus.unsubscribe(to_owner(table_id))
        await self.bus.subscribe(from_owner(table_id))
        async with self.lock(table_id):  # a replica now: its clients told to the new owner
            table = self.tables.get(table_id)
            if table is not None and table_id not in self.owned:
                for conn in self.conns.get(table_id, ()):
                    self._announce(table_id, "attach", f"{id(conn):x}", conn.seat)
                await self._reread(table)
        log.warning("table %s: its lease was lost; another process drives it", table_id)

    def drives(self, table_id: str) -> bool:
        """Whether this process holds the table's lease."""
        return table_id in self.owned

    async def end_table(self, table_id: str, by: str, reason: str) -> bool:
        """End a table: here if this process drives it (or takes it, its owner dead), else
        by its owner, told over the bus (True: asked)."""
        if table_id not in self.owned:
            table = await self.fetch(table_id)
            if table is None:
                raise KeyError(table_id)
            if table.finished:
                return False
            if not await self.take(table_id):
                self.bus.publish(
                    to_owner(table_id),
                    {"kind": "end", "origin": self.name, "conn": "", "by": by, "reason": reason},
                )
                return True
        return await super().end_table(table_id, by, reason)

    def kick(self, table_id: str) -> None:
        """Run the table's driver if this process drives it."""
        if table_id in self.owned:
            super().kick(table_id)

    def deadline(self, table_id: str) -> Deadline | None:
        """The table's turn timer: this process's, or its owner's."""
        if table_id in self.owned:
            return super().deadline(table_id)
        return self.remote_timers.get(table_id)

    async def store(self, table: Table, step: Step, sender: Sender | None = None) -> None:
        """Store a step of a table driven here, send it, and publish it to the replicas."""
        if table.id not in self.owned:
            raise Unavailable("this process no longer drives the table")
        await super().store(table, step, sender)
        message = {
            "kind": "step",
            "step": asdict(step.stored),
            "away": sorted(table.away),
            "timer": timer_of(self.deadline(table.id)),
        }
        self.bus.publish(from_owner(table.id), message)

    async def write_step(self, table: Table, step: Step) -> None:
        """:meth:`Hub.write_step`, where a write whose answer was lost is recognised by the
        stored step itself: one stored at that version by another process (this one lost its
        lease) is not ours, and this process stops driving the table."""
        ended = self.end_of(table, step)
        end = partial(record_end, end=ended) if ended is not None else None
        try:
            await self.commits.step(table.id, step.stored, step.finishes, end)
        except Exception as e:
            self.database_error = short(e)
            try:
                stored = await self.workers.db(self.storage.load, table.id)
            except Exception:
                stored = None
            version = step.stored.version
            if stored is None or stored.version < version:
                raise unavailable(e) from e
            if stored.steps[version - 1] != step.stored:
                self.owned.discard(table.id)
                self._later(self._demote(table.id))
                raise Unavailable("another process stored this step: the table is not ours") from e
        self.database_error = None

    # --- who is at a table ---------------------------------------------------------------------
    def connected_seats(self, table: Table) -> set[int]:
        """Seats held by a client of any process."""
        seats = super().connected_seats(table)
        seats.update(s for s in self.remote.get(table.id, {}).values() if s is not None)
        return seats

    def presence(self, table: Table) -> list[dict[str, Any]]:
        """Who is at the table: as this process sees it, or as its owner said last."""
        if table.id not in self.owned and table.id in self.remote_seats:
            return self.remote_seats[table.id]
        return super().presence(table)

    def send_presence(self, table: Table) -> None:
        """Tell every client of the table, here and at the other processes."""
        super().send_presence(table)
        if table.id in self.owned:
            message = self.presence_message(table)
            timer = timer_of(self.deadline(table.id))
            self.bus.publish(
                from_owner(table.id), {"kind": "seats", "message": message, "timer": timer}
            )

    def evict_if_idle(self, table: Table) -> None:
        """A table with no client here nor at another process may leave memory."""
        if not self.remote.get(table.id):
            super().evict_if_idle(table)

    def busy(self, table_id: str) -> Table | None:
        """A table with clients at another process stays."""
        table = self.tables.get(table_id)
        if table is not None and self.remote.get(table_id):
            return table
        return super().busy(table_id)

    def drop(self, table_id: str) -> None:
        """An idle table leaves memory; its lease is given up (loaded again on demand)."""
        super().drop(table_id)
        if table_id in self.tables:
            return
        if table_id in self.owned:
            self.owned.discard(table_id)
            self.remote.pop(table_id, None)
            self._later(self.workers.db(self.leases.release, table_id))
            self._later(self.bus.unsubscribe(to_owner(table_id)))
        self.remote_timers.pop(table_id, None)
        self.remote_seats.pop(table_id, None)
        self._later(self.bus.unsubscribe(from_owner(table_id)))

    # --- clients -------------------------------------------------------------------------------
    async def fetch(self, table_id: str) -> Table | None:
        """A table: driven here if no living process drives it, else a replica."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if await self.workers.db(self.storage.version, table_id) is None:
            return None
        if await self.take(table_id):
            return self.tables.get(table_id)
        await self.bus.subscribe(from_owner(table_id))  # before reading: no step falls between
        stored = await self.workers.db(self.storage.load, table_id)
        if stored is None:
            return None
        async with self.lock(table_id):
            if table_id not in self.tables:
                table = Table.from_stored(stored, self.settings.stand_in)
                self.tables[table_id] = table
                timer = self.timers.resolve(table, stored.timer)
                if timer is not None:
                    self.remote_timers[table_id] = timer
                self.evict_if_idle(table)
            return self.tables[table_id]

    async def attach(self, conn: Connection, since: int | None, table: Table | None = None) -> None:
        """Welcome a client; a replica's tells the table's owner."""
        table = table or self.tables[conn.table_id]
        key = f"{id(conn):x}"
        self.keys[key] = conn
        conn.start()
        lock = self.lock(table.id)
        async with lock:
            self.tables.setdefault(table.id, table)
            self.locks.setdefault(table.id, lock)
            table = self.tables[table.id]
            self.conns.setdefault(table.id, set()).add(conn)
            self.welcome(conn, table, since)
            if table.id in self.owned:
                if conn.seat is not None:
                    self.seated(table, conn.seat)
            else:
                self._announce(table.id, "attach", key, conn.seat)

    def announce(self, table_id: str, key: str, seat: int | None) -> None:
        """Tell a table's owner that a client here holds ``seat`` now (a room moved it)."""
        self._announce(table_id, "attach", key, seat)

    def _announce(self, table_id: str, kind: str, key: str, seat: int | None) -> None:
        message = {"kind": kind, "origin": self.name, "conn": key, "seat": seat}
        self.bus.publish(to_owner(table_id), message)

    async def detach(self, conn: Connection) -> None:
        """Forget a closed client (and tell the table's owner)."""
        key = f"{id(conn):x}"
        self.keys.pop(key, None)
        for (k, i), task in list(self.waiting.items()):
            if k == key:
                task.cancel()
                self.waiting.pop((k, i), None)
        if conn.table_id not in self.owned:
            self._announce(conn.table_id, "detach", key, conn.seat)
        await super().detach(conn)

    async def handle(self, conn: Connection, table: Table, message: ClientMessage) -> None:
        """A client's message: played here if the table is driven here, else sent to its
        owner (a ``sync`` is answered from the replica)."""
        if message.type == "sync" or table.id in self.owned:
            await super().handle(conn, table, message)
            return
        key = f"{id(conn):x}"
        fields = {"type": message.type, "id": message.id, "version": message.version}
        if message.type == "action":
            fields["action"] = message.action
        if message.actions is not None:  # a turn's steps ("turn", "preview")
            fields["actions"] = message.actions
        if message.data is not None:  # a room message: its fields as sent
            fields = {**message.data, **fields}
        text = encode({k: v for k, v in fields.items() if v is not None})
        envelope = {"kind": "client", "origin": self.name, "conn": key, "seat": conn.seat}
        if message.type == "join" and conn.session_sha256 is not None:
            # the owner reads the account of this session again from the database: a client
            # names no account (docs/web-protocol.md, *Accounts on a cluster*)
            envelope["session"] = conn.session_sha256
        self.bus.publish(to_owner(table.id), {**envelope, "text": text})
        if message.type in ("action", "turn") and message.id is not None:
            previous = self.waiting.pop((key, message.id), None)
            if previous is not None:
                previous.cancel()
            task = asyncio.create_task(self._unanswered(conn, key, table.id, message.id))
            self.waiting[(key, message.id)] = task

    async def _unanswered(self, conn: Connection, key: str, table_id: str, ident: str) -> None:
        """An action the owner did not answer in time: say so, and see whether it died."""
        await asyncio.sleep(self.settings.forward_seconds)
        self.waiting.pop((key, ident), None)
        table = self.tables.get(table_id)
        conn.put(
            error_message(
                "unavailable",
                "the table's server does not answer: nothing was stored; try again soon",
                id=ident,
                version=table.version if table else 0,
            )
        )
        if table_id not in self.owned:
            self._later(self.take(table_id))

    # --- the bus -------------------------------------------------------------------------------
    def receive_bus(self, channel: str, message: dict[str, Any]) -> None:
        """A message from another process."""
        kind = message.get("kind")
        if kind == "to":
            self._to_client(message)
            return
        if kind == "counts":
            origin = str(message.get("origin"))
            if origin != self.name:
                when = asyncio.get_running_loop().time()
                self.counts[origin] = (when, message["addresses"], message["spectators"])
            return
        table_id = channel.split(":")[1]
        if kind in ("step", "seats", "owner", "chat") and table_id not in self.owned:
            self._later(self._from_owner(table_id, message))
        elif kind in ("client", "attach", "detach", "end"):
            self._later(self._to_owner(table_id, message))

    def _to_client(self, message: dict[str, Any]) -> None:
        conn = self.keys.get(str(message.get("conn")))
        if conn is None:
            return
        text = str(message["text"])
        with contextlib.suppress(ValueError):
            answer = read_client_message_id(text)
            task = self.waiting.pop((str(message["conn"]), answer), None) if answer else None
            if task is not None:
                task.cancel()
        conn.put(text)

    async def _from_owner(self, table_id: str, message: dict[str, Any]) -> None:
        """A replica follows its table's owner."""
        async with self.lock(table_id):
            table = self.tables.get(table_id)
            if table is None or table_id in self.owned:
                return
            kind = message["kind"]
            if kind == "owner":  # a new owner: tell it who is connected here
                for conn in self.conns.get(table_id, ()):
                    self._announce(table_id, "attach", f"{id(conn):x}", conn.seat)
                await self._reread(table)  # the steps the old owner stored but did not publish
                return
            if kind == "chat":
                self.send_chat(table, message["message"], bool(message["spectators_only"]))
                return
            if kind == "seats":
                self.remote_timers[table_id] = deadline_of(message.get("timer"))
                seats = message["message"]["seats"]
                self.remote_seats[table_id] = seats
                table.away = {s["seat"] for s in seats if s.get("away")}
                text = encode(message["message"])  # encoded once for every client
                for conn in self.conns.get(table_id, ()):
                    conn.put(text)
                await self.follow_room(table, message["message"].get("room"))
                return
            stored = StoredStep(**message["step"])
            old = table.version
            if stored.version <= old:
                return
            self.remote_timers[table_id] = deadline_of(message.get("timer"))
            if stored.version > old + 1:  # a step was missed: the database has it
                await self._reread(table)
                return
            table.commit(table.replay(stored))
            table.away = set(message.get("away", ()))
            for conn in self.conns.get(table_id, ()):
                self.catch_up(conn, table, old)

    async def _reread(self, table: Table) -> None:
        """A replica read again from the database, if it stored more; its clients get the
        states they missed (the caller holds the table's lock)."""
        fresh = await self.workers.db(self.storage.load, table.id)
        if fresh is None or fresh.version <= table.version:
            return
        again = Table.from_stored(fresh, self.settings.stand_in)
        self.tables[table.id] = again
        for conn in self.conns.get(table.id, ()):
            self.catch_up(conn, again, table.version)

    async def _to_owner(self, table_id: str, message: dict[str, Any]) -> None:
        """The owner hears from another process's client."""
        origin, key, seat = str(message["origin"]), str(message["conn"]), message.get("seat")
        account = None
        if message.get("session") is not None:  # a join's session, checked here
            try:
                engine = self.storage.engine
                found = await self.workers.db(session_account, engine, message["session"])
            except Exception as e:  # the database does not answer: no account (refused)
                self.database_error = short(e)
                found = None
            account = (found.id, found.name) if found is not None else None
        sender = RemoteSender(self.bus, origin, key, seat, account)
        async with self.lock(table_id):
            table = self.tables.get(table_id)
            if table is None or table_id not in self.owned:
                return  # not ours (any more): the client's process finds the new owner
            kind = message["kind"]
            clients = self.remote.setdefault(table_id, {})
            if kind == "attach":
                clients[f"{origin}/{key}"] = seat
                self.evictions.forget(table_id)
                if seat is not None:
                    self.seated(table, seat)
                else:
                    self.send_presence(table)
            elif kind == "detach":
                clients.pop(f"{origin}/{key}", None)
                self.send_presence(table)
                self.lonely(table)
                if not clients and not self.conns.get(table_id):
                    self.evict_if_idle(table)
            elif kind == "end":
                if not table.finished:
                    by, reason = str(message["by"]), str(message["reason"])
                    await self.store(table, table.end_step(by, reason))
            else:
                await self.decide(sender, table, read_client_message(str(message["text"])))


def make_hub(settings: Settings, seed_source: Callable[[], str] | None = None) -> Hub:
    """The hub of ``settings``: one of many processes (``cluster``), or the only one."""
    if settings.cluster:
        return ClusterHub(settings, seed_source)
    return Hub(settings, seed_source)
