"""``hand play --rules hand-and-foot``'s app: the Hand and Foot table, people and bots.

The main screen is the one every game's table shares (:class:`~handgame.tui.base.CardTableApp`):
the header says the round, its opening minimum (HF-8), the stock and the pile (blocked, HF-3);
the table each team's seats (card count, foot down or picked up, red threes) and its melds and
books; then the log, a message line, your hand and the keys. When a partner asks "may I go
out?" (HF-10), the partner at the keyboard answers in a dialog.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.text import Text
from textual.binding import BindingType

from handgame.core.actions import Action
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.text import choice
from handgame.tui import hf_render
from handgame.tui.base import NAV_BINDINGS, hidden_keys
from handgame.tui.hf_session import Session
from handgame.tui.hf_table import HFTableApp
from handgame.tui.i18n import tr
from handgame.tui.play_base import PlayingApp
from handgame.tui.screens import ChoiceScreen
from handgame.tui.session_base import Waiting

#: the keys line of the Hand and Foot table
HF_KEYS_HELP = (
    ("←→", "select"),
    ("space", "select"),
    ("↑↓", "meld target"),
    ("d", "draw"),
    ("t", "take"),
    ("m", "meld"),
    ("a", "add"),
    ("g", "ask partner"),
    ("x", "discard"),
    ("?", "hint"),
    ("s", "sort"),
    ("p", "pile"),
    ("l", "log"),
    ("q", "quit"),
)


class HFApp(PlayingApp[Session], HFTableApp):
    """``hand play --rules hand-and-foot``: people and bots at one Hand and Foot table."""

    keys_help = HF_KEYS_HELP
    BINDINGS: ClassVar[list[BindingType]] = [
        *NAV_BINDINGS,
        *hidden_keys("d:draw t:take m:meld a:add g:ask x:discard question_mark:hint q:quit_game"),
    ]

    prompts: ClassVar[dict[str, str]] = {
        "draw": "draw two (d) or take the pile (t)",
        "play": "meld (m), add (a), ask your partner (g), then discard (x)",
    }

    # ------------------------------------------------------------------ drawing
    def show(self) -> None:
        """Redraw everything from the viewer's view."""
        self.draw(self.session.view(), self.session.log)

    def pile_text(self) -> Text:
        """The whole discard pile."""
        return hf_render.pile_text(self.session.view(), self.lang)

    def log_lines(self) -> list[str]:
        """The log so far."""
        return self.session.log

    # ------------------------------------------------------------------ the game's turns
    async def bot_turn(self, seat: int) -> None:
        """The bot to decide (its turn, or its answer to its partner) acts, in a thread."""
        s = self.session
        s.commit(await asyncio.to_thread(s.bot_step))

    def decide(self, waiting: Waiting) -> None:
        """A person's turn or answer (HF-10); hot-seat: the screen is covered first."""
        seat = waiting.seat
        if seat is None:
            return
        if waiting.kind == "answer":
            self.pass_terminal(seat, lambda: self._ask_partner(seat))
        else:
            self.pass_terminal(seat, lambda: self._prompt(seat))

    def result_text(self) -> Text:
        """The round just scored."""
        view = self.session.view()
        return hf_render.result_text(view, view.results[-1], len(view.results), self.lang)

    def match_text(self) -> Text:
        """The teams' totals."""
        return hf_render.match_text(self.session.view(), self.lang)

    def winner_words(self) -> str | None:
        """The winning team, or a draw (HF-12)."""
        return hf_render.winner_text(self.session.view(), self.session.state.winner, self.lang)

    def hint_kind(self, line: str) -> str | None:
        """The kind of advice a Hand and Foot hint line gives."""
        return self.session.spec.hint_kind(line)

    def _ask_partner(self, seat: int) -> None:
        """The dialog of the partner's question (HF-10): yes or no."""
        s = self.session
        asker = s.state.current_seat
        who = s.name(asker) if asker is not None else "?"
        question = f"{who}: {tr(self.lang, 'may I go out?')} (HF-10)"
        options = [Text(tr(self.lang, "yes")), Text(tr(self.lang, "no"))]

        def done(picked: int | None) -> None:
            if picked is None:  # the answer is required: ask again
                self._ask_partner(seat)
                return
            self.try_act(Answer(seat, picked == 0))

        self.show()
        self.push_screen(ChoiceScreen(question, options), done)

    # ------------------------------------------------------------------ acting
    def words(self, action: Action) -> str:
        """What the person's action does, worded from their view before it."""
        return self.session.spec.describe(action, self.session.state.view(action.seat), "you")

    def _pick(self, title: str, actions: list[Action]) -> None:
        """Act at once when there is one way, else ask which."""
        if len(actions) == 1:
            self.try_act(actions[0])
            return
        pile = self.session.state.view(actions[0].seat).discard_pile
        texts = [Text(choice(a, pile)) for a in actions]

        def done(picked: int | None) -> None:
            if picked is not None:
                self.try_act(actions[picked])

        self.push_screen(ChoiceScreen(title, texts), done)

    def action_draw(self) -> None:
        """Draw two cards from the stock (HF-6)."""
        seat = self.my_seat()
        if seat is not None:
            self.try_act(Draw(seat))

    def action_take(self) -> None:
        """Take the pile with the selected cards, or with the way the rules allow (HF-6)."""
        seat = self.my_seat()
        if seat is None:
            return
        cards = tuple(self.hand_cards[i] for i in sorted(self.selected))
        if cards:
            self.try_act(Take(seat, cards))
            return
        legal = self.session.state.legal_actions(seat)
        takes: list[Action] = [a for a in legal if isinstance(a, Take)]
        self._pick("Take the pile how?", takes or [Take(seat, ())])

    def action_meld(self) -> None:
        """Lay the selected cards as one new meld (HF-4)."""
        seat = self.my_seat()
        if seat is None:
            return
        cards = tuple(self.hand_cards[i] for i in sorted(self.selected))
        if len(cards) < 3:
            self.say("✗ select the three or more cards of the meld first (HF-4)", "bold red")
            return
        self.try_act(Meld(seat, (cards,)))

    def action_add(self) -> None:
        """Add the selected cards (or the card under the cursor) to the target meld (HF-4)."""
        seat = self.my_seat()
        if seat is None or not self.hand_cards:
            return
        cards = tuple(self.hand_cards[i] for i in sorted(self.selected))
        cards = cards or (self.hand_cards[self.cursor],)
        if self.target is None:
            self.say("✗ pick one of your team's melds first (↑↓ or a click)", "bold red")
            return
        self.try_act(Add(seat, cards, self.target))

    def action_ask(self) -> None:
        """Ask the partner "may I go out?" (HF-10)."""
        seat = self.my_seat()
        if seat is not None:
            self.try_act(Ask(seat))

    def action_discard(self) -> None:
        """Discard the selected card (or the card under the cursor), ending the turn (HF-6)."""
        seat = self.my_seat()
        if seat is None or not self.hand_cards:
            return
        cards = [self.hand_cards[i] for i in sorted(self.selected)] or [
            self.hand_cards[self.cursor]
        ]
        if len(cards) != 1:
            self.say("✗ select exactly one card to discard (HF-6)", "bold red")
            return
        self.try_act(Discard(seat, cards[0]))
