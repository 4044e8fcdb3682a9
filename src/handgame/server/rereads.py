"""Tables read again from the store after a failed write, so that memory never diverges from it.

A step whose commit (or the log's sync after it) fails is neither acknowledged nor sent: its
sender gets ``unavailable``. But whether the store kept it may be unknown: a sync that failed
after its commit (the store may keep the step, not durably), or an answer lost with the database
unreachable to ask. Such a table is *stale*: before its next step is stored (at once if the
database answers, else before its next write), it is read again from the store and the stored
steps are made the table's, whatever they are; every client of the table is then sent the
stored state (a ``state`` message, never an ``ack``). A client that sends its action again with
the same ``id`` is told it was applied (a duplicate ack) if the store kept it.

A table whose stored copy changed otherwise is read again the same way: a deleted account's
seats, renamed in the store (issue 40, :mod:`.deleted_names`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from handgame.server.clients import Unavailable, unavailable
from handgame.server.storage import StoredTable
from handgame.server.table import Table

log = logging.getLogger("handgame.server")


class Rereads:
    """The stale tables of a hub (module docstring): ``load(id)`` reads a table's stored row
    and steps (off the event loop), ``rebuild(stored)`` replays them into a table (off the
    event loop), ``changed(table)`` tells the clients and restarts the timer and driver,
    ``lock(id)`` is the lock of a table's changes."""

    def __init__(
        self,
        load: Callable[[str], Awaitable[StoredTable | None]],
        rebuild: Callable[[StoredTable], Awaitable[Table]],
        changed: Callable[[Table], None],
        lock: Callable[[str], asyncio.Lock],
    ) -> None:
        """No table stale."""
        self.load = load
        self.rebuild = rebuild
        self.changed = changed
        self.lock = lock
        self.settling: set[asyncio.Task[None]] = set()  # tables being read again
        self.stale: set[str] = set()
        self.done = 0  # tables read again
        self.moved = 0  # of them, those whose stored version differed from memory's

    def mark(self, table_id: str) -> None:
        """The table's stored copy may differ from memory (its last write failed with its
        outcome unknown, or its seats were renamed there): read it again."""
        self.stale.add(table_id)

    async def settle(self, table: Table) -> bool:
        """If the table is stale, make the store's steps its own (the caller holds its lock);
        whether its version changed. Raises :class:`Unavailable` (the table stays stale)."""
        if table.id not in self.stale:
            return False
        try:
            stored = await self.load(table.id)
            if stored is None:
                raise RuntimeError(f"table {table.id} is not in the store")
            fresh = await self.rebuild(stored)
        except Unavailable:
            raise
        except Exception as e:
            raise unavailable(e) from e
        self.stale.discard(table.id)
        self.done += 1
        before = table.version
        table.adopt(fresh)  # its game and seats too (their names: issue 40)
        if table.version != before:
            self.moved += 1
            log.warning(
                "table %s: read again from the store after a failed write: version %d, not %d",
                table.id,
                table.version,
                before,
            )
        self.changed(table)
        return table.version != before

    def settle_soon(self, table: Table) -> None:
        """Read a stale table again as soon as its lock is free (after the failed step's
        sender has its error); if the database does not answer, before its next step."""

        async def settle() -> None:
            async with self.lock(table.id):
                with contextlib.suppress(Unavailable):
                    await self.settle(table)

        task = asyncio.create_task(settle())
        self.settling.add(task)
        task.add_done_callback(self.settling.discard)
