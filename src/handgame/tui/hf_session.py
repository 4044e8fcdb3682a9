"""The game behind ``hand play --rules hand-and-foot``: seats, bots, the log, the record.

Nothing here imports Textual: the full-screen app (:mod:`handgame.tui.hf_app`) and the
plain-text game (:mod:`handgame.cli.hf_textplay`) both play through a :class:`Session`. The
game is reached through its :class:`~handgame.core.game.GameSpec` (``describe``, ``hint``,
``to_record``, ``play_record``) and the one match driver; a person's action is applied at once
(an :class:`~handgame.core.errors.IllegalAction` names the broken HF rule and changes nothing).
The partner's answer to "may I go out?" (HF-10) is a required out-of-turn decision: the
session waits for it (``answer``) when the partner is a person, and a bot gives it otherwise.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from handgame.core.actions import Action
from handgame.core.cards import Card
from handgame.core.errors import IllegalAction, RecordError
from handgame.core.game import GameSpec
from handgame.core.record import game_of
from handgame.core.registry import find_game
from handgame.games.hand_and_foot.state import Game, State
from handgame.games.hand_and_foot.view import PlayerView
from handgame.tui.hf_render import winner_text
from handgame.tui.session_base import HUMAN as HUMAN  # re-exported: the seat of a person
from handgame.tui.session_base import SeatedSession, Waiting, resumed_seats
from handgame.tui.session_base import read_json as read_json  # re-exported


def faces(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as faces separated by spaces."""
    return " ".join(c.symbol() for c in cards)


class Session(SeatedSession[Game, State]):
    """One Hand and Foot match: the state, who plays each seat, the log and the record."""

    person_kinds = ("human", "answer")

    def setup(self) -> None:
        """The game's functions (``describe``, ``hint``, ``to_record``)."""
        self.spec: GameSpec = find_game(self.game.preset)

    def view(self) -> PlayerView:
        """The viewer's view."""
        return self.state.view(self.viewer())

    def waiting(self) -> Waiting:
        """What happens next: ``answer`` is a person's answer to the partner's question (HF-10)."""
        between = self.between_turns()
        if between is not None:
            return between
        d = self.driver.decision(self.state)
        assert d.seat is not None
        if self.seats[d.seat] != HUMAN:
            return Waiting("bot", d.seat)
        return Waiting("answer" if d.kind == "offer" else "human", d.seat)

    # -------------------------------------------------------------------- steps
    def deal(self) -> None:
        """Deal the next round (seeded by the match seed and the deal's number)."""
        self.state = self.state.apply_deal(self.driver.deal(self.state))
        number = len(self.state.results) + 1
        self.log.append(f"— round {number}: minimum {self.state.rules.minimum(number - 1)}")
        self._log_table(None, self.state)
        self.save()

    def bot_step(self) -> Action:
        """The action of the bot to decide (its turn, or its answer to its partner, HF-10); it
        sees only its seat's view. Not applied."""
        step = self.driver.auto(self.state)
        if step is None or step[0] != "action":
            raise IllegalAction("no bot is to decide now")
        action: Action = step[1]
        return action

    def act(self, action: Action) -> None:
        """A person's action, applied at once; raises :class:`IllegalAction` (nothing changes)."""
        if self.seats[action.seat] != HUMAN:
            raise IllegalAction(f"seat {action.seat} is not played here")
        self.last_human = action.seat
        self.commit(action)

    def commit(self, action: Action) -> None:
        """Apply an action, log it (and what followed by itself: red threes, a foot picked up,
        the round's end) and save the record."""
        before = self.state
        viewer = self.viewer()
        seen = before.view(action.seat)
        self.state = before.apply(action)
        self.log.append(self.spec.describe(action, seen, self.name(action.seat)))
        one_person = len(self.humans) == 1
        if action.verb in ("draw", "take") and action.seat == viewer and one_person:
            old = Counter(before.view(viewer).hand)
            new = Counter(self.state.view(viewer).hand) - old
            self.log[-1] += ": " + faces(sorted(new.elements()))
        self._log_table(before, self.state)
        if len(self.state.results) > len(before.results):
            self.log.append(self.result_line(self.state.results[-1].to_json()))
        self.save()

    def _log_table(self, before: State | None, after: State) -> None:
        """Log the red threes laid (HF-3) and the feet picked up (HF-9) since ``before``."""
        if not after.in_round:
            return
        now = after.view(None)
        was = before.view(None) if before is not None and before.in_round else None
        for s in range(now.players):
            old = len(was.red_threes[s]) if was is not None else 0
            laid = now.red_threes[s][old:]
            if laid:
                self.log.append(f"{self.name(s)} laid {faces(laid)} (red threes, HF-3)")
            if now.feet_picked[s] and (was is None or not was.feet_picked[s]):
                self.log.append(f"{self.name(s)} picked up their foot (HF-9)")

    def result_line(self, result: dict[str, Any]) -> str:
        """A round's end in one line (HF-10, HF-13)."""
        scores = ", ".join(str(s) for s in result["scores"])
        if result["result"] == "out" and result["went_out"] is not None:
            return f"round over: {self.name(result['went_out'])} went out; scores {scores}"
        return f"round over: the stock ran out (HF-13); scores {scores}"

    def winner(self) -> str:
        """The match's winners, or a draw (HF-12)."""
        return winner_text(self.state.view(None), self.state.winner, "en")

    # -------------------------------------------------------------------- hints, record
    def hint(self, seat: int) -> list[str]:
        """Advice for ``seat`` from its view only."""
        return self.spec.hint(self.state.view(seat))

    def record_json(self) -> dict[str, Any]:
        """The record of the match so far, with how to resume it."""
        extra = {"play": {"seed": self.seed, "seats": self.seats}}
        return self.spec.to_record(self.state, extra)


def is_hand_and_foot(obj: Any) -> bool:
    """Whether a record object is of Hand and Foot (its ``rules.preset``)."""
    return game_of(obj).name == "hand-and-foot"


def resume(path: Path, obj: Any, opponents: list[str] | None = None) -> Session:
    """A session that continues the Hand and Foot game ``obj`` read from ``path``."""
    spec = game_of(obj)
    state, error = spec.play_record(obj)
    if error is not None or state is None:
        message = error["message"] if error else "empty record"
        raise RecordError(f"the record {path} cannot be continued: {message}")
    game: Game = spec.read_game(obj)
    seats, seed = resumed_seats(obj.get("play"), game.names, opponents)
    return Session(game, seats, seed, path, state)
