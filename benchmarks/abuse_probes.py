"""The probes of issue 31's second attack on `hand serve` (F2-F11), run again: not in CI.

``python benchmarks/server_abuse.py --probes`` (or this file) starts ``hand serve`` on a free
loopback port (a temporary SQLite file, ``--max-tables 50`` as in the attack) and runs each
probe in turn while a *watcher* on another loopback address (127.0.0.3: the per-address limits
of the attacker, on 127.0.0.1, are not the watcher's) GETs an honest table's summary every
50 ms, and a table of two greedy bots plays on. For each probe it prints what the probe got
(its counts) and the watcher's figures: GET latency (median, p95, max, in ms; the target is
no GET over 200 ms) and the longest time the bots' table stood still (``stall_s``; with no
bot delay it moves every few ms, so a stall is the server not answering).

Probes (issue 31's findings): ``F0`` no attack at all (the watcher's figures on this machine
at its load: the control); ``F2`` decks=200000 and the largest deals allowed; ``F3`` 150
spectator sockets × 40 ``sync`` from version 1, every 2 s; ``F4`` 250 spectator sockets of
pings; ``F5`` a burst of tables that never end, then another address; ``F6`` a spoofed
X-Forwarded-For after a 429; ``F7`` 1,100 slow bodies (1 byte / 4 s); ``F8`` (its own server,
``--turn-timeout 10``) a seat that comes back before each stand-in move; ``F9`` four tables of
three ``ismcts:iterations=1000`` beside an ``expert`` table; ``F10`` a 4,300-digit option;
``F11`` illegal actions from 250 sockets and compressed 64 KiB frames from 20.

Run under a real-time priority (``chrt -f 10``, for figures that other jobs on the machine do
not distort), the server and the watcher keep it, and the attacker (this process's main
thread: its floods are CPU-bound loops) drops to the normal policy: an attacker is not on the
server's machine, and at a real-time priority its loops would hold a core from the server
(which no one would see in production). The watcher is a process of its own, so that the
attacker's loops do not hold its interpreter either.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import multiprocessing
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import emit, machine, percentile, progress
from server_load import free_port, hand_command, wait_ready

ATTACKER, OTHER, WATCHER = "127.0.0.1", "127.0.0.2", "127.0.0.3"
GREEDY = {"kind": "bot", "bot": "greedy"}
HUMAN = {"kind": "human"}


def request(
    port: int, method: str, path: str, body: Any = None, source: str = ATTACKER,
    headers: dict[str, str] | None = None, timeout: float = 60.0,
) -> tuple[int, Any]:  # fmt: skip
    """One HTTP request from the loopback address ``source``: (status, JSON or None)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                      source_address=(source, 0))  # fmt: skip
    try:
        data = json.dumps(body).encode() if body is not None else None
        head = {"content-type": "application/json", **(headers or {})}
        conn.request(method, path, body=data, headers=head)
        r = conn.getresponse()
        text = r.read()
        try:
            return r.status, json.loads(text)
        except ValueError:
            return r.status, None
    except OSError:
        return 0, None
    finally:
        conn.close()


