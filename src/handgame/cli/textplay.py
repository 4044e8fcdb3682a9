"""A minimal plain-text game of Hand in the terminal: seat 0 is you, the other seats are bots.

The bots choose uniformly at random among their legal actions (one seeded ``random.Random``
for them all) and never claim a redeal, so a game is reproducible from its seed. The match is
driven by :class:`handgame.play.driver.Driver` like every other game (deal ``N`` is shuffled
with the seed ``f"{seed}:{N}"``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from handgame.core.bot import Bot
from handgame.games.hand import text
from handgame.games.hand.actions import (
    Action,
    Draw,
)
from handgame.games.hand.record import dumps, to_record
from handgame.games.hand.rounds import RoundResult
from handgame.games.hand.state import Game, State
from handgame.games.hand.view import PlayerView
from handgame.play.driver import Driver

HUMAN = 0
Reader = Callable[[str], str]
Writer = Callable[[str], None]


class Quit(Exception):
    """The player typed q or closed the input."""


def seat_name(seat: int) -> str:
    """How the text game calls a seat."""
    return "you" if seat == HUMAN else f"bot {seat}"


def describe(action: Action, view: PlayerView) -> str:
    """An action as a choice offered to the human (``lay 7♦ 8♦ 9♦``)."""
    return text.choice(action, view.discard_pile)


def show_view(v: PlayerView, write: Writer) -> None:
    """Print what seat 0 may see: table, wild cards, stock, scores and its own hand."""
    write("")
    write(f"=== round {v.round_number} · dealer: {seat_name(v.dealer)} · stock: {v.stock_count}")
    wild = "no wild cards" if v.wild is None else f"wild: {v.wild}"
    if v.wild is not None and v.wild.is_joker:
        wild = "wild: the jokers (X)"
    if v.joker_as is not None:
        wild += f", jokers play as {v.joker_as}"
    ind = f"indicator {v.indicator} · " if v.indicator is not None else ""
    top = str(v.discard_pile[-1]) if v.discard_pile else "(empty)"
    pile = len(v.discard_pile)
    write(f"{ind}{wild} · discard pile: {top} ({pile} card{'s' if pile != 1 else ''})")
    for m in v.melds:
        write(f"  [{m.index + 1}] {seat_name(m.owner)}: {m.text}")
    seats = []
    for s in range(v.players):
        opened = ", opened" if v.opened[s] else ""
        seats.append(f"{seat_name(s)} {v.hand_counts[s]} cards{opened}, total {v.totals[s]}")
    write("  " + " | ".join(seats))
    if v.team_totals is not None:
        write(f"  teams: you + bot 2 = {v.team_totals[0]}, bot 1 + bot 3 = {v.team_totals[1]}")
    write(f"your hand ({len(v.hand)}): " + " ".join(str(c) for c in sorted(v.hand)))


def show_result(r: RoundResult, number: int, write: Writer) -> None:
    """Print how a round ended."""
    if r.result == "void":
        why = "a redeal (L-52)" if r.reason == "redeal" else "the stock ran out (L-81)"
        write(f"\n*** round {number}: no score, {why}")
        return
    assert r.winner is not None
    bonus = f" ×{r.multiplier}" if r.multiplier != 1 else ""
    write(f"\n*** round {number}: {seat_name(r.winner)} went out, {r.hand} hand{bonus}")
    for s, score in enumerate(r.scores):
        cards = " ".join(r.penalties[s]) if s < len(r.penalties) and r.penalties[s] else ""
        write(f"    {seat_name(s)}: {score:+d}  {cards}".rstrip())


def choose(prompt: str, options: list[str], read: Reader, write: Writer) -> int:
    """Ask for a number from 1 to len(options); 0 means pass when 'pass' is the last option."""
    for i, option in enumerate(options, 1):
        write(f"  {i:2d}. {option}")
    while True:
        try:
            answer = read(prompt).strip().lower()
        except EOFError:
            raise Quit from None
        if answer in ("q", "quit", "exit"):
            raise Quit
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return int(answer) - 1
        write(f"type a number from 1 to {len(options)}, or q to quit")


class _TextBot(Bot):
    """The text game's bots: uniform over the legal actions, from one shared generator."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        """A bot drawing from ``rng``."""
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        """A legal action chosen uniformly at random."""
        return self.rng.choice(view.legal_actions)

    def wants_redeal(self, view: PlayerView) -> bool:
        """Never claims a redeal."""
        return False


