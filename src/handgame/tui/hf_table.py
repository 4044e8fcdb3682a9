"""The Hand and Foot table on the shared main screen: what ``hand play`` (:mod:`.hf_app`) and
``hand replay --show`` (:mod:`.hf_replay_app`) draw the same way — a view, its melds packed as
many a line as fit, and which meld a click or the target keys reach."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from handgame.games.hand_and_foot.view import PlayerView
from handgame.tui import hf_render
from handgame.tui.base import CardTableApp
from handgame.tui.i18n import log_text
from handgame.tui.render import sort_hand
from handgame.tui.widgets import HandWidget


class HFTableApp(CardTableApp):
    """A Textual app showing a Hand and Foot table."""

    TITLE = "Hand and Foot"

    def __init__(self, lang: str = "en") -> None:
        """An app drawing in ``lang``."""
        super().__init__(lang)
        self.wilds = hf_render.WILDS
        self.meld_spots: hf_render.Spots = {}

    def draw(self, view: PlayerView, log: list[str]) -> None:
        """Draw ``view`` and the last lines of ``log``; the target stays on a meld the viewer's
        team may add to (any unfinished meld for a spectator)."""
        if not self.is_running:
            return
        self.set_hand(sort_hand(view.hand, self.wilds, self.by_rank))
        team = view.seat % view.teams if view.seat is not None else None
        self.keep_target(
            {m.index for m in view.melds if m.kind == "meld" and team in (None, m.team)}
        )
        self.query_one("#header", Static).update(hf_render.header_text(view, self.lang))
        width = self.size.width - 4  # the table's padding and scroll bar
        table, self.meld_spots = hf_render.table_text(
            view, self.target, self.lang, width if width > 20 else None
        )
        self.query_one("#table", Static).update(table)
        self.query_one("#log", Static).update(
            Text("\n".join(log_text(self.lang, line) for line in log[-3:]))
        )
        self.query_one("#message", Static).update(self.message)
        title = self.hand_title(view.seat, view.names, len(self.hand_cards))
        self.query_one("#hand-title", Static).update(title)
        self.query_one("#hand", HandWidget).refresh()

    def meld_order(self) -> list[int]:
        """The melds the target moves through, in the table's reading order."""
        return [m for line in sorted(self.meld_spots) for _, _, m in self.meld_spots[line]]

    def meld_at(self, x: int, y: int) -> int | None:
        """The meld drawn at column ``x`` of line ``y`` (the table has one column of padding)."""
        return next((m for a, b, m in self.meld_spots.get(y, []) if a <= x - 1 < b), None)
