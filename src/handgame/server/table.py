"""One table: its seats, its match, its log of steps, and the rules of who may do what.

A :class:`Table` holds its game (the :class:`~handgame.core.game.GameSpec` its preset names),
the match's current state (a :class:`~handgame.core.game.MatchState`) and the recent states by
version (version *n* is the state after the table's *n*-th step, a deal or an action); it
reaches the game only through the registry and the game protocol. Nothing here waits or
stores: :meth:`Table.next_auto` and :meth:`Table.check` compute the next step, the caller
stores it, then :meth:`Table.commit` makes it the table's.
Bots are made afresh for each decision, seeded by the table's seed, the seat and the version,
so a table rebuilt after a restart plays on exactly as it would have.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from handgame.core.errors import ActionError, IllegalAction
from handgame.core.game import GameSpec, MatchConfig, MatchState
from handgame.core.registry import find_game
from handgame.play.driver import Driver
from handgame.play.registry import Bot, make_bot
from handgame.server import botspec
from handgame.server.moveworker import bot_seed
from handgame.server.room import Room
from handgame.server.settings import Settings
from handgame.server.storage import StoredStep, StoredTable

#: how many recent states a table keeps, to send a reconnecting client what it missed
HISTORY = 256

#: the shortest and longest turn timer a table may ask for, in seconds
MIN_TIMEOUT, MAX_TIMEOUT = 10.0, 3600.0


def token_hash(token: str) -> str:
    """The stored form of a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_timeout(seconds: float | None, seats: list[dict[str, Any]]) -> float | None:
    """A table's turn timer as the lobby asks for it (None: the server's; 0: none, allowed only
    when one human at most plays, against bots); raises ``ValueError``."""
    if seconds is None:
        return None
    if seconds == 0:
        humans = sum(1 for s in seats if s.get("kind") != "bot")
        if humans > 1:
            raise ValueError(
                "turn_timeout: no timer (0) only for one human against bots; "
                f"this table has {humans} humans"
            )
        return 0.0
    if not MIN_TIMEOUT <= seconds <= MAX_TIMEOUT:
        raise ValueError(
            f"turn_timeout: 0 (none) or {MIN_TIMEOUT:g} to {MAX_TIMEOUT:g} seconds, not {seconds:g}"
        )
    return float(seconds)


def check_bot(spec: str, policies: tuple[str, ...] = ()) -> str:
    """:func:`handgame.server.botspec.check_bot` with the default caps and the trained agents'
    files ``policies`` (``hand serve --policy PATH``); raises ``ValueError``."""
    return botspec.check_bot(spec, Settings(policies=policies))


def auto_move(
    state: MatchState, seed: str, version: int, controllers: tuple[str | None, ...]
) -> tuple[str, Any] | None:
    """The next step no human decides at ``state`` (a deal, a bot's move or claim), or None;
    ``controllers[seat]`` is the bot spec playing a seat (None: a present human); each bot is
    made from its decision's seed (:func:`~handgame.server.moveworker.bot_seed`), as the
    server's tables make theirs (:meth:`handgame.server.workers.Workers.move`)."""

    def bot_for(seat: int) -> Bot | None:
        spec = controllers[seat]
        return make_bot(spec, bot_seed(seed, seat, version)) if spec is not None else None

    return Driver(bot_for, seed, offer_people=False).auto(state)


def has_bot(controllers: tuple[str | None, ...]) -> Callable[[int], Bot | None]:
    """What a :class:`~handgame.play.driver.Driver` asks whether a seat has a bot, where only
    that is asked: each seat's spec stands for its bot (none is made)."""
    return cast(Callable[[int], Bot | None], controllers.__getitem__)


def person_decides(state: MatchState, controllers: tuple[str | None, ...]) -> bool:
    """Whether :func:`auto_move` would say None at once: the match is over, or its next
    decision is a present human's (cheap enough for the event loop: no bot is made)."""
    decision = Driver(has_bot(controllers), "", offer_people=False).decision(state)
    if decision.kind in ("over", "deal"):
        return decision.kind == "over"
    assert decision.seat is not None
    return controllers[decision.seat] is None


