"""Finished tables leave the hub's memory once nobody is connected (``Settings.evict_after``);
they are still served from storage and reloaded on demand."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server_helpers import Player, client, table_body

BOTS = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]


def wait_until(check: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def held(hub: Any, tid: str) -> list[str]:
    """Where the hub still holds the table (empty: nowhere)."""
    places = ("tables", "conns", "locks", "drivers", "timers", "deadlines", "evictions")
    return [name for name in places if tid in getattr(hub, name)]


def test_a_finished_table_is_dropped_after_its_last_client_and_served_from_storage(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "t.sqlite", evict_after=0.0) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        tid = c.post("/api/tables", json=table_body(BOTS)).json()["table"]
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:
            watcher = Player(ws, None)
            while not watcher.frames or watcher.view["phase"] != "over":
                watcher.read()
            final = watcher.version
            time.sleep(0.1)
            assert tid in hub.tables  # a client is connected: the table stays
        # the last client gone: the hub lets go of the table
        wait_until(lambda: not held(hub, tid))
        # ... which is still served, from storage
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["finished"] and summary["version"] == final
        assert summary["turn_deadline"] is None
        record = c.get(f"/api/tables/{tid}/record").json()
        assert record["rounds"] and "redacted_for" not in record
        frames = c.get(f"/api/tables/{tid}/replay").json()["frames"]
        assert len(frames) == final and frames[-1]["view"]["phase"] == "over"
        assert c.get(f"/replay/{tid}").status_code == 200
        # a request reloads it for a moment; it goes again with nobody connected
        wait_until(lambda: not held(hub, tid))
        # a client may connect again: the last view, then it is dropped again after it leaves
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:
            again = Player(ws, None)
            state = again.read()
            assert state["version"] == final and state["view"]["phase"] == "over"
            time.sleep(0.1)
            assert tid in hub.tables
        wait_until(lambda: not held(hub, tid))
        assert c.get(f"/api/tables/{tid}").json()["version"] == final
        assert c.get("/api/tables/nope").status_code == 404


def test_the_idle_time_and_unfinished_tables(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", evict_after=0.6) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        done = c.post("/api/tables", json=table_body(BOTS)).json()["table"]
        waiting = c.post("/api/tables", json=table_body([{"kind": "human"}, BOTS[0]])).json()
        wait_until(lambda: c.get(f"/api/tables/{done}").json()["finished"])
        finished_at = time.monotonic()
        assert done in hub.tables  # kept for the idle time ...
        wait_until(lambda: done not in hub.tables, timeout=10.0)
        assert time.monotonic() - finished_at > 0.3  # ... not dropped at once
        assert c.get(f"/api/tables/{done}").json()["finished"]
        # a match not finished stays, clients or not
        time.sleep(1.0)
        assert waiting["table"] in hub.tables
    # evict_after=None: finished tables stay
    with client(tmp_path / "u.sqlite", evict_after=None) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        tid = c.post("/api/tables", json=table_body(BOTS)).json()["table"]
        wait_until(lambda: c.get(f"/api/tables/{tid}").json()["finished"])
        time.sleep(0.3)
        assert tid in hub.tables
