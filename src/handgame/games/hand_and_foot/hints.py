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


#: The kind of advice of each line :func:`hint` gives, by how the line starts (the interfaces
#: translate a line by its kind: the sentences are in ``handgame/locale/messages.json``).
HINT_KINDS: tuple[tuple[str, str], ...] = (
    ("It is not your turn", "not_turn"),
    ("Your partner asks to go out", "answer_partner"),
    ("Draw two cards", "draw_two"),
    ("Or take the pile", "take_pile"),
    ("Lay a meld", "lay"),
    ("Add to your team's melds", "add"),
    ("Discard a card", "discard"),
)


def hint_kind(line: str) -> str | None:
    """The kind of advice of a line of :func:`hint` (``draw_two``, ``lay``…), or None."""
    return next((kind for start, kind in HINT_KINDS if line.startswith(start)), None)