@dataclass(frozen=True)
class Seat:
    """A seat of a table: a human (with the hash of its token) or a bot."""

    kind: str  # "human" | "bot"
    name: str
    bot: str | None = None
    token_sha256: str | None = None
    account: int | None = None  # the account that holds the seat (ranked tables, issue 40)

    def to_config(self) -> dict[str, Any]:
        """The seat as stored."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "token_sha256": self.token_sha256,
        }
        if self.account is not None:
            out["account"] = self.account
        return out

    @staticmethod
    def from_config(obj: dict[str, Any]) -> Seat:
        """A seat from its stored form."""
        return Seat(
            obj["kind"], obj["name"], obj.get("bot"), obj.get("token_sha256"), obj.get("account")
        )


@dataclass(frozen=True)
class Step:
    """A step computed but not yet the table's: the state it makes and its stored form."""

    state: MatchState
    stored: StoredStep

    @property
    def finishes(self) -> bool:
        """Whether the table is over after this step (its match over, or the table ended)."""
        return self.stored.kind == END or self.state.is_over


#: the kind of the stored step that ends a table before its match is over: the host, the
#: operator or the server (idle, its caps) ended it; its data says who and why
END = "end"
#: who may end a table, as an ``end`` step names them
ENDERS = ("host", "operator", "server")


@dataclass(frozen=True)
class Rejection:
    """Why a seat's action was refused: a protocol error code and a message (and rule ids)."""

    code: str  # "not_your_turn" | "illegal" | "not_held" | "stale" | "malformed" | "waiting"
    message: str
    rules: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()  # the cards the refusal is about (codes)
    step: int | None = None  # which step of a turn sent at once it is about (from 0)


@dataclass(frozen=True)
class Duplicate:
    """An action already applied (the same client id from the same seat) and its version."""

    version: int


