"""Hand and Foot's table in the terminal (Rich, no Textual): the header (round, opening
minimum, stock, the pile and whether it is blocked), the table (each team's seats with their
card counts, feet and red threes, then its melds and books), round and match summaries.

The full-screen game and the plain-text game both draw with these (the plain game prints the
text without colour), so a table looks the same in both. Every marking works without colour:
wild cards carry a ``*``, the seat to act a ``▶``, the target meld a ``>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from handgame.core.cards import Card
from handgame.core.seating import team_seats
from handgame.games.hand_and_foot.rules import BOOK, is_wild
from handgame.games.hand_and_foot.view import PlayerView
from handgame.tui.i18n import tr
from handgame.tui.parts import Spots
from handgame.tui.render import card_text, shown_name


class HFWilds:
    """Hand and Foot's wild cards for the shared card drawing: the jokers and the 2s (HF-3)."""

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild."""
        return is_wild(card)


WILDS = HFWilds()


def cards_text(cards: Sequence[Card]) -> Text:
    """Cards as coloured faces separated by spaces (wild cards with ``*``)."""
    t = Text()
    for i, c in enumerate(cards):
        if i:
            t.append(" ")
        t.append_text(card_text(c, WILDS))
    return t


def team_name(view: PlayerView, team: int, lang: str) -> str:
    """A team as ``you + bot 2`` (its seats' names), or a lone seat's name."""
    seats = team_seats(team, view.players, view.teams)
    return " + ".join(shown_name(view.names[s], lang) for s in seats)


def header_text(view: PlayerView, lang: str) -> Text:
    """Round, the opening minimum (HF-8), stock, the pile (size, blocked, HF-3), the totals."""
    rounds = view.options.get("rounds")
    t = Text()
    t.append(tr(lang, "tui_title"), style="bold")
    t.append(f" · {tr(lang, 'tui_round')} {max(view.round_number, 1)}")
    if rounds is not None:
        t.append(f"/{rounds}")
    t.append(f" · {tr(lang, 'tui_minimum')} {view.minimum}", style="bold")
    t.append(f" · {tr(lang, 'stock')} {view.stock_count}")
    t.append(f"\n{tr(lang, 'tui_discard')}: ")
    if view.discard_pile:
        t.append_text(card_text(view.discard_pile[-1], WILDS))
        t.append(f" ({view.pile_size})")
        if view.pile_blocked:
            t.append(f" {tr(lang, 'pile_blocked')}", style="bold red")
    else:
        t.append(tr(lang, "tui_empty"))
    totals = view.team_totals or ()
    for team, total in enumerate(totals):
        t.append(" · ")
        t.append(f"{team_name(view, team, lang)}: {total}")
    return t


def seat_line(view: PlayerView, seat: int, lang: str) -> Text:
    """One seat: whose turn, its card count, its foot (still down or picked up, HF-9), its red
    threes (HF-3); ``?`` while it is asked whether its partner may go out (HF-10)."""
    line = Text()
    line.append("▶ " if view.turn == seat else "  ", style="bold green")
    me = "bold underline" if seat == view.seat else ""
    line.append(shown_name(view.names[seat], lang), style=me)
    line.append(f" · {tr(lang, 'cards_n', n=view.hand_counts[seat])}")
    if view.feet_picked[seat]:
        line.append(f" · {tr(lang, 'tui_in_foot')}", style="bold magenta")
    else:
        line.append(f" · {tr(lang, 'tui_foot_down')}", style="dim")
    threes = view.red_threes[seat]
    if threes:
        line.append(f" · {tr(lang, 'tui_red_threes')} ")
        line.append_text(cards_text(threes))
    if view.turn_info.get("waiting_answer") and view.to_act == seat:
        line.append(f" · {tr(lang, 'tui_asked')}", style="bold yellow")
    return line


def meld_chunk(view: PlayerView, index: int, target: int | None, lang: str) -> Text:
    """A team meld: ``>`` when it is the target, its index, its cards, its size or what book it
    is (HF-5): ``>[3] 9♠ 9♥ 2♣*  3/7``."""
    m = view.melds[index]
    chosen = index == target
    t = Text()
    t.append(">" if chosen else " ", style="bold cyan")
    t.append(f"[{m.index + 1}] ", style="cyan" if chosen else "dim")
    t.append_text(cards_text(m.cards))
    if m.kind == "clean":
        t.append(f"  {tr(lang, 'tui_clean_book')}", style="bold green")
    elif m.kind == "dirty":
        t.append(f"  {tr(lang, 'tui_dirty_book')}", style="bold yellow")
    else:
        t.append(f"  {len(m.cards)}/{BOOK}", style="dim")
    if chosen:
        t.stylize("underline", 1)
    return t


def meld_line(view: PlayerView, index: int, target: int | None, lang: str) -> Text:
    """A team meld on a line of its own, indented under its team's seats."""
    row = Text("  ")
    row.append_text(meld_chunk(view, index, target, lang))
    return row


def team_head(view: PlayerView, team: int, lang: str) -> Text:
    """A team's line: its books (HF-5), whether it has opened (HF-8), its total."""
    head = Text()
    clean, dirty = view.books[team]
    head.append(f"{tr(lang, 'tui_team_title')} {team + 1}", style="bold")
    books = f"{clean} {tr(lang, 'tui_clean')}, {dirty} {tr(lang, 'tui_dirty')}"
    head.append(f" · {tr(lang, 'tui_books')}: {books}")
    opened = view.opened[team]
    head.append(
        f" · {tr(lang, 'opened') if opened else tr(lang, 'tui_not_opened')}",
        style="green" if opened else "dim",
    )
    if view.team_totals is not None:
        head.append(f" · {tr(lang, 'tui_total')} {view.team_totals[team]}")
    return head


def table_text(
    view: PlayerView, target: int | None, lang: str, width: int | None = None
) -> tuple[Text, Spots]:
    """Each team: its line, its seats, then its melds, one a line, or as many a line as fit in
    ``width`` columns; and where each meld is drawn (for clicks and the target keys)."""
    lines: list[Text] = []
    spots: Spots = {}
    for team in range(view.teams):
        lines.append(team_head(view, team, lang))
        for seat in team_seats(team, view.players, view.teams):
            lines.append(seat_line(view, seat, lang))
        row: Text | None = None
        for m in view.melds:
            if m.team != team:
                continue
            chunk = meld_chunk(view, m.index, target, lang)
            fits = row is not None and width is not None
            if row is not None and fits and len(row) + 2 + len(chunk) <= (width or 0):
                row.append("  ")
            else:
                row = Text("  ")
                lines.append(row)
            start = len(row)
            row.append_text(chunk)
            spots.setdefault(len(lines) - 1, []).append((start, len(row), m.index))
    return Text("\n").join(lines), spots


def pile_text(view: PlayerView, lang: str) -> Text:
    """The whole discard pile, bottom first, and whether it can be taken (HF-3, HF-6)."""
    t = Text(tr(lang, "tui_pile_order", n=view.pile_size) + "\n\n")
    t.append_text(cards_text(view.discard_pile))
    if view.pile_blocked:
        t.append(f"\n\n{tr(lang, 'pile_blocked')} (HF-3)", style="bold red")
    return t


def result_text(view: PlayerView, result: dict[str, Any], number: int, lang: str) -> Text:
    """A round's end (HF-10, HF-13) and each team's score by HF-11."""
    head = f"{tr(lang, 'tui_round_summary')} — {tr(lang, 'tui_round_lower')} {number}"
    t = Text(f"{head}\n\n", style="bold")
    out = result.get("went_out")
    if result.get("result") == "out" and out is not None:
        t.append(
            f"{shown_name(view.names[out], lang)} {tr(lang, 'tui_went_out')} (HF-10)\n\n",
            style="bold green",
        )
    else:
        t.append(f"{tr(lang, 'tui_stock_ran_out')} (HF-13)\n\n", style="bold")
    for team, score in enumerate(result.get("scores", [])):
        books = result["books"][team]
        t.append(f"  {team_name(view, team, lang)}: {score:+d}  ", style="bold")
        t.append(
            f"{tr(lang, 'tui_books')} {books['clean']} {tr(lang, 'tui_clean')}, "
            f"{books['dirty']} {tr(lang, 'tui_dirty')} · "
            f"{tr(lang, 'tui_red_threes')} {result['red_threes'][team]}\n"
        )
    return t


def match_text(view: PlayerView, lang: str) -> Text:
    """Each round's team scores and the totals (HF-12)."""
    t = Text(f"{tr(lang, 'tui_match')}\n", style="bold")
    for number, r in enumerate(view.results, 1):
        t.append(f"  {number:>2}  " + "  ".join(f"{s:>6}" for s in r["scores"]) + "\n")
    totals = view.team_totals or ()
    t.append("   Σ  " + "  ".join(f"{s:>6}" for s in totals) + "\n", style="bold")
    for team in range(view.teams):
        named = team_name(view, team, lang)
        t.append(f"  {tr(lang, 'tui_team_title')} {team + 1}: {named}\n", style="dim")
    return t


def winner_text(view: PlayerView, winner: int | None, lang: str) -> str:
    """The winning team's names, or a draw (HF-12)."""
    if winner is None:
        return tr(lang, "tui_a_draw")
    return team_name(view, winner, lang)
