"""The rule ids a message cites, read from its words: for tests only (the package reads an
error's ids as data, ``GameError.rules``; these tests check the words and the data agree)."""

from __future__ import annotations

import re

#: a rule id as the rule book writes it: ``L-62``, ``O-6``, ``HF-3``
RULE_ID = re.compile(r"\b[A-Z]+-\d+\b")


def cited_rules(message: str) -> tuple[str, ...]:
    """The rule ids ``message`` cites, each once, in order."""
    return tuple(dict.fromkeys(RULE_ID.findall(message)))
