"""A seat taken by a signed-in account is played with that account's session (issue 40,
:mod:`handgame.server.seat_owner`): at an unranked table as at a ranked one, its token alone
(a copied link), or with another account's session, is refused at connection (``error``
``not_your_seat``, close 4403); its hint, advice and redacted record (``/hint``, ``/advice``,
``/record``) likewise (``403``, ``not_your_seat: …``). A guest's seat is its token's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from account_helpers import get, post, register
from server_helpers import Player, client, recv, table_body
from test_ranked import RANKED, cookie

SEATS = [{"kind": "human", "name": "Layla"}, {"kind": "bot", "bot": "greedy"}]


def refused_at_connection(c: Any, tid: str, token: str, headers: dict[str, str]) -> None:
    """The socket of ``token`` with ``headers`` gets ``not_your_seat`` and is closed (4403)."""
    c.cookies.clear()
    with c.websocket_connect(f"/ws/tables/{tid}?token={token}", headers=headers) as ws:
        refused = recv(ws)
        assert refused["type"] == "error" and refused["code"] == "not_your_seat", refused
        assert "log in" in refused["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 4403


def seat_reads(c: Any, tid: str, token: str, session: str | None) -> dict[str, int]:
    """The status of each seat read (hint, advice, redacted record) with ``token``."""
    out = {}
    for path in ("hint", "advice", "record"):
        answer = get(c, f"/api/tables/{tid}/{path}?token={token}", session)
        out[path] = answer.status_code
        if answer.status_code == 403:
            assert answer.json()["detail"].startswith("not_your_seat: "), answer.text
    return out


def test_an_unranked_account_seat_needs_its_session(tmp_path: Path) -> None:
    with client(tmp_path / "u.sqlite", turn_timeout=None) as c:
        layla, omar = register(c, "Layla"), register(c, "Omar")
        made = post(c, "/api/tables", table_body(SEATS), layla)  # logged in: Layla's seat
        assert made.status_code == 201, made.text
        tid, token = made.json()["table"], made.json()["seats"][0]["token"]
        # the link alone, or the link with another account's session: refused
        refused_at_connection(c, tid, token, {})
        refused_at_connection(c, tid, token, cookie(omar))
        assert seat_reads(c, tid, token, None) == {"hint": 403, "advice": 403, "record": 403}
        assert seat_reads(c, tid, token, omar) == {"hint": 403, "advice": 403, "record": 403}
        # with the account's session: played, and read
        c.cookies.clear()
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}", headers=cookie(layla)) as ws:
            player = Player(ws, 0)
            assert player.welcome["seats"][0]["name"] == "Layla"
        assert seat_reads(c, tid, token, layla) == {"hint": 200, "advice": 200, "record": 200}
        # a guest's table: its seat is its token's, with any session or none
        guest = post(c, "/api/tables", table_body(SEATS))
        gid, gtoken = guest.json()["table"], guest.json()["seats"][0]["token"]
        for session in (None, omar):
            c.cookies.clear()
            headers = cookie(session) if session else {}
            with c.websocket_connect(f"/ws/tables/{gid}?token={gtoken}", headers=headers) as ws:
                Player(ws, 0)
            assert seat_reads(c, gid, gtoken, session) == {
                "hint": 200,
                "advice": 200,
                "record": 200,
            }


def test_a_ranked_seat_s_hint_advice_and_record_need_its_session(tmp_path: Path) -> None:
    with client(tmp_path / "r.sqlite", ranked_rounds=1, turn_timeout=300.0) as c:
        karim, nadia = register(c, "Karim"), register(c, "Nadia")
        made = post(c, "/api/tables", RANKED, karim)
        assert made.status_code == 201, made.text
        tid, token = made.json()["table"], made.json()["seats"][0]["token"]
        refused_at_connection(c, tid, token, {})
        assert seat_reads(c, tid, token, None) == {"hint": 403, "advice": 403, "record": 403}
        assert seat_reads(c, tid, token, nadia) == {"hint": 403, "advice": 403, "record": 403}
        assert seat_reads(c, tid, token, karim) == {"hint": 200, "advice": 200, "record": 200}
