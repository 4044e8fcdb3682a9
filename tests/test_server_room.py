"""The waiting room (issue 35): a table with human seats waits for its host; seats show who
has joined; the host seats a bot, moves players, gives a fresh link, cancels; no deal and no
turn timer before the start; the room survives a restart; public rooms are listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import Player, client, recv, table_body


def room_body(seats: list[dict[str, Any]], public: bool = True, **room: Any) -> dict[str, Any]:
    """A levant room of one round with a 60 s turn timer."""
    body = table_body(seats)
    body["turn_timeout"] = 60
    body["room"] = {"public": public, **room}
    return body


def until(player: Player, kind: str, **fields: Any) -> dict[str, Any]:
    """Read until a message of ``kind`` (with these fields)."""
    while True:
        m = player.read()
        if m["type"] == kind and all(m.get(k) == v for k, v in fields.items()):
            return m


def make_room(c: Any, **room: Any) -> dict[str, Any]:
    r = c.post(
        "/api/tables",
        json=room_body([{"kind": "human", "name": "Sara"}, {"kind": "open"}], **room),
    )
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    assert [s["seat"] for s in made["seats"]] == [0]  # the open seat has no token yet
    return made


def test_a_room_waits_for_its_host_and_no_timer_runs(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = make_room(c)
        tid, host = made["table"], made["host_token"]
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["version"] == 0 and summary["room"]["waiting"] is True
        assert summary["turn_deadline"] is None
        assert [s["kind"] for s in summary["seats"]] == ["human", "open"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as ws0:
            sara = Player(ws0, 0)
            assert sara.welcome["room"]["waiting"] is True
            assert recv(ws0)["type"] == "state"  # version 0: before the first deal
            # an action before the start is refused: the match has not started
            answer = sara.send(
                {"type": "action", "id": "a", "version": 0, "action": {"draw": "stock"}}
            )
            assert answer["code"] == "waiting"
            # a friend opens the room's link (a spectator) and takes the free seat
            with c.websocket_connect(f"/ws/tables/{tid}") as wsf:
                friend = Player(wsf, None)
                wsf.send_json({"type": "join", "name": "Ali <b>"})
                joined = until(friend, "joined")
                assert joined["seat"] == 1 and joined["token"]
            seats = until(sara, "seats")
            assert seats["seats"][1]["kind"] == "human"
            assert seats["seats"][1]["name"] == "Ali <b>"
            with c.websocket_connect(f"/ws/tables/{tid}?token={joined['token']}") as ws1:
                ali = Player(ws1, 1)
                assert ali.welcome["seats"][1]["connected"] is True
                # only the host starts; nothing is dealt and no timer runs meanwhile
                refused = ali.send({"type": "room", "id": "s", "do": "start", "host": "x"})
                assert refused["code"] == "not_host"
                assert c.get(f"/api/tables/{tid}").json()["turn_deadline"] is None
                assert c.get(f"/api/tables/{tid}").json()["version"] == 0
                sara.ws.send_json({"type": "room", "do": "start", "host": host})
                ali.read_to(1)
                assert ali.frames[-1]["version"] == 1
                summary = c.get(f"/api/tables/{tid}").json()
                assert summary["room"]["waiting"] is False
                assert summary["version"] >= 1


def test_the_host_seats_a_bot_moves_players_and_cancels(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        r = c.post(
            "/api/tables",
            json=room_body([{"kind": "human", "name": "Sara"}, {"kind": "open"}, {"kind": "open"}]),
        )
        made = r.json()
        tid, host, token = made["table"], made["host_token"], made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws0:
            sara = Player(ws0, 0)
            cant = sara.send({"type": "room", "id": "1", "do": "start", "host": host})
            assert cant["code"] == "room"  # seats 2 and 3 are free
            sara.ws.send_json(
                {"type": "room", "do": "bot", "seat": 2, "bot": "greedy", "host": host}
            )
            seats = until(sara, "seats")
            assert seats["seats"][2]["kind"] == "bot"
            bad = sara.send(
                {"type": "room", "id": "2", "do": "bot", "seat": 1, "bot": "external", "host": host}
            )
            assert bad["code"] == "room"
            # the host moves itself to seat 2 (the bot to seat 1): its token follows it
            sara.ws.send_json({"type": "room", "do": "swap", "seats": [0, 1], "host": host})
            moved = until(sara, "reseated")
            assert moved["seat"] == 1
            seats = until(sara, "seats")
            assert seats["seats"][1]["name"] == "Sara" and seats["seats"][0]["kind"] == "open"
            # a fresh link for Sara's seat: the old token holds no seat any more
            sara.ws.send_json({"type": "room", "do": "link", "seat": 1, "host": host})
            link = until(sara, "link")
            assert link["seat"] == 1 and link["token"] != token
            gone = until(sara, "error")
            assert gone["code"] == "bad_token"
        with c.websocket_connect(f"/ws/tables/{tid}?token={link['token']}") as ws1:
            sara = Player(ws1, 1)
            sara.ws.send_json({"type": "room", "do": "cancel", "host": host})
            sara.read_to(1)
            assert sara.frames[-1]["ended"]["by"] == "host"
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["finished"] is True and summary["ended"]["by"] == "host"
        assert all(t["table"] != tid for t in c.get("/api/tables").json()["waiting"])


def test_everyone_ready_starts_the_match(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = make_room(c)
        tid = made["table"]
        with c.websocket_connect(f"/ws/tables/{tid}") as wsf:
            friend = Player(wsf, None)
            wsf.send_json({"type": "join", "name": "Ali", "seat": 1})
            token = until(friend, "joined")["token"]
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as ws0,
            c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws1,
        ):
            sara, ali = Player(ws0, 0), Player(ws1, 1)
            sara.ws.send_json({"type": "ready"})
            while until(ali, "seats")["room"]["ready"] != [0]:
                pass
            assert c.get(f"/api/tables/{tid}").json()["version"] == 0
            ali.ws.send_json({"type": "ready"})
            ali.read_to(1)
            assert c.get(f"/api/tables/{tid}").json()["room"]["waiting"] is False


def test_a_room_is_kept_over_a_restart_and_listed_while_public(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    with client(db) as c:
        public = make_room(c)
        private = make_room(c, public=False)
        with c.websocket_connect(f"/ws/tables/{public['table']}") as wsf:
            friend = Player(wsf, None)
            wsf.send_json({"type": "join", "name": "Ali"})
            token = until(friend, "joined")["token"]
        listed = c.get("/api/tables").json()
        ids = [t["table"] for t in listed["waiting"]]
        assert public["table"] in ids and private["table"] not in ids
    with client(db) as c:  # a restart: the room waits where it was, its seats as taken
        summary = c.get(f"/api/tables/{public['table']}").json()
        assert summary["version"] == 0 and summary["room"]["waiting"] is True
        assert summary["seats"][1]["name"] == "Ali"
        entry = next(
            t for t in c.get("/api/tables").json()["waiting"] if t["table"] == public["table"]
        )
        assert entry["free"] == 0 and entry["seats"][1]["name"] == "Ali"
        with c.websocket_connect(f"/ws/tables/{public['table']}?token={token}") as ws1:
            ali = Player(ws1, 1)
            ali.ws.send_json({"type": "room", "do": "start", "host": public["host_token"]})
            ali.read_to(1)
        playing = [t["table"] for t in c.get("/api/tables").json()["playing"]]
        assert public["table"] in playing


def test_open_seats_need_a_room(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        body = table_body([{"kind": "human"}, {"kind": "open"}])
        r = c.post("/api/tables", json=body)
        assert r.status_code == 422 and "open seat" in r.text


def test_a_hand_and_foot_room_chooses_partners_by_swapping_seats(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        body = {
            "rules": {"preset": "hand-and-foot", "options": {"rounds": 1}},
            "partnership": True,
            "seats": [
                {"kind": "human", "name": "Sara"},
                {"kind": "open"},
                {"kind": "bot", "bot": "random"},
                {"kind": "bot", "bot": "random"},
            ],
            "room": {"public": False},
        }
        made = c.post("/api/tables", json=body).json()
        tid, host = made["table"], made["host_token"]
        with c.websocket_connect(f"/ws/tables/{tid}") as wsf:
            friend = Player(wsf, None)
            wsf.send_json({"type": "join", "name": "Ali"})
            token = until(friend, "joined")["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws1:
            ali = Player(ws1, 1)
            # Ali and Sara partners: seats 0 and 2 play together (HF: teams by seat parity)
            ali.ws.send_json({"type": "room", "do": "swap", "seats": [1, 2], "host": host})
            assert until(ali, "reseated")["seat"] == 2
            ali.ws.send_json({"type": "room", "do": "start", "host": host})
            ali.read_to(1)
            assert ali.frames[-1]["view"]["names"] == ["Sara", "random 2", "Ali", "random 3"]
            assert ali.frames[-1]["view"]["hand"]  # seat 2's own hand, dealt


def test_the_host_gives_a_gone_players_seat_a_new_link_mid_match(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        body = table_body([{"kind": "human", "name": "Sara"}, {"kind": "human", "name": "Ali"}])
        made = c.post("/api/tables", json=body).json()  # no room: it started at once
        tid, host = made["table"], made["host_token"]
        old = made["seats"][1]["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as ws0:
            sara = Player(ws0, 0)
            sara.ws.send_json({"type": "room", "do": "link", "seat": 1, "host": host})
            fresh = until(sara, "link")["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={old}") as ws:
            assert recv(ws)["code"] == "bad_token"
        with c.websocket_connect(f"/ws/tables/{tid}?token={fresh}") as ws:
            newcomer = Player(ws, 1)
            assert newcomer.welcome["seats"][1]["name"] == "Ali"
