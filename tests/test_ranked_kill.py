"""Issue 40: ``kill -9`` of a server while ranked matches end counts each match's ratings
exactly once after the restart, on SQLite and on PostgreSQL.

Two accounts play ``TABLES`` ranked 1-round matches at once against a real ``hand serve``
process; the server is killed with SIGKILL once a third of them are over, while the others
are still ending. The match's last step and its ratings are one transaction: right after the
kill, every table stored as finished has exactly one rated-match row and its two history rows,
and no other table has any. Then the server starts again on the same database, the players
come back and finish the other matches, and the same holds for all of them: each account's
count of rated matches is the number of finished tables, none counted twice or not at all.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time
import urllib.request
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from websockets.asyncio.client import connect

from handgame.server.accounts import COOKIE
from handgame.server.match_stats import stats_table
from handgame.server.ratings import history_table, rated_table, ratings_table
from handgame.server.storage import Storage, tables_table
from live_server import Live, live_server
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)
from server_helpers import choose

TABLES = 9


def settings(url: str) -> dict[str, Any]:
    """The servers' settings: ranked matches of one round, every client one address."""
    return {
        "database_url": url,
        "ranked_rounds": 1,
        "turn_timeout": 600.0,
        "create_burst": 100,
        "max_connections_per_ip": 200,
        "max_http_per_ip": 200,
        "address_rate": 10_000.0,
        "address_burst": 10_000,
        "rate": 1000.0,
        "burst": 1000,
    }


