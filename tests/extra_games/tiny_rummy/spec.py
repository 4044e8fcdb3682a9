"""Tiny rummy's records, words and ``GameSpec``: everything the package reaches it through."""

from __future__ import annotations

from typing import Any

from extra_games.tiny_rummy.engine import (
    PRESET,
    Deal,
    Draw,
    Game,
    Lay,
    State,
    parse_action,
)
from handgame.core import record as core_record
from handgame.core.errors import ActionError, DealError, IllegalAction, OptionError, RecordError
from handgame.core.game import GameSpec, PresetInfo
from handgame.core.words import Phrase, phrase


def to_record(state: State, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a match so far."""
    logs = list(state.log)
    if state.in_round and state.deal is not None:
        logs.append((state.dealer, state.deal, state.actions))
    game = state.game
    out: dict[str, Any] = {
        "format": core_record.FORMAT,
        "rules": {"preset": game.preset, "options": dict(game.options)},
        "players": game.players,
        "partnership": False,
        "names": list(game.names),
        "rounds": [
            {"dealer": d, "deal": deal.to_json(), "actions": [a.to_json() for a in actions]}
            for d, deal, actions in logs
        ],
    }
    for k, v in (extra or {}).items():
        out.setdefault(k, v)
    return out


def read_game(obj: Any) -> Game:
    """The game a record names; raises ``RecordError``."""
    preset, options = core_record.read_rules(obj, PRESET)
    players = obj.get("players", core_record.dealt_players(obj) or 2)
    names = core_record.read_names(obj)
    try:
        return Game.create(str(preset), options, players, False, names)
    except OptionError as e:
        raise RecordError(str(e)) from None


def play_record(obj: Any) -> tuple[State | None, dict[str, Any] | None]:
    """A record played through the engine: the final state and the first error."""
    error = core_record.error
    try:
        game = read_game(obj)
        rounds = obj.get("rounds", [])
        if not isinstance(rounds, list):
            raise RecordError("rounds must be a list")
    except RecordError as e:
        return None, error(None, None, str(e))
    state: State | None = None
    for r, rnd in enumerate(rounds):
        try:
            dealer = core_record.round_dealer(rnd, game.players)
            if state is None:
                state = game.new_match(dealer)
            core_record.check_round_start(r, state, dealer, "the match is over (T-9)", "T-2")
            state = state.apply_deal(Deal.from_json(rnd.get("deal")))
        except (RecordError, DealError, IllegalAction) as e:
            return state, error(r, None, str(e))
        for k, raw in enumerate(rnd.get("actions", [])):
            try:
                state = state.apply(parse_action(raw))
            except (ActionError, IllegalAction) as e:
                return state, error(r, k, str(e))
    return (state if state is not None else game.new_match(0)), None


def summary(state: State | None, error: dict[str, Any] | None = None) -> dict[str, Any]:
    """The replay answer of a state."""
    if state is None:
        return core_record.empty_answer(error)
    return {
        "rounds": list(state.results),
        "totals": list(state.totals),
        "team_totals": None,
        "finished": state.is_over,
        "winner": state.winner,
        "error": error,
    }


def replay(obj: Any) -> dict[str, Any]:
    """The replay answer of a record; never raises."""
    return core_record.replay_answer(play_record, summary, obj)


#: Tiny rummy's words: its action table and its words in English, Arabic and Persian
WORDS = {
    "actions": [
        {"verb": "draw", "value": "stock", "kind": "tiny_draw"},
        {"verb": "draw", "value": "discard", "kind": "tiny_take"},
        {"verb": "meld", "kind": "meld"},
        {"verb": "discard", "kind": "discard"},
    ],
    "en": {
        "act_tiny_draw": "{seat} drew from the stock",
        "do_tiny_draw": "draw from the stock",
        "act_tiny_take": "{seat} took {taken}",
        "do_tiny_take": "take {taken}",
        "hint_tiny_lay": "Lay the set {cards}.",
        "hint_tiny_draw": "Draw from the stock.",
        "hint_tiny_discard": "Discard {card}, your highest card.",
        "rule_T-1": "that is not a legal step now",
        "tiny_prompt_draw": "draw (d) or take (t)",
        "tiny_prompt_play": "lay a set (m), then discard (x)",
        "preset_tiny": "Tiny rummy",
    },
    "ar": {
        "act_tiny_draw": "{seat} سحب من الكومة",
        "do_tiny_draw": "اسحب من الكومة",
        "act_tiny_take": "{seat} أخذ {taken}",
        "do_tiny_take": "خذ {taken}",
        "hint_tiny_lay": "انزل المجموعة {cards}.",
        "hint_tiny_draw": "اسحب من الكومة.",
        "hint_tiny_discard": "ارمِ {card}، أعلى أوراقك.",
        "rule_T-1": "هذه الخطوة غير مسموحة الآن",
        "tiny_prompt_draw": "اسحب (d) أو خذ (t)",
        "tiny_prompt_play": "انزل مجموعة (m) ثم ارمِ (x)",
        "preset_tiny": "رمي صغير",
    },
    "fa": {
        "act_tiny_draw": "{seat} از کپه برداشت",
        "do_tiny_draw": "از کپه بردارید",
        "act_tiny_take": "{seat} {taken} را برداشت",
        "do_tiny_take": "{taken} را بردارید",
        "hint_tiny_lay": "دستهٔ {cards} را بگذارید.",
        "hint_tiny_draw": "از کپه بردارید.",
        "hint_tiny_discard": "{card}، بالاترین کارتتان، را دور بیندازید.",
        "rule_T-1": "این گام اکنون مجاز نیست",
        "tiny_prompt_draw": "بردارید (d) یا بگیرید (t)",
        "tiny_prompt_play": "یک دسته بگذارید (m)، سپس دور بیندازید (x)",
        "preset_tiny": "رامی کوچک",
    },
}


def hint(view: Any) -> list[Phrase]:
    """Advice from the view: lay a set when there is one, else the first legal step."""
    legal = list(view.legal_actions)
    if not legal:
        return [phrase("hint_not_turn")]
    lay = next((a for a in legal if isinstance(a, Lay)), None)
    if lay is not None:
        return [phrase("hint_tiny_lay", cards=lay.cards)]
    if isinstance(legal[0], Draw):
        return [phrase("hint_tiny_draw")]
    return [phrase("hint_tiny_discard", card=max(legal, key=lambda a: a.card.rank).card)]


GAME = GameSpec(
    name="tiny-rummy",
    title="Tiny rummy",
    aliases=("tiny-rummy-test",),
    presets=(PRESET,),
    create=Game.create,
    parse_action=parse_action,
    parse_deal=Deal.from_json,
    to_record=to_record,
    play_record=play_record,
    replay=replay,
    preset_info=(PresetInfo(PRESET, 2, 4, 2, "a test game: sets of three, 5 cards each"),),
    read_game=read_game,
    summary=summary,
    hint=hint,
    words=lambda: WORDS,
    turn_end_verbs=("discard",),
    hands=lambda state: [[str(c) for c in h] for h in state.hands],
)
