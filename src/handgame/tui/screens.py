"""The boxes the terminal game puts over its main screen: text, a numbered choice, the cover
that hides a hand in hot-seat play."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


class InfoScreen(ModalScreen[None]):
    """Text in a box; Enter, Escape or a click closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space,q", "close", "close"),
    ]

    def __init__(self, text: Text, footer: str = "Enter") -> None:
        """A box showing ``text``."""
        super().__init__()
        self.text = text
        self.footer = footer

    def compose(self) -> ComposeResult:
        """The text and how to close."""
        with VerticalScroll():
            yield Static(self.text, id="info")
            yield Static(Text(f"\n[{self.footer}]", style="dim"))

    def action_close(self) -> None:
        """Close the box."""
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click closes the box."""
        self.dismiss(None)


class ChoiceScreen(ModalScreen[int | None]):
    """Numbered choices: press a number (or click one); Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, options: list[Text]) -> None:
        """A question with its options."""
        super().__init__()
        self.title_text = title
        self.options = options

    def compose(self) -> ComposeResult:
        """The question and the numbered options."""
        with VerticalScroll():
            yield Static(Text(self.title_text + "\n", style="bold"))
            for i, option in enumerate(self.options, 1):
                line = Text(f"{i}. ")
                line.append_text(option)
                yield Static(line, classes="option", name=str(i - 1))
            yield Static(Text("\n[1-9 · Esc]", style="dim"))

    def on_key(self, event: events.Key) -> None:
        """A digit picks an option."""
        if event.character is not None and event.character.isdigit():
            n = int(event.character)
            if 1 <= n <= len(self.options):
                event.stop()
                self.dismiss(n - 1)

    def on_click(self, event: events.Click) -> None:
        """A click on an option picks it."""
        widget = event.widget
        if isinstance(widget, Static) and widget.has_class("option") and widget.name:
            self.dismiss(int(widget.name))

    def action_cancel(self) -> None:
        """No choice."""
        self.dismiss(None)


class CoverScreen(Screen[None]):
    """Hot-seat: the next player's hand stays hidden until they press Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "close", "close")]

    def __init__(self, text: str) -> None:
        """A full screen that hides the table."""
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        """Only the message."""
        yield Static(Text(self.text, style="bold"))

    def action_close(self) -> None:
        """Show the game again."""
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click shows the game again."""
        self.dismiss(None)
