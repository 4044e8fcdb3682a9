"""Hand's table in the terminal (Rich, no Textual): the header (round, stock, indicator and
wild cards, the discard top, the scores), each seat with its melds, the whole pile.

Every marking also works without colour: wild cards carry a ``*``, the seat to act a ``▶`` and
the target meld a ``>``.
"""

from __future__ import annotations

from rich.text import Text

from handgame.core.cards import Card
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds
from handgame.tui.i18n import card_face, card_name, tr
from handgame.tui.parts import Spots
from handgame.tui.render import card_text, shown_name


def header_text(view: PlayerView, state: State, lang: str) -> Text:
    """Round, stock, indicator and wild cards, the discard top, the scores."""
    rules = state.rules
    rounds = rules.rounds
    scored = sum(1 for r in state.results if r.result == "won")
    t = Text()
    t.append("Hand", style="bold")
    t.append(f" · {view.preset} · {tr(lang, 'tui_round')} {scored + 1}")
    if rounds is not None:
        t.append(f"/{rounds}")
    deals = len(state.log) + (1 if state.round is not None and not state.is_chance else 0)
    t.append(f" · {tr(lang, 'tui_deal')} {deals}")
    t.append(f" · {tr(lang, 'stock')} {view.stock_count}")
    if view.indicator is not None:
        t.append(f" · {tr(lang, 'indicator')} ")
        t.append_text(card_text(view.indicator, None))
    wilds = Wilds(view.wild, view.joker_as)
    t.append(f" · {tr(lang, 'wild')}: ")
    if view.wild is None:
        t.append(tr(lang, "tui_no_wilds"))
    elif view.wild.is_joker:
        t.append("X*", style="bold yellow")
        t.append(f" ({card_name(view.wild, lang)})")
    else:
        t.append_text(card_text(view.wild, wilds))
        t.append(f" ({card_name(view.wild, lang)})")
        if view.joker_as is not None:
            t.append(f" · X = {card_face(view.joker_as)}")
    t.append(f"\n{tr(lang, 'tui_discard')}: ")
    if view.discard_pile:
        t.append_text(card_text(view.discard_pile[-1], wilds))
        t.append(f" ({len(view.discard_pile)})")
    else:
        t.append(tr(lang, "tui_empty"))
    t.append(" · ")
    t.append(
        " · ".join(
            f"{shown_name(view.names[s], lang)} {view.totals[s]}" for s in range(view.players)
        )
    )
    if view.team_totals is not None:
        team = tr(lang, "tui_team")
        t.append(f" · {team} 0+2: {view.team_totals[0]}, 1+3: {view.team_totals[1]}")
    return t


def meld_text(view: PlayerView, index: int, wilds: Wilds) -> Text:
    """A meld's cards, each wild card with what it stands for (``A♣*=8♦``)."""
    m = view.melds[index]
    t = Text()
    for pos, c in enumerate(m.cards):
        if pos:
            t.append(" ")
        t.append_text(card_text(c, wilds))
        sf = m.stands_for[pos]
        if sf is not None:
            shown = sf
            if not sf.startswith("any"):
                try:
                    shown = card_face(Card.parse(sf))
                except ValueError:
                    shown = sf
            t.append(f"={shown}", style="yellow")
    return t


#: a meld's line is clicked anywhere along it
WHOLE_LINE = (-1, 10**6)


def table_text(view: PlayerView, target: int | None, lang: str) -> tuple[Text, Spots]:
    """Each seat with its count, opening, announcement and melds, and where each meld is
    drawn (a line of its own)."""
    wilds = Wilds(view.wild, view.joker_as)
    lines: list[Text] = []
    where: Spots = {}
    for s in range(view.players):
        line = Text()
        mark = "▶ " if view.turn == s else "  "
        line.append(mark, style="bold green")
        name = shown_name(view.names[s], lang)
        line.append(name, style="bold underline" if s == view.seat else "")
        line.append(f" · {tr(lang, 'cards_n', n=view.hand_counts[s])}")
        opened = view.opened[s] if view.opened else False
        line.append(
            f" · {tr(lang, 'opened') if opened else tr(lang, 'tui_not_opened')}",
            style="green" if opened else "dim",
        )
        if view.announced and view.announced[s] is not None:
            line.append(f" · {tr(lang, 'announced')} {view.announced[s]}!", style="bold magenta")
        line.append(f" · {tr(lang, 'tui_total')} {view.totals[s]}")
        lines.append(line)
        for m in view.melds:
            if m.owner != s:
                continue
            row = Text()
            chosen = m.index == target
            row.append(">" if chosen else " ", style="bold cyan")
            row.append(f"  [{m.index + 1}] ", style="cyan" if chosen else "dim")
            row.append_text(meld_text(view, m.index, wilds))
            if chosen:
                row.stylize("underline", 3)
            where[len(lines)] = [(*WHOLE_LINE, m.index)]
            lines.append(row)
    return Text("\n").join(lines), where


def pile_text(view: PlayerView) -> Text:
    """The whole discard pile, bottom first."""
    wilds = Wilds(view.wild, view.joker_as)
    t = Text(f"{len(view.discard_pile)} cards, bottom first, top last:\n\n")
    for i, c in enumerate(view.discard_pile):
        if i:
            t.append(" ")
        t.append_text(card_text(c, wilds))
    return t