def table(preset: str, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    """A POST /api/tables body."""
    return {"rules": {"preset": preset, "options": options}, "seats": seats}


def ws(port: int, path: str, source: str = ATTACKER) -> ClientConnection:
    """A WebSocket from ``source``."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
    return connect(f"ws://127.0.0.1:{port}{path}", sock=sock, max_size=None, open_timeout=30)


#: the scheduling policy and priority this process started with (``chrt``): the server's and
#: the watcher's, the attacker's own dropped to the normal one (module docstring)
STARTED_WITH: tuple[int, int] = (os.SCHED_OTHER, 0)


def keep_priority(pid: int) -> None:
    """Give process ``pid`` the policy this process started with."""
    policy, priority = STARTED_WITH
    if policy != os.SCHED_OTHER:
        with contextlib.suppress(OSError):
            os.sched_setscheduler(pid, policy, os.sched_param(priority))


def watch(port: int, honest: str, bots: str, stop: Any, answer: Any) -> None:
    """The watcher's process: GET ``honest``'s summary every 50 ms from 127.0.0.3, note the
    latency and how long ``bots`` stood still, until ``stop`` is set; the figures to
    ``answer``."""
    latencies: list[float] = []
    stall, failed = 0.0, 0
    version, since = -1, time.monotonic()
    while not stop.is_set():
        start = time.perf_counter()
        status, _ = request(port, "GET", f"/api/tables/{honest}", source=WATCHER)
        latencies.append((time.perf_counter() - start) * 1e3)
        failed += status != 200
        _, summary = request(port, "GET", f"/api/tables/{bots}", source=WATCHER)
        now = time.monotonic()
        if summary and summary.get("version") != version:
            version, since = summary["version"], now
        elif summary and not summary.get("finished"):
            stall = max(stall, now - since)
        time.sleep(0.05)
    values = sorted(latencies)
    answer.send(
        {
            "gets": len(values),
            "get_median_ms": round(percentile(values, 50), 1),
            "get_p95_ms": round(percentile(values, 95), 1),
            "get_max_ms": round(values[-1], 1) if values else None,
            "gets_failed": failed,
            "stall_s": round(stall, 2),
        }
    )


class Watcher:
    """GETs a table's summary every 50 ms from 127.0.0.3 (in a process of its own, at the
    priority this process started with) and notes the latency and how long the bots' table
    stood still."""

    def __init__(self, port: int, honest: str, bots: str) -> None:
        """Watch ``honest`` (latency) and ``bots`` (its version)."""
        context = multiprocessing.get_context("fork")
        self.stop = context.Event()
        self.answer, sending = context.Pipe(duplex=False)
        self.process = context.Process(
            target=watch, args=(port, honest, bots, self.stop, sending), daemon=True
        )

    def start(self) -> None:
        """Start watching."""
        self.process.start()
        assert self.process.pid is not None
        keep_priority(self.process.pid)

    def figures(self) -> dict[str, Any]:
        """Stop watching: the latency figures and the longest stall."""
        self.stop.set()
        got: dict[str, Any] = self.answer.recv() if self.answer.poll(60) else {"gets": 0}
        self.process.join(30)
        return got


@contextlib.contextmanager
def server(tmp: Path, *flags: str) -> Iterator[int]:
    """``hand serve`` on a free port; its port."""
    port = free_port()
    log = open(tmp / f"server-{port}.log", "wb")
    process = subprocess.Popen(
        [*hand_command(), "serve", "--port", str(port), "--bot-delay", "0", "--max-tables", "50",
         "--database-url", f"sqlite:///{tmp / f'abuse-{port}.sqlite'}", *flags],
        stdout=subprocess.DEVNULL, stderr=log,
    )  # fmt: skip
    keep_priority(process.pid)
    try:
        assert wait_ready(f"http://127.0.0.1:{port}", 60), "the server did not start"
        yield port
    finally:
        process.terminate()
        process.wait(30)
        log.close()


def watched(port: int, probe: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Run ``probe`` while a watcher watches a fresh honest table and a fresh bots' table."""
    _, honest = request(port, "POST", "/api/tables", table("levant", [HUMAN, GREEDY]),
                        source=WATCHER)  # fmt: skip
    _, bots = request(port, "POST", "/api/tables",
                      table("levant", [GREEDY, GREEDY], rounds=50), source=WATCHER)  # fmt: skip
    watcher = Watcher(port, honest["table"], bots["table"])
    watcher.start()
    time.sleep(1.0)
    try:
        got = probe()
    finally:
        time.sleep(1.0)
        figures = watcher.figures()
    return {"got": got, **figures}


def spam(conns: list[ClientConnection], message: Callable[[int], str], seconds: float) -> int:
    """Send messages on every connection, round-robin, for ``seconds``; how many were sent
    (a connection the server closed is dropped)."""
    sent, end = 0, time.monotonic() + seconds
    live = list(conns)
    while live and time.monotonic() < end:
        for c in list(live):
            try:
                c.send(message(sent))
                sent += 1
            except Exception:
                live.remove(c)
    return sent


def drain(conns: list[ClientConnection]) -> None:
    for c in conns:
        with contextlib.suppress(Exception):
            c.close()


def finished_table(port: int) -> tuple[str, int]:
    """A finished two-round bots' match: its id and last version."""
    _, made = request(port, "POST", "/api/tables", table("levant", [GREEDY, GREEDY], rounds=2),
                      source=OTHER)  # fmt: skip
    while True:
        _, s = request(port, "GET", f"/api/tables/{made['table']}", source=OTHER)
        if s["finished"]:
            return made["table"], s["version"]
        time.sleep(0.2)


def connect_many(port: int, path: str, n: int) -> tuple[list[ClientConnection], int]:
    """Up to ``n`` WebSockets on ``path``; (the open ones, how many were refused)."""
    conns, refused = [], 0
    for _ in range(n):
        try:
            c = ws(port, path)
            first = json.loads(c.recv(timeout=10))
            if first["type"] == "welcome":
                conns.append(c)
            else:
                refused += 1
                c.close()
        except Exception:
            refused += 1
    return conns, refused


