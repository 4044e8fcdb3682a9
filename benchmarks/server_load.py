"""Load check of `hand serve` (not in CI): many tables of bots and one scripted human each.

Against a running server (``--url``, default http://127.0.0.1:8000) or one it starts itself
(``--spawn``: ``hand serve`` on a free loopback port, a temporary SQLite file, ``--bot-delay 0``,
stopped at the end). It makes ``--tables`` tables with ``POST /api/tables`` (``rounds=1``, one
human seat, bots in the others), plays every human seat over the WebSocket (a seeded random
choice among the view's ``legal_actions``), all tables at once, until they are all finished or
``--seconds`` have passed.

With ``--spawn --processes N`` (issue 18, docs/deploy.md) it starts a whole site instead: a
throwaway PostgreSQL cluster and Redis server, N ``hand serve --cluster`` processes and nginx in
front of them (the same parts as tests/cluster_helpers.py, which it reuses), and plays through
nginx; ``--processes 1,3`` measures each in turn in one run and prints the ratio of 3 to 1.

Figures: actions applied across all tables and seats (counted from each table's record, so
deals are not actions) per second of wall time, and the human actions' latency from sending
the ``action`` message to receiving its ``ack`` (docs/web-protocol.md). One JSON object on
stdout, progress on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import emit, machine, percentile, progress, rnd


@dataclass
class TableRun:
    """One table: its id, the human seat's token, and what happened."""

    table: str
    token: str
    rng: random.Random
    version: int = 0
    finished: bool = False
    human_actions: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    last_state: int = -1  # the version of the last state message
    desyncs: list[str] = field(default_factory=list)  # versions skipped or repeated


def http_json(method: str, url: str, body: Any = None, timeout: float = 30.0) -> Any:
    """One HTTP request with a JSON answer (stdlib only)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.loads(answer.read().decode())


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def hand_command() -> list[str]:
    """The `hand` program beside this Python, else on PATH, else ``python -m handgame``."""
    beside = Path(sys.executable).parent / "hand"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("hand")
    return [found] if found else [sys.executable, "-m", "handgame"]


def wait_ready(base: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            http_json("GET", f"{base}/api/presets", timeout=2.0)
            return True
        except (OSError, ValueError):
            time.sleep(0.1)
    return False


#: the least time between two actions of the scripted human (seconds)
MIN_GAP = 0.08


async def play_human(base_ws: str, run: TableRun, deadline: float) -> None:
    """Play the table's human seat from its views until the match is over or the deadline."""
    url = f"{base_ws}/ws/tables/{run.table}?token={run.token}"
    pending: tuple[str, float] | None = None  # (action id, send time)
    acted_from: int | None = None  # the version the last action was chosen from
    view: dict[str, Any] | None = None
    view_version = -1  # the version of ``view``
    sent = 0
    last_send = 0.0
    async with connect(url, max_size=None, open_timeout=30) as ws:
        while not run.finished:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=left)
            except TimeoutError:
                return
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
                if view.get("phase") == "over":
                    run.finished = True
                    return
            elif kind == "ack":
                if pending is not None and message.get("id") == pending[0]:
                    run.latencies_ms.append((time.perf_counter() - pending[1]) * 1000)
                    run.human_actions += 1
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
                    wait = last_send + MIN_GAP - time.monotonic()
                    if wait > 0:
                        await asyncio.sleep(wait)
                    last_send = time.monotonic()
                    action = run.rng.choice(view["legal_actions"])
                    sent += 1
                    action_id = f"load-{sent}"
                    acted_from = view_version
                    pending = (action_id, time.perf_counter())
                    await ws.send(
                        json.dumps(
                            {
                                "type": "action",
                                "id": action_id,
                                "version": view_version,
                                "action": action,
                            }
                        )
                    )


async def play_all(base: str, runs: list[TableRun], deadline: float) -> None:
    base_ws = "ws" + base[len("http") :]

    async def one(run: TableRun) -> None:
        try:
            await play_human(base_ws, run, deadline)
        except Exception as e:  # a load check reports, it does not stop
            run.errors.append(f"{run.table}: {type(e).__name__}: {e}")

    done = 0

    async def tracked(run: TableRun) -> None:
        nonlocal done
        await one(run)
        done += 1
        if done % 10 == 0 or done == len(runs):
            progress(f"{done}/{len(runs)} tables done")

    await asyncio.gather(*(tracked(r) for r in runs))


