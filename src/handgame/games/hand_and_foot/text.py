"""Hand and Foot's actions in words, written once: the log line of what a seat did, and the same
in the imperative for a menu or a hint (``lay Q♠ Q♥ 2♣``)."""

from __future__ import annotations

from handgame.core.actions import Action
from handgame.core.cards import Card
from handgame.core.words import Face, faces, imperative, symbol
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Discard, Draw, Meld, Take


def describe(action: Action, pile: tuple[Card, ...], who: str, face: Face = symbol) -> str:
    """One log line for an action (``pile``: the discard pile before it, ``who``: the actor)."""
    if isinstance(action, Draw):
        return f"{who} drew two cards from the stock"
    if isinstance(action, Take):
        top = face(pile[-1]) if pile else "?"
        if action.to is not None:
            more = f" with {faces(action.cards, face)}" if action.cards else ""
            return f"{who} took the pile, adding {top}{more} to meld {action.to + 1}"
        return f"{who} took the pile, laying {top} with {faces(action.cards, face)}"
    if isinstance(action, Meld):
        return f"{who} laid " + " + ".join(faces(m, face) for m in action.melds)
    if isinstance(action, Add):
        return f"{who} added {faces(action.cards, face)} to meld {action.to + 1}"
    if isinstance(action, Ask):
        return f"{who} asked their partner: may I go out?"
    if isinstance(action, Answer):
        return f"{who} answered {'yes' if action.yes else 'no'}"
    if isinstance(action, Discard):
        return f"{who} discarded {face(action.card)}"
    return f"{who}: {action}"  # pragma: no cover - every verb is covered above


def choice(action: Action, pile: tuple[Card, ...], face: Face = symbol) -> str:
    """An action as a choice offered to its seat: ``draw two cards from the stock``."""
    return imperative(describe(action, pile, "you", face))
