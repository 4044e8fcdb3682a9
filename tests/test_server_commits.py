"""Issue 37: the group commit and the presence rows written when they change.

- many tables' steps go to the database in one transaction, each with its own version check
  (a refused step refuses no other), on SQLite and on PostgreSQL;
- steps that arrive together share one transaction, and none is answered before it commits;
- a database made before step times gets their column, its old steps without a time;
- a table played with a turn timer writes no presence row at its steps (the timer comes from
  the stored steps), and a restart still finds the same deadline.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import (
    JSON,
    Column,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    insert,
)
from sqlalchemy.exc import IntegrityError

from handgame.server.commits import Commits, StepRefused
from handgame.server.connection import encode
from handgame.server.protocol import Deadline, state_message, state_text, view_for
from handgame.server.storage import FROM_STEPS, Storage, StoredStep, steps_table, tables_table
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)
from server_helpers import Player, client, table_body

GREEDY = {"kind": "bot", "bot": "greedy"}
HUMAN = {"kind": "human"}


def step(version: int, client_id: str | None = None) -> StoredStep:
    """A step of the given version (its content is not read here)."""
    return StoredStep(version, "action", 0, client_id, {"seat": 0, "draw": "stock"}, 1.5 + version)


@pytest.fixture(params=["sqlite", "postgres"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """A fresh storage on SQLite, then on PostgreSQL."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'c.sqlite'}"
    else:
        url = request.getfixturevalue("postgres_url")
    made = Storage(url)
    yield made
    made.close()


def test_a_batch_stores_every_table_and_refuses_only_the_wrong_step(storage: Storage) -> None:
    for i in range(4):
        storage.create_table(f"t{i}", {}, f"seed-{i}")
    storage.append_step("t1", step(1), False)
    # t1 is at version 1: its step 1 again is a double step; t2's step 2 skips one
    batch = [("t0", step(1, "a")), ("t1", step(1, "b")), ("t2", step(2, "c")), ("t3", step(1))]
    refused = storage.write_batch(
        [(t, s, t == "t3") for t, s in batch], {"t0": ([1], FROM_STEPS), "t3": ([], (0, 1, 9.5))}
    )
    assert refused == {1, 2}
    t0, t1, t2, t3 = (storage.load(f"t{i}") for i in range(4))
    assert t0 is not None and t1 is not None and t2 is not None and t3 is not None
    assert t0.steps == (step(1, "a"),) and t0.version == 1 and not t0.finished
    assert t1.steps == (step(1),) and t1.version == 1  # the first step 1 only
    assert t2.steps == () and t2.version == 0
    assert t3.steps == (step(1),) and t3.finished
    assert (t0.away, t0.timer) == ((1,), FROM_STEPS)
    assert (t3.away, t3.timer) == ((), (0, 1, 9.5))
    assert t2.timer == FROM_STEPS  # no row: the steps give the timer
    # a later presence row replaces the earlier one; None is no timer to restore
    storage.write_batch([("t0", step(2), False)], {"t0": ([], None)})
    again = storage.load("t0")
    assert again is not None and again.version == 2 and (again.away, again.timer) == ((), None)
    with pytest.raises(RuntimeError, match="step 5 is not the next one"):
        storage.append_step("t2", step(5), False)


def test_a_batch_is_one_transaction(storage: Storage) -> None:
    """A batch that fails after its tables moved leaves every table where it was (Python's
    sqlite3 opens no transaction before a statement that begins with WITH: such an UPDATE
    would have committed alone)."""
    for i in range(3):
        storage.create_table(f"t{i}", {}, "s")
    with storage.engine.begin() as conn:  # a step row at t2's next version, its table not moved
        conn.execute(insert(steps_table).values(table_id="t2", version=1, kind="deal", data={}))
    with pytest.raises(IntegrityError):
        storage.write_batch([(f"t{i}", step(1), False) for i in range(3)])
    assert [storage.version(f"t{i}") for i in range(3)] == [0, 0, 0]
    loaded = storage.load("t0")
    assert loaded is not None and loaded.steps == ()