def count_actions(base: str, run: TableRun) -> int | None:
    """The actions applied at the table (all seats), from its record; a finished table whose
    stored version is not the last one its player saw is a desync."""
    try:
        record = http_json("GET", f"{base}/api/tables/{run.table}/record?token={run.token}")
        stored = http_json("GET", f"{base}/api/tables/{run.table}")["version"]
    except (OSError, ValueError) as e:
        run.errors.append(f"{run.table}: record: {e}")
        return None
    if run.finished and stored != run.last_state:
        run.desyncs.append(f"{run.table}: stored version {stored}, last seen {run.last_state}")
    return sum(len(r.get("actions", [])) for r in record.get("rounds", []))


def measure(args: argparse.Namespace, base: str) -> dict[str, Any]:
    rng = random.Random(args.seed)
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "load"}]
    seats += [{"kind": "bot", "bot": args.bot} for _ in range(args.players - 1)]
    body = {
        "rules": {"preset": args.preset, "options": {"rounds": 1}},
        "partnership": False,
        "seats": seats,
    }
    progress(f"creating {args.tables} tables on {base}")
    start = time.perf_counter()
    runs: list[TableRun] = []
    create_errors: list[str] = []
    for i in range(args.tables):
        try:
            answer = http_json("POST", f"{base}/api/tables", body)
        except (OSError, ValueError) as e:
            detail = (
                e.read().decode(errors="replace") if isinstance(e, urllib.error.HTTPError) else ""
            )
            create_errors.append(f"create {i}: {e} {detail}".strip())
            continue
        runs.append(
            TableRun(answer["table"], answer["seats"][0]["token"], random.Random(rng.random()))
        )
    created_s = time.perf_counter() - start
    progress(f"{len(runs)} tables made in {created_s:.2f} s; playing (at most {args.seconds} s)")
    deadline = time.monotonic() + args.seconds
    asyncio.run(play_all(base, runs, deadline))
    elapsed = time.perf_counter() - start
    counts = [count_actions(base, r) for r in runs]
    total = sum(c for c in counts if c is not None)
    latencies = sorted(x for r in runs for x in r.latencies_ms)
    errors = create_errors + [e for r in runs for e in r.errors]
    return {
        "benchmark": "server_load",
        "url": base,
        "spawned": args.spawn,
        "preset": args.preset,
        "players": args.players,
        "bot": args.bot,
        "seed": args.seed,
        "tables": args.tables,
        "tables_created": len(runs),
        "finished": sum(r.finished for r in runs),
        "seconds": round(elapsed, 2),
        "create_seconds": round(created_s, 2),
        "total_actions": total,
        "actions_per_s": rnd(total / elapsed if elapsed > 0 else None),
        "versions": sum(r.version for r in runs),
        "human_actions": len(latencies),
        "latency_ms": {
            "p50": rnd(percentile(latencies, 50) if latencies else None, 2),
            "p95": rnd(percentile(latencies, 95) if latencies else None, 2),
            "max": rnd(latencies[-1] if latencies else None, 2),
        },
        "errors": len(errors),
        "error_samples": errors[:5],
        "desyncs": sum(len(r.desyncs) for r in runs),
        "desync_samples": [d for r in runs for d in r.desyncs][:5],
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "machine": machine(),
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--abuse" in argv:  # the floods of issue 15 against an honest table: server_abuse.py
        from server_abuse import main as abuse

        return abuse([a for a in argv if a != "--abuse"])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="a running hand serve")
    parser.add_argument(
        "--spawn",
        action="store_true",
        help="start hand serve on a free port with a temporary SQLite file and stop it after",
    )
    parser.add_argument("--tables", type=int, default=50, help="tables at once (default 50)")
    parser.add_argument("--players", type=int, default=2, help="seats per table (default 2)")
    parser.add_argument("--bot", default="greedy", help="the bots' spec (default greedy)")
    parser.add_argument("--preset", default="levant", help="the rules preset (default levant)")
    parser.add_argument("--seconds", type=float, default=600.0, help="stop after S seconds")
    parser.add_argument("--seed", type=int, default=1, help="the human seats' choices")
    parser.add_argument(
        "--processes",
        metavar="N[,M...]",
        help="with --spawn: N hand serve --cluster processes behind nginx on PostgreSQL and "
        "Redis (1,3: each in turn, and the ratio)",
    )
    args = parser.parse_args(argv)
    if args.tables < 1 or args.players < 2:
        parser.error("--tables must be at least 1 and --players at least 2")
    if args.processes is not None:
        if not args.spawn:
            parser.error("--processes needs --spawn (the site is started here)")
        try:
            counts = [int(n) for n in args.processes.split(",")]
        except ValueError:
            parser.error("--processes: whole numbers, e.g. 3 or 1,3")
        if not counts or min(counts) < 1 or max(counts) > 16:
            parser.error("--processes: from 1 to 16")
        runs = []
        for n in counts:
            progress(f"--- {n} process(es); load average {os.getloadavg()}")
            runs.append(spawn_site(args, n))
        out: dict[str, Any] = {"benchmark": "server_load --processes", "runs": runs}
        if len(runs) > 1 and runs[0]["actions_per_s"]:
            first, last = runs[0], runs[-1]
            out["ratio_actions_per_s"] = rnd(last["actions_per_s"] / first["actions_per_s"], 2)
            p95 = (first["latency_ms"]["p95"], last["latency_ms"]["p95"])
            out["ratio_p95"] = rnd(p95[1] / p95[0], 2) if p95[0] and p95[1] else None
        out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
        return emit_result(out)

    if not args.spawn:
        return emit_result(measure(args, args.url.rstrip("/")))

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="hand-load-") as tmp:
        log_path = Path(tmp) / "serve.log"
        command = [
            *hand_command(),
            "serve",
            "--port",
            str(port),
            "--database-url",
            f"sqlite:///{Path(tmp) / 'load.sqlite'}",
            "--bot-delay",
            "0",
        ]
        progress(" ".join(command))
        with open(log_path, "wb") as log:
            server = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ)
            )
            try:
                if not wait_ready(base, 30.0):
                    progress(log_path.read_text(errors="replace")[-2000:])
                    progress("hand serve did not answer within 30 s")
                    return 1
                result = measure(args, base)
            finally:
                server.terminate()
                try:
                    server.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
    return emit_result(result)


