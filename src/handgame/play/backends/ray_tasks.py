"""The ``ray`` backend: matches as Ray tasks, on a Ray cluster or a local Ray started on demand.

``RayBackend(jobs, address)`` connects to the cluster at ``address`` (``ray start --head``
prints it; ``auto`` finds a cluster started on this machine; ``ray://HOST:10001`` is Ray
Client) or, with no address, starts a private local Ray of ``jobs`` CPUs on 127.0.0.1 and stops
it at :meth:`~RayBackend.close`. A Ray already initialised in this process is used as it is
and left running. Every node needs the same handgame installed (the tasks import it).

Ray is the optional extra ``handgame[ray]``, imported only here and only when the backend
opens: ``import handgame`` and the quick start never load it.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from handgame.play.backends import BackendError

INSTALL_HINT = "pip install 'handgame[ray]'"
LOCAL_OBJECT_STORE = 128 * 1024 * 1024  # bytes: a simulation sends back small summaries only


def import_ray(local: bool = False) -> Any:
    """The ``ray`` module; raises :class:`BackendError` with the install command when absent.

    ``local``: Ray is for a local Ray of this machine alone, so when this is its first import,
    Ray's single-machine mode is set (every Ray service on 127.0.0.1, nothing on the network);
    Ray reads it once, when first imported."""
    if local and "ray" not in sys.modules:
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    try:
        import ray
    except ImportError as exc:
        raise BackendError(
            f"the ray backend needs Ray, which is not installed: {INSTALL_HINT} ({exc})"
        ) from None
    return ray


def start_local_ray(cpus: int | None = None) -> Any:
    """Start a private local Ray of ``cpus`` CPUs (None: all of this machine's) on 127.0.0.1
    (when Ray was not imported before: see :func:`import_ray`),
    quiet (no dashboard, errors only, no usage report); returns the ``ray`` module."""
    ray = import_ray(local=True)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        ray.init(
            num_cpus=cpus,
            include_dashboard=False,
            object_store_memory=LOCAL_OBJECT_STORE,
            log_to_driver=False,
            logging_level=logging.ERROR,  # not the notice that the token auth is on
        )
    except Exception as exc:
        raise BackendError(f"cannot start a local Ray: {type(exc).__name__}: {exc}") from None
    return ray


def connect(address: str | None, cpus: int | None) -> tuple[Any, bool]:
    """``(ray, started)``: Ray connected to ``address``, or a local Ray of ``cpus`` CPUs started
    now (``started``: this call initialised Ray, so its caller shuts it down)."""
    ray = import_ray(local=address is None)
    if ray.is_initialized():
        return ray, False
    if address is None:
        return start_local_ray(cpus), True
    _check_reachable(address)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    except Exception as exc:
        hint = ""
        if "RAY_AUTH_MODE" not in os.environ:  # Ray's token authentication, on by default
            hint = (
                "; if the cluster uses token authentication, set RAY_AUTH_MODE=token and its "
                "token (ray get-auth-token) in RAY_AUTH_TOKEN or ~/.ray/auth_token"
            )
        raise BackendError(
            f"cannot connect to the Ray cluster at {address!r}: {type(exc).__name__}: {exc}"
            + hint
        ) from None
    return ray, True


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once a ``HOST:PORT`` where nothing listens (Ray itself would retry for
    minutes); ``auto`` and ``ray://`` addresses are left to Ray."""
    host, sep, port = address.rpartition(":")
    if not sep or address == "auto" or "://" in address:
        return
    if not port.isdigit():
        raise BackendError(f"bad Ray address {address!r}: write HOST:PORT, auto or ray://HOST:PORT")
    try:
        target = (host.strip("[]") or "127.0.0.1", int(port))  # [::1]:6379 too
        socket.create_connection(target, timeout=timeout).close()
    except OSError as exc:
        raise BackendError(
            f"no Ray cluster answers at {address!r} ({exc.strerror or exc}); start one with "
            "'ray start --head', or leave --address out to start a local Ray"
        ) from None


def cluster_cpus(ray: Any) -> int:
    """The CPUs of the connected cluster (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _run_chunk(fn: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    """One Ray task: ``fn`` over a few consecutive items."""
    return [fn(item) for item in items]


class RayBackend:
    """Runs ``fn`` as Ray tasks of ``chunk`` items each, a few per CPU of the cluster in
    flight at a time, results yielded in order."""

    name = "ray"

    def __init__(self, jobs: int | None = None, address: str | None = None, chunk: int = 1):
        """Connect now (``jobs``: the CPUs of a local Ray started on demand; None: all)."""
        self.address = address
        self.chunk = max(1, chunk)
        self._ray, self._started = connect(address, jobs)
        self.workers = cluster_cpus(self._ray)

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``fn(item)`` for every item, in order; unfinished tasks are cancelled when the
        caller stops early (a failed match, Ctrl-C). Raises :class:`BackendError` when Ray
        itself fails (a node or worker lost); an exception raised by ``fn`` comes as Ray's
        ``RayTaskError``, which is also an instance of the original exception's class."""
        ray = self._ray
        task = ray.remote(num_cpus=1, max_retries=0)(_run_chunk)
        window = 2 * self.workers
        pending: deque[Any] = deque()
        source = iter(items)
        lost = (ray.exceptions.RayError,)
        try:
            while chunk := list(islice(source, self.chunk)):
                pending.append(task.remote(fn, chunk))
                if len(pending) >= window:
                    yield from ray.get(pending.popleft())
            while pending:
                yield from ray.get(pending.popleft())
        except ray.exceptions.RayTaskError:
            raise
        except lost as exc:
            raise BackendError(f"Ray failed: {type(exc).__name__}: {exc}") from None
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        """Shut down the local Ray started by this backend (or disconnect from the cluster)."""
        if self._started:
            self._started = False
            self._ray.shutdown()


__all__ = [
    "INSTALL_HINT",
    "RayBackend",
    "cluster_cpus",
    "connect",
    "import_ray",
    "start_local_ray",
]
