"""A table of friends on the cluster (issue 35): three ``hand serve --cluster`` processes on one
PostgreSQL database and Redis (tests/cluster_helpers.py, all real). The host makes a public room
on process 0, which drives it; the friend finds it in the list of process 1 and takes its free
seat there; no deal and no timer until the host starts; chat crosses the processes (the
spectator on process 2 hears the players, the players never hear the spectator); a round is
played with each player on its own process; "play again" makes the next match, which the
friend joins on yet another process with the same token."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from cluster_helpers import redis_url, site  # noqa: F401 (fixtures)
from live_server import read
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)
from server_helpers import play_sockets


def until(ws: Any, kind: str, seconds: float = 30, **fields: Any) -> dict[str, Any]:
    """Read a WebSocket until a message of ``kind`` (with these fields)."""
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"no {kind} {fields}"
        m = read(ws, seconds)
        if m["type"] == kind and all(m.get(k) == v for k, v in fields.items()):
            return m


@pytest.mark.parametrize("bus", ["redis", "postgres"])
def test_a_room_chat_and_play_again_across_processes(
    tmp_path: Any,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
    bus: str,
) -> None:
    extra = {"redis_url": redis_url} if bus == "redis" else {}
    with site(tmp_path, postgres_url, 3, turn_timeout=60.0, **extra) as s:
        p0, p1, p2 = s.servers
        status, made = p0.request(
            "POST",
            "/api/tables",
            {
                "rules": {"preset": "levant", "options": {"rounds": 1}},
                "seats": [{"kind": "human", "name": "Sara"}, {"kind": "open"}],
                "room": {"public": True},
                "turn_timeout": 60,
            },
        )
        assert status == 201, made
        tid, host = made["table"], made["host_token"]
        # the friend finds it in another process's list and takes the seat there
        _, listed = p1.request("GET", "/api/tables")
        assert [t["free"] for t in listed["waiting"] if t["table"] == tid] == [1]
        with p1.ws(tid) as visitor:
            until(visitor, "welcome")
            visitor.send(json.dumps({"type": "join", "name": "Ali"}))
            token = until(visitor, "joined")["token"]
        with (
            p0.ws(tid, f"token={made['seats'][0]['token']}") as sara,
            p1.ws(tid, f"token={token}") as ali,
            p2.ws(tid) as nour,
        ):
            assert until(ali, "welcome")["seat"] == 1
            assert until(sara, "welcome")["seat"] == 0
            assert until(nour, "welcome")["room"]["waiting"] is True
            # chat across processes; the spectator's line stays with the spectators
            ali.send(json.dumps({"type": "chat", "phrase": {"kind": "chat_hello"}}))
            assert until(sara, "chat")["phrase"] == {"kind": "chat_hello"}
            assert until(nour, "chat")["name"] == "Ali"
            nour.send(json.dumps({"type": "chat", "text": "<b>go</b>", "name": "Nour"}))
            assert until(nour, "chat", spectator=True)["text"] == "<b>go</b>"
            sara.send(json.dumps({"type": "chat", "emoji": "👍"}))
            for ws in (ali, nour):
                while (m := until(ws, "chat"))["seat"] != 0:
                    assert ws is nour or not m["spectator"], m
            # no deal, no timer, on every process, until the host starts
            for p in (p0, p1, p2):
                summary = p.summary(tid)
                assert summary["version"] == 0 and summary["turn_deadline"] is None
            refused = {"type": "room", "id": "x", "do": "start", "host": "nope"}
            ali.send(json.dumps(refused))
            assert until(ali, "error", id="x")["code"] == "not_host"
            ali.send(json.dumps({"type": "room", "do": "start", "host": host}))  # the host's
            play_sockets({0: sara, 1: ali})
            for ws in (sara, ali):
                ws.send(json.dumps({"type": "rematch", "accept": True}))
            while (m := until(nour, "seats", 60))["room"]["next"] is None:
                pass
            nxt = m["room"]["next"]
        assert nxt != tid
        with p2.ws(nxt, f"token={token}") as again:
            welcome = until(again, "welcome")
            assert welcome["seat"] == 1 and [x["name"] for x in welcome["seats"]] == [
                "Sara",
                "Ali",
            ]
            assert until(again, "state")["version"] >= 1
        record = p0.request("GET", f"/api/tables/{tid}/record")[1]
        assert "Nour" not in json.dumps(record) and "👍" not in json.dumps(record)
