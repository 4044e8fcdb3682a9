"""A table's chat (issue 35): quick phrases, emoji and short lines of text, read and checked.

A quick phrase is a phrase as the engines' are (docs/web-protocol.md, *Words*): its ``kind``, a
key of the glossary (``chat_hello``, ``chat_well_played``…, worded in en/ar/fa by each front
end) and its parameters (``seat``: a seat, said as its name). An emoji is one of
:data:`EMOJI`. A text is one line of at most :data:`MAX_TEXT` printable characters, sent as it
was written: the page shows it as text, never as HTML. Nothing here is stored: chat is not
part of the game record.

Players' lines go to everyone at the table; spectators' go to the spectators only ("apart"),
or are refused ("off"), as the host chose (:attr:`handgame.server.room.Room.spectator_chat`).
"""

from __future__ import annotations

import time
from typing import Any

from handgame.server.room import Room
from handgame.server.seating import printable

#: the quick phrases (glossary keys) and the parameters each may carry
PHRASES: dict[str, tuple[str, ...]] = {
    "chat_hello": (),
    "chat_good_luck": (),
    "chat_well_played": ("seat",),
    "chat_thanks": (),
    "chat_sorry": (),
    "chat_one_moment": (),
    "chat_hurry": (),
    "chat_nice_one": (),
    "chat_good_game": (),
    "chat_again": (),
    "chat_bye": (),
}

#: the emoji a player may send alone
EMOJI = ("👋", "👍", "👏", "😀", "😂", "😮", "😢", "😡", "🎉", "🤝", "☕", "🔥")

#: the longest line of text, in characters
MAX_TEXT = 160

#: the longest name a spectator gives with a line
MAX_SPECTATOR_NAME = 24


class ChatRefused(ValueError):
    """A chat line that is not sent (its ``message`` says why)."""


def read_chat(data: dict[str, Any], players: int) -> dict[str, Any]:
    """What a chat message says (``phrase``, ``emoji`` or ``text``), checked; raises
    :class:`ChatRefused`."""
    said = [k for k in ("phrase", "emoji", "text") if data.get(k) is not None]
    if len(said) != 1:
        raise ChatRefused("a chat message holds one of phrase, emoji or text")
    kind = said[0]
    value = data[kind]
    if kind == "phrase":
        if not isinstance(value, dict) or value.get("kind") not in PHRASES:
            raise ChatRefused(f"phrase: one of {', '.join(PHRASES)}, as {{'kind': KEY}}")
        phrase: dict[str, Any] = {"kind": value["kind"]}
        for name in PHRASES[value["kind"]]:
            seat = value.get(name)
            if seat is None:
                continue
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
                raise ChatRefused(f"phrase: {name} is a seat, 0 to {players - 1}")
            phrase[name] = seat
        return {"phrase": phrase}
    if kind == "emoji":
        if value not in EMOJI:
            raise ChatRefused(f"emoji: one of {' '.join(EMOJI)}")
        return {"emoji": value}
    if not isinstance(value, str) or not value.strip():
        raise ChatRefused("text: a line of 1 to 160 characters")
    value = value.strip()
    if len(value) > MAX_TEXT:
        raise ChatRefused(f"text: at most {MAX_TEXT} characters")
    if not printable(value):
        raise ChatRefused("text: one line of printable characters (no control characters)")
    return {"text": value}


def spectator_name(data: dict[str, Any]) -> str | None:
    """The name a spectator gives with a line (checked), or None."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    name = name.strip()[:MAX_SPECTATOR_NAME]
    return name if printable(name) else None


def chat_message(
    data: dict[str, Any],
    seat: int | None,
    name: str | None,
    room: Room | None,
    players: int,
    version: int,
) -> tuple[dict[str, Any], bool]:
    """The ``chat`` message a line makes, and whether it goes to the spectators only; raises
    :class:`ChatRefused` (a spectator's line when the host turned spectators' chat off)."""
    spectators_only = seat is None
    if spectators_only and room is not None and room.spectator_chat == "off":
        raise ChatRefused("the host turned the spectators' chat off")
    said = read_chat(data, players)
    message: dict[str, Any] = {
        "type": "chat",
        "seat": seat,
        "name": name,
        "spectator": spectators_only,
        **said,
        "at": round(time.time(), 3),
        "version": version,
    }
    return message, spectators_only
