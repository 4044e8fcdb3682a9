"""SQLite: the group commit's transactions written on the event loop, the log's sync on a
thread of its own (issue 37).

Written on a database thread, a batch of steps took 8-10 ms of wall time for under 2 ms of work
at 200 tables: the thread waited for the interpreter lock at each statement while the loop
worked through the tables the previous batch had answered, and the next batch formed behind it
(a wave). Here the loop itself writes each batch, on a connection of its own, in a fraction of
a millisecond, with ``synchronous=NORMAL``: the commit puts the transaction in the write-ahead
log (the operating system's cache) without waiting for the disk. The disk is a separate step:
one thread calls ``fsync`` on the log file, and a batch's steps are answered only once a sync
that began after their commit has ended. So with ``synchronous`` ``full`` (this class's
default; ``hand serve --sqlite-synchronous full``) an acknowledged step survives a power cut
exactly as SQLite's own ``FULL`` commit makes it (in WAL mode that is the log's sync at each
commit), while the loop goes on and the next batches commit during the sync; syncs that are
asked for while one runs are done by the next one (one ``fsync`` for all). With ``normal``
(``hand serve``'s default), the steps are answered at their commit and the same thread syncs
the log right after, without anyone waiting for it: a crash of the process loses nothing
acknowledged, and a power cut only the steps acknowledged while the log's last sync had not
ended (a few milliseconds of them, docs/operations.md). Waiting for the sync was 10-25 ms of
the ack's p95 at 200 tables (issue 37, benchmarks/README.md).

The loop never waits for another connection's lock: ``BEGIN IMMEDIATE`` with no busy timeout
either takes the database's write lock at once or raises :class:`Busy`, and the caller tries
again a moment later; the other connections (the storage's, on its threads) wait for this one's
short transactions as usual. The log is copied back into the database (a checkpoint) on a
thread of its own, never by the loop's connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from handgame.server.storage import (
    BATCH_ROWS,
    StoredStep,
    Timer,
    insert_steps_sql,
    sqlite_update_sql,
    step_params,
    timer_json,
)

log = logging.getLogger("handgame.server")

#: the seconds between two checkpoints of the log (each a passive one, on its own thread)
CHECKPOINT_EVERY = 1.0


class Busy(RuntimeError):
    """Another connection holds the database's write lock: nothing was written, try again."""


