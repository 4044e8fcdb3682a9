"""A ranked seat taken through a process that does not drive the table (issue 40), on the
cluster (two ``hand serve --cluster`` processes on one PostgreSQL database, Redis, nginx: all
real, tests/cluster_helpers.py). The process a client is connected to forwards its join to the
table's owner with the hash of the client's session; the owner reads the account of that
session from the database itself (docs/web-protocol.md, *Accounts on a cluster*). So an
account takes the seat through the other process and plays the match to its rating; a guest
naming an account in its join, a session ended since its page connected, and a message on the
bus with a made-up session, are refused.
"""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import redis
from websockets.sync.client import connect

from cluster_helpers import redis_url, site  # noqa: F401 (fixtures)
from handgame.server.accounts import COOKIE, session_hash
from handgame.server.relay import to_owner, to_process
from live_server import Live, read, read_until
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)
from server_helpers import choose


def call(live: Live, method: str, path: str, body: Any = None, session: str | None = None) -> Any:
    """A request as a page of the site sends it (its Origin), with a session's cookie: the
    status, the JSON answer and the session a log-in set."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(live.base + path, data=data, method=method)
    req.add_header("content-type", "application/json")
    req.add_header("origin", live.base)
    if session is not None:
        req.add_header("cookie", f"{COOKIE}={session}")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            cookie = r.headers.get("set-cookie") or ""
            given = cookie.split(";", 1)[0].split("=", 1)[1] if cookie.startswith(COOKIE) else None
            return r.status, json.loads(r.read() or b"null"), given
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null"), None


def register(live: Live, name: str) -> str:
    """A new account, through one process: its session."""
    body = {"name": name, "password": "correct horse"}
    status, answer, session = call(live, "POST", "/api/account/register", body)
    assert status == 201 and session, answer
    return str(session)


def ws(live: Live, table: str, query: str = "", session: str | None = None) -> Any:
    """A WebSocket to a table through one process, with a session's cookie."""
    url = f"ws://127.0.0.1:{live.port}/ws/tables/{table}" + (f"?{query}" if query else "")
    headers = {"cookie": f"{COOKIE}={session}"} if session else None
    return connect(url, open_timeout=30, additional_headers=headers)


class Seat(threading.Thread):
    """A ranked seat played from its views (``server_helpers.choose``, seeded, when it is to
    act)."""

    def __init__(self, live: Live, table: str, token: str, session: str, seat: int) -> None:
        """A player of ``seat`` through ``live``, logged in."""
        super().__init__(daemon=True)
        self.args = (live, table, f"token={token}", session)
        self.seat = seat
        self.welcome: dict[str, Any] = {}
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.seen: list[str] = []  # the last messages' types and codes (for a failure)

    def run(self) -> None:
        """Play to the end of the match."""
        try:
            self._play()
        except BaseException as e:  # reported by the test
            self.error = e

    def _play(self) -> None:
        rng = random.Random(f"cluster-ranked/{self.seat}")
        with ws(*self.args) as conn:
            acted = -1
            while True:
                m = json.loads(conn.recv(timeout=120))
                self.seen = [*self.seen[-20:], f"{m['type']}:{m.get('code', m.get('version'))}"]
                if m["type"] == "welcome":
                    self.welcome = m
                    self.ready.set()
                if m["type"] != "state":
                    continue
                view = m["view"]
                if view.get("phase") == "over":
                    return
                legal = [a for a in view["legal_actions"] if "redeal" not in a]
                mover = view.get("to_act", view.get("turn"))
                if mover == self.seat and legal and m["version"] > acted:
                    acted = m["version"]
                    action = {"type": "action", "id": f"p{self.seat}-{m['version']}"}
                    action |= {"version": m["version"], "action": choose(view, rng)}
                    conn.send(json.dumps(action))


