"""What every game's terminal session shares: who plays each seat, whose view is shown, what the
game waits for between turns, the log and the record file (no Textual here either).

A game's session (:mod:`handgame.tui.session` for Hand, :mod:`handgame.tui.hf_session` for Hand
and Foot) adds how its turns are played, logged and written down.
"""

from __future__ import annotations

import json
from collections.abc import Sized
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from handgame.core.errors import RecordError
from handgame.core.game import MatchConfig, MatchState
from handgame.core.record import dumps
from handgame.play.driver import Driver
from handgame.play.registry import Bot, make_bot

HUMAN = "human"


class SeatedState(MatchState, Protocol):
    """What a session reads of a match's state besides the driver: the rounds scored."""

    @property
    def results(self) -> Sized:
        """The rounds scored so far."""
        ...


StateT = TypeVar("StateT", bound=SeatedState)
GameT = TypeVar("GameT", bound=MatchConfig)


@dataclass(frozen=True)
class Waiting:
    """What the game waits for: ``over``, ``summary``, ``deal``, ``human`` (a person's turn),
    ``bot``, or a game's own out-of-turn decision (Hand's ``offer``/``bot-claims``, L-52; Hand
    and Foot's ``answer``, HF-10)."""

    kind: str
    seat: int | None = None


class SeatedSession(Generic[GameT, StateT]):
    """One match: the state, who plays each seat, the log and the record file."""

    #: the kinds of :class:`Waiting` in which a person decides (their view is then shown)
    person_kinds: tuple[str, ...] = ("human",)

    def __init__(
        self,
        game: GameT,
        seats: list[str],
        seed: str,
        record: Path | None = None,
        state: StateT | None = None,
    ) -> None:
        """A match of ``game``; ``seats[i]`` is ``human`` or a bot spec (``greedy``, ...)."""
        self.game = game
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats given for {game.players} players")
        self.seats = list(seats)
        self.seed = seed
        self.record = record
        self.bots: dict[int, Bot] = {
            i: make_bot(spec, f"{seed}:seat{i}") for i, spec in enumerate(seats) if spec != HUMAN
        }
        self.state: StateT = state if state is not None else game.new_match(0)
        self.log: list[str] = []
        self.seen_results = len(self.state.results)
        self.driver = Driver(self.bots.get, seed)  # who decides next; declined offers
        self.last_human: int | None = None
        self.setup()

    def setup(self) -> None:
        """Set up what the game's session keeps besides (called last by ``__init__``)."""

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    def name(self, seat: int) -> str:
        """A seat's name."""
        return self.game.names[seat]

    def waiting(self) -> Waiting:
        """What happens next."""
        raise NotImplementedError

    def between_turns(self) -> Waiting | None:
        """A round summary to show, the match's end or a deal; None when a seat decides."""
        st = self.state
        if len(st.results) > self.seen_results:
            return Waiting("summary")
        if st.is_over:
            return Waiting("over")
        if st.is_chance:
            return Waiting("deal")
        return None

    def viewer(self) -> int:
        """The seat whose view is shown: the person to decide, else the last, else the first."""
        w = self.waiting()
        if w.kind in self.person_kinds and w.seat is not None:
            return w.seat
        if self.last_human is not None:
            return self.last_human
        humans = self.humans
        return humans[0] if humans else 0

    def act(self, action: Any) -> None:
        """A person's action; raises the game's ``IllegalAction`` (nothing changes then)."""
        raise NotImplementedError

    def deal(self) -> None:
        """Deal the next round (seeded by the match seed and the deal's number)."""
        raise NotImplementedError

    def hint(self, seat: int) -> list[str]:
        """Advice for ``seat`` from its view only."""
        raise NotImplementedError

    def summary_seen(self) -> None:
        """The round summary was shown."""
        self.seen_results = len(self.state.results)

    def record_json(self) -> dict[str, Any]:
        """The record of the match so far, with how to resume it."""
        raise NotImplementedError

    def save(self) -> None:
        """Write the record (when there is a record file)."""
        if self.record is None:
            return
        self.record.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.record.with_name(self.record.name + ".tmp")
        tmp.write_text(dumps(self.record_json()) + "\n", encoding="utf-8")
        tmp.replace(self.record)


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
