"""The plain-text game of Hand and Foot: seat 0 is you, the other seats bots (random unless
``--opponents`` names others), through standard input and output.

Each turn prints the table as the full-screen game draws it (:mod:`handgame.tui.hf_render`,
without colour): both teams' melds and books, every seat's card count, foot and red threes,
the pile (blocked or not) and the round's minimum. Type an action's number, or the action in
words (``meld KS KH KD``, ``add 2C to 0``, ``take KS KD``, ``discard 7H``, ``ask``,
``answer no``), ``?`` for a hint or ``q`` to quit; a refused action is printed with its HF
rule ids. When your partner asks "may I go out?" (HF-10), you answer yes or no.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from handgame.core.errors import GameError
from handgame.games.hand_and_foot.state import Game
from handgame.games.hand_and_foot.text import choice
from handgame.games.hand_and_foot.view import PlayerView
from handgame.tui import hf_render
from handgame.tui.hf_session import HUMAN, Session
from handgame.tui.render import sort_hand

Reader = Callable[[str], str]
Writer = Callable[[str], None]

YOU = 0


class Quit(Exception):
    """The player typed q or closed the input."""


def typed_action(text: str, seat: int) -> dict[str, Any]:
    """An action typed in words as its record object (RECORD.md § Hand and Foot)."""
    words = text.replace(",", " ").split()
    verb, rest = words[0].lower(), words[1:]
    to: int | None = None
    if len(rest) >= 2 and rest[-2].lower() == "to":
        if not rest[-1].isdigit():
            raise GameError(f"'to' needs a meld's number, not {rest[-1]!r}")
        to, rest = int(rest[-1]), rest[:-2]
    obj: dict[str, Any] = {"seat": seat}
    if verb == "draw":
        obj["draw"] = "stock"
    elif verb == "take":
        obj["take"] = rest
    elif verb in ("meld", "lay"):
        melds: list[list[str]] = [[]]
        for w in rest:
            if w == "|":
                melds.append([])
            else:
                melds[-1].append(w)
        obj["meld"] = melds
    elif verb == "add":
        obj["add"] = rest
    elif verb == "ask":
        obj["ask"] = "go-out"
    elif verb == "answer":
        obj["answer"] = bool(rest) and rest[0].lower() in ("yes", "y", "true")
    elif verb == "discard":
        obj["discard"] = rest[0] if len(rest) == 1 else rest
    else:
        raise GameError(
            f"unknown action {verb!r}: type a number, or draw, take, meld, add, ask, answer, "
            "discard"
        )
    if to is not None:
        obj["to"] = to
    return obj


def show_view(view: PlayerView, write: Writer) -> None:
    """Print the table as seat ``view.seat`` sees it, and its hand."""
    write("")
    write(hf_render.header_text(view, "en").plain)
    write(hf_render.table_text(view, None, "en")[0].plain)
    hand = sort_hand(view.hand, hf_render.WILDS)
    write(f"your hand ({len(hand)}): " + hf_render.cards_text(hand).plain)


class TextGame:
    """One match in the terminal, through ``read`` and ``write``."""

    def __init__(self, session: Session, read: Reader, write: Writer) -> None:
        """Play ``session`` (seat 0 is the person)."""
        self.session = session
        self.read = read
        self.write = write
        self.printed = 0

    def flush_log(self) -> None:
        """Print the log lines not printed yet."""
        log = self.session.log
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

    def decide(self, seat: int, question: str | None) -> None:
        """Show the table and let the person at ``seat`` act (or answer ``question``)."""
        s = self.session
        view = s.state.view(seat)
        show_view(view, self.write)
        if question is not None:
            self.write(question)
        actions = list(view.legal_actions)
        if not actions:
            raise RuntimeError("no legal action for you: this is an engine bug")
        pile = view.discard_pile
        for i, a in enumerate(actions, 1):
            self.write(f"  {i:2d}. {choice(a, pile)}")
        while True:
            answer = self.ask("your move> ")
            if answer == "?":
                for line in s.hint(seat):
                    self.write(f"hint: {line}")
                continue
            try:
                if answer.isdigit() and 1 <= int(answer) <= len(actions):
                    action = actions[int(answer) - 1]
                elif answer:
                    action = s.spec.parse_action(typed_action(answer, seat))
                else:
                    continue
                s.act(action)
            except GameError as e:
                self.write(f"✗ {e}")
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
                    view = s.state.view(YOU)
                    result = view.results[-1]
                    self.write("")
                    self.write(hf_render.result_text(view, result, len(view.results), "en").plain)
                    self.write(hf_render.match_text(view, "en").plain)
                    s.summary_seen()
                elif w.kind == "deal":
                    s.deal()
                elif w.kind == "bot":
                    try:
                        s.commit(s.bot_step())
                    except Exception as e:  # a bot failed: say so, never a traceback
                        s.save()
                        self.write(f"the game stopped: {type(e).__name__}: {e}")
                        return 1
                else:
                    assert w.seat is not None
                    self.flush_log()
                    question = None
                    if w.kind == "answer":
                        asker = s.state.current_seat
                        who = s.name(asker) if asker is not None else "your partner"
                        question = f"{who} asks: may I go out? (HF-10)"
                    self.decide(w.seat, question)
                self.flush_log()
        except (Quit, KeyboardInterrupt):
            s.save()
            self.write("\nquit." + (f" record saved to {s.record}" if s.record else ""))
            return 0
        self.flush_log()
        self.write("\n=== match over")
        self.write(hf_render.match_text(s.state.view(YOU), "en").plain)
        self.write(f"winner: {s.winner()}")
        if s.record is not None:
            self.write(f"record saved to {s.record}")
        return 0


def play(
    game: Game,
    seed: int | str,
    record: Path | None = None,
    opponents: list[str] | None = None,
    read: Reader = input,
    write: Writer = print,
) -> int:
    """Play one match of Hand and Foot in the terminal; returns the exit code."""
    seats = [HUMAN, *(opponents or ["random"] * (game.players - 1))]
    session = Session(game, seats, str(seed), record)
    return TextGame(session, read, write).run()
