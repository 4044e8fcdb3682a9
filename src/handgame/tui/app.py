"""The Textual app of ``hand play`` (and ``hand replay --show``).

The main screen shows, top to bottom: the header (round, stock, indicator and wild cards,
discard top, scores), the table (each seat and its melds), the log, a message line (hints,
broken rules), your hand (selected cards lifted) and the keys. Keys and mouse both work:
click a card to select it, click a meld to make it the target.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from handgame.core.cards import Card
from handgame.core.errors import IllegalAction
from handgame.games.hand.actions import (
    Action,
    ClaimRedeal,
    Discard,
    Draw,
    LayMelds,
    LayOff,
    SwapWild,
)
from handgame.games.hand.melds import analyze
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds
from handgame.tui import render
from handgame.tui.i18n import hint_text, rule_text, tr
from handgame.tui.session import Session, describe

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


class HandWidget(Widget):
    """The cards of the hand: click one to select it (selected cards are lifted)."""

    def __init__(self, owner: BaseGameApp, **kwargs: Any) -> None:
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

    def __init__(self, owner: BaseGameApp, **kwargs: Any) -> None:
        """The table of ``owner``'s view."""
        super().__init__(**kwargs)
        self.owner = owner

    def on_click(self, event: events.Click) -> None:
        """Target the clicked meld."""
        meld = self.owner.meld_lines.get(event.y)
        if meld is not None:
            self.owner.target = meld
            self.owner.show()


KEYS_HELP = (
    ("←→", "select"),
    ("space", "select"),
    ("↑↓", "meld target"),
    ("d", "draw"),
    ("t", "take"),
    ("m", "meld"),
    ("a", "add"),
    ("w", "swap"),
    ("x", "discard"),
    ("u", "undo"),
    ("r", "redeal"),
    ("?", "hint"),
    ("s", "sort"),
    ("p", "pile"),
    ("q", "quit"),
)


class BaseGameApp(App[int]):
    """What the game and the replay share: the main screen and how a view is drawn."""

    CSS = CSS
    TITLE = "Hand"

    def __init__(self, lang: str = "en") -> None:
        """An app drawing in ``lang``."""
        super().__init__()
        self.lang = lang
        self.hand_cards: list[Card] = []
        self.wilds: Wilds | None = None
        self.selected: set[int] = set()
        self.cursor = 0
        self.by_rank = False
        self.target: int | None = None
        self.meld_lines: dict[int, int] = {}
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
        for i, (key, word) in enumerate(KEYS_HELP):
            if i:
                t.append(" · ")
            t.append(key, style="bold")
            t.append(" " + tr(self.lang, word))
        return t

    # ------------------------------------------------------------------ drawing
    def current(self) -> tuple[State, PlayerView, list[str]]:
        """The state, the view to draw and the log lines."""
        raise NotImplementedError

    def show(self) -> None:
        """Redraw everything from the current view."""
        if not self.is_running:
            return
        state, view, log = self.current()
        self.wilds = Wilds(view.wild, view.joker_as) if view.public is not None else None
        cards = render.sort_hand(view.hand, self.wilds, self.by_rank)
        if cards != self.hand_cards:
            self.selected = set()
        self.hand_cards = cards
        self.cursor = max(0, min(self.cursor, len(cards) - 1))
        melds = {m.index for m in view.melds}
        if self.target not in melds:
            self.target = max(melds) if melds else None
        self.query_one("#header", Static).update(render.header_text(view, state, self.lang))
        table, self.meld_lines = render.table_text(view, self.target, self.lang)
        self.query_one("#table", Static).update(table)
        self.query_one("#log", Static).update(Text("\n".join(log[-3:])))
        self.query_one("#message", Static).update(self.message)
        order = tr(self.lang, "by rank" if self.by_rank else "by suit")
        title = f"{tr(self.lang, 'Your hand')} ({len(cards)}) · {order}"
        if view.seat is not None and len(self.hand_owner_names()) > 1:
            title += f" · {view.names[view.seat]}"
        self.query_one("#hand-title", Static).update(Text(title))
        self.query_one("#hand", HandWidget).refresh()

    def hand_owner_names(self) -> list[str]:
        """The seats whose hands may be shown here (more than one: hot-seat or replay)."""
        return []

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
        order = sorted(set(self.meld_lines.items()))
        indices = [m for _, m in order]
        if not indices:
            return
        pos = indices.index(self.target) if self.target in indices else 0
        self.target = indices[(pos + step) % len(indices)]
        self.show()

    def action_pile(self) -> None:
        """Show the whole discard pile."""
        _, view, _ = self.current()
        self.push_screen(InfoScreen(render.pile_text(view)))

    def action_log(self) -> None:
        """Show the whole log."""
        _, _, log = self.current()
        self.push_screen(InfoScreen(Text("\n".join(log[-200:]) or "-")))