class TextGame:
    """One match in the terminal: the human at seat 0 against random bots."""

    def __init__(
        self, game: Game, seed: int | str, record: Path | None, read: Reader, write: Writer
    ) -> None:
        """Set up the match; nothing is dealt yet."""
        self.state: State = game.new_match(0)
        self.seed = seed
        self.record = record
        self.read = read
        self.write = write
        self.rng = random.Random(f"{seed}:bots")
        bot = _TextBot(self.rng)
        self.driver = Driver(lambda seat: None if seat == HUMAN else bot, seed)

    def save(self) -> None:
        """Write the record so far (hand-record/1) when --record was given."""
        if self.record is not None:
            self.record.write_text(dumps(to_record(self.state)) + "\n", encoding="utf-8")

    def apply(self, action: Action) -> None:
        """Play one action, report what happened, and save the record."""
        before = self.state
        self.state = before.apply(action)
        seat = action.seat
        if seat != HUMAN:
            pile = before.round.discard_pile if before.round is not None else ()
            self.write(text.describe(action, pile, seat_name(seat)))
        elif isinstance(action, Draw) and action.source == "stock" and self.state.round:
            old = Counter(before.round.hands[HUMAN]) if before.round else Counter()
            new = Counter(self.state.round.hands[HUMAN]) - old
            self.write("you drew " + " ".join(str(c) for c in new.elements()))
        if len(self.state.results) > len(before.results):
            show_result(self.state.results[-1], len(self.state.results), self.write)
        self.save()

    def human_turn(self) -> None:
        """Show the view and let the human choose an action."""
        view = self.state.view(HUMAN)
        show_view(view, self.write)
        actions = list(view.legal_actions)
        if not actions:
            raise RuntimeError("no legal action for you: this is an engine bug")
        pick = choose("your move> ", [describe(a, view) for a in actions], self.read, self.write)
        self.apply(actions[pick])

    def offer(self, seat: int) -> None:
        """Offer the human an out-of-turn redeal claim (L-52), or play on."""
        view = self.state.view(seat)
        show_view(view, self.write)
        claim = view.legal_actions[0]
        texts = [describe(claim, view), "pass (play on)"]
        if choose("redeal?> ", texts, self.read, self.write) == 0:
            self.apply(claim)
        else:
            self.driver.decline(self.state, seat)

    def run(self) -> int:
        """Play until the match is over or the human quits; the exit code."""
        try:
            while True:
                step = self.driver.auto(self.state)
                if step is not None:
                    kind, what = step
                    if kind == "deal":
                        self.state = self.state.apply_deal(what)
                        self.save()
                    else:
                        self.apply(what)
                    continue
                decision = self.driver.decision(self.state)
                if decision.kind == "over":
                    break
                if decision.kind == "offer":
                    self.offer(HUMAN)
                else:
                    self.human_turn()
        except (Quit, KeyboardInterrupt):
            self.save()
            self.write("\nquit." + (f" record saved to {self.record}" if self.record else ""))
            return 0
        self.show_final()
        return 0

    def show_final(self) -> None:
        """Print the final totals and the winner."""
        st = self.state
        self.write("\n=== match over")
        for s, total in enumerate(st.totals):
            self.write(f"  {seat_name(s)}: {total}")
        team = st.team_totals()
        if team is not None:
            self.write(f"  teams: you + bot 2 = {team[0]}, bot 1 + bot 3 = {team[1]}")
            won = "your team" if st.winner == 0 else "the bots' team"
        else:
            won = seat_name(st.winner) if st.winner is not None else "nobody"
        self.write(f"winner: {won}")
        if self.record is not None:
            self.write(f"record saved to {self.record}")


def play(
    game: Game,
    seed: int | str,
    record: Path | None = None,
    read: Reader = input,
    write: Writer = print,
) -> int:
    """Play one match in the terminal; returns the exit code."""
    return TextGame(game, seed, record, read, write).run()
