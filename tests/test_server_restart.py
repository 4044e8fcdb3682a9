"""A restarted server resumes its tables exactly; absent humans get a stand-in bot."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from server_helpers import Player, client, play_out, table_body

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "human"}]


def frames_of(players: list[Player]) -> dict[tuple[int | None, int], dict[str, Any]]:
    """Every view each client got, by (seat, version)."""
    return {(p.seat, f["version"]): f["view"] for p in players for f in p.frames}


def connect(c: Any, tid: str, tokens: dict[int, str], since: dict[int | None, int] | None = None):
    """Open the spectator's and the humans' WebSockets (with ``since`` versions)."""

    def url(seat: int | None) -> str:
        q = [f"token={tokens[seat]}"] if seat is not None else []
        if since is not None:
            q.append(f"since={since[seat]}")
        return f"/ws/tables/{tid}" + ("?" + "&".join(q) if q else "")

    return [c.websocket_connect(url(s)) for s in (None, *sorted(tokens))]


Frames = dict[tuple[int | None, int], dict[str, Any]]


def play_whole(db: Path, **settings: Any) -> tuple[str, Frames, dict[str, Any]]:
    """The seeded match of ``SEATS`` played without a stop: its id, frames and record."""
    with client(db, seed="same", **settings) as c:
        made = c.post("/api/tables", json=table_body(SEATS)).json()
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        conns = connect(c, made["table"], tokens)
        with conns[0] as s, conns[1] as h0, conns[2] as h2:
            spectator, humans = Player(s, None), {0: Player(h0, 0), 2: Player(h2, 2)}
            play_out(spectator, humans)
            for h in humans.values():
                h.read_to(spectator.version)
        record = c.get(f"/api/tables/{made['table']}/record").json()
    return made["table"], frames_of([spectator, *humans.values()]), record


def summary_once_disconnected(c: Any, tid: str) -> dict[str, Any]:
    """The table's summary once the server has seen every socket close (it learns of a close
    asynchronously, so a summary read at once may still call a seat connected)."""
    for _ in range(200):
        summary: dict[str, Any] = c.get(f"/api/tables/{tid}").json()
        if not any(seat["connected"] for seat in summary["seats"]):
            return summary
        time.sleep(0.05)
    raise AssertionError(f"seats still connected 10 s after their sockets closed: {summary}")


def play_stopped_and_resumed(
    db: Path, **settings: Any
) -> tuple[str, dict[str, Any], Frames, dict[str, Any]]:
    """The same match with the server stopped after version 25 and started again on the same
    database, every seat reconnecting with its last version; checks that each one is sent what
    it missed and nothing else. Its id, its summary at the stop, all frames and the record."""
    with client(db, seed="same", **settings) as c:
        made = c.post("/api/tables", json=table_body(SEATS)).json()
        tid = made["table"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        conns = connect(c, tid, tokens)
        with conns[0] as s, conns[1] as h0, conns[2] as h2:
            first = [Player(s, None), Player(h0, 0), Player(h2, 2)]
            play_out(first[0], {0: first[1], 2: first[2]}, stop_at=25)
            for p in first[1:]:
                p.read_to(first[0].version)
        before = summary_once_disconnected(c, tid)
    assert 25 <= before["version"] and not before["finished"]

    # the seed comes from the database, not from here
    with client(db, seed="other", **settings) as c:
        after = c.get(f"/api/tables/{tid}").json()
        assert after == before  # the same version, seats and creation time
        since: dict[int | None, int] = {p.seat: p.version - 3 for p in first}
        conns = connect(c, tid, tokens, since)
        with conns[0] as s, conns[1] as h0, conns[2] as h2:
            second = [Player(s, None), Player(h0, 0), Player(h2, 2)]
            for p, old in zip(second, first, strict=True):
                assert p.welcome["version"] == old.version
                p.read_to(old.version)  # what it missed: the last three versions again
                assert [f["version"] for f in p.frames] == [
                    old.version - 2,
                    old.version - 1,
                    old.version,
                ]
                assert p.frames == old.frames[-3:]
            play_out(second[0], {0: second[1], 2: second[2]})
            for h in second[1:]:
                h.read_to(second[0].version)
        record = c.get(f"/api/tables/{tid}/record").json()
        assert c.get(f"/api/tables/{tid}").json()["finished"]
    return tid, before, frames_of(first + second), record


def test_a_restarted_server_continues_every_seat_identically(tmp_path: Path) -> None:
    _, whole, whole_record = play_whole(tmp_path / "a.sqlite")
    _, before, resumed, record = play_stopped_and_resumed(tmp_path / "b.sqlite")
    assert before["version"] < len(whole) // 3
    assert resumed == {k: v for k, v in whole.items() if k in resumed}
    assert {v for _, v in resumed} == {v for _, v in whole}
    assert record == whole_record


def test_an_absent_human_gets_a_stand_in_until_back(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", turn_timeout=0.3) as c:
        made = c.post("/api/tables", json=table_body([{"kind": "human"}] * 2)).json()
        tid = made["table"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as w0,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as w1,
        ):
            players = {0: Player(w0, 0), 1: Player(w1, 1)}
            p0 = players[0]
            while not p0.frames:
                p0.read()
            late = p0.view["turn"]
            me = players[late]
            start = me.version if me.frames else 0
            # nobody plays: the seat to act runs out of time and a stand-in plays for it
            away = None
            while away is None or me.version < start + 3:
                m = me.read()
                if m["type"] == "seats" and m["seats"][late]["away"]:
                    away = m
            assert away["seats"][late]["name"] == f"seat {late}"
            summary = c.get(f"/api/tables/{tid}").json()
            assert summary["seats"][late]["away"] and summary["version"] > start
            # back: the seat is its human's again
            me.ws.send_json({"type": "back"})
            while True:
                m = me.read()
                if m["type"] == "seats" and not m["seats"][late]["away"]:
                    break
            for _ in range(50):
                while me.view["turn"] != late or not me.view["legal_actions"]:
                    me.read()
                answer = me.act(random.Random(0))
                if answer["type"] == "ack":
                    break
                assert answer["code"] == "stale"
            else:
                raise AssertionError("the seat never got its turn back")
