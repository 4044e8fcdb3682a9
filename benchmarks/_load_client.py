"""The players of ``server_load.py``: one scripted human per table over its WebSocket, and the
same clients replaying the same traffic against the bare echo (``echo_server.py``).

Each table plays from an address of its own on the loopback network (127.x.y.z: the whole
127.0.0.0/8 is the loopback interface on Linux), as each player of a real site comes from its
own: the server's per-address limits (tables made, connections) then see what they would see
at a site of that many players, and are not raised for the measurement.

While it plays, a table records its *transcript*: for each action it sent, the size of the
message, the time since its previous one, and the size of every message it got before its
next one (the ``ack``, its own ``state``, the bots' states). The echo replays it: the same
message sizes, at the same pace, from the same number of clients, so that the two latencies
are measured under the same traffic.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from _common import percentile, progress, rnd
from websockets.asyncio.client import connect

#: the least time between two actions of the scripted human (seconds): as fast as the
#: server's per-connection rate limit lets a client go
MIN_GAP = 0.08


def client_address(i: int) -> str:
    """The loopback address table ``i``'s player comes from (127.1.0.1, 127.1.0.2, ...)."""
    return f"127.{1 + i // 62_500}.{(i // 250) % 250}.{i % 250 + 1}"


@dataclass
class Sent:
    """One action of a transcript: its message's size, the seconds since the previous one,
    and the sizes of the messages that came before the next one (the ack first)."""

    size: int
    gap: float
    replies: list[int] = field(default_factory=list)


@dataclass
class TableRun:
    """One table: its id, the human seat's token, and what happened."""

    table: str
    token: str
    rng: random.Random
    address: str = "127.0.0.1"
    version: int = 0
    finished: bool = False
    human_actions: int = 0
    latencies_ms: list[float] = field(default_factory=list)  # action -> ack
    state_ms: list[float] = field(default_factory=list)  # action -> the state it made
    errors: list[str] = field(default_factory=list)
    last_state: int = -1  # the version of the last state message
    desyncs: list[str] = field(default_factory=list)  # versions skipped or repeated
    transcript: list[Sent] = field(default_factory=list)


def http_json(
    method: str,
    url: str,
    body: Any = None,
    timeout: float = 60.0,
    address: str | None = None,
) -> Any:
    """One HTTP request with a JSON answer, from ``address`` (a loopback address) if given;
    raises ``OSError`` (with the status and answer) on a status of 400 or more."""
    parts = urlsplit(url)
    source = (address, 0) if address else None
    conn = http.client.HTTPConnection(
        parts.hostname or "127.0.0.1", parts.port or 80, timeout=timeout, source_address=source
    )
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        text = answer.read().decode()
        if answer.status >= 400:
            raise OSError(f"HTTP {answer.status}: {text[:300]}")
        return json.loads(text)
    finally:
        conn.close()


async def play_human(
    base_ws: str, run: TableRun, deadline: float, least_gap: float = MIN_GAP
) -> None:
    """Play the table's human seat from its views until the match is over or the deadline,
    at least ``least_gap`` seconds between two of its actions."""
    url = f"{base_ws}/ws/tables/{run.table}?token={run.token}"
    pending: tuple[str, float] | None = None  # (action id, send time)
    made: tuple[int, float] | None = None  # (version acknowledged, send time): its state next
    acted_from: int | None = None  # the version the last action was chosen from
    view: dict[str, Any] | None = None
    view_version = -1  # the version of ``view``
    sent = 0
    last_send = 0.0
    local = (run.address, 0)
    async with connect(url, max_size=None, open_timeout=60, local_addr=local) as ws:
        while not run.finished:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=left)
            except TimeoutError:
                return
            if run.transcript:
                run.transcript[-1].replies.append(len(raw))
            message = json.loads(raw)
            kind = message.get("type")
            if isinstance(message.get("version"), int):
                run.version = max(run.version, message["version"])
            if kind == "state":
                view = message["view"]
                view_version = message["version"]
                # after the first state, each one is the next version (a resync may jump)
                expected = run.last_state + 1
                if run.last_state >= 0 and view_version != expected and not message.get("resync"):
                    run.desyncs.append(f"{run.table}: state {view_version} after {expected - 1}")
                run.last_state = view_version
                if made is not None and view_version >= made[0]:
                    run.state_ms.append((time.perf_counter() - made[1]) * 1000)
                    made = None
                if view.get("phase") == "over":
                    run.finished = True
                    return
            elif kind == "ack":
                if pending is not None and message.get("id") == pending[0]:
                    run.latencies_ms.append((time.perf_counter() - pending[1]) * 1000)
                    run.human_actions += 1
                    if isinstance(message.get("version"), int):
                        made = (message["version"], pending[1])
                    pending = None
            elif kind == "error":
                code = message.get("code", "?")
                if pending is not None and message.get("id") == pending[0]:
                    pending = None
                    if code != "stale":
                        run.errors.append(f"{run.table}: {code}: {message.get('message')}")
                        acted_from = None  # choose again from the same view
                else:
                    run.errors.append(f"{run.table}: {code}: {message.get('message')}")
                if len(run.errors) > 20:
                    return
            if pending is None and view is not None and view["legal_actions"]:
                # act only from the latest view, and once per version
                if view_version == run.version and acted_from != view_version:
                    # a person sends at most a few actions a second: stay under the server's
                    # per-connection rate limit (20 messages a second)
                    wait = last_send + least_gap - time.monotonic()
                    if wait > 0:
                        await asyncio.sleep(wait)
                    now = time.monotonic()
                    gap, last_send = (now - last_send if last_send else 0.0), now
                    action = run.rng.choice(view["legal_actions"])
                    sent += 1
                    action_id = f"load-{sent}"
                    acted_from = view_version
                    text = json.dumps(
                        {
                            "type": "action",
                            "id": action_id,
                            "version": view_version,
                            "action": action,
                        }
                    )
                    run.transcript.append(Sent(len(text), gap))
                    pending = (action_id, time.perf_counter())
                    await ws.send(text)


