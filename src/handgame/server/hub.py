"""The running server: tables in memory, their connections, steps and storage.

All changes to a table happen under its lock: a step is computed, stored (the write ends
before anything is sent; the steps of all tables that arrive together share one transaction,
:mod:`handgame.server.commits`), made the table's, acknowledged to its sender and sent to
every connection of the table as each one may see it. A table's *driver* task
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
from functools import partial
from typing import Any

from handgame.core.registry import find_game
from handgame.server.botspec import check_bot, check_players, default_bot
from handgame.server.clients import (
    LimitReached,
    Sender,
    TooManyTables,
    Unavailable,
    unavailable,
)
from handgame.server.commits import Commits, NotDurable
from handgame.server.connection import Connection
from handgame.server.driving import TableDrivers
from handgame.server.evictions import Evictions
from handgame.server.limits import AddressBuckets, AddressCounts
from handgame.server.match_stats import MatchEnd, match_end, record_end
from handgame.server.persist import PresenceWrites, ViewCache
from handgame.server.protocol import Deadline, ack_message, spectator_view
from handgame.server.ratings import RatedMatch, places
from handgame.server.rereads import Rereads
from handgame.server.room import Room
from handgame.server.rooms import Rooms
from handgame.server.runtime import runtime_info
from handgame.server.settings import Settings
from handgame.server.storage import FROM_STEPS, Storage, Timer, TooMany
from handgame.server.table import END, Seat, Step, Table, check_timeout, token_hash
from handgame.server.timers import TurnTimers
from handgame.server.walwriter import WalWriter, opener
from handgame.server.workers import Workers

__all__ = ["Hub", "LimitReached", "Settings", "TooManyTables", "Unavailable"]

log = logging.getLogger("handgame.server")


def short(error: BaseException) -> str:
    """An exception in one short line, for the log and for clients."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:200] if text else ''}"


