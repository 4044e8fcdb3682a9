"""Where tables live: a small adapter on SQLAlchemy 2 (SQLite by default, PostgreSQL by URL).

A table is stored as its record: every deal and every action, in order, in an append-only
log of *steps* (one row per version, with the time it was made), plus its metadata (rules,
seats, the deal seed, token hashes). A step is written, in one transaction with the table's
version, before the server acknowledges it, so a restarted server rebuilds every table exactly
where it was. :meth:`Storage.write_batch` writes the steps of many tables in one transaction
(the server's group commit, :mod:`handgame.server.commits`); each step's version check is its
own, so a step refused there refuses no other.

SQLite runs in write-ahead-log mode with ``synchronous=FULL`` by default: a commit returns once
the log is on disk, so neither a crash of the process nor a power cut loses an acknowledged
step (``NORMAL``: a power cut may lose the last commits; docs/operations.md).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, ProgrammingError

from handgame.server import migrate

ENV_URL = "HAND_DATABASE_URL"

metadata = MetaData()

tables_table = Table(
    "hand_tables",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("config", JSON, nullable=False),
    Column("seed", String(128), nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("finished", Boolean, nullable=False, default=False),
)

steps_table = Table(
    "hand_steps",
    metadata,
    Column("table_id", String(64), ForeignKey("hand_tables.id"), primary_key=True),
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(16), nullable=False),  # "deal" | "action" | "end"
    Column("seat", Integer, nullable=True),  # the seat that sent an action (None: a deal)
    Column("client_id", String(128), nullable=True),  # the sender's id of the action
    Column("data", JSON, nullable=False),  # the deal or action in record notation
    # when the step was made (epoch seconds; null in databases made before it): a turn timer
    # runs from its decision's step, so a restart derives it from here (timers.py)
    Column("at", Float, nullable=True),
)


# a seat's absence and the running turn timer, kept so that a restart keeps them (one row a
# table; a table of its own, so that databases made before it need no migration); written
# only when they change: a timer that runs from its decision's step is stored as FROM_STEPS
presence_table = Table(
    "hand_presence",
    metadata,
    Column("table_id", String(64), ForeignKey("hand_tables.id"), primary_key=True),
    Column("away", JSON, nullable=False),  # the absent human seats
    # [seat, version, deadline in epoch seconds], FROM_STEPS, or null (no timer to restore)
    Column("timer", JSON, nullable=True),
)

#: a stored turn timer that runs from the time of its decision's step (the table's last one)
FROM_STEPS = "steps"

#: a stored turn timer: [seat, version, deadline], FROM_STEPS, or None
Timer = tuple[int, int, float] | str | None

#: SQLite's ``synchronous`` levels the server may run with (docs/operations.md)
SYNCHRONOUS = ("full", "normal")

#: the most steps one statement of a batch moves (SQLite takes at most 32,766 parameters)
BATCH_ROWS = 500


# who made each table (a hash of the client's address), so that one address cannot fill the
# server with tables that never finish (issue 31); a table of its own, as above
hosts_table = Table(
    "hand_hosts",
    metadata,
    Column("table_id", String(64), ForeignKey("hand_tables.id"), primary_key=True),
    Column("address", String(64), nullable=False, index=True),  # sha256 of the address
)


def default_database_url() -> str:
    """``$HAND_DATABASE_URL``, else a SQLite file in the user's data directory."""
    url = os.environ.get(ENV_URL)
    if url:
        return url
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return f"sqlite:///{Path(base) / 'handgame' / 'handgame.sqlite'}"


class StorageError(ValueError):
    """The database cannot be opened: a missing driver, with how to install it."""


class TooMany(ValueError):
    """An address has as many unfinished tables as it may: the new one is not stored."""

    def __init__(self, playing: int) -> None:
        """``playing``: the address's unfinished tables."""
        super().__init__(f"{playing} unfinished tables")
        self.playing = playing


