"""Issue 15, findings 4, 7 and 8: a restart keeps an absent human absent and its turn timer
where it was; idle unfinished tables leave memory and come back on demand; a client that stops
reading is dropped at its byte budget; ``hand serve`` refuses nan and inf."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from handgame.cli import main
from handgame.server.connection import Connection
from handgame.server.settings import Settings
from server_helpers import client, table_body

GREEDY = {"kind": "bot", "bot": "greedy"}
HUMAN = {"kind": "human"}


def wait_for(check: object, timeout: float = 30.0) -> None:
    """Poll ``check()`` until it is true."""
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_restart_keeps_the_turn_deadline_and_the_absence(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    with client(db, turn_timeout=30.0) as c:
        tid = c.post("/api/tables", json=table_body([HUMAN, HUMAN, GREEDY])).json()["table"]
        wait_for(lambda: c.get(f"/api/tables/{tid}").json()["turn_deadline"] is not None)
        first = c.get(f"/api/tables/{tid}").json()
        time.sleep(0.3)  # the timer is stored off the event loop
    with client(db, turn_timeout=30.0) as c:
        wait_for(lambda: c.get(f"/api/tables/{tid}").json()["turn_deadline"] is not None)
        again = c.get(f"/api/tables/{tid}").json()
        # the same deadline, not a fresh 30 s timer
        assert again["version"] == first["version"]
        assert again["turn_deadline"] == first["turn_deadline"]
    # a short timer runs out: the seat is away, and stays away after a restart
    with client(tmp_path / "u.sqlite", turn_timeout=0.3) as c:
        tid = c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json()["table"]
        wait_for(lambda: any(s["away"] for s in c.get(f"/api/tables/{tid}").json()["seats"]))
        time.sleep(0.3)
    with client(tmp_path / "u.sqlite", turn_timeout=0.3) as c:
        seats = c.get(f"/api/tables/{tid}").json()["seats"]
        assert seats[0]["away"]  # before the fix: present again, with a fresh timer


def test_an_idle_unfinished_table_leaves_memory_and_comes_back(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", idle_after=0.3) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        made = c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json()
        tid = made["table"]
        wait_for(lambda: tid not in hub.tables)  # waiting for a human nobody is connected as
        summary = c.get(f"/api/tables/{tid}").json()  # reloaded on demand, where it was
        assert not summary["finished"] and summary["version"] >= 1
        assert tid in hub.tables


def test_a_client_that_stops_reading_is_dropped_at_its_byte_budget() -> None:
    class Stuck:
        closed: tuple[int, str | None] | None = None

        async def send_text(self, data: str) -> None:
            await asyncio.Event().wait()  # never takes anything

        async def close(self, code: int = 1000, reason: str | None = None) -> None:
            self.closed = (code, reason)

    async def run() -> tuple[Connection, Stuck]:
        socket = Stuck()
        conn = Connection(socket, "t", None, Settings(outbox_bytes=100_000))
        conn.start()
        for _ in range(1000):  # 1000 messages of 1 KB: 1 MB would be held
            conn.put({"type": "state", "pad": "x" * 1000})
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        return conn, socket

    conn, socket = asyncio.run(run())
    assert conn.closed and socket.closed is not None and socket.closed[0] == 1013
    assert conn.queued_bytes <= 100_000  # before the fix: up to 4,096 messages, any size


@pytest.mark.parametrize(
    "flags",
    [
        ["--turn-timeout", "nan"],
        ["--turn-timeout", "inf"],
        ["--bot-delay", "inf"],
        ["--bot-delay", "nan"],
        ["--evict-after", "nan"],
        ["--bot-move-seconds", "inf"],
        ["--max-tables", "0"],
        ["--stand-in", "ismcts:iterations=999999999"],
        ["--public-url", "evil.example"],
    ],
)
def test_hand_serve_refuses_values_that_are_not_finite(tmp_path: Path, flags: list[str]) -> None:
    assert main(["serve", *flags, "--database-url", f"sqlite:///{tmp_path}/x.sqlite"]) == 2
