"""``hand play``'s app, for any game: people and bots at one table, the bots playing in a worker.

The loop lets deals and bots play until a person must decide; then it covers the screen in
hot-seat play, prompts the person, and their keys act: the game's keys through its parts
(:meth:`~handgame.tui.parts.TableParts.command`: an action, a choice among actions, or a
refusal), the shared ones here (undo, hint, quit). A decision out of turn (a claim the game
offers, or a question the seat must answer) is a dialog of the seat's legal actions. Round
summaries and the match's end are boxes over the table, drawn by the game's parts.
"""

from __future__ import annotations

import asyncio
from functools import cache
from typing import Any

from rich.text import Text
from textual.binding import BindingType

from handgame.core.errors import GameError
from handgame.tui.base import NAV_BINDINGS, CardTableApp, hidden_keys
from handgame.tui.i18n import rule_text, tr
from handgame.tui.parts import Choose, Keys, Refuse
from handgame.tui.screens import ChoiceScreen, CoverScreen, InfoScreen
from handgame.tui.session import Session

#: the keys every game's table plays with besides its own
SHARED_KEYS = "question_mark:hint q:quit_game"


class PlayApp(CardTableApp):
    """``hand play``: people and bots at one table of the session's game."""

    def __init__(self, session: Session, lang: str = "en", bot_delay: float = 0.3) -> None:
        """The app playing ``session``; bots wait ``bot_delay`` seconds before acting."""
        super().__init__(session.parts, lang)
        self.session = session
        self.bot_delay = bot_delay
        self.busy = False
        self.covered_for: int | None = None
        self.error: str | None = None

    def current(self) -> tuple[Any, Any, list[str]]:
        """The viewer's view of the live game."""
        s = self.session
        return s.state, s.view(), s.log_lines(self.lang)

    def hand_owner_names(self) -> list[str]:
        """The people at the table."""
        return [self.session.name(s) for s in self.session.humans]

    # ------------------------------------------------------------------ the game's loop
    def on_mount(self) -> None:
        """Start the game."""
        self.advance()

    def advance(self) -> None:
        """Let deals and bots play until a person must decide (in a worker)."""
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
                if w.kind != "bot":
                    break
                self.show()
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                s.play_step(await asyncio.to_thread(s.bot_step))  # a bot may think a while
        except Exception as e:  # a bot failed: stop and say so, never a traceback
            self.error = f"{type(e).__name__}: {e}"
            self.busy = False
            self.say(tr(self.lang, "tui_stopped", error=self.error), "bold red")
            return
        self.busy = False
        self.hand_hidden = False
        self.show()
        if w.kind == "summary":
            self._show_summary()
        elif w.kind == "over":
            self._show_over()
        elif w.seat is not None:
            seat = w.seat
            if w.kind in ("offer", "answer"):
                self.pass_terminal(seat, lambda: self._out_of_turn(seat, w.kind == "offer"))
            else:
                self.pass_terminal(seat, lambda: self._prompt(seat))

    # ------------------------------------------------------------------ screens
    def _show_summary(self) -> None:
        state = self.session.state
        text = self.parts.round_text(state, self.lang)
        text.append("\n")
        text.append_text(self.parts.match_text(state, self.lang))

        def done(_: None) -> None:
            self.session.summary_seen()
            self.message = Text()
            self.advance()

        self.push_screen(InfoScreen(text, tr(self.lang, "tui_press_enter")), done)

    def _show_over(self) -> None:
        state = self.session.state
        text = Text(f"{tr(self.lang, 'tui_match_over')}\n\n", style="bold")
        text.append_text(self.parts.match_text(state, self.lang))
        who = self.parts.winner(state, self.lang)
        if who is not None:
            text.append(f"\n{tr(self.lang, 'tui_winner')}: {who}\n", style="bold green")
        if self.session.record is not None:
            text.append(f"\n{tr(self.lang, 'tui_record')}: {self.session.record}\n", style="dim")
        self.push_screen(InfoScreen(text, tr(self.lang, "tui_quit")), lambda _: self.exit(0))

    def pass_terminal(self, seat: int, then: Any) -> None:
        """Hot-seat: cover the screen until ``seat``'s person takes the terminal; then ``then``."""
        s = self.session
        if len(s.humans) > 1 and self.covered_for != seat:
            self.covered_for = seat
            self.hand_hidden = True
            self.show()
            text = (
                f"{tr(self.lang, 'tui_pass_to')} {s.name(seat)} — "
                f"{tr(self.lang, 'tui_press_enter')}"
            )

            def uncover(_: None) -> None:
                self.hand_hidden = False
                then()

            self.push_screen(CoverScreen(text), uncover)
            return
        then()

    def _prompt(self, seat: int) -> None:
        key = self.parts.prompts.get(self.session.state.view(seat).phase)
        what = tr(self.lang, key) if key is not None else ""
        if not self.message.plain.startswith(("✗", tr(self.lang, "tui_hint"))):
            self.message = Text(f"{tr(self.lang, 'tui_your_turn')}: {what}", style="bold green")
        self.show()

    def _out_of_turn(self, seat: int, optional: bool) -> None:
        """The dialog of a decision out of turn: the seat's legal actions, and "play on" when it
        may pass (a required answer is asked again until it is given)."""
        s = self.session
        view = s.state.view(seat)
        actions = list(view.legal_actions)
        options = [Text(self.parts.choice(a, view, self.lang)) for a in actions]
        if optional:
            options.append(Text(tr(self.lang, "tui_play_on")))

        def done(picked: int | None) -> None:
            if picked is not None and picked < len(actions):
                if not self.try_act(actions[picked]):
                    self.advance()
                return
            if not optional:
                self._out_of_turn(seat, optional)
                return
            s.decline(seat)
            self.advance()

        self.show()
        question = self.parts.offer_question(s.state, seat, self.lang)
        self.push_screen(ChoiceScreen(question, options), done)

    # ------------------------------------------------------------------ acting
    def my_seat(self) -> int | None:
        """The seat whose turn the keys play now, or None."""
        if self.busy or self.error is not None:
            return None
        w = self.session.waiting()
        return w.seat if w.kind == "human" else None

    def try_act(self, action: Any) -> bool:
        """Act for the person; show the broken rule (its ids) when it is not allowed."""
        s = self.session
        said = s.sayer(self.lang).say(self.parts.action_line(action, s.state))
        try:
            s.act(action)
        except GameError as e:
            self.say(f"✗ {rule_text(self.lang, e)}", "bold red")
            return False
        self.selected = set()
        self.message = Text(said, style="green")
        if s.staged and action.verb in s.staged_verbs:
            self.show()  # a staged step only changes the table
        else:
            self.advance()
        return True

    def action_command(self, name: str, argument: str | None = None) -> None:
        """A key of the game's: its parts say what it does with the selection and the target."""
        seat = self.my_seat()
        if seat is None:
            return
        state = self.session.state
        cards = tuple(self.hand_cards[i] for i in sorted(self.selected) if i < len(self.hand_cards))
        under = self.hand_cards[self.cursor] if self.hand_cards else None
        keys = Keys(state, state.view(seat), seat, cards, under, self.target, self.lang)
        outcome = self.parts.command(name, argument, keys)
        if isinstance(outcome, Refuse):
            why = outcome.why
            if isinstance(why, GameError):
                self.say(f"✗ {rule_text(self.lang, why)}", "bold red")
            else:
                self.say(f"✗ {self.session.sayer(self.lang).say(why)}", "bold red")
        elif isinstance(outcome, Choose):
            actions = [a for _, a in outcome.options]

            def done(picked: int | None) -> None:
                if picked is not None:
                    self.try_act(actions[picked])

            texts = [Text(label) for label, _ in outcome.options]
            title = self.session.sayer(self.lang).say(outcome.title)
            self.push_screen(ChoiceScreen(title, texts), done)
        elif outcome is not None:
            self.try_act(outcome)

    def action_undo(self) -> None:
        """Take back the last staged step of the turn."""
        if self.my_seat() is None:
            return
        if self.session.undo():
            self.selected = set()
            self.say(tr(self.lang, "tui_taken_back"), "yellow")
        else:
            self.say(f"✗ {tr(self.lang, 'tui_nothing_back')}", "bold red")

    def action_hint(self) -> None:
        """Advice from the seat's view."""
        seat = self.my_seat()
        if seat is None:
            return
        say = self.session.sayer(self.lang)
        said = " ".join(say.say(line) for line in self.session.hint(seat))
        self.say(f"{tr(self.lang, 'tui_hint')}: {said}", "bold cyan")

    def action_quit_game(self) -> None:
        """Save and leave."""
        self.session.save()
        self.exit(0)


@cache
def _app_class(bindings: str) -> type[PlayApp]:
    keys: list[BindingType] = [*NAV_BINDINGS, *hidden_keys(f"{bindings} {SHARED_KEYS}")]
    return type("PlayApp", (PlayApp,), {"BINDINGS": keys})


def play_app(session: Session, lang: str = "en", bot_delay: float = 0.3) -> PlayApp:
    """The app playing ``session``, with its game's keys bound."""
    return _app_class(session.parts.bindings)(session, lang, bot_delay)


__all__ = ["PlayApp", "play_app"]
