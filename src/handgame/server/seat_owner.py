"""Whose a seat is (issue 40): a seat taken by a signed-in account — a ranked seat, or an unranked
table's seat made or joined by a logged-in page — is played only with that account's session,
and its hint, advice and redacted record are that session's too; the seat's token alone is not
enough (a copied link does not play another player's seat). A guest's seat is its token's."""

from __future__ import annotations

from fastapi import HTTPException, Request

from handgame.server.account_routes import AccountService
from handgame.server.table import Table

#: the error code of a seat refused to another session (WebSocket close 4403, HTTP 403)
NOT_YOUR_SEAT = "not_your_seat"

#: what the refusal says
NOT_YOUR_SEAT_MESSAGE = (
    "this seat is a signed-in player's: log in as its account to play it (its link alone does not)"
)


def owned_elsewhere(table: Table, seat: int | None, account_id: int | None) -> bool:
    """Whether ``seat`` is an account's other than ``account_id`` (None: a guest's session)."""
    if seat is None:
        return False
    owner = table.seats[seat].account
    return owner is not None and owner != account_id


async def check_seat_session(
    table: Table, seat: int, service: AccountService, request: Request
) -> None:
    """Refuse (``403``, its detail ``not_your_seat: …``) a request for an account's seat
    without that account's session (its cookie)."""
    if table.seats[seat].account is None:
        return
    found = await service.current(request)
    if owned_elsewhere(table, seat, found.id if found is not None else None):
        raise HTTPException(403, f"{NOT_YOUR_SEAT}: {NOT_YOUR_SEAT_MESSAGE}")
