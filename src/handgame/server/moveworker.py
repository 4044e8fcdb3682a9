"""Bots' decisions in a worker process of their own (``hand serve --bot-worker``, the default),
off the server's event loop.

A decision crosses to the worker as the bot's spec, a seed made for that one decision
(:func:`bot_seed`: a hash of the table's seed, the seat and the version, from which the table's
seed cannot be read back), the seat, whether it is an out-of-turn claim, and that seat's view:
never the table's state, another seat's hand or the table's seed (hidden information). The
answer is the bot's action (or None: no claim). The decisions of many tables asked in one turn
of the loop go to the worker in one message, and its answers come back in one: the loop reads
them from the pipe itself (no thread on the way back), and a thread of its own writes the
requests (the loop never waits for the worker to read).

A worker that dies, or does not answer within ``timeout`` seconds, is stopped: the decisions
it held fail with :class:`WorkerLost` (the caller asks a new worker once, then plays the
stand-in in the server: a table never hangs on its worker) and the next decision starts a new
one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import pickle
import queue
import threading
from collections.abc import Hashable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from handgame.core.errors import BotError
from handgame.server.viewdelta import Patch, ViewDeltas, ViewReplica

log = logging.getLogger("handgame.server")

#: the seconds a new worker may take to load its bots (not counted against any move)
START_SECONDS = 120.0

#: a decision asked of a worker: (spec, seed, seat, claim, key, the view as a patch:
#: :mod:`.viewdelta`)
Request = tuple[str, str, int, bool, Hashable, Patch]


class WorkerLost(RuntimeError):
    """A worker process stopped (or was stopped) before it answered."""


def bot_seed(table_seed: str, seat: int, version: int) -> str:
    """The seed of one bot decision: a hash of the table's seed, the seat and the version (the
    table's seed, which shuffles its deals, never leaves the server)."""
    text = f"{table_seed}:{seat}:{version}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def decide(spec: str, seed: str, seat: int, claim: bool, view: Any) -> Any | None:
    """A bot's decision from its seat's view alone: its action at its turn (or a required
    answer), or, offered a claim out of turn, the claim or None. Raises ``BotError`` for an
    illegal action."""
    from handgame.play.registry import make_bot

    bot = make_bot(spec, seed)
    if claim:
        if not view.legal_actions or not bot.wants_redeal(view):
            return None
        return view.legal_actions[0]
    action = bot.choose(view)
    if action not in view.legal_actions:
        raise BotError(f"bot {spec!r} at seat {seat} chose an illegal action: {action}")
    return action


def serve(requests: Connection, answers: Connection) -> None:
    """The worker process: read a batch of requests, answer each (an action, or the error
    in one line), until the server closes the pipe."""
    from handgame.play.registry import bot_names

    bot_names()  # the bots loaded once
    try:
        answers.send_bytes(pickle.dumps([], pickle.HIGHEST_PROTOCOL))  # ready
    except (EOFError, OSError):
        return
    replica = ViewReplica()  # each seat's view, from the server's patches
    while True:
        try:
            dropped, batch = pickle.loads(requests.recv_bytes())
        except (EOFError, OSError):
            return
        replica.drop(dropped)  # before this batch's patches (a key dropped may come again)
        out: list[tuple[int, bool, Any]] = []
        for rid, (spec, seed, seat, claim, key, patch) in batch:
            try:
                view = replica.view(key, patch)
                out.append((rid, True, decide(spec, seed, seat, claim, view)))
            except Exception as e:
                out.append((rid, False, f"{type(e).__name__}: {str(e)[:200]}"))
        try:
            answers.send_bytes(pickle.dumps(out, pickle.HIGHEST_PROTOCOL))
        except (EOFError, OSError):
            return


