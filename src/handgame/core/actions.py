"""The base of every game's actions: a small immutable value that names its seat and has a
record notation (``to_json``; ``str(action)`` is that notation as compact JSON).

Each game defines its actions as subclasses with a ``verb`` (the record key that names the
action, RECORD.md § Actions) and a parser that reads them back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class Action:
    """Base class: every action names its seat."""

    seat: int
    verb: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The action as a record object."""
        raise NotImplementedError

    def __str__(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))
