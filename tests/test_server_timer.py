"""The turn timer as the server sends it: ``turn_deadline`` and ``turn_remaining`` in every
``state`` and ``seats`` message and in the table summary (docs/web-protocol.md)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server_helpers import Player, client, table_body

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "greedy"}


def read_until(player: Player, wanted: Any) -> dict[str, Any]:
    """Read messages until one that ``wanted`` accepts; that one."""
    for _ in range(500):
        m = player.read()
        if wanted(m):
            return m
    raise AssertionError("no such message")


def my_turn(player: Player) -> dict[str, Any]:
    """The state message of the seat's next decision (the current one if it is its turn)."""
    if player.frames and player.view["turn"] == player.seat and player.view["legal_actions"]:
        return player.frames[-1]
    return read_until(
        player,
        lambda m: (
            m["type"] == "state"
            and m["view"]["turn"] == player.seat
            and bool(m["view"]["legal_actions"])
        ),
    )


def check_sane(m: dict[str, Any], timeout: float) -> None:
    """A running timer: at most ``timeout`` left, and a deadline agreeing with it."""
    now = time.time()
    assert isinstance(m["turn_deadline"], float) and isinstance(m["turn_remaining"], float), m
    assert 0 < m["turn_remaining"] <= timeout
    assert now < m["turn_deadline"] <= now + timeout + 0.01
    assert abs(m["turn_deadline"] - (now + m["turn_remaining"])) < 2.0


def test_each_state_message_carries_the_turn_deadline(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", turn_timeout=30.0) as c:
        made = c.post("/api/tables", json=table_body([HUMAN, BOT])).json()
        tid, token = made["table"], made["seats"][0]["token"]
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws,
            c.websocket_connect(f"/ws/tables/{tid}") as ws_s,
        ):
            me, spectator = Player(ws, 0), Player(ws_s, None)
            first = my_turn(me)
            check_sane(first, 30.0)
            # the spectator and the summary see the same timer
            seen = read_until(spectator, lambda m: m["type"] == "state")
            assert seen["version"] == first["version"]  # the table waits for seat 0
            assert seen["turn_deadline"] == first["turn_deadline"]
            summary = c.get(f"/api/tables/{tid}").json()
            assert summary["turn_deadline"] == first["turn_deadline"]
            assert 0 < summary["turn_remaining"] <= 30.0
            # every state message has the fields; a bot's turn has no timer
            assert all("turn_deadline" in f and "turn_remaining" in f for f in me.frames)
            bots = [f for f in me.frames if f["view"]["turn"] == 1]
            assert all(f["turn_deadline"] is None for f in bots)
            # a decision made: the next one (the same seat's, after a draw) has a new timer
            time.sleep(0.05)
            draw = next(a for a in me.view["legal_actions"] if a.get("draw") == "stock")
            answer = me.send({"type": "action", "id": "d", "version": me.version, "action": draw})
            assert answer["type"] == "ack"
            me.read_to(answer["version"])
            after = me.frames[-1]
            assert after["view"]["turn"] == 0 and after["view"]["phase"] == "play"
            check_sane(after, 30.0)
            assert after["turn_deadline"] > first["turn_deadline"]
        # reconnecting does not restart the timer: the same deadline comes back
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            again = Player(ws, 0)
            state = again.read()
            assert state["type"] == "state" and state["version"] == after["version"]
            assert state["turn_deadline"] == after["turn_deadline"]
            seats = read_until(again, lambda m: m["type"] == "seats")
            assert seats["turn_deadline"] == after["turn_deadline"]
            # catching up from an older version: only the current version has the timer
            ws.send_json({"type": "sync", "version": first["version"]})
            frames = [again.read() for _ in range(after["version"] - first["version"])]
            assert [f["version"] for f in frames] == list(
                range(first["version"] + 1, after["version"] + 1)
            )
            assert all(f["turn_deadline"] is None for f in frames[:-1])
            assert frames[-1]["turn_deadline"] == after["turn_deadline"]


