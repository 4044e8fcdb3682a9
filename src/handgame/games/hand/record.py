"""Game records (``hand-record/1``, RECORD.md): write one for any game, read one, replay one.

``replay(obj)`` never raises: malformed input gives the replay answer with ``error`` set.
Fields of a record that the engine does not know are kept by ``Record``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from handgame.core import record as core_record
from handgame.core.errors import (
    ActionError,
    CardError,
    DealError,
    IllegalAction,
    OptionError,
    Reason,
    RecordError,
    TurnCannotFinish,
)
from handgame.core.record import FORMAT, dumps, empty_answer, replay_answer
from handgame.core.record import error as replay_error
from handgame.games.hand.actions import Action, parse_action
from handgame.games.hand.deal import Deal
from handgame.games.hand.dealing import start_round_log
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import Game, State
from handgame.games.hand.turn import step

_KNOWN_TOP = {"format", "rules", "players", "partnership", "names", "rounds"}
_KNOWN_ROUND = {"dealer", "deal", "actions"}


@dataclass
class Record:
    """A parsed record: the game, each round's dealer, deal and raw actions, unknown fields."""

    game: Game
    rounds: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object, unknown fields included."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "rules": {"preset": self.game.preset, "options": dict(self.game.options)},
            "players": self.game.players,
            "partnership": self.game.partnership,
            "names": list(self.game.names),
            "rounds": self.rounds,
        }
        for k, v in self.extra.items():
            out.setdefault(k, v)
        return out


def to_record(state: State, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``hand-record/1`` document of a match so far (finished rounds and the current one)."""
    logs = list(state.log)
    if state.round is not None and state.phase not in (Phase.DEAL, Phase.OVER):
        logs = list(start_round_log(state))
    rounds = [
        {
            "dealer": log.dealer,
            "deal": log.deal.to_json(),
            "actions": [a.to_json() for a in log.actions],
        }
        for log in logs
    ]
    return Record(state.game, rounds, dict(extra or {})).to_json()


def read_game(obj: Any) -> Game:
    """The game (rules, seats, partnership) of a record object; raises :class:`RecordError`."""
    preset, options = core_record.read_rules(obj, "levant")
    players = obj.get("players")
    if players is None:
        players = core_record.dealt_players(obj)
    partnership = obj.get("partnership", False)
    if not isinstance(partnership, bool):
        raise RecordError("partnership must be true or false")
    names = core_record.read_names(obj)
    if players is None:
        raise RecordError("players is missing, and the record has no first deal to count the seats")
    if not isinstance(players, int) or isinstance(players, bool):
        raise RecordError("players must be a whole number")
    if names is not None and len(names) != players:
        names = None
    try:
        return Game.create(str(preset), options, players, partnership, names)
    except OptionError as e:
        raise RecordError(str(e), rules=e.rules) from None


def read_record(obj: Any) -> Record:
    """Parse a record object (without playing it); raises :class:`RecordError`."""
    game = read_game(obj)
    rounds = obj.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    extra = {k: v for k, v in obj.items() if k not in _KNOWN_TOP}
    return Record(game, list(rounds), extra)


def play_record(obj: Any) -> tuple[State | None, dict[str, Any] | None]:
    """Play a record through the engine: the final state and the first error (or None)."""
    try:
        record = read_record(obj)
    except RecordError as e:
        return None, replay_error(None, None, str(e))
    game = record.game
    state: State | None = None
    for r, rnd in enumerate(record.rounds):
        rule = "O-1" if game.rules.dealer == "rotate" else "L-50"
        try:
            dealer = core_record.round_dealer(rnd, game.players)
            if state is None:
                state = game.new_match(dealer)
            core_record.check_round_start(
                r, state, dealer, "the match was already over before this round", rule
            )
        except RecordError as e:
            return state, replay_error(r, None, str(e))
        try:
            deal = Deal.from_json(rnd.get("deal"))
            state = state.apply_deal(deal)
        except (DealError, IllegalAction, CardError) as e:
            return state, replay_error(r, None, str(e))
        actions = rnd.get("actions", [])
        if not isinstance(actions, list):
            return state, replay_error(r, None, "actions must be a list")
        deferred: tuple[int, str] | None = None  # a step after which the turn cannot finish
        for k, raw in enumerate(actions):
            try:
                action: Action = parse_action(raw)
                if state.phase is Phase.DEAL or state.phase is Phase.OVER:
                    raise IllegalAction(_ended_reason(state))
                if deferred is not None:
                    state = cast(State, step(state, action))  # play the turn on to its discard
                    if state.phase is not Phase.PLAY:
                        return state, replay_error(r, deferred[0], deferred[1])
                    continue
                state = state.apply(action)
            except TurnCannotFinish as e:
                deferred = (k, str(e))
                state = cast(State, step(state, action))
            except (ActionError, IllegalAction, ValueError) as e:
                return state, replay_error(r, k, str(e))
        if deferred is not None:
            return state, replay_error(r, deferred[0], deferred[1])
    if state is None:
        state = game.new_match(0)
    return state, None


def _ended_reason(state: State) -> str:
    if state.phase is Phase.OVER:
        return Reason("the match is over (L-90, L-93, G-9, F-10)", "L-90", "L-93", "G-9", "F-10")
    last = state.results[-1] if state.results else None
    if last is not None and last.result == "won":
        return Reason(
            "the round has already ended: it ends at once when a player goes out (L-80)", "L-80"
        )
    if last is not None and last.reason == "redeal":
        return Reason("the round has already ended with a redeal (L-52)", "L-52")
    return Reason("the round has already ended: the stock ran out (L-81, O-9)", "L-81", "O-9")


def replay(obj: Any) -> dict[str, Any]:
    """Replay a record and give the RECORD.md answer; never raises on bad input."""
    return replay_answer(play_record, summary, obj)


def summary(state: State | None, error: dict[str, Any] | None = None) -> dict[str, Any]:
    """The replay answer of a state (RECORD.md § Replaying)."""
    if state is None:
        return empty_answer(error)
    team = state.team_totals()
    return {
        "rounds": [r.to_json() for r in state.results],
        "totals": list(state.totals),
        "team_totals": list(team) if team is not None else None,
        "finished": state.phase is Phase.OVER,
        "winner": state.winner,
        "error": error,
    }


__all__ = [
    "FORMAT",
    "Record",
    "dumps",
    "play_record",
    "read_game",
    "read_record",
    "replay",
    "summary",
    "to_record",
]
