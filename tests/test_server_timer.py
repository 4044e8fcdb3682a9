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
