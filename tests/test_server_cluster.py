"""Many ``hand serve --cluster`` processes, one site (issue 18): three processes on one
PostgreSQL database behind nginx, talking over Redis pub/sub or PostgreSQL LISTEN/NOTIFY, all
real and started by the tests (tests/cluster_helpers.py, tests/pg_helpers.py).

- players of one table connected to different processes see exactly the state frames a single
  ``hand serve`` process (SQLite, the default path) sends them, and the match ends with the
  same record — the golden server record too;
- the process driving a table is killed with SIGKILL mid-match: another takes the table over
  and the match ends with the single process's record (no step lost, none doubled);
- 200 tables of bots across three processes: every one ends with the reference record, its
  steps numbered 1…N once each, and spectators on any process see every version once.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from cluster_helpers import Site, redis_url, site  # noqa: F401 (fixtures)
from live_server import Live, live_server
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)

GOLDEN = Path(__file__).resolve().parent / "golden" / "records"
SEED = "live-seed"  # the seed of live_server's single process: the reference runs


def sqlalchemy_url(url: str) -> str:
    """A ``postgresql://`` URL as SQLAlchemy opens it with psycopg 3."""
    return url.replace("postgresql://", "postgresql+psycopg://", 1)


class Player(threading.Thread):
    """A human seat played from its views (the first legal action when it is the seat's turn,
    as ``tests/golden/server_golden.py`` plays), its ``state`` frames kept; an action refused
    as ``unavailable`` (its table changing process) is sent again, with the same id."""

    def __init__(self, url: str, seat: int, ready: threading.Barrier | None = None) -> None:
        """A player of ``seat`` over the WebSocket ``url``."""
        super().__init__(daemon=True)
        self.url = url
        self.seat = seat
        self.ready = ready
        self.frames: list[dict[str, Any]] = []
        self.version = 0
        self.retries = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        """Play to the end of the match."""
        try:
            self._play()
        except BaseException as e:  # reported by the test
            self.error = e

    def _play(self) -> None:
        with connect(self.url, open_timeout=30, max_size=2**22) as ws:
            acted, pending = -1, None
            while True:
                m = json.loads(ws.recv(timeout=120))
                if m["type"] == "error" and m.get("code") == "unavailable" and pending:
                    self.retries += 1
                    ws.send(json.dumps(pending))
                    continue
                if m["type"] == "ack":
                    pending = None
                if m["type"] != "state":
                    continue
                self.frames.append({k: v for k, v in m.items() if k != "table"})
                self.version = max(self.version, m["version"])
                if self.ready is not None:
                    self.ready.wait(60)  # every player is seated before anyone plays
                    self.ready = None
                view = m["view"]
                if view.get("phase") == "over":
                    return
                legal = [a for a in view["legal_actions"] if "redeal" not in a]
                if view.get("turn") == self.seat and legal and m["version"] > acted:
                    acted = m["version"]
                    pending = {
                        "type": "action",
                        "id": f"p{self.seat}-{m['version']}",
                        "version": m["version"],
                        "action": legal[0],
                    }
                    ws.send(json.dumps(pending))


def play(
    live: Live, table: str, tokens: list[str], seated: Callable[[], None] | None = None
) -> list[Player]:
    """Play every human seat of a table to the end through ``live``; ``seated()`` is called
    once every player is connected, before anyone plays."""
    ready = threading.Barrier(len(tokens), action=seated)
    base = f"ws://127.0.0.1:{live.port}"
    players = [
        Player(f"{base}/ws/tables/{table}?token={t}", i, ready) for i, t in enumerate(tokens)
    ]
    for p in players:
        p.start()
    for p in players:
        p.join(300)
        assert not p.is_alive(), "a player did not finish"
        assert p.error is None, p.error
    return players


def record(live: Live, table: str) -> dict[str, Any]:
    """A finished table's record."""
    status, out = live.request("GET", f"/api/tables/{table}/record")
    assert status == 200, (status, out)
    return out  # type: ignore[no-any-return]


def settled_record(live: Live, table: str, seconds: float = 60) -> dict[str, Any]:
    """A table's record once the process asked has the table's last step (a replica follows
    its owner a moment later: until then the record is a seat's only, 403)."""
    deadline = time.monotonic() + seconds
    while True:
        status, out = live.request("GET", f"/api/tables/{table}/record")
        if status == 200:
            return out  # type: ignore[no-any-return]
        assert status == 403 and time.monotonic() < deadline, (status, out)
        time.sleep(0.2)


