"""A table's room, as stored data: listed or not, who may chat, waiting or started, the
rematch (issue 35). The commands that change a room are :mod:`handgame.server.seating`; the hub
stores and tells them (:mod:`handgame.server.rooms`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: who may chat besides the players: spectators apart from the players, or not at all
SPECTATOR_CHAT = ("apart", "off")

#: what happens to the seats of the players who say no to a rematch (the host's choice)
DECLINERS = ("bots", "wait")


@dataclass
class Room:
    """A table's room: listed or not, who may chat, waiting or started, the rematch.

    ``ready`` and ``votes`` live in the memory of the process that drives the table (a restart
    asks again); the rest is stored with the table."""

    public: bool = False
    spectator_chat: str = "apart"
    waiting: bool = True
    decliners: str = "bots"
    rev: int = 0  # counts the stored changes (a replica reads the table again when it moves)
    next: str | None = None  # the rematch's table, once made
    previous: str | None = None  # the table this one is the rematch of
    ready: set[int] = field(default_factory=set)
    votes: dict[int, bool] = field(default_factory=dict)

    def to_config(self) -> dict[str, Any]:
        """The room as stored with its table."""
        return {
            "public": self.public,
            "spectator_chat": self.spectator_chat,
            "waiting": self.waiting,
            "decliners": self.decliners,
            "rev": self.rev,
            "next": self.next,
            "previous": self.previous,
        }

    @staticmethod
    def from_config(obj: dict[str, Any]) -> Room:
        """A room from its stored form."""
        return Room(
            public=bool(obj.get("public", False)),
            spectator_chat=str(obj.get("spectator_chat", "apart")),
            waiting=bool(obj.get("waiting", False)),
            decliners=str(obj.get("decliners", "bots")),
            rev=int(obj.get("rev", 0)),
            next=obj.get("next"),
            previous=obj.get("previous"),
        )


def room_info(room: Room | None) -> dict[str, Any] | None:
    """The room as every client sees it (``seats`` and ``welcome`` messages, the summary)."""
    if room is None:
        return None
    return {
        "waiting": room.waiting,
        "public": room.public,
        "spectator_chat": room.spectator_chat,
        "decliners": room.decliners,
        "ready": sorted(room.ready),
        "votes": {str(k): v for k, v in sorted(room.votes.items())},
        "next": room.next,
        "previous": room.previous,
        "rev": room.rev,
    }