def test_the_timer_runs_out_and_a_stand_in_plays(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", turn_timeout=0.5) as c:
        made = c.post("/api/tables", json=table_body([HUMAN, BOT])).json()
        tid, token = made["table"], made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            me = Player(ws, 0)
            first = my_turn(me)
            check_sane(first, 0.5)
            away = read_until(me, lambda m: m["type"] == "seats" and m["seats"][0]["away"])
            assert away["turn_deadline"] is None and away["turn_remaining"] is None
            # the stand-in plays the seat: no timer while it is away
            read_until(me, lambda m: m["type"] == "state" and m["version"] > first["version"])
            later = [f for f in me.frames if f["version"] > away["version"]]
            assert later and all(f["turn_deadline"] is None for f in later)
            # back: a seats message, and the seat's next decision has a timer again
            ws.send_json({"type": "back"})
            back = read_until(me, lambda m: m["type"] == "seats" and not m["seats"][0]["away"])
            now = me.frames[-1]  # the states of a version come before its seats message
            if now["version"] == back["version"] and now["view"]["turn"] == 0:
                assert 0 < back["turn_remaining"] <= 0.5
            else:
                nxt = my_turn(me)
                assert 0 < nxt["turn_remaining"] <= 0.5


def test_no_timer_no_deadline(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:  # turn_timeout None
        made = c.post("/api/tables", json=table_body([HUMAN, BOT])).json()
        tid, token = made["table"], made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            me = Player(ws, 0)
            m = my_turn(me)
            assert m["turn_deadline"] is None and m["turn_remaining"] is None
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["turn_deadline"] is None and summary["turn_timeout"] is None


def test_a_table_sets_its_own_timer_and_none_only_against_bots(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", turn_timeout=60.0) as c:
        # 20 s at this table, though the server's is 60
        made = c.post("/api/tables", json={**table_body([HUMAN, BOT]), "turn_timeout": 20}).json()
        tid, token = made["table"], made["seats"][0]["token"]
        assert c.get(f"/api/tables/{tid}").json()["turn_timeout"] == 20
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            check_sane(my_turn(Player(ws, 0)), 20.0)
        # no timer (0): one human against bots
        off = c.post("/api/tables", json={**table_body([HUMAN, BOT]), "turn_timeout": 0}).json()
        url = f"/ws/tables/{off['table']}?token={off['seats'][0]['token']}"
        with c.websocket_connect(url) as ws:
            m = my_turn(Player(ws, 0))
            assert m["turn_deadline"] is None and m["turn_remaining"] is None
        assert c.get(f"/api/tables/{off['table']}").json()["turn_timeout"] is None
        # ... but not for two humans, nor a timer too short
        two = c.post("/api/tables", json={**table_body([HUMAN, HUMAN]), "turn_timeout": 0})
        assert two.status_code == 422 and "one human against bots" in two.json()["detail"]
        short = c.post("/api/tables", json={**table_body([HUMAN, BOT]), "turn_timeout": 3})
        assert short.status_code == 422 and "10 to 3600 seconds" in short.json()["detail"]
    # a restart keeps the table's own timer (it is stored with the table)
    with client(tmp_path / "t.sqlite", turn_timeout=60.0) as c:
        assert c.get(f"/api/tables/{tid}").json()["turn_timeout"] == 20
        assert c.get(f"/api/tables/{off['table']}").json()["turn_timeout"] is None


def test_an_open_summary_holds_the_timer(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", turn_timeout=30.0, summary_hold=0.8) as c:
        made = c.post("/api/tables", json=table_body([HUMAN, BOT])).json()
        tid, token = made["table"], made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            me = Player(ws, 0)
            first = my_turn(me)
            check_sane(first, 30.0)
            ws.send_json({"type": "ping", "id": "p"})  # what came before is read
            read_until(me, lambda m: m["type"] == "pong")
            # the summary opens: no timer runs, nor counts down anywhere
            ws.send_json({"type": "pause"})
            held = read_until(me, lambda m: m["type"] == "seats")
            assert held["turn_deadline"] is None and held["turn_remaining"] is None
            assert c.get(f"/api/tables/{tid}").json()["turn_deadline"] is None
            time.sleep(0.3)
            # it closes: the timer runs again with the seconds it had left
            ws.send_json({"type": "resume"})
            again = read_until(me, lambda m: m["type"] == "seats" and m["turn_remaining"])
            left = again["turn_remaining"]
            assert first["turn_remaining"] - 1.0 < left <= first["turn_remaining"]
            assert again["turn_deadline"] > first["turn_deadline"] + 0.2
            # a summary left open holds the timer summary_hold seconds at most
            ws.send_json({"type": "pause"})
            read_until(me, lambda m: m["type"] == "seats" and m["turn_deadline"] is None)
            late = read_until(me, lambda m: m["type"] == "seats" and m["turn_remaining"])
            assert 0 < late["turn_remaining"] <= again["turn_remaining"]
            # ... in all: the same decision paused again is not held any more
            ws.send_json({"type": "pause"})
            still = read_until(me, lambda m: m["type"] == "seats")
            assert still["turn_remaining"] and still["turn_remaining"] <= late["turn_remaining"]
