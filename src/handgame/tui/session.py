"""The game behind ``hand play``'s interface: seats, bots, the staged turn, hints, the record.

Nothing here imports Textual, so the game logic is tested on its own. Humans act through
:meth:`Session.act` (an :class:`~handgame.core.errors.IllegalAction` names the broken rule); the
steps of a turn after its draw are staged and can be taken back (:meth:`Session.undo`) until
the discard. Bots see only their seat's view. The record is written after every committed
action (``hand-record/1`` with a ``play`` field holding the seed and the seats, for resuming).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

from handgame.core import words
from handgame.core.cards import Card
from handgame.core.errors import IllegalAction, MeldError, RecordError
from handgame.games.hand import hints, text
from handgame.games.hand.actions import (
    Action,
    Discard,
    Draw,
    LayMelds,
    LayOff,
    SwapWild,
    parse_action,
)
from handgame.games.hand.deal import Deal
from handgame.games.hand.meldgen import candidate_melds
from handgame.games.hand.melds import analyze
from handgame.games.hand.record import play_record, read_record, to_record
from handgame.games.hand.rounds import RoundResult
from handgame.games.hand.state import Game, State
from handgame.games.hand.turn import step as engine_step
from handgame.games.hand.wilds import Wilds
from handgame.play.driver import bot_claim
from handgame.tui.i18n import card_face
from handgame.tui.session_base import HUMAN as HUMAN  # re-exported: the seat of a person
from handgame.tui.session_base import SeatedSession, Waiting, read_json, resumed_seats


def data_dir() -> Path:
    """Where games are saved by default: ``$XDG_DATA_HOME/handgame/games`` (or ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "handgame" / "games"


def default_record_path(seed: str) -> Path:
    """A new timestamped record file in the user's data directory."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in seed)[:40]
    return data_dir() / f"hand-{stamp}-{safe}.json"


def faces(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as faces separated by spaces."""
    return words.faces(cards, card_face)


def describe(action: Action, pile: tuple[Card, ...], who: str) -> str:
    """One log line for an action (``pile``: the discard pile before it, ``who``: the actor)."""
    return text.describe(action, pile, who, card_face)


def choice(action: Action, pile: tuple[Card, ...]) -> str:
    """An action offered to its seat as a choice (``add Q♠ to meld 1 at the high end``)."""
    return text.choice(action, pile, card_face)


class Session(SeatedSession[Game, State]):
    """One match: the state, who plays each seat, the staged turn, the log and the record."""

    person_kinds = ("human", "offer")

    def setup(self) -> None:
        """No turn staged yet."""
        self.base: State | None = None  # the state before the staged steps of a human turn
        self.staged: list[Action] = []

    def waiting(self) -> Waiting:
        """What happens next."""
        st = self.state
        between = self.between_turns()
        if between is not None:
            return between
        if self.staged:  # a person's turn in progress
            return Waiting("human", st.current_seat)
        d = self.driver.decision(st)
        assert d.seat is not None
        human = self.seats[d.seat] == HUMAN
        if d.kind == "offer":
            return Waiting("offer" if human else "bot-claims", d.seat)
        return Waiting("human" if human else "bot", d.seat)

    # -------------------------------------------------------------------- automatic steps
    def deal(self) -> None:
        """Deal the next round (seeded by the match seed and the deal's number)."""
        self.state = self.state.apply_deal(self.driver.deal(self.state))
        self.log.append(f"— round {len(self.state.results) + 1}, deal {len(self.state.log) + 1}")
        self.save()

    def bot_claims(self) -> None:
        """The bot offered a redeal out of turn (L-52) claims it or passes."""
        d = self.driver.decision(self.state)
        if d.kind != "offer" or d.seat is None or d.seat not in self.bots:
            return
        claim = bot_claim(self.bots[d.seat], self.state, d.seat)
        if claim is not None:
            self.commit(claim)
        else:
            self.driver.decline(self.state, d.seat)

    def decline_offer(self, seat: int) -> None:
        """The human at ``seat`` plays on without claiming a redeal."""
        self.driver.decline(self.state, seat)

    def bot_choice(self, seat: int) -> Action:
        """The action the bot of ``seat`` chooses; it sees only that seat's view."""
        view = self.state.view(seat)
        action: Action = self.bots[seat].choose(view)
        if action not in view.legal_actions:
            raise IllegalAction(f"the bot at seat {seat} chose an illegal action: {action}")
        return action

    # -------------------------------------------------------------------- actions
    def commit(self, action: Action) -> None:
        """Apply an action for good (a bot's, a draw, a discard, a claim), log it and save."""
        before = self.state
        viewer = self.viewer()
        self.state = before.apply(action)
        self.base = None
        self.staged = []
        self._log(action, before, viewer)
        self.save()

    def _log(self, action: Action, before: State, viewer: int) -> None:
        pile = before.round.discard_pile if before.round is not None else ()
        line = describe(action, pile, self.name(action.seat))
        if isinstance(action, Discard):
            left = len(before.round.hands[action.seat]) - 1 if before.round else 0
            if action.announce and 0 < left <= 3:
                line += f" — {left} card{'s' if left != 1 else ''}!"
        drew = isinstance(action, Draw) and action.source == "stock"
        if drew and action.seat == viewer and len(self.humans) == 1:  # hot-seat: no peeking
            rnd, old = self.state.round, before.round
            if rnd is not None and old is not None:
                new = Counter(rnd.hands[viewer]) - Counter(old.hands[viewer])
                line += f": {faces(list(new.elements()))}"
        self.log.append(line)
        if len(self.state.results) > len(before.results):
            self.log.append(self.result_line(self.state.results[-1]))

    def act(self, action: Action) -> None:
        """A human's action: draws, discards and claims commit; the other steps are staged.

        Raises :class:`~handgame.core.errors.IllegalAction` (the state is unchanged then).
        """
        if self.seats[action.seat] != HUMAN:
            raise IllegalAction(f"seat {action.seat} is not played here")
        self.last_human = action.seat
        if isinstance(action, (LayMelds, LayOff, SwapWild)):
            new = self.state.apply(action)
            if self.base is None:
                self.base = self.state
            self.state = new
            self.staged.append(action)
            return
        if isinstance(action, Discard) and self.staged:
            # the staged steps become part of the record with the discard
            before = self.state
            self.state = before.apply(action)
            viewer = action.seat
            base = self.base
            assert base is not None
            replayed = base
            for step in self.staged:
                self._log(step, replayed, viewer)
                replayed = engine_step(replayed, step)
            self._log(action, before, viewer)
            self.base = None
            self.staged = []
            self.save()
            return
        self.commit(action)

    def undo(self) -> bool:
        """Take back the last staged step of the turn; False when there is none."""
        if not self.staged or self.base is None:
            return False
        self.staged.pop()
        state = self.base
        for step in self.staged:
            state = engine_step(state, step)
        self.state = state
        if not self.staged:
            self.base = None
        return True

    # -------------------------------------------------------------------- helpers for the UI
    def wilds(self) -> Wilds | None:
        """The round's wild cards."""
        return self.state.round.wilds if self.state.round is not None else None

    def meld_options(self, seat: int, cards: list[Card]) -> list[tuple[Card, ...]]:
        """The ways to lay exactly ``cards`` as one new meld (runs in ascending order)."""
        rnd = self.state.round
        if rnd is None or not cards:
            return []
        ts = rnd.turn_state
        restriction = ts.restriction if not ts.taken_used and ts.taken in cards else None
        want = sorted(cards)
        out = [
            m.cards
            for m in candidate_melds(tuple(cards), rnd.wilds, self.state.rules, restriction)
            if sorted(m.cards) == want
        ]
        return sorted(set(out))

    def meld_problem(self, cards: list[Card]) -> MeldError:
        """Why ``cards`` make no meld: the engine's error (its words and its rule ids)."""
        rnd = self.state.round
        assert rnd is not None
        natural = sorted(cards, key=lambda c: (rnd.wilds.is_wild(c), c.suit, c.rank))
        try:
            analyze(tuple(natural), rnd.wilds, self.state.rules)
        except MeldError as e:
            return e
        message = "these cards make no meld in any order (L-11, L-12)"
        return MeldError(message, rules=("L-11", "L-12"))

    def result_line(self, r: RoundResult) -> str:
        """A round's end in one line."""
        if r.result == "void":
            why = "a redeal (L-52)" if r.reason == "redeal" else "the stock ran out (L-81)"
            return f"round over: no score, {why}"
        assert r.winner is not None
        bonus = f" ×{r.multiplier}" if r.multiplier != 1 else ""
        return f"round over: {self.name(r.winner)} went out, {r.hand} hand{bonus}"

    # -------------------------------------------------------------------- hints
    def hint(self, seat: int) -> list[str]:
        """Advice for the seat to act from what it may see: the best opening, add, discard."""
        return hints.hint(self.state.view(seat), card_face)

    # -------------------------------------------------------------------- record
    def record_json(self) -> dict[str, Any]:
        """The record of the match so far (committed actions only), with how to resume it."""
        state = self.base if self.base is not None else self.state
        extra = {"play": {"seed": self.seed, "seats": self.seats}}
        return to_record(state, extra)


def resume(path: Path, opponents: list[str] | None = None) -> Session:
    """A session that continues the game saved in ``path``; raises ``RecordError``."""
    obj = read_json(path)
    record = read_record(obj)
    state, error = play_record(obj)
    if error is not None or state is None:
        message = error["message"] if error else "empty record"
        raise RecordError(f"the record {path} cannot be continued: {message}")
    seats, seed = resumed_seats(record.extra.get("play"), record.game.names, opponents)
    return Session(record.game, seats, seed, path, state)


def replay_states(obj: Any) -> tuple[list[tuple[State, Action | None]], str | None]:
    """Every state of a record in order, with the action that led to it, and its error."""
    _, error = play_record(obj)
    record = read_record(obj)
    frames: list[tuple[State, Action | None]] = []
    st: State | None = None
    for rnd in record.rounds:
        try:
            if st is None:
                st = record.game.new_match(int(rnd["dealer"]))
            st = st.apply_deal(Deal.from_json(rnd.get("deal")))
        except (ValueError, KeyError, TypeError, AttributeError):
            break
        frames.append((st, None))
        actions = rnd.get("actions", [])
        for raw in actions if isinstance(actions, list) else []:
            try:
                action = parse_action(raw)
                st = engine_step(st, action)
            except ValueError:
                break
            frames.append((st, action))
    message = error["message"] if error is not None else None
    return frames, message
