"""Who drives a table when several ``hand serve`` processes share one PostgreSQL database: a
lease per table (its owner's id and when it runs out, by the database's clock), renewed by the
owner while it lives and taken over by another process once it has run out (its owner died).
A process drives (plays bots, runs timers, stores steps) only the tables it holds; the version
check of :meth:`~handgame.server.storage.Storage.append_step` stays the last guard against a
step stored twice. Used only with ``--cluster`` (a single process needs no lease)."""

from __future__ import annotations

from sqlalchemy import Column, DateTime, MetaData, String, Table, text
from sqlalchemy.engine import Engine

from handgame.server.storage import create_tables

metadata = MetaData()

leases_table = Table(
    "hand_leases",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("owner", String(128), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

# the processes of the site, each renewing its row with its leases: a process whose row has
# run out is dead, and the clients it held are no longer at their tables
processes_table = Table(
    "hand_processes",
    metadata,
    Column("name", String(128), primary_key=True),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

_BEAT = text(
    """
    INSERT INTO hand_processes (name, expires_at)
    VALUES (:owner, clock_timestamp() + make_interval(secs => :seconds))
    ON CONFLICT (name) DO UPDATE SET expires_at = EXCLUDED.expires_at
    """
)
_ALIVE = text("SELECT name FROM hand_processes WHERE expires_at >= clock_timestamp()")
_CLAIM = text(
    """
    INSERT INTO hand_leases (table_id, owner, expires_at)
    VALUES (:table_id, :owner, clock_timestamp() + make_interval(secs => :seconds))
    ON CONFLICT (table_id) DO UPDATE
        SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
        WHERE hand_leases.owner = EXCLUDED.owner OR hand_leases.expires_at < clock_timestamp()
    RETURNING owner
    """
)
_RENEW = text(
    """
    UPDATE hand_leases SET expires_at = clock_timestamp() + make_interval(secs => :seconds)
    WHERE owner = :owner
    RETURNING table_id
    """
)
_EXPIRED = text(
    """
    SELECT l.table_id FROM hand_leases l JOIN hand_tables t ON t.id = l.table_id
    WHERE l.expires_at < clock_timestamp() AND NOT t.finished
    ORDER BY l.expires_at LIMIT :limit
    """
)
_OWNER = text(
    "SELECT owner FROM hand_leases WHERE table_id = :table_id AND expires_at >= clock_timestamp()"
)


class Leases:
    """The leases of one process (``owner``) in the database of ``engine``."""

    def __init__(self, engine: Engine, owner: str, seconds: float) -> None:
        """Make the leases' table if needed; a lease lasts ``seconds``."""
        self.engine = engine
        self.owner = owner
        self.seconds = seconds
        create_tables(metadata, engine)

    def claim(self, table_id: str) -> bool:
        """Take (or keep) a table's lease if it is free, run out, or ours already."""
        with self.engine.begin() as conn:
            row = conn.execute(
                _CLAIM, {"table_id": table_id, "owner": self.owner, "seconds": self.seconds}
            ).one_or_none()
        return row is not None

    def renew(self) -> set[str]:
        """Say this process lives, and renew every lease it still holds (run out or not: no
        other process took it); their tables."""
        with self.engine.begin() as conn:
            conn.execute(_BEAT, {"owner": self.owner, "seconds": self.seconds})
            rows = conn.execute(_RENEW, {"owner": self.owner, "seconds": self.seconds})
            return {r[0] for r in rows}

    def alive(self) -> set[str]:
        """The processes that renewed within a lease's time."""
        with self.engine.connect() as conn:
            return {r[0] for r in conn.execute(_ALIVE)}

    def release(self, table_id: str, expire_only: bool = False) -> None:
        """Give a table up: its lease removed (it is loaded again on demand), or, with
        ``expire_only``, run out at once (another process takes it over: at shutdown)."""
        with self.engine.begin() as conn:
            where = "table_id = :table_id AND owner = :owner"
            if expire_only:
                conn.execute(
                    text(f"UPDATE hand_leases SET expires_at = clock_timestamp() WHERE {where}"),
                    {"table_id": table_id, "owner": self.owner},
                )
            else:
                conn.execute(
                    text(f"DELETE FROM hand_leases WHERE {where}"),
                    {"table_id": table_id, "owner": self.owner},
                )

    def expired(self, limit: int) -> list[str]:
        """Unfinished tables whose lease has run out (their owner died), oldest first."""
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(_EXPIRED, {"limit": limit})]

    def owner_of(self, table_id: str) -> str | None:
        """The process holding a table now, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(_OWNER, {"table_id": table_id}).one_or_none()
        return None if row is None else str(row[0])
