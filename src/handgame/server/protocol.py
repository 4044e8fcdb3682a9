"""The WebSocket protocol's messages (docs/web-protocol.md): what the server sends and reads.

Every game view a client gets is made here, from the game protocol's ``view``: a seat's view
(:func:`seat_view`) or the public view (:func:`spectator_view`, ``view(None)``, which holds no
hand and no legal actions). No other code turns a state into a message.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from handgame.core.game import MatchState

PROTOCOL = "hand-web/1"

#: error codes a client may get (docs/web-protocol.md § Errors)
ERROR_CODES = (
    "malformed",
    "stale",
    "not_your_turn",
    "illegal",
    "not_held",
    "spectator",
    "too_large",
    "rate_limited",
    "unknown_table",
    "bad_token",
    "unavailable",  # the database does not answer: nothing was stored, try again
    "limit",  # a server limit is reached (connections, spectators): try again later
    "waiting",  # the table waits in its room: the match has not started (issue 35)
    "room",  # a room command that does not fit the table now (a seat not free…)
    "not_host",  # a room command only the host (its host token) may give
    "chat",  # a chat line refused (too long, unknown phrase, spectators' chat off)
    "reveals",  # a step of a preview that would show unseen cards: send it with the turn
    "account",  # a ranked table: log in to take a seat (issue 40)
    "not_your_seat",  # a ranked seat is its account's: the token with another session
)

#: the most steps one ``turn`` or ``preview`` message may hold
MAX_STEPS = 64


def seat_view(state: MatchState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of ``state``, as JSON."""
    out: dict[str, Any] = state.view(seat).to_json()
    return out


def spectator_view(state: MatchState) -> dict[str, Any]:
    """What anyone may see of ``state``: the game's public view (no hand, no legal actions)."""
    out: dict[str, Any] = state.view(None).to_json()
    return out


def view_for(state: MatchState, seat: int | None) -> dict[str, Any]:
    """The view of a seat, or the public view for a spectator (``seat`` None)."""
    return spectator_view(state) if seat is None else seat_view(state, seat)


@dataclass(frozen=True)
class Deadline:
    """A running turn timer: the human seat it is for, the version it started at, and when
    it runs out (epoch seconds)."""

    seat: int
    version: int
    at: float


def timer_fields(deadline: Deadline | None, now: float | None = None) -> dict[str, Any]:
    """The turn timer as a message carries it: ``turn_deadline`` (epoch seconds) and
    ``turn_remaining`` (seconds left when the message was made), both null with no timer."""
    if deadline is None:
        return {"turn_deadline": None, "turn_remaining": None}
    now = time.time() if now is None else now
    return {
        "turn_deadline": round(deadline.at, 3),
        "turn_remaining": round(max(0.0, deadline.at - now), 3),
    }


