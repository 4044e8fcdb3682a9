"""Words as data: what a game says to people leaves it as a *phrase*, never as a sentence.

A phrase is a JSON object: its ``kind`` (the key of its wording in the glossary,
:mod:`handgame.locale`) and its parameters (cards as their codes, counts, rule ids, seats,
actions in record notation): ``{"kind": "hint_discard", "card": "7D", "left": 12}``. Each front
end words it from the glossary of its language. An action needs no phrase of its own: its
record notation is its data, and its game's *action table* (in the game's ``words.json``)
names the kind of its wording (:func:`action_kind`): ``{"seat": 0, "draw": "stock"}`` is
``draw_stock``, worded ``act_draw_stock`` in a log and ``do_draw_stock`` as a choice or a step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

#: a phrase: ``{"kind": KEY, PARAMETER: VALUE, ...}``, plain JSON
Phrase = dict[str, Any]


def plain(value: Any) -> Any:
    """``value`` as plain JSON: a card as its code, an action as its record object, tuples as
    lists."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, int) and not isinstance(value, bool) and type(value) is not int:
        return str(value)  # a Card (an int subclass) by its code
    return value


def phrase(kind: str, **params: Any) -> Phrase:
    """The phrase of ``kind`` with ``params`` (cards, actions and tuples made plain JSON)."""
    return {"kind": kind, **{k: plain(v) for k, v in params.items()}}


def action_kind(action: Mapping[str, Any], table: Sequence[Mapping[str, Any]]) -> str | None:
    """The kind of an action's wording: the first entry of its game's action ``table`` that
    fits it (its ``verb`` is the action's; ``value``: the verb's value equals it; ``fields``:
    these keys are set; ``equal``: these keys have these values; ``list``/``empty``: the verb's
    value is a list / an empty list). None when no entry fits."""
    for entry in table:
        verb = entry["verb"]
        if verb not in action:
            continue
        value = action[verb]
        if "value" in entry and value != entry["value"]:
            continue
        if any(action.get(k) is None for k in entry.get("fields", ())):
            continue
        if any(action.get(k) != v for k, v in entry.get("equal", {}).items()):
            continue
        if entry.get("list") and not isinstance(value, list):
            continue
        if "empty" in entry and (value == []) != entry["empty"]:
            continue
        kind: str = entry["kind"]
        return kind
    return None


def package_words(package: str) -> dict[str, Any]:
    """A game's words: the ``words.json`` of its ``package`` (its action table and its words
    in each language)."""
    text = resources.files(package).joinpath("words.json").read_text(encoding="utf-8")
    words: dict[str, Any] = json.loads(text)
    return words


__all__ = ["Phrase", "action_kind", "package_words", "phrase", "plain"]
