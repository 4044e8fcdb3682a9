"""The game behind the terminal front ends: seats, bots, the staged turn, the log, the record.

Nothing here imports Textual, so the full-screen game (:mod:`handgame.tui.play_app`) and the
plain-text game (:mod:`handgame.cli.textplay`) both play through a :class:`Session`, of any
game: it reaches the game through its ``GameSpec`` and its terminal parts
(:class:`~handgame.tui.parts.TableParts`), and the match through the one driver. A person acts
through :meth:`Session.act` (an ``IllegalAction`` names the broken rule and changes nothing);
the steps of a turn whose verbs the game arranges (its spec's ``arranged_verbs``: melds, adds...)
can be taken back (:meth:`Session.undo`) until the turn ends. Bots see only their seat's view.
The record is written after every committed action (``hand-record/1``, with a ``play`` field
holding the seed and the seats for resuming).
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handgame.core.bot import Bot
from handgame.core.errors import IllegalAction, RecordError
from handgame.core.game import GameSpec, MatchState
from handgame.core.record import dumps, game_of
from handgame.core.words import Phrase
from handgame.locale import Sayer
from handgame.play.driver import Driver
from handgame.play.registry import make_bot
from handgame.tui.i18n import sayer
from handgame.tui.parts import TableParts, drawn_cards
from handgame.tui.registry import table_for

#: the seat of a person
HUMAN = "human"


def data_dir() -> Path:
    """Where games are saved by default: ``$XDG_DATA_HOME/handgame/games`` (or ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "handgame" / "games"


def default_record_path(seed: str) -> Path:
    """A new timestamped record file in the user's data directory."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in seed)[:40]
    return data_dir() / f"hand-{stamp}-{safe}.json"


@dataclass(frozen=True)
class Waiting:
    """What the game waits for: ``over``, ``summary`` (a round just ended), ``deal``, ``human``
    (a person's turn), ``offer`` (a person's optional decision out of turn, such as a claim the
    game lets a seat make), ``answer`` (a person's required decision out of turn, such as a
    question put to the seat) or ``bot``."""

    kind: str
    seat: int | None = None


class Session:
    """One match: the state, who plays each seat, the staged turn, the log and the record."""

    #: the kinds of :class:`Waiting` in which a person decides (their view is then shown)
    person_kinds = ("human", "offer", "answer")

    def __init__(
        self,
        spec: GameSpec,
        game: Any,
        seats: list[str],
        seed: str,
        record: Path | None = None,
        state: MatchState | None = None,
        *,
        bots: dict[int, Bot] | None = None,
        stage: bool = True,
        play_field: bool = True,
    ) -> None:
        """A match of ``game`` (a configuration of ``spec``'s); ``seats[i]`` is ``human`` or a
        bot spec (``greedy``, ...), each seeded ``SEED:seatI`` unless ``bots`` gives the bots;
        ``stage``: whether the game's staged verbs wait for the turn's end (the plain game
        commits every step); ``play_field``: whether the record keeps the seats and seed."""
        self.spec = spec
        self.parts: TableParts = table_for(spec)
        self.game = game
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats given for {game.players} players")
        self.seats = list(seats)
        self.seed = seed
        self.record = record
        self.play_field = play_field
        self.staged_verbs = spec.arranged_verbs if stage else ()
        self.bots: dict[int, Bot] = (
            bots
            if bots is not None
            else {i: make_bot(s, f"{seed}:seat{i}") for i, s in enumerate(seats) if s != HUMAN}
        )
        self.state: MatchState = state if state is not None else game.new_match(0)
        #: the log: phrases (an action, a deal, a round's end...), said in each reader's language
        self.log: list[Phrase] = []
        self.driver = Driver(self.bots.get, seed)  # who decides next; declined offers
        self.last_human: int | None = None
        self.round_over = False  # a round just ended and its summary is not seen yet
        # the states before each staged step of a person's turn, oldest first
        self.before_staged: list[MatchState] = []
        self.staged: list[Any] = []

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name."""
        names: tuple[str, ...] = self.game.names
        return names

    def name(self, seat: int) -> str:
        """A seat's name."""
        return self.names[seat]

    def view(self) -> Any:
        """The viewer's view."""
        return self.state.view(self.viewer())

    # -------------------------------------------------------------------- what happens next
    def waiting(self) -> Waiting:
        """What happens next."""
        st = self.state
        if self.round_over:
            return Waiting("summary")
        if st.is_over:
            return Waiting("over")
        if st.is_chance:
            return Waiting("deal")
        if self.staged:  # a person's turn in progress
            return Waiting("human", st.current_seat)
        d = self.driver.decision(st)
        assert d.seat is not None
        if self.seats[d.seat] != HUMAN:
            return Waiting("bot", d.seat)
        if d.kind == "offer":
            return Waiting("answer" if d.required else "offer", d.seat)
        return Waiting("human", d.seat)

    def viewer(self) -> int:
        """The seat whose view is shown: the person to decide, else the last, else the first."""
        w = self.waiting()
        if w.kind in self.person_kinds and w.seat is not None:
            return w.seat
        if self.last_human is not None:
            return self.last_human
        humans = self.humans
        return humans[0] if humans else 0

    def summary_seen(self) -> None:
        """The round summary was shown."""
        self.round_over = False

    # -------------------------------------------------------------------- steps nobody decides
    def deal(self) -> None:
        """Deal the next round (seeded by the match seed and the deal's number)."""
        self.state = self.state.apply_deal(self.driver.deal(self.state))
        self.log.extend(self.parts.deal_lines(self.state))
        self.save()

    def bot_step(self) -> tuple[str, Any] | None:
        """The next step of a bot (its turn, its claim or answer out of turn) or a deal, not
        applied: ``("action", action)``, ``("deal", deal)``, or None when a person decides.
        A bot sees only its seat's view."""
        return self.driver.auto(self.state)

    def play_step(self, step: tuple[str, Any] | None) -> None:
        """Apply a step of :meth:`bot_step`."""
        if step is None:
            return
        kind, what = step
        if kind == "deal":
            self.state = self.state.apply_deal(what)
            self.log.extend(self.parts.deal_lines(self.state))
            self.save()
        else:
            self.commit(what)

    def decline(self, seat: int) -> None:
        """The person at ``seat`` passes on the decision offered out of turn."""
        self.driver.decline(self.state, seat)

    # -------------------------------------------------------------------- actions
    def act(self, action: Any) -> None:
        """A person's action: the game's staged verbs are staged, the others commit (with the
        staged steps before them). Raises ``IllegalAction`` (nothing changes then)."""
        if self.seats[action.seat] != HUMAN:
            raise IllegalAction(f"seat {action.seat} is not played here")
        self.last_human = action.seat
        if action.verb in self.staged_verbs and action.seat == self.state.current_seat:
            new = self.state.apply(action)
            self.before_staged.append(self.state)
            self.staged.append(action)
            self.state = new
            return
        self.commit(action)

    def commit(self, action: Any) -> None:
        """Apply an action for good (with the turn's staged steps before it), log them all and
        save the record."""
        viewer = self.viewer()
        steps = [*zip(self.before_staged, self.staged, strict=True)]
        before = self.state
        after = before.apply(action)
        self.before_staged, self.staged = [], []
        states = [*(b for b, _ in steps), before, after]
        for i, step in enumerate([*(a for _, a in steps), action]):
            self._log(step, states[i], states[i + 1], viewer)
        self.state = after
        if not (before.is_chance or before.is_over) and (after.is_chance or after.is_over):
            self.round_over = True
            self.log.append(self.parts.round_line(after))
        self.save()

    def _log(self, action: Any, before: MatchState, after: MatchState, viewer: int) -> None:
        line = self.parts.action_line(action, before)
        if self.parts.shows_drawn(action) and action.seat == viewer and len(self.humans) == 1:
            line["drawn"] = [str(c) for c in drawn_cards(before, after, viewer)]
        self.log.append(line)
        self.log.extend(self.parts.after_lines(before, after))

    def sayer(self, lang: str) -> Sayer:
        """What says this match's phrases in ``lang`` (the only person's seat is "you")."""
        humans = self.humans
        you = humans[0] if len(humans) == 1 else None
        return sayer(lang, self.names, you, self.spec.name)

    def log_lines(self, lang: str = "en") -> list[str]:
        """The log in words in ``lang``."""
        say = self.sayer(lang)
        return [log_line(say, entry) for entry in self.log]

    def undo(self) -> bool:
        """Take back the last staged step of the turn; False when there is none."""
        if not self.staged:
            return False
        self.staged.pop()
        self.state = self.before_staged.pop()
        return True

    # -------------------------------------------------------------------- hints, record
    def hint(self, seat: int) -> list[Phrase]:
        """Advice for ``seat`` from its view only (phrases)."""
        return self.spec.hint(self.state.view(seat))

    def committed(self) -> MatchState:
        """The state without the staged steps of a turn in progress."""
        return self.before_staged[0] if self.before_staged else self.state

    def record_json(self) -> dict[str, Any]:
        """The record of the match so far (committed actions only), with how to resume it."""
        extra = {"play": {"seed": self.seed, "seats": self.seats}} if self.play_field else None
        return self.spec.to_record(self.committed(), extra)

    def save(self) -> None:
        """Write the record (when there is a record file)."""
        if self.record is None:
            return
        self.record.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.record.with_name(self.record.name + ".tmp")
        tmp.write_text(dumps(self.record_json()) + "\n", encoding="utf-8")
        tmp.replace(self.record)


def log_line(say: Sayer, entry: Phrase) -> str:
    """A log entry in words: the phrase, the cards a draw brought its only person (``: 4♣``)
    and what it says after (``— 2 cards!``)."""
    text = say.say(entry)
    drawn = entry.get("drawn")
    if drawn:
        text += ": " + say.shape(drawn)
    tail = entry.get("tail")
    if tail:
        text += " " + say.say(tail)
    return text


def resumed_seats(
    play: Any, names: tuple[str, ...], opponents: list[str] | None
) -> tuple[list[str], str]:
    """The seats and the seed a resumed game is played with: ``opponents`` beside the person
    when given, else the record's ``play`` field, else what the seats' names say."""
    info = play if isinstance(play, dict) else {}
    seats = [HUMAN, *opponents] if opponents is not None else info.get("seats")
    if not isinstance(seats, list) or len(seats) != len(names):
        seats = [n.removeprefix("bot:") if n.startswith("bot:") else HUMAN for n in names]
    return [str(s) for s in seats], str(info.get("seed", "resumed"))


def read_json(path: Path) -> Any:
    """A record file's JSON; raises :class:`RecordError`."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise RecordError(f"cannot read the record {path}: {e.strerror or e}") from None
    except ValueError as e:
        raise RecordError(f"the record {path} is not valid JSON: {e}") from None


def resume(path: Path, opponents: list[str] | None = None) -> Session:
    """A session that continues the game saved in ``path`` (of the game its record names);
    raises ``RecordError``."""
    obj = read_json(path)
    spec = game_of(obj)
    state, error = spec.play_record(obj)
    if error is not None or state is None:
        message = error["message"] if error else "empty record"
        raise RecordError(f"the record {path} cannot be continued: {message}")
    game = spec.read_game(obj)
    seats, seed = resumed_seats(obj.get("play"), game.names, opponents)
    return Session(spec, game, seats, seed, path, state)
