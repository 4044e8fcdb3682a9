"""The server over HTTP and WebSocket (ASGI test client, SQLite files under tmp_path)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from handgame import locale
from handgame.games.hand.view import view
from handgame.server.protocol import spectator_view
from server_helpers import (
    Player,
    client,
    play_out,
    recv,
    states_by_version,
    table_body,
)
from view_checker import message_problems, view_problems

HUMAN = {"kind": "human"}


def new_table(c: Any, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    """POST a table; its answer."""
    r = c.post("/api/tables", json=table_body(seats, **options))
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def two_people(c: Any) -> tuple[str, dict[int, str]]:
    """A table of two people: its id and each seat's token."""
    made = new_table(c, [HUMAN, HUMAN])
    return made["table"], {s["seat"]: s["token"] for s in made["seats"]}


def check_frames(player: Player, states: list[Any]) -> int:
    """Every frame a client got is its view of the state at that version, hiding what it must."""
    for frame in player.frames:
        state = states[frame["version"]]
        got = frame["view"]
        if player.seat is None:
            assert got == spectator_view(state)
            assert got["hand"] == [] and got["legal_actions"] == []
        else:
            assert got == view(state, player.seat).to_json()
        # every field of the whole message, card multisets (view_checker.py)
        assert message_problems(frame, state, player.seat) == [], frame["version"]
        assert "stock" not in got and "hands" not in got and "seed" not in str(got)
    for message in player.others:  # acks, errors, presence: no card beyond the table
        if "version" in message and 0 <= message["version"] < len(states):
            state = states[message["version"]]
            assert message_problems(message, state, player.seat) == [], message
    return len(player.frames)


def test_a_full_game_of_humans_and_bots(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = new_table(
            c, [HUMAN, {"kind": "bot", "bot": "greedy"}, {"kind": "human", "name": "Ali"}]
        )
        tid = made["table"]
        assert [s["seat"] for s in made["seats"]] == [0, 2]
        assert all(s["url"].endswith(f"/play/{tid}#token={s['token']}") for s in made["seats"])
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        with (
            c.websocket_connect(f"/ws/tables/{tid}") as ws_s,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws0,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[2]}") as ws2,
        ):
            spectator = Player(ws_s, None)
            humans = {0: Player(ws0, 0), 2: Player(ws2, 2)}
            play_out(spectator, humans)
            final = spectator.version
            for h in humans.values():
                h.read_to(final)
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["finished"] and summary["version"] == final
        assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "human"]
        record = c.get(f"/api/tables/{tid}/record").json()
    states = states_by_version(record)
    assert len(states) == final + 1 and states[-1].is_over
    frames = sum(check_frames(p, states) for p in (spectator, *humans.values()))
    assert frames >= 3 * (final - spectator.frames[0]["version"])
    acks = [m for h in humans.values() for m in h.others if m["type"] == "ack"]
    assert len(acks) > 10


def test_spectator_view_holds_no_hand(tmp_path: Path) -> None:
    from handgame.games.hand.state import Game

    state = Game.create("levant", {}, 2).new_match(0).deal_seeded("x")
    public = spectator_view(state)
    assert public["hand"] == [] and public["legal_actions"] == [] and public["seat"] is None
    assert view_problems(public, state, None) == []
    leaked = {**public, "peek": str(state.round.hands[0][0])}  # type: ignore[union-attr]
    assert view_problems(leaked, state, None) != []
    assert public["hand_counts"] == [len(h) for h in state.round.hands]  # type: ignore[union-attr]


