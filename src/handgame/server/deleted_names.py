"""A deleted account's name leaves the tables still in play (issue 40): the database's copy of
each unfinished table's seats is renamed by :meth:`.accounts.Accounts.delete`
(:data:`.accounts.DELETED`); here the tables this process holds in memory are read again from
it, so that their views, seats, lobby entries and records say "deleted player" from now on, and
their clients get the table again at once (a resync). A finished table in memory is read again
too: its stored copy was renamed through its history row (``docs/accounts.md``: the games stay,
the name in them becomes "deleted player"), and its record says so at once."""

from __future__ import annotations

import logging

from handgame.server.hub import Hub
from handgame.server.table import Table

log = logging.getLogger(__name__)


async def rename_in_memory(hub: Hub, account_id: int) -> int:
    """Read again from storage every table in memory that has a seat of ``account_id`` (after
    its rename there) and send its clients the table as it is now; how many were renamed."""
    renamed = 0
    for table in list(hub.tables.values()):
        if not any(s.account == account_id for s in table.seats):
            continue
        async with hub.lock(table.id):
            stored = await hub.workers.db(hub.storage.load, table.id)
            if stored is None or stored.version != table.version:
                log.warning("table %s: a deleted account's seat not renamed in memory", table.id)
                continue
            fresh = await hub.workers.quick(Table.from_stored, stored, hub.settings.stand_in)
            # the same table object (its timers, drivers and clients hold it), its names new
            table.game, table.seats, table.state = fresh.game, fresh.seats, fresh.state
            table.history = fresh.history
            for key in [k for k in hub.views.texts if k[0] == table.id]:
                del hub.views.texts[key]  # no view with the old name is sent again
            for conn in hub.conns.get(table.id, ()):
                conn.put(hub.state_text(table, table.version, table.state, conn.seat, True))
            hub.send_presence(table)
            renamed += 1
    return renamed
