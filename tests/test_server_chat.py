"""Chat and play again (issue 35): quick phrases, emoji and short texts, limited in length and
rate; spectators apart from the players or off (the host's choice); nothing of it in the
record; every frame of a room's match — the room's, the chat's, the rematch's too — checked
against the truth by the view checker; "play again" makes the same table a new match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import Player, client, play_out, states_by_version
from test_server import check_frames
from test_server_room import make_room, until
from view_checker import message_problems

SCRIPT = "<script>alert(1)</script>"


def chat(player: Player, ident: str, **fields: Any) -> None:
    player.ws.send_json({"type": "chat", "id": ident, **fields})


def seated_room(c: Any, **room: Any) -> tuple[dict[str, Any], str]:
    """A room of Sara (seat 0) and Ali, who took the free seat: the table and Ali's token."""
    made = make_room(c, **room)
    with c.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        visitor = Player(ws, None)
        ws.send_json({"type": "join", "name": "Ali"})
        token = until(visitor, "joined")["token"]
    return made, token


def test_chat_lines_limits_spectators_and_the_view_checker(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", chat_burst=10) as c:
        made, token = seated_room(c)
        tid, host = made["table"], made["host_token"]
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as ws0,
            c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws1,
            c.websocket_connect(f"/ws/tables/{tid}") as wss,
        ):
            sara, ali, nour = Player(ws0, 0), Player(ws1, 1), Player(wss, None)
            chat(ali, "p", phrase={"kind": "chat_well_played", "seat": 0})
            line = until(sara, "chat")
            assert line["seat"] == 1 and line["name"] == "Ali" and line["spectator"] is False
            assert line["phrase"] == {"kind": "chat_well_played", "seat": 0}
            assert until(nour, "chat")["phrase"]["kind"] == "chat_well_played"  # players: all
            chat(sara, "t", text=f"  {SCRIPT}  ")
            assert until(ali, "chat", seat=0)["text"] == SCRIPT  # as written (trimmed)
            chat(sara, "e", emoji="👍")
            assert until(ali, "chat", seat=0)["emoji"] == "👍"
            # refused: unknown phrase, too long, two things at once, control characters
            for ident, fields in [
                ("x1", {"phrase": {"kind": "hint_open"}}),
                ("x2", {"text": "a" * 161}),
                ("x3", {"text": "hi", "emoji": "👍"}),
                ("x4", {"text": "a\nb"}),
                ("x5", {"emoji": "<img>"}),
            ]:
                chat(ali, ident, **fields)
                assert until(ali, "error", id=ident)["code"] == "chat"
            # a spectator's line goes to the spectators only
            chat(nour, "s", text="go Sara", name="Nour")
            heard = until(nour, "chat", spectator=True)
            assert heard["spectator"] is True and heard["seat"] is None and heard["name"] == "Nour"
            chat(ali, "after", emoji="🎉")  # the players' next line: none of Nour's before it
            while (m := sara.read())["type"] != "chat" or m.get("emoji") != "🎉":
                assert m["type"] != "chat" or not m["spectator"], m
            # the host turns spectators' chat off: refused
            sara.ws.send_json({"type": "room", "do": "settings", "spectator_chat": "off",
                               "host": host})
            assert until(nour, "seats")["room"]["spectator_chat"] == "off"
            chat(nour, "off", text="still here")
            assert until(nour, "error", id="off")["code"] == "chat"
            # the rate: a burst, then refused (the limit of chat lines, not of messages)
            for k in range(12):
                chat(ali, f"r{k}", emoji="👋")
            assert until(ali, "error", code="chat")["message"].startswith("too many chat")
            # the match: every frame and message of each client checked against the truth
            sara.ws.send_json({"type": "room", "do": "start", "host": host})
            play_out(nour, {0: sara, 1: ali})
            for p in (sara, ali):
                p.read_to(nour.version)
            record = c.get(f"/api/tables/{tid}/record").json()
            assert "chat" not in str(record).lower() and SCRIPT not in str(record)
            assert "Nour" not in str(record) and "👍" not in str(record)
            states = states_by_version(record)
            for p in (sara, ali, nour):
                # version 0 (the room, before the deal) was sent with the seats' names then
                waiting = [f for f in p.frames if f["version"] == 0]
                for frame in waiting:
                    assert message_problems(frame, states[0], p.seat) == []
                    assert frame["view"]["hand"] == [] and frame["view"]["legal_actions"] == []
                p.frames = [f for f in p.frames if f["version"] > 0]
                assert check_frames(p, states) > 0
                assert any(m["type"] == "chat" for m in p.others)
                assert any(m["type"] == "seats" and m["room"] for m in p.others)