def wait_finished(live: Live, table: str, seconds: float = 300) -> None:
    """Poll a table's summary until its match is over."""
    deadline = time.monotonic() + seconds
    while not live.summary(table)["finished"]:
        assert time.monotonic() < deadline, f"table {table} did not finish"
        time.sleep(0.1)


#: two humans (each playing the first legal action) and a greedy bot, which ends the round
TWO_HUMANS = [
    {"kind": "human", "name": "Sara"},
    {"kind": "human", "name": "Omar"},
    {"kind": "bot", "bot": "greedy"},
]


def single_process(tmp: Path, seats: list[dict[str, Any]]) -> tuple[list[Player], dict[str, Any]]:
    """The reference: one ``hand serve`` process on SQLite plays the match."""
    with live_server(tmp / "single", rate=10_000.0, burst=10_000) as live:
        made = live.create(seats)
        tokens = [s["token"] for s in sorted(made["seats"], key=lambda x: x["seat"])]
        players = play(live, made["table"], tokens)
        wait_finished(live, made["table"])
        return players, record(live, made["table"])


def owners(site: Site) -> list[int]:
    """How many WebSocket connections each process holds."""
    return [site.health(i)["connections"] for i in range(len(site.servers))]


@pytest.mark.parametrize("bus", ["redis", "postgres"])
def test_players_on_different_processes_see_what_one_process_sends(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
    bus: str,
) -> None:
    """Two humans of one table, on two processes behind nginx (the table driven by a third):
    the same state frames, version by version, and the same record as on one process."""
    (tmp_path / "single").mkdir()
    (tmp_path / "site").mkdir()
    want_players, want_record = single_process(tmp_path, TWO_HUMANS)
    extra = {"redis_url": redis_url} if bus == "redis" else {}
    with site(tmp_path / "site", postgres_url, 3, seed=SEED, **extra) as s:
        made = s.front.create(TWO_HUMANS)
        table, tokens = made["table"], [x["token"] for x in made["seats"]]
        connections: list[list[int]] = []
        players = play(s.front, table, tokens, lambda: connections.append(owners(s)))
        got_record = settled_record(s.front, table)
        driven = [s.health(i)["cluster"]["tables_driven"] for i in range(3)]
    assert got_record == want_record
    for got, want in zip(players, want_players, strict=True):
        assert len(got.frames) > 10
        assert got.frames == want.frames
    # nginx spread the two players over two processes, neither the one driving the table
    assert sorted(connections[0]) == [0, 1, 1], connections
    assert [c for c, d in zip(connections[0], driven, strict=True) if d] == [0], (
        connections,
        driven,
    )


