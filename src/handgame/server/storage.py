"""Where tables live: a small adapter on SQLAlchemy 2 (SQLite by default, PostgreSQL by URL).

A table is stored as its record: every deal and every action, in order, in an append-only
log of *steps* (one row per version), plus its metadata (rules, seats, the deal seed, token
hashes). A step is written, in one transaction with the table's version, before the server
acknowledges it, so a restarted server rebuilds every table exactly where it was.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Engine,
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
    Column("kind", String(16), nullable=False),  # "deal" | "action"
    Column("seat", Integer, nullable=True),  # the seat that sent an action (None: a deal)
    Column("client_id", String(128), nullable=True),  # the sender's id of the action
    Column("data", JSON, nullable=False),  # the deal or action in record notation
)


# a seat's absence and the running turn timer, kept so that a restart keeps them (one row a
# table; a table of its own, so that databases made before it need no migration)
presence_table = Table(
    "hand_presence",
    metadata,
    Column("table_id", String(64), ForeignKey("hand_tables.id"), primary_key=True),
    Column("away", JSON, nullable=False),  # the absent human seats
    Column("timer", JSON, nullable=True),  # [seat, version, deadline in epoch seconds] or null
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
    timer: tuple[int, int, float] | None = None


class Storage:
    """The tables of one database; every method is one short transaction."""

    def __init__(self, url: str, timeout: float = 5.0) -> None:
        """Open (and create if needed) the database at ``url``; a call waits ``timeout``
        seconds at most for a lock or a connection, then fails."""
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
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
            metadata.create_all(self.engine)
        else:
            create_tables(metadata, self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def create_table(
        self, table_id: str, config: dict[str, Any], seed: str, created_at: datetime | None = None
    ) -> datetime:
        """Store a new table with no steps yet; its creation time."""
        when = created_at or datetime.now(UTC)
        with self.engine.begin() as conn:
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
        return when

    def append_step(self, table_id: str, step: StoredStep, finished: bool) -> None:
        """Append a step (its version must be the next one) and update the table's version."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(steps_table).values(
                    table_id=table_id,
                    version=step.version,
                    kind=step.kind,
                    seat=step.seat,
                    client_id=step.client_id,
                    data=step.data,
                )
            )
            done = conn.execute(
                update(tables_table)
                .where(tables_table.c.id == table_id)
                .where(tables_table.c.version == step.version - 1)
                .values(version=step.version, finished=finished)
            )
            if done.rowcount != 1:
                raise RuntimeError(f"table {table_id}: step {step.version} is not the next one")

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

    def save_presence(
        self, table_id: str, away: list[int], timer: tuple[int, int, float] | None
    ) -> None:
        """Store a table's absent seats and running turn timer (replacing what was stored)."""
        with self.engine.begin() as conn:
            conn.execute(delete(presence_table).where(presence_table.c.table_id == table_id))
            conn.execute(
                insert(presence_table).values(
                    table_id=table_id, away=sorted(away), timer=list(timer) if timer else None
                )
            )

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
                StoredStep(s.version, s.kind, s.seat, s.client_id, dict(s.data)) for s in steps
            ),
            away=tuple(int(x) for x in presence.away) if presence is not None else (),
            timer=(
                (int(presence.timer[0]), int(presence.timer[1]), float(presence.timer[2]))
                if presence is not None and presence.timer
                else None
            ),
        )


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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Write-ahead logging (readers do not wait for the writer) and foreign keys on."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