def test_play_again_keeps_the_players_and_passes_the_deal(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made, token = seated_room(c)
        tid, host = made["table"], made["host_token"]
        sara_token = made["seats"][0]["token"]
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={sara_token}") as ws0,
            c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws1,
            c.websocket_connect(f"/ws/tables/{tid}") as wss,
        ):
            sara, ali, nour = Player(ws0, 0), Player(ws1, 1), Player(wss, None)
            early = sara.send({"type": "rematch", "id": "early", "accept": True})
            assert early["code"] == "room"  # not before the match is over
            sara.ws.send_json({"type": "room", "do": "start", "host": host})
            play_out(nour, {0: sara, 1: ali})
            refused = nour.send({"type": "rematch", "id": "n", "accept": True})
            assert refused["code"] == "room"  # a spectator does not vote
            sara.ws.send_json({"type": "rematch", "accept": True})
            votes = until(ali, "seats")
            while votes["room"]["votes"] != {"0": True}:
                votes = until(ali, "seats")
            assert votes["room"]["next"] is None
            ali.ws.send_json({"type": "rematch", "accept": True})
            while (m := until(nour, "seats"))["room"]["next"] is None:
                pass
            nxt = m["room"]["next"]
        first = c.get(f"/api/tables/{tid}/record").json()
        second = c.get(f"/api/tables/{nxt}").json()
        assert [s["name"] for s in second["seats"]] == ["Sara", "Ali"]
        assert second["room"]["previous"] == tid and second["room"]["waiting"] is False
        # the same tokens hold the same seats at the new table, which was dealt at once
        with c.websocket_connect(f"/ws/tables/{nxt}?token={token}") as ws:
            again = Player(ws, 1)
            again.read()
            assert again.frames[-1]["version"] >= 1
        record = None
        with c.websocket_connect(f"/ws/tables/{nxt}?token={sara_token}") as ws:
            Player(ws, 0)
        # the deal passes on: the first match's first dealer, then the next seat (L-50, O-1)
        first_dealer = first["rounds"][0]["dealer"]
        summary = c.get(f"/api/tables/{nxt}/record?token={sara_token}").json()
        record = summary
        assert record["rounds"][0]["dealer"] == (first_dealer + 1) % 2


def test_who_says_no_is_replaced_by_a_bot_or_the_table_waits(tmp_path: Path) -> None:
    for decliners, kind in (("bots", "bot"), ("wait", "open")):
        with client(tmp_path / f"{decliners}.sqlite") as c:
            made, token = seated_room(c, decliners=decliners)
            tid, host = made["table"], made["host_token"]
            with (
                c.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as w0,
                c.websocket_connect(f"/ws/tables/{tid}?token={token}") as w1,
                c.websocket_connect(f"/ws/tables/{tid}") as ws,
            ):
                sara, ali, nour = Player(w0, 0), Player(w1, 1), Player(ws, None)
                sara.ws.send_json({"type": "room", "do": "start", "host": host})
                play_out(nour, {0: sara, 1: ali})
                ali.ws.send_json({"type": "rematch", "accept": False})
                sara.ws.send_json({"type": "rematch", "accept": True})
                while (m := until(nour, "seats"))["room"]["next"] is None:
                    pass
            second = c.get(f"/api/tables/{m['room']['next']}").json()
            assert [s["kind"] for s in second["seats"]] == ["human", kind]
            assert second["room"]["waiting"] is (kind == "open")
            assert (second["version"] == 0) is (kind == "open")
