"""``hand replay --show``'s app: step through a recorded game, seen from any seat."""

from __future__ import annotations

from handgame.games.hand.actions import Action
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.tui.base import BaseGameApp
from handgame.tui.replay_base import ReplayingApp
from handgame.tui.session import describe


class ReplayApp(ReplayingApp[State, Action], BaseGameApp):
    """``hand replay --show``: step through a recorded game, seen from any seat."""

    replay_keys = (
        "n/Enter next · b back · Home/End first/last · v next seat · ←→ space select · "
        "p pile · l log · q quit"
    )

    def __init__(
        self, frames: list[tuple[State, Action | None]], error: str | None, lang: str = "en"
    ) -> None:
        """A replay of ``frames`` (every state with the action that led to it)."""
        super().__init__(frames, error, lang)
        deals = 0
        for i, (state, action) in enumerate(frames):
            if action is None:
                deals += 1
                self.lines.append(f"— deal {deals}")
                continue
            before = frames[i - 1][0].round
            pile = before.discard_pile if before is not None else ()
            self.lines.append(describe(action, pile, state.game.names[action.seat]))

    def current(self) -> tuple[State, PlayerView, list[str]]:
        """The chosen frame, seen from the chosen seat."""
        state, _ = self.frames[self.index]
        return state, state.view(self.seat), self.lines[: self.index + 1]

    def winner_words(self, state: State) -> str | None:
        """The winning seat's name."""
        return state.game.names[state.winner] if state.winner is not None else None