def echo_message(number: int, sent: Sent) -> str:
    """The echo's stand-in for one action: its id, the sizes the echo answers with, padded to
    the action's own size (a long list of answers may make it a little longer)."""
    head = {"type": "action", "id": f"load-{number}", "reply": sent.replies, "pad": ""}
    bare = len(json.dumps(head))
    head["pad"] = "x" * max(0, sent.size - bare)
    return json.dumps(head)


async def replay_echo(base_ws: str, run: TableRun, echo: TableRun, deadline: float) -> None:
    """Replay ``run``'s transcript against the echo as ``echo``: each action's message sent
    at the recorded gap after the previous one (or once all the previous one's answers are
    in, if later), its latency to the first answer (the ack's stand-in) recorded."""
    url = f"{base_ws}/ws/echo"
    local = (run.address, 0)
    async with connect(url, max_size=None, open_timeout=60, local_addr=local) as ws:
        last_send = 0.0
        for number, sent in enumerate(run.transcript, 1):
            wait = last_send + sent.gap - time.monotonic()
            if wait > 0 and last_send:
                await asyncio.sleep(wait)
            if time.monotonic() > deadline:
                return
            last_send = time.monotonic()
            start = time.perf_counter()
            await ws.send(echo_message(number, sent))
            for i in range(len(sent.replies)):
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                try:
                    await asyncio.wait_for(ws.recv(), timeout=left)
                except TimeoutError:
                    return
                if i == 0:
                    echo.latencies_ms.append((time.perf_counter() - start) * 1000)
                    echo.human_actions += 1
        echo.finished = True


async def play_all(runs: list[TableRun], one: Any, label: str, deadline: float) -> None:
    """``one(run)`` for every table at once; failures are the run's errors."""
    done = 0
    step = max(10, len(runs) // 10)

    async def tracked(run: TableRun) -> None:
        nonlocal done
        try:
            await one(run)
        except Exception as e:  # a load check reports, it does not stop
            run.errors.append(f"{run.table}: {type(e).__name__}: {e}")
        done += 1
        if done % step == 0 or done == len(runs):
            progress(f"{label}: {done}/{len(runs)} tables done")

    await asyncio.gather(*(tracked(r) for r in runs))


def latency_figures(latencies: list[float]) -> dict[str, float | None]:
    """p50, p95 and max of latencies (ms), nearest rank."""
    ordered = sorted(latencies)
    return {
        "p50": rnd(percentile(ordered, 50) if ordered else None, 2),
        "p95": rnd(percentile(ordered, 95) if ordered else None, 2),
        "max": rnd(ordered[-1] if ordered else None, 2),
    }


def echo_figures(base: str, runs: list[TableRun], seconds: float) -> dict[str, Any]:
    """Replay every table's transcript against the echo at ``base``; its figures."""
    base_ws = "ws" + base[len("http") :]
    echoes = [TableRun(r.table, "", r.rng, r.address) for r in runs]
    pairs = dict(zip((id(e) for e in echoes), runs, strict=True))
    deadline = time.monotonic() + seconds
    start = time.perf_counter()

    async def one(echo: TableRun) -> None:
        await replay_echo(base_ws, pairs[id(echo)], echo, deadline)

    asyncio.run(play_all(echoes, one, "echo", deadline))
    elapsed = time.perf_counter() - start
    latencies = [x for e in echoes for x in e.latencies_ms]
    messages = sum(len(s.replies) + 1 for r in runs for s in r.transcript)
    errors = [x for e in echoes for x in e.errors]
    return {
        "seconds": round(elapsed, 2),
        "messages": messages,
        "messages_per_s": rnd(messages / elapsed if elapsed > 0 else None),
        "actions": len(latencies),
        "latency_ms": latency_figures(latencies),
        "finished": sum(e.finished for e in echoes),
        "errors": len(errors),
        "error_samples": errors[:5],
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
