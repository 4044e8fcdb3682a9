"""What every game's ``hand replay --show`` app shares: the frames of a record (every state with
the action that led to it), the step keys, the seat looked from and the status line.

A game's replay (:class:`~handgame.tui.replay_app.ReplayApp`,
:class:`~handgame.tui.hf_replay_app.HFReplayApp`) adds its log lines and how its table is drawn.
"""

from __future__ import annotations

from typing import ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual.binding import BindingType

from handgame.core.game import MatchConfig, MatchState
from handgame.tui.base import NAV_BINDINGS, CardTableApp, hidden_keys
from handgame.tui.i18n import tr


class ReplayedState(MatchState, Protocol):
    """What a replay reads of a state besides drawing it: the game's seats."""

    @property
    def game(self) -> MatchConfig:
        """The game played."""
        ...


StateT = TypeVar("StateT", bound=ReplayedState)
ActionT = TypeVar("ActionT")


class ReplayingApp(CardTableApp, Generic[StateT, ActionT]):
    """Step through a recorded game, seen from any seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *NAV_BINDINGS,
        *hidden_keys(
            "n,pagedown,enter:step(1) b,pageup:step(-1) home:jump(0) end:jump(-1) "
            "v:next_seat q:quit"
        ),
    ]
    #: the keys line of the replay
    replay_keys = ""

    def __init__(
        self, frames: list[tuple[StateT, ActionT | None]], error: str | None, lang: str = "en"
    ) -> None:
        """A replay of ``frames`` (every state with the action that led to it, None: a deal)
        and the record's ``error``; a game's app fills ``lines``, one log line per frame."""
        super().__init__(lang)
        self.frames = frames
        self.error = error
        self.index = 0
        self.seat = 0
        self.lines: list[str] = []

    def keys_text(self) -> Text:
        """The replay's keys."""
        return Text(self.replay_keys)

    def hand_owner_names(self) -> list[str]:
        """Every seat can be looked at."""
        return list(self.frames[0][0].game.names) if self.frames else []

    def log_lines(self) -> list[str]:
        """The log up to the frame."""
        return self.lines[: self.index + 1]

    def winner_words(self, state: StateT) -> str | None:
        """Who won the finished match of ``state`` (None: nobody to name)."""
        raise NotImplementedError

    def on_mount(self) -> None:
        """Show the first frame."""
        self._status()

    def _status(self) -> None:
        lang = self.lang
        text = f"{tr(lang, 'Replay')}: {tr(lang, 'step')} {self.index + 1}/{len(self.frames)}"
        state, _ = self.frames[self.index]
        who = self.winner_words(state) if state.is_over else None
        if who is not None:
            text += f" · {tr(lang, 'Winner')}: {who}"
        if self.error and self.index == len(self.frames) - 1:
            text += f" · error: {self.error}"
        self.message = Text(text, style="bold")
        self.show()

    def action_step(self, step: int) -> None:
        """The next or previous step."""
        self.index = max(0, min(len(self.frames) - 1, self.index + step))
        self._status()

    def action_jump(self, where: int) -> None:
        """The first or last step."""
        self.index = 0 if where == 0 else len(self.frames) - 1
        self._status()

    def action_next_seat(self) -> None:
        """Look at the game from the next seat."""
        self.seat = (self.seat + 1) % self.frames[0][0].game.players
        self._status()
