"""When idle tables leave the hub's memory: a finished table ``Settings.evict_after`` seconds
after its last client, an unfinished one waiting for a human ``Settings.idle_after`` seconds
after it. The table stays in storage (with its absences and turn timer) and is reloaded on
demand."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from handgame.server.settings import Settings
from handgame.server.table import Table


class Evictions:
    """The pending evictions: ``idle(table_id)`` says whether a table may go now (the caller
    of :meth:`schedule` knows it has no client), ``drop(table_id)`` lets it go (under its
    lock)."""

    def __init__(
        self,
        settings: Settings,
        lock: Callable[[str], asyncio.Lock],
        idle: Callable[[str], Table | None],
        drop: Callable[[str], None],
    ) -> None:
        """None pending."""
        self.settings = settings
        self.lock = lock
        self.idle = idle
        self.drop = drop
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.due: dict[str, float] = {}  # when (loop time)

    def __contains__(self, table_id: object) -> bool:
        """Whether a table has an eviction pending."""
        return table_id in self.tasks

    def schedule(self, table: Table) -> None:
        """Drop a table with no client after its delay (kept if the delay is None)."""
        delay = self.settings.evict_after if table.finished else self.settings.idle_after
        if delay is None:
            return
        due = asyncio.get_running_loop().time() + delay
        pending = self.tasks.get(table.id)
        if pending is not None and not pending.done():
            if self.due.get(table.id, due) <= due:
                return  # an eviction as early is pending
            pending.cancel()
        self.due[table.id] = due
        self.tasks[table.id] = asyncio.create_task(self._evict(table.id, delay))

    def forget(self, table_id: str) -> None:
        """Cancel a table's pending eviction."""
        self.due.pop(table_id, None)
        task = self.tasks.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _evict(self, table_id: str, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock(table_id):
            busy = self.idle(table_id)
            if busy is not None:  # still playing with nobody here: look again later
                self.tasks.pop(table_id, None)
                self.schedule(busy)
                return
            self.forget(table_id)
            self.drop(table_id)
