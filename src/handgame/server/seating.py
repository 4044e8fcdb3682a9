"""A table's waiting room and its rematch, as data and rules (no I/O; issue 35).

A table made as a *room* waits at version 0, before its first deal, until its host starts it
(or every human seat is taken and ready): no deal, so no decision and no turn timer. Its seats
are humans holding a token, bots, or *open* seats that anyone with the room's link (or, for a
public room, anyone in the lobby) may take with a name. The host (the holder of the table's
host token) puts a bot in a seat, opens a seat again, swaps two seats (partners are chosen so:
in a partnership seats 1 and 3 play against 2 and 4), gives a seat a fresh link, chooses who
may chat, and cancels. A player's token follows the player: a seat moved keeps its token.

At the end of a match, *Play again* makes the same table a new match (:func:`rematch_seats`):
the same rules and seats, the first deal passing to the next seat (L-50, O-1, HF-2: the deal
passes on), starting once every human seat has said yes; those who say no are replaced by
bots or their seats wait open, as the host chose.

Each function here checks a command against the table and either changes the table or raises
:class:`RoomRefused`; the hub (:mod:`handgame.server.rooms`) stores and tells.
"""

from __future__ import annotations

import secrets
from typing import Any

from handgame.server.room import Room
from handgame.server.table import Seat, Table, token_hash

#: the longest name a player gives when taking a seat
MAX_NAME = 40


class RoomRefused(ValueError):
    """A room command that does not fit the table now (``code``: ``room`` or ``not_host``)."""

    def __init__(self, message: str, code: str = "room") -> None:
        """The refusal's code and message."""
        super().__init__(message)
        self.code = code


def fit_name(name: Any) -> str:
    """A player's name as given, trimmed; raises :class:`RoomRefused` when it is not a short
    line of printable text (no control or bidirectional-control character)."""
    if not isinstance(name, str) or not name.strip():
        raise RoomRefused("a name: 1 to 40 characters")
    given: str = name.strip()
    if len(given) > MAX_NAME or not printable(given):
        raise RoomRefused("a name: 1 to 40 printable characters")
    return given


#: what a name or a chat line may not hold: control characters (newlines too) and the
#: bidirectional controls that would reorder the text around it (as the API's names, issue 31)
UNFIT = frozenset(
    [
        *map(chr, range(0x20)),
        *map(chr, range(0x7F, 0xA0)),
        *("\u061c", "\u200e", "\u200f", "\ufeff", "\u2028", "\u2029"),
        *map(chr, range(0x202A, 0x202F)),
        *map(chr, range(0x2066, 0x206A)),
    ]
)


def printable(text: str) -> bool:
    """Whether ``text`` is one line with no control or bidirectional-control character."""
    return UNFIT.isdisjoint(text)


def waiting(table: Table) -> Room:
    """The table's room, which must be waiting (else :class:`RoomRefused`)."""
    room = table.room
    if room is None or not room.waiting or table.finished:
        raise RoomRefused("the match has started: the room is closed")
    return room


def seat_index(table: Table, seat: Any) -> int:
    """A seat number of the table, checked."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
        raise RoomRefused(f"seat: 0 to {len(table.seats) - 1}")
    return seat


def take_seat(
    table: Table, name: Any, seat: Any = None, account: tuple[int, str] | None = None
) -> tuple[int, str]:
    """Someone takes an open seat (the one asked, else the first): the seat and its new
    token (only its hash is kept). A seat taken by a logged-in account (id, name) is the
    account's (its match history, :mod:`.match_stats`); at a ranked table only an account
    takes a seat, one at most, under its account's name."""
    waiting(table)
    if table.ranked:
        if account is None:
            raise RoomRefused("a ranked table: log in to take a seat", "account")
        if any(s.account == account[0] for s in table.seats):
            raise RoomRefused("you hold a seat at this table already")
        name = account[1]
    name = fit_name(name)
    free = [i for i, s in enumerate(table.seats) if s.kind == "open"]
    if seat is None:
        if not free:
            raise RoomRefused("no seat is free")
        seat = free[0]
    seat = seat_index(table, seat)
    if seat not in free:
        raise RoomRefused(f"seat {seat + 1} is not free")
    token = secrets.token_urlsafe(24)
    owner = account[0] if account is not None else None
    set_seat(table, seat, Seat("human", name, None, token_hash(token), owner))
    return seat, token


