"""``hand replay --show``'s app, for any game: step through a recorded game, seen from any seat.

The frames are every state of the record with the action that led to it
(:mod:`handgame.tui.frames`); each is drawn by the game's parts, as ``hand play`` draws it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import BindingType

from handgame.tui.base import NAV_BINDINGS, CardTableApp, hidden_keys
from handgame.tui.frames import Frames
from handgame.tui.i18n import sayer, tr
from handgame.tui.parts import TableParts

#: the replay's keys
REPLAY_KEYS = (
    "n,pagedown,enter:step(1) b,pageup:step(-1) home:jump(0) end:jump(-1) v:next_seat q:quit"
)


class ReplayApp(CardTableApp):
    """Step through a recorded game, seen from any seat."""

    BINDINGS: ClassVar[list[BindingType]] = [*NAV_BINDINGS, *hidden_keys(REPLAY_KEYS)]

    def __init__(
        self, parts: TableParts, frames: Frames, error: str | None, lang: str = "en"
    ) -> None:
        """A replay of ``frames`` (every state with the action that led to it, None: a deal)
        and the record's ``error``, drawn by the game's ``parts``."""
        super().__init__(parts, lang)
        self.frames = frames
        self.error = error
        self.index = 0
        self.seat = 0
        say = sayer(lang, self.names, None, parts.spec.name)
        #: each frame's log lines (a deal's, or an action's and what followed it)
        self.lines: list[list[str]] = []
        for i, (state, action) in enumerate(frames):
            if action is None:
                self.lines.append([say.say(p) for p in parts.deal_lines(state)])
                continue
            before = frames[i - 1][0]
            said = [parts.action_line(action, before), *parts.after_lines(before, state)]
            self.lines.append([say.say(p) for p in said])

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name."""
        names: tuple[str, ...] = self.frames[0][0].view(None).names if self.frames else ()
        return names

    def keys_text(self) -> Text:
        """The replay's keys."""
        return Text(tr(self.lang, "tui_replay_keys"))

    def hand_owner_names(self) -> list[str]:
        """Every seat can be looked at."""
        return list(self.names)

    def current(self) -> tuple[Any, Any, list[str]]:
        """The chosen frame, seen from the chosen seat, and the log up to it."""
        state, _ = self.frames[self.index]
        return state, state.view(self.seat), [x for f in self.lines[: self.index + 1] for x in f]

    def on_mount(self) -> None:
        """Show the first frame."""
        self._status()

    def _status(self) -> None:
        lang = self.lang
        text = tr(lang, "tui_replay_status", n=self.index + 1, m=len(self.frames))
        state, _ = self.frames[self.index]
        who = self.parts.winner(state, lang) if state.is_over else None
        if who is not None:
            text += f" · {tr(lang, 'tui_winner')}: {who}"
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
        self.seat = (self.seat + 1) % len(self.names)
        self._status()
