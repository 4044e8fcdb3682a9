"""The main screen that ``hand play`` and ``hand replay --show`` share, and how it draws a view.

The main screen shows, top to bottom: the header (round, stock, indicator and wild cards,
discard top, scores), the table (each seat and its melds), the log, a message line (hints,
broken rules), your hand (selected cards lifted) and the keys. Keys and mouse both work:
click a card to select it, click a meld to make it the target.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from handgame.core.cards import Card
from handgame.tui import render
from handgame.tui.i18n import tr
from handgame.tui.parts import Spots, TableParts
from handgame.tui.render import WildTest
from handgame.tui.screens import InfoScreen
from handgame.tui.widgets import HandWidget, TableWidget

#: the layout of the main screen and of the boxes over it
CSS = """
Screen { layout: vertical; }
#header { height: auto; background: $boost; padding: 0 1; }
#table-box { height: 1fr; border-top: solid $primary-darken-2; }
#table { padding: 0 1; }
#log { height: 3; padding: 0 1; color: $text-muted; }
#message { height: auto; max-height: 4; padding: 0 1; }
#hand-title { height: 1; padding: 0 1; text-style: bold; }
#hand { height: 3; padding: 0 1; }
#keys { height: auto; padding: 0 1; background: $boost; color: $text-muted; }
InfoScreen, ChoiceScreen { align: center middle; }
InfoScreen > VerticalScroll, ChoiceScreen > VerticalScroll {
    width: 90%; height: auto; max-height: 90%; border: thick $primary; background: $surface;
    padding: 0 1;
}
CoverScreen { align: center middle; }
CoverScreen > Static { width: auto; border: thick $primary; padding: 1 2; }
"""

def hidden_keys(table: str) -> list[BindingType]:
    """Key bindings kept out of the footer (the keys line says them), from ``key:action``
    words: ``"d:draw q:quit_game"``; a word may bind several keys: ``"b,pageup:step(-1)"``."""
    out: list[BindingType] = []
    for word in table.split():
        key, action = word.split(":", 1)
        out.append(Binding(key, action, show=False))
    return out


#: the keys every table shares: move, select, target, sort, look at the pile and the log
NAV_BINDINGS: list[BindingType] = hidden_keys(
    "left:left right:right space:pick c:clear up:target(-1) down:target(1) s:sort p:pile l:log"
)


class CardTableApp(App[int]):
    """What every game's terminal table shares: the main screen, the hand (cursor, selection,
    sorting), the target meld, the pile and log boxes; the game's parts draw its view."""

    CSS = CSS

    def __init__(self, parts: TableParts, lang: str = "en") -> None:
        """An app drawing a table with the game's ``parts``, in ``lang``."""
        super().__init__()
        self.parts = parts
        self.title = parts.spec.title
        self.lang = lang
        self.hand_cards: list[Card] = []
        self.wilds: WildTest | None = None
        self.selected: set[int] = set()
        self.cursor = 0
        self.by_rank = False
        self.target: int | None = None
        self.meld_spots: Spots = {}
        self.hand_hidden = False
        self.message: Text = Text()

    def compose(self) -> ComposeResult:
        """The main screen."""
        yield Static(id="header")
        with VerticalScroll(id="table-box"):
            yield TableWidget(self, id="table")
        yield Static(id="log")
        yield Static(id="message")
        yield Static(id="hand-title")
        yield HandWidget(self, id="hand")
        yield Static(self.keys_text(), id="keys")

    def keys_text(self) -> Text:
        """The keys line."""
        t = Text()
        for i, (key, word) in enumerate(self.parts.keys_help):
            if i:
                t.append(" · ")
            t.append(key, style="bold")
            t.append(" " + tr(self.lang, word))
        return t

    # ------------------------------------------------------------------ drawing
    def current(self) -> tuple[Any, Any, list[str]]:
        """The state, the view to draw and the log lines (in the screen's language)."""
        raise NotImplementedError

    def show(self) -> None:
        """Redraw everything from the current view: the game's parts draw its table; the
        target stays on a meld the parts allow."""
        if not self.is_running:
            return
        state, view, log = self.current()
        self.wilds = self.parts.wilds(view)
        self.set_hand(render.sort_hand(view.hand, self.wilds, self.by_rank))
        self.keep_target(self.parts.targets(view))
        width = self.size.width - 4  # the table's padding and scroll bar
        drawn = self.parts.draw(state, view, self.target, self.lang, width if width > 20 else None)
        self.meld_spots = drawn.spots
        self.fill(drawn.header, drawn.table, log, view.seat, view.names)

    def pile_text(self) -> Text:
        """The whole discard pile, for the ``p`` box."""
        return self.parts.pile(self.current()[1], self.lang)

    def log_lines(self) -> list[str]:
        """The log so far, for the ``l`` box."""
        return self.current()[2]

    def fill(
        self, header: Text, table: Text, log: list[str], seat: int | None, names: tuple[str, ...]
    ) -> None:
        """Put a drawn view on the main screen: its header and table, the last lines of
        ``log``, the message, the title of ``seat``'s hand and the hand."""
        self.query_one("#header", Static).update(header)
        self.query_one("#table", Static).update(table)
        self.query_one("#log", Static).update(
            Text("\n".join(log[-3:]))
        )
        self.query_one("#message", Static).update(self.message)
        title = self.hand_title(seat, names, len(self.hand_cards))
        self.query_one("#hand-title", Static).update(title)
        self.query_one("#hand", HandWidget).refresh()

    def hand_owner_names(self) -> list[str]:
        """The seats whose hands may be shown here (more than one: hot-seat or replay)."""
        return []

    def meld_order(self) -> list[int]:
        """The melds the target moves through (↑ ↓), in the table's reading order."""
        return [m for line in sorted(self.meld_spots) for _, _, m in self.meld_spots[line]]

    def meld_at(self, x: int, y: int) -> int | None:
        """The meld drawn at column ``x`` of line ``y`` (the table has one column of padding)."""
        return next((m for a, b, m in self.meld_spots.get(y, []) if a <= x - 1 < b), None)

    def set_hand(self, cards: list[Card]) -> None:
        """Show ``cards`` as the hand (the selection is dropped when they changed)."""
        if cards != self.hand_cards:
            self.selected = set()
        self.hand_cards = cards
        self.cursor = max(0, min(self.cursor, len(cards) - 1))

    def keep_target(self, melds: set[int]) -> None:
        """Keep the target meld among ``melds`` (the last one when it is gone)."""
        if self.target not in melds:
            self.target = max(melds) if melds else None

    def hand_title(self, seat: int | None, names: tuple[str, ...], count: int) -> Text:
        """The line over the hand: its size, its order, and whose it is when that matters."""
        order = tr(self.lang, "tui_by_rank" if self.by_rank else "tui_by_suit")
        title = f"{tr(self.lang, 'your_hand')} ({count}) · {order}"
        if seat is not None and len(self.hand_owner_names()) > 1:
            title += f" · {names[seat]}"
        return Text(title)

    def say(self, text: str, style: str = "") -> None:
        """Put a line in the message area."""
        self.message = Text(text, style=style)
        self.show()

    def toggle(self, index: int) -> None:
        """Select or unselect a card of the hand."""
        if index in self.selected:
            self.selected.discard(index)
        else:
            self.selected.add(index)
        self.query_one("#hand", HandWidget).refresh()

    # ------------------------------------------------------------------ shared keys
    def action_left(self) -> None:
        """Move the cursor left."""
        self.cursor = max(0, self.cursor - 1)
        self.query_one("#hand", HandWidget).refresh()

    def action_right(self) -> None:
        """Move the cursor right."""
        self.cursor = min(len(self.hand_cards) - 1, self.cursor + 1)
        self.query_one("#hand", HandWidget).refresh()

    def action_pick(self) -> None:
        """Select or unselect the card under the cursor."""
        if self.hand_cards:
            self.toggle(self.cursor)

    def action_clear(self) -> None:
        """Unselect every card."""
        self.selected = set()
        self.query_one("#hand", HandWidget).refresh()

    def action_sort(self) -> None:
        """Switch the hand between suit order and rank order."""
        chosen = [self.hand_cards[i] for i in sorted(self.selected)]
        self.by_rank = not self.by_rank
        self.hand_cards = render.sort_hand(self.hand_cards, self.wilds, self.by_rank)
        self.selected = set()
        taken: list[int] = []
        for c in chosen:
            for i, h in enumerate(self.hand_cards):
                if h == c and i not in taken:
                    taken.append(i)
                    break
        self.selected = set(taken)
        self.show()

    def action_target(self, step: int) -> None:
        """Move the target meld up or down the table."""
        indices = self.meld_order()
        if not indices:
            return
        pos = indices.index(self.target) if self.target in indices else 0
        self.target = indices[(pos + step) % len(indices)]
        self.show()

    def action_pile(self) -> None:
        """Show the whole discard pile."""
        self.push_screen(InfoScreen(self.pile_text()))

    def action_log(self) -> None:
        """Show the whole log."""
        lines = self.log_lines()[-200:]
        self.push_screen(InfoScreen(Text("\n".join(lines) or "-")))
