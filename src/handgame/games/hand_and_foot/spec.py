"""Hand and Foot as the registry knows it: its names and the functions every front end calls."""

from __future__ import annotations

import random
from typing import Any

from handgame.core.game import GameSpec, PresetInfo, round_hands
from handgame.core.words import package_words
from handgame.games.hand_and_foot import hints
from handgame.games.hand_and_foot.actions import parse_action
from handgame.games.hand_and_foot.bots import bots, levels
from handgame.games.hand_and_foot.deal import Deal
from handgame.games.hand_and_foot.melds import check_meld
from handgame.games.hand_and_foot.record import (
    play_record,
    read_game,
    replay,
    summary,
    to_record,
)
from handgame.games.hand_and_foot.rules import OPTION_SPECS, PLAYER_COUNTS, PRESET, Rules
from handgame.games.hand_and_foot.state import Game
from handgame.games.hand_and_foot.view import seen_deal, table_view


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
    preset_info=(
        PresetInfo(
            PRESET,
            min(PLAYER_COUNTS),
            max(PLAYER_COUNTS),
            4,
            "teams of two, 5 decks + 10 jokers, a hand and a foot each, books of seven (HF-1)",
            player_counts=PLAYER_COUNTS,
            values=Rules().options(),
        ),
    ),
    options=tuple(OPTION_SPECS.values()),
    check_meld=check_meld,
    read_game=read_game,
    summary=summary,
    hint=hints.hint,
    words=lambda: package_words("handgame.games.hand_and_foot"),
    out_of_turn_verbs=("answer",),
    turn_end_verbs=("discard",),
    arranged_verbs=("meld", "add"),
    bots=bots,
    levels=levels,
    default_level="hard",
    hands=round_hands,
    sample_state=_sample_state,
    table_view=table_view,
    seen_deal=seen_deal,
)
