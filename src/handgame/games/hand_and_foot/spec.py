"""Hand and Foot as the registry knows it: its names and the functions every front end calls."""

from __future__ import annotations

import random
from typing import Any

from handgame.core.actions import Action
from handgame.core.game import GameSpec, PresetInfo
from handgame.games.hand_and_foot import hints, text
from handgame.games.hand_and_foot.actions import parse_action
from handgame.games.hand_and_foot.bots import bots
from handgame.games.hand_and_foot.deal import Deal
from handgame.games.hand_and_foot.record import (
    play_record,
    read_game,
    replay,
    summary,
    to_record,
)
from handgame.games.hand_and_foot.rules import PRESET
from handgame.games.hand_and_foot.state import Game, State


def _describe(action: Action, view: Any, who: str) -> str:
    """An action as a log line (``view``: the viewer's view before it, for the pile's top)."""
    pile = tuple(view.discard_pile) if view is not None else ()
    return text.describe(action, pile, who)


def _hands(state: State) -> list[list[str]]:
    """Every seat's cards (the last round's, between rounds and after the match)."""
    rnd = state.round
    return [[str(c) for c in h] for h in rnd.hands] if rnd is not None else []


def _sample_state(view: Any, rng: random.Random) -> Any:
    """A whole state agreeing with ``view`` (the bots' determinization, imported on first use)."""
    from handgame.games.hand_and_foot.bots.determinize import sample_state

    return sample_state(view, rng)


GAME = GameSpec(
    name="hand-and-foot",
    title="Hand and Foot",
    aliases=("handandfoot", "hand_and_foot", "hf"),
    presets=(PRESET,),
    create=Game.create,
    parse_action=parse_action,
    parse_deal=Deal.from_json,
    to_record=to_record,
    play_record=play_record,
    replay=replay,
    describe=_describe,
    preset_info=(
        PresetInfo(
            PRESET,
            2,
            6,
            4,
            "teams of two, 5 decks + 10 jokers, a hand and a foot each, books of seven (HF-1)",
        ),
    ),
    read_game=read_game,
    summary=summary,
    hint=hints.hint,
    hint_kind=hints.hint_kind,
    out_of_turn_verbs=("answer",),
    turn_end_verbs=("discard",),
    bots=bots,
    hands=_hands,
    sample_state=_sample_state,
)
