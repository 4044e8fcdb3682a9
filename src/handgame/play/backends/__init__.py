"""Where the matches of a simulation are played: one small interface, one module per backend.

A :class:`Backend` maps a function over items and yields the results **in the items' order**,
whatever runs them; every match is seeded from its number alone, so every backend gives the
same results for the same seed (only the timing differs):

- ``serial`` (:mod:`.serial`): this process, one match after another (``--jobs 1``);
- ``processes`` (:mod:`.processes`): a pool of J local processes (``--jobs J``);
- ``ray`` (:mod:`.ray_tasks`): Ray tasks on a Ray cluster, or on a local Ray started on demand
  (``--backend ray [--address ADDR]``; the optional extra ``handgame[ray]``).

:func:`open_backend` picks one by name; Ray is imported only when the ``ray`` backend opens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

BACKENDS = ("local", "ray")


class BackendError(RuntimeError):
    """A backend that cannot start (Ray not installed, no cluster at the address...)."""


class Backend(Protocol):
    """Runs ``fn`` over ``items`` somewhere and yields the results in the items' order."""

    name: str
    workers: int  # how many items run at once

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``fn(item)`` for every item, in order; ``fn`` must be a module-level function."""
        ...

    def close(self) -> None:
        """Stop what the backend started (processes, a local Ray); idempotent."""
        ...


def open_backend(name: str, jobs: int | None = 1, address: str | None = None) -> Backend:
    """The backend ``name`` (``local``: ``serial`` for one job, else ``processes``; ``ray``)
    with ``jobs`` workers (``ray``: the CPUs of a local Ray, None: all of this machine's);
    ``address``: the Ray cluster (``ray`` only). Raises
    :class:`BackendError` when it cannot start, ``ValueError`` for a bad name or address."""
    if name == "local":
        if address is not None:
            raise ValueError("--address is for --backend ray (the address of a Ray cluster)")
        if jobs is None or jobs <= 1:
            from handgame.play.backends.serial import SerialBackend

            return SerialBackend()
        from handgame.play.backends.processes import ProcessBackend

        return ProcessBackend(jobs)
    if name == "ray":
        from handgame.play.backends.ray_tasks import RayBackend

        return RayBackend(jobs, address)
    raise ValueError(f"unknown backend {name!r}; choose one of: {', '.join(BACKENDS)}")


__all__ = ["BACKENDS", "Backend", "BackendError", "open_backend"]