def test_a_ranked_seat_taken_through_a_process_that_does_not_drive_the_table(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    settings = {"redis_url": redis_url, "turn_timeout": 60.0, "ranked_rounds": 1}
    with site(tmp_path, postgres_url, 2, **settings) as s:
        p0, p1 = s.servers
        karim = register(p0, "Karim")
        nadia = register(p1, "Nadia")
        body = {"rules": {"preset": "levant"}, "ranked": True}
        body["seats"] = [{"kind": "human"}, {"kind": "open"}]
        status, made, _ = call(p0, "POST", "/api/tables", body, karim)
        assert status == 201, made
        tid, token, host = made["table"], made["seats"][0]["token"], made["host_token"]
        assert s.health(0)["cluster"]["tables_driven"] == 1  # p0 drives it, p1 does not
        assert s.health(1)["cluster"]["tables_driven"] == 0
        # a guest on p1 naming an account (and a session) in its join: refused
        with ws(p1, tid) as guest:
            read_until(guest, "welcome")
            forged = {"type": "join", "name": "Nadia", "account": [2, "Nadia"]}
            forged |= {"session": session_hash(nadia), "session_sha256": session_hash(nadia)}
            guest.send(json.dumps(forged))
            assert read_until(guest, "error")["code"] == "account"
        # a message on the bus naming a session that is none: the owner checks it, refused
        bus = redis.Redis.from_url(redis_url)
        listening = bus.pubsub()
        listening.subscribe(to_process("forger"))
        join = json.dumps({"type": "join", "name": "Forged"})
        envelope = {"kind": "client", "origin": "forger", "conn": "k", "seat": None}
        bus.publish(to_owner(tid), json.dumps({**envelope, "session": "0" * 64, "text": join}))
        deadline, answer = time.monotonic() + 30, None
        while answer is None and time.monotonic() < deadline:
            got = listening.get_message(timeout=1)
            if got is not None and got["type"] == "message":
                answer = json.loads(json.loads(got["data"])["text"])
        assert answer is not None and answer["code"] == "account", answer
        listening.close()
        bus.close()
        # a session ended (logged out) after its page connected: its hash holds no account
        omar = register(p1, "Omar")
        with ws(p1, tid, session=omar) as gone:
            read_until(gone, "welcome")
            assert call(p1, "POST", "/api/account/logout", {}, omar)[0] == 200
            gone.send(json.dumps({"type": "join", "name": "Omar"}))
            assert read_until(gone, "error")["code"] == "account"
        # Nadia, logged in, takes the seat through p1 (which does not drive the table)
        with ws(p1, tid, session=nadia) as visitor:
            read_until(visitor, "welcome")
            visitor.send(json.dumps({"type": "join", "name": "anything"}))
            joined = read_until(visitor, "joined")
        assert joined["seat"] == 1
        assert p1.summary(tid)["seats"][1]["name"] == "Nadia"  # the account's name
        players = [Seat(p0, tid, token, karim, 0), Seat(p1, tid, joined["token"], nadia, 1)]
        for p in players:
            p.start()
        for p in players:
            assert p.ready.wait(60), p.error
        assert players[1].welcome["seat"] == 1
        with ws(p0, tid) as hosting:
            read_until(hosting, "welcome")
            hosting.send(json.dumps({"type": "room", "do": "start", "host": host, "id": "go"}))
            while (answer := read(hosting))["type"] != "error" and answer.get("version", 0) < 1:
                pass
            assert answer["type"] == "state", answer  # dealt
        for p in players:
            p.join(200)
            assert not p.is_alive(), "a player did not finish"
            assert p.error is None, (p.error, p.seen)
        deadline = time.monotonic() + 60
        while not (summary := p1.summary(tid))["finished"]:
            assert time.monotonic() < deadline, summary
            time.sleep(0.2)
        names = ["Karim", "Nadia"]
        won = names[summary["winner"]]
        for name in names:
            status, found, _ = call(p1, "GET", f"/api/players/{name}")
            assert status == 200, found
            (match,) = found["matches"]
            assert match["table"] == tid and match["ranked"] is True
            (rating,) = found["ratings"]
            assert (rating["rating"] > 25.0) is (name == won), (name, rating)
            assert found["stats"]["games"][0]["matches"] == 1