def test_steps_that_arrive_together_share_one_transaction(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'g.sqlite'}")
    for i in range(20):
        storage.create_table(f"t{i}", {}, "s")
    storage.append_step("t7", step(1), False)
    release = threading.Event()
    calls: list[int] = []

    async def run(fn: Callable[..., Any], *args: Any) -> Any:
        calls.append(len(args[0]))

        def blocked() -> Any:
            release.wait(30)
            return fn(*args)

        return await asyncio.get_running_loop().run_in_executor(None, blocked)

    async def main() -> list[BaseException | None]:
        commits = Commits(lambda: storage, run)
        waiting = [
            asyncio.ensure_future(commits.step(f"t{i}", step(1, f"c{i}"), False))
            for i in range(20)
        ]
        await asyncio.sleep(0.2)
        # nothing is answered before its transaction commits
        assert not any(w.done() for w in waiting)
        assert calls == [20]  # all twenty in the one transaction
        release.set()
        done = await asyncio.gather(*waiting, return_exceptions=True)
        assert commits.batches == 1 and commits.largest == 20
        return done

    done = asyncio.run(main())
    assert [type(d) for d in done] == [type(None)] * 7 + [StepRefused] + [type(None)] * 12
    for i in range(20):
        stored = storage.load(f"t{i}")
        assert stored is not None and stored.version == 1
        assert stored.steps[0].client_id == (None if i == 7 else f"c{i}")
    storage.close()


def test_a_database_made_before_step_times_gets_their_column(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    old = MetaData()
    tables_table.to_metadata(old)
    Table(
        "hand_steps",
        old,
        Column("table_id", String(64), ForeignKey("hand_tables.id"), primary_key=True),
        Column("version", Integer, primary_key=True, autoincrement=False),
        Column("kind", String(16), nullable=False),
        Column("seat", Integer, nullable=True),
        Column("client_id", String(128), nullable=True),
        Column("data", JSON, nullable=False),
    )
    engine = create_engine(url)
    old.create_all(engine)
    engine.dispose()
    storage = Storage(url)
    storage.create_table("t", {}, "s")
    storage.append_step("t", StoredStep(1, "deal", None, None, {}), False)  # no time
    storage.append_step("t", step(2), False)
    stored = storage.load("t")
    assert stored is not None and [s.at for s in stored.steps] == [None, 3.5]
    storage.close()
    Storage(url).close()  # opened again: the column is there already


def test_a_state_message_is_its_view_encoded_once_with_the_fields_around_it() -> None:
    from handgame.core.registry import find_game

    game = find_game("levant").create("levant", {"rounds": 1}, 2, False, None)
    state = game.new_match(0).deal_seeded("x")
    for seat in (0, 1, None):
        for resync in (False, True):
            for deadline in (None, Deadline(0, 5, 1234.5), Deadline(1, 4, 99.25)):
                made = state_message("t\u00e9\"", 5, state, seat, resync, deadline, now=1000.0)
                view = encode(view_for(state, seat))
                text = state_text("t\u00e9\"", 5, view, resync, deadline, 1000.0)
                assert text == encode(made)


def test_a_timed_table_writes_no_presence_row_at_its_steps(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    with client(db, turn_timeout=30.0) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        made = c.post("/api/tables", json=table_body([HUMAN, GREEDY])).json()
        tid, token = made["table"], made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            player, rng, acted = Player(ws, 0), random.Random(5), 0
            while acted < 20:
                view = player.read().get("view")
                if view is None or view["turn"] != 0 or not view["legal_actions"]:
                    continue
                answer = player.act(rng)
                assert answer["type"] == "ack" or answer.get("code") == "stale", answer
                acted += 1
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["version"] >= 20 and summary["turn_deadline"] is not None
        assert hub.commits.presence_rows == 0  # every deadline ran from its step
        deadline, version = summary["turn_deadline"], summary["version"]
        time.sleep(0.2)
    stored = Storage(f"sqlite:///{db}").load(tid)
    assert stored is not None and stored.timer == FROM_STEPS
    with client(db, turn_timeout=30.0) as c:  # a restart: the same deadline, from the steps
        again = c.get(f"/api/tables/{tid}").json()
        assert again["version"] == version and again["turn_deadline"] == deadline