def state_message(
    table: str,
    version: int,
    state: MatchState,
    seat: int | None,
    resync: bool = False,
    deadline: Deadline | None = None,
    now: float | None = None,
    ended: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A ``state`` message: the table at ``version`` as ``seat`` (or a spectator) sees it, with
    the turn timer running at that version (``deadline``, None if none or an older version;
    its seconds left counted from ``now``, by default the time of the call); ``ended``: who
    ended the table at this version, and why (the table plays no more)."""
    out: dict[str, Any] = {
        "type": "state",
        "table": table,
        "version": version,
        "view": view_for(state, seat),
        **timer_fields(
            deadline if deadline is not None and deadline.version == version else None, now
        ),
    }
    if resync:
        out["resync"] = True
    if ended is not None:
        out["ended"] = {"by": ended.get("by"), "reason": ended.get("reason")}
    return out


def state_text(
    table: str,
    version: int,
    view: str,
    resync: bool = False,
    deadline: Deadline | None = None,
    now: float | None = None,
    ended: dict[str, Any] | None = None,
) -> str:
    """The text of :func:`state_message` (as ``json.dumps(..., ensure_ascii=False)`` writes
    it) around a view already encoded (``view``): a view is encoded once, whatever the
    timer's seconds left when each message is made."""
    running = deadline if deadline is not None and deadline.version == version else None
    timer = timer_fields(running, now)
    end = ""
    if ended is not None:
        shown = {"by": ended.get("by"), "reason": ended.get("reason")}
        end = f', "ended": {json.dumps(shown, ensure_ascii=False)}'
    return (
        f'{{"type": "state", "table": {json.dumps(table, ensure_ascii=False)}, '
        f'"version": {version}, "view": {view}, '
        f'"turn_deadline": {json.dumps(timer["turn_deadline"])}, '
        f'"turn_remaining": {json.dumps(timer["turn_remaining"])}'
        + (', "resync": true' if resync else "")
        + end
        + "}"
    )


def error_message(
    code: str,
    message: str,
    *,
    rules: tuple[str, ...] = (),
    cards: tuple[str, ...] = (),
    id: str | None = None,
    version: int,
    step: int | None = None,
) -> dict[str, Any]:
    """An ``error`` message (nothing changed at the table): its code, the engine's message (for
    a bug report), and what a page words it from: the rule ids and the cards it is about."""
    assert code in ERROR_CODES, code
    out: dict[str, Any] = {"type": "error", "code": code, "message": message, "version": version}
    if rules:
        out["rules"] = list(rules)
    if cards:
        out["cards"] = list(cards)
    if id is not None:
        out["id"] = id
    if step is not None:
        out["step"] = step
    return out


def preview_message(
    id: str | None, version: int, steps: int, view: dict[str, Any]
) -> dict[str, Any]:
    """A ``preview`` answer: the sender's own view after the ``steps`` it arranged (not stored,
    sent to no one else)."""
    return {"type": "preview", "id": id, "version": version, "steps": steps, "view": view}


def ack_message(id: str | None, version: int, duplicate: bool = False) -> dict[str, Any]:
    """An ``ack`` message: the sender's action is stored and applied at ``version``."""
    out: dict[str, Any] = {"type": "ack", "id": id, "version": version}
    if duplicate:
        out["duplicate"] = True
    return out


@dataclass(frozen=True)
class ClientMessage:
    """A message a client sent, read: its type and fields."""

    type: str  # "action" | "turn" | "preview" | "back" | "ping" | "sync" | "pause" | ...
    id: str | None = None
    version: Any = None
    action: Any = None
    actions: list[Any] | None = None  # a turn's steps ("turn", "preview")
    data: dict[str, Any] | None = None  # a room message's fields, as sent (ROOM_TYPES)


#: the messages of a table's room (issue 35): taking a seat, the host's commands, being ready,
#: chat and playing again; their fields are read by :mod:`handgame.server.rooms`
ROOM_TYPES = ("join", "room", "ready", "chat", "rematch")


class MalformedMessage(ValueError):
    """A client message that is not JSON or not one the protocol knows."""


def read_client_message(text: str) -> ClientMessage:
    """Read a client's text message; raises :class:`MalformedMessage`."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        raise MalformedMessage("a message is a JSON object") from None
    if not isinstance(obj, dict):
        raise MalformedMessage("a message is a JSON object with a type")
    try:
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, RecursionError, ValueError):  # a lone surrogate (\ud800)
        raise MalformedMessage("a message holds text only (no lone surrogates)") from None
    kind = obj.get("type")
    mid = obj.get("id")
    if mid is not None and (not isinstance(mid, str) or not 0 < len(mid) <= 128):
        raise MalformedMessage("id must be a string of 1 to 128 characters")
    if mid is not None and not mid.isprintable():  # e.g. NUL, which PostgreSQL cannot store
        raise MalformedMessage("id must hold printable characters only")
    if kind == "action":
        if "action" not in obj:
            raise MalformedMessage("an action message needs action (record notation)")
        return ClientMessage("action", mid, obj.get("version"), obj["action"])
    if kind in ("turn", "preview"):
        steps = obj.get("actions")
        if not isinstance(steps, list) or not 0 < len(steps) <= MAX_STEPS:
            raise MalformedMessage(
                f"a {kind} message needs actions: a list of 1 to {MAX_STEPS} actions"
            )
        return ClientMessage(kind, mid, obj.get("version"), actions=steps)
    if kind in ("back", "ping", "sync", "pause", "resume"):
        version = obj.get("version")
        if (
            kind == "sync"
            and version is not None
            and (not isinstance(version, int) or isinstance(version, bool))
        ):
            raise MalformedMessage("version must be a whole number")
        return ClientMessage(kind, mid, version)
    if kind in ROOM_TYPES:
        return ClientMessage(kind, mid, obj.get("version"), data=obj)
    raise MalformedMessage(
        f"unknown message type {kind!r}; send action, turn, preview, sync, back, ping, pause, "
        "resume, "
        "join, room, ready, chat or rematch"
    )
