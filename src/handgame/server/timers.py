"""Turn timers: each human decision a table waits for has a deadline; when it runs out, the
seat is marked absent and a stand-in bot plays for it until its human is back.

A table has one timer at most, for the decision at its current version; a reconnection does
not reset it, and any step of the table stops it (the next human decision starts its own).
A decision's timer runs once: once it has run out, the stand-in plays that decision even if
its human is back first (``back``, a reconnection), so that no player can hold a table by
coming back just before each expiry (issue 31); the human's next decision has a full timer.
A table's own turn timer (the lobby's setting, :meth:`Table.timeout`) wins over the server's.
A decision's timer runs from the time of the step that made it (``StoredStep.at``), so a
restarted server derives it from the stored steps: only a timer that does not run from its
step (a human back from absence, a held one) is stored for itself (:meth:`TurnTimers.stored`).

While a seat reads a round or match summary (the client says ``pause``, then ``resume``), its
timer is held: a decision of that seat waits with its seconds left and no countdown, for
``Settings.summary_hold`` seconds at most in all (pausing again does not add to it); then it
runs again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from handgame.server.protocol import Deadline
from handgame.server.settings import Settings
from handgame.server.storage import FROM_STEPS, Timer
from handgame.server.table import Table

log = logging.getLogger("handgame.server")


class TurnTimers:
    """The running turn timer of every table; ``expired(table)`` is called (under the table's
    lock) once a timer has marked its seat absent, or once a held timer runs again."""

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
        # the seats reading a summary, by table: until when (epoch seconds) they hold a timer
        self.holds: dict[str, dict[int, float]] = {}
        # the held timers, by table: the seat, the version and the seconds left
        self.paused: dict[str, tuple[int, int, float]] = {}
        # by table, the decision last held and until when it may be (one summary_hold in all,
        # however often its seat pauses and resumes)
        self.budgets: dict[str, tuple[int, int, float]] = {}

    def __contains__(self, table_id: object) -> bool:
        """Whether a table has a timer (its task or its deadline) here."""
        return table_id in self.tasks or table_id in self.deadlines

    def deadline(self, table_id: str) -> Deadline | None:
        """The running turn timer of a table, or None (none, or held)."""
        return self.deadlines.get(table_id)

    def arm(self, table: Table, start: float | None = None) -> None:
        """Start the turn timer of the human decision the table waits for, if it has none
        running yet (held, if its seat reads a summary), from ``start`` (epoch seconds; the
        time of the step that made the decision) or now; stop any other (the caller holds the
        table's lock)."""
        seat = table.waiting_for_human()
        timeout = table.timeout(self.settings.turn_timeout)
        forfeited = seat is not None and table.forfeited == (seat, table.version)
        wanted = not (
            seat is None or seat in table.away or timeout is None or table.finished or forfeited
        )
        running = self.deadlines.get(table.id)
        task = self.tasks.get(table.id)
        alive = task is not None and not task.done()
        if (
            wanted
            and alive
            and running is not None
            and (running.seat, running.version)
            == (
                seat,
                table.version,
            )
        ):
            return  # this decision's timer runs already (a reconnection does not reset it)
        paused = self.paused.get(table.id)
        if wanted and alive and paused is not None and paused[:2] == (seat, table.version):
            return  # held for this decision already
        self.drop(table.id)
        if wanted:
            assert seat is not None and timeout is not None
            until = self._hold_until(table.id, seat)
            if until is not None:
                until = min(until, self._budget(table.id, seat, table.version))
            if until is not None and until > time.time():
                self._pause(table, seat, table.version, timeout, until)
            else:
                begun = time.time() if start is None else start
                self._start(table, Deadline(seat, table.version, begun + timeout))
        self.changed(table)

    def derived(self, table: Table) -> Deadline | None:
        """The timer of the decision the table waits for as its last step's time gives it
        (None: no human decision with a timer, or no step time)."""
        seat = table.waiting_for_human()
        timeout = table.timeout(self.settings.turn_timeout)
        if seat is None or seat in table.away or timeout is None or table.finished:
            return None
        if table.stepped_at is None:
            return None
        return Deadline(seat, table.version, table.stepped_at + timeout)

    def stored(self, table: Table) -> Timer:
        """The turn timer as storage keeps it: ``FROM_STEPS`` when the stored steps give it
        (or give none, as none runs), else the running timer, or None while one is held (a
        restart then gives its seat a fresh one)."""
        running = self.deadlines.get(table.id)
        if running is None:
            return None if table.id in self.paused else FROM_STEPS
        if running == self.derived(table):
            return FROM_STEPS
        return (running.seat, running.version, running.at)

    def hold(self, table: Table, seat: int, reading: bool) -> None:
        """A seat opened (``reading``) or closed its summary: its timer is held meanwhile, for
        ``Settings.summary_hold`` seconds at most (the caller holds the table's lock)."""
        seats = self.holds.setdefault(table.id, {})
        if reading:
            until = time.time() + self.settings.summary_hold
            seats[seat] = until
            running = self.deadlines.get(table.id)
            if running is not None and running.seat == seat:
                until = min(until, self._budget(table.id, seat, running.version))
                if until > time.time():
                    self.drop(table.id)
                    left = max(0.0, running.at - time.time())
                    self._pause(table, seat, running.version, left, until)
        else:
            seats.pop(seat, None)
            if not seats:
                self.holds.pop(table.id, None)
            self._resume(table)
        self.changed(table)

    def _budget(self, table_id: str, seat: int, version: int) -> float:
        """Until when a decision may be held: ``summary_hold`` after it was first held."""
        known = self.budgets.get(table_id)
        if known is not None and known[:2] == (seat, version):
            return known[2]
        until = time.time() + self.settings.summary_hold
        self.budgets[table_id] = (seat, version, until)
        return until

    def _hold_until(self, table_id: str, seat: int) -> float | None:
        until = self.holds.get(table_id, {}).get(seat)
        return until if until is not None and until > time.time() else None

    def _pause(self, table: Table, seat: int, version: int, left: float, until: float) -> None:
        self.paused[table.id] = (seat, version, left)
        self.tasks[table.id] = asyncio.create_task(self._hold_ends(table, seat, until))

    def _resume(self, table: Table) -> None:
        """A held timer runs again, with its seconds left, if its decision still waits."""
        paused = self.paused.get(table.id)
        if paused is None:
            return
        self.drop(table.id)
        seat, version, left = paused
        if (seat, version) == (table.waiting_for_human(), table.version) and not (
            seat in table.away or table.finished
        ):
            self._start(table, Deadline(seat, version, time.time() + left))

    async def _hold_ends(self, table: Table, seat: int, until: float) -> None:
        await asyncio.sleep(max(0.0, until - time.time()))
        async with self.lock(table.id):
            if self.tasks.get(table.id) is not asyncio.current_task():
                return
            self.holds.get(table.id, {}).pop(seat, None)
            self._resume(table)
            self.changed(table)
            self.expired(table)  # the clients get the timer running again

    def restore(self, table: Table, timer: Timer) -> None:
        """Start again a timer stored before a restart (or derived from the stored steps), if
        it is still this table's decision (a restart does not give an absent human a fresh
        timer)."""
        deadline = self.resolve(table, timer)
        if deadline is not None:
            self._start(table, deadline)

    def resolve(self, table: Table, timer: Timer) -> Deadline | None:
        """The running timer a stored one stands for, if it is still this table's decision."""
        if timer == FROM_STEPS:
            return self.derived(table)
        if not isinstance(timer, tuple):
            return None
        if table.timeout(self.settings.turn_timeout) is None or table.finished:
            return None
        seat, version, at = timer
        if (seat, version) == (table.waiting_for_human(), table.version) and seat not in table.away:
            return Deadline(seat, version, at)
        return None

    def _start(self, table: Table, deadline: Deadline) -> None:
        self.deadlines[table.id] = deadline
        self.tasks[table.id] = asyncio.create_task(self._expire(table, deadline))

    def drop(self, table_id: str) -> None:
        """Stop a table's timer (running or held), if it has one."""
        old = self.tasks.pop(table_id, None)
        self.deadlines.pop(table_id, None)
        self.paused.pop(table_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()

    def forget(self, table_id: str) -> None:
        """A table left memory: its timer and its seats' holds."""
        self.drop(table_id)
        self.holds.pop(table_id, None)
        self.budgets.pop(table_id, None)

    def clear(self) -> None:
        """Forget every timer (their tasks are stopped by the caller)."""
        self.tasks.clear()
        self.deadlines.clear()
        self.paused.clear()
        self.holds.clear()
        self.budgets.clear()

    async def _expire(self, table: Table, deadline: Deadline) -> None:
        await asyncio.sleep(max(0.0, deadline.at - time.time()))
        async with self.lock(table.id):
            seat = deadline.seat
            if table.version != deadline.version or table.waiting_for_human() != seat:
                return
            if self.deadlines.get(table.id) is deadline:
                del self.deadlines[table.id]
            table.away.add(seat)
            table.forfeited = (seat, deadline.version)  # the stand-in plays this decision
            self.changed(table)
            log.info(
                "table %s: seat %d ran out of time; %s plays for it", table.id, seat, table.stand_in
            )
            self.expired(table)
