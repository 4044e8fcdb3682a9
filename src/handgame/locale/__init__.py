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
from functools import cache
from importlib import resources

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
