"""Advice for a seat from its view only: its choices, as phrases (no search yet)."""

from __future__ import annotations

from typing import Any

from handgame.core.words import Phrase, phrase
from handgame.games.hand_and_foot.actions import Add, Answer, Discard, Draw, Meld, Take


def hint(view: Any) -> list[Phrase]:
    """Advice: the kinds of step open now, each with an example of the seat's legal actions."""
    legal = list(view.legal_actions)
    if not legal:
        return [phrase("hint_not_turn")]
    lines: list[Phrase] = []
    if any(isinstance(a, Answer) for a in legal):
        return [phrase("hint_answer_partner")]
    if any(isinstance(a, Draw) for a in legal):
        lines.append(phrase("hint_draw_two"))
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        top = view.discard_pile[-1] if view.discard_pile else None
        lines.append(phrase("hint_take_pile", action=takes[0], taken=top))
    melds = [a for a in legal if isinstance(a, Meld)]
    if melds:
        lines.append(phrase("hint_lay_meld", melds=melds[0].melds))
    adds = [a for a in legal if isinstance(a, Add)]
    if adds:
        lines.append(phrase("hint_add_to", action=adds[0]))
    if any(isinstance(a, Discard) for a in legal):
        lines.append(phrase("hint_discard_end"))
    return lines