@dataclass
class Table:
    """A table in play (see the module docstring)."""

    id: str
    game: MatchConfig
    seats: tuple[Seat, ...]
    seed: str
    created_at: datetime
    stand_in: str = "greedy"
    spec: GameSpec = field(init=False)
    state: MatchState = field(init=False)
    version: int = 0
    history: deque[tuple[int, MatchState]] = field(default_factory=lambda: deque(maxlen=HISTORY))
    applied_ids: dict[tuple[int, str], int] = field(default_factory=dict)
    away: set[int] = field(default_factory=set)
    # this table's turn timer in seconds (the lobby's choice): None, the server's; 0, none
    turn_timeout: float | None = None
    stepped_at: float | None = None  # when the table's last step was made (epoch seconds)
    # the hash of the host's token (who made the table: it may end it), None for older tables
    host_sha256: str | None = None
    # why the table ended before its match was over ({"by": ..., "reason": ...}), or None
    ended: dict[str, Any] | None = None
    # the decision (seat, version) whose turn timer ran out: the stand-in plays it even if
    # its human is back first (a timer runs once per decision, issue 31)
    forfeited: tuple[int, int] | None = None
    # the table's waiting room, listing and rematch (issue 35), None for a table made to
    # start at once without one (:mod:`handgame.server.room`)
    room: Room | None = None
    first_dealer: int = 0  # who deals first (a rematch passes the deal on: L-50, O-1, HF-2)
    # a ranked table (issue 40): every seat an account's, rated when the match ends
    ranked: bool = False

    def __post_init__(self) -> None:
        """Find the game of the table's preset; start the match before its first deal
        (version 0)."""
        self.spec = find_game(self.game.preset)
        self.state = self.game.new_match(self.first_dealer)
        self.history.append((0, self.state))

    @property
    def waiting(self) -> bool:
        """Whether the table waits in its room for its match to start (no deal yet)."""
        return self.room is not None and self.room.waiting and not self.finished

    def reseat(self, seats: tuple[Seat, ...]) -> None:
        """New seats for a table still waiting (version 0): the match is made again with the
        seats' names."""
        if self.version != 0:
            raise RuntimeError("the seats change only before the first deal")
        self.seats = seats
        self.game = self.spec.create(
            self.game.preset,
            dict(self.game.options),
            len(seats),
            self.game.partnership,
            [s.name for s in seats],
        )
        self.state = self.game.new_match(self.first_dealer)
        self.history.clear()
        self.history.append((0, self.state))

    # --- configuration ------------------------------------------------------------------------
    def config(self) -> dict[str, Any]:
        """The table's stored metadata (rules, seats, partnership, its own turn timer if it has
        one; no seed, no token)."""
        out: dict[str, Any] = {
            "rules": {"preset": self.game.preset, "options": dict(self.game.options)},
            "partnership": self.game.partnership,
            "seats": [s.to_config() for s in self.seats],
        }
        if self.turn_timeout is not None:
            out["turn_timeout"] = self.turn_timeout
        if self.host_sha256 is not None:
            out["host_sha256"] = self.host_sha256
        if self.room is not None:
            out["room"] = self.room.to_config()
        if self.first_dealer:
            out["first_dealer"] = self.first_dealer
        if self.ranked:
            out["ranked"] = True
        return out

    def timeout(self, server: float | None) -> float | None:
        """Seconds a human has for each decision here (None: no timer): the table's own
        setting, else the server's (``server``)."""
        if self.turn_timeout is None:
            return server
        return self.turn_timeout or None

    @staticmethod
    def from_stored(stored: StoredTable, stand_in: str = "greedy") -> Table:
        """Rebuild a table by replaying its stored steps."""
        cfg = stored.config
        seats = tuple(Seat.from_config(s) for s in cfg["seats"])
        spec = find_game(cfg["rules"]["preset"])
        game = spec.create(
            cfg["rules"]["preset"],
            cfg["rules"]["options"],
            len(seats),
            cfg["partnership"],
            [s.name for s in seats],
        )
        room = Room.from_config(cfg["room"]) if "room" in cfg else None
        table = Table(
            stored.id,
            game,
            seats,
            stored.seed,
            stored.created_at,
            stand_in,
            room=room,
            first_dealer=int(cfg.get("first_dealer", 0)),
            ranked=bool(cfg.get("ranked", False)),
        )
        table.away = set(stored.away)
        table.turn_timeout = cfg.get("turn_timeout")
        table.host_sha256 = cfg.get("host_sha256")
        for s in stored.steps:
            table.commit(table.replay(s))
        return table

    def replay(self, stored: StoredStep) -> Step:
        """The step of a stored deal or action, played at the table's current version."""
        if stored.kind == "deal":
            return Step(self.state.apply_deal(self.spec.parse_deal(stored.data)), stored)
        if stored.kind == END:
            return Step(self.state, stored)
        return Step(self.state.apply(self.spec.parse_action(stored.data)), stored)

    def seat_of_token(self, token: str) -> int | None:
        """The human seat whose token this is, or None."""
        return self.seat_of_hash(token_hash(token))

    def seat_of_hash(self, digest: str | None) -> int | None:
        """The human seat whose token has this hash, or None."""
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.token_sha256 is not None and s.token_sha256 == digest:
                return i
        return None

    # --- steps ----------------------------------------------------------------------------
    def is_host(self, token: str) -> bool:
        """Whether ``token`` is the host's (who made the table)."""
        return self.host_sha256 is not None and token_hash(token) == self.host_sha256

    @property
    def finished(self) -> bool:
        """True once the match is over or the table ended (nothing more is played)."""
        return self.ended is not None or self.state.is_over

    def end_step(self, by: str, reason: str) -> Step:
        """The step that ends the table now (``by``: one of :data:`ENDERS`)."""
        assert by in ENDERS, by
        data = {"by": by, "reason": reason}
        return Step(self.state, StoredStep(self.version + 1, END, None, None, data))

    def state_at(self, version: int) -> MatchState | None:
        """The state at ``version`` if the table still keeps it."""
        for v, s in self.history:
            if v == version:
                return s
        return None

    def commit(self, step: Step) -> None:
        """Make a stored step the table's."""
        if step.stored.version != self.version + 1:
            raise RuntimeError(f"step {step.stored.version} after version {self.version}")
        self.state = step.state
        self.version = step.stored.version
        self.stepped_at = step.stored.at
        self.history.append((self.version, self.state))
        if step.stored.kind == END:
            self.ended = dict(step.stored.data)
        if step.stored.client_id is not None and step.stored.seat is not None:
            self.applied_ids[(step.stored.seat, step.stored.client_id)] = self.version

    def adopt(self, stored: Table) -> None:
        """Make the same table as read again from the store this one (its game and seats, whose
        names may have changed there: a deleted account's, issue 40; its state, version, recent
        states, applied ids and end: :mod:`handgame.server.rereads`)."""
        if stored.id != self.id:
            raise ValueError(f"table {stored.id} is not table {self.id}")
        self.game = stored.game
        self.seats = stored.seats
        self.state = stored.state
        self.version = stored.version
        self.stepped_at = stored.stepped_at
        self.history = stored.history
        self.applied_ids = stored.applied_ids
        self.ended = stored.ended

    def _action_step(self, action: Any, client_id: str | None) -> Step:
        state = self.state.apply(action)
        return Step(
            state,
            StoredStep(
                self.version + 1, "action", action.seat, client_id, action.to_json(), time.time()
            ),
        )

    def controller(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: its own, or the stand-in of an absent human."""
        s = self.seats[seat]
        if s.kind == "bot":
            return s.bot
        if seat in self.away or self.forfeited == (seat, self.version):
            return self.stand_in
        return None

    def waiting_for_human(self) -> int | None:
        """The human seat to act (present or not), or None."""
        seat = self.state.current_seat
        if seat is None or self.seats[seat].kind != "human" or self.finished:
            return None
        return seat

    def controllers(self) -> tuple[str | None, ...]:
        """The bot playing each seat now (its own or a stand-in), or None for a present human."""
        return tuple(self.controller(i) for i in range(len(self.seats)))

    def next_auto(self) -> Step | None:
        """The next step no human decides (a deal, a bot's move or claim), or None.

        Present humans are not asked their out-of-turn claims: they claim when they like.
        """
        if self.finished or self.waiting:
            return None
        return self.step_of(auto_move(self.state, self.seed, self.version, self.controllers()))

    def step_of(self, move: tuple[str, Any] | None) -> Step | None:
        """The step of a move :func:`auto_move` made at the table's current version."""
        if move is None:
            return None
        kind, what = move
        if kind == "deal":
            return Step(
                self.state.apply_deal(what),
                StoredStep(self.version + 1, "deal", None, None, what.to_json(), time.time()),
            )
        return self._action_step(what, None)

    def check(
        self, seat: int, raw_action: Any, version: Any, client_id: str | None
    ) -> Step | Rejection | Duplicate:
        """A seat's action as a step to store, or why not (nothing changes either way)."""
        result = self.check_turn(seat, [raw_action], version, client_id)
        return result[0] if isinstance(result, list) else result

    def check_turn(
        self,
        seat: int,
        raw_actions: list[Any],
        version: Any,
        client_id: str | None,
        preview: bool = False,
    ) -> list[Step] | Rejection | Duplicate:
        """A seat's actions sent together (a turn arranged, then confirmed: docs/web-protocol.md)
        as the steps to store, each checked by the rules at the state the ones before it make,
        or why not (the refusal names the step; nothing changes either way). Every step but the
        last is one of the game's ``arranged_verbs``; with ``preview`` every step is, none may
        show the seat a card it has not seen (its foot, a round's end: ``reveals``), and nothing
        is to be stored (the client id is not looked at)."""
        if not preview and client_id is not None and (seat, client_id) in self.applied_ids:
            return Duplicate(self.applied_ids[(seat, client_id)])
        parsed = []
        for i, raw in enumerate(raw_actions):
            if isinstance(raw, dict) and "seat" not in raw:
                raw = {**raw, "seat": seat}
            try:
                action = self.spec.parse_action(raw)
            except ActionError as e:
                return Rejection("malformed", str(e), step=self._step_no(i, raw_actions))
            if action.seat != seat:
                return Rejection(
                    "malformed",
                    f"you play seat {seat}, not seat {action.seat}",
                    step=self._step_no(i, raw_actions),
                )
            arranged = action.verb in self.spec.arranged_verbs
            if not arranged and (preview or i < len(raw_actions) - 1):
                verbs = ", ".join(self.spec.arranged_verbs)
                return Rejection(
                    "malformed",
                    f"only {verbs} may be arranged before the turn is confirmed, not "
                    f"{action.verb} (step {i + 1})",
                    step=i,
                )
            parsed.append(action)
        if not isinstance(version, int) or isinstance(version, bool):
            return Rejection("malformed", "an action needs the version it was chosen at")
        if version != self.version:
            return Rejection(
                "stale", f"the table is at version {self.version}, not {version}: look again"
            )
        if self.ended is not None:
            reason = self.ended.get("reason", "")
            return Rejection("illegal", f"the table has ended ({self.ended['by']}: {reason})")
        if self.state.is_over:
            return Rejection("illegal", "the match is over (L-90, L-93, G-9, F-10)", ("L-90",))
        if self.waiting:
            return Rejection("waiting", "the match has not started: the host starts it")
        steps: list[Step] = []
        state = self.state
        for i, action in enumerate(parsed):
            where = self._step_no(i, parsed)
            if state.current_seat != seat and (
                action.verb not in self.spec.out_of_turn_verbs or len(parsed) > 1
            ):
                return Rejection("not_your_turn", f"it is not seat {seat}'s turn", step=where)
            try:
                after = state.apply(action)
            except IllegalAction as e:
                code = e.code if e.code in ("not_held",) else "illegal"  # protocol.ERROR_CODES
                return Rejection(code, e.message, e.rules, e.cards, step=where)
            if preview and reveals(state, after, seat):
                return Rejection(
                    "reveals",
                    "this step shows cards the seat has not seen (a foot picked up, a round's "
                    "end): it cannot be taken back, so it is sent with the turn",
                    step=i,
                )
            last = i == len(parsed) - 1
            stored = StoredStep(
                self.version + i + 1,
                "action",
                seat,
                client_id if last else None,
                action.to_json(),
                time.time(),
            )
            steps.append(Step(after, stored))
            state = after
        return steps

    @staticmethod
    def _step_no(i: int, steps: list[Any]) -> int | None:
        """The step a refusal names: none for a single action (as before turns were sent)."""
        return i if len(steps) > 1 else None


def reveals(before: MatchState, after: MatchState, seat: int) -> bool:
    """Whether an action of ``seat`` shows it something it had not seen: the turn passes or the
    round ends (the hands are shown), or its hand gains a card that did not come off the table
    (a foot picked up, HF-9; a wild card taken back by a swap, L-40, came off a meld)."""
    if after.is_chance or after.is_over or after.current_seat != seat:
        return True
    was, now = before.view(seat).to_json(), after.view(seat).to_json()
    gained = Counter(now["hand"]) - Counter(was["hand"])
    if not gained:
        return False

    def on_table(view: dict[str, Any]) -> Counter[str]:
        return Counter(c for m in view["melds"] for c in m["cards"])

    return bool(gained - (on_table(was) - on_table(now)))
