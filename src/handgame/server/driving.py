"""Each table's *driver* task: it plays the steps no human decides (deals, bots' moves and
claims, stand-ins for absent humans), with a pause before each turn's move so that people can
follow, and stops when a human is to decide (:meth:`TableDrivers.kick` starts it again).

A driver survives the database: a step that cannot be stored is logged and tried again, with a
pause that doubles up to ``Settings.retry_max``, until the database answers again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from handgame.server.settings import Settings
from handgame.server.table import Step, Table

log = logging.getLogger("handgame.server")


class TableDrivers:
    """The driver task of every table: ``move(table)`` computes a table's next automatic step
    (off the event loop), ``store(table, step)`` stores and sends it, and ``waiting(table)`` is
    called (under the table's lock) when a human is to decide."""

    def __init__(
        self,
        settings: Settings,
        lock: Callable[[str], asyncio.Lock],
        store: Callable[[Table, Step], Awaitable[None]],
        waiting: Callable[[Table], None],
        move: Callable[[Table], Awaitable[Step | None]],
    ) -> None:
        """No driver running; ``lock(table_id)`` is the lock of a table's changes."""
        self.settings = settings
        self.lock = lock
        self.store = store
        self.waiting = waiting
        self.move = move
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.failures = 0  # steps that could not be stored (each is tried again)

    def __contains__(self, table_id: object) -> bool:
        """Whether a table has a driver task here (running or done)."""
        return table_id in self.tasks

    def kick(self, table: Table) -> None:
        """Make sure the table's driver runs (it stops when a human is to decide)."""
        task = self.tasks.get(table.id)
        if task is None or task.done():
            self.tasks[table.id] = asyncio.create_task(self._drive(table))

    def drop(self, table_id: str) -> None:
        """Stop a table's driver, if it runs."""
        task = self.tasks.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _drive(self, table: Table) -> None:
        lock = self.lock(table.id)
        pause = 0.0  # the pause before retrying a step that could not be stored
        while True:
            await asyncio.sleep(pause or (self.settings.bot_delay if table.version else 0))
            async with lock:
                # deals and out-of-turn claims follow at once; a pause before each turn's move
                while True:
                    if table.finished or table.waiting:  # a room waits for its start
                        return
                    step = self.server_end(table)
                    if step is None:
                        try:
                            step = await self.move(table)
                        except Exception:
                            log.exception("table %s: its bots failed; the table ends", table.id)
                            step = table.end_step("server", "its bots failed")
                    if step is None:
                        self.waiting(table)
                        return
                    try:
                        await self.store(table, step)
                    except Exception as e:
                        self.failures += 1
                        pause = min(self.settings.retry_max, max(0.1, 2 * pause))
                        log.warning(
                            "table %s: step %d not stored (%s); trying again in %.1fs",
                            table.id,
                            step.stored.version,
                            e,
                            pause,
                        )
                        break
                    if pause:
                        log.warning("table %s: the database answers again; playing on", table.id)
                        pause = 0.0
                    if step.stored.kind == "action" and not step.state.is_chance:
                        break

    def server_end(self, table: Table) -> Step | None:
        """The step that ends a table at the server's caps, or None: ``max_versions`` steps,
        or ``max_deals`` deals (a match to a penalty limit, or with ties, might deal for ever:
        issue 31)."""
        most = self.settings.max_versions
        if table.version >= most - 1:
            log.warning("table %s: %d steps, the most a table plays; ended", table.id, most)
            return table.end_step("server", f"{most} steps, the most a table plays here")
        state = table.state
        if state.is_chance and state.deal_count >= self.settings.max_deals:
            deals = self.settings.max_deals
            log.warning("table %s: %d deals, the most a match plays here; ended", table.id, deals)
            return table.end_step("server", f"{deals} deals, the most a match plays here")
        return None
