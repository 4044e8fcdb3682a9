"""A deleted account's name on the tables (issue 40, :mod:`handgame.server.deleted_names`): on a
table not finished, its seat's name becomes "deleted player" at once, in memory (the table's
summary, a spectator's seats and views, a resync sent to the clients already there) and in the
database (the table read again after a restart); a finished table's record says "deleted
player" too (docs/accounts.md: the games stay, the name in them changes). The old name is in
none of them."""

from __future__ import annotations

from pathlib import Path

from account_helpers import get, post, register
from handgame.server.accounts import DELETED
from server_helpers import Player, client, recv, table_body
from test_ranked import cookie, play_to_the_end

SEATS = [{"kind": "human", "name": "Layla"}, {"kind": "bot", "bot": "greedy"}]
NAME = "Layla"


def test_a_deleted_account_s_name_leaves_its_tables(tmp_path: Path) -> None:
    db = tmp_path / "d.sqlite"
    with client(db, turn_timeout=None) as c:
        layla = register(c, NAME)
        done = post(c, "/api/tables", table_body(SEATS), layla)  # played to its end
        did, dtoken = done.json()["table"], done.json()["seats"][0]["token"]
        c.cookies.clear()
        with c.websocket_connect(f"/ws/tables/{did}?token={dtoken}", headers=cookie(layla)) as ws:
            play_to_the_end({0: Player(ws, 0)}, seed="deleted")
        assert get(c, f"/api/tables/{did}/record").json()["names"][0] == NAME
        made = post(c, "/api/tables", table_body(SEATS), layla)  # still in play
        tid = made.json()["table"]
        assert get(c, f"/api/tables/{tid}").json()["seats"][0]["name"] == NAME
        c.cookies.clear()
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:
            watcher = Player(ws, None)
            assert watcher.welcome["seats"][0]["name"] == NAME
            watcher.read_to(1)
            assert watcher.view["names"][0] == NAME
            gone = post(c, "/api/account/delete", {"password": "correct horse"}, layla)
            assert gone.status_code == 200, gone.text
            # the clients there get the table again (a resync) and its seats, renamed
            seen = {"state": False, "seats": False}
            while not all(seen.values()):
                m = recv(ws)
                if m["type"] == "state" and m.get("resync"):
                    assert m["view"]["names"][0] == DELETED, m["view"]["names"]
                    seen["state"] = True
                elif m["type"] == "seats":
                    assert m["seats"][0]["name"] == DELETED, m["seats"]
                    seen["seats"] = True
                assert NAME not in str(m), m
        summary = get(c, f"/api/tables/{tid}")
        assert summary.json()["seats"][0]["name"] == DELETED and NAME not in summary.text
        c.cookies.clear()
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:  # a new spectator
            first = Player(ws, None)
            assert first.welcome["seats"][0]["name"] == DELETED
            state = first.read()
            assert state["type"] == "state" and state["view"]["names"][0] == DELETED
            assert NAME not in str(first.welcome) and NAME not in str(state)
        record = get(c, f"/api/tables/{did}/record")
        assert record.json()["names"][0] == DELETED and NAME not in record.text
    with client(db, turn_timeout=None) as c:  # the database's copy: after a restart
        summary = get(c, f"/api/tables/{tid}")
        assert summary.json()["seats"][0]["name"] == DELETED and NAME not in summary.text
        assert get(c, f"/api/tables/{did}/record").json()["names"][0] == DELETED