def normalize_url(url: str) -> str:
    """A database URL as SQLAlchemy takes it: ``postgresql://`` and ``postgres://`` use psycopg 3.

    >>> normalize_url("postgresql://hand@db.example/hand")
    'postgresql+psycopg://hand@db.example/hand'
    >>> normalize_url("postgres://hand:secret@localhost:5433/hand")
    'postgresql+psycopg://hand:secret@localhost:5433/hand'
    >>> normalize_url("sqlite:///tables.sqlite")
    'sqlite:///tables.sqlite'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def display_url(url: str) -> str:
    """A database URL fit to print: any password replaced by ``***``.

    >>> display_url("postgresql://hand:secret@localhost:5433/hand")
    'postgresql://hand:***@localhost:5433/hand'
    >>> display_url("sqlite:///tables.sqlite")
    'sqlite:///tables.sqlite'
    """
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy reads: show no more than its scheme
        scheme, sep, _ = url.partition("://")
        return f"{scheme}://..." if sep else "(unreadable database URL)"


@dataclass(frozen=True)
class StoredStep:
    """One step of a table's log: a deal or an action, the version it made."""

    version: int
    kind: str
    seat: int | None
    client_id: str | None
    data: dict[str, Any]
    at: float | None = None  # when it was made (epoch seconds); None in older databases


@dataclass(frozen=True)
class StoredTable:
    """A table as stored: its metadata and its steps in order."""

    id: str
    created_at: datetime
    config: dict[str, Any]
    seed: str
    version: int
    finished: bool
    steps: tuple[StoredStep, ...]
    away: tuple[int, ...] = ()
    timer: Timer = FROM_STEPS