def set_seat(table: Table, seat: int, new: Seat) -> None:
    """Replace one seat of a waiting table."""
    seats = list(table.seats)
    seats[seat] = new
    table.reseat(tuple(seats))
    assert table.room is not None
    table.room.ready.discard(seat)


def seat_bot(table: Table, seat: Any, bot: str) -> None:
    """The host puts a bot (a checked spec) in an open seat."""
    waiting(table)
    if table.ranked:
        raise RoomRefused("a ranked table seats no bot")
    seat = seat_index(table, seat)
    if table.seats[seat].kind != "open":
        raise RoomRefused(f"seat {seat + 1} is not free: open it first")
    set_seat(table, seat, Seat("bot", f"{bot.partition(':')[0]} {seat}", bot))


def open_seat(table: Table, seat: Any) -> None:
    """The host frees a seat (a bot's, or a player's who has gone: its token stops working)."""
    waiting(table)
    seat = seat_index(table, seat)
    set_seat(table, seat, Seat("open", f"seat {seat + 1}"))


def swap_seats(table: Table, a: Any, b: Any) -> None:
    """The host swaps two seats (whoever holds them, with their tokens)."""
    room = waiting(table)
    a, b = seat_index(table, a), seat_index(table, b)
    seats = list(table.seats)
    seats[a], seats[b] = seats[b], seats[a]
    table.reseat(tuple(seats))
    room.ready = {b if s == a else a if s == b else s for s in room.ready}


def new_link(table: Table, seat: Any) -> str:
    """The host gives a human seat a fresh token (its player did not come back, or the link
    went to the wrong person): the old token stops working. Any time, waiting or playing."""
    if table.ranked:
        raise RoomRefused("a ranked table's seat is its account's: no new link")
    seat = seat_index(table, seat)
    old = table.seats[seat]
    if old.kind != "human":
        raise RoomRefused(f"seat {seat + 1} is not a player's seat")
    token = secrets.token_urlsafe(24)
    seats = list(table.seats)
    seats[seat] = Seat("human", old.name, None, token_hash(token))
    table.seats = tuple(seats)
    return token


def set_ready(table: Table, seat: int, ready: bool) -> None:
    """A player is ready to start (or not any more)."""
    room = waiting(table)
    if ready:
        room.ready.add(seat)
    else:
        room.ready.discard(seat)


def can_start(table: Table) -> str | None:
    """Why the host cannot start the match now, or None."""
    room = table.room
    if room is None or not room.waiting or table.finished:
        return "the match has started"
    free = [i + 1 for i, s in enumerate(table.seats) if s.kind == "open"]
    if free:
        return f"seats {free} are free: someone takes them, or the host seats a bot"
    return None


def all_ready(table: Table) -> bool:
    """Every seat taken and every human ready: the match starts by itself."""
    room = table.room
    humans = {i for i, s in enumerate(table.seats) if s.kind == "human"}
    return can_start(table) is None and room is not None and humans <= room.ready


def rematch_seats(table: Table, decliners: str) -> tuple[Seat, ...]:
    """The seats of the rematch: each human who said yes keeps the seat and the token; one who
    said no (or said nothing) is replaced by a bot (``bots``) or leaves the seat open
    (``wait``); bots stay."""
    assert table.room is not None
    votes = table.room.votes
    seats: list[Seat] = []
    for i, s in enumerate(table.seats):
        if s.kind != "human" or votes.get(i):
            seats.append(s)
        elif decliners == "bots" and not table.ranked:  # a ranked table seats no bot
            seats.append(Seat("bot", f"{table.stand_in} {i}", table.stand_in))
        else:
            seats.append(Seat("open", f"seat {i + 1}"))
    return tuple(seats)


def vote(table: Table, seat: int, accept: bool) -> None:
    """A player says yes or no to playing again (the match over; once made, too late). A
    table made without a room gets one now (stored with the rematch)."""
    if not table.state.is_over or table.ended is not None:
        raise RoomRefused("play again: once the match is over")
    if table.room is None:
        table.room = Room(waiting=False)
    room = table.room
    if room.next is not None:
        raise RoomRefused("the next match is made already")
    room.votes[seat] = accept


def everyone_voted(table: Table) -> bool:
    """Every human seat has said yes or no."""
    assert table.room is not None
    humans = {i for i, s in enumerate(table.seats) if s.kind == "human"}
    return humans <= set(table.room.votes)
