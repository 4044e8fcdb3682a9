"""Issue 37: a connection writes a message at once when the socket takes it without waiting (no
task, no later turn of the event loop), keeps the order when a send has to wait, and a quick
bot's move is played on the event loop only while its kind's moves stay quick."""

from __future__ import annotations

import asyncio

from handgame.server.connection import Connection
from handgame.server.settings import Settings
from handgame.server.workers import MoveTimes


class Taking:
    """A socket that takes every message at once (a transport with room in its buffer)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str | None] | None = None

    async def send_text(self, data: str) -> None:
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = (code, reason)


class Held(Taking):
    """A socket whose sends wait until ``release`` (a paused transport), one at a time."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.inside = 0

    async def send_text(self, data: str) -> None:
        self.inside += 1
        assert self.inside == 1, "two sends at once on one socket"
        await self.release.wait()
        self.sent.append(data)
        self.inside -= 1


class Broken(Taking):
    async def send_text(self, data: str) -> None:
        raise ConnectionError("gone")


def test_a_message_is_written_at_once_when_the_socket_takes_it() -> None:
    async def run() -> list[str]:
        socket = Taking()
        conn = Connection(socket, "t", 0, Settings())
        conn.put({"type": "early"})  # before start: it waits
        assert socket.sent == []
        conn.start()
        conn.put({"type": "ack", "id": "a", "version": 1})
        sent_before_any_wait = list(socket.sent)  # no await since the put
        assert conn.sender is None  # no task was needed
        await conn.stop()
        return sent_before_any_wait

    sent = asyncio.run(run())
    assert [m.split('"')[3] for m in sent] == ["early", "ack"]


def test_messages_keep_their_order_behind_a_send_that_waits() -> None:
    async def run() -> Held:
        socket = Held()
        conn = Connection(socket, "t", 0, Settings())
        conn.start()
        for i in range(5):
            conn.put({"type": "state", "version": i})
            await asyncio.sleep(0)
        assert socket.sent == [] and conn.queued_bytes > 0  # all behind the first
        socket.release.set()
        for _ in range(20):
            await asyncio.sleep(0)
        conn.put({"type": "state", "version": 5})  # after the backlog: written at once
        await conn.stop()
        return socket

    socket = asyncio.run(run())
    assert [int(m.rsplit(":", 1)[1].rstrip("}")) for m in socket.sent] == list(range(6))


def test_a_socket_that_fails_closes_the_connection() -> None:
    async def run() -> Connection:
        conn = Connection(Broken(), "t", 0, Settings())
        conn.start()
        conn.put({"type": "state"})
        conn.put({"type": "state"})  # dropped: the connection is closed
        return conn

    conn = asyncio.run(run())
    assert conn.closed and conn.queued_bytes == 0


def test_a_quick_bot_plays_on_the_loop_while_its_moves_stay_quick() -> None:
    times = MoveTimes(0.002)
    seats = (None, "greedy")
    assert times.inline(seats)  # nothing known: tried on the loop
    times.add(seats, 0.0002)
    assert times.inline(seats)
    times.add(seats, 0.5)  # one slow move: the average is past the limit
    assert not times.inline(seats)
    for _ in range(60):  # quick again (timed on the thread)
        times.add(seats, 0.0002)
    assert times.inline(seats)
    assert times.inline((None, "random"))  # each kind of table apart
    assert not MoveTimes(0.0).inline(seats)  # 0: always on the thread


def test_search_workers_run_below_the_servers_priority() -> None:
    """A searching bot's worker process yields the CPU to the event loop: a higher nice value
    than the server's, and never a real-time policy (issue 31: a search at the server's
    priority held a core from the loop)."""
    import os

    from handgame.server.workers import SEARCH_NICE, Workers

    async def run() -> tuple[int, int]:
        workers = Workers(Settings())
        try:
            await workers.ready()
            niceness = await workers.search(os.nice, 0)
            policy = await workers.search(os.sched_getscheduler, 0)
            return niceness, policy
        finally:
            workers.close()

    niceness, policy = asyncio.run(run())
    assert niceness >= min(19, os.nice(0) + SEARCH_NICE)
    assert policy == os.SCHED_OTHER
