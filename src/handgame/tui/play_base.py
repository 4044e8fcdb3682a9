"""What every game's ``hand play`` app shares: the loop that lets deals and bots play until a
person must decide (in a worker), the hot-seat cover, the turn's prompt, the round summary and
the match's end, the hint and quit keys.

A game's app (:class:`~handgame.tui.play_app.HandApp`,
:class:`~handgame.tui.hf_app.HFApp`) adds how its table is drawn and how its keys act.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from rich.text import Text

from handgame.core.errors import GameError
from handgame.games.hand.hints import hint_kind
from handgame.tui.base import CardTableApp
from handgame.tui.i18n import hint_text, rule_text, tr
from handgame.tui.screens import CoverScreen, InfoScreen
from handgame.tui.session_base import SeatedSession, Waiting

SessionT = TypeVar("SessionT", bound=SeatedSession[Any, Any])


class PlayingApp(CardTableApp, Generic[SessionT]):
    """A table where people and bots play one session."""

    #: what the prompt tells the person to do, by the phase of their turn
    prompts: ClassVar[dict[str, str]] = {}
    #: the errors of an action the rules refuse (shown with their rule ids, never a traceback)
    refusals: ClassVar[tuple[type[GameError], ...]] = (GameError,)

    def __init__(self, session: SessionT, lang: str = "en", bot_delay: float = 0.3) -> None:
        """The app playing ``session``; bots wait ``bot_delay`` seconds before acting."""
        super().__init__(lang)
        self.session = session
        self.bot_delay = bot_delay
        self.busy = False
        self.covered_for: int | None = None
        self.error: str | None = None

    def hand_owner_names(self) -> list[str]:
        """The people at the table."""
        return [self.session.name(s) for s in self.session.humans]

    # ------------------------------------------------------------------ what a game adds
    def auto_step(self, waiting: Waiting) -> bool:
        """Take a step of the game's own that needs nobody (True), or not (False)."""
        return False

    async def bot_turn(self, seat: int) -> None:
        """Let the bot of ``seat`` choose (in a thread: it may think a while) and commit."""
        raise NotImplementedError

    def decide(self, waiting: Waiting) -> None:
        """Ask the person ``waiting`` names for their decision."""
        raise NotImplementedError

    def hint_kind(self, line: str) -> str | None:
        """The kind of advice a hint line gives (Hand's by default)."""
        return hint_kind(line)

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
                if self.auto_step(w):
                    continue
                if w.kind != "bot":
                    break
                assert w.seat is not None
                self.show()
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                await self.bot_turn(w.seat)
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
        else:
            self.decide(w)

    # ------------------------------------------------------------------ screens
    def result_text(self) -> Text:
        """The round just scored."""
        raise NotImplementedError

    def match_text(self) -> Text:
        """The match's scores so far."""
        raise NotImplementedError

    def _show_summary(self) -> None:
        text = self.result_text()
        text.append("\n")
        text.append_text(self.match_text())

        def done(_: None) -> None:
            self.session.summary_seen()
            self.message = Text()
            self.advance()

        self.push_screen(InfoScreen(text, tr(self.lang, "press Enter")), done)

    def winner_words(self) -> str | None:
        """Who won the match (None: nobody to name)."""
        raise NotImplementedError

    def _show_over(self) -> None:
        text = Text(f"{tr(self.lang, 'Match over')}\n\n", style="bold")
        text.append_text(self.match_text())
        who = self.winner_words()
        if who is not None:
            text.append(f"\n{tr(self.lang, 'Winner')}: {who}\n", style="bold green")
        if self.session.record is not None:
            text.append(f"\n{tr(self.lang, 'record')}: {self.session.record}\n", style="dim")
        self.push_screen(InfoScreen(text, tr(self.lang, "quit")), lambda _: self.exit(0))

    def pass_terminal(self, seat: int, then: Callable[[], None]) -> None:
        """Hot-seat: cover the screen until ``seat``'s person takes the terminal; then ``then``."""
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
                then()

            self.push_screen(CoverScreen(text), uncover)
            return
        then()

    def _prompt(self, seat: int) -> None:
        what = self.prompts.get(self.session.state.view(seat).phase, "")
        if not self.message.plain.startswith(("✗", tr(self.lang, "Hint"))):
            self.message = Text(f"{tr(self.lang, 'your turn')}: {what}", style="bold green")
        self.show()

    # ------------------------------------------------------------------ acting
    def my_seat(self) -> int | None:
        """The seat whose turn the keys play now, or None."""
        if self.busy or self.error is not None:
            return None
        w = self.session.waiting()
        return w.seat if w.kind == "human" else None

    def words(self, action: Any) -> str:
        """What the person's ``action`` does, as the log says it (worded before it is applied)."""
        raise NotImplementedError

    def ends_step(self, action: Any) -> bool:
        """Whether ``action`` hands the game on (the loop then runs), or only changes the table."""
        return True

    def try_act(self, action: Any) -> bool:
        """Act for the person; show the broken rule (its ids) when it is not allowed."""
        said = self.words(action)
        try:
            self.session.act(action)
        except self.refusals as e:
            self.say(f"✗ {rule_text(self.lang, e)}", "bold red")
            return False
        self.selected = set()
        self.message = Text(said, style="green")
        if self.ends_step(action):
            self.advance()
        else:
            self.show()
        return True

    def action_hint(self) -> None:
        """Advice from the seat's view."""
        seat = self.my_seat()
        if seat is None:
            return
        lines = self.session.hint(seat)
        said = " ".join(hint_text(self.lang, line, self.hint_kind) for line in lines)
        self.say(f"{tr(self.lang, 'Hint')}: {said}", "bold cyan")

    def action_quit_game(self) -> None:
        """Save and leave."""
        self.session.save()
        self.exit(0)
