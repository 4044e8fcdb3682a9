"""Turn timers: each human decision a table waits for has a deadline; when it runs out, the
seat is marked absent and a stand-in bot plays for it until its human is back.

A table has one timer at most, for the decision at its current version; a reconnection does
not reset it, and any step of the table stops it (the next human decision starts its own).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from handgame.server.protocol import Deadline
from handgame.server.settings import Settings
from handgame.server.table import Table

log = logging.getLogger("handgame.server")


class TurnTimers:
    """The running turn timer of every table; ``expired(table)`` is called (under the table's
    lock) once a timer has marked its seat absent."""

    def __init__(
        self,
        settings: Settings,
        lock: Callable[[str], asyncio.Lock],
        expired: Callable[[Table], None],
        changed: Callable[[Table], None] = lambda table: None,
    ) -> None:
        """No timer running; ``lock(table_id)`` is the lock of a table's changes;
        ``changed(table)`` is called when a table's timer or absent seats change (to store
        them, so that a restart keeps them)."""
        self.settings = settings
        self.lock = lock
        self.expired = expired
        self.changed = changed
        self.deadlines: dict[str, Deadline] = {}  # the running turn timers, by table
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def __contains__(self, table_id: object) -> bool:
        """Whether a table has a timer (its task or its deadline) here."""
        return table_id in self.tasks or table_id in self.deadlines

    def deadline(self, table_id: str) -> Deadline | None:
        """The running turn timer of a table, or None."""
        return self.deadlines.get(table_id)

    def arm(self, table: Table) -> None:
        """Start the turn timer of the human decision the table waits for, if it has none
        running yet; stop any other (the caller holds the table's lock)."""
        seat = table.waiting_for_human()
        timeout = self.settings.turn_timeout
        wanted = not (seat is None or seat in table.away or timeout is None or table.finished)
        running = self.deadlines.get(table.id)
        task = self.tasks.get(table.id)
        if (
            wanted
            and running is not None
            and (running.seat, running.version) == (seat, table.version)
            and task is not None
            and not task.done()
        ):
            return  # this decision's timer runs already (a reconnection does not reset it)
        self.drop(table.id)
        if wanted:
            assert seat is not None and timeout is not None
            self._start(table, Deadline(seat, table.version, time.time() + timeout))
        self.changed(table)

    def restore(self, table: Table, timer: tuple[int, int, float] | None) -> None:
        """Start again a timer stored before a restart, if it is still this table's decision
        (a restart does not give an absent human a fresh timer)."""
        if timer is None or self.settings.turn_timeout is None or table.finished:
            return
        seat, version, at = timer
        if (seat, version) == (table.waiting_for_human(), table.version) and seat not in table.away:
            self._start(table, Deadline(seat, version, at))

    def _start(self, table: Table, deadline: Deadline) -> None:
        self.deadlines[table.id] = deadline
        self.tasks[table.id] = asyncio.create_task(self._expire(table, deadline))

    def drop(self, table_id: str) -> None:
        """Stop a table's timer, if it has one."""
        old = self.tasks.pop(table_id, None)
        self.deadlines.pop(table_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()

    def clear(self) -> None:
        """Forget every timer (their tasks are stopped by the caller)."""
        self.tasks.clear()
        self.deadlines.clear()

    async def _expire(self, table: Table, deadline: Deadline) -> None:
        await asyncio.sleep(max(0.0, deadline.at - time.time()))
        async with self.lock(table.id):
            seat = deadline.seat
            if table.version != deadline.version or table.waiting_for_human() != seat:
                return
            if self.deadlines.get(table.id) is deadline:
                del self.deadlines[table.id]
            table.away.add(seat)
            self.changed(table)
            log.info(
                "table %s: seat %d ran out of time; %s plays for it", table.id, seat, table.stand_in
            )
            self.expired(table)