def test_the_golden_server_match_through_the_cluster(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    """``server-levant-human`` (tests/golden/) played through nginx and three processes ends
    with its pinned record."""
    want = json.loads((GOLDEN / "server-levant-human.json").read_text(encoding="utf-8"))
    body = {
        "rules": {"preset": "levant", "options": {"rounds": 1}},
        "seats": [{"kind": "human", "name": "Sara"}, {"kind": "bot", "bot": "greedy"}],
    }
    with site(tmp_path, postgres_url, 3, seed="golden-server-4", redis_url=redis_url) as s:
        status, made = s.front.request("POST", "/api/tables", body)
        assert status == 201, made
        play(s.front, made["table"], [made["seats"][0]["token"]])
        wait_finished(s.front, made["table"])
        assert settled_record(s.front, made["table"]) == want


def test_a_killed_process_s_table_is_taken_over(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    """SIGKILL the process driving a table mid-match: another takes it over (its lease runs
    out) and the match ends exactly as on one process: no step lost, none doubled."""
    (tmp_path / "single").mkdir()
    (tmp_path / "site").mkdir()
    seats = [{"kind": "human", "name": "Sara"}, {"kind": "bot", "bot": "greedy"}]
    _, want = single_process(tmp_path, seats)
    with site(tmp_path / "site", postgres_url, 3, seed=SEED, redis_url=redis_url) as s:
        made = s.servers[0].create(seats)  # driven by process 0
        table = made["table"]
        url = f"ws://127.0.0.1:{s.servers[1].port}/ws/tables/{table}?token="
        player = Player(url + made["seats"][0]["token"], 0)
        player.start()
        deadline = time.monotonic() + 120
        while player.version < 20:
            assert time.monotonic() < deadline and player.is_alive(), s.logs()
            time.sleep(0.01)
        killed_at, version = time.monotonic(), player.version
        s.kill(0)
        while player.version <= version + 2 and player.is_alive():
            assert time.monotonic() - killed_at < 60, s.logs()
            time.sleep(0.05)
        took = time.monotonic() - killed_at
        player.join(300)
        assert player.error is None, player.error
        got = settled_record(s.servers[2], table)
        takeovers = sum(s.health(i)["cluster"]["takeovers"] for i in (1, 2))
        engine = create_engine(sqlalchemy_url(postgres_url))
        with engine.connect() as conn:
            versions = [
                r[0]
                for r in conn.execute(
                    text("SELECT version FROM hand_steps WHERE table_id = :t ORDER BY version"),
                    {"t": table},
                )
            ]
        engine.dispose()
    print(f"taken over; the match moved on {took:.1f} s after the SIGKILL")
    assert takeovers == 1
    assert versions == list(range(1, len(versions) + 1))
    assert got == want


def test_200_tables_of_bots_on_three_processes(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    """200 tables of bots made through nginx: spread over three processes, every match ends
    with the one record its seed gives on a single process, each step stored once, and
    spectators (on any process) see every version once, in order."""
    (tmp_path / "single").mkdir()
    (tmp_path / "site").mkdir()
    seats = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    with live_server(tmp_path / "single") as live:
        table = live.create(seats)["table"]
        wait_finished(live, table)
        want = record(live, table)
    tables = 200
    with site(
        tmp_path / "site",
        postgres_url,
        3,
        seed=SEED,
        redis_url=redis_url,
        bot_delay=0.05,
        evict_after=None,  # finished tables keep their leases: who drove each one shows
    ) as s:
        ids = [s.front.create(seats)["table"] for _ in range(tables)]
        spectators = [Spectator(f"ws://127.0.0.1:{s.front.port}/ws/tables/{t}") for t in ids[:30]]
        for sp in spectators:
            sp.start()
        engine = create_engine(sqlalchemy_url(postgres_url))
        deadline = time.monotonic() + 600
        with engine.connect() as conn:
            while True:
                left = conn.execute(
                    text("SELECT count(*) FROM hand_tables WHERE NOT finished")
                ).scalar_one()
                conn.commit()
                if left == 0:
                    break
                assert time.monotonic() < deadline, f"{left} tables unfinished\n{s.logs()}"
                time.sleep(1)
            by_owner = dict(
                conn.execute(text("SELECT owner, count(*) FROM hand_leases GROUP BY owner")).all()
            )
            counts = conn.execute(
                text(
                    "SELECT t.id, t.version, count(s.version), min(s.version), max(s.version) "
                    "FROM hand_tables t JOIN hand_steps s ON s.table_id = t.id GROUP BY t.id"
                )
            ).all()
        engine.dispose()
        for sp in spectators:
            sp.join(120)
        desyncs = [t for t in ids if settled_record(s.front, t) != want]
    assert len(counts) == tables
    assert all(n == v == hi and lo == 1 for _, v, n, lo, hi in counts)
    assert desyncs == []
    assert len(by_owner) == 3 and min(by_owner.values()) >= 50, by_owner
    for sp in spectators:
        assert sp.error is None, sp.error
        assert sp.versions == list(range(sp.versions[0], sp.versions[-1] + 1)), sp.versions
        assert sp.over and not sp.hands


class Spectator(threading.Thread):
    """A spectator's WebSocket: the versions of the state frames it gets, in order."""

    def __init__(self, url: str) -> None:
        """A spectator of the table at ``url``."""
        super().__init__(daemon=True)
        self.url = url
        self.versions: list[int] = []
        self.over = False
        self.hands = False  # a hand's cards in a spectator's view: a leak
        self.error: BaseException | None = None

    def run(self) -> None:
        """Watch to the end of the match."""
        try:
            with connect(self.url, open_timeout=30, max_size=2**22) as ws:
                while True:
                    m = json.loads(ws.recv(timeout=300))
                    if m["type"] != "state":
                        continue
                    self.versions.append(m["version"])
                    if m["view"].get("hand"):
                        self.hands = True
                    if m["view"].get("phase") == "over":
                        self.over = True
                        return
        except BaseException as e:
            self.error = e


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--cluster", "--database-url", "sqlite:///x.sqlite"], "--cluster needs PostgreSQL"),
        (["--redis-url", "redis://127.0.0.1:1/0"], "give --cluster too"),
        (["--cluster", "--lease-seconds", "0"], "--lease-seconds must be"),
        (
            [
                "--cluster",
                "--database-url",
                "postgresql://h@127.0.0.1:1/x",
                "--redis-url",
                "redis://:sekrit@127.0.0.1:1/0",
            ],
            "cannot reach Redis at redis://:***@127.0.0.1:1/0",
        ),
    ],
)
def test_hand_serve_cluster_flags_are_checked(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A site's flags given wrong: a clear message, exit code 2, no traceback."""
    from handgame.cli.commands import main

    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and "sekrit" not in err


def test_a_lease_is_one_process_s_until_it_runs_out(
    postgres_url: str,  # noqa: F811
) -> None:
    """Leases (server/leases.py): one holder; renewed while it lives; taken over once run out,
    and then the old holder's renewal no longer holds it; and if both processes still tried,
    ``append_step`` stores one step per version (the last guard)."""
    from datetime import UTC, datetime

    from handgame.server.leases import Leases
    from handgame.server.storage import Storage, StoredStep

    a, b = Storage(postgres_url), Storage(postgres_url)
    try:
        a.create_table("t1", {"seats": []}, "seed", datetime.now(UTC))
        first, second = Leases(a.engine, "A", 1.0), Leases(b.engine, "B", 1.0)
        assert first.claim("t1") and not second.claim("t1")
        assert first.renew() == {"t1"} and first.owner_of("t1") == "A"
        assert second.expired(10) == []
        time.sleep(1.2)  # A stops renewing: its lease runs out
        assert second.expired(10) == ["t1"]
        assert second.claim("t1") and not first.claim("t1")
        assert first.renew() == set() and second.renew() == {"t1"}
        step = StoredStep(1, "action", 0, "c1", {"seat": 0, "draw": "stock"})
        b.append_step("t1", step, False)
        with pytest.raises(Exception, match=r"hand_steps_pkey|duplicate key|not the next"):
            a.append_step("t1", StoredStep(1, "action", 0, "c2", {"seat": 0}), False)
        assert [s.client_id for s in a.load("t1").steps] == ["c1"]  # type: ignore[union-attr]
        second.release("t1", expire_only=True)
        assert second.expired(10) == ["t1"]
        second.release("t1")
        assert second.owner_of("t1") is None and second.expired(10) == []
    finally:
        a.close()
        b.close()


def test_a_dead_process_s_players_are_no_longer_at_the_table(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    """A human at a table driven by process 0, connected through process 1: process 0 shows
    the seat connected; once process 1 is killed (SIGKILL: it says nothing), the seat is shown
    not connected when process 1's row runs out."""
    seats = [{"kind": "human", "name": "Sara"}, {"kind": "bot", "bot": "greedy"}]
    with site(tmp_path, postgres_url, 2, seed=SEED, redis_url=redis_url) as s:
        made = s.servers[0].create(seats)
        table = made["table"]

        def connected() -> bool:
            return bool(s.servers[0].summary(table)["seats"][0]["connected"])

        with s.servers[1].ws(table, f"token={made['seats'][0]['token']}"):
            deadline = time.monotonic() + 60
            while not connected():
                assert time.monotonic() < deadline, s.logs()
                time.sleep(0.1)
            s.kill(1)
            while connected():
                assert time.monotonic() < deadline + 60, s.logs()
                time.sleep(0.2)


def test_the_limits_are_the_sites_not_each_processes(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    """Spectators of one table and connections of one address are counted over the three
    processes (issue 31: 600 spectators of a table were admitted on 3 processes at 200)."""
    (tmp_path / "site").mkdir()
    with site(
        tmp_path / "site", postgres_url, 3, redis_url=redis_url, max_spectators=6,
        max_connections_per_ip=9,
    ) as s:  # fmt: skip
        made = s.front.create([{"kind": "bot", "bot": "greedy"}] * 2, rounds=1)
        tid = made["table"]
        admitted: list[Any] = []
        refused = 0
        for i in range(3):  # four spectators at each process in turn
            for _ in range(4):
                ws = connect(f"ws://127.0.0.1:{s.servers[i].port}/ws/tables/{tid}")
                first = json.loads(ws.recv(timeout=30))
                if first["type"] == "welcome":
                    admitted.append(ws)
                else:
                    assert first["code"] == "limit", first
                    refused += 1
                    ws.close()
            time.sleep(2.5)  # the counts go round each second
        assert len(admitted) == 6 and refused == 6, (len(admitted), refused)
        other = s.front.create([{"kind": "bot", "bot": "greedy"}] * 2, rounds=1)["table"]
        more = 0
        for i in range(3):  # the address's connections: 9 across the site, 6 held already
            for _ in range(2):
                ws = connect(f"ws://127.0.0.1:{s.servers[i].port}/ws/tables/{other}")
                if json.loads(ws.recv(timeout=30))["type"] == "welcome":
                    admitted.append(ws)
                    more += 1
                else:
                    ws.close()
            time.sleep(2.5)
        assert more == 3, more
        for ws in admitted:
            ws.close()
