"""Issue 37: SQLite's group commit written on the event loop, the log synced on a thread.

- a batch is answered only after a sync of the log that began after its commit (with
  ``synchronous`` ``full``), and at its commit with ``normal``;
- the version check holds on the loop's connection: a double step or a skipped one is refused,
  alone, and nothing of it is stored;
- while another connection holds the write lock the loop does not wait: the batch waits its
  turn and is written once the lock is free, none lost, none written twice; held past the
  database timeout, the batch fails (its steps not stored);
- a view encoded from the seat's previous one is exactly ``json.dumps`` of it, whatever the
  players are named (the long fields' markers cannot be forged).
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from handgame.core.registry import find_game
from handgame.server.commits import Commits, StepRefused
from handgame.server.protocol import view_for
from handgame.server.storage import FROM_STEPS, Storage, StoredStep
from handgame.server.viewtext import ViewTexts
from handgame.server.walwriter import Busy, WalWriter


def step(version: int, client_id: str | None = None) -> StoredStep:
    """A step of the given version (its content is not read here)."""
    return StoredStep(version, "action", 0, client_id, {"seat": 0, "draw": "stock"}, 2.5)


async def _thread(fn: Any, *args: Any) -> Any:
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def made(tmp_path: Path, tables: int) -> tuple[Storage, str]:
    path = str(tmp_path / "w.sqlite")
    storage = Storage(f"sqlite:///{path}")
    for i in range(tables):
        storage.create_table(f"t{i}", {}, "s")
    return storage, path


@pytest.mark.parametrize("synchronous", ["full", "normal"])
def test_a_batch_is_answered_after_the_log_is_synced(tmp_path: Path, synchronous: str) -> None:
    storage, path = made(tmp_path, 6)
    storage.append_step("t2", step(1), False)
    wal = WalWriter(path, synchronous)
    answered_after: list[int] = []

    async def main() -> list[Any]:
        commits = Commits(lambda: storage, _thread, lambda: wal)

        async def one(i: int) -> None:
            try:
                await commits.step(f"t{i}", step(1, f"c{i}"), i == 5)
            finally:
                answered_after.append(wal.syncs)

        results = await asyncio.gather(*(one(i) for i in range(6)), return_exceptions=True)
        commits.presence("t0", [1], FROM_STEPS)
        await asyncio.sleep(0.05)
        await commits.drain(5)
        assert commits.busy == 0 and commits.batches == 2 and commits.largest == 6
        for _ in range(200):  # normal: the log is synced after the answers, for nobody
            if wal.syncs and not wal.syncing:
                break
            await asyncio.sleep(0.01)
        return results

    results = asyncio.run(main())
    wal.close()
    assert [type(r) for r in results] == [type(None)] * 2 + [StepRefused] + [type(None)] * 3
    # full: nothing answered before one sync; normal: answered at the commit, before any
    # sync, and the log synced right after all the same (a power cut loses only what was
    # answered during the last sync, docs/operations.md)
    assert answered_after == ([1] * 6 if synchronous == "full" else [0] * 6)
    assert wal.syncs >= 1 and not wal.unsynced
    for i in range(6):
        stored = storage.load(f"t{i}")
        assert stored is not None and stored.version == 1
        assert [s.client_id for s in stored.steps] == [None if i == 2 else f"c{i}"]
        assert stored.finished == (i == 5)
    t0 = storage.load("t0")
    assert t0 is not None and (t0.away, t0.timer) == ((1,), FROM_STEPS)
    storage.close()


def test_the_loop_refuses_a_double_step_and_a_skipped_one(tmp_path: Path) -> None:
    storage, path = made(tmp_path, 3)
    wal = WalWriter(path)
    assert wal.write([("t0", step(1, "a"), False), ("t1", step(1, "b"), False)], {}) == set()
    # t0's step 1 again (a double step), t1's step 3 (skips one), t2's step 1: only t2 moves
    batch = [("t0", step(1, "x"), False), ("t1", step(3, "y"), False), ("t2", step(1), False)]
    assert wal.write(batch, {}) == {0, 1}
    assert wal.write([("t2", step(1), False)], {}) == {0}  # alone: refused too
    wal.close()
    t0, t1, t2 = (storage.load(f"t{i}") for i in range(3))
    assert t0 is not None and [s.client_id for s in t0.steps] == ["a"]
    assert t1 is not None and t1.version == 1 and [s.client_id for s in t1.steps] == ["b"]
    assert t2 is not None and t2.version == 1 and len(t2.steps) == 1
    storage.close()


def test_a_batch_waits_for_another_connections_lock_without_blocking_the_loop(
    tmp_path: Path,
) -> None:
    storage, path = made(tmp_path, 4)
    wal = WalWriter(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the lock

    async def main() -> None:
        commits = Commits(lambda: storage, _thread, lambda: wal)
        waiting = [asyncio.ensure_future(commits.step(f"t{i}", step(1), False)) for i in range(4)]
        ticks = 0
        for _ in range(20):  # the loop goes on meanwhile
            await asyncio.sleep(0.005)
            ticks += 1
        assert ticks == 20 and not any(w.done() for w in waiting) and commits.busy > 0
        other.execute("COMMIT")
        await asyncio.wait_for(asyncio.gather(*waiting), 10)
        assert commits.steps_written == 4
        # a lock held past the timeout fails the batch (as a database thread's call does)
        short = Commits(lambda: storage, _thread, lambda: wal, timeout=0.05)
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(Busy):
            await asyncio.wait_for(short.step("t0", step(2), False), 10)
        other.execute("ROLLBACK")
        await short.step("t0", step(2), False)  # the lock is free: stored

    asyncio.run(main())
    wal.close()
    other.close()
    for i in range(4):
        stored = storage.load(f"t{i}")
        assert stored is not None and stored.version == (2 if i == 0 else 1)
        assert len(stored.steps) == stored.version
    storage.close()


def test_a_view_encoded_from_the_previous_one_is_exactly_its_json() -> None:
    names = ["seat \u00e9\"0", "\ue000names"]
    game = find_game("levant").create("levant", {"rounds": 2}, 2, False, names)
    texts, rng = ViewTexts(), random.Random(3)
    state, checked = game.new_match(0).deal_seeded("v"), 0
    while not state.is_over and checked < 600:
        if state.is_chance:
            state = state.deal_seeded(f"d{checked}")
            continue
        for seat in (0, 1, None):
            view = view_for(state, seat)
            assert texts.encode("t", seat, view) == json.dumps(view, ensure_ascii=False)
            checked += 1
        state = state.apply(rng.choice(state.legal_actions(state.current_seat)))
    assert checked > 100
    # a player who names a seat like a marker (without the secret token) changes nothing
    view = {"names": ["\ue000names"] * 9, "public": {"actions": ["\ue000public/actions"] * 9}}
    assert texts.encode("u", 0, view) == json.dumps(view, ensure_ascii=False)
    grown = {"names": view["names"], "public": {"actions": [*view["public"]["actions"], "x"]}}
    assert texts.encode("u", 0, grown) == json.dumps(grown, ensure_ascii=False)
    shrunk = {"names": [], "public": {"actions": ["y"] * 8}}
    assert texts.encode("u", 0, shrunk) == json.dumps(shrunk, ensure_ascii=False)
