"""The lobby's list of open tables (issue 35): public rooms with free seats to join, and public
matches under way to watch (``GET /api/tables``), read from the database so that every
process of a cluster lists the same tables.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from handgame.server.room import Room

#: the unfinished tables read for the list (the newest), and the most listed of each kind
READ, LISTED = 1000, 100


class RoomIn(BaseModel):
    """A table's room: it waits for its host to start it; ``public`` lists it in the lobby;
    who may chat besides the players; who replaces a player who says no to playing again."""

    public: bool = False
    spectator_chat: Literal["apart", "off"] = "apart"
    decliners: Literal["bots", "wait"] = "bots"

    def made(self) -> Room:
        """The room of a new table."""
        return Room(
            public=self.public, spectator_chat=self.spectator_chat, decliners=self.decliners
        )


class ListedSeat(BaseModel):
    """A seat as the lobby lists it: ``open`` (free to take), ``human`` or ``bot``."""

    seat: int
    kind: str
    name: str | None
    bot: str | None


class ListedTable(BaseModel):
    """A public table: its rules, its seats, how many are free, waiting or under way."""

    table: str
    created_at: str
    preset: str
    options: dict[str, Any]
    partnership: bool
    seats: list[ListedSeat]
    free: int
    waiting: bool
    version: int
    turn_timeout: float | None = None
    ranked: bool = False  # a ranked table: account holders only (issue 40)


class LobbyOut(BaseModel):
    """The lobby's list: rooms waiting for players, and matches under way to watch."""

    waiting: list[ListedTable] = Field(default_factory=list)
    playing: list[ListedTable] = Field(default_factory=list)


def lobby_list(rows: list[tuple[str, datetime, dict[str, Any], int]]) -> LobbyOut:
    """The public tables among the unfinished ones (``Storage.unfinished_configs``)."""
    out = LobbyOut()
    for table_id, created_at, config, version in rows:
        room = config.get("room")
        if not isinstance(room, dict) or not room.get("public"):
            continue
        seats = [
            ListedSeat(
                seat=i,
                kind=s["kind"],
                name=None if s["kind"] == "open" else s.get("name"),
                bot=s.get("bot"),
            )
            for i, s in enumerate(config["seats"])
        ]
        waiting = bool(room.get("waiting")) and version == 0
        listed = ListedTable(
            table=table_id,
            created_at=created_at.isoformat(),
            preset=config["rules"]["preset"],
            options=dict(config["rules"].get("options", {})),
            partnership=bool(config.get("partnership")),
            seats=seats,
            free=sum(1 for s in seats if s.kind == "open"),
            waiting=waiting,
            version=version,
            turn_timeout=config.get("turn_timeout"),
            ranked=bool(config.get("ranked", False)),
        )
        group = out.waiting if waiting else out.playing
        if len(group) < LISTED:
            group.append(listed)
    return out
