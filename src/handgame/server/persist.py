"""What a table keeps beyond its steps, stored as it changes: its absent seats and running
turn timer (so that a restart gives an absent human no fresh timer), written in order per
table, off the event loop; and the cache of state messages already made."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from handgame.core.game import MatchState
from handgame.server.connection import encode
from handgame.server.protocol import Deadline, state_message
from handgame.server.table import Table

log = logging.getLogger("handgame.server")

Timer = tuple[int, int, float] | None
Snapshot = tuple[tuple[int, ...], Timer]

#: state messages kept made, for clients that catch up on the same versions
VIEW_CACHE = 2048


class PresenceWrites:
    """Stores each table's absent seats and timer when they change; ``write(table_id, away,
    timer)`` is the (awaitable, off-loop) storage call."""

    def __init__(self, write: Callable[[str, list[int], Timer], Awaitable[None]]) -> None:
        """Nothing stored yet."""
        self.write = write
        self.saved: dict[str, Snapshot] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def loaded(self, table: Table, timer: Timer) -> None:
        """What a table loaded from storage has stored."""
        self.saved[table.id] = (tuple(sorted(table.away)), timer)

    def save(self, table: Table, deadline: Deadline | None) -> None:
        """Store the table's absent seats and timer if they changed (a failure is logged, and
        the next change stores them again)."""
        timer = (deadline.seat, deadline.version, deadline.at) if deadline else None
        snapshot = (tuple(sorted(table.away)), timer)
        if self.saved.get(table.id) == snapshot:
            return
        self.saved[table.id] = snapshot
        previous = self.tasks.get(table.id)
        self.tasks[table.id] = asyncio.create_task(self._write(table.id, snapshot, previous))

    def busy(self, table_id: str) -> bool:
        """Whether a write of the table is still running."""
        task = self.tasks.get(table_id)
        return task is not None and not task.done()

    def forget(self, table_id: str) -> None:
        """A table left memory."""
        self.saved.pop(table_id, None)
        self.tasks.pop(table_id, None)

    async def drain(self, timeout: float) -> None:
        """Wait for the running writes (at shutdown)."""
        for task in list(self.tasks.values()):
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, timeout)

    async def _write(
        self, table_id: str, snapshot: Snapshot, previous: asyncio.Task[None] | None
    ) -> None:
        if previous is not None:
            with contextlib.suppress(BaseException):
                await previous
        away, timer = snapshot
        try:
            await self.write(table_id, list(away), timer)
        except Exception as e:
            log.warning("table %s: absences and timer not stored: %s", table_id, e)
            if self.saved.get(table_id) == snapshot:
                del self.saved[table_id]


class ViewCache:
    """State messages already made (their text), by table, version, seat and resync; a
    message holding a running timer is made afresh (its seconds left change)."""

    def __init__(self, size: int = VIEW_CACHE) -> None:
        """An empty cache of ``size`` messages at most."""
        self.size = size
        self.texts: OrderedDict[tuple[str, int, int | None, bool], str] = OrderedDict()

    def text(
        self,
        table: str,
        version: int,
        state: MatchState,
        seat: int | None,
        resync: bool,
        deadline: Deadline | None,
    ) -> str:
        """The text of the state message of ``table`` at ``version`` for ``seat``."""
        timed = deadline is not None and deadline.version == version
        key = (table, version, seat, resync)
        found = None if timed else self.texts.get(key)
        if found is not None:
            return found
        made: Any = state_message(table, version, state, seat, resync, deadline=deadline)
        text = encode(made)
        if not timed:
            self.texts[key] = text
            if len(self.texts) > self.size:
                self.texts.popitem(last=False)
        return text
