"""Ranked tables (issue 40): account holders only, the preset's rules, the turn timer on, no
bot; a seat is its account's (its token alone does not play it); the match's ratings are
counted once, when it ends, in the transaction that stores its end."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, func, select

from account_helpers import get, post, register
from handgame.server.accounts import COOKIE
from handgame.server.ratings import (
    RatedMatch,
    history_table,
    rate_in,
    rated_table,
    ratings_table,
)
from handgame.server.storage import Storage
from server_helpers import Player, client, recv

RANKED = {
    "rules": {"preset": "levant"},
    "seats": [{"kind": "human"}, {"kind": "open"}],
    "ranked": True,
}


def cookie(session: str) -> dict[str, str]:
    """The headers of a WebSocket opened by a logged-in page."""
    return {"cookie": f"{COOKIE}={session}"}


def until(player: Player, kind: str) -> dict[str, Any]:
    """Read until a message of ``kind``."""
    while True:
        m = player.read()
        if m["type"] == kind:
            return m


def play_to_the_end(players: dict[int, Player], seed: str = "ranked") -> None:
    """Both seats play their turns until the match is over."""
    rng = random.Random(seed)
    acted: set[tuple[int, int]] = set()
    while True:
        for p in players.values():
            while not p.frames:
                p.read()
        latest = max(players.values(), key=lambda p: p.version)
        view = latest.view
        if view["phase"] == "over":
            return
        turn = view.get("to_act", view["turn"])
        mover = players.get(turn)
        if mover is None or (turn, latest.version) in acted:
            for p in players.values():
                if p.version < latest.version or p is latest:
                    p.read()
                    break
            continue
        mover.read_to(latest.version)
        if not [a for a in mover.view["legal_actions"] if "redeal" not in a]:
            latest.read()
            continue
        acted.add((turn, latest.version))
        answer = mover.act(rng)
        assert answer["type"] == "ack" or answer["code"] == "stale", answer


def ranked_match(c: Any, host: str, friend: str) -> str:
    """A ranked table made by ``host``, joined by ``friend``, played to the end: its id."""
    made = post(c, "/api/tables", RANKED, host)
    assert made.status_code == 201, made.text
    tid, token, host_token = (
        made.json()["table"],
        made.json()["seats"][0]["token"],
        made.json()["host_token"],
    )
    summary = get(c, f"/api/tables/{tid}").json()
    assert summary["turn_timeout"] and summary["room"]["waiting"] is True
    assert summary["options"] == {"rounds": 1}  # the preset with the server's ranked rounds
    c.cookies.clear()
    with c.websocket_connect(f"/ws/tables/{tid}?token={token}", headers=cookie(host)) as ws0:
        hosting = Player(ws0, 0)
        # a guest cannot take the open seat of a ranked table
        with c.websocket_connect(f"/ws/tables/{tid}") as wsg:
            guest = Player(wsg, None)
            guest.ws.send_json({"type": "join", "id": "g", "name": "Guest"})
            refused = until(guest, "error")
            assert refused["code"] == "account"
        with c.websocket_connect(f"/ws/tables/{tid}", headers=cookie(friend)) as wsf:
            joining = Player(wsf, None)
            joining.ws.send_json({"type": "join", "name": "anything"})
            joined = until(joining, "joined")
        # the host's token with the friend's session, or with none: refused
        for headers in (cookie(friend), {}):
            with c.websocket_connect(f"/ws/tables/{tid}?token={token}", headers=headers) as bad:
                refused = recv(bad)
                assert refused["type"] == "error" and refused["code"] == "not_your_seat"
        with c.websocket_connect(
            f"/ws/tables/{tid}?token={joined['token']}", headers=cookie(friend)
        ) as ws1:
            friendly = Player(ws1, 1)
            assert friendly.welcome["seats"][1]["name"] == "Nadia"  # the account's name
            hosting.ws.send_json({"type": "room", "do": "start", "host": host_token})
            play_to_the_end({0: hosting, 1: friendly})
    return str(tid)


def counts(engine: Engine) -> tuple[int, int]:
    """Rated matches, rating-history rows."""
    with engine.connect() as conn:
        rated = conn.execute(select(func.count()).select_from(rated_table)).scalar_one()
        rows = conn.execute(select(func.count()).select_from(history_table)).scalar_one()
    return int(rated), int(rows)


def test_a_ranked_match_rates_both_players_once(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    with client(db, ranked_rounds=1, turn_timeout=300.0) as c:
        karim, nadia = register(c, "Karim"), register(c, "Nadia")
        tid = ranked_match(c, karim, nadia)
        summary = get(c, f"/api/tables/{tid}").json()
        assert summary["finished"] is True
        winner = summary["winner"]
        names = ["Karim", "Nadia"]
        won, lost = names[winner], names[1 - winner]
        profiles = {n: get(c, f"/api/players/{n}").json() for n in names}
        assert profiles[won]["ratings"][0]["rating"] > 25.0 > profiles[lost]["ratings"][0]["rating"]
        for name in names:
            (match,) = profiles[name]["matches"]
            assert match["table"] == tid and match["ranked"] and match["replay"] == f"/replay/{tid}"
            assert match["place"] == (1 if name == won else 2)
            assert get(c, match["replay"]).status_code == 200
            assert get(c, f"/api/tables/{tid}/replay").status_code == 200
            assert profiles[name]["stats"]["won"] == (1 if name == won else 0)
        board = get(c, "/api/leaderboard/hand").json()
        assert [p["name"] for p in board["players"]] == [won, lost]
        assert get(c, "/api/leaderboard/levant").json()["game"] == "hand"  # a preset finds it
        assert get(c, "/api/leaderboard/chess").status_code == 404
        # a guest, or a bot, at a ranked table: refused
        bots = {**RANKED, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}
        assert post(c, "/api/tables", bots, karim).status_code == 422
        # an account deleted: its games stay, its name becomes "deleted player"
        gone = post(c, "/api/account/delete", {"password": "correct horse"}, nadia)
        assert gone.status_code == 200
        seats = [s["name"] for s in get(c, f"/api/tables/{tid}").json()["seats"]]
        assert seats[0] == "Karim"
    with client(db) as c:  # the stored table reads the name from the database
        seats = [s["name"] for s in get(c, f"/api/tables/{tid}").json()["seats"]]
        assert seats == ["Karim", "deleted player"]
        record = get(c, f"/api/tables/{tid}/record").json()
        assert "Nadia" not in str(record)
        assert [p["name"] for p in get(c, "/api/leaderboard/hand").json()["players"]] == ["Karim"]
    storage = Storage(f"sqlite:///{db}")
    assert counts(storage.engine) == (1, 2)
    # rated again (a replayed end): refused by the rated-match row, nothing changes
    with storage.engine.begin() as conn:
        again = RatedMatch(tid, "hand", (1, 2), (0, 1), (1, 2))
        assert rate_in(conn, again) is False
    assert counts(storage.engine) == (1, 2)
    with storage.engine.connect() as conn:
        assert conn.execute(select(func.sum(ratings_table.c.matches))).scalar_one() == 2
    storage.close()
    create_engine("sqlite://").dispose()
