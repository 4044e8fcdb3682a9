"""A deleted account's name leaves the tables still in play (issue 40): the database's copy of
each unfinished table's seats is renamed by :meth:`.accounts.Accounts.delete`
(:data:`.accounts.DELETED`); here the tables this process holds in memory are read again from
it, as a table whose write failed is (:mod:`.rereads`: the stored game, seats and steps become
the table's, its clients get the table again at once, a resync, and its seats), so that their
views, seats, lobby entries and records say "deleted player" from now on. A finished table in
memory is read again too: its stored copy was renamed through its history row
(``docs/accounts.md``: the games stay, the name in them becomes "deleted player"), and its
record says so at once. A table not in memory is renamed when it is next loaded (the store's
copy is)."""

from __future__ import annotations

import logging

from handgame.server.clients import Unavailable
from handgame.server.hub import Hub

log = logging.getLogger(__name__)


async def rename_in_memory(hub: Hub, account_id: int) -> int:
    """Read again from storage every table in memory that has a seat of ``account_id`` (after
    its rename there) and send its clients the table as it is now; how many were renamed (a
    table the database does not answer for stays to be read again before its next step)."""
    renamed = 0
    for table in list(hub.tables.values()):
        if not any(s.account == account_id for s in table.seats):
            continue
        async with hub.lock(table.id):
            if hub.tables.get(table.id) is not table:
                continue  # left memory meanwhile: renamed when it is loaded again
            hub.rereads.mark(table.id)
            try:
                await hub.rereads.settle(table)
            except Unavailable as e:
                log.warning("table %s: a deleted account's seat not renamed yet: %s", table.id, e)
                continue
            renamed += 1
    return renamed
