"""A write that fails at the store's commit or at the log's sync (a real SQLite database, the
failure injected where the server meets it: the write-ahead log's ``fsync``, the loop's commit,
or the storage's batch on a database thread).

- the action is not acknowledged: its sender gets a typed ``unavailable`` error, and no ``ack``;
- the table in memory is the store's afterwards (a step committed whose sync failed is read
  back from the store, :mod:`handgame.server.rereads`, as is a table whose write's outcome is
  unknown, the database not answering after it; one never written is not there);
- the seat's next action is stored and acknowledged.
"""

from __future__ import annotations

import errno
import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from handgame.server import walwriter
from handgame.server.protocol import spectator_view
from handgame.server.storage import Storage
from handgame.server.table import Table
from server_helpers import Player, choose, client, table_body

GREEDY = {"kind": "bot", "bot": "greedy"}
HUMAN = {"kind": "human"}


class Once:
    """A call that raises ``error`` the first time it is armed, else calls ``real``."""

    def __init__(self, real: Callable[..., Any], error: Exception, only: str | None = None):
        """Not armed yet; ``only``: fail only on the thread of this name."""
        self.real, self.error, self.only = real, error, only
        self.armed = False
        self.failed = 0
        self.also: Once | None = None  # armed with this one

    def arm(self) -> None:
        """Fail at the next call (and arm :attr:`also`)."""
        self.armed = True
        if self.also is not None:
            self.also.arm()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Fail once when armed (on ``only``'s thread, if given), else the real call."""
        here = self.only is None or threading.current_thread().name == self.only
        if self.armed and here:
            self.armed = False
            self.failed += 1
            raise self.error
        return self.real(*args, **kwargs)


@contextmanager
def failing(where: str, hub: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Once]:
    """The failure of ``where`` put in place (not armed)."""
    if where == "sync":  # the log's fsync on its thread: the batch committed, not durable
        once = Once(os.fsync, OSError(errno.EIO, "Input/output error"), "hand-wal-sync")
        monkeypatch.setattr(walwriter.os, "fsync", once)
    elif where in ("commit", "unknown"):  # the loop's transaction: nothing written
        once = Once(hub.wal.write, sqlite3.OperationalError("disk I/O error"))
        monkeypatch.setattr(hub.wal, "write", once)
        if where == "unknown":  # and the version asked after it fails too: outcome unknown
            asked = Once(hub.storage.version, sqlite3.OperationalError("disk I/O error"))
            monkeypatch.setattr(hub.storage, "version", asked)
            once.also = asked
    else:  # the storage's batch on a database thread (sqlite_loop_writes off)
        once = Once(hub.storage.write_batch, sqlite3.OperationalError("disk I/O error"))
        monkeypatch.setattr(hub.storage, "write_batch", once)
    yield once


def same_as_store(hub: Any, db: Path, table_id: str) -> tuple[int, int]:
    """The table's version in memory and in the store, after checking that the public view
    and every hand are the same in both."""
    stored = Storage(f"sqlite:///{db}").load(table_id)
    assert stored is not None
    fresh = Table.from_stored(stored)
    table = hub.tables[table_id]
    assert spectator_view(table.state) == spectator_view(fresh.state)
    assert table.spec.hands(table.state) == fresh.spec.hands(fresh.state)
    return table.version, fresh.version


def my_turn(player: Player) -> None:
    """Read until seat 0 is to draw (its turn's first decision: no bot moves after it)."""
    while not (
        player.frames
        and player.view["turn"] == 0
        and any("draw" in a for a in player.view["legal_actions"])
    ):
        player.read()


def draw_failing(player: Player, once: Once, action_id: str) -> tuple[int, dict[str, Any]]:
    """At the player's turn, ``once`` armed, send a draw: the version before it and the
    server's answer."""
    my_turn(player)
    before = player.version
    draw = next(a for a in player.view["legal_actions"] if "draw" in a)
    once.arm()
    answer = player.send({"type": "action", "id": action_id, "version": before, "action": draw})
    return before, answer


def wait_settled(hub: Any, table_id: str) -> None:
    """Wait (20 s at most) until the table is no longer to be read again."""
    deadline = time.monotonic() + 20
    while table_id in hub.rereads.stale:
        assert time.monotonic() < deadline, "the table was not read again"
        time.sleep(0.01)


@pytest.mark.parametrize("where", ["sync", "commit", "thread", "unknown"])
def test_a_failed_write_is_not_acknowledged_and_memory_stays_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    db = tmp_path / "s.sqlite"
    # full: an ack waits for the log's sync (normal, the default, answers at the commit: below)
    with client(db, sqlite_loop_writes=where != "thread", sqlite_synchronous="full") as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert (hub.wal is not None) == (where != "thread")
        made = c.post("/api/tables", json=table_body([HUMAN, GREEDY], rounds=2)).json()
        tid, token = made["table"], made["seats"][0]["token"]
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws,
            failing(where, hub, monkeypatch) as once,
        ):
            player = Player(ws, 0)
            before, answer = draw_failing(player, once, "lost")
            assert once.failed == 1
            # not acknowledged: an error, typed, and no ack of it (before it or after)
            assert answer["type"] == "error" and answer["code"] == "unavailable", answer
            assert "does not answer" in answer["message"]
            wait_settled(hub, tid)
            mine, stored = same_as_store(hub, db, tid)
            # the step committed before its sync failed is the store's (and now memory's);
            # one whose commit failed is in neither
            assert stored == (before + 1 if where == "sync" else before), (where, stored)
            assert mine == stored
            # read again where the outcome was not known (the sync; the version not answered)
            assert hub.rereads.done == (1 if where in ("sync", "unknown") else 0)
            if where == "sync":
                assert hub.rereads.moved == 1
                player.read_to(stored)  # the store's state, sent to the client
                assert player.frames[-1].get("resync") is True
            # the next action is stored and acknowledged
            assert player.view["turn"] == 0 and player.view["legal_actions"]
            action = choose(player.view, random.Random(7))
            ok = player.send(
                {"type": "action", "id": "next", "version": player.version, "action": action}
            )
            assert ok["type"] == "ack" and ok["version"] == stored + 1, ok
            assert not [m for m in player.others if m.get("id") == "lost" and m["type"] == "ack"]
        health = c.get("/api/health").json()
        assert health["database"] == "ok"


def test_with_normal_a_failed_sync_after_the_ack_is_logged_and_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """``normal`` (the default): the action is acknowledged at its commit; the log's sync
    that follows fails: the server logs it and ``/api/health`` says a write failed."""
    db = tmp_path / "n.sqlite"
    with client(db) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert hub.settings.sqlite_synchronous == "normal" and hub.wal is not None
        assert c.get("/api/health").json()["last_write_error"] is None
        made = c.post("/api/tables", json=table_body([HUMAN, GREEDY], rounds=2)).json()
        tid, token = made["table"], made["seats"][0]["token"]
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws,
            failing("sync", hub, monkeypatch) as once,
        ):
            player = Player(ws, 0)
            before, answer = draw_failing(player, once, "synced-later")
            assert answer["type"] == "ack" and answer["version"] == before + 1, answer
            for _ in range(200):
                if hub.wal.sync_error is not None:
                    break
                time.sleep(0.01)
            assert once.failed == 1 and isinstance(hub.wal.sync_error, OSError)
        assert "the log's sync failed" in caplog.text
        assert c.get("/api/health").json()["last_write_error"] is not None
