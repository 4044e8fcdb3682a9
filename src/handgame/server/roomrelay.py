"""Rooms across the processes of a cluster (issue 35, :mod:`handgame.server.cluster`).

A room's changes are made by the process that drives its table (its owner) and stored with
the table before anyone is told; the owner's ``seats`` message carries the room, and its
``rev``: a replica whose copy is older reads the table again from the database (its seats and
their token hashes, the room), moves its own clients to the seats their tokens hold now, and
tells the owner. A chat line is sent by the owner to its clients and, over the bus, to the
replicas' clients (the spectators only, for a spectator's line).
"""

from __future__ import annotations

from typing import Any

from handgame.server.bus import Bus
from handgame.server.connection import Connection
from handgame.server.hub import Hub
from handgame.server.relay import from_owner
from handgame.server.table import Table


class RoomRelay(Hub):
    """The part of :class:`~handgame.server.cluster.ClusterHub` that carries rooms and chat."""

    owned: set[str]

    @property
    def bus(self) -> Bus:
        """The site's message bus."""
        raise NotImplementedError

    def announce(self, table_id: str, key: str, seat: int | None) -> None:
        """Tell a table's owner that a client here holds ``seat`` now."""
        raise NotImplementedError

    def send_chat(self, table: Table, message: dict[str, Any], spectators_only: bool) -> None:
        """A chat line to the clients here and, from the table's owner, to the replicas'."""
        super().send_chat(table, message, spectators_only)
        if table.id in self.owned:
            self.bus.publish(
                from_owner(table.id),
                {"kind": "chat", "message": message, "spectators_only": spectators_only},
            )

    def client_moved(self, table: Table, conn: Connection) -> None:
        """A client here changed seats: a replica tells the table's owner."""
        if table.id not in self.owned:
            self.announce(table.id, f"{id(conn):x}", conn.seat)

    async def recheck(self, table: Table) -> Table:
        """A replica reads the table's seats again (a token it does not know may hold a seat
        taken a moment ago at the owner)."""
        if table.id in self.owned:
            return table
        async with self.lock(table.id):
            await self.follow_room(table, None, force=True)
        return self.tables.get(table.id, table)

    async def follow_room(
        self, table: Table, room: dict[str, Any] | None, force: bool = False
    ) -> None:
        """A replica got the owner's ``seats`` message with the room: if the room changed
        since its copy was read (``rev``), the table is read again and its clients reseated
        (the caller holds the table's lock)."""
        rev = room.get("rev") if isinstance(room, dict) else None
        stale = isinstance(rev, int) and (table.room is None or table.room.rev < rev)
        if not (stale or force):
            return
        fresh = await self.workers.db(self.storage.load, table.id)
        if fresh is None:
            return
        again = await self.workers.quick(Table.from_stored, fresh, self.settings.stand_in)
        again.away = set(table.away)
        self.tables[table.id] = again
        self.reseat_clients(again)
        if again.version > table.version:
            for conn in self.conns.get(table.id, ()):
                self.catch_up(conn, again, table.version)
