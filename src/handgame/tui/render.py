"""Rich drawings every game's table shares: a card, cards, the hand (no Textual).

Every marking also works without colour: wild cards carry a ``*``, selected cards are lifted
one row, the cursor is a ``^`` under its card and the target meld a ``>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.text import Text

from handgame.core.cards import Card
from handgame.tui.i18n import card_face, player_name

CELL = 4  # columns per card in the hand


class WildTest(Protocol):
    """What the card drawing asks of a game's wild cards."""

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


def cards_text(cards: Sequence[Card], wilds: WildTest | None) -> Text:
    """Cards as coloured faces separated by spaces (wild cards with ``*``)."""
    t = Text()
    for i, c in enumerate(cards):
        if i:
            t.append(" ")
        t.append_text(card_text(c, wilds))
    return t