class WalWriter:
    """The group commit's own SQLite connection (module docstring)."""

    def __init__(self, path: str, synchronous: str = "full") -> None:
        """Open ``path`` (a database the storage made); ``synchronous``: ``full`` (each batch
        answered once the log is on disk) or ``normal`` (at its commit)."""
        self.path = str(Path(path).expanduser())
        self.conn = sqlite3.connect(
            self.path, timeout=0, isolation_level=None, check_same_thread=False
        )
        for pragma in (
            "journal_mode=WAL",
            "synchronous=NORMAL",  # the log's sync is ours (module docstring)
            "foreign_keys=ON",
            "wal_autocheckpoint=0",  # never a checkpoint on the loop
            "busy_timeout=0",
        ):
            self.conn.execute(f"PRAGMA {pragma}")
        self.sync_each = synchronous == "full"
        self.requests: queue.SimpleQueue[Any] = queue.SimpleQueue()  # to the sync thread
        self.thread: threading.Thread | None = None  # the sync thread, once started
        self.checkpointer = ThreadPoolExecutor(1, "hand-wal-checkpoint")
        self.fd: int | None = None
        self.syncing = False  # a sync is under way
        self.waiting: list[Callable[[BaseException | None], None]] = []  # for the next sync
        self.unsynced = False  # commits answered (``normal``) that no sync has begun for yet
        self.sync_error: BaseException | None = None  # the last failed sync nobody waited for
        self.checkpointing: asyncio.Future[Any] | None = None
        self.checkpointed = time.monotonic()
        self.checkpoint_conn: sqlite3.Connection | None = None  # made on its thread
        self.syncs = 0  # fsyncs of the log done
        self.closed = False

    # --- the transaction, on the loop -----------------------------------------------------
    def write(
        self,
        steps: list[tuple[str, StoredStep, bool]],
        presence: dict[str, tuple[list[int], Timer]],
    ) -> set[int]:
        """Append the steps and store the presence rows in one transaction (as
        :meth:`~handgame.server.storage.Storage.write_batch`); the indices of the steps refused
        because their version is not their table's next one. Raises :class:`Busy` (nothing
        written), or the database's error (nothing written)."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                raise Busy(str(e)) from e
            raise
        try:
            refused = self._advance(steps)
            kept = [(t, s) for i, (t, s, _) in enumerate(steps) if i not in refused]
            for first in range(0, len(kept), BATCH_ROWS):
                part = kept[first : first + BATCH_ROWS]
                self.conn.execute(insert_steps_sql(len(part)), step_params(part))
            if presence:
                ids = sorted(presence)
                marks = ", ".join("?" * len(ids))
                self.conn.execute(f"DELETE FROM hand_presence WHERE table_id IN ({marks})", ids)
                self.conn.executemany(
                    "INSERT INTO hand_presence (table_id, away, timer) VALUES (?, ?, ?)",
                    [
                        (
                            t,
                            json.dumps(sorted(presence[t][0])),
                            json.dumps(timer_json(presence[t][1])),
                        )
                        for t in ids
                    ],
                )
            self.conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise
        return refused

    def _advance(self, steps: list[tuple[str, StoredStep, bool]]) -> set[int]:
        """The version check (as the storage's): every table moved by one statement when each
        is at the version before its step; else, back to the savepoint and step by step."""
        one_per_table = len({t for t, _, _ in steps}) == len(steps)
        if len(steps) > 1 and one_per_table and sqlite3.sqlite_version_info >= (3, 33):
            self.conn.execute("SAVEPOINT together")
            moved = 0
            for first in range(0, len(steps), BATCH_ROWS):
                part = steps[first : first + BATCH_ROWS]
                params = [x for t, s, f in part for x in (t, s.version - 1, s.version, bool(f))]
                moved += self.conn.execute(sqlite_update_sql(len(part)), params).rowcount
            if moved == len(steps):
                self.conn.execute("RELEASE together")
                return set()
            self.conn.execute("ROLLBACK TO together")
            self.conn.execute("RELEASE together")
        refused: set[int] = set()
        for i, (table_id, step, finished) in enumerate(steps):
            done = self.conn.execute(
                "UPDATE hand_tables SET version = ?, finished = ? WHERE id = ? AND version = ?",
                (step.version, bool(finished), table_id, step.version - 1),
            )
            if done.rowcount != 1:
                refused.add(i)
        return refused

    # --- the log's sync, on its thread ----------------------------------------------------
    def after_sync(self, done: Callable[[BaseException | None], None]) -> None:
        """Call ``done(None)`` on the loop once every transaction committed so far is on disk
        (at once with ``synchronous`` ``normal``, the sync then started for nobody to wait
        for), ``done(error)`` if the sync failed. It is called from the loop's first turn
        after the sync (no future in between: each would cost a turn of a busy loop)."""
        self._checkpoint(asyncio.get_running_loop())
        if self.sync_each:
            self.waiting.append(done)
        else:
            done(None)
            self.unsynced = True
        if not self.syncing:
            self._sync(asyncio.get_running_loop())

    def _sync(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start one sync for every commit waiting (those asked meanwhile wait for the next)."""
        waiting, self.waiting = self.waiting, []
        self.unsynced = False  # this sync begins after every commit so far
        self.syncing = True
        if self.thread is None:
            self.thread = threading.Thread(target=self._syncs, name="hand-wal-sync", daemon=True)
            self.thread.start()
        self.requests.put((loop, waiting))

    def _syncs(self) -> None:
        """The sync thread: one ``fsync`` per request, answered on the request's loop."""
        while True:
            request = self.requests.get()
            if request is None:
                return
            loop, waiting = request
            error: BaseException | None = None
            try:
                self._fsync()
            except OSError as e:
                error = e
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(self._synced, loop, waiting, error)

    def _synced(
        self,
        loop: asyncio.AbstractEventLoop,
        waiting: list[Callable[[BaseException | None], None]],
        error: BaseException | None,
    ) -> None:
        """A sync ended (on the loop): answer its commits, start the next one if asked. A
        failed sync nobody waited for (``normal``: its commits were answered) is logged and
        kept in :attr:`sync_error` (``/api/health`` says a write failed)."""
        self.syncing = False
        if error is not None and not waiting:
            self.sync_error = error
            log.error(
                "the log's sync failed: %s (moves acknowledged before it may not "
                "survive a power cut)",
                error,
            )
        for done in waiting:
            done(error)
        if (self.waiting or self.unsynced) and not self.closed:
            self._sync(loop)

    def _fsync(self) -> None:
        """``fsync`` the log file (opened again if SQLite made it anew; the directory synced
        with a new one, as SQLite syncs a new file's directory)."""
        wal = self.path + "-wal"
        if self.fd is not None and os.fstat(self.fd).st_ino != os.stat(wal).st_ino:
            os.close(self.fd)
            self.fd = None
        if self.fd is None:
            self.fd = os.open(wal, os.O_RDONLY)
            directory = os.open(os.path.dirname(wal) or ".", os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)
        os.fsync(self.fd)
        self.syncs += 1

    # --- checkpoints, on their thread -------------------------------------------------------
    def _checkpoint(self, loop: asyncio.AbstractEventLoop) -> None:
        """Copy the log back into the database now and then, off the loop (a passive
        checkpoint: it waits for no writer and no writer waits for it)."""
        now = time.monotonic()
        if self.checkpointing is not None or now - self.checkpointed < CHECKPOINT_EVERY:
            return
        self.checkpointed = now
        checkpointing = loop.run_in_executor(self.checkpointer, self._passive_checkpoint)
        self.checkpointing = checkpointing

        def done(finished: asyncio.Future[Any]) -> None:
            self.checkpointing = None
            if not finished.cancelled():
                finished.exception()  # a failed checkpoint is tried again at the next one

        checkpointing.add_done_callback(done)

    def _passive_checkpoint(self) -> Any:
        """``PRAGMA wal_checkpoint(PASSIVE)`` on the checkpoint thread's own connection."""
        if self.checkpoint_conn is None:
            self.checkpoint_conn = sqlite3.connect(
                self.path, timeout=0, isolation_level=None, check_same_thread=False
            )
        return self.checkpoint_conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()

    def close(self) -> None:
        """Close the connection and the log's file (syncs not started are dropped)."""
        self.closed = True
        if self.thread is not None:
            self.requests.put(None)
            self.thread.join(5)
        self.checkpointer.shutdown(wait=True, cancel_futures=True)
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        for conn in (self.conn, self.checkpoint_conn):
            if conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    conn.close()


def opener(url: str, synchronous: str) -> Callable[[], WalWriter] | None:
    """What opens a :class:`WalWriter` for a storage URL (None: not a SQLite file)."""
    if not url.startswith("sqlite") or "///" not in url:
        return None
    path = url.partition(":///")[2].partition("?")[0]
    if not path or path == ":memory:":
        return None
    return lambda: WalWriter(path, synchronous)
