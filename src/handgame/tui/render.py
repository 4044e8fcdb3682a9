"""Rich renderings of a seat's view: the header, the table, the hand, summaries (no Textual).

Every marking also works without colour: wild cards carry a ``*``, selected cards are lifted
one row, the cursor is a ``^`` under its card and the target meld a ``>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.text import Text

from handgame.core.cards import Card
from handgame.games.hand.rounds import RoundResult
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds
from handgame.tui.i18n import card_face, card_name, player_name, tr

CELL = 4  # columns per card in the hand


class WildTest(Protocol):
    """What the card drawing asks of a game's wild cards (Hand's ``Wilds``, Hand and Foot's)."""

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild."""
        ...


def shown_name(name: str, lang: str) -> str:
    """A seat's name as shown: the default names (``you``, ``bot:greedy 2``) in the
    interface's language."""
    return player_name(lang, name)


def card_style(card: Card, wilds: WildTest | None) -> str:
    """The colour of a card: red suits red, wild cards bold yellow."""
    if wilds is not None and wilds.is_wild(card):
        return "bold yellow"
    if card.is_joker:
        return "bold magenta"
    return "bold red" if card.is_red else "bold"


def card_text(card: Card, wilds: WildTest | None) -> Text:
    """A card's face, with ``*`` after a wild card."""
    mark = "*" if wilds is not None and wilds.is_wild(card) else ""
    return Text(card_face(card) + mark, style=card_style(card, wilds))


def sort_hand(hand: Sequence[Card], wilds: WildTest | None, by_rank: bool = False) -> list[Card]:
    """The hand in display order: by suit then rank (or rank then suit), wild cards last."""

    def key(c: Card) -> tuple[int, int, int]:
        wild = 1 if (wilds is not None and wilds.is_wild(c)) or c.is_joker else 0
        return (wild, c.rank, c.suit) if by_rank else (wild, c.suit, c.rank)

    return sorted(hand, key=key)


def hand_text(
    cards: Sequence[Card],
    wilds: WildTest | None,
    selected: set[int],
    cursor: int | None,
    hidden: bool = False,
) -> Text:
    """Three rows: the lifted (selected) cards, the others, and the cursor's ``^``."""
    if hidden:
        return Text("\n  (hidden)\n")
    rows = [Text(), Text(), Text()]
    for i, c in enumerate(cards):
        face = card_text(c, wilds)
        width = len(face.plain)
        if i in selected:
            face.stylize("reverse", 0, width)
        face.pad_right(max(1, CELL - width))
        blank = Text(" " * len(face.plain))
        if i in selected:
            rows[0].append(face)
            rows[1].append(blank)
        else:
            rows[0].append(blank)
            rows[1].append(face)
        mark = "^" if i == cursor else " "
        rows[2].append(Text(mark.ljust(len(face.plain)), style="bold cyan"))
    return Text("\n").join(rows)


def header_text(view: PlayerView, state: State, lang: str) -> Text:
    """Round, stock, indicator and wild cards, the discard top, the scores."""
    rules = state.rules
    rounds = rules.rounds
    scored = sum(1 for r in state.results if r.result == "won")
    t = Text()
    t.append("Hand", style="bold")
    t.append(f" · {view.preset} · {tr(lang, 'Round')} {scored + 1}")
    if rounds is not None:
        t.append(f"/{rounds}")
    deals = len(state.log) + (1 if state.round is not None and not state.is_chance else 0)
    t.append(f" · {tr(lang, 'deal')} {deals}")
    t.append(f" · {tr(lang, 'Stock')} {view.stock_count}")
    if view.indicator is not None:
        t.append(f" · {tr(lang, 'Indicator')} ")
        t.append_text(card_text(view.indicator, None))
    wilds = Wilds(view.wild, view.joker_as)
    t.append(f" · {tr(lang, 'Wild')}: ")
    if view.wild is None:
        t.append(tr(lang, "no wild cards"))
    elif view.wild.is_joker:
        t.append("X*", style="bold yellow")
        t.append(f" ({card_name(view.wild, lang)})")
    else:
        t.append_text(card_text(view.wild, wilds))
        t.append(f" ({card_name(view.wild, lang)})")
        if view.joker_as is not None:
            t.append(f" · X = {card_face(view.joker_as)}")
    t.append(f"\n{tr(lang, 'Discard')}: ")
    if view.discard_pile:
        t.append_text(card_text(view.discard_pile[-1], wilds))
        t.append(f" ({len(view.discard_pile)})")
    else:
        t.append(tr(lang, "empty"))
    t.append(" · ")
    t.append(
        " · ".join(
            f"{shown_name(view.names[s], lang)} {view.totals[s]}" for s in range(view.players)
        )
    )
    if view.team_totals is not None:
        t.append(f" · {tr(lang, 'team')} 0+2: {view.team_totals[0]}, 1+3: {view.team_totals[1]}")
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


