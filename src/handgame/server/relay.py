"""What goes between the processes of one site (:mod:`handgame.server.cluster`): the channels
of the bus, a turn timer as a message carries it, and a client of another process as a table's
owner answers it."""

from __future__ import annotations

import json
from typing import Any

from handgame.server.bus import Bus
from handgame.server.connection import encode
from handgame.server.protocol import Deadline


def to_owner(table_id: str) -> str:
    """The channel of a table's owner."""
    return f"hand:{table_id}:in"


def from_owner(table_id: str) -> str:
    """The channel a table's owner publishes on."""
    return f"hand:{table_id}:out"


def to_process(name: str) -> str:
    """The channel of one process."""
    return f"hand:p:{name}"


def timer_of(deadline: Deadline | None) -> list[Any] | None:
    """A turn timer as a bus message carries it."""
    return [deadline.seat, deadline.version, deadline.at] if deadline else None


def deadline_of(timer: Any) -> Deadline | None:
    """A turn timer from a bus message."""
    return Deadline(int(timer[0]), int(timer[1]), float(timer[2])) if timer else None


class RemoteSender:
    """A client of another process, as the table's owner sees it: answers go to its process."""

    def __init__(
        self,
        bus: Bus,
        origin: str,
        key: str,
        seat: int | None,
        account: tuple[int, str] | None = None,
    ) -> None:
        """The client ``key`` of process ``origin``, at ``seat``; ``account`` (id, name): the
        account its forwarded session belongs to, read by the owner from the database."""
        self.bus = bus
        self.origin = origin
        self.key = key
        self.seat = seat
        self.account = account

    def put(self, message: dict[str, Any] | str) -> None:
        """Send a message to the client, through its process."""
        text = message if isinstance(message, str) else encode(message)
        self.bus.publish(to_process(self.origin), {"kind": "to", "conn": self.key, "text": text})


def read_client_message_id(text: str) -> str | None:
    """The ``id`` of a server message's text (an ``ack`` or ``error`` answers one)."""
    obj = json.loads(text)
    ident = obj.get("id") if isinstance(obj, dict) else None
    return ident if isinstance(ident, str) else None