class MoveWorker:
    """The server's side of one bot worker process (module docstring)."""

    def __init__(self, timeout: float) -> None:
        """No process yet (the first decision starts it); ``timeout``: the seconds a decision
        may take before the worker is taken for hung and stopped."""
        self.timeout = timeout
        self.process: BaseProcess | None = None
        self.answers: Connection | None = None  # read by the loop
        self.requests: queue.SimpleQueue[bytes | None] | None = None  # to the writer thread
        self.writer: threading.Thread | None = None
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.outbox: list[tuple[int, Request]] = []
        self.deltas = ViewDeltas()  # the views sent, for sending only what changed
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ready: asyncio.Future[None] | None = None  # done once the worker has its bots
        self.next_id = 0
        self.started = 0  # processes started
        self.lost = 0  # processes that died or were stopped with decisions pending
        self.decisions = 0  # decisions answered

    @property
    def pid(self) -> int | None:
        """The worker process's id, if one runs."""
        return self.process.pid if self.process is not None else None

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        request_read, request_write = context.Pipe(duplex=False)
        answer_read, answer_write = context.Pipe(duplex=False)
        process = context.Process(
            target=serve, args=(request_read, answer_write), name="hand-bot-worker", daemon=True
        )
        process.start()
        request_read.close()
        answer_write.close()
        self.process, self.answers = process, answer_read
        self.requests = queue.SimpleQueue()
        self.writer = threading.Thread(
            target=_write, args=(request_write, self.requests), name="hand-bot-writer", daemon=True
        )
        self.writer.start()
        self.loop = asyncio.get_running_loop()
        self.ready = self.loop.create_future()
        self.loop.add_reader(answer_read.fileno(), self._read)
        self.started += 1

    async def decide(
        self, spec: str, seed: str, seat: int, claim: bool, view: Any, key: Hashable = None
    ) -> Any:
        """:func:`decide` in the worker. Raises :class:`WorkerLost`, or ``BotError`` (the
        bot failed there). ``key`` (a table and seat): the view goes as what changed since
        the last one sent under it (:mod:`.viewdelta`); None: whole."""
        if self.process is None:
            self._start()
        ready = self.ready
        if ready is not None and not ready.done():  # its start is not counted against a move
            try:
                await asyncio.wait_for(asyncio.shield(ready), START_SECONDS)
            except TimeoutError:
                self.stop(f"not started in {START_SECONDS:g} s")
                raise WorkerLost(f"the bot worker did not start in {START_SECONDS:g} s") from None
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        rid = self.next_id
        self.next_id += 1
        self.pending[rid] = future
        if not self.outbox:
            loop.call_soon(self._flush)
        patch = self.deltas.patch(key, view) if key is not None else (True, view)
        self.outbox.append((rid, (spec, seed, seat, claim, key, patch)))
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except TimeoutError:
            if self.pending.get(rid) is future:  # not answered: the worker is hung
                self.stop(f"no answer in {self.timeout:g} s")
            raise WorkerLost(f"the bot worker gave no answer in {self.timeout:g} s") from None
        finally:
            self.pending.pop(rid, None)

    def _flush(self) -> None:
        """Send the decisions asked in this turn of the loop, in one message."""
        batch, self.outbox = self.outbox, []
        if not batch:
            return
        if self.requests is None:
            for rid, _ in batch:
                self._fail(rid, WorkerLost("the bot worker stopped"))
            return
        message = (self.deltas.dropped(), batch)
        self.requests.put(pickle.dumps(message, pickle.HIGHEST_PROTOCOL))

    def _read(self) -> None:
        """Answers from the worker (on the loop, when its pipe is readable)."""
        assert self.answers is not None
        try:
            data = self.answers.recv_bytes()
        except (EOFError, OSError):
            code = self.process.exitcode if self.process is not None else None
            self.stop(f"the bot worker stopped (exit code {code})")
            return
        if self.ready is not None and not self.ready.done():
            self.ready.set_result(None)
        for rid, ok, value in pickle.loads(data):
            future = self.pending.pop(rid, None)
            if future is None or future.done():
                continue
            self.decisions += 1
            future.set_result(value) if ok else future.set_exception(BotError(value))

    def _fail(self, rid: int, error: Exception) -> None:
        future = self.pending.pop(rid, None)
        if future is not None and not future.done():
            future.set_exception(error)

    def stop(self, why: str | None = None) -> None:
        """Stop the worker process; the decisions it held fail with :class:`WorkerLost` (a new
        process starts with the next decision). ``why``: logged (None: a plain shutdown)."""
        process, answers, requests = self.process, self.answers, self.requests
        self.process, self.answers, self.requests = None, None, None
        if self.ready is not None and not self.ready.done():
            self.ready.set_exception(WorkerLost(why or "the server stops"))
            self.ready.exception()  # retrieved: no warning if nobody waits
        self.ready = None
        if answers is not None and self.loop is not None:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(answers.fileno())
        if requests is not None:
            requests.put(None)  # the writer closes its end
        if process is not None:
            with contextlib.suppress(Exception):
                process.kill()
            threading.Thread(target=process.join, args=(5,), daemon=True).start()
        if answers is not None:
            with contextlib.suppress(OSError):
                answers.close()
        if self.pending and why is not None:
            self.lost += 1
            log.warning("bot worker: %s; %d decisions asked again", why, len(self.pending))
        for rid in list(self.pending):
            self._fail(rid, WorkerLost(why or "the server stops"))
        self.outbox = []
        self.deltas.reset()  # a new worker knows no view


def _write(connection: Connection, requests: queue.SimpleQueue[bytes | None]) -> None:
    """The writer thread: each batch to the worker, in order, until None (or a broken pipe)."""
    try:
        while True:
            data = requests.get()
            if data is None:
                return
            connection.send_bytes(data)
    except (EOFError, OSError):
        return
    finally:
        with contextlib.suppress(OSError):
            connection.close()