def probes(port: int, seconds: float, only: set[str]) -> dict[str, Any]:
    """F2-F7 and F9-F11 on one server (F8 has its own); ``only``: these (empty: all)."""
    out: dict[str, Any] = {}

    def f0() -> dict[str, Any]:
        time.sleep(seconds)
        return {}

    def f2() -> dict[str, Any]:
        body = table("hand-and-foot", [GREEDY] * 4, decks=200_000)
        codes = [request(port, "POST", "/api/tables", body)[0] for _ in range(3)]
        biggest = table("hand-and-foot", [GREEDY] * 6, players=6, decks=12, rounds=1)
        made = [request(port, "POST", "/api/tables", biggest)[0] for _ in range(3)]
        return {"decks_200000": codes, "largest_allowed": made}

    def f3() -> dict[str, Any]:
        tid, _ = finished_table(port)
        conns, refused = connect_many(port, f"/ws/tables/{tid}", 150)
        sent, end = 0, time.monotonic() + seconds
        while time.monotonic() < end:
            sent += spam(conns, lambda i: json.dumps({"type": "sync", "version": 1}), 0.5)
            time.sleep(2.0)
        drain(conns)
        return {"spectators": len(conns), "refused": refused, "syncs_sent": sent}

    def f4() -> dict[str, Any]:
        tid, _ = finished_table(port)
        conns, refused = connect_many(port, f"/ws/tables/{tid}", 250)
        sent = spam(conns, lambda i: json.dumps({"type": "ping", "id": f"p{i}"}), seconds)
        again, refused_again = connect_many(port, f"/ws/tables/{tid}", 50)  # reconnecting
        drain(conns + again)
        return {"sockets": len(conns), "refused": refused, "pings_sent": sent,
                "reconnected": len(again), "reconnect_refused": refused_again}  # fmt: skip

    def f5() -> dict[str, Any]:
        never = table("gulf", [HUMAN, GREEDY], penalty_limit=100_000)
        never["turn_timeout"] = 0
        codes = [request(port, "POST", "/api/tables", never)[0] for _ in range(60)]
        other = request(port, "POST", "/api/tables", table("levant", [HUMAN, GREEDY]),
                        source=OTHER)[0]  # fmt: skip
        return {"burst_201": codes.count(201), "burst_429": codes.count(429),
                "burst_503": codes.count(503), "another_address": other}  # fmt: skip

    def f6() -> dict[str, Any]:
        plain = [request(port, "GET", "/api/tables/x/hint?token=y")[0] for _ in range(30)]
        first = 0
        while request(port, "POST", "/api/tables", table("levant", [HUMAN, GREEDY]))[0] == 201:
            first += 1  # up to the address's burst or its share of unfinished tables
        spoofed = 0
        for i in range(300):
            status = request(port, "POST", "/api/tables", table("levant", [HUMAN, GREEDY]),
                             headers={"X-Forwarded-For": f"198.51.100.{i % 250}"})[0]  # fmt: skip
            spoofed += status == 201
        return {"made_before_429": first, "spoofed_tables_made_after": spoofed,
                "hint_404s": plain.count(404)}  # fmt: skip

    def f7() -> dict[str, Any]:
        socks, refused = [], 0
        head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        for _ in range(1100):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=2)
                s.sendall(head + b"Content-Length: 1000\r\n\r\n{")
                socks.append(s)
            except OSError:
                refused += 1
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for s in list(socks):
                try:
                    s.sendall(b" ")
                except OSError:
                    socks.remove(s)
            time.sleep(min(4.0, max(0.0, end - time.monotonic())))
        held = len(socks)
        for s in socks:
            s.close()
        return {"opened": 1100 - refused, "still_held_at_end": held}

    def f9() -> dict[str, Any]:
        heavy = {"kind": "bot", "bot": "ismcts:iterations=1000"}
        for _ in range(4):
            request(port, "POST", "/api/tables", table("levant", [heavy] * 3, rounds=5))
        _, expert = request(port, "POST", "/api/tables",
                            table("levant", [{"kind": "bot", "bot": "expert"}, GREEDY], rounds=5),
                            source=OTHER)  # fmt: skip
        versions, stall, since, end = -1, 0.0, time.monotonic(), time.monotonic() + 2 * seconds
        while time.monotonic() < end:
            _, s = request(port, "GET", f"/api/tables/{expert['table']}", source=OTHER)
            now = time.monotonic()
            if s["version"] != versions:
                versions, since = s["version"], now
            elif not s["finished"]:
                stall = max(stall, now - since)
            time.sleep(0.1)
        _, health = request(port, "GET", "/api/health", source=OTHER)
        return {"expert_table_longest_wait_s": round(stall, 2), "expert_table_version": versions,
                "searches_given_up": health["bot_moves_given_up"]}  # fmt: skip

    def f10() -> dict[str, Any]:
        body = table("levant", [GREEDY, GREEDY], unopened_penalty=int("9" * 4300))
        text = json.dumps(body)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("POST", "/api/tables", body=text, headers={"content-type": "application/json"})
        r = conn.getresponse()
        answer = r.read()
        conn.close()
        return {"status": r.status, "answer_bytes": len(answer)}

    def f11() -> dict[str, Any]:
        _, made = request(port, "POST", "/api/tables", table("levant", [HUMAN, HUMAN]),
                          source=OTHER)  # fmt: skip
        tokens = [s["token"] for s in made["seats"]]
        conns, refused = [], 0
        for i in range(250):
            got, no = connect_many(port, f"/ws/tables/{made['table']}?token={tokens[i % 2]}", 1)
            conns += got
            refused += no
        bad = json.dumps({"type": "action", "version": 1, "action": {"meld": [["AS"] * 3]}})
        sent = spam(conns, lambda i: bad, seconds / 2)
        big, _ = connect_many(port, f"/ws/tables/{made['table']}", 20)
        frames = spam(big, lambda i: json.dumps({"type": "ping", "pad": "a" * 65536}), seconds / 2)
        drain(conns + big)
        return {"sockets": len(conns), "refused": refused, "illegal_sent": sent,
                "big_sockets": len(big), "big_frames_sent": frames}  # fmt: skip

    for name, probe in (("F0", f0), ("F2", f2), ("F3", f3), ("F4", f4), ("F9", f9), ("F10", f10),
                        ("F11", f11), ("F7", f7), ("F6", f6), ("F5", f5)):  # fmt: skip
        if only and name not in only:
            continue
        progress(f"probe {name}")
        out[name] = watched(port, probe)
        progress(f"  {out[name]}")
        time.sleep(3.0)  # the attacker's budgets refill a little between probes
    return out