NAV_BINDINGS: list[BindingType] = [
    Binding("left", "left", show=False),
    Binding("right", "right", show=False),
    Binding("space", "pick", show=False),
    Binding("c", "clear", show=False),
    Binding("up", "target(-1)", show=False),
    Binding("down", "target(1)", show=False),
    Binding("s", "sort", show=False),
    Binding("p", "pile", show=False),
    Binding("l", "log", show=False),
]


class HandApp(BaseGameApp):
    """``hand play``: people and bots at one table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *NAV_BINDINGS,
        Binding("d", "draw('stock')", show=False),
        Binding("t", "draw('discard')", show=False),
        Binding("m", "meld", show=False),
        Binding("a", "add", show=False),
        Binding("w", "swap", show=False),
        Binding("x", "discard(True)", show=False),
        Binding("X", "discard(False)", show=False),
        Binding("u", "undo", show=False),
        Binding("r", "redeal", show=False),
        Binding("question_mark", "hint", show=False),
        Binding("q", "quit_game", show=False),
    ]

    def __init__(self, session: Session, lang: str = "en", bot_delay: float = 0.3) -> None:
        """The app playing ``session``; bots wait ``bot_delay`` seconds before acting."""
        super().__init__(lang)
        self.session = session
        self.bot_delay = bot_delay
        self.busy = False
        self.covered_for: int | None = None
        self.error: str | None = None

    def current(self) -> tuple[State, PlayerView, list[str]]:
        """The viewer's view of the live game."""
        s = self.session
        return s.state, s.state.view(s.viewer()), s.log

    def hand_owner_names(self) -> list[str]:
        """The people at the table."""
        return [self.session.name(s) for s in self.session.humans]

    def on_mount(self) -> None:
        """Start the game."""
        self.advance()

    def advance(self) -> None:
        """Let deals and bots play until a person must act (in a worker)."""
        self.run_worker(self._advance(), exclusive=True, group="advance")

    async def _advance(self) -> None:
        s = self.session
        self.busy = True
        try:
            while True:
                w = s.waiting()
                if w.kind == "deal":
                    s.deal()
                    self.selected = set()
                    continue
                if w.kind == "bot-claims":
                    s.bot_claims()
                    continue
                if w.kind == "bot":
                    assert w.seat is not None
                    self.show()
                    if self.bot_delay:
                        await asyncio.sleep(self.bot_delay)
                    seat = w.seat
                    action = await asyncio.to_thread(s.bot_choice, seat)
                    s.commit(action)
                    continue
                break
        except Exception as e:  # a bot failed: stop and say so, never a traceback
            self.error = f"{type(e).__name__}: {e}"
            self.busy = False
            self.say(f"The game stopped: {self.error}. Press q to quit.", "bold red")
            return
        self.busy = False
        self.hand_hidden = False
        self.show()
        if w.kind == "summary":
            self._show_summary()
        elif w.kind == "over":
            self._show_over()
        elif w.kind == "offer":
            assert w.seat is not None
            self._offer(w.seat)
        elif w.kind == "human":
            assert w.seat is not None
            self._human_turn(w.seat)

    # ------------------------------------------------------------------ screens
    def _show_summary(self) -> None:
        s = self.session
        st = s.state
        r = st.results[-1]
        text = render.result_text(st, r, len(st.results), st.game.names, self.lang)
        text.append("\n")
        text.append_text(render.match_text(st, st.game.names, self.lang))

        def done(_: None) -> None:
            s.summary_seen()
            self.message = Text()
            self.advance()

        self.push_screen(InfoScreen(text, tr(self.lang, "press Enter")), done)

    def _show_over(self) -> None:
        s = self.session
        st = s.state
        names = st.game.names
        text = Text(f"{tr(self.lang, 'Match over')}\n\n", style="bold")
        text.append_text(render.match_text(st, names, self.lang))
        if st.winner is not None:
            if st.game.partnership:
                who = f"{names[st.winner]} + {names[st.winner + 2]}"
            else:
                who = names[st.winner]
            text.append(f"\n{tr(self.lang, 'Winner')}: {who}\n", style="bold green")
        if s.record is not None:
            text.append(f"\n{tr(self.lang, 'record')}: {s.record}\n", style="dim")
        self.push_screen(InfoScreen(text, tr(self.lang, "quit")), lambda _: self.exit(0))

    def _offer(self, seat: int) -> None:
        s = self.session
        options = [Text("claim a redeal (L-52)"), Text("play on")]
        name = s.name(seat)

        def done(choice: int | None) -> None:
            if choice == 0:
                claim = ClaimRedeal(seat)
                try:
                    s.act(claim)
                except IllegalAction as e:
                    self.say(f"✗ {rule_text(self.lang, str(e))}", "bold red")
            else:
                s.decline_offer(seat)
            self.advance()

        self.push_screen(
            ChoiceScreen(f"{name}: your hand entitles you to a redeal (L-52).", options), done
        )

    def _human_turn(self, seat: int) -> None:
        s = self.session
        if len(s.humans) > 1 and self.covered_for != seat:
            self.covered_for = seat
            self.hand_hidden = True
            self.show()
            text = (
                f"{tr(self.lang, 'Pass the terminal to')} {s.name(seat)} — "
                f"{tr(self.lang, 'press Enter')}"
            )

            def uncover(_: None) -> None:
                self.hand_hidden = False
                self._prompt(seat)

            self.push_screen(CoverScreen(text), uncover)
            return
        self._prompt(seat)

    def _prompt(self, seat: int) -> None:
        view = self.session.state.view(seat)
        phase = view.phase
        what = {
            "first-discard": "you start the round: select a card and discard it (x)",
            "draw": "draw from the stock (d) or take the discard (t)",
            "play": "lay melds (m), add (a), swap (w), then discard (x); u takes a step back",
        }.get(phase, "")
        if not self.message.plain.startswith(("✗", tr(self.lang, "Hint"))):
            self.message = Text(f"{tr(self.lang, 'your turn')}: {what}", style="bold green")
        self.show()

    # ------------------------------------------------------------------ acting
    def my_seat(self) -> int | None:
        """The seat the keys play for now, or None."""
        if self.busy or self.error is not None:
            return None
        w = self.session.waiting()
        return w.seat if w.kind == "human" else None

    def chosen(self) -> list[Card]:
        """The selected cards."""
        return [self.hand_cards[i] for i in sorted(self.selected) if i < len(self.hand_cards)]

    def try_act(self, action: Action) -> bool:
        """Act for the person; show the broken rule when it is not allowed."""
        s = self.session
        pile = s.state.round.discard_pile if s.state.round is not None else ()
        try:
            s.act(action)
        except IllegalAction as e:
            self.say(f"✗ {rule_text(self.lang, str(e))}", "bold red")
            return False
        self.selected = set()
        self.message = Text(describe(action, pile, "you"), style="green")
        if isinstance(action, (Draw, Discard, ClaimRedeal)):
            self.advance()
        else:
            self.show()
        return True

    def action_draw(self, source: str) -> None:
        """Draw from the stock or take the top discard."""
        seat = self.my_seat()
        if seat is not None:
            self.try_act(Draw(seat, source))

    def action_discard(self, announce: bool) -> None:
        """Discard the selected card (or the card under the cursor)."""
        seat = self.my_seat()
        if seat is None or not self.hand_cards:
            return
        cards = self.chosen() or [self.hand_cards[self.cursor]]
        if len(cards) != 1:
            self.say("✗ select exactly one card to discard", "bold red")
            return
        self.try_act(Discard(seat, cards[0], announce))

    def action_meld(self) -> None:
        """Lay the selected cards as a new meld (asking which way when a wild could go twice)."""
        seat = self.my_seat()
        if seat is None:
            return
        cards = self.chosen()
        if len(cards) < 3:
            self.say("✗ select the three or more cards of the meld first (L-11, L-12)", "bold red")
            return
        options = self.session.meld_options(seat, cards)
        if not options:
            self.say(f"✗ {rule_text(self.lang, self.session.meld_problem(cards))}", "bold red")
            return
        if len(options) == 1:
            self.try_act(LayMelds(seat, (options[0],)))
            return
        wilds = self.wilds
        assert wilds is not None
        texts = []
        for o in options:
            meld = analyze(o, wilds, self.session.state.rules)
            texts.append(Text(meld.describe()))

        def done(choice: int | None) -> None:
            if choice is not None:
                self.try_act(LayMelds(seat, (options[choice],)))

        self.push_screen(ChoiceScreen("Which meld?", texts), done)

    def action_add(self) -> None:
        """Add the selected card to the target meld (asking for the end where it matters)."""
        seat = self.my_seat()
        if seat is None:
            return
        cards = self.chosen()
        if not cards and self.hand_cards:
            cards = [self.hand_cards[self.cursor]]
        if len(cards) != 1 or self.target is None:
            self.say("✗ select one card and a meld on the table (↑↓ or a click)", "bold red")
            return
        card, to = cards[0], self.target
        legal = self.session.state.legal_actions(seat)
        ends = [a for a in legal if isinstance(a, LayOff) and a.card == card and a.to == to]
        if len(ends) > 1:
            texts = [Text(f"{a.end} end") for a in ends]

            def done(choice: int | None) -> None:
                if choice is not None:
                    self.try_act(ends[choice])

            self.push_screen(ChoiceScreen(f"Which end of meld {to}?", texts), done)
            return
        self.try_act(ends[0] if ends else LayOff(seat, card, to, None))

    def action_swap(self) -> None:
        """Put the selected natural card(s) in place of the target meld's wild card."""
        seat = self.my_seat()
        if seat is None:
            return
        cards = self.chosen()
        if not cards or self.target is None:
            self.say("✗ select the natural card(s) and a meld with a wild card", "bold red")
            return
        want = sorted(cards)
        legal = self.session.state.legal_actions(seat)
        for a in legal:
            if isinstance(a, SwapWild) and a.at == self.target and sorted(a.cards) == want:
                self.try_act(a)
                return
        self.try_act(SwapWild(seat, tuple(cards), self.target))

    def action_undo(self) -> None:
        """Take back the last staged step of the turn."""
        if self.my_seat() is None:
            return
        if self.session.undo():
            self.selected = set()
            self.say("taken back", "yellow")
        else:
            self.say("✗ nothing to take back: a draw or a discard cannot be undone", "bold red")

    def action_redeal(self) -> None:
        """Claim a redeal (L-52) in your turn."""
        seat = self.my_seat()
        if seat is not None:
            self.try_act(ClaimRedeal(seat))

    def action_hint(self) -> None:
        """Ask the solver what to do."""
        seat = self.my_seat()
        if seat is None:
            return
        lines = self.session.hint(seat)
        said = " ".join(hint_text(self.lang, line) for line in lines)
        self.say(f"{tr(self.lang, 'Hint')}: {said}", "bold cyan")

    def action_quit_game(self) -> None:
        """Save and leave."""
        self.session.save()
        self.exit(0)


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
