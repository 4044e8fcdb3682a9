"""What a table keeps beyond its steps, stored as it changes: its absent seats and running
turn timer (so that a restart gives an absent human no fresh timer), written with the next
group commit (:mod:`handgame.server.commits`), in order per table; and the cache of state
messages already made."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from handgame.core.game import MatchState
from handgame.server.protocol import Deadline, state_text, view_for
from handgame.server.storage import Timer
from handgame.server.table import Table
from handgame.server.viewtext import ViewTexts

log = logging.getLogger("handgame.server")

Snapshot = tuple[tuple[int, ...], Timer]

#: state messages kept made, for clients that catch up on the same versions
VIEW_CACHE = 2048


class PresenceWrites:
    """Stores each table's absent seats and timer when they change; ``write(table_id, away,
    timer)`` queues the storage write and gives the future of its commit."""

    def __init__(self, write: Callable[[str, list[int], Timer], asyncio.Future[None]]) -> None:
        """Nothing stored yet."""
        self.write = write
        self.saved: dict[str, Snapshot] = {}
        self.pending: dict[str, asyncio.Future[None]] = {}

    def loaded(self, table: Table, timer: Timer) -> None:
        """What a table loaded from storage (or just made) has stored."""
        self.saved[table.id] = (tuple(sorted(table.away)), timer)

    def save(self, table: Table, timer: Timer) -> None:
        """Store the table's absent seats and timer (as storage keeps it) if they changed (a
        failure is logged, and the next change stores them again)."""
        snapshot = (tuple(sorted(table.away)), timer)
        if self.saved.get(table.id) == snapshot:
            return
        self.saved[table.id] = snapshot
        future = self.write(table.id, list(snapshot[0]), timer)
        self.pending[table.id] = future
        future.add_done_callback(lambda done: self._written(table.id, snapshot, done))

    def _written(self, table_id: str, snapshot: Snapshot, future: asyncio.Future[None]) -> None:
        if self.pending.get(table_id) is future:
            del self.pending[table_id]
        error = None if future.cancelled() else future.exception()
        if future.cancelled() or error is not None:
            log.warning("table %s: absences and timer not stored: %s", table_id, error)
            if self.saved.get(table_id) == snapshot:
                del self.saved[table_id]

    def busy(self, table_id: str) -> bool:
        """Whether a write of the table is still waiting for its commit."""
        future = self.pending.get(table_id)
        return future is not None and not future.done()

    def forget(self, table_id: str) -> None:
        """A table left memory."""
        self.saved.pop(table_id, None)
        self.pending.pop(table_id, None)

    async def drain(self, timeout: float) -> None:
        """Wait for the writes still waiting (at shutdown)."""
        waiting = [f for f in self.pending.values() if not f.done()]
        if waiting:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.gather(*waiting, return_exceptions=True), timeout)


class ViewCache:
    """Views already encoded (their JSON text), by table, version and seat: a state message is
    its view's text with the fields around it (:func:`~handgame.server.protocol.state_text`),
    so a view is made and encoded once however many clients, catch-ups and timers it goes
    to."""

    def __init__(self, size: int = VIEW_CACHE) -> None:
        """An empty cache of ``size`` views at most."""
        self.size = size
        self.texts: OrderedDict[tuple[str, int, int | None], str] = OrderedDict()
        self.encoder = ViewTexts()  # each from the seat's previous view (issue 37)

    def text(
        self,
        table: str,
        version: int,
        state: MatchState,
        seat: int | None,
        resync: bool,
        deadline: Deadline | None,
        ended: dict[str, Any] | None = None,
    ) -> str:
        """The text of the state message of ``table`` at ``version`` for ``seat``."""
        key = (table, version, seat)
        view = self.texts.get(key)
        if view is None:
            view = self.encoder.encode(table, seat, view_for(state, seat))
            self.texts[key] = view
            if len(self.texts) > self.size:
                self.texts.popitem(last=False)
        return state_text(table, version, view, resync, deadline, None, ended)

    def forget(self, table: str) -> None:
        """Drop the texts of a table's views (the table was read again from the store: a view
        of the same version may say other names now, issue 40)."""
        for key in [k for k in self.texts if k[0] == table]:
            del self.texts[key]