class Storage:
    """The tables of one database; every method is one short transaction."""

    def __init__(self, url: str, timeout: float = 5.0, synchronous: str = "full") -> None:
        """Open (and create if needed) the database at ``url``; a call waits ``timeout``
        seconds at most for a lock or a connection, then fails. ``synchronous``: SQLite's
        level, ``full`` or ``normal`` (module docstring)."""
        if synchronous not in SYNCHRONOUS:
            raise StorageError(f"synchronous: {' or '.join(SYNCHRONOUS)}, not {synchronous!r}")
        url = normalize_url(url)
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            path = url.partition(":///")[2]
            if path and path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": timeout}
        else:
            kwargs["pool_pre_ping"] = True  # a restarted database server: reconnect, not fail
            kwargs["pool_timeout"] = timeout
            kwargs["connect_args"] = {"connect_timeout": max(1, round(timeout))}
        self.url = url
        try:
            self.engine: Engine = create_engine(url, **kwargs)
        except ImportError as e:
            if url.startswith("postgresql+psycopg:"):
                raise StorageError(
                    "PostgreSQL needs the psycopg 3 driver, which is not installed: "
                    "pip install 'handgame[postgres]'"
                ) from e
            raise
        self.postgres = self.engine.dialect.name == "postgresql"
        # UPDATE ... FROM: PostgreSQL, and SQLite from 3.33 (2020)
        self.batch_update = self.postgres or (
            self.engine.dialect.name == "sqlite" and sqlite3.sqlite_version_info >= (3, 33)
        )
        if url.startswith("sqlite"):

            def pragmas(dbapi_connection: Any, _record: Any) -> None:
                _sqlite_pragmas(dbapi_connection, synchronous)

            event.listen(self.engine, "connect", pragmas)
        migrate.upgrade(self.engine)  # Alembic: the schema at its newest revision

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def create_table(
        self,
        table_id: str,
        config: dict[str, Any],
        seed: str,
        created_at: datetime | None = None,
        address: str | None = None,
        most: int | None = None,
    ) -> datetime:
        """Store a new table with no steps yet; its creation time. ``address``: the hash of
        its maker's address; with ``most``, raises :class:`TooMany` (nothing stored) when that
        address has that many unfinished tables already."""
        when = created_at or datetime.now(UTC)
        with self.engine.begin() as conn:
            if address is not None and most is not None:
                playing = conn.execute(self._unfinished_from(address)).scalar_one()
                if playing >= most:
                    raise TooMany(int(playing))
            conn.execute(
                insert(tables_table).values(
                    id=table_id,
                    created_at=when,
                    config=config,
                    seed=seed,
                    version=0,
                    finished=False,
                )
            )
            if address is not None:
                conn.execute(insert(hosts_table).values(table_id=table_id, address=address))
        return when

    @staticmethod
    def _unfinished_from(address: str) -> Any:
        return (
            select(func.count())
            .select_from(
                hosts_table.join(tables_table, hosts_table.c.table_id == tables_table.c.id)
            )
            .where(hosts_table.c.address == address)
            .where(tables_table.c.finished.is_(False))
        )

    def count_unfinished_from(self, address: str) -> int:
        """How many stored tables made from ``address`` (its hash) are still playing."""
        with self.engine.connect() as conn:
            return int(conn.execute(self._unfinished_from(address)).scalar_one())

    def append_step(self, table_id: str, step: StoredStep, finished: bool) -> None:
        """Append a step (its version must be the next one) and update the table's version."""
        if self.write_batch([(table_id, step, finished)]):
            raise RuntimeError(f"table {table_id}: step {step.version} is not the next one")

    def write_batch(
        self,
        steps: list[tuple[str, StoredStep, bool]],
        presence: dict[str, tuple[list[int], Timer]] | None = None,
        ends: dict[int, Callable[[Connection], Any]] | None = None,
    ) -> set[int]:
        """Append many tables' steps and store their presence rows, in one transaction; the
        indices of the steps refused because their version is not their table's next one
        (the others are stored). ``ends[i]``: run in the same transaction if step ``i`` is
        stored (a ranked match's ratings, :func:`handgame.server.ratings.rate_in`)."""
        try:
            return self._write_batch(steps, presence, together=True, ends=ends)
        except _Refusals:  # some step is refused: again, one step at a time, to know which
            return self._write_batch(steps, presence, together=False, ends=ends)

    def _write_batch(
        self,
        steps: list[tuple[str, StoredStep, bool]],
        presence: dict[str, tuple[list[int], Timer]] | None,
        together: bool,
        ends: dict[int, Callable[[Connection], Any]] | None = None,
    ) -> set[int]:
        with self.engine.begin() as conn:
            refused = self._advance(conn, steps, together)
            for i, end in sorted((ends or {}).items()):
                if i not in refused:
                    end(conn)
            kept = [(t, step) for i, (t, step, _) in enumerate(steps) if i not in refused]
            if kept and not self.postgres:
                # one statement of many rows: SQLite's driver lets other threads run (and
                # waits to run again) at each statement's step, so one row at a time costs a
                # wait of the interpreter's switch interval per row on a busy server
                for first in range(0, len(kept), BATCH_ROWS):
                    part = kept[first : first + BATCH_ROWS]
                    conn.exec_driver_sql(insert_steps_sql(len(part)), step_params(part))
            elif kept:
                conn.execute(
                    insert(steps_table),
                    [
                        {
                            "table_id": table_id,
                            "version": step.version,
                            "kind": step.kind,
                            "seat": step.seat,
                            "client_id": step.client_id,
                            "data": step.data,
                            "at": step.at,
                        }
                        for table_id, step in kept
                    ],
                )
            if presence:
                ids = sorted(presence)
                conn.execute(delete(presence_table).where(presence_table.c.table_id.in_(ids)))
                conn.execute(
                    insert(presence_table),
                    [
                        {
                            "table_id": table_id,
                            "away": sorted(presence[table_id][0]),
                            "timer": timer_json(presence[table_id][1]),
                        }
                        for table_id in ids
                    ],
                )
        return refused

    def _advance(
        self, conn: Connection, steps: list[tuple[str, StoredStep, bool]], together: bool = True
    ) -> set[int]:
        """Move each step's table to its version if it is at the one before (the check that
        stops a double step); the indices of the steps whose table was not. ``together``: one
        statement for a batch of steps of different tables (``UPDATE ... FROM VALUES``; on
        SQLite, without ``RETURNING``, whose rows would each be a step of their own: when
        fewer tables moved than steps were given, :class:`_Refusals` is raised, and the
        caller tries again with ``together`` false)."""
        refused: set[int] = set()
        one_per_table = len({table_id for table_id, _, _ in steps}) == len(steps)
        if together and len(steps) > 1 and one_per_table and self.batch_update:
            for first in range(0, len(steps), BATCH_ROWS):
                part = steps[first : first + BATCH_ROWS]
                params = [x for t, s, f in part for x in (t, s.version - 1, s.version, bool(f))]
                moved = conn.exec_driver_sql(self._update_sql(len(part)), tuple(params))
                if not self.postgres:
                    if moved.rowcount != len(part):
                        raise _Refusals
                    continue
                accepted = {row[0] for row in moved}
                refused.update(first + i for i, (t, _, _) in enumerate(part) if t not in accepted)
            return refused
        for i, (table_id, step, finished) in enumerate(steps):
            done = conn.execute(
                update(tables_table)
                .where(tables_table.c.id == table_id)
                .where(tables_table.c.version == step.version - 1)
                .values(version=step.version, finished=finished)
            )
            if done.rowcount != 1:
                refused.add(i)
        return refused

    def _update_sql(self, rows: int) -> str:
        """The statement that moves ``rows`` tables to their next version at once."""
        if self.postgres:
            given = ", ".join(["(%s, %s, %s, %s)"] * rows)
            return (
                "UPDATE hand_tables AS t SET version = g.to_version, finished = g.over "
                f"FROM (VALUES {given}) AS g (table_id, from_version, to_version, over) "
                "WHERE t.id = g.table_id AND t.version = g.from_version RETURNING t.id"
            )
        return sqlite_update_sql(rows)

    def version(self, table_id: str) -> int | None:
        """The stored version of a table (None: no such table)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(tables_table.c.version).where(tables_table.c.id == table_id)
            ).one_or_none()
        return None if row is None else int(row[0])

    def count_unfinished(self) -> int:
        """How many stored tables are still playing."""
        query = (
            select(func.count()).select_from(tables_table).where(tables_table.c.finished.is_(False))
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def ping(self) -> None:
        """A trivial query: raises if the database does not answer."""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    def save_presence(self, table_id: str, away: list[int], timer: Timer) -> None:
        """Store a table's absent seats and running turn timer (replacing what was stored)."""
        self.write_batch([], {table_id: (away, timer)})

    def update_config(self, table_id: str, config: dict[str, Any]) -> None:
        """Replace a table's metadata (its room's seats and settings changed, issue 35)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(tables_table).where(tables_table.c.id == table_id).values(config=config)
            )

    def unfinished_configs(self, most: int) -> list[tuple[str, datetime, dict[str, Any], int]]:
        """The newest ``most`` unfinished tables: id, creation time, metadata and version
        (the lobby lists the public ones among them)."""
        query = (
            select(
                tables_table.c.id,
                tables_table.c.created_at,
                tables_table.c.config,
                tables_table.c.version,
            )
            .where(tables_table.c.finished.is_(False))
            .order_by(tables_table.c.created_at.desc())
            .limit(most)
        )
        with self.engine.connect() as conn:
            return [(r[0], r[1], r[2], int(r[3])) for r in conn.execute(query)]

    def table_ids(self, unfinished_only: bool = False) -> list[str]:
        """The ids of the stored tables (only those still playing, when asked)."""
        query = select(tables_table.c.id).order_by(tables_table.c.created_at)
        if unfinished_only:
            query = query.where(tables_table.c.finished.is_(False))
        with self.engine.connect() as conn:
            return [row[0] for row in conn.execute(query)]

    def load(self, table_id: str) -> StoredTable | None:
        """A stored table with its steps, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(tables_table).where(tables_table.c.id == table_id)
            ).one_or_none()
            if row is None:
                return None
            steps = conn.execute(
                select(steps_table)
                .where(steps_table.c.table_id == table_id)
                .order_by(steps_table.c.version)
            ).all()
            presence = conn.execute(
                select(presence_table).where(presence_table.c.table_id == table_id)
            ).one_or_none()
        created = row.created_at
        if created.tzinfo is None:  # SQLite keeps no time zone
            created = created.replace(tzinfo=UTC)
        else:  # PostgreSQL answers in its session's time zone
            created = created.astimezone(UTC)
        return StoredTable(
            id=row.id,
            created_at=created,
            config=dict(row.config),
            seed=row.seed,
            version=row.version,
            finished=row.finished,
            steps=tuple(
                StoredStep(s.version, s.kind, s.seat, s.client_id, dict(s.data), s.at)
                for s in steps
            ),
            away=tuple(int(x) for x in presence.away) if presence is not None else (),
            timer=_timer_read(presence.timer) if presence is not None else FROM_STEPS,
        )


