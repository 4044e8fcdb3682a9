"""Actions in words, the parts every game words the same way: how a card is shown, cards as
faces, and a log line of what ``you`` did turned into advice (``lay 7♦ 8♦ 9♦``).

Each game's ``text`` module words its own actions with these (Hand's
:mod:`handgame.games.hand.text`, Hand and Foot's :mod:`handgame.games.hand_and_foot.text`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from handgame.core.cards import Card

#: how a card is shown: ``Card.symbol`` (``7♦``) by default, a translated face in an interface
Face = Callable[[Card], str]


def symbol(card: Card) -> str:
    """The default face of a card: ``7♦``, ``T♣``, ``X``."""
    return card.symbol()


def faces(cards: tuple[Card, ...] | list[Card], face: Face = symbol) -> str:
    """Cards as faces separated by spaces."""
    return " ".join(face(c) for c in cards)


#: the verbs the games' log lines start with: each past form and its imperative
MOODS = (
    ("drew", "draw"),
    ("took", "take"),
    ("laid", "lay"),
    ("added", "add"),
    ("put", "put"),
    ("asked their", "ask your"),
    ("answered", "answer"),
    ("discarded", "discard"),
    ("showed their", "show your"),
)


def imperative(line: str, moods: Sequence[tuple[str, str]] = MOODS) -> str:
    """A log line of what ``you`` did as advice: ``you laid 7♦ 8♦ 9♦`` → ``lay 7♦ 8♦ 9♦``.

    ``moods``: each verb's past form and its imperative; the first that starts the line (after
    ``you``) is changed, the rest of the line is kept.
    """
    line = line.removeprefix("you ")
    for past, now in moods:
        if line.startswith(past):
            return now + line[len(past) :]
    return line
