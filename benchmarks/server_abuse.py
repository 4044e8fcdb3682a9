"""Abuse check of `hand serve` (issue 15; not in CI): the floods of the red-team report run
one after the other against a server while an honest table's human measures its latency.

``python benchmarks/server_load.py --abuse`` (or this file) starts ``hand serve`` on a free
loopback port with a temporary SQLite file and ``--bot-delay 0``. The honest client plays the
human seat of a human + greedy table and pings it; each phase runs one flood for ``--seconds``
(10) and reports the honest client's ack and ping latency (median, p95, max, in ms) during it:

* ``quiet``: no flood (the baseline);
* ``budgets``: 8 × ``POST /api/tables`` with ``ismcts:iterations=999999999999`` (refused: the
  count of 422s), then 4 tables of the largest budget the server allows (``iterations=1000``);
* ``syncs``: a spectator of a finished 2-round bot match sends 40 ``sync`` from version 1,
  again and again; ``since``: 30 connections with ``?since=1`` at once;
* ``hints``: 64 parallel ``/hint`` requests at a time; ``spectators``: 200 spectators join and
  leave one table; ``tables``: ``POST /api/tables`` as fast as one client can (the count of
  201s and 429s).

One JSON object on stdout, progress on stderr. ``--probes``: issue 31's probes instead
(``benchmarks/abuse_probes.py``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import emit, machine, percentile, progress
from server_load import free_port, hand_command, wait_ready

GREEDY = {"kind": "bot", "bot": "greedy"}


def post(base: str, seats: list[dict[str, Any]], rounds: int = 1) -> tuple[int, Any]:
    body = {"rules": {"preset": "levant", "options": {"rounds": rounds}}, "seats": seats}
    req = urllib.request.Request(f"{base}/api/tables", json.dumps(body).encode(), method="POST")
    req.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, None


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, None


PHASES = ("quiet", "budgets", "syncs", "since", "hints", "spectators", "tables")


def honest_play(url: str, phase: Any, stop: Any, results: Any) -> None:
    """The honest human, in a process of its own (the floods' threads do not share its
    interpreter): plays its seat and pings, recording latencies by phase."""
    rng = random.Random(1)
    acks: dict[str, list[float]] = {}
    pings: dict[str, list[float]] = {}
    with connect(url, max_size=None) as ws:
        view, version, n = None, 0, 0
        while not stop.value:
            n += 1
            name = PHASES[phase.value]
            start = time.perf_counter()
            ws.send(json.dumps({"type": "ping", "id": f"p{n}"}))
            while True:
                m = json.loads(ws.recv(timeout=120))
                if m["type"] == "state":
                    view, version = m["view"], m["version"]
                if m.get("id") == f"p{n}":
                    break
            pings.setdefault(name, []).append((time.perf_counter() - start) * 1e3)
            if view and view["legal_actions"] and view["turn"] == 0:
                action = rng.choice([a for a in view["legal_actions"] if "redeal" not in a])
                start = time.perf_counter()
                message = {"type": "action", "id": f"a{n}", "version": version, "action": action}
                ws.send(json.dumps(message))
                while True:
                    m = json.loads(ws.recv(timeout=120))
                    if m["type"] == "state":
                        view, version = m["view"], m["version"]
                    if m.get("id") == f"a{n}":
                        break
                if m["type"] == "ack":
                    acks.setdefault(name, []).append((time.perf_counter() - start) * 1e3)
            time.sleep(0.1)
    results.put({"acks": acks, "pings": pings})


def figures(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    values = sorted(values)
    return {
        "n": len(values),
        "median": round(percentile(values, 50), 1),
        "p95": round(percentile(values, 95), 1),
        "max": round(values[-1], 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per phase")
    parser.add_argument(
        "--probes",
        action="store_true",
        help="run issue 31's probes instead (benchmarks/abuse_probes.py: F2-F11, the GET "
        "latency and table stalls of a watcher on another loopback address)",
    )
    parser.add_argument("--only", help="with --probes: these probes only, e.g. F3,F8")
    args = parser.parse_args(argv)
    if args.probes:
        from abuse_probes import main as run_probes

        return run_probes(
            ["--seconds", str(args.seconds), *(["--only", args.only] if args.only else [])]
        )
    tmp = Path(tempfile.mkdtemp(prefix="hand-abuse-"))
    port = free_port()
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            *hand_command(),
            "serve",
            "--port",
            str(port),
            "--bot-delay",
            "0",
            "--database-url",
            f"sqlite:///{tmp / 'abuse.sqlite'}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=open(tmp / "server.log", "wb"),
    )
    out: dict[str, Any] = {"machine": machine(), "phases": {}}
    try:
        assert wait_ready(base, 60), "the server did not start"
        made = post(base, [{"kind": "human"}, GREEDY], rounds=50)[1]
        url = f"{ws_base}/ws/tables/{made['table']}?token={made['seats'][0]['token']}"
        ctx = multiprocessing.get_context("spawn")
        phase, stop, results = ctx.Value("i", 0), ctx.Value("i", 0), ctx.Queue()
        honest = ctx.Process(target=honest_play, args=(url, phase, stop, results))
        honest.start()
        finished = post(base, [GREEDY, GREEDY], rounds=2)[1]["table"]
        while not get(f"{base}/api/tables/{finished}")[1]["finished"]:
            time.sleep(0.2)
        token_table = post(base, [{"kind": "human"}, GREEDY])[1]
        hint_url = f"{base}/api/tables/{token_table['table']}/hint?token="
        hint_url += token_table["seats"][0]["token"]
        notes: dict[str, Any] = {}

        def budgets() -> None:
            codes = [
                post(base, [GREEDY, {"kind": "bot", "bot": "ismcts:iterations=999999999999"}])[0]
                for _ in range(8)
            ]
            notes["budgets_refused_422"] = codes.count(422)
            for _ in range(4):
                post(base, [{"kind": "bot", "bot": "ismcts:iterations=1000"}] * 3, rounds=5)

        def syncs() -> None:
            with connect(f"{ws_base}/ws/tables/{finished}", max_size=None) as ws:
                end = time.monotonic() + args.seconds
                while time.monotonic() < end:
                    for _ in range(40):
                        ws.send(json.dumps({"type": "sync", "version": 1}))
                    time.sleep(0.5)

        def since() -> None:
            end = time.monotonic() + args.seconds
            while time.monotonic() < end:
                conns = [
                    connect(f"{ws_base}/ws/tables/{finished}?since=1", max_size=None)
                    for _ in range(30)
                ]
                for c in conns:
                    c.close()

        def hints() -> None:
            end = time.monotonic() + args.seconds
            codes: list[int] = []
            with ThreadPoolExecutor(64) as pool:
                while time.monotonic() < end:
                    codes += list(pool.map(lambda _: get(hint_url)[0], range(64)))
            notes["hints_200"], notes["hints_429"] = codes.count(200), codes.count(429)

        def spectators() -> None:
            conns = []
            for _ in range(200):
                try:
                    conns.append(connect(f"{ws_base}/ws/tables/{finished}", max_size=None))
                except Exception:
                    break
            notes["spectators_joined"] = len(conns)
            for c in conns:
                c.close()

        def tables() -> None:
            end = time.monotonic() + args.seconds
            codes = []
            while time.monotonic() < end:
                codes.append(post(base, [{"kind": "human"}, GREEDY])[0])
            notes["tables_201"], notes["tables_429"] = codes.count(201), codes.count(429)

        phases = {
            "quiet": lambda: time.sleep(args.seconds),
            "budgets": budgets,
            "syncs": syncs,
            "since": since,
            "hints": hints,
            "spectators": spectators,
            "tables": tables,
        }
        for name, flood in phases.items():
            progress(f"phase {name}")
            phase.value = PHASES.index(name)
            start = time.monotonic()
            flood()
            time.sleep(max(0.0, args.seconds - (time.monotonic() - start)))
        stop.value = 1
        got = results.get(timeout=300)
        honest.join(30)
        for name in phases:
            out["phases"][name] = {
                "ack_ms": figures(got["acks"].get(name, [])),
                "ping_ms": figures(got["pings"].get(name, [])),
            }
        out["notes"] = notes
        _, health = get(f"{base}/api/health")
        out["health"] = health
    finally:
        server.terminate()
        server.wait(30)
    emit(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
