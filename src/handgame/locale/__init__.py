"""The glossary: every word the front ends show, in English, Arabic and Persian, and how a
phrase (:mod:`handgame.core.words`) is said from it.

The glossary of a language is one document (:func:`glossary`): the words every front end
shares (``locale/words.json``) and each registered game's (its ``GameSpec.words``: its actions,
hints, log lines and rule sentences), the games' action tables, and how parameters are said.
The web page gets it at ``/locale/LANG.json`` and says phrases with ``static/say.js``; the
terminal reads the same document here and says them with :func:`say`, so both show the same
word for the same thing. An interface, not the core, reads this package.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from handgame.core.cards import Card
from handgame.core.errors import CardError, GameError
from handgame.core.registry import games
from handgame.core.words import Phrase, action_kind

#: the languages of the glossary
LANGS = ("en", "ar", "fa")

#: the digits of each language that writes its own
DIGITS = {"ar": "٠١٢٣٤٥٦٧٨٩", "fa": "۰۱۲۳۴۵۶۷۸۹"}

#: how a card is shown in text: ``7♦``, ``T♣``, ``X``
Face = Callable[[Card], str]


@cache
def shared() -> dict[str, Any]:
    """The shared words file (``locale/words.json``) as it is."""
    text = resources.files(__name__).joinpath("words.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def glossary(lang: str) -> dict[str, Any]:
    """The glossary of ``lang``: ``words`` (key -> template: the shared words, then every
    registered game's), ``actions`` (each game's action table, by game), ``books`` (each game's
    rule book at hand: its sentences in order, each with its rule ids and the option values it
    is said under), ``games`` (the game of each preset) and ``params`` (how parameters are said)."""
    return _glossary(lang, tuple(g.name for g in games()))


@cache
def _glossary(lang: str, names: tuple[str, ...]) -> dict[str, Any]:
    words: dict[str, str] = dict(shared()[lang])
    actions: dict[str, Any] = {}
    books: dict[str, Any] = {}
    presets: dict[str, str] = {}
    for game in games():
        own = game.words()
        words.update(own.get(lang, {}))
        actions[game.name] = list(own.get("actions", ()))
        books[game.name] = list(own.get("book", ()))
        for p in game.presets:
            presets[p] = game.name
    return {
        "lang": lang,
        "words": words,
        "actions": actions,
        "books": books,
        "games": presets,
        "params": shared()["params"],
    }


def word(lang: str, key: str, **values: Any) -> str:
    """The glossary's ``key`` in ``lang`` with its ``{name}`` parameters filled in (numbers in
    the language's digits); the English word where ``lang`` has none, the key where none has."""
    template = glossary(lang)["words"].get(count_form(glossary(lang)["words"], key, values))
    if template is None:
        english = glossary("en")["words"]
        template = english.get(count_form(english, key, values), key)
    return fill(template, {k: _number(lang, v) for k, v in values.items()})


def count_form(words: Mapping[str, Any], key: str, values: Mapping[str, Any]) -> str:
    """The key of ``key``'s form for its count ``n`` where ``words`` has one: ``key@1``,
    ``key@2`` (a count said in words: "1 card", Arabic's dual), ``key@few`` for 3 to 10 (Arabic's
    plural); else ``key``. The page's ``t`` (static/i18n.js) picks the same form."""
    n = values.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        return key
    for form in (f"{key}@{n}", f"{key}@few" if 3 <= n <= 10 else None):
        if form is not None and form in words:
            return form
    return key


def has(lang: str, key: str) -> bool:
    """Whether the glossary of ``lang`` has ``key``."""
    return key in glossary(lang)["words"]


def fill(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]`` (left as it is where
    ``values`` has none)."""
    out: list[str] = []
    for literal, name, _, _ in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            out.append(values.get(name, "{" + name + "}"))
    return "".join(out)


def digits(lang: str, text: str) -> str:
    """``text`` with its digits in ``lang``'s (Arabic-Indic, Persian; as they are otherwise)."""
    table = DIGITS.get(lang)
    return text.translate(str.maketrans("0123456789", table)) if table else text


