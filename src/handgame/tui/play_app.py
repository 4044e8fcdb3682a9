"""``hand play``'s app: people and bots at one table, the bots playing in a worker."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.text import Text
from textual.binding import BindingType

from handgame.core.cards import SUIT_SYMBOLS, Card
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
from handgame.games.hand.melds import Meld, analyze
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.tui import render
from handgame.tui.base import NAV_BINDINGS, BaseGameApp, hidden_keys
from handgame.tui.i18n import rule_text
from handgame.tui.play_base import PlayingApp
from handgame.tui.screens import ChoiceScreen
from handgame.tui.session import Session, choice, describe
from handgame.tui.session_base import Waiting


def meld_words(meld: Meld) -> str:
    """A meld for people: its cards with suit symbols, each wild card with what it stands for
    (``7♦ A♣=8♦ 9♦``; in a set, the suits it may be: ``X=7♠/♣``)."""
    parts = []
    for i, c in enumerate(meld.cards):
        if i not in meld.wild_at:
            parts.append(c.symbol())
            continue
        sf = meld.stands_for(i)
        if sf is not None:
            parts.append(f"{c.symbol()}={sf.symbol()}")
        else:
            rank = "A23456789TJQK"[meld.rank - 1]
            suits = "/".join(SUIT_SYMBOLS["SHDC".index(s)] for s in meld.missing_suits())
            parts.append(f"{c.symbol()}={rank}{suits}")
    return " ".join(parts)


class HandApp(PlayingApp[Session], BaseGameApp):
    """``hand play``: people and bots at one table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *NAV_BINDINGS,
        *hidden_keys(
            "d:draw('stock') t:draw('discard') m:meld a:add w:swap x:discard(True) "
            "X:discard(False) u:undo r:redeal question_mark:hint q:quit_game"
        ),
    ]

    refusals = (IllegalAction,)
    prompts: ClassVar[dict[str, str]] = {
        "first-discard": "you start the round: select a card and discard it (x)",
        "draw": "draw from the stock (d) or take the discard (t)",
        "play": "lay melds (m), add (a), swap (w), then discard (x); u takes a step back",
    }

    def current(self) -> tuple[State, PlayerView, list[str]]:
        """The viewer's view of the live game."""
        s = self.session
        return s.state, s.state.view(s.viewer()), s.log

    def auto_step(self, waiting: Waiting) -> bool:
        """A bot offered a redeal out of turn (L-52) claims it or passes."""
        if waiting.kind != "bot-claims":
            return False
        self.session.bot_claims()
        return True

    async def bot_turn(self, seat: int) -> None:
        """The bot of ``seat`` chooses (in a thread) and its action is committed."""
        s = self.session
        action = await asyncio.to_thread(s.bot_choice, seat)
        s.commit(action)

    def decide(self, waiting: Waiting) -> None:
        """A person's redeal offer (L-52) or turn (hot-seat: the screen covered first)."""
        seat = waiting.seat
        assert seat is not None
        if waiting.kind == "offer":
            self._offer(seat)
        elif waiting.kind == "human":
            self.pass_terminal(seat, lambda: self._prompt(seat))

    # ------------------------------------------------------------------ screens
    def result_text(self) -> Text:
        """The round just scored."""
        st = self.session.state
        r = st.results[-1]
        return render.result_text(st, r, len(st.results), st.game.names, self.lang)

    def match_text(self) -> Text:
        """The match's totals."""
        st = self.session.state
        return render.match_text(st, st.game.names, self.lang)

    def winner_words(self) -> str | None:
        """The winner (both partners in partnership), None while there is none."""
        st = self.session.state
        names = st.game.names
        if st.winner is None:
            return None
        if st.game.partnership:
            return f"{names[st.winner]} + {names[st.winner + 2]}"
        return names[st.winner]

    def _offer(self, seat: int) -> None:
        s = self.session
        claim = ClaimRedeal(seat)
        options = [Text(choice(claim, ())), Text("play on")]
        name = s.name(seat)

        def done(picked: int | None) -> None:
            if picked == 0:
                try:
                    s.act(claim)
                except IllegalAction as e:
                    self.say(f"✗ {rule_text(self.lang, e)}", "bold red")
            else:
                s.decline_offer(seat)
            self.advance()

        self.push_screen(
            ChoiceScreen(f"{name}: your hand entitles you to a redeal (L-52).", options), done
        )

    # ------------------------------------------------------------------ acting
    def chosen(self) -> list[Card]:
        """The selected cards."""
        return [self.hand_cards[i] for i in sorted(self.selected) if i < len(self.hand_cards)]

    def words(self, action: Action) -> str:
        """What the person's action does (``pile``: the discard pile before it)."""
        rnd = self.session.state.round
        return describe(action, rnd.discard_pile if rnd is not None else (), "you")

    def ends_step(self, action: Action) -> bool:
        """A draw, a discard or a redeal hands the game on; the staged steps only change it."""
        return isinstance(action, (Draw, Discard, ClaimRedeal))

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
        if len(cards) == 2:  # the two wild cards of the two-wilds bonus (O-11)
            self.try_act(Discard(seat, cards[0], announce, cards[1]))
            return
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
        wilds = self.session.wilds()
        assert wilds is not None
        texts = []
        for o in options:
            meld = analyze(o, wilds, self.session.state.rules)
            texts.append(Text(meld_words(meld)))

        def done(picked: int | None) -> None:
            if picked is not None:
                self.try_act(LayMelds(seat, (options[picked],)))

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
            pile = self.session.state.view(seat).discard_pile
            texts = [Text(choice(a, pile)) for a in ends]

            def done(picked: int | None) -> None:
                if picked is not None:
                    self.try_act(ends[picked])

            self.push_screen(ChoiceScreen(f"Which end of meld {to + 1}?", texts), done)
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