class Hub(Rooms):
    """Every table of the server (see the module docstring)."""

    def __init__(self, settings: Settings, seed_source: Callable[[], str] | None = None):
        """A hub not started yet; ``seed_source`` makes deal seeds (tests fix it)."""
        self.settings = settings
        self.seed_source = seed_source or (lambda: secrets.token_hex(16))
        self._storage: Storage | None = None
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Connection]] = {}
        self.addresses = AddressCounts(settings.max_connections_per_ip)
        self.messages = AddressBuckets(settings.address_rate, settings.address_burst)
        self.creations = AddressBuckets(settings.create_rate, settings.create_burst)
        self.hints = AddressBuckets(settings.hint_rate, settings.hint_burst)
        self.resyncs = AddressBuckets(settings.resync_rate, settings.resync_burst)
        self.table_resyncs = AddressBuckets(settings.table_resync_rate, settings.table_resync_burst)
        self.views = ViewCache()
        self.workers = Workers(settings)
        self.timers = TurnTimers(settings, self.lock, self.expired, self.save_presence)
        self.drivers = TableDrivers(
            settings, self.lock, self.store, self.timers.arm, self.workers.move
        )
        self.evictions = Evictions(settings, self.lock, self.busy, self.drop)
        self.resuming: asyncio.Task[None] | None = None
        self.wal: WalWriter | None = None  # SQLite: the group commit's writer on the loop
        self.commits = Commits(
            lambda: self.storage, self.workers.db, lambda: self.wal, settings.database_timeout
        )
        self.presence_writes = PresenceWrites(self.commits.presence)
        self.rereads = Rereads(
            lambda table_id: self.workers.db(self.storage.load, table_id),
            lambda stored: self.workers.quick(Table.from_stored, stored, self.settings.stand_in),
            self.reread,
            self.lock,
        )
        self.database_error: str | None = None  # the last failure, until a write succeeds
        # unfinished tables with no human connected, since when (loop time): ended after
        # ``Settings.end_idle_after`` (:meth:`sweep_idle`)
        self.alone_since: dict[str, float] = {}
        self.sweeper: asyncio.Task[None] | None = None

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
        """Open the storage and resume every unfinished table (in the background: the server
        answers at once, and a table asked for first is loaded first)."""
        self._storage = Storage(
            self.settings.database_url,
            self.settings.database_timeout,
            self.settings.sqlite_synchronous,
        )
        open_wal = opener(self._storage.url, self.settings.sqlite_synchronous)
        if open_wal is not None and self.settings.sqlite_loop_writes:
            self.wal = open_wal()
        await self.prepare()
        self.resuming = asyncio.create_task(self.resume_all())
        if self.settings.end_idle_after is not None:
            self.sweeper = asyncio.create_task(self.sweep_idle())

    async def prepare(self) -> None:
        """What a hub needs once its storage is open, before its tables (nothing more for one
        process; :class:`~handgame.server.cluster.ClusterHub` joins the site's bus)."""

    async def adopt(self, table_id: str) -> None:
        """A table just stored is this hub's to drive (one process: every table is)."""

    async def resume_all(self) -> None:
        """Resume every unfinished table not in memory, in the background (see :meth:`start`)."""
        try:
            ids = await self.workers.db(self.storage.table_ids, True)
        except Exception as e:
            log.error("cannot list the tables to resume: %s", short(e))
            return
        for table_id in ids:
            if table_id not in self.tables:
                await self.resume(table_id)
            await asyncio.sleep(0)  # let requests in between

    async def resume(self, table_id: str) -> None:
        """Load one unfinished table (one process drives every table); errors are logged."""
        try:
            stored = await self.workers.db(self.storage.load, table_id)
        except Exception as e:
            log.error("table %s: cannot be loaded: %s", table_id, short(e))
            return
        if stored is not None and table_id not in self.tables:
            table = await self.workers.quick(Table.from_stored, stored, self.settings.stand_in)
            if table_id not in self.tables:
                self.loaded(table, stored.timer)

    async def stop(self) -> None:
        """Stop the tables' tasks, the workers (a running search too) and close the storage."""
        tasks = [
            *self.drivers.tasks.values(),
            *self.timers.tasks.values(),
            *self.evictions.tasks.values(),
            *([self.resuming] if self.resuming else []),
            *([self.sweeper] if self.sweeper else []),
        ]
        for task in tasks:
            task.cancel()
        await self.commits.drain(2.0)  # the steps, absences and timers waiting for their commit
        self.workers.close()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, 2.0)
        await self.presence_writes.drain(2.0)  # the last absences and timers
        self.drivers.tasks.clear()
        self.timers.clear()
        self.evictions.tasks.clear()
        if self.wal is not None:
            self.wal.close()
            self.wal = None
        if self._storage is not None:
            self._storage.close()
            self._storage = None

    async def health(self) -> dict[str, Any]:
        """The database's state (``ok`` or ``unavailable`` with the error) and the tables."""
        try:
            await asyncio.wait_for(
                self.workers.db(self.storage.ping), self.settings.database_timeout + 1
            )
            database, error = "ok", None
        except Exception as e:
            # the details (host, port…) go to the log, not to anyone who asks (issue 31)
            log.warning("health: the database does not answer: %s", short(e))
            database, error = "unavailable", "the database does not answer"
        return {
            "database": database,
            "error": error,
            "last_write_error": (
                "a write failed (the server's log says why)"
                if self.database_error or (self.wal is not None and self.wal.sync_error)
                else None
            ),
            "tables_in_memory": len(self.tables),
            "connections": sum(len(c) for c in self.conns.values()),
            "bot_moves_given_up": self.workers.given_up,
            # bot worker processes stopped with decisions pending (died or hung), if one runs
            "bot_worker_lost": bot_worker.lost if (bot_worker := self.workers.bot_worker) else None,
            "steps_retried": self.drivers.failures,
            **runtime_info(),  # the event loop and the collector (issue 37)
        }

    # --- tables ----------------------------------------------------------------------------
    async def create_table(
        self,
        preset: str,
        options: dict[str, Any],
        partnership: bool,
        seats: list[dict[str, Any]],
        turn_timeout: float | None = None,
        address: str | None = None,
        room: Room | None = None,
        seed: str | None = None,
        account: tuple[int, str] | None = None,
        maker: int | None = None,
    ) -> tuple[Table, dict[int, str], str]:
        """A new table, stored and dealt; its human seats' tokens and its host's token (who
        may end it); ``turn_timeout`` its own turn timer (None: the server's; 0: none, for
        one human against bots); ``address`` its maker's (``max_tables_per_address``
        unfinished tables at most, else :class:`TooManyTables`); ``room``: the table waits in
        its room for its host to start it (its seats may be ``open``, :mod:`.rooms`); ``seed``
        its deal seed (None: a new one; the first game's is fixed, :mod:`.guide`). Raises
        ``ValueError``. ``account`` (id, name): a ranked table's maker, who holds its one
        human seat (:meth:`ranked_rules`); ``maker``: the account of an unranked table's
        maker, whose seat it is when the table has one human seat (its match history)."""
        ranked = account is not None
        if ranked:
            options, room, turn_timeout = self.ranked_rules(seats, room, turn_timeout)
        own_timeout = check_timeout(turn_timeout, seats)
        rounds = options.get("rounds")
        if isinstance(rounds, int) and rounds > self.settings.max_rounds:
            raise ValueError(f"rounds: at most {self.settings.max_rounds} on this server")
        made: list[Seat] = []
        tokens: dict[int, str] = {}
        game_name = find_game(preset).name
        for i, s in enumerate(seats):
            if s.get("kind") == "open":
                if room is None:
                    raise ValueError(f"seat {i}: an open seat only in a room (room: {{...}})")
                made.append(Seat("open", f"seat {i + 1}"))
            elif s.get("kind") == "bot":
                bot = str(s.get("bot") or default_bot(game_name))
                spec = check_bot(bot, self.settings, game_name)
                made.append(
                    Seat("bot", str(s.get("name") or f"{spec.partition(':')[0]} {i}"), spec)
                )
            elif account is not None:
                tokens[i] = secrets.token_urlsafe(24)
                made.append(Seat("human", account[1], None, token_hash(tokens[i]), account[0]))
            else:
                tokens[i] = secrets.token_urlsafe(24)
                name = str(s.get("name") or f"seat {i}")
                made.append(Seat("human", name, None, token_hash(tokens[i])))
        humans = [i for i, s in enumerate(made) if s.kind == "human"]
        if maker is not None and account is None and len(humans) == 1:
            mine = made[humans[0]]
            made[humans[0]] = Seat(mine.kind, mine.name, None, mine.token_sha256, maker)
        game = find_game(preset).create(
            preset, options, len(made), partnership, [s.name for s in made]
        )
        check_players([s.bot for s in made], game.players)
        table_id = secrets.token_urlsafe(9)
        seed = seed or self.seed_source()
        table = Table(
            table_id,
            game,
            tuple(made),
            seed,
            created_at=datetime.now(UTC),
            stand_in=self.settings.stand_in,
            turn_timeout=own_timeout,
            room=room,
            ranked=ranked,
        )
        host_token = secrets.token_urlsafe(24)
        table.host_sha256 = token_hash(host_token)
        try:
            playing = await self.workers.db(self.storage.count_unfinished)
            if playing >= self.settings.max_tables:
                raise LimitReached(f"{playing} tables are playing, the most this server holds")
            table.created_at = await self.workers.db(
                self.storage.create_table,
                table_id,
                table.config(),
                seed,
                None,
                token_hash(address or "?"),
                self.settings.max_tables_per_address,
            )
            await self.adopt(table_id)
        except TooMany as e:
            raise TooManyTables(
                f"{e.playing} unfinished tables made from your address, the most it may have: "
                "finish or end one (DELETE /api/tables/ID with its host token)"
            ) from None
        except (LimitReached, Unavailable):
            raise
        except Exception as e:
            self.database_error = short(e)
            raise unavailable(e) from e
        self.tables[table_id] = table
        self.presence_writes.loaded(table, FROM_STEPS)  # no absence, the timer from the steps
        self.lonely(table)
        if table.waiting:  # no deal (no turn timer) until the host starts
            return table, tokens, host_token
        async with self.lock(table_id):
            first_deal = await self.workers.quick(table.next_auto)  # off the event loop
            assert first_deal is not None
            await self.store(table, first_deal)
        self.kick(table_id)
        return table, tokens, host_token

    def ranked_rules(
        self, seats: list[dict[str, Any]], room: Room | None, turn_timeout: float | None
    ) -> tuple[dict[str, Any], Room, float]:
        """A ranked table's rules, room and turn timer: the preset's rules (with the server's
        ``ranked_rounds`` if set), one human seat (its maker's) and the others open, in a
        room whose decliners wait (no bot), the turn timer on. Raises ``ValueError``."""
        if sum(1 for s in seats if s.get("kind") == "human") != 1 or any(
            s.get("kind") not in ("human", "open") for s in seats
        ):
            raise ValueError("a ranked table: one human seat (yours), the others open; no bot")
        options: dict[str, Any] = {}
        if self.settings.ranked_rounds is not None:
            options["rounds"] = self.settings.ranked_rounds
        made = room or Room(public=True)
        made.decliners = "wait"
        timer = turn_timeout or self.settings.turn_timeout or 60.0
        return options, made, timer

    def rating_of(self, table: Table, step: Step) -> RatedMatch | None:
        """What a step that ends a ranked match rates (None: nothing, for any other step; a
        table ended before its match was over is not rated)."""
        if not table.ranked or step.stored.kind == END or not step.state.is_over:
            return None
        accounts = [s.account for s in table.seats]
        if any(a is None for a in accounts):
            return None
        view = spectator_view(step.state)
        teams, ranks = places(view["totals"], view["team_totals"], step.state.returns())
        return RatedMatch(
            table.id, table.spec.name, tuple(a for a in accounts if a is not None), teams, ranks
        )

    def end_of(self, table: Table, step: Step) -> MatchEnd | None:
        """What a step that ends a match with accounts' seats writes with it (their history,
        statistics and a ranked match's ratings: :mod:`.match_stats`); None for any other
        step (a table ended before its match was over counts nothing)."""
        if step.stored.kind == END or not step.state.is_over:
            return None
        results = spectator_view(step.state).get("results") or []
        return match_end(
            table.id,
            table.spec.name,
            [s.account for s in table.seats],
            results,
            self.rating_of(table, step),
        )

    def get(self, table_id: str) -> Table | None:
        """A table by id (loaded from storage if needed), or None."""
        table = self.tables.get(table_id)
        if table is None:
            stored = self.storage.load(table_id)
            if stored is None:
                return None
            table = Table.from_stored(stored, self.settings.stand_in)
            self.loaded(table, stored.timer)
        return table

    async def fetch(self, table_id: str) -> Table | None:
        """:meth:`get`, with the storage read off the event loop (a slow or absent database
        holds no other request)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        stored = await self.workers.db(self.storage.load, table_id)
        if stored is None:
            return None
        # the table is played again from its steps off the event loop
        table = await self.workers.quick(Table.from_stored, stored, self.settings.stand_in)
        if table_id not in self.tables:  # loaded meanwhile by another request
            self.loaded(table, stored.timer)
        return self.tables[table_id]

    def loaded(self, table: Table, timer: Timer) -> None:
        """A table just loaded from storage: resume it (its stored timer, its driver)."""
        self.tables[table.id] = table
        self.presence_writes.loaded(table, timer)
        if not table.finished:
            self.timers.restore(table, timer)
            self.kick(table.id)
        self.evict_if_idle(table)  # a table read for a request goes again
        self.lonely(table)

    # --- tables nobody plays -------------------------------------------------------------------
    def drives(self, table_id: str) -> bool:
        """Whether this process plays the table's steps (one process: every table)."""
        return True

    def lonely(self, table: Table) -> None:
        """Note when an unfinished table of humans has no human connected any more."""
        humans = any(s.kind == "human" for s in table.seats)
        if table.finished or not humans or self.connected_seats(table):
            self.alone_since.pop(table.id, None)
        else:
            self.alone_since.setdefault(table.id, asyncio.get_running_loop().time())

    async def sweep_idle(self) -> None:
        """End the tables no human has been connected to for ``Settings.end_idle_after``
        seconds (looked at every minute at most)."""
        after = self.settings.end_idle_after
        assert after is not None
        while True:
            await asyncio.sleep(min(60.0, max(0.05, after / 4)))
            now = asyncio.get_running_loop().time()
            for table_id, since in list(self.alone_since.items()):
                if now - since < after or not self.drives(table_id):
                    continue
                minutes = f"{after / 60:g} minutes"
                try:
                    await self.end_table(table_id, "server", f"no player for {minutes}")
                except Exception as e:  # the database: tried again at the next look
                    log.warning("table %s: not ended (idle): %s", table_id, short(e))

    async def end_table(self, table_id: str, by: str, reason: str) -> bool:
        """End a table before its match is over (stored as its last step, sent to every
        client); False if it was over already. Raises :class:`Unavailable`, ``KeyError``."""
        table = await self.fetch(table_id)
        if table is None:
            raise KeyError(table_id)
        async with self.lock(table.id):
            if table.finished:
                self.alone_since.pop(table.id, None)
                return False
            if by == "server" and reason.startswith("no player") and self.connected_seats(table):
                self.alone_since.pop(table.id, None)  # someone came back meanwhile
                return False
            await self.store(table, table.end_step(by, reason))
        log.info("table %s: ended by the %s (%s)", table.id, by, reason)
        self.alone_since.pop(table.id, None)
        return True

    def evict_if_idle(self, table: Table) -> None:
        """Let a table with no client leave memory after a while (:mod:`.evictions`)."""
        if not self.conns.get(table.id):
            self.evictions.schedule(table)

    def busy(self, table_id: str) -> Table | None:
        """The table if it may not leave memory now but may later (None: it may go, or it
        must stay: a client is connected, or it is gone already)."""
        table = self.tables.get(table_id)
        if table is None or self.conns.get(table_id) or table.finished:
            return None
        driver = self.drivers.tasks.get(table_id)
        running = driver is not None and not driver.done()
        return table if running or self.presence_writes.busy(table_id) else None

    def drop(self, table_id: str) -> None:
        """An idle table leaves memory (the caller holds its lock)."""
        table = self.tables.get(table_id)
        if table is None or self.conns.get(table_id):
            return
        del self.tables[table_id]
        self.conns.pop(table_id, None)
        self.drivers.drop(table_id)
        self.timers.forget(table_id)
        self.presence_writes.forget(table_id)
        if table.finished:
            self.alone_since.pop(table_id, None)
        self.locks.pop(table_id, None)
        state = "finished" if table.finished else "waiting"
        log.info("table %s: %s and idle; dropped from memory", table_id, state)

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock of a table's changes."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    # --- steps -------------------------------------------------------------------------------
    async def store(self, table: Table, step: Step, sender: Sender | None = None) -> None:
        """Store a step, make it the table's, start the timer of the decision it leaves to a
        human (if any), acknowledge it and send it, with that timer, to every client. Raises
        :class:`Unavailable` (nothing acknowledged or sent) if the database does not answer or
        the step is not durable; a table whose write failed is read again from the store
        (:mod:`.rereads`) before its next step, so memory never differs from the store."""
        if await self.rereads.settle(table):  # the store moved it: this step is for before
            raise Unavailable("the table was read again from the database: try again")
        try:
            await self.write_step(table, step)
        except Unavailable:
            if table.id in self.rereads.stale:  # read again once the caller has answered
                self.rereads.settle_soon(table)
            raise
        table.commit(step)
        self.timers.arm(table, step.stored.at)  # the decision's timer runs from its step
        self.evict_if_idle(table)
        if sender is not None:
            sender.put(ack_message(step.stored.client_id, table.version))
            # let the acks of the other steps of this commit go out before the views are made
            await asyncio.sleep(0)
        self.send_state(table)

    def send_state(self, table: Table, resync: bool = False) -> None:
        """Send the table's state to every client, as each one's seat sees it."""
        cache: dict[int | None, str] = {}  # each seat's message, made once
        for conn in self.conns.get(table.id, ()):
            if conn.seat not in cache:
                cache[conn.seat] = self.state_text(
                    table, table.version, table.state, conn.seat, resync
                )
            conn.put(cache[conn.seat])

    def reread(self, table: Table) -> None:
        """A table just read again from the store (:mod:`.rereads`): its clients get the
        stored state and seats (no view made before, whose names may have changed: issue 40);
        its timer and driver start from it where this process drives it."""
        self.views.forget(table.id)
        self.send_state(table, resync=True)
        self.send_presence(table)
        if self.drives(table.id):
            self.timers.arm(table)
        self.kick(table.id)

    async def write_step(self, table: Table, step: Step) -> None:
        """Store a step with the next group commit; raises :class:`Unavailable` if it was not
        stored."""
        ended = self.end_of(table, step)
        end = partial(record_end, end=ended) if ended is not None else None
        try:
            await self.commits.step(table.id, step.stored, step.finishes, end)
        except NotDurable as e:  # committed, its sync failed: not acknowledged, read again
            self.database_error = short(e)
            self.rereads.mark(table.id)
            raise unavailable(e) from e
        except Exception as e:
            self.database_error = short(e)
            try:  # the write may have been done with its answer lost
                stored = await self.workers.db(self.storage.version, table.id)
            except Exception:
                stored = None
            if stored is None:  # not known: the table is read again before its next step
                self.rereads.mark(table.id)
            if stored != step.stored.version:
                raise unavailable(e) from e
        self.database_error = None

    def save_presence(self, table: Table) -> None:
        """Store the table's absent seats and turn timer if they changed (a timer that runs
        from its decision's step is not stored again: the steps give it)."""
        self.presence_writes.save(table, self.timers.stored(table))

    def kick(self, table_id: str) -> None:
        """Make sure the table's driver runs (it stops when a human is to decide)."""
        table = self.tables.get(table_id)
        if table is not None:
            self.drivers.kick(table)

    def expired(self, table: Table) -> None:
        """A turn timer ran out and its seat is absent now: tell the clients, and let the
        stand-in play (the caller holds the table's lock)."""
        self.send_presence(table)
        self.kick(table.id)
