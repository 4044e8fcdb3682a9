"""A deleted account's name on the tables (issue 40, :mod:`handgame.server.deleted_names`): on a
table not finished, its seat's name becomes "deleted player" at once, in memory (the table's
summary, a spectator's seats and views, a resync sent to the clients already there) and in the
database (the table read again after a restart); a finished table's record says "deleted
player" too (docs/accounts.md: the games stay, the name in them changes). The old name is in
none of them."""

from __future__ import annotations

import time
from pathlib import Path

from account_helpers import get, post, register
from handgame.server.accounts import DELETED
from server_helpers import TIMEOUT, Player, client, table_body
from test_ranked import cookie, play_to_the_end

SEATS = [{"kind": "human", "name": "Layla"}, {"kind": "bot", "bot": "greedy"}]
NAME = "Layla"


def renamed(player: Player) -> None:
    """Read until the player has the table again (a resync) saying :data:`DELETED` (issue
    40), then its seats; the old name is in no message from the resync on (those before it
    were sent before the rename)."""
    while not ((m := player.read())["type"] == "state" and m.get("resync")):
        pass
    assert m["view"]["names"][0] == DELETED and NAME not in str(m), m
    while (m := player.read())["type"] != "seats":
        assert NAME not in str(m), m
    assert m["seats"][0]["name"] == DELETED and NAME not in str(m), m


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
        tid, token = made.json()["table"], made.json()["seats"][0]["token"]
        assert get(c, f"/api/tables/{tid}").json()["seats"][0]["name"] == NAME
        c.cookies.clear()
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={token}", headers=cookie(layla)) as own,
            c.websocket_connect(f"/ws/tables/{tid}") as ws,
        ):
            seated, watcher = Player(own, 0), Player(ws, None)
            assert watcher.welcome["seats"][0]["name"] == NAME
            for p in (seated, watcher):
                p.read_to(1)
                assert p.view["names"][0] == NAME
            gone = post(c, "/api/account/delete", {"password": "correct horse"}, layla)
            assert gone.status_code == 200, gone.text
            # the clients there, seated or watching, get the table again (a resync) and its
            # seats, renamed (a rename that stopped at the store would time out here)
            for p in (seated, watcher):
                renamed(p)
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


def test_a_table_out_of_memory_is_renamed_when_it_is_loaded_again(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite"
    with client(db, turn_timeout=None, idle_after=0.05) as c:  # an idle table leaves memory
        hub = c.app.state.hub  # type: ignore[attr-defined]
        layla = register(c, NAME)
        made = post(c, "/api/tables", table_body(SEATS), layla)
        tid = made.json()["table"]
        assert get(c, f"/api/tables/{tid}").json()["seats"][0]["name"] == NAME
        deadline = time.monotonic() + TIMEOUT
        while tid in hub.tables:  # no client: it waits for Layla, then leaves memory
            assert time.monotonic() < deadline, "the idle table stayed in memory"
            time.sleep(0.01)
        gone = post(c, "/api/account/delete", {"password": "correct horse"}, layla)
        assert gone.status_code == 200, gone.text
        summary = get(c, f"/api/tables/{tid}")  # loaded again, from the renamed store
        assert summary.json()["seats"][0]["name"] == DELETED and NAME not in summary.text
        c.cookies.clear()
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:
            watcher = Player(ws, None)
            assert watcher.welcome["seats"][0]["name"] == DELETED
            watcher.read_to(1)
            assert watcher.view["names"][0] == DELETED
            assert NAME not in str(watcher.welcome) and NAME not in str(watcher.frames)
