"""A seat's views encoded with what its previous view shares (issue 37).

Consecutive views of one seat differ in a few fields: the rules (``options``) are the same,
and the round's public log (``public.actions``, every action of the round so far) only grows.
Encoding each view whole was the largest single cost of a step at 200 tables (the log is most
of a view's text, and ``json`` walks it again each time). Here each *long* field (a list or an
object of :data:`LONG` items or more, at the top of the view or one object down) is encoded on
its own: a field equal to the same field of the previous view of the same seat of the same
table takes its text again, and a list that begins with the previous one's items has only its
new items encoded. The rest of the view is encoded in one call with each long field replaced
by a marker (a string with this process's secret random token, so that no value a player
chooses can equal it), then each marker by its field's text. The result is exactly
``json.dumps(view, ensure_ascii=False)`` (the equality checks run in C, far cheaper than the
encoding they save).
"""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from typing import Any

#: the seats whose last view is kept (each: its long fields and their texts)
KEPT = 4096

#: a list or object of this many items or more is a long field
LONG = 8

_dumps = json.JSONEncoder(ensure_ascii=False).encode

#: markers of long fields: never sent (each is replaced), unknown outside this process
_TOKEN = "\ue000" + secrets.token_hex(16)

#: a long field's value and text, by its path in the view ("key" or "key/inner")
Fields = dict[str, tuple[Any, str]]


def _text(value: Any, before: tuple[Any, str] | None) -> str:
    """A long field's text, from the previous view's same field when it can."""
    if before is not None:
        old, text = before
        if type(old) is type(value) and old == value:
            return text
        if (
            isinstance(value, list)
            and isinstance(old, list)
            and 0 < len(old) < len(value)
            and value[: len(old)] == old
        ):
            return f"{text[:-1]}, {_dumps(value[len(old) :])[1:]}"
    return _dumps(value)


def _long(value: Any) -> bool:
    return isinstance(value, (list, dict)) and len(value) >= LONG


class ViewTexts:
    """The last view encoded for each (table, seat), to encode the next one from it."""

    def __init__(self, size: int = KEPT) -> None:
        """Nothing kept; ``size`` seats at most (the oldest forgotten first)."""
        self.size = size
        self.last: OrderedDict[tuple[str, int | None], Fields] = OrderedDict()

    def encode(self, table: str, seat: int | None, view: dict[str, Any]) -> str:
        """``view``'s text (``json.dumps(view, ensure_ascii=False)``)."""
        key = (table, seat)
        before = self.last.pop(key, None) or {}
        fields: Fields = {}
        shallow = dict(view)
        for name, value in view.items():
            if _long(value):
                fields[name] = (value, _text(value, before.get(name)))
                shallow[name] = _TOKEN + name
            elif isinstance(value, dict):
                inner = dict(value)
                for sub, item in value.items():
                    if _long(item):
                        path = f"{name}/{sub}"
                        fields[path] = (item, _text(item, before.get(path)))
                        inner[sub] = _TOKEN + path
                shallow[name] = inner
        text = _dumps(shallow)
        for path, (_, field) in fields.items():
            text = text.replace(_dumps(_TOKEN + path), field, 1)
        self.last[key] = fields
        if len(self.last) > self.size:
            self.last.popitem(last=False)
        return text
