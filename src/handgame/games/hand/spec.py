"""Hand as the registry knows it: its names and the functions every front end calls."""

from __future__ import annotations

import random
from typing import Any

from handgame.core.game import GameSpec, PresetInfo, round_hands
from handgame.core.words import package_words
from handgame.games.hand import hints
from handgame.games.hand.actions import parse_action
from handgame.games.hand.batch import native_batch
from handgame.games.hand.bots import bots, levels
from handgame.games.hand.deal import Deal
from handgame.games.hand.meld_check import check_meld
from handgame.games.hand.record import play_record, read_game, replay, summary, to_record
from handgame.games.hand.rules import OPTION_SPECS, PRESETS
from handgame.games.hand.state import Game
from handgame.games.hand.view import seen_deal, table_view


def _sample_state(view: Any, rng: random.Random) -> Any:
    """A whole state agreeing with ``view`` (the bots' determinization, imported on first use)."""
    from handgame.games.hand.bots.determinize import sample_state

    return sample_state(view, rng)


GAME = GameSpec(
    name="hand",
    title="Hand (هند)",
    aliases=("hend", "hand-rummy"),
    presets=tuple(PRESETS),
    create=Game.create,
    parse_action=parse_action,
    parse_deal=Deal.from_json,
    to_record=to_record,
    play_record=play_record,
    replay=replay,
    preset_info=tuple(
        PresetInfo(
            p.name,
            p.min_players,
            p.max_players,
            p.default_players,
            p.summary,
            partnership_players=4,
            values=p.rules.options(),
        )
        for p in PRESETS.values()
    ),
    options=tuple(OPTION_SPECS.values()),
    check_meld=check_meld,
    read_game=read_game,
    summary=summary,
    hint=hints.hint,
    words=lambda: package_words("handgame.games.hand"),
    out_of_turn_verbs=("redeal",),
    turn_end_verbs=("discard",),
    arranged_verbs=("meld", "add", "swap"),
    bots=bots,
    levels=levels,
    default_level="hard",
    hands=round_hands,
    sample_state=_sample_state,
    table_view=table_view,
    native_batch=native_batch,
    seen_deal=seen_deal,
)