def post(live: Live, path: str, body: Any, session: str | None = None) -> tuple[int, Any, str]:
    """A POST from the site's pages: status, JSON answer, Set-Cookie."""
    request = urllib.request.Request(
        live.base + path, data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("content-type", "application/json")
    request.add_header("origin", live.base)
    if session:
        request.add_header("cookie", f"{COOKIE}={session}")
    with urllib.request.urlopen(request, timeout=60) as r:
        return r.status, json.loads(r.read()), r.headers.get("set-cookie", "")


def register(live: Live, name: str) -> str:
    """A new account's session."""
    status, _, cookie = post(live, "/api/account/register", {"name": name, "password": "pw" * 5})
    assert status == 201
    return cookie.split(";", 1)[0].split("=", 1)[1]


def ws_url(live: Live, table: str, token: str | None = None) -> str:
    """A table's WebSocket address."""
    query = f"?token={token}" if token else ""
    return f"ws://127.0.0.1:{live.port}/ws/tables/{table}{query}"


async def until(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind``."""
    while True:
        m = json.loads(await ws.recv())
        if m["type"] == kind:
            return dict(m)


async def seat_up(live: Live, host: str, friend: str) -> dict[str, Any]:
    """A ranked table made by ``host`` and joined by ``friend``: its id, tokens, host token."""
    body = {
        "rules": {"preset": "levant"},
        "seats": [{"kind": "human"}, {"kind": "open"}],
        "ranked": True,
    }
    _, made, _ = await asyncio.to_thread(post, live, "/api/tables", body, host)
    headers = {"Cookie": f"{COOKIE}={friend}"}
    async with connect(ws_url(live, made["table"]), additional_headers=headers) as ws:
        await ws.send(json.dumps({"type": "join", "name": "x"}))
        joined = await until(ws, "joined")
    return {
        "table": made["table"],
        "tokens": {0: made["seats"][0]["token"], 1: joined["token"]},
        "host": made["host_token"],
    }


async def play_seat(
    live: Live, table: dict[str, Any], seat: int, session: str, start: bool, over: asyncio.Event
) -> None:
    """Play a seat until its match is over (or the connection drops: the kill)."""
    rng = random.Random(f"{table['table']}:{seat}")
    headers = {"Cookie": f"{COOKIE}={session}"}
    url = ws_url(live, table["table"], table["tokens"][seat])
    try:
        async with connect(url, additional_headers=headers, max_size=None) as ws:
            if start:
                await ws.send(json.dumps({"type": "room", "do": "start", "host": table["host"]}))
            sent: set[int] = set()
            async for raw in ws:
                m = json.loads(raw)
                if m["type"] != "state":
                    continue
                view = m["view"]
                if view["phase"] == "over":
                    over.set()
                    return
                legal = [a for a in view["legal_actions"] if "redeal" not in a]
                acting = view.get("to_act", view["turn"])
                if acting == seat and legal and m["version"] not in sent:
                    sent.add(m["version"])
                    action = choose(view, rng)
                    message = {"type": "action", "version": m["version"], "action": action}
                    await ws.send(json.dumps(message))
    except Exception:  # the server died under the connection: what the test is about
        pass


def play_all(
    live: Live,
    tables: list[dict[str, Any]],
    sessions: tuple[str, str],
    kill_after: int | None,
) -> None:
    """Play every table's two seats at once; SIGKILL the server once ``kill_after`` are over
    (None: play them all to the end)."""

    async def main() -> None:
        overs = [asyncio.Event() for _ in tables]
        tasks = [
            asyncio.create_task(play_seat(live, t, seat, sessions[seat], seat == 0, over))
            for t, over in zip(tables, overs, strict=True)
            for seat in (0, 1)
        ]
        deadline = time.monotonic() + 300
        if kill_after is None:
            await asyncio.wait_for(asyncio.gather(*tasks), 300)
            return
        while sum(o.is_set() for o in overs) < kill_after:
            assert time.monotonic() < deadline, "the matches did not end"
            await asyncio.sleep(0.01)
        live.process.send_signal(signal.SIGKILL)  # other matches are ending around now
        live.process.wait(30)
        await asyncio.wait(tasks, timeout=60)

    asyncio.run(main())


def check_counted_once(url: str, ids: list[str]) -> int:
    """Every finished table rated once (its two history rows), no other; the accounts' match
    counts agree; how many are finished."""
    storage = Storage(url)
    try:
        with storage.engine.connect() as conn:
            finished = set(
                conn.execute(
                    select(tables_table.c.id)
                    .where(tables_table.c.id.in_(ids))
                    .where(tables_table.c.finished.is_(True))
                ).scalars()
            )
            rated = list(conn.execute(select(rated_table.c.table_id)).scalars())
            history = list(conn.execute(select(history_table.c.table_id)).scalars())
            matches = list(conn.execute(select(ratings_table.c.matches)).scalars())
            rows = conn.execute(select(func.count()).select_from(ratings_table)).scalar_one()
            summaries = list(conn.execute(select(stats_table.c.table_id)).scalars())
    finally:
        storage.close()
    assert sorted(rated) == sorted(finished), "a finished match not rated, or rated twice"
    assert sorted(history) == sorted(2 * list(finished))
    assert sorted(summaries) == sorted(2 * list(finished)), "a match's statistics counted twice"
    if finished:
        assert rows == 2 and matches == [len(finished)] * 2
    return len(finished)


def kill_while_ending(tmp: Path, url: str) -> None:
    with live_server(tmp, **settings(url)) as live:
        sessions = (register(live, "Karim"), register(live, "Nadia"))

        async def seat_all() -> list[dict[str, Any]]:
            return list(await asyncio.gather(*(seat_up(live, *sessions) for _ in range(TABLES))))

        tables = asyncio.run(seat_all())
        play_all(live, tables, sessions, TABLES // 3)
    ids = [t["table"] for t in tables]
    done = check_counted_once(url, ids)
    print(f"{TABLES} ranked tables: {done} finished and rated at the SIGKILL")
    assert TABLES // 3 <= done < TABLES, "the kill came after every match had ended"
    with live_server(tmp, **settings(url)) as live:  # the same database, a new process
        play_all(live, tables, sessions, None)  # the players come back and finish
    assert check_counted_once(url, ids) == TABLES


def test_kill_9_while_ranked_matches_end_counts_them_once_on_sqlite(tmp_path: Path) -> None:
    kill_while_ending(tmp_path, f"sqlite:///{tmp_path / 'kill.sqlite'}")


def test_kill_9_while_ranked_matches_end_counts_them_once_on_postgresql(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    kill_while_ending(tmp_path, postgres_url)