def test_bad_messages_get_typed_errors_and_change_nothing(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        tid, tokens = two_people(c)
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws0,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws1,
            c.websocket_connect(f"/ws/tables/{tid}") as ws_s,
        ):
            p = {0: Player(ws0, 0), 1: Player(ws1, 1)}
            spectator = Player(ws_s, None)
            for x in (*p.values(), spectator):
                x.read()
            v = p[0].version
            turn = p[0].view["turn"]
            me, other = p[turn], p[1 - turn]
            before = c.get(f"/api/tables/{tid}").json()

            def error(player: Player, message: Any) -> dict[str, Any]:
                if isinstance(message, str):
                    player.ws.send_text(message)
                    m = player.read()
                else:
                    m = player.send(message)
                assert m["type"] == "error", m
                return m

            draw = {"draw": "stock"}
            assert (
                error(other, {"type": "action", "id": "a", "version": v, "action": draw})["code"]
                == "not_your_turn"
            )
            assert (
                error(me, {"type": "action", "id": "b", "version": v - 1, "action": draw})["code"]
                == "stale"
            )
            bad = error(
                me, {"type": "action", "id": "c", "version": v, "action": {"discard": "ZZ"}}
            )
            assert bad["code"] == "malformed"
            assert error(me, "{not json")["code"] == "malformed"
            assert error(me, '{"type": "dance"}')["code"] == "malformed"
            assert error(me, {"type": "action", "id": "d", "action": draw})["code"] == "malformed"
            nul_id = {"type": "action", "id": "d\x00", "version": v, "action": draw}
            # PostgreSQL stores no NUL: refused (the answer has no id: it is not a valid one)
            assert error(me, json.dumps(nul_id))["code"] == "malformed"
            seat_wrong = {"seat": 1 - turn, "draw": "stock"}
            assert (
                error(me, {"type": "action", "id": "e", "version": v, "action": seat_wrong})["code"]
                == "malformed"
            )
            # an illegal action: a card it does not hold, or meld before drawing
            phase = me.view["phase"]
            held = set(me.view["hand"])
            missing = next(
                f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC" if f"{r}{s}" not in held
            )
            if phase == "draw":
                illegal = {"discard": missing}
            else:
                illegal = {"draw": "stock"}
            e = error(me, {"type": "action", "id": "f", "version": v, "action": illegal})
            assert e["code"] == "illegal" and e["rules"], e
            assert (
                error(spectator, {"type": "action", "id": "g", "version": v, "action": draw})[
                    "code"
                ]
                == "spectator"
            )
            assert error(me, "x" * 5000)["code"] == "too_large"
            # nothing changed
            after = c.get(f"/api/tables/{tid}").json()
            assert after == before and after["version"] == v
            assert me.version == v and other.version == v
            # a duplicate action is applied once
            good = me.view["legal_actions"][0]
            first = me.send({"type": "action", "id": "once", "version": v, "action": good})
            assert first == {"type": "ack", "id": "once", "version": v + 1}
            again = me.send({"type": "action", "id": "once", "version": v, "action": good})
            assert again["type"] == "ack" and again["duplicate"] and again["version"] == v + 1
            other.read_to(v + 1)
            assert c.get(f"/api/tables/{tid}").json()["version"] == v + 1
            assert me.send({"type": "ping", "id": "p"})["type"] == "pong"


def test_a_card_the_seat_does_not_hold_is_refused_as_such(tmp_path: Path) -> None:
    """A discard of a card not in hand: ``not_held`` with the card as data, which the page
    words "not in your hand: 7♦" (issue 36, B4, B12); nothing changes."""
    with client(tmp_path / "t.sqlite") as c:
        tid, tokens = two_people(c)
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws0,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws1,
        ):
            p = {0: Player(ws0, 0), 1: Player(ws1, 1)}
            for x in p.values():
                x.read()
            me = p[p[0].view["turn"]]
            if me.view["phase"] == "draw":
                me.send({"type": "action", "id": "d", "version": me.version,
                         "action": {"draw": "stock"}})
                me.read_to(me.version + 1)
            held = set(me.view["hand"])
            missing = next(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"
                           if f"{r}{s}" not in held)
            v = me.version
            e = me.send({"type": "action", "id": "x", "version": v,
                         "action": {"discard": missing}})
            assert e["type"] == "error" and e["code"] == "not_held", e
            assert e["cards"] == [missing] and "does not hold" in e["message"]
            assert c.get(f"/api/tables/{tid}").json()["version"] == v
    assert locale.word("en", "error_not_held") == "not in your hand"