def table_text(
    view: PlayerView, target: int | None, lang: str, hide_counts: bool = False
) -> tuple[Text, dict[int, int]]:
    """Each seat with its count, opening, announcement and melds; line number -> meld index."""
    wilds = Wilds(view.wild, view.joker_as)
    lines: list[Text] = []
    where: dict[int, int] = {}
    for s in range(view.players):
        line = Text()
        mark = "▶ " if view.turn == s else "  "
        line.append(mark, style="bold green")
        name = shown_name(view.names[s], lang)
        line.append(name, style="bold underline" if s == view.seat else "")
        line.append(f" · {view.hand_counts[s]} {tr(lang, 'cards')}")
        opened = view.opened[s] if view.opened else False
        line.append(
            f" · {tr(lang, 'opened') if opened else tr(lang, 'not opened')}",
            style="green" if opened else "dim",
        )
        if view.announced and view.announced[s] is not None:
            line.append(f" · {tr(lang, 'announced')} {view.announced[s]}!", style="bold magenta")
        line.append(f" · {tr(lang, 'total')} {view.totals[s]}")
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
            where[len(lines)] = m.index
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


def result_text(state: State, r: RoundResult, number: int, names: Sequence[str], lang: str) -> Text:
    """A round summary: who went out, partial or full hand, each seat's penalty and cards."""
    t = Text()
    t.append(f"{tr(lang, 'Round summary')} — {tr(lang, 'round')} {number}\n\n", style="bold")
    if r.result == "void":
        stock = tr(lang, "the stock ran out") + " (L-81)"
        why = "a redeal (L-52)" if r.reason == "redeal" else stock
        t.append(f"{tr(lang, 'no score')}: {why}\n")
        return t
    assert r.winner is not None
    hand = tr(lang, "full hand") if r.hand == "full" else tr(lang, "partial hand")
    bonus = f" ×{r.multiplier}" if r.multiplier != 1 else ""
    names = [shown_name(n, lang) for n in names]
    t.append(f"{names[r.winner]} {tr(lang, 'went out')}: {hand}{bonus}\n\n", style="bold green")
    width = max(len(n) for n in names)
    for s, score in enumerate(r.scores):
        t.append(f"  {names[s]:<{width}}  {score:+5d}  ")
        if s == r.winner:
            t.append("")
        elif r.opened and not r.opened[s] and state.rules.unopened_penalty is not None:
            t.append(f"{tr(lang, 'not opened')} ", style="dim")
        cards = r.penalties[s] if s < len(r.penalties) else ()
        for c in cards:
            t.append_text(card_text(Card.parse(c), None))
            t.append(" ")
        t.append("\n")
    return t


def match_text(state: State, names: Sequence[str], lang: str) -> Text:
    """The match table: each round's scores and the totals."""
    t = Text(f"{tr(lang, 'Match')}\n", style="bold")
    names = [shown_name(n, lang) for n in names]
    width = max(6, *(len(n) for n in names))
    t.append("     " + "".join(f"{n:>{width + 1}}" for n in names) + "\n", style="bold")
    number = 0
    for r in state.results:
        if r.result == "won":
            number += 1
            t.append(f"{number:>4} " + "".join(f"{s:>{width + 1}}" for s in r.scores) + "\n")
        else:
            t.append(f"{'–':>4} " + f"{tr(lang, 'no score')} ({r.reason})".rjust(width + 1) + "\n")
    t.append(f"{'Σ':>4} " + "".join(f"{s:>{width + 1}}" for s in state.totals) + "\n", style="bold")
    team = state.team_totals()
    if team is not None:
        t.append(f"  {tr(lang, 'team')} 0+2: {team[0]}  ·  1+3: {team[1]}\n")
    return t
