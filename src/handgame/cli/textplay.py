"""The plain-text game, for any game: seat 0 is you, the other seats are bots, through standard
input and output (``hand play --plain``, or ``hand play`` without a terminal).

Each decision prints the table as the full-screen game draws it (the game's terminal parts,
without colour) and your legal actions, numbered. Type an action's number, the action in words
where the game's parts read them (``meld KS KH KD``, ``add 2C to 0``), ``?`` for a hint or
``q`` to quit; a refused action is printed with its rule ids. A decision out of turn (a claim
the game offers, a question the seat must answer) is asked the same way.

The bots are ``--opponents``'; without it, every other seat plays uniformly at random among its
legal actions from one generator seeded ``SEED:bots`` and never takes an optional offer, so a
game is reproducible from its seed. The match is driven by the one driver like every other
(deal ``N`` is shuffled with the seed ``SEED:N``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from handgame.core.bot import Bot
from handgame.core.errors import GameError
from handgame.core.game import GameSpec
from handgame.tui.i18n import rule_text, tr
from handgame.tui.render import cards_text, sort_hand
from handgame.tui.session import HUMAN, Session

Reader = Callable[[str], str]
Writer = Callable[[str], None]

#: the seat of the person
YOU = 0


class Quit(Exception):
    """The player typed q or closed the input."""


class UniformBot(Bot):
    """The plain game's default opponents: uniform over the legal actions from one generator
    shared by every seat it plays; never takes an optional offer out of turn."""

    name = "uniform"

    def __init__(self, seed: int | str) -> None:
        """A bot drawing from ``random.Random(f"{seed}:bots")``."""
        super().__init__(seed)
        self.rng = random.Random(f"{seed}:bots")

    def choose(self, view: Any) -> Any:
        """A legal action chosen uniformly at random."""
        return self.rng.choice(view.legal_actions)

    def wants_redeal(self, view: Any) -> bool:
        """Never takes an optional offer."""
        return False


class TextGame:
    """One match in the terminal, through ``read`` and ``write``."""

    def __init__(self, session: Session, read: Reader, write: Writer, lang: str = "en") -> None:
        """Play ``session`` (seat 0 is the person) in the language ``lang``."""
        self.session = session
        self.parts = session.parts
        self.read = read
        self.write = write
        self.lang = lang
        self.printed = 0
        self.say = session.sayer(lang)

    def tr(self, key: str, **values: Any) -> str:
        """The glossary's word ``key`` in the game's language."""
        return tr(self.lang, key, **values)

    def flush_log(self) -> None:
        """Print the log lines not printed yet."""
        log = self.session.log_lines(self.lang)
        for line in log[self.printed :]:
            self.write(line)
        self.printed = len(log)

    def ask(self, prompt: str) -> str:
        """One line typed by the person (``q`` or the end of the input quits)."""
        try:
            answer = self.read(prompt).strip()
        except EOFError:
            raise Quit from None
        if answer.lower() in ("q", "quit", "exit"):
            raise Quit
        return answer

    def show_view(self, seat: int) -> None:
        """Print the table as ``seat`` sees it, and its hand."""
        s = self.session
        view = s.state.view(seat)
        drawn = self.parts.draw(s.state, view, None, self.lang, None)
        wilds = self.parts.wilds(view)
        hand = sort_hand(view.hand, wilds)
        self.write("")
        self.write(drawn.header.plain)
        self.write(drawn.table.plain)
        self.write(self.tr("plain_your_hand", n=len(hand)) + cards_text(hand, wilds).plain)

    def decide(self, seat: int, offer: str | None) -> None:
        """Show the table and let the person at ``seat`` act; ``offer``: the question of a
        decision out of turn (``pass`` then plays on, when it may be passed)."""
        s = self.session
        view = s.state.view(seat)
        self.show_view(seat)
        if offer is not None:
            self.write(self.parts.offer_question(s.state, seat, self.lang))
        actions = list(view.legal_actions)
        if not actions:
            raise RuntimeError("no legal action for you: this is an engine bug")
        options = [self.parts.choice(a, view, self.lang) for a in actions]
        optional = offer == "offer"
        if optional:
            options.append(self.tr("plain_pass"))
        for i, option in enumerate(options, 1):
            self.write(f"  {i:2d}. {option}")
        while True:
            answer = self.ask(self.tr("plain_move"))
            if answer == "?":
                for line in s.hint(seat):
                    self.write(self.tr("plain_hint", text=self.say.say(line)))
                continue
            try:
                if answer.isdigit() and 1 <= int(answer) <= len(options):
                    if int(answer) > len(actions):  # pass
                        s.decline(seat)
                        return
                    action = actions[int(answer) - 1]
                elif answer.isdigit():  # a number, but of no choice
                    n = str(len(options))  # typed digits: as the person types them
                    self.write(self.tr("plain_no_choice", choice=answer, n=n))
                    continue
                elif answer and (typed := self.parts.typed(answer, seat)) is not None:
                    action = s.spec.parse_action(typed)
                else:
                    self.write(self.tr("plain_type_number", n=str(len(options))))
                    continue
                s.act(action)
            except GameError as e:
                self.write(f"✗ {rule_text(self.lang, e)}")
                continue
            return

    def run(self) -> int:
        """Play until the match is over or the person quits; the exit code."""
        s = self.session
        try:
            while True:
                w = s.waiting()
                if w.kind == "over":
                    break
                if w.kind == "summary":
                    self.flush_log()
                    self.write("")
                    self.write(self.parts.round_text(s.state, self.lang).plain)
                    self.write(self.parts.match_text(s.state, self.lang).plain)
                    s.summary_seen()
                elif w.kind == "deal":
                    s.deal()
                elif w.kind == "bot":
                    try:
                        s.play_step(s.bot_step())
                    except Exception as e:  # a bot failed: say so, never a traceback
                        s.save()
                        self.write(self.tr("plain_stopped", error=f"{type(e).__name__}: {e}"))
                        return 1
                else:
                    assert w.seat is not None
                    self.flush_log()
                    self.decide(w.seat, w.kind if w.kind in ("offer", "answer") else None)
                self.flush_log()
        except (Quit, KeyboardInterrupt):
            s.save()
            saved = " " + self.tr("plain_saved", path=str(s.record)) if s.record else ""
            self.write("\n" + self.tr("plain_quit") + saved)
            return 0
        self.flush_log()
        self.show_final()
        return 0

    def show_final(self) -> None:
        """Print the final scores and the winner."""
        s = self.session
        self.write("\n" + self.tr("plain_over"))
        self.write(self.parts.match_text(s.state, self.lang).plain)
        winner = self.parts.winner(s.state, self.lang) or self.tr("plain_nobody")
        self.write(self.tr("plain_winner", name=winner))
        if s.record is not None:
            self.write(self.tr("plain_saved", path=str(s.record)))


def play(
    spec: GameSpec,
    game: Any,
    seed: int | str,
    record: Path | None = None,
    opponents: list[str] | None = None,
    read: Reader = input,
    write: Writer = print,
    lang: str = "en",
) -> int:
    """Play one match of ``game`` (of the game ``spec``) in the terminal: you at seat 0,
    ``opponents`` at the others (bot specs; by default :class:`UniformBot`), in the language
    ``lang``; the exit code."""
    others = opponents if opponents is not None else ["uniform"] * (game.players - 1)
    seats = [HUMAN, *others]
    bots: dict[int, Bot] | None = None
    if opponents is None:
        bot = UniformBot(seed)
        bots = {i: bot for i in range(1, game.players)}
    session = Session(
        spec, game, seats, str(seed), record, bots=bots, stage=False, play_field=False
    )
    return TextGame(session, read, write, lang).run()
