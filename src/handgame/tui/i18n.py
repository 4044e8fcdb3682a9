"""The terminal's words in English, Arabic and Persian: the glossary (:mod:`handgame.locale`,
the same document the web page reads) said for the terminal.

Arabic and Persian text is shown as it is (no shaping library): a terminal that shapes and
orders right-to-left text shows it well; :func:`can_show` falls back to English where the
output encoding cannot even hold the letters.
"""

from __future__ import annotations

import codecs
from collections.abc import Sequence
from typing import Any

from handgame import locale
from handgame.core.cards import SUIT_SYMBOLS, Card
from handgame.core.errors import GameError
from handgame.core.words import Phrase

LANGS = locale.LANGS


def tr(lang: str, key: str, **values: Any) -> str:
    """The glossary's word ``key`` in ``lang``, its ``{name}`` parameters filled in."""
    return locale.word(lang, key, **values)


def card_face(card: Card) -> str:
    """The card as shown on its face: ``7♦``, ``T♣``, ``X`` (the same in every language)."""
    return card.symbol()


def sayer(
    lang: str, names: Sequence[str] = (), you: int | None = None, game: str | None = None
) -> locale.Sayer:
    """What says phrases in ``lang`` at the terminal (cards as their faces)."""
    return locale.Sayer(lang, names, you, game, card_face)


def said(
    lang: str, phrase: Phrase, names: Sequence[str] = (), you: int | None = None,
    game: str | None = None,
) -> str:
    """``phrase`` in words in ``lang``."""
    return sayer(lang, names, you, game).say(phrase)


def rule_text(lang: str, error: GameError) -> str:
    """A refusal in ``lang``: the sentence of its leading rule (``error.rules``), the cards it
    is about (``error.cards``) and its rule ids, from the error's data, as the web page says it."""
    return sayer(lang).refusal(error)


def player_name(lang: str, name: str) -> str:
    """A player's name in ``lang`` ("you" and the bots' default names said in it)."""
    return locale.player_name(lang, name)


def card_name(card: Card, lang: str = "en") -> str:
    """The card in words in ``lang``: ``queen of spades`` (the glossary's rank, suit)."""
    if card.is_joker:
        return tr(lang, "joker_name")
    rank = tr(lang, f"rank_{card.rank}") if card.rank in (1, 11, 12, 13) else str(card.rank)
    return tr(lang, "card_named", rank=rank, suit=tr(lang, f"suit_{card.suit}"))


def suit_label(suit: int, lang: str = "en") -> str:
    """A suit's symbol and name, e.g. ``♣ clubs``."""
    return f"{SUIT_SYMBOLS[suit]} {tr(lang, f'suit_{suit}')}"


def can_show(lang: str, encoding: str | None) -> bool:
    """Whether text of ``lang`` can be written in ``encoding`` (None: assume UTF-8)."""
    if lang == "en":
        return True
    try:
        codecs.lookup(encoding or "utf-8")
        sample = tr(lang, "suit_0") + tr(lang, "your_hand")
        sample.encode(encoding or "utf-8")
    except (LookupError, UnicodeEncodeError):
        return False
    return True
