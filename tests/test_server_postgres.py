"""The server on PostgreSQL (issue 5): tables stored there resume exactly after a restart.

A throwaway PostgreSQL server is started for these tests (tests/pg_helpers.py), or
``$HAND_TEST_POSTGRES_URL`` is used; they are skipped only when no PostgreSQL programs exist.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect

from handgame.cli.commands import main
from handgame.server.storage import (
    Storage,
    StorageError,
    StoredStep,
    display_url,
    normalize_url,
)
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)
from test_server_restart import play_stopped_and_resumed, play_whole


def without_tokens(config: dict[str, Any]) -> dict[str, Any]:
    """A stored table's config without its seats' and its host's (random) token hashes."""
    seats = [{k: v for k, v in s.items() if k != "token_sha256"} for s in config["seats"]]
    return {**{k: v for k, v in config.items() if k != "host_sha256"}, "seats": seats}


def test_postgres_urls_use_psycopg_3() -> None:
    assert normalize_url("postgresql://hand@db/hand") == "postgresql+psycopg://hand@db/hand"
    assert (
        normalize_url("postgres://hand:pw@127.0.0.1:5433/hand?sslmode=disable")
        == "postgresql+psycopg://hand:pw@127.0.0.1:5433/hand?sslmode=disable"
    )
    for url in ("postgresql+psycopg://u@h/d", "sqlite:///x.sqlite", "sqlite://"):
        assert normalize_url(url) == url


def test_without_psycopg_the_error_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg: ImportError
    url = "postgresql://nobody@127.0.0.1:1/nothing"
    with pytest.raises(StorageError, match=r"pip install 'handgame\[postgres\]'"):
        Storage(url)
    assert main(["serve", "--database-url", url]) == 2
    err = capsys.readouterr().err
    assert "pip install 'handgame[postgres]'" in err and "psycopg" in err
    assert "Traceback" not in err


def test_hand_serve_never_prints_the_database_password(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert display_url("postgresql://hand:sekrit@db:5433/hand") == (
        "postgresql://hand:***@db:5433/hand"
    )
    # port 1 refuses the connection: the error names the database, not its password
    assert main(["serve", "--database-url", "postgresql://hand:sekrit@127.0.0.1:1/x"]) == 2
    err = capsys.readouterr().err
    assert "cannot open the database postgresql://hand:***@127.0.0.1:1/x" in err
    assert "sekrit" not in err and "Traceback" not in err


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
def test_hand_serve_takes_a_postgresql_url(
    scheme: str,
    postgres_url: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import uvicorn

    import handgame.server.app as app_module

    url = scheme + postgres_url.removeprefix("postgresql")
    made: list[Any] = []
    original = app_module.create_app

    def create_app(settings: Any = None, seed_source: Any = None) -> Any:
        made.append(settings)
        return original(settings, seed_source)

    monkeypatch.setattr(app_module, "create_app", create_app)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: made.append(self))
    if scheme == "postgres":  # the environment's URL, when there is no --database-url
        monkeypatch.setenv("HAND_DATABASE_URL", url)
        argv = ["serve", "--port", "8765"]
    else:
        argv = ["serve", "--port", "8765", "--database-url", url]
    assert main(argv) == 0, capsys.readouterr().err
    assert made[0].database_url == url and isinstance(made[1], uvicorn.Server)
    storage = Storage(url)
    try:
        assert storage.url.startswith("postgresql+psycopg://")
        assert storage.engine.dialect.name == "postgresql"
        assert storage.engine.dialect.driver == "psycopg"
        # hand serve made the tables when it checked the database
        assert {"hand_tables", "hand_steps"} <= set(inspect(storage.engine).get_table_names())
    finally:
        storage.close()


def test_postgresql_storage_keeps_tables_exactly(postgres_url: str) -> None:  # noqa: F811
    storage = Storage(postgres_url)
    try:
        when = datetime(2026, 3, 1, 21, 30, 15, 123456, tzinfo=UTC)
        config = {"seats": [{"name": "سارة ✨", "kind": "human"}, {"name": "x\x00y"}], "n": 2}
        assert storage.create_table("t1", config, "seed-1", created_at=when) == when
        storage.create_table("t2", {}, "seed-2", created_at=datetime(2026, 3, 2, tzinfo=UTC))
        steps = [
            StoredStep(1, "deal", None, None, {"dealer": 0, "cards": ["7C", "AH"]}),
            StoredStep(2, "action", 1, "1-1 ünïcode", {"draw": "stock"}),
        ]
        for i, step in enumerate(steps):
            storage.append_step("t1", step, finished=i == len(steps) - 1)
        with pytest.raises(Exception, match="step 4 is not the next one"):
            storage.append_step("t2", StoredStep(4, "deal", None, None, {}), finished=False)
        assert storage.table_ids() == ["t1", "t2"]
        assert storage.table_ids(unfinished_only=True) == ["t2"]
    finally:
        storage.close()

    again = Storage(postgres_url)  # a new connection pool: everything comes from the database
    try:
        stored = again.load("t1")
        assert stored is not None
        assert stored.created_at == when and stored.created_at.utcoffset().total_seconds() == 0
        assert stored.created_at.isoformat() == when.isoformat()  # not in the server's zone
        assert stored.config == config and stored.seed == "seed-1"
        assert stored.version == 2 and stored.finished
        assert stored.steps == tuple(steps)
        assert again.load("nothing") is None
    finally:
        again.close()


def test_a_server_on_postgresql_resumes_every_seat_identically(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    # the whole match without a stop, on SQLite: what the PostgreSQL server must do too
    sqlite_tid, whole, whole_record = play_whole(tmp_path / "whole.sqlite")
    # the same seeded match on PostgreSQL, the server stopped in the middle and started again
    tid, before, resumed, record = play_stopped_and_resumed(
        tmp_path / "unused", database_url=postgres_url
    )
    assert before["version"] < len(whole) // 3
    assert not (tmp_path / "unused").exists()
    assert resumed == {k: v for k, v in whole.items() if k in resumed}
    assert {v for _, v in resumed} == {v for _, v in whole}
    assert record == whole_record

    # what PostgreSQL stored is what SQLite stored, but for the id, creation time and tokens
    on_sqlite = Storage(f"sqlite:///{tmp_path / 'whole.sqlite'}")
    on_postgres = Storage(postgres_url)
    try:
        a, b = on_sqlite.load(sqlite_tid), on_postgres.load(tid)
        assert a is not None and b is not None
        assert (b.seed, b.version, b.finished) == (a.seed, a.version, True)
        assert without_tokens(b.config) == without_tokens(a.config)
        # the same steps, made at other times (each stored with the time it was made)
        assert all(s.at is not None for s in (*a.steps, *b.steps))
        assert [replace(s, at=None) for s in b.steps] == [replace(s, at=None) for s in a.steps]
        assert len(b.steps) == b.version
        assert on_postgres.table_ids(unfinished_only=True) == []
    finally:
        on_sqlite.close()
        on_postgres.close()
