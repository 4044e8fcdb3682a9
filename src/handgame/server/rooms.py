"""The hub's side of rooms (issue 35): a table's waiting room, its chat and its rematch, as
messages from clients (docs/web-protocol.md, *Rooms*).

Every room message reaches the process that drives the table (one process: this one; a
cluster forwards it to the table's owner, :mod:`handgame.server.cluster`) and is handled under
the table's lock: a change is checked (:mod:`handgame.server.seating`), stored with the table
(its configuration) before anyone is told, then every client gets the ``seats`` message with
the room. A chat line is checked (:mod:`handgame.server.chat`) and sent, never stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from handgame.server.botspec import check_bot, default_bot
from handgame.server.chat import ChatRefused, chat_message, spectator_name
from handgame.server.clients import Clients, Sender, Unavailable
from handgame.server.connection import Connection, encode
from handgame.server.persist import PresenceWrites
from handgame.server.protocol import ClientMessage, error_message
from handgame.server.room import DECLINERS, SPECTATOR_CHAT, Room
from handgame.server.seating import (
    RoomRefused,
    all_ready,
    can_start,
    everyone_voted,
    new_link,
    open_seat,
    rematch_seats,
    seat_bot,
    set_ready,
    swap_seats,
    take_seat,
    vote,
)
from handgame.server.storage import FROM_STEPS, Storage
from handgame.server.table import Seat, Table
from handgame.server.workers import Workers

log = logging.getLogger("handgame.server")


class Rooms(Clients):
    """Rooms, chat and rematches (a part of :class:`~handgame.server.hub.Hub`)."""

    seed_source: Callable[[], str]
    workers: Workers
    presence_writes: PresenceWrites

    # --- given by the hub ----------------------------------------------------------------------
    @property
    def storage(self) -> Storage:
        """The open storage."""
        raise NotImplementedError

    async def adopt(self, table_id: str) -> None:
        """A table just stored is this hub's to drive."""
        raise NotImplementedError

    # --- messages --------------------------------------------------------------------------------
    async def room_message(self, sender: Sender, table: Table, message: ClientMessage) -> None:
        """A room message (``join``, ``room``, ``ready``, ``chat``, ``rematch``) from a client;
        the caller holds the table's lock. A refusal is an ``error`` to the sender alone."""
        data = message.data or {}
        try:
            if message.type == "chat":
                self.chat(sender, table, data)
            elif message.type == "join":
                await self.join(sender, table, data)
            elif message.type == "ready":
                if sender.seat is None:
                    raise RoomRefused("a spectator takes a seat first (join)")
                set_ready(table, sender.seat, data.get("ready") is not False)
                self.send_presence(table)
                if all_ready(table):
                    await self.start_match(table)
            elif message.type == "rematch":
                if sender.seat is None:
                    raise RoomRefused("a spectator does not play again")
                vote(table, sender.seat, data.get("accept") is not False)
                self.send_presence(table)
                if everyone_voted(table):
                    await self.rematch(table)
            else:
                await self.host_command(sender, table, data)
        except ChatRefused as e:
            sender.put(error_message("chat", str(e), id=message.id, version=table.version))
        except RoomRefused as e:
            sender.put(error_message(e.code, str(e), id=message.id, version=table.version))
        except Unavailable as e:
            sender.put(error_message("unavailable", str(e), id=message.id, version=table.version))

    def chat(self, sender: Sender, table: Table, data: dict[str, Any]) -> None:
        """A chat line: players' to everyone, spectators' to the spectators (or refused)."""
        seat = sender.seat
        name = table.seats[seat].name if seat is not None else spectator_name(data)
        message, spectators_only = chat_message(
            data, seat, name, table.room, len(table.seats), table.version
        )
        self.send_chat(table, message, spectators_only)

    def send_chat(self, table: Table, message: dict[str, Any], spectators_only: bool) -> None:
        """Send a chat line to the table's clients here (spectators only, or everyone)."""
        text = encode(message)
        for conn in self.conns.get(table.id, ()):
            if conn.seat is None or not spectators_only:
                conn.put(text)

    async def join(self, sender: Sender, table: Table, data: dict[str, Any]) -> None:
        """A spectator takes an open seat of a waiting room: it gets the seat's token (and
        connects again with it)."""
        if sender.seat is not None:
            raise RoomRefused("you hold a seat already")
        before = (table.seats, set(table.room.ready) if table.room else set())
        seat, token = take_seat(table, data.get("name"), data.get("seat"), sender.account)
        await self.save_room(table, before)
        self.send_presence(table)  # (first: a cluster's replicas read the seats again)
        sender.put(
            {
                "type": "joined",
                "table": table.id,
                "seat": seat,
                "token": token,
                "version": table.version,
            }
        )

    async def host_command(self, sender: Sender, table: Table, data: dict[str, Any]) -> None:
        """A host's command (``do``: start, bot, open, swap, link, settings, cancel, rematch),
        with the host's token (``host``)."""
        host = data.get("host")
        if not isinstance(host, str) or not table.is_host(host):
            raise RoomRefused("only the table's host (its host token) may do this", "not_host")
        do = data.get("do")
        room = table.room
        if do == "cancel":
            if table.finished:
                raise RoomRefused("the table is over already")
            await self.store(table, table.end_step("host", "cancelled by the host"))
            return
        if do == "rematch":  # now, with the answers given (no answer: no)
            vote_check = table.room is not None and table.state.is_over and table.ended is None
            if not vote_check or room is None or room.next is not None:
                raise RoomRefused("play again: once the match is over, once")
            await self.rematch(table)
            return
        if room is None and do in ("settings", "link"):  # a table made without a room: one now
            table.room = room = Room(waiting=False)
        if room is None:
            raise RoomRefused("this table has no room")
        before = (table.seats, set(room.ready))
        if do == "start":
            why = can_start(table)
            if why is not None:
                raise RoomRefused(why)
            await self.start_match(table)
            return
        if do == "bot":
            try:
                game = table.spec.name
                spec = check_bot(str(data.get("bot") or default_bot(game)), self.settings, game)
            except ValueError as e:
                raise RoomRefused(str(e)) from None
            seat_bot(table, data.get("seat"), spec)
        elif do == "open":
            open_seat(table, data.get("seat"))
        elif do == "swap":
            seats = data.get("seats")
            if not isinstance(seats, list) or len(seats) != 2:
                raise RoomRefused("swap: seats [A, B]")
            swap_seats(table, seats[0], seats[1])
        elif do == "link":
            token = new_link(table, data.get("seat"))
            await self.save_room(table, before)
            sender.put(
                {
                    "type": "link",
                    "table": table.id,
                    "seat": data["seat"],
                    "token": token,
                    "version": table.version,
                }
            )
            self.reseat_clients(table)
            self.send_presence(table)
            return
        elif do == "settings":
            self.settings_of(room, data)
        else:
            raise RoomRefused("do: start, bot, open, swap, link, settings, cancel or rematch")
        await self.save_room(table, before)
        self.reseat_clients(table)
        self.send_presence(table)

    @staticmethod
    def settings_of(room: Room, data: dict[str, Any]) -> None:
        """The host's choices: listed or not, spectators' chat, who replaces a decliner."""
        public = data.get("public", room.public)
        chat = data.get("spectator_chat", room.spectator_chat)
        decliners = data.get("decliners", room.decliners)
        if not isinstance(public, bool):
            raise RoomRefused("public: true or false")
        if chat not in SPECTATOR_CHAT:
            raise RoomRefused(f"spectator_chat: {' or '.join(SPECTATOR_CHAT)}")
        if decliners not in DECLINERS:
            raise RoomRefused(f"decliners: {' or '.join(DECLINERS)}")
        room.public, room.spectator_chat, room.decliners = public, chat, decliners

    # --- stored changes ------------------------------------------------------------------------
    async def save_room(
        self, table: Table, before: tuple[tuple[Seat, ...], set[int]] | None = None
    ) -> None:
        """Store the table's room and seats (the next ``rev``); if the database does not
        answer, the seats are put back as they were (``before``) and :class:`Unavailable`."""
        assert table.room is not None
        table.room.rev += 1
        try:
            await self.workers.db(self.storage.update_config, table.id, table.config())
        except Exception as e:
            table.room.rev -= 1
            if before is not None:
                if table.version == 0:
                    table.reseat(before[0])
                else:
                    table.seats = before[0]
                table.room.ready = before[1]
            log.warning("table %s: the room not stored: %s", table.id, e)
            raise Unavailable("the database does not answer: nothing changed; try again") from e

    def reseat_clients(self, table: Table) -> None:
        """After seats moved or a token changed: each client here plays the seat its token
        holds now; one whose token holds none any more is told and closed (4403)."""
        for conn in list(self.conns.get(table.id, ())):
            if conn.token_sha256 is None:
                continue
            seat = table.seat_of_hash(conn.token_sha256)
            if seat == conn.seat:
                continue
            if seat is None:
                conn.put(
                    error_message(
                        "bad_token", "this link holds no seat any more", version=table.version
                    )
                )
                conn.closer = asyncio.create_task(self.drop_client(conn))
            else:
                conn.seat = seat
                conn.put(
                    {"type": "reseated", "table": table.id, "seat": seat, "version": table.version}
                )
            self.client_moved(table, conn)

    @staticmethod
    async def drop_client(conn: Connection) -> None:
        """Send a client what it has queued (its last word), then close it (4403)."""
        await conn.stop()
        with contextlib.suppress(Exception):
            await conn.socket.close(4403, "no seat")

    async def recheck(self, table: Table) -> Table:
        """The table with its seats as stored now, for a token it does not know (one
        process: its table is always up to date; a cluster's replica reads it again)."""
        return table

    def client_moved(self, table: Table, conn: Connection) -> None:
        """A client here changed seats (a cluster tells the table's owner)."""

    async def start_match(self, table: Table) -> None:
        """The host started (or everyone is ready): the room is stored as started, then the
        first deal is dealt and the driver plays on."""
        assert table.room is not None
        table.room.waiting = False
        try:
            await self.save_room(table)
        except Unavailable:
            table.room.waiting = True
            raise
        self.send_presence(table)
        first = await self.workers.quick(table.next_auto)
        if first is not None:
            await self.store(table, first)
        self.kick(table.id)

    async def rematch(self, table: Table) -> str | None:
        """The same table again: a new table with the same rules, the players who said yes in
        their seats (their tokens too), the first deal passed on; it starts at once, or waits
        for the seats left open. Its id is told to every client (the room's ``next``)."""
        room = table.room
        assert room is not None
        if not any(room.votes.values()):
            return None  # nobody plays again
        seats = rematch_seats(table, room.decliners)
        again = Table(
            secrets.token_urlsafe(9),
            table.game,
            seats,
            self.seed_source(),
            created_at=datetime.now(UTC),
            stand_in=table.stand_in,
            turn_timeout=table.turn_timeout,
            room=Room(
                public=room.public,
                spectator_chat=room.spectator_chat,
                decliners=room.decliners,
                waiting=any(s.kind == "open" for s in seats),
                previous=table.id,
            ),
            first_dealer=(table.first_dealer + 1) % len(seats),
            ranked=table.ranked,
        )
        again.host_sha256 = table.host_sha256
        again.reseat(seats)  # the match made with the new seats' names
        try:
            again.created_at = await self.workers.db(
                self.storage.create_table, again.id, again.config(), again.seed
            )
            await self.adopt(again.id)
        except Exception as e:
            log.warning("table %s: the rematch not stored: %s", table.id, e)
            raise Unavailable("the database does not answer: try again") from e
        self.tables[again.id] = again
        self.presence_writes.loaded(again, FROM_STEPS)  # no absence, the timer from the steps
        self.lonely(again)
        if not again.waiting:  # dealt before anyone is sent there
            async with self.lock(again.id):
                first = await self.workers.quick(again.next_auto)
                if first is not None:
                    await self.store(again, first)
        self.kick(again.id)
        room.next = again.id
        await self.save_room(table)
        self.send_presence(table)
        log.info("table %s: played again as %s", table.id, again.id)
        return again.id
