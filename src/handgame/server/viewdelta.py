"""A seat's view sent to the bot worker as what changed since the view last sent for that
seat (issue 37).

At 1,000 tables, pickling every bot's whole view for the worker was 9% of the server's samples
(89 µs a view): most of a view is the same from one decision of a seat to its next (the names,
the rules, the melds, the round's public log but for its last few actions). :class:`ViewDeltas`
(the server's side) keeps the last view sent for each key (a table and seat) and makes a
:data:`Patch`: the whole view the first time, else the fields that changed — a field the same
object as before is left out, a tuple that only grew sends its new items, a nested dataclass
its own changes. :class:`ViewReplica` (the worker's side) applies them to its copy, so the bot
decides on a view equal to the one made for it. Only the seat's own view crosses, as before
(hidden information). Both sides keep at most ``size`` keys, the least recently used one
dropped first: the server says which keys it dropped, in order, with the next batch.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

#: how a field changed: set to a value, grown by items at its end, or changed inside
SET, GREW, INSIDE = 0, 1, 2

#: a view as sent: (True, the whole view) or (False, {field: (how, value)})
Patch = tuple[bool, Any]

#: views kept, on each side, by default (a table's bot seats)
VIEWS_KEPT = 4096


def changes(old: Any, new: Any) -> dict[str, tuple[int, Any]]:
    """The fields of dataclass ``new`` that differ from those of ``old`` (of the same type)."""
    out: dict[str, tuple[int, Any]] = {}
    for name in new.__dataclass_fields__:
        was, now = getattr(old, name), getattr(new, name)
        if was is now:
            continue
        if type(now) is tuple and type(was) is tuple:
            n = len(was)
            if n and len(now) >= n and now[:n] == was:
                if len(now) > n:
                    out[name] = (GREW, now[n:])
                continue
            out[name] = (SET, now)
        elif dataclasses.is_dataclass(now) and type(was) is type(now):
            inside = changes(was, now)
            if inside:
                out[name] = (INSIDE, inside)
        elif was != now:
            out[name] = (SET, now)
    return out


def patched(old: Any, fields: dict[str, tuple[int, Any]]) -> Any:
    """``old`` with :func:`changes` applied."""
    values: dict[str, Any] = {}
    for name, (how, value) in fields.items():
        if how == SET:
            values[name] = value
        elif how == GREW:
            values[name] = getattr(old, name) + value
        else:
            values[name] = patched(getattr(old, name), value)
    return dataclasses.replace(old, **values) if values else old


class ViewDeltas:
    """The server's side: the last view sent for each key, and the keys dropped since the
    last :meth:`dropped`."""

    def __init__(self, size: int = VIEWS_KEPT) -> None:
        """Nothing sent yet; ``size`` keys kept at most."""
        self.size = size
        self.last: OrderedDict[Hashable, Any] = OrderedDict()
        self.forgotten: list[Hashable] = []

    def patch(self, key: Hashable, view: Any) -> Patch:
        """What to send for ``view`` under ``key`` (and remember it as sent)."""
        old = self.last.pop(key, None)
        self.last[key] = view
        if len(self.last) > self.size:
            gone, _ = self.last.popitem(last=False)
            self.forgotten.append(gone)
        if old is None or type(old) is not type(view) or not dataclasses.is_dataclass(view):
            return (True, view)
        return (False, changes(old, view))

    def dropped(self) -> list[Hashable]:
        """The keys dropped since the last call, in order (for the replica to drop too)."""
        out, self.forgotten = self.forgotten, []
        return out

    def reset(self) -> None:
        """Forget everything (a new worker knows nothing)."""
        self.last.clear()
        self.forgotten = []


class ViewReplica:
    """The worker's side: each key's view, rebuilt from the patches in the order sent."""

    def __init__(self) -> None:
        """No view yet."""
        self.views: dict[Hashable, Any] = {}

    def drop(self, keys: list[Hashable]) -> None:
        """Forget the keys the server dropped."""
        for key in keys:
            self.views.pop(key, None)

    def view(self, key: Hashable, patch: Patch) -> Any:
        """The view ``patch`` makes under ``key``. Raises ``KeyError`` for a change to a view
        this side does not have (the two sides out of step: a bug)."""
        whole, value = patch
        if whole:
            self.views[key] = value
            return value
        if key not in self.views:
            raise KeyError(f"no view kept for {key!r} to change")
        view = patched(self.views[key], value)
        self.views[key] = view
        return view
