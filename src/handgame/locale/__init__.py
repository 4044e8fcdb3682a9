"""Arabic and Persian sentences for the engine's rule messages, the server's error codes and
the kinds of hint: one file, ``messages.json``, read by ``hand play`` and served to the web UI
(``GET /locale/messages.json``).

The file maps a language to three tables: ``rules`` (a rule id of ``RULES.md``, e.g. ``L-62``,
to a sentence saying that rule), ``errors`` (a server error code, e.g. ``stale``) and ``hints``
(a kind of advice of :data:`handgame.games.hand.hints.HINT_KINDS`, e.g. ``draw_stock``).
English has no table: the engine's messages are English. An interface, not the core,
reads this package.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

#: the file's name inside this package
FILE = "messages.json"

#: a rule id as messages cite it: ``L-62``, ``O-6``, ``HF-3``
RULE_ID = re.compile(r"\b[A-Z]+-\d+\b")

SECTIONS = ("rules", "errors", "hints")


def text() -> str:
    """The file as it is (UTF-8 JSON)."""
    return resources.files(__name__).joinpath(FILE).read_text(encoding="utf-8")


@cache
def messages() -> dict[str, dict[str, dict[str, str]]]:
    """``{lang: {section: {key: sentence}}}`` for every translated language (ar, fa)."""
    data: dict[str, dict[str, dict[str, str]]] = json.loads(text())
    return data


def sentence(lang: str, section: str, key: str | None) -> str | None:
    """The sentence for ``key`` in ``section`` (rules, errors, hints) of ``lang``, or None."""
    if key is None:
        return None
    return messages().get(lang, {}).get(section, {}).get(key)


def rule_of(message: str) -> str | None:
    """The rule a message is about: the first id in it (the one it starts with, if it does),
    else None."""
    found = RULE_ID.search(message)
    return found.group(0) if found else None


#: the hint lines' file: a pattern per kind of line and its sentence in each language
HINT_LINES = "hint_lines.json"

#: the digits of each language that writes its own
DIGITS = {"ar": "٠١٢٣٤٥٦٧٨٩", "fa": "۰۱۲۳۴۵۶۷۸۹"}

_PLACE = re.compile(r"\{(\d+)([#~]?)\}")


def hint_lines_text() -> str:
    """The hint lines' file as it is (UTF-8 JSON), served to the web UI."""
    return resources.files(__name__).joinpath(HINT_LINES).read_text(encoding="utf-8")


@cache
def _hint_lines() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(hint_lines_text())
    return data


def digits(lang: str, text: str) -> str:
    """``text`` with its digits in ``lang``'s (Arabic-Indic, Persian; as they are otherwise)."""
    table = DIGITS.get(lang)
    return text.translate(str.maketrans("0123456789", table)) if table else text


def _said(
    lang: str, line: str, entries: list[dict[str, str]], names: Callable[[str], str] | None = None
) -> str | None:
    for entry in entries:
        found = re.match(entry["pattern"], line)
        if found is None or lang not in entry:
            continue

        def fill(m: re.Match[str], found: re.Match[str] = found) -> str:
            value = found.group(int(m.group(1))) or ""
            how = m.group(2)
            if how == "#":
                return digits(lang, value)
            if how == "~":
                parts = value.split("; then ")
                steps = [_said(lang, s, _hint_lines()["steps"]) or s for s in parts]
                return str(_hint_lines()["then"][lang]).join(steps)
            return names(value) if names else value

        you = found.re.groups >= 1 and found.group(1) == "you" and f"{lang}_you" in entry
        return _PLACE.sub(fill, entry[f"{lang}_you"] if you else entry[lang])
    return None


def hint_line(lang: str, line: str) -> str | None:
    """A hint line of either game (English, naming its cards) said whole in ``lang``, its cards
    and numbers kept; None in English or for a line no pattern
    of ``hint_lines.json`` matches."""
    if lang == "en":
        return None
    return _said(lang, line, _hint_lines()["lines"])


#: the cards a log line may end with (what a draw brought the player: ``: 7♦ X``)
_DRAWN = re.compile(r"^(.*)(: (?:[AKQJT2-9][♠♥♦♣]|X)(?: (?:[AKQJT2-9][♠♥♦♣]|X))*)$")


def log_line(lang: str, line: str, names: Callable[[str], str] | None = None) -> str | None:
    """A log line of the terminal (an action in words, a round's start or end) said in
    ``lang``, its cards and numbers kept, ``names`` saying each player's name (``you``, a bot's)
    in ``lang``; None in English or for a line no pattern matches."""
    if lang == "en":
        return None
    entries = _hint_lines()["log"]
    said = _said(lang, line, entries, names)
    if said is None and (drawn := _DRAWN.match(line)) is not None:
        head = _said(lang, drawn.group(1), entries, names)
        said = head + drawn.group(2) if head is not None else None
    return said
