"""Issue 37: ``kill -9`` of a server under load loses no acknowledged step and doubles none,
on SQLite and on PostgreSQL.

Many tables (one scripted human and a greedy bot each) play at once against a real ``hand
serve`` process; the server is killed with SIGKILL while they play, then started again on the
same database. Every action the server acknowledged must be in the stored log at the version
its ``ack`` named, with its client id; no client id is stored twice; the versions run without
a gap. Then each client sends again the action it was still waiting for, with the same id, as a
client that lost its connection does: it is acknowledged once (as a duplicate if it had been
stored before the kill), never stored twice.

``$HAND_KILL_TABLES`` sets the number of tables (default 200, the load of the issue's
figures: about 25 s a database on an idle 2-core machine; 1,000 for a larger run).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from handgame.server.storage import Storage
from live_server import Live, live_server
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)

TABLES = int(os.environ.get("HAND_KILL_TABLES", "200"))


@dataclass
class Seat:
    """One table's human seat as its client knows it."""

    table: str
    token: str
    rng: random.Random
    sent: int = 0
    pending: tuple[str, int, Any] | None = None  # the action waiting for its answer
    acked: dict[str, int] = field(default_factory=dict)  # client id -> version of its ack


def server_settings(database_url: str) -> dict[str, Any]:
    """The servers' settings: the tables all come from this one address."""
    return {
        "database_url": database_url,
        "create_burst": TABLES + 10,
        "max_tables_per_address": TABLES + 10,
        "max_connections_per_ip": 4 * TABLES + 10,
        "max_http_per_ip": 4 * TABLES + 10,  # every seat connects at once
        "address_rate": 50.0 * TABLES,
        "address_burst": 100 * TABLES,
        "resync_rate": 50.0 * TABLES,
        "resync_burst": 100 * TABLES,
        "rate": 50.0,
    }


@contextmanager
def server(tmp: Path, database_url: str) -> Iterator[Live]:
    """A ``hand serve`` process on the database."""
    with live_server(tmp, **server_settings(database_url)) as live:
        yield live


def send_text(seat: Seat, number: str, version: int, action: Any) -> str:
    """An action message."""
    return json.dumps({"type": "action", "id": number, "version": version, "action": action})


async def play(live: Live, seat: Seat, stop: asyncio.Event) -> None:
    """Play the seat's actions until the connection drops (the server is killed)."""
    url = f"ws://127.0.0.1:{live.port}/ws/tables/{seat.table}?token={seat.token}"
    try:
        async with connect(url, open_timeout=60, max_size=None) as ws:
            async for raw in ws:
                message = json.loads(raw)
                if message["type"] == "ack" and seat.pending and message["id"] == seat.pending[0]:
                    seat.acked[message["id"]] = message["version"]
                    seat.pending = None
                elif message["type"] == "error" and seat.pending:
                    if message.get("id") == seat.pending[0]:
                        seat.pending = None
                elif message["type"] == "state" and seat.pending is None and not stop.is_set():
                    view = message["view"]
                    if view["turn"] == 0 and view["legal_actions"]:
                        seat.sent += 1
                        number = f"k-{seat.sent}"
                        action = seat.rng.choice(view["legal_actions"])
                        seat.pending = (number, message["version"], action)
                        await ws.send(send_text(seat, number, message["version"], action))
    except Exception:  # the server died under the connection: what the test is about
        pass


async def retry(live: Live, seat: Seat) -> dict[str, Any] | None:
    """Send again the action the seat was waiting for; the server's answer to it."""
    if seat.pending is None:
        return None
    number, version, action = seat.pending
    url = f"ws://127.0.0.1:{live.port}/ws/tables/{seat.table}?token={seat.token}"
    async with connect(url, open_timeout=60, max_size=None) as ws:
        await ws.send(send_text(seat, number, version, action))
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] in ("ack", "error") and message.get("id") == number:
                return dict(message)
    return None


def run_until_killed(live: Live, seats: list[Seat], acks: int) -> tuple[int, int]:
    """Play every seat at once; SIGKILL the server once ``acks`` actions are acknowledged and
    some action is in flight (sent, its answer not yet read: the seats may all be waiting for
    the bots at one moment); how many actions were acknowledged, and how many were in flight
    at the kill."""

    async def main() -> tuple[int, int]:
        stop = asyncio.Event()
        players = [asyncio.create_task(play(live, s, stop)) for s in seats]
        deadline = time.monotonic() + 120
        while sum(len(s.acked) for s in seats) < acks or all(s.pending is None for s in seats):
            assert time.monotonic() < deadline, "the tables did not play"
            await asyncio.sleep(0.005)
        # no await between the count and the kill: these actions are in flight at the kill
        in_flight = sum(s.pending is not None for s in seats)
        live.process.send_signal(signal.SIGKILL)  # under load: actions in flight
        live.process.wait(30)
        stop.set()
        await asyncio.wait(players, timeout=60)
        return sum(len(s.acked) for s in seats), in_flight

    return asyncio.run(main())


def check_log(url: str, seats: list[Seat]) -> None:
    """Every acknowledged action stored once, at its version; no gap, no double."""
    storage = Storage(url)
    try:
        for seat in seats:
            stored = storage.load(seat.table)
            assert stored is not None
            assert [s.version for s in stored.steps] == list(range(1, stored.version + 1))
            ids = [s.client_id for s in stored.steps if s.client_id is not None]
            assert len(ids) == len(set(ids)), f"{seat.table}: a step stored twice"
            by_id = {s.client_id: s.version for s in stored.steps if s.client_id is not None}
            for number, version in seat.acked.items():
                assert by_id.get(number) == version, (seat.table, number, version)
    finally:
        storage.close()


def kill_under_load(tmp: Path, url: str) -> None:
    with server(tmp, url) as live:
        seats = []
        for i in range(TABLES):
            made = live.create([{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
            seats.append(Seat(made["table"], made["seats"][0]["token"], random.Random(i)))
        acked, in_flight = run_until_killed(live, seats, 8 * TABLES)
    pending = sum(s.pending is not None for s in seats)
    print(
        f"{TABLES} tables: {acked} actions acknowledged, {in_flight} in flight at the SIGKILL "
        f"({pending} still unanswered after it)"
    )
    assert in_flight > 0, "the kill came with no action in flight: it tested nothing under load"
    check_log(url, seats)
    with server(tmp, url) as live:  # the same database, a new process

        async def all_again() -> list[dict[str, Any] | None]:
            return await asyncio.wait_for(asyncio.gather(*(retry(live, s) for s in seats)), 120)

        answers = asyncio.run(all_again())
        for seat, answer in zip(seats, answers, strict=True):
            if answer is None:
                continue
            assert answer["type"] == "ack" or answer["code"] == "stale", answer
            if answer["type"] == "ack":
                assert seat.pending is not None
                seat.acked[seat.pending[0]] = answer["version"]
        duplicates = sum(1 for a in answers if a and a.get("duplicate"))
        print(f"{len([a for a in answers if a])} sent again: {duplicates} stored before the kill")
    check_log(url, seats)


def test_kill_9_on_sqlite_loses_no_acknowledged_step(tmp_path: Path) -> None:
    kill_under_load(tmp_path, f"sqlite:///{tmp_path / 'kill.sqlite'}")


def test_kill_9_on_postgresql_loses_no_acknowledged_step(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    kill_under_load(tmp_path, postgres_url)
