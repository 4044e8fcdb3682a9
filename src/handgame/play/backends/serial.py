"""The ``serial`` backend: every item in this process, one after another."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any


class SerialBackend:
    """Runs ``fn`` in this process (``--jobs 1``, the default)."""

    name = "serial"
    workers = 1

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``fn(item)`` for every item, in order."""
        for item in items:
            yield fn(item)

    def close(self) -> None:
        """Nothing to stop."""


__all__ = ["SerialBackend"]
