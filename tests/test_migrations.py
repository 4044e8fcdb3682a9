"""Issue 40: the schema is Alembic's. A database made by release 0.1.0 (before Alembic: the
committed fixture ``tests/migrations/release-0.1.0.sql``, made by that release's server with a
finished bot match, a table under way and a waiting room) goes through ``alembic upgrade head``
with its tables and games intact, on SQLite and PostgreSQL; a new database gets the same
schema; the migrations match the tables the code declares."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, inspect, select

import handgame.server.accounts
import handgame.server.match_stats
import handgame.server.ratings  # noqa: F401 (their tables join the metadata)
from handgame.server import migrate
from handgame.server.storage import Storage, metadata, normalize_url
from handgame.server.table import Table
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "migrations" / "release-0.1.0.sql"
RELEASE_TABLES = ("hand_hosts", "hand_presence", "hand_steps", "hand_tables")
NEW_TABLES = (
    "hand_accounts",
    "hand_login_failures",
    "hand_match_stats",
    "hand_rated",
    "hand_rating_history",
    "hand_ratings",
    "hand_seat_accounts",
    "hand_sessions",
)


def release_database(tmp: Path) -> str:
    """A SQLite database as release 0.1.0 left it (the fixture): its URL."""
    path = tmp / "release.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript(FIXTURE.read_text())
    conn.close()
    return f"sqlite:///{path}"


def utc(value: Any) -> Any:
    """A time as naive UTC (SQLite keeps no zone; PostgreSQL answers in its session's)."""
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.astimezone(UTC).replace(tzinfo=None)
    return value


def rows(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the release's tables, in order, as plain values."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as conn:
        for name in RELEASE_TABLES:
            table = metadata.tables[name]
            keys = list(table.primary_key.columns)
            found = conn.execute(select(table).order_by(*keys))
            out[name] = [tuple(map(utc, r)) for r in found if r[0] != "new-one"]
    return out


def copy_to(url: str, source: Engine) -> None:
    """The release's schema and rows on another database (PostgreSQL), as that release's
    ``metadata.create_all`` made them."""
    target = create_engine(normalize_url(url))
    release = [metadata.tables[n] for n in RELEASE_TABLES]
    metadata.create_all(target, tables=release)
    with source.connect() as read, target.begin() as write:
        for name in ("hand_tables", "hand_steps", "hand_presence", "hand_hosts"):
            table = metadata.tables[name]
            found = [
                {k: v.replace(tzinfo=UTC) if isinstance(v, datetime) else v for k, v in r.items()}
                for r in (dict(r._mapping) for r in read.execute(select(table)))
            ]
            if found:
                write.execute(table.insert(), found)
    target.dispose()


def drift(engine: Engine) -> list[Any]:
    """What differs between the database's schema and the tables the code declares (the
    cluster's lease tables are the cluster's own, made outside the migrations)."""

    def mine(obj: Any, name: str | None, kind: str, reflected: bool, _other: Any) -> bool:
        theirs = ("hand_leases", "hand_processes", "alembic_version")
        return not (kind == "table" and name in theirs)

    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"include_object": mine, "compare_type": True}
        )
        return list(compare_metadata(context, metadata))


def check_upgraded(url: str, before: dict[str, list[tuple[Any, ...]]]) -> None:
    """The database at head: the release's rows unchanged, the new tables there, every game
    replays, and a new table can be stored."""
    storage = Storage(url)
    try:
        names = set(inspect(storage.engine).get_table_names())
        assert set(RELEASE_TABLES) | set(NEW_TABLES) <= names
        with storage.engine.connect() as conn:
            assert migrate.current_revision(conn) == migrate.HEAD
        assert rows(storage.engine) == before
        assert drift(storage.engine) == []
        finished = 0
        for table_id in [t for t in storage.table_ids() if t != "new-one"]:
            stored = storage.load(table_id)
            assert stored is not None
            table = Table.from_stored(stored)
            assert table.version == stored.version
            finished += table.finished
        assert finished == 1 and len(storage.table_ids(unfinished_only=True)) in (2, 3)
        if storage.version("new-one") is None:  # (not on the second opening)
            storage.create_table("new-one", {"rules": {}}, "seed")
        assert storage.version("new-one") == 0
    finally:
        storage.close()


def test_the_head_revision_is_the_migrations_head() -> None:
    config = Config()
    config.set_main_option("script_location", str(migrate.MIGRATIONS))
    script = ScriptDirectory.from_config(config)
    assert script.get_heads() == [migrate.HEAD]
    assert script.get_base() == migrate.BASELINE


def test_the_fixture_is_the_release_schema(tmp_path: Path) -> None:
    url = release_database(tmp_path)
    engine = create_engine(url)
    assert sorted(inspect(engine).get_table_names()) == sorted(RELEASE_TABLES)
    before = rows(engine)
    assert len(before["hand_tables"]) == 3 and len(before["hand_steps"]) >= 40
    engine.dispose()


def test_alembic_upgrade_head_takes_a_release_database_on_sqlite(tmp_path: Path) -> None:
    url = release_database(tmp_path)
    engine = create_engine(url)
    before = rows(engine)
    engine.dispose()
    # the command itself, as an operator runs it (the repository's alembic.ini)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "alembic",
            "-c",
            str(ROOT / "alembic.ini"),
            "-x",
            f"url={url}",
            "upgrade",
            "head",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Running upgrade  -> 0001" in done.stderr, done.stderr
    assert "Running upgrade 0001 -> 0002" in done.stderr
    assert "Running upgrade 0002 -> 0003" in done.stderr
    check_upgraded(url, before)


def test_the_server_upgrades_a_release_database_at_start(tmp_path: Path) -> None:
    url = release_database(tmp_path)
    engine = create_engine(url)
    before = rows(engine)
    engine.dispose()
    check_upgraded(url, before)  # Storage upgrades it (the baseline finds its tables)
    check_upgraded(url, before)  # and opened again: at head, nothing to do


def test_alembic_upgrade_head_takes_a_release_database_on_postgresql(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    source = create_engine(release_database(tmp_path))
    copy_to(postgres_url, source)
    before = rows(source)
    source.dispose()
    target = create_engine(normalize_url(postgres_url))
    assert rows(target) == before
    target.dispose()
    check_upgraded(postgres_url, before)


def test_a_new_database_gets_the_declared_schema_on_both(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    for url in (f"sqlite:///{tmp_path / 'new.sqlite'}", postgres_url):
        storage = Storage(url)
        assert drift(storage.engine) == []
        assert set(NEW_TABLES) <= set(inspect(storage.engine).get_table_names())
        storage.close()