def timer_probe(port: int, seconds: float) -> dict[str, Any]:
    """F8: two humans; seat 0 never plays and comes back (``back``) as soon as it is marked
    away, before the stand-in moves; the stand-in's moves for it are counted."""
    _, made = request(port, "POST", "/api/tables", table("levant", [HUMAN, HUMAN]))
    tid = made["table"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    expiries, end = 0, time.monotonic() + seconds
    other = ws(port, f"/ws/tables/{tid}?token={tokens[1]}")  # seat 1 plays its turns at once
    with ws(port, f"/ws/tables/{tid}?token={tokens[0]}") as c:
        view, version = None, 0
        while time.monotonic() < end:
            with contextlib.suppress(TimeoutError):
                m = json.loads(c.recv(timeout=0.2))
                if m["type"] == "seats" and m["seats"][0]["away"]:
                    c.send(json.dumps({"type": "back"}))
                    expiries += 1
            with contextlib.suppress(TimeoutError):
                while True:
                    m = json.loads(other.recv(timeout=0.01))
                    if m["type"] == "state":
                        view, version = m["view"], m["version"]
                        if view["legal_actions"] and view.get("turn") == 1:
                            legal = [a for a in view["legal_actions"] if "redeal" not in a]
                            action = {"type": "action", "id": f"o{version}",
                                      "version": version, "action": legal[0]}  # fmt: skip
                            other.send(json.dumps(action))
    other.close()
    _, record = request(port, "GET", f"/api/tables/{tid}/record?token={tokens[1]}")
    moves = sum(1 for r in record["rounds"] for a in r["actions"] if a["seat"] == 0)
    return {"seconds": seconds, "expiries": expiries, "seat0_moves_by_the_stand_in": moves}


def main(argv: list[str] | None = None) -> int:
    """Run every probe; one JSON object on stdout."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per probe")
    parser.add_argument("--only", help="probes to run, e.g. F3,F8 (default: all)")
    args = parser.parse_args(argv)
    # the attacker's sockets the server closes end in the client library's keepalive errors:
    # expected here, not worth a traceback each
    logging.getLogger("websockets").setLevel(logging.CRITICAL)
    global STARTED_WITH
    STARTED_WITH = (os.sched_getscheduler(0), os.sched_getparam(0).sched_priority)
    if STARTED_WITH[0] != os.SCHED_OTHER:  # the attacker: the normal policy (module docstring)
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    tmp = Path(tempfile.mkdtemp(prefix="hand-probes-"))
    out: dict[str, Any] = {"machine": machine()}
    only = set(args.only.split(",")) if args.only else set()
    with server(tmp) as port:
        out["probes"] = probes(port, args.seconds, only)
    if not only or "F8" in only:
        progress("probe F8")
        with server(tmp, "--turn-timeout", "10") as port:
            out["probes"]["F8"] = timer_probe(port, max(60.0, 6 * args.seconds))
    out["machine_after"] = machine()
    emit(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