def test_rate_limit(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", rate=0.001, burst=3) as c:
        made = new_table(c, [HUMAN, HUMAN])
        with c.websocket_connect(f"/ws/tables/{made['table']}") as ws:
            s = Player(ws, None)
            s.read()
            answers = [s.send({"type": "ping", "id": str(i)}) for i in range(3)]
            assert all(a["type"] == "pong" for a in answers)
            ws.send_json({"type": "ping", "id": "4"})
            m = s.read()
            assert m["type"] == "error" and m["code"] == "rate_limited"


def test_bad_token_and_unknown_table(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = new_table(c, [HUMAN, {"kind": "bot", "bot": "random"}])
        with c.websocket_connect(f"/ws/tables/{made['table']}?token=nope") as ws:
            assert recv(ws)["code"] == "bad_token"
        with c.websocket_connect("/ws/tables/nothere") as ws:
            assert recv(ws)["code"] == "unknown_table"
        assert c.get("/api/tables/nothere").status_code == 404
        bad = c.post("/api/tables", json=table_body([HUMAN, {"kind": "bot", "bot": "external:sh"}]))
        assert bad.status_code == 422 and "external" in bad.text
        bad = c.post("/api/tables", json=table_body([HUMAN, HUMAN], rounds=0))
        assert bad.status_code == 422 and "rounds" in bad.text
        assert c.post("/api/tables", json=table_body([HUMAN])).status_code == 422


def test_record_before_the_end_only_for_a_seat_and_redacted(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = new_table(c, [HUMAN, HUMAN])
        tid = made["table"]
        assert c.get(f"/api/tables/{tid}/record").status_code == 403
        assert c.get(f"/api/tables/{tid}/record?token=wrong").status_code == 403
        token = made["seats"][1]["token"]
        r = c.get(f"/api/tables/{tid}/record", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200
        record = r.json()
        deal = record["rounds"][0]["deal"]
        assert deal["hands"][0] is None and deal["stock"] is None and len(deal["hands"][1]) >= 14
        assert record["redacted_for"] == 1
        assert c.get(f"/api/tables/{tid}/record?token={token}").json() == record


def test_hint_for_a_seat_with_its_token_only(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = new_table(c, [HUMAN, HUMAN])
        tid = made["table"]
        assert c.get(f"/api/tables/{tid}/hint").status_code == 403
        assert c.get(f"/api/tables/{tid}/hint?token=wrong").status_code == 403
        turn = c.get(f"/api/tables/{tid}").json()["turn"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        r = c.get(f"/api/tables/{tid}/hint?token={tokens[turn]}")
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["seat"] == turn and isinstance(body["version"], int)
        # phrases: a kind of the glossary and its parameters, never a sentence
        words = locale.glossary("en")["words"]
        assert body["hint"] and all(line["kind"] in words for line in body["hint"])
        assert body["hint"] != [{"kind": "hint_not_turn"}]
        other = 1 - turn
        bearer = {"Authorization": f"Bearer {tokens[other]}"}
        r = c.get(f"/api/tables/{tid}/hint", headers=bearer)
        assert r.status_code == 200 and r.json()["hint"] == [{"kind": "hint_not_turn"}]


def test_openapi_documents_the_api(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        paths = c.get("/openapi.json").json()["paths"]
        assert {"/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/record"} <= set(
            paths
        )
        assert c.get("/docs").status_code == 200


@pytest.mark.parametrize("since_back", [0, 5])
def test_reconnect_gets_what_it_missed(tmp_path: Path, since_back: int) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = new_table(c, [HUMAN, {"kind": "bot", "bot": "random"}])
        tid, token = made["table"], made["seats"][0]["token"]
        with (
            c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws,
            c.websocket_connect(f"/ws/tables/{tid}") as ws_s,
        ):
            spectator, me = Player(ws_s, None), Player(ws, 0)
            play_out(spectator, {0: me}, stop_at=12)
            me.read_to(spectator.version)
            seen = {f["version"]: f for f in me.frames}
        since = me.version - since_back
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}&since={since}") as ws:
            again = Player(ws, 0)
            assert again.welcome["version"] == me.version
            for _ in range(since_back):
                again.read()
            assert [f["version"] for f in again.frames] == list(range(since + 1, me.version + 1))
            assert all(f == seen[f["version"]] for f in again.frames)
            assert again.send({"type": "ping", "id": "p"})["type"] == "pong"
            assert again.frames == again.frames[:since_back]  # nothing else came
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}&since=999999") as ws:
            full = Player(ws, 0)
            m = full.read()
            assert (
                m["resync"] is True
                and m["version"] == me.version
                and m == {**seen[me.version], "resync": True}
            )


def test_only_the_cli_imports_the_server_and_only_lazily() -> None:
    """Only the modules of the CLI package import the server, and only inside a function."""
    import ast

    root = Path(__file__).resolve().parent.parent / "src" / "handgame"
    found = 0
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).parts
        if "server" in parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [
            n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        lazy = {id(n) for f in functions for n in ast.walk(f)}
        for node in ast.walk(tree):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            if any(n == "handgame.server" or n.startswith("handgame.server.") for n in names):
                assert parts[0] == "cli" and id(node) in lazy, path
                found += 1
    assert found  # the CLI's ``hand serve`` does import it


def test_hand_serve_refuses_bad_flags(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from handgame.cli.commands import main

    db = f"sqlite:///{tmp_path / 'x.sqlite'}"
    assert main(["serve", "--port", "0", "--database-url", db]) == 2
    assert main(["serve", "--stand-in", "external:sh", "--database-url", db]) == 2
    assert main(["serve", "--turn-timeout", "-1", "--database-url", db]) == 2
    assert main(["serve", "--evict-after", "-1", "--database-url", db]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 4 and all(line.startswith("hand: error:") for line in err)
    assert "--evict-after" in err[3]
    assert "external" in err[1]
