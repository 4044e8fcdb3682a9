"""The database's schema brought up to date with Alembic when the server starts.

A new database gets every migration (``migrations/versions``); a database made before Alembic
(release 0.1.0: ``hand_tables`` and no ``alembic_version``) goes through them too, the baseline
(0001) finding its tables there, its tables and games untouched. A database at :data:`HEAD`
already costs one query. On PostgreSQL the upgrade holds an advisory lock in its transaction (DDL is
transactional there), so processes of a cluster starting at once upgrade it once; on SQLite a
process that loses the race finds the schema there and goes on.
"""

from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import Connection, inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError

#: the migrations' directory (Alembic's ``script_location``)
MIGRATIONS = Path(__file__).parent / "migrations"

#: the newest revision (a test checks it is the migrations' head)
HEAD = "0003"

#: the revision of the schema release 0.1.0 made without Alembic
BASELINE = "0001"

#: the PostgreSQL advisory lock taken while upgrading (any fixed number)
LOCK = 0x68616E64  # "hand"


def current_revision(conn: Connection) -> str | None:
    """The database's Alembic revision (None: none stamped)."""
    if not inspect(conn).has_table("alembic_version"):
        return None
    row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
    return None if row is None else str(row[0])


def upgrade(engine: Engine, tries: int = 5) -> None:
    """Bring the database of ``engine`` to :data:`HEAD` (module docstring)."""
    for attempt in range(tries):
        try:
            _upgrade(engine)
            return
        except (IntegrityError, OperationalError, ProgrammingError):
            if attempt == tries - 1:
                raise
            time.sleep(0.2 * (attempt + 1))


def _upgrade(engine: Engine) -> None:
    with engine.connect() as conn:
        if current_revision(conn) == HEAD:
            return
    from alembic import command  # only when there is something to do
    from alembic.config import Config

    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
        current = current_revision(conn)
        if current == HEAD:
            return
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
