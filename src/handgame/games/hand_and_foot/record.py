"""Hand and Foot records (RECORD.md § Hand and Foot): write one, read one, replay one.

``replay(obj)`` never raises: malformed input gives the replay answer with ``error`` set.
"""

from __future__ import annotations

from typing import Any

from handgame.core import record as core_record
from handgame.core.errors import (
    ActionError,
    DealError,
    IllegalAction,
    OptionError,
    Reason,
    RecordError,
)
from handgame.core.record import FORMAT, empty_answer, replay_answer
from handgame.core.record import error as replay_error
from handgame.games.hand_and_foot.actions import parse_action
from handgame.games.hand_and_foot.deal import Deal
from handgame.games.hand_and_foot.rounds import Phase, RoundLog
from handgame.games.hand_and_foot.rules import PRESET
from handgame.games.hand_and_foot.state import Game, State

_KNOWN_TOP = {"format", "rules", "players", "partnership", "names", "rounds"}


def _logs(state: State) -> list[RoundLog]:
    logs = list(state.log)
    rnd = state.round
    if rnd is not None and state.in_round:
        logs.append(RoundLog(rnd.dealer, rnd.deal, rnd.actions))
    return logs


def to_record(state: State, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record document of a match so far (finished rounds and the current one)."""
    game = state.game
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": {"preset": game.preset, "options": dict(game.options)},
        "players": game.players,
        "partnership": game.partnership,
        "names": list(game.names),
        "rounds": [
            {
                "dealer": log.dealer,
                "deal": log.deal.to_json(),
                "actions": [a.to_json() for a in log.actions],
            }
            for log in _logs(state)
        ],
    }
    for k, v in (extra or {}).items():
        out.setdefault(k, v)
    return out


def read_game(obj: Any) -> Game:
    """The game (rules, seats) of a record object; raises :class:`RecordError`. The number of
    seats is ``players``, else the option ``players``, else the first deal's, else 4."""
    preset, options = core_record.read_rules(obj, PRESET)
    players = obj.get("players")
    if players is None:
        players = options.get("players")
    if players is None:
        players = core_record.dealt_players(obj)
    if players is None:
        players = 4
    if not isinstance(players, int) or isinstance(players, bool):
        raise RecordError("players must be a whole number")
    if "partnership" in obj and not isinstance(obj["partnership"], bool):
        raise RecordError("partnership must be true or false")
    names = core_record.read_names(obj)
    if names is not None and len(names) != players:
        names = None
    try:
        return Game.create(str(preset), options, players, True, names)
    except OptionError as e:
        raise RecordError(str(e), rules=e.rules) from None


def _ended_reason(state: State) -> str:
    if state.phase is Phase.OVER:
        return Reason("the match is over (HF-12)", "HF-12")
    last = state.results[-1] if state.results else None
    if last is not None and last.went_out is not None:
        return Reason(
            f"the round has already ended: seat {last.went_out} went out (HF-10)", "HF-10"
        )
    return Reason("the round has already ended: the stock could not supply a draw (HF-13)", "HF-13")


def play_record(obj: Any) -> tuple[State | None, dict[str, Any] | None]:
    """Play a record through the engine: the final state and the first error (or None)."""
    try:
        game = read_game(obj)
        rounds = obj.get("rounds", [])
        if not isinstance(rounds, list):
            raise RecordError("rounds must be a list")
    except RecordError as e:
        return None, replay_error(None, None, str(e))
    state: State | None = None
    for r, raw_round in enumerate(rounds):
        try:
            dealer = core_record.round_dealer(raw_round, game.players)
            if state is None:
                state = game.new_match(dealer)
            over = Reason("the match was already over before this round (HF-12)", "HF-12")
            core_record.check_round_start(r, state, dealer, over, "HF-2")
        except RecordError as e:
            return state, replay_error(r, None, str(e))
        try:
            state = state.apply_deal(Deal.from_json(raw_round.get("deal")))
        except (DealError, IllegalAction) as e:
            return state, replay_error(r, None, str(e))
        actions = raw_round.get("actions", [])
        if not isinstance(actions, list):
            return state, replay_error(r, None, "actions must be a list")
        for k, raw in enumerate(actions):
            try:
                action = parse_action(raw)
                if not state.in_round:
                    raise IllegalAction(_ended_reason(state))
                state = state.apply(action)
            except (ActionError, IllegalAction) as e:
                return state, replay_error(r, k, str(e))
    if state is None:
        state = game.new_match(0)
    return state, None


def replay(obj: Any) -> dict[str, Any]:
    """Replay a record and give the RECORD.md answer; never raises on bad input."""
    return replay_answer(play_record, summary, obj)


def summary(state: State | None, error: dict[str, Any] | None = None) -> dict[str, Any]:
    """The replay answer of a state (RECORD.md § Hand and Foot)."""
    if state is None:
        return empty_answer(error)
    return {
        "rounds": [r.to_json() for r in state.results],
        "totals": list(state.totals),
        "team_totals": list(state.team_totals),
        "finished": state.is_over,
        "winner": state.winner if state.is_over else None,
        "error": error,
    }


__all__ = ["play_record", "read_game", "replay", "summary", "to_record"]
