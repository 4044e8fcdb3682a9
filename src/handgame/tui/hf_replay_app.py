"""``hand replay FILE --show`` for a Hand and Foot record: step through it on the Hand and Foot
table, seen from any seat (``v``), drawn as ``hand play`` draws it."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from handgame.core.errors import GameError
from handgame.core.record import game_of
from handgame.tui import hf_render
from handgame.tui.hf_table import HFTableApp
from handgame.tui.replay_base import ReplayingApp

#: every state of a record with the action that led to it (None: a deal)
Frames = list[tuple[Any, Any]]


def replay_frames(obj: Any) -> tuple[Frames, str | None]:
    """Every state of a record in order, with the action that led to it, and its error (read
    through the record's game: ``read_game``, ``parse_deal``, ``parse_action``)."""
    spec = game_of(obj)
    _, error = spec.play_record(obj)
    message = error["message"] if error is not None else None
    try:
        game = spec.read_game(obj)
    except GameError:
        return [], message
    frames: Frames = []
    state: Any = None
    rounds = obj.get("rounds") if isinstance(obj, dict) else None
    for rnd in rounds if isinstance(rounds, list) else []:
        try:
            if state is None:
                state = game.new_match(int(rnd["dealer"]))
            state = state.apply_deal(spec.parse_deal(rnd.get("deal")))
        except (GameError, ValueError, KeyError, TypeError):
            break
        frames.append((state, None))
        actions = rnd.get("actions", [])
        for raw in actions if isinstance(actions, list) else []:
            try:
                action = spec.parse_action(raw)
                state = state.apply(action)
            except (GameError, ValueError):
                return frames, message
            frames.append((state, action))
    return frames, message


class HFReplayApp(ReplayingApp[Any, Any], HFTableApp):
    """Step through a recorded Hand and Foot match, seen from any seat."""

    replay_keys = (
        "n/Enter next · b back · Home/End first/last · v next seat · ↑↓ meld · "
        "p pile · l log · q quit"
    )

    def __init__(self, frames: Frames, error: str | None, lang: str = "en") -> None:
        """A replay of ``frames``."""
        super().__init__(frames, error, lang)
        spec = game_of({"rules": {"preset": frames[0][0].game.preset}}) if frames else None
        for i, (state, action) in enumerate(frames):
            if action is None or spec is None:
                self.lines.append(f"— round {len(state.results) + 1}")
                continue
            before = frames[i - 1][0].view(None)
            self.lines.append(spec.describe(action, before, state.game.names[action.seat]))

    def show(self) -> None:
        """Draw the chosen frame from the chosen seat."""
        state, _ = self.frames[self.index]
        self.draw(state.view(self.seat), self.lines[: self.index + 1])

    def pile_text(self) -> Text:
        """The whole discard pile of the frame."""
        return hf_render.pile_text(self.frames[self.index][0].view(None), self.lang)

    def winner_words(self, state: Any) -> str | None:
        """The winning team, or a draw (HF-12)."""
        return hf_render.winner_text(state.view(None), state.winner, self.lang)
