"""Bots' decisions off the event loop, in a worker process (``hand serve --bot-worker``, the
default; :mod:`handgame.server.moveworker`).

- bot tables play to the end with the worker and without it, and a table dealt from the same
  seed plays the very same match either way (each decision's bot is made from its own seed);
- only a seat's view and a seed made for the decision cross to the worker: never the table's
  seed, its state or another seat's hand (hidden information);
- a worker that dies (SIGKILL) or hangs (SIGSTOP) mid-match is replaced: the tables finish,
  none hangs on it.
"""

from __future__ import annotations

import os
import pickle
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from handgame.server import moveworker
from handgame.server.moveworker import MoveWorker, bot_seed
from server_helpers import client, table_body

GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}


def finish(c: Any, tables: list[str], seconds: float = 120) -> None:
    """Wait (``seconds`` at most) until every table is finished."""
    deadline = time.monotonic() + seconds
    for tid in tables:
        while not c.get(f"/api/tables/{tid}").json()["finished"]:
            assert time.monotonic() < deadline, f"table {tid} did not finish"
            time.sleep(0.05)


def moves(c: Any, tid: str) -> list[Any]:
    """The actions of a finished table's record, round by round."""
    record = c.get(f"/api/tables/{tid}/record").json()
    return [r["actions"] for r in record["rounds"]]


@pytest.mark.parametrize("worker", [True, False])
def test_bot_tables_finish_and_play_the_same_with_and_without_the_worker(
    tmp_path: Path, worker: bool
) -> None:
    with client(tmp_path / "w.sqlite", seed="worker-1", bot_worker=worker) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        made = [
            c.post("/api/tables", json=table_body(seats, rounds=1)).json()["table"]
            for seats in ([GREEDY, RANDOM], [RANDOM, GREEDY, GREEDY])
        ]
        finish(c, made)
        played = [moves(c, t) for t in made]
        worker_used = hub.workers.bot_worker
        assert (worker_used is not None) == worker
        if worker_used is not None:
            assert worker_used.decisions > 0 and worker_used.lost == 0
    with client(tmp_path / "again.sqlite", seed="worker-1", bot_worker=not worker) as c:
        again = [
            c.post("/api/tables", json=table_body(seats, rounds=1)).json()["table"]
            for seats in ([GREEDY, RANDOM], [RANDOM, GREEDY, GREEDY])
        ]
        finish(c, again)
        assert [moves(c, t) for t in again] == played  # the same match, worker or not


def test_only_the_seats_view_and_a_decision_seed_cross_to_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[Any, ...]] = []
    keys: list[Any] = []
    real = MoveWorker.decide

    async def spy(self: MoveWorker, *request: Any, key: Any = None) -> Any:
        sent.append(request)
        keys.append(key)
        return await real(self, *request, key=key)

    monkeypatch.setattr(MoveWorker, "decide", spy)
    crossed: list[bytes] = []  # every message to the worker, as written to its pipe
    real_dumps = moveworker.pickle.dumps

    def dumps(obj: Any, *args: Any) -> bytes:
        data = real_dumps(obj, *args)
        crossed.append(data)
        return data

    monkeypatch.setattr(moveworker.pickle, "dumps", dumps)
    seed = "the-table-seed-kept-at-the-server"
    with client(tmp_path / "v.sqlite", seed=seed) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        tid = c.post("/api/tables", json=table_body([GREEDY, RANDOM], rounds=1)).json()["table"]
        finish(c, [tid])
        table = hub.tables[tid]
    assert sent
    for spec, decision_seed, seat, _claim, view in sent:
        assert spec in ("greedy", "random")
        assert seed.encode() not in pickle.dumps((spec, decision_seed, seat, _claim, view))
        assert decision_seed != seed and len(decision_seed) == 32
        assert type(view) is type(table.state.view(seat))  # a seat's view, not the state
        assert view.seat == seat
    # the views went as what changed (viewdelta), keyed by the table and seat
    assert keys and all(k == (tid, r[2]) for k, r in zip(keys, sent, strict=True))
    assert crossed and not any(seed.encode() in data for data in crossed)
    seeds = {s for _, s, *_ in sent}
    assert bot_seed(seed, 0, 2) in seeds or bot_seed(seed, 1, 2) in seeds


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGSTOP])
def test_a_dead_or_hung_worker_is_replaced_and_the_tables_finish(
    tmp_path: Path, how: signal.Signals
) -> None:
    # a hung worker is given up after bot_move_seconds + search_grace (1 s here)
    with client(
        tmp_path / "k.sqlite", bot_worker=True, bot_move_seconds=0.5, search_grace=0.5
    ) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        worker = hub.workers.bot_worker
        made = [
            c.post("/api/tables", json=table_body([GREEDY, RANDOM], rounds=2)).json()["table"]
            for _ in range(3)
        ]
        deadline = time.monotonic() + 60
        while worker.pid is None or worker.decisions < 5:
            assert time.monotonic() < deadline, "the worker never answered"
            time.sleep(0.01)
        first = worker.pid
        os.kill(first, how)  # a stopped one is given up at its first decision's timeout
        finish(c, made)
        assert worker.started >= 2 and worker.pid != first
        if how == signal.SIGSTOP:  # hung with decisions asked: stopped, and said
            assert c.get("/api/health").json()["bot_worker_lost"] >= 1
        summaries = [c.get(f"/api/tables/{t}").json() for t in made]
        assert all(s["finished"] and s["ended"] is None for s in summaries), summaries
