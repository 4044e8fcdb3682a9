"""The two clickable parts of the main screen: the hand (click a card to select it) and the
table (click a meld to make it the target). Each reads and tells its owner, the app, through a
small protocol, so the widgets do not depend on the app's module."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static

from handgame.core.cards import Card
from handgame.tui import render
from handgame.tui.render import WildTest


class HandOwner(Protocol):
    """What the hand widget reads from its app, and how it selects a card."""

    hand_cards: list[Card]
    wilds: WildTest | None
    selected: set[int]
    cursor: int
    hand_hidden: bool

    def toggle(self, index: int) -> None:
        """Select or unselect a card of the hand."""


class TableOwner(Protocol):
    """What the table widget reads from its app, and how it redraws it."""

    target: int | None

    def meld_at(self, x: int, y: int) -> int | None:
        """The meld drawn at column ``x`` of line ``y`` of the table, or None."""

    def show(self) -> None:
        """Redraw everything from the current view."""


class HandWidget(Widget):
    """The cards of the hand: click one to select it (selected cards are lifted)."""

    def __init__(self, owner: HandOwner, **kwargs: Any) -> None:
        """The hand of ``owner``'s viewer."""
        super().__init__(**kwargs)
        self.owner = owner

    def render(self) -> Text:
        """The three rows of the hand."""
        o = self.owner
        return render.hand_text(o.hand_cards, o.wilds, o.selected, o.cursor, o.hand_hidden)

    def on_click(self, event: events.Click) -> None:
        """Select or unselect the clicked card."""
        index = (event.x - 1) // render.CELL
        if 0 <= index < len(self.owner.hand_cards) and event.x >= 1:
            self.owner.cursor = index
            self.owner.toggle(index)


class TableWidget(Static):
    """The seats and melds: click a meld to make it the target."""

    def __init__(self, owner: TableOwner, **kwargs: Any) -> None:
        """The table of ``owner``'s view."""
        super().__init__(**kwargs)
        self.owner = owner

    def on_click(self, event: events.Click) -> None:
        """Target the clicked meld."""
        meld = self.owner.meld_at(event.x, event.y)
        if meld is not None:
            self.owner.target = meld
            self.owner.show()
