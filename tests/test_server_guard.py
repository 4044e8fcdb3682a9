"""Issue 31: no client holds the site. Tables that end (host, operator, idle, the server's
caps), one address's share of tables, options bounded, a turn timer that runs once per
decision, bots that cannot hang a table, names and errors that say no more than they should.
(The latency probes are in benchmarks/server_abuse.py; these tests assert no timing.)"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from handgame.server.clients import unavailable
from handgame.server.storage import Storage, StoredStep
from server_helpers import Player, client, recv, table_body

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def wait_for(c: Any, tid: str, test: Any, tries: int = 400) -> dict[str, Any]:
    """The table's summary once ``test(summary)`` holds (or the last one)."""
    for _ in range(tries):
        summary: dict[str, Any] = c.get(f"/api/tables/{tid}").json()
        if test(summary):
            return summary
        time.sleep(0.05)
    return summary


def test_the_host_and_the_operator_end_a_table(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", admin_token="op-secret") as c:
        made = c.post("/api/tables", json=table_body([HUMAN, HUMAN])).json()
        tid, seat_token, host = made["table"], made["seats"][0]["token"], made["host_token"]
        assert host not in (s["token"] for s in made["seats"])
        with c.websocket_connect(f"/ws/tables/{tid}?token={seat_token}") as ws:
            player = Player(ws, 0)
            player.read()
            for token in (None, "nope", seat_token):  # not the host: refused, nothing changes
                url = f"/api/tables/{tid}" + (f"?token={token}" if token else "")
                assert c.delete(url).status_code == 403
            version = c.get(f"/api/tables/{tid}").json()["version"]
            r = c.delete(f"/api/tables/{tid}", headers={"Authorization": f"Bearer {host}"})
            assert r.status_code == 200 and r.json() == {"table": tid, "ended": True, "by": "host"}
            player.read_to(version + 1)
            last = player.frames[-1]
            assert last["ended"] == {"by": "host", "reason": "ended by the host"}
            answer = player.send(
                {"type": "action", "id": "late", "version": last["version"],
                 "action": {"draw": "stock"}}
            )  # fmt: skip
            assert answer["type"] == "error" and "ended" in answer["message"]
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["finished"] and summary["ended"]["by"] == "host"
        assert summary["version"] == version + 1
        record = c.get(f"/api/tables/{tid}/record").json()  # whole: the table plays no more
        assert record["ended"]["by"] == "host" and "redacted_for" not in record
        assert c.get(f"/api/tables/{tid}/replay").status_code == 200
        again = c.delete(f"/api/tables/{tid}?token={host}").json()
        assert again["ended"] is False  # over already
        other = c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json()["table"]
        r = c.delete(f"/api/tables/{other}?token=op-secret")
        assert r.status_code == 200 and r.json()["by"] == "operator"
        assert c.delete("/api/tables/nothere?token=op-secret").status_code == 404
    with client(tmp_path / "t.sqlite") as c:  # the end is stored: a restart keeps it
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["finished"] and summary["ended"]["by"] == "host"


def test_one_address_has_a_share_of_the_unfinished_tables(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", max_tables_per_address=3) as c:
        made = [c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json() for _ in range(3)]
        r = c.post("/api/tables", json=table_body([HUMAN, GREEDY]))
        assert r.status_code == 429 and "unfinished tables made from your address" in r.text
        c.delete(f"/api/tables/{made[0]['table']}?token={made[0]['host_token']}")
        assert c.post("/api/tables", json=table_body([HUMAN, GREEDY])).status_code == 201


def test_a_table_no_human_joins_is_ended(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", end_idle_after=0.3) as c:
        alone = c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json()["table"]
        made = c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json()
        watched = made["table"]
        with c.websocket_connect(f"/ws/tables/{watched}?token={made['seats'][0]['token']}") as ws:
            recv(ws)
            summary = wait_for(c, alone, lambda s: s["finished"])
            assert summary["ended"]["by"] == "server" and "no player" in summary["ended"]["reason"]
            assert not c.get(f"/api/tables/{watched}").json()["finished"]  # its human is here
        summary = wait_for(c, watched, lambda s: s["finished"])  # gone: ended in its turn
        assert summary["ended"]["by"] == "server"


def test_a_match_that_never_ends_by_its_rules_is_ended_by_the_server(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", max_deals=2) as c:
        never = {"rounds": None, "penalty_limit": None}
        r = c.post("/api/tables", json={"rules": {"preset": "gulf", "options": never},
                                        "seats": [GREEDY, GREEDY]})  # fmt: skip
        assert r.status_code == 422 and "never ends" in r.text
        body = {"rules": {"preset": "gulf", "options": {"penalty_limit": 100_000}},
                "seats": [GREEDY, GREEDY]}  # fmt: skip
        tid = c.post("/api/tables", json=body).json()["table"]
        summary = wait_for(c, tid, lambda s: s["finished"], tries=2000)
        reason = "2 deals, the most a match plays here"
        assert summary["ended"] == {"by": "server", "reason": reason}
        record = c.get(f"/api/tables/{tid}/record").json()
        assert len(record["rounds"]) == 2


@pytest.mark.parametrize(
    ("preset", "options", "word"),
    [
        ("levant", {"unopened_penalty": 10**300}, "unopened_penalty"),
        ("levant", {"win_full": -5000}, "win_full"),
        ("levant", {"rounds": 10**6}, "rounds"),
        ("hand-and-foot", {"decks": 200_000}, "decks"),
        ("hand-and-foot", {"minimums": [10**9]}, "minimums"),
    ],
)
def test_every_integer_option_is_bounded(
    tmp_path: Path, preset: str, options: dict[str, Any], word: str
) -> None:
    seats = [GREEDY] * (4 if preset == "hand-and-foot" else 2)
    with client(tmp_path / "t.sqlite") as c:
        r = c.post("/api/tables", json={"rules": {"preset": preset, "options": options},
                                        "seats": seats})  # fmt: skip
        assert r.status_code == 422 and word in r.text, r.text
        assert len(r.text) < 600  # a huge number is named by its size, not written out


def test_a_turn_timer_runs_once_per_decision(tmp_path: Path) -> None:
    """A player who comes back (``back``) each time its timer runs out does not hold the table:
    the stand-in plays the decision whose timer ran out (F8)."""
    with client(tmp_path / "t.sqlite", turn_timeout=0.4, bot_delay=0.3) as c:
        made = c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json()
        tid = made["table"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as ws:
            backs = 0
            start = c.get(f"/api/tables/{tid}").json()["version"]
            while backs < 6:
                m = recv(ws)
                if m["type"] == "seats" and m["seats"][0]["away"]:
                    ws.send_text(json.dumps({"type": "back"}))  # before the stand-in moves
                    backs += 1
        summary = c.get(f"/api/tables/{tid}").json()
        record = c.get(f"/api/tables/{tid}/record?token={made['seats'][0]['token']}").json()
    mine = [a for r in record["rounds"] for a in r["actions"] if a["seat"] == 0]
    assert summary["version"] > start + 4 and len(mine) >= 4, (summary["version"], start)


def _stored_table(path: Path, bot: str) -> str:
    """A table stored with a bot spec this server no longer seats (and one deal)."""
    storage = Storage(f"sqlite:///{path}")
    config = {
        "rules": {"preset": "levant", "options": {"rounds": 1}},
        "partnership": False,
        "seats": [{"kind": "bot", "name": "a", "bot": bot, "token_sha256": None},
                  {"kind": "bot", "name": "b", "bot": "greedy", "token_sha256": None}],
    }  # fmt: skip
    from handgame.core.registry import find_game

    spec = find_game("levant")
    state = spec.create("levant", {"rounds": 1}, 2, False, ["a", "b"]).new_match(0)
    deal = state.seeded_deal("stored")
    storage.create_table("stuck", config, "stored")
    storage.append_step("stuck", StoredStep(1, "deal", None, None, deal.to_json()), False)
    storage.close()
    return "stuck"


def test_a_bot_that_fails_is_replaced_by_the_stand_in(tmp_path: Path) -> None:
    tid = _stored_table(tmp_path / "t.sqlite", "no-such-bot:depth=3")
    with client(tmp_path / "t.sqlite") as c:
        summary = wait_for(c, tid, lambda s: s["finished"], tries=2000)
    assert summary["finished"] and summary["ended"] is None  # played to its end


def test_a_search_queued_behind_others_keeps_its_tables_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search's cap is its share and never past ``bot_move_seconds`` from when its table
    asked: one that waited behind other tables' searches has what is left, past it one
    iteration (F9: the first of a burst of searches held the others for its whole share)."""
    from handgame.core import search
    from handgame.server import workers

    assert workers.search_cap(10.0, 100.0, 80.0) == 10.0  # asked just now: the share
    assert workers.search_cap(10.0, 100.0, 95.0) == 5.0  # waited 15 s: what is left
    assert workers.search_cap(10.0, 100.0, 101.0) == 0.0  # past its deadline: one iteration
    caps: list[float | None] = []

    class Recorded(search.time_limit):
        def __init__(self, seconds: float | None) -> None:
            caps.append(seconds)
            super().__init__(seconds)

    monkeypatch.setattr(search, "time_limit", Recorded)
    monkeypatch.setattr(workers, "decide", lambda *args: None)
    workers.capped_decide(10.0, time.time() - 1.0, "greedy", "seed", 1, False, None)
    workers.capped_decide(10.0, time.time() + 60.0, "greedy", "seed", 1, False, None)
    assert caps == [0.0, 10.0], caps


def test_a_policy_is_seated_only_at_its_player_count(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from handgame.rl.ppo import Policy

    path = tmp_path / "two.npz"
    Policy(2, hidden=8, seed=1).save(str(path))
    with client(tmp_path / "t.sqlite", policies=(str(path),)) as c:
        bot = {"kind": "bot", "bot": f"policy:{path}"}
        r = c.post("/api/tables", json=table_body([HUMAN, bot, GREEDY]))
        assert r.status_code == 422 and "plays at 2 players" in r.text
        assert c.post("/api/tables", json=table_body([HUMAN, bot])).status_code == 201


@pytest.mark.parametrize("name", ["a\x00b", "line\nbreak", "\u202eevil", "x\u2066y", "\x7f"])
def test_names_hold_no_control_characters(tmp_path: Path, name: str) -> None:
    with client(tmp_path / "t.sqlite") as c:
        r = c.post("/api/tables", json=table_body([{"kind": "human", "name": name}, GREEDY]))
        assert r.status_code == 422 and "control" in r.text
        ok = c.post("/api/tables", json=table_body([{"kind": "human", "name": "سارا"}, GREEDY]))
        assert ok.status_code == 201


def test_database_errors_reach_the_log_not_the_client() -> None:
    error = OSError('connection to server at "db.internal" (10.1.2.3), port 5432 failed')
    text = str(unavailable(error))
    assert "db.internal" not in text and "5432" not in text and "does not answer" in text


def test_refused_messages_are_not_read_and_the_address_budget_stays_spent(
    tmp_path: Path,
) -> None:
    """Over the rate, a message is not read: one ``rate_limited`` answers a run of them, and
    the socket closes after ``max_dropped``; the address's budget is kept across reconnections
    (F4, F11)."""
    settings = {"rate": 10_000.0, "burst": 10_000, "address_rate": 0.5, "address_burst": 12,
                "max_dropped": 5}  # fmt: skip
    with client(tmp_path / "t.sqlite", **settings) as c:
        tid = c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json()["table"]
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:  # costs 2 of the 12
            got = [recv(ws), recv(ws)]  # welcome, state
            for i in range(20):
                ws.send_text(json.dumps({"type": "ping", "id": f"p{i}"}))
            answers = []
            with pytest.raises(Exception):  # noqa: B017 - the server closes the socket
                while True:
                    answers.append(recv(ws, timeout=5))
        pongs = [m for m in answers if m["type"] == "pong"]
        limited = [m for m in answers if m.get("code") == "rate_limited"]
        assert len(pongs) == 10 and len(limited) == 1 and "id" not in limited[0], answers
        assert got[0]["type"] == "welcome"
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:  # the budget is the address's
            m = recv(ws)
            assert m["type"] == "error" and m["code"] == "limit", m


def test_catching_up_has_a_budget_per_address(tmp_path: Path) -> None:
    """Syncs far back send every missed state only within the address's budget; beyond it,
    one fresh state (F3)."""
    with client(tmp_path / "t.sqlite", resync_burst=40, resync_rate=0.01) as c:
        body = {"rules": {"preset": "levant", "options": {"rounds": 1}}, "seats": [GREEDY, GREEDY]}
        tid = c.post("/api/tables", json=body).json()["table"]
        summary = wait_for(c, tid, lambda s: s["finished"], tries=2000)
        version = summary["version"]
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:
            recv(ws), recv(ws)
            counts = []
            for i in range(4):
                ws.send_text(json.dumps({"type": "sync", "version": version - 20}))
                ws.send_text(json.dumps({"type": "ping", "id": f"p{i}"}))
                n = 0
                while (m := recv(ws))["type"] != "pong":
                    n += m["type"] == "state"
                counts.append(n)
    assert counts == [20, 20, 1, 1], counts


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["serve", "--turn-timeout", "0.0001"], "--turn-timeout must be from 10"),
        (["serve", "--database-url", "sqlite:///:memory:"], "in-memory SQLite"),
        (["serve", "--policy", "/no/such/agent.npz"], "cannot load the policy"),
        (
            ["simulate", "--games", "1", "--bots", "random,random", "--records", "/dev/null"],
            "not a folder",
        ),
        (["replay", "/dev/zero"], "larger than 64 MiB"),
    ],
)
def test_the_command_line_refuses_what_cannot_work(argv: list[str], words: str) -> None:
    """The low items of issue 31: a clear error, no traceback, no server started, no memory
    grown without bound."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "handgame", *argv], capture_output=True, text=True, timeout=120
    )
    assert done.returncode in (1, 2), done
    assert words in done.stderr + done.stdout and "Traceback" not in done.stderr
