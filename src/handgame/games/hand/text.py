"""Hand's actions in words, written once: the log line of what a seat did, and the same in the
imperative for a menu or a hint (``lay 7♦ 8♦ 9♦``).

Every interface words an action through here: the terminal game's log, the plain text game's
menu, the hints, and the server (which sends the words with each action, so the web page
words nothing itself).
"""

from __future__ import annotations

from handgame.core import words
from handgame.core.cards import Card
from handgame.core.words import Face, faces, symbol
from handgame.games.hand.actions import (
    Action,
    ClaimRedeal,
    Discard,
    Draw,
    LayMelds,
    LayOff,
    SwapWild,
)


def describe(action: Action, pile: tuple[Card, ...], who: str, face: Face = symbol) -> str:
    """One log line for an action (``pile``: the discard pile before it, ``who``: the actor)."""
    if isinstance(action, Draw):
        if action.source == "stock":
            return f"{who} drew from the stock"
        top = face(pile[-1]) if pile else "?"
        return f"{who} took the discard {top}"
    if isinstance(action, LayMelds):
        return f"{who} laid " + " + ".join(faces(m, face) for m in action.melds)
    if isinstance(action, LayOff):
        end = f" at the {action.end} end" if action.end else ""
        return f"{who} added {face(action.card)} to meld {action.to + 1}{end}"
    if isinstance(action, SwapWild):
        return (
            f"{who} put {faces(action.cards, face)} in meld {action.at + 1} and took its wild card"
        )
    if isinstance(action, Discard):
        quiet = " (no announcement)" if not action.announce else ""
        if action.second is not None:
            return f"{who} discarded the two wild cards {faces(action.cards, face)} (O-11)"
        return f"{who} discarded {face(action.card)}{quiet}"
    if isinstance(action, ClaimRedeal):
        return f"{who} showed their pairs and claimed a redeal (L-52)"
    return f"{who}: {action}"  # pragma: no cover - every verb is covered above


def imperative(line: str) -> str:
    """``you laid 7♦ 8♦ 9♦`` as advice: ``lay 7♦ 8♦ 9♦``."""
    line = words.imperative(line)
    return line.replace(" and took its", " and take its").replace(" and claimed", " and claim")


def choice(action: Action, pile: tuple[Card, ...], face: Face = symbol) -> str:
    """An action as a choice offered to its seat: ``lay 7♦ 8♦ 9♦``, ``draw from the stock``."""
    return imperative(describe(action, pile, "you", face))