def _number(lang: str, value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return digits(lang, str(value))
    return str(value)


def symbol(card: Card) -> str:
    """A card as its face: ``7♦``, ``T♣``, ``X``."""
    return card.symbol()


class Sayer:
    """Says phrases in one language for one reader: ``names`` says each seat, ``you`` is the
    reader's seat (a key's ``@you`` form is said of it), ``game`` the game whose action table
    words actions, ``face`` shows a card."""

    def __init__(
        self,
        lang: str,
        names: Sequence[str] = (),
        you: int | None = None,
        game: str | None = None,
        face: Face = symbol,
    ) -> None:
        """A sayer in ``lang``."""
        self.lang = lang
        self.names = names
        self.you = you
        self.game = game
        self.face = face
        self.glossary = glossary(lang)

    def template(self, key: str, seat: Any = None) -> str:
        """The template of ``key`` (its ``@you`` form when ``seat`` is the reader's)."""
        words = self.glossary["words"]
        if seat is not None and seat == self.you and f"{key}@you" in words:
            return str(words[f"{key}@you"])
        if key in words:
            return str(words[key])
        english: str = glossary("en")["words"].get(key, key)
        return english

    def say(self, phrase: Phrase) -> str:
        """``phrase`` in words."""
        if phrase.get("kind") == "action":
            return self.action(phrase["action"], phrase.get("taken"), "act")
        return self._fill(str(phrase["kind"]), phrase)

    def action(self, action: Mapping[str, Any], taken: Any = None, mood: str = "act") -> str:
        """An action (record notation) in words: ``act`` as a log line, ``do`` as a choice."""
        table = self.glossary["actions"].get(self.game or "", [])
        kind = action_kind(action, table)
        if kind is None:
            return json.dumps(action, separators=(",", ":"))
        return self._fill(f"{mood}_{kind}", {**action, "taken": taken})

    def _fill(self, key: str, params: Mapping[str, Any]) -> str:
        template = self.template(key, params.get("seat"))
        values = {}
        for _, name, _, _ in string.Formatter().parse(template):
            if name is not None and name not in values:
                values[name] = self.value(name, params.get(name), params)
        return fill(template, values)

    def value(self, name: str, value: Any, params: Mapping[str, Any]) -> str:
        """A parameter in words: by its name (a seat, a meld's index, actions, a word), else
        by its shape (a card, cards, melds, numbers)."""
        spec = self.glossary["params"]
        if value is None:
            return ""
        if name in spec["seats"] and isinstance(value, int):
            return self.seat(value)
        if name in spec["indexes"] and isinstance(value, int):
            return digits(self.lang, str(value + 1))
        if name in spec["actions"]:
            steps = value if isinstance(value, list) else [value]
            taken = params.get("taken")
            said = [self.action(s, taken, "do") for s in steps]
            return self.template("sep_then").join(said)
        if name in spec["words"]:
            return self.template(f"{spec['words'][name]}{value}")
        return self.shape(value)

    def shape(self, value: Any) -> str:
        """A value said by its shape: a card code as the card, a list of cards as the cards,
        a list of lists as melds (`` + `` between them), a number in the language's digits."""
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            return digits(self.lang, str(value))
        if isinstance(value, str):
            try:
                return self.face(Card.parse(value))
            except CardError:
                return value
        if isinstance(value, list):
            if value and all(isinstance(v, list) for v in value):
                return " + ".join(self.shape(v) for v in value)
            if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                return ", ".join(digits(self.lang, str(v)) for v in value)
            return " ".join(self.shape(v) for v in value)
        return str(value)

    def seat(self, seat: int) -> str:
        """A seat's name, the default names (``you``, a bot's) said in the language."""
        name = self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"
        return player_name(self.lang, name)

    def refusal(self, error: GameError) -> str:
        """A refusal: the sentence of its leading rule (or the general one), the cards it is
        about and its rule ids, from the error's data (never its message). An error that cites
        no rule (input that could not be read: an unknown word, a malformed action) has only its
        message to show, and shows it."""
        by_kind = error.cards and has(self.lang, f"error_{error.code}")  # not in your hand…
        if not error.rules and not by_kind:
            return error.message
        if by_kind:
            said = self.template(f"error_{error.code}")
        else:
            rule = error.rules[0]
            said = self.template(f"rule_{rule}" if has(self.lang, f"rule_{rule}") else "refused")
        cards = " ".join(self.face(Card.parse(c)) for c in dict.fromkeys(error.cards))
        if cards:
            said += f": {cards}"
        return said if by_kind else f"{said} ({', '.join(error.rules)})"  # as the page says it


def bot_of(name: str) -> tuple[str, str] | None:
    """A bot's default seat name read as the notation it is (``bot:greedy 2``: the bot
    ``greedy``, the number ``2``; ``bot:ismcts:iterations=40``: ``ismcts``, no number), or None
    for a person's name."""
    if not name.startswith("bot:"):
        return None
    spec, _, number = name.removeprefix("bot:").partition(" ")
    return spec.partition(":")[0], number


def player_name(lang: str, name: str) -> str:
    """A player's name in ``lang``: "you" and the bots' default names (``bot:greedy 2``) said
    in it, a person's name as it is."""
    if name == "you":
        return word(lang, "tui_you")
    bot = bot_of(name)
    if lang == "en" or bot is None or not has(lang, f"bot_{bot[0]}"):
        return name
    said = word(lang, f"bot_{bot[0]}")
    return f"{said} {digits(lang, bot[1])}" if bot[1] else said


def say(lang: str, phrase: Phrase, names: Sequence[str] = (), game: str | None = None) -> str:
    """``phrase`` in words in ``lang`` (``names``: the seats' names; ``game``: the game whose
    action table words the actions it holds)."""
    return Sayer(lang, names, None, game).say(phrase)


__all__ = [
    "DIGITS",
    "LANGS",
    "Sayer",
    "bot_of",
    "digits",
    "fill",
    "glossary",
    "has",
    "player_name",
    "say",
    "shared",
    "word",
]
