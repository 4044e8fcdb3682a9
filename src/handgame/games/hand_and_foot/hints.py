"""Advice for a seat from its view only: its choices in words (no search yet)."""

from __future__ import annotations

from typing import Any

from handgame.games.hand_and_foot.actions import Add, Answer, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.text import choice


def hint(view: Any) -> list[str]:
    """Lines of advice: the kinds of step open now, in words."""
    legal = list(view.legal_actions)
    if not legal:
        return ["It is not your turn."]
    pile = tuple(view.discard_pile)
    lines: list[str] = []
    if any(isinstance(a, Answer) for a in legal):
        return ["Your partner asks to go out: answer yes or no."]
    if any(isinstance(a, Draw) for a in legal):
        lines.append("Draw two cards from the stock.")
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        lines.append("Or " + choice(takes[0], pile) + ".")
    melds = [a for a in legal if isinstance(a, Meld)]
    if melds:
        lines.append("Lay a meld, e.g. " + choice(melds[0], pile).removeprefix("lay ") + ".")
    adds = [a for a in legal if isinstance(a, Add)]
    if adds:
        lines.append("Add to your team's melds, e.g. " + choice(adds[0], pile) + ".")
    if any(isinstance(a, Discard) for a in legal):
        lines.append("Discard a card to end your turn.")
    return lines


def hint_kind(line: str) -> str | None:
    """The kind of advice of a hint line, for translations: none are translated yet."""
    return None
