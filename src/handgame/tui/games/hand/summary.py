"""Hand's round summary and match table in the terminal (Rich, no Textual)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from handgame.core.cards import Card
from handgame.games.hand.rounds import RoundResult
from handgame.games.hand.state import State
from handgame.tui.i18n import tr
from handgame.tui.render import card_text, shown_name


def result_text(state: State, r: RoundResult, number: int, names: Sequence[str], lang: str) -> Text:
    """A round summary: who went out, partial or full hand, each seat's penalty and cards."""
    t = Text()
    head = f"{tr(lang, 'tui_round_summary')} — {tr(lang, 'tui_round_lower')} {number}"
    t.append(f"{head}\n\n", style="bold")
    if r.result == "void":
        stock = tr(lang, "tui_stock_ran_out") + " (L-81)"
        why = tr(lang, "tui_a_redeal") + " (L-52)" if r.reason == "redeal" else stock
        t.append(f"{tr(lang, 'tui_no_score')}: {why}\n")
        return t
    assert r.winner is not None
    hand = tr(lang, "tui_full_hand") if r.hand == "full" else tr(lang, "tui_partial_hand")
    bonus = f" ×{r.multiplier}" if r.multiplier != 1 else ""
    names = [shown_name(n, lang) for n in names]
    t.append(f"{names[r.winner]} {tr(lang, 'tui_went_out')}: {hand}{bonus}\n\n", style="bold green")
    width = max(len(n) for n in names)
    for s, score in enumerate(r.scores):
        t.append(f"  {names[s]:<{width}}  {score:+5d}  ")
        if s == r.winner:
            t.append("")
        elif r.opened and not r.opened[s] and state.rules.unopened_penalty is not None:
            t.append(f"{tr(lang, 'tui_not_opened')} ", style="dim")
        cards = r.penalties[s] if s < len(r.penalties) else ()
        for c in cards:
            t.append_text(card_text(Card.parse(c), None))
            t.append(" ")
        t.append("\n")
    return t


def match_text(state: State, names: Sequence[str], lang: str) -> Text:
    """The match table: each round's scores and the totals."""
    t = Text(f"{tr(lang, 'tui_match')}\n", style="bold")
    names = [shown_name(n, lang) for n in names]
    width = max(6, *(len(n) for n in names))
    t.append("     " + "".join(f"{n:>{width + 1}}" for n in names) + "\n", style="bold")
    number = 0
    for r in state.results:
        if r.result == "won":
            number += 1
            t.append(f"{number:>4} " + "".join(f"{s:>{width + 1}}" for s in r.scores) + "\n")
        else:
            void = f"{tr(lang, 'tui_no_score')} ({r.reason})"
            t.append(f"{'–':>4} " + void.rjust(width + 1) + "\n")
    t.append(f"{'Σ':>4} " + "".join(f"{s:>{width + 1}}" for s in state.totals) + "\n", style="bold")
    team = state.team_totals()
    if team is not None:
        t.append(f"  {tr(lang, 'tui_team')} 0+2: {team[0]}  ·  1+3: {team[1]}\n")
    return t