def timer_json(timer: Timer) -> Any:
    """A turn timer as the presence row keeps it."""
    return list(timer) if isinstance(timer, tuple) else timer


def _timer_read(stored: Any) -> Timer:
    """A turn timer from its presence row."""
    if stored == FROM_STEPS:
        return FROM_STEPS
    if not stored:
        return None
    return (int(stored[0]), int(stored[1]), float(stored[2]))


def create_tables(schema: MetaData, engine: Engine, tries: int = 5) -> None:
    """Create the tables of ``schema`` that are missing; several processes starting at once on
    a new PostgreSQL database may race to create them: the loser looks again."""
    for attempt in range(tries):
        try:
            schema.create_all(engine)
            return
        except (IntegrityError, ProgrammingError):
            if attempt == tries - 1:
                raise
            time.sleep(0.2 * (attempt + 1))


class _Refusals(Exception):
    """A batch in which some step is refused (:meth:`Storage._advance`)."""


def sqlite_update_sql(rows: int) -> str:
    """SQLite: the statement that moves ``rows`` tables to their next version at once (its
    parameters: table id, version before, version after, finished; for each table)."""
    # it begins with UPDATE: Python's sqlite3 opens the transaction before it (before a
    # statement that begins with WITH, it does not, and the UPDATE would commit alone)
    given = ", ".join(["(?, ?, ?, ?)"] * rows)
    return (
        "UPDATE hand_tables SET version = g.column3, finished = g.column4 "
        f"FROM (VALUES {given}) AS g "
        "WHERE hand_tables.id = g.column1 AND hand_tables.version = g.column2"
    )


def insert_steps_sql(rows: int) -> str:
    """SQLite: one statement that inserts ``rows`` steps."""
    given = ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * rows)
    return (
        "INSERT INTO hand_steps (table_id, version, kind, seat, client_id, data, at) "
        f"VALUES {given}"
    )


def step_params(steps: list[tuple[str, StoredStep]]) -> tuple[Any, ...]:
    """The parameters of :func:`insert_steps_sql` (the data as the JSON column stores it)."""
    return tuple(
        x
        for table_id, s in steps
        for x in (table_id, s.version, s.kind, s.seat, s.client_id, json.dumps(s.data), s.at)
    )


def _sqlite_pragmas(dbapi_connection: Any, synchronous: str) -> None:
    """Write-ahead logging (readers do not wait for the writer), the ``synchronous`` level
    (module docstring) and foreign keys on."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous.upper()}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
