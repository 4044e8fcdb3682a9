"""The frames of a record for ``hand replay --show``: every state in order with the action that
led to it (None: a deal), read through the record's game (``read_game``, ``parse_deal``,
``parse_action``) — any registered game's record."""

from __future__ import annotations

from typing import Any

from handgame.core.errors import GameError
from handgame.core.game import GameSpec
from handgame.core.record import game_of

#: every state of a record with the action that led to it (None: a deal)
Frames = list[tuple[Any, Any]]


def replay_frames(obj: Any) -> tuple[GameSpec, Frames, str | None]:
    """The record's game, every state of the record in order with the action that led to it,
    and the record's error (its message, or None)."""
    spec = game_of(obj)
    _, error = spec.play_record(obj)
    message = error["message"] if error is not None else None
    try:
        game = spec.read_game(obj)
    except GameError:
        return spec, [], message
    frames: Frames = []
    state: Any = None
    rounds = obj.get("rounds") if isinstance(obj, dict) else None
    for rnd in rounds if isinstance(rounds, list) else []:
        try:
            if state is None:
                state = game.new_match(int(rnd["dealer"]))
            state = state.apply_deal(spec.parse_deal(rnd.get("deal")))
        except (GameError, ValueError, KeyError, TypeError):
            break
        frames.append((state, None))
        actions = rnd.get("actions", [])
        for raw in actions if isinstance(actions, list) else []:
            try:
                action = spec.parse_action(raw)
                state = state.apply(action)
            except (GameError, ValueError):
                return spec, frames, message
            frames.append((state, action))
    return spec, frames, message
