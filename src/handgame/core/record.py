"""The record envelope shared by every game: the format name, JSON text, and which game a
record is of (RECORD.md: ``rules.preset`` selects the game; ``hand-and-foot`` the second).

``replay(obj)`` and ``replay_text(text)`` never raise: malformed input gives the replay answer
with ``error`` set, by the game the record names (or the default game when it names none).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from handgame.core.errors import OptionError, RecordError
from handgame.core.game import GameSpec, MatchState
from handgame.core.registry import find_game, games

#: the format every record carries
FORMAT = "hand-record/1"


def dumps(record: dict[str, Any]) -> str:
    """A record as compact, readable JSON text (one line per action)."""
    return json.dumps(record, ensure_ascii=False, indent=1)


def error(round_index: int | None, action: int | None, message: str) -> dict[str, Any]:
    """The ``error`` of a replay answer: where (round, action index) and why."""
    return {"round": round_index, "action": action, "message": message}


S = TypeVar("S")

#: the fields a record has at least one of (RECORD.md); an object with none is not a record
RECORD_FIELDS = frozenset(("format", "rules", "players", "rounds"))


def read_rules(obj: Any, default_preset: str) -> tuple[Any, dict[str, Any]]:
    """The ``rules`` of a record object: its preset (``default_preset`` when it names none) and
    its option overrides; raises :class:`RecordError` (no object, another format, malformed
    rules)."""
    if not isinstance(obj, dict):
        raise RecordError("a record must be a JSON object")
    if not obj.keys() & RECORD_FIELDS:
        found = ", ".join(sorted(map(str, obj))[:5]) or "nothing"
        raise RecordError(
            f"this is not a game record: it has none of {', '.join(sorted(RECORD_FIELDS))} "
            f"(it has {found}); a {FORMAT} record is described in RECORD.md"
        )
    fmt = obj.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"unknown record format {fmt!r}; this engine reads {FORMAT!r}")
    rules = obj.get("rules", {"preset": default_preset})
    if not isinstance(rules, dict):
        raise RecordError("rules must be an object with preset and options")
    preset = rules.get("preset", default_preset)
    options = rules.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError("rules.options must be an object of option names and values")
    return preset, options


def dealt_players(obj: dict[str, Any]) -> int | None:
    """How many hands the first round of a record object deals, or None (no such deal)."""
    rounds = obj.get("rounds")
    if isinstance(rounds, list) and rounds:
        first = rounds[0]
        if isinstance(first, dict) and isinstance(first.get("deal"), dict):
            hands = first["deal"].get("hands")
            return len(hands) if isinstance(hands, list) else None
    return None


def read_names(obj: dict[str, Any]) -> list[str] | None:
    """The seats' ``names`` of a record object, or None; raises :class:`RecordError`."""
    names = obj.get("names")
    if names is not None and (
        not isinstance(names, list) or not all(isinstance(n, str) for n in names)
    ):
        raise RecordError("names must be a list of strings")
    return names


class RoundStart(MatchState, Protocol):
    """What a record's round is checked against: the match before the round's deal."""

    @property
    def dealer(self) -> int:
        """The seat that deals next."""
        ...


def round_dealer(rnd: Any, players: int) -> int:
    """The dealer of a record's round (an object with dealer, deal, actions); raises
    :class:`RecordError` when it is no object or its dealer no seat of ``players``."""
    if not isinstance(rnd, dict):
        raise RecordError("a round must be an object with dealer, deal, actions")
    dealer = rnd.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise RecordError(f"dealer must be a seat from 0 to {players - 1}")
    return dealer


def check_round_start(r: int, state: RoundStart, dealer: int, over: str, dealer_rule: str) -> None:
    """Check that round ``r`` of a record, dealt by ``dealer``, may begin in ``state``; raises
    :class:`RecordError` with ``over`` when the match is over, or citing ``dealer_rule`` when
    another seat deals."""
    if state.is_over:
        raise RecordError(over)
    if not state.is_chance:
        raise RecordError(f"round {r - 1} had not ended when this round began")
    if dealer != state.dealer:
        raise RecordError(
            f"seat {state.dealer} deals this round, not seat {dealer} ({dealer_rule})",
            rules=(dealer_rule,),
        )


def empty_answer(error_: dict[str, Any] | None) -> dict[str, Any]:
    """The replay answer when no state could be built (RECORD.md § Replaying)."""
    return {
        "rounds": [],
        "totals": [],
        "team_totals": None,
        "finished": False,
        "winner": None,
        "error": error_,
    }


def replay_answer(
    play: Callable[[Any], tuple[S | None, dict[str, Any] | None]],
    summary: Callable[[S | None, dict[str, Any] | None], dict[str, Any]],
    obj: Any,
) -> dict[str, Any]:
    """Play a record with a game's ``play`` and answer with its ``summary``; never raises."""
    try:
        state, found = play(obj)
    except RecursionError:  # pragma: no cover - pathological input
        state, found = None, error(None, None, "the record is too deeply nested")
    return summary(state, found)


def game_of(obj: Any) -> GameSpec:
    """The game a record object is of: its ``rules.preset``'s, else the default game."""
    rules = obj.get("rules") if isinstance(obj, dict) else None
    preset = rules.get("preset") if isinstance(rules, dict) else None
    if isinstance(preset, str):
        try:
            return find_game(preset)
        except OptionError:
            pass  # the default game's reader reports the unknown preset
    return games()[0]


def replay(obj: Any) -> dict[str, Any]:
    """Replay a record and give the RECORD.md answer; never raises on bad input."""
    rules = obj.get("rules") if isinstance(obj, dict) else None
    preset = rules.get("preset") if isinstance(rules, dict) else None
    if isinstance(preset, str):
        try:
            find_game(preset)
        except OptionError as e:  # an error in the record's rules: round and action null
            return games()[0].summary(None, error(None, None, str(e)))
    return game_of(obj).replay(obj)


def replay_text(text: str) -> dict[str, Any]:
    """Replay a record given as JSON text."""
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        return games()[0].summary(None, error(None, None, f"the record is not valid JSON: {e}"))
    return replay(obj)