def spawn_site(args: argparse.Namespace, processes: int) -> dict[str, Any]:
    """Measure ``processes`` ``hand serve --cluster`` processes behind nginx, on a throwaway
    PostgreSQL cluster with Redis pub/sub between them."""
    tests = Path(__file__).resolve().parent.parent / "tests"
    sys.path.insert(0, str(tests))
    from cluster_helpers import NGINX, program, stop, wait_port  # the tests' own helpers
    from pg_helpers import Cluster, postgres_bin_dir

    bin_dir = postgres_bin_dir()
    redis_server, nginx = program("redis-server"), program("nginx")
    if bin_dir is None or redis_server is None or nginx is None:
        raise SystemExit("--processes needs PostgreSQL, redis-server and nginx (apt-get install)")
    started: list[subprocess.Popen[bytes]] = []
    cluster = Cluster(bin_dir)
    with tempfile.TemporaryDirectory(prefix="hand-site-") as tmp_name:
        tmp = Path(tmp_name)
        try:
            cluster.start()
            redis_port = free_port()
            redis_log = tmp / "redis.log"
            with open(redis_log, "wb") as out:
                argv = [redis_server, "--port", str(redis_port), "--bind", "127.0.0.1"]
                argv += ["--save", "", "--appendonly", "no", "--dir", str(tmp)]
                redis = subprocess.Popen(
                    argv,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            started.append(redis)
            wait_port(redis_port, redis, redis_log)
            ports = []
            for _ in range(processes):
                port = free_port()
                log_path = tmp / f"serve-{port}.log"
                command = [
                    *hand_command(),
                    "serve",
                    "--port",
                    str(port),
                    "--database-url",
                    cluster.url(),
                    "--cluster",
                    "--redis-url",
                    f"redis://127.0.0.1:{redis_port}/0",
                    "--bot-delay",
                    "0",
                ]
                progress(" ".join(command))
                with open(log_path, "wb") as log:
                    started.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
                ports.append(port)
            for port, server in zip(ports, started[1:], strict=True):
                wait_port(port, server, tmp / f"serve-{port}.log")
            conf_dir = tmp / "nginx"
            conf_dir.mkdir()
            front = free_port()
            upstreams = "\n".join(f"        server 127.0.0.1:{p};" for p in ports)
            conf = conf_dir / "nginx.conf"
            conf.write_text(NGINX.format(tmp=conf_dir, servers=upstreams, port=front))
            with open(conf_dir / "nginx.out", "wb") as out:
                proxy = subprocess.Popen(
                    [nginx, "-c", str(conf), "-p", str(conf_dir), "-e", str(conf_dir / "e.log")],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            started.append(proxy)
            base = f"http://127.0.0.1:{front}"
            if not wait_ready(base, 60.0):
                raise SystemExit("the site did not answer within 60 s")
            result = measure(args, base)
            result["processes"] = processes
            result["behind"] = "nginx, PostgreSQL, Redis pub/sub"
            return result
        finally:
            for process in reversed(started):
                stop(process)
            cluster.remove()


def emit_result(result: dict[str, Any]) -> int:
    emit(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
