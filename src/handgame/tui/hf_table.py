"""The Hand and Foot table on the shared main screen: what ``hand play`` (:mod:`.hf_app`) and
``hand replay --show`` (:mod:`.hf_replay_app`) draw the same way — a view, its melds packed as
many a line as fit, and which meld a click or the target keys reach."""

from __future__ import annotations

from handgame.games.hand_and_foot.view import PlayerView
from handgame.tui import hf_render
from handgame.tui.base import CardTableApp
from handgame.tui.render import sort_hand


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
        width = self.size.width - 4  # the table's padding and scroll bar
        table, self.meld_spots = hf_render.table_text(
            view, self.target, self.lang, width if width > 20 else None
        )
        self.fill(hf_render.header_text(view, self.lang), table, log, view.seat, view.names)

    def meld_order(self) -> list[int]:
        """The melds the target moves through, in the table's reading order."""
        return [m for line in sorted(self.meld_spots) for _, _, m in self.meld_spots[line]]

    def meld_at(self, x: int, y: int) -> int | None:
        """The meld drawn at column ``x`` of line ``y`` (the table has one column of padding)."""
        return next((m for a, b, m in self.meld_spots.get(y, []) if a <= x - 1 < b), None)
