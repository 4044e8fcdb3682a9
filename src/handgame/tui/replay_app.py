"""``hand replay --show``'s app: step through a recorded game, seen from any seat."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from handgame.games.hand.actions import Action
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.tui.base import NAV_BINDINGS, BaseGameApp
from handgame.tui.i18n import tr
from handgame.tui.session import describe


class ReplayApp(BaseGameApp):
    """``hand replay --show``: step through a recorded game, seen from any seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *NAV_BINDINGS,
        Binding("n,pagedown,enter", "step(1)", show=False),
        Binding("b,pageup", "step(-1)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("v", "next_seat", show=False),
        Binding("q", "quit", show=False),
    ]

    def __init__(
        self, frames: list[tuple[State, Action | None]], error: str | None, lang: str = "en"
    ) -> None:
        """A replay of ``frames`` (every state with the action that led to it)."""
        super().__init__(lang)
        self.frames = frames
        self.error = error
        self.index = 0
        self.seat = 0
        self.lines: list[str] = []  # one log line per frame
        deals = 0
        for i, (state, action) in enumerate(frames):
            if action is None:
                deals += 1
                self.lines.append(f"— deal {deals}")
                continue
            before = frames[i - 1][0].round
            pile = before.discard_pile if before is not None else ()
            self.lines.append(describe(action, pile, state.game.names[action.seat]))

    def keys_text(self) -> Text:
        """The replay's keys."""
        return Text(
            "n/Enter next · b back · Home/End first/last · v next seat · ←→ space select · "
            "p pile · l log · q quit"
        )

    def hand_owner_names(self) -> list[str]:
        """Every seat can be looked at."""
        return list(self.frames[0][0].game.names) if self.frames else []

    def current(self) -> tuple[State, PlayerView, list[str]]:
        """The chosen frame, seen from the chosen seat."""
        state, _ = self.frames[self.index]
        return state, state.view(self.seat), self.lines[: self.index + 1]

    def on_mount(self) -> None:
        """Show the first frame."""
        self._status()

    def _status(self) -> None:
        lang = self.lang
        text = f"{tr(lang, 'Replay')}: {tr(lang, 'step')} {self.index + 1}/{len(self.frames)}"
        state, _ = self.frames[self.index]
        if state.is_over and state.winner is not None:
            text += f" · {tr(lang, 'Winner')}: {state.game.names[state.winner]}"
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
