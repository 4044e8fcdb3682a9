"""Load check of `hand serve` (not in CI): many tables of bots and one scripted human each,
measured beside a bare WebSocket echo of the same traffic (the transport's floor).

Against a running server (``--url``, default http://127.0.0.1:8000) or one it starts itself
(``--spawn``: ``hand serve`` on a free loopback port, a temporary SQLite file or, with
``--database postgres``, a throwaway PostgreSQL cluster with its default durability;
``--bot-delay 0``; stopped at the end). It makes ``--tables`` tables with ``POST /api/tables``
(``rounds=1``, one human seat, bots in the others), plays every human seat over the WebSocket
(a seeded random choice among the view's ``legal_actions``), all tables at once, until they
are all finished or ``--seconds`` have passed. ``--tables 50,200,1000`` is a sweep: each size
on a fresh server and database, one after the other.

With ``--spawn`` it then starts the echo (``echo_server.py``: FastAPI and uvicorn, nothing
else) and the same clients replay the same traffic against it: each table's messages of the
same sizes at the same pace (``_load_client.py``). The JSON gives our latency over the echo's.

With ``--spawn --processes N`` (issue 18, docs/deploy.md) it starts a whole site instead: a
throwaway PostgreSQL cluster and Redis server, N ``hand serve --cluster`` processes and nginx in
front of them (the same parts as tests/cluster_helpers.py, which it reuses), and plays through
nginx; the echo is measured behind nginx too. ``--processes 1,2`` measures each in turn.

Figures: actions applied across all tables and seats (counted from each table's record, so
deals are not actions) per second of wall time, the human actions' latency from sending the
``action`` message to receiving its ``ack`` (docs/web-protocol.md), and the server's CPU time
per action (its child processes' too, apart: the bot worker, ``--no-bot-worker`` to play the
bots in the server process instead). ``--profile DIR`` samples the server with py-spy
meanwhile. One JSON object on stdout, progress on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import emit, machine, progress, rnd
from _load_client import (
    MIN_GAP,
    TableRun,
    client_address,
    echo_figures,
    http_json,
    latency_figures,
    play_all,
    play_human,
)
from _profile import Sampler

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent / "tests"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
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


def wait_ready(base: str, seconds: float, path: str = "/api/presets") -> bool:
    """Whether ``base`` answers ``path`` within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            http_json("GET", f"{base}{path}", timeout=2.0)
            return True
        except (OSError, ValueError):
            time.sleep(0.1)
    return False


def cpu_seconds(pids: list[int]) -> float | None:
    """User and system CPU seconds the processes ``pids`` used so far (Linux; else None)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def child_pids(pids: list[int]) -> list[int]:
    """The live child processes of ``pids`` (the server's bot worker, its search workers;
    Linux; else none)."""
    out: list[int] = []
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*"):
            try:
                out += [int(c) for c in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
    return sorted(set(out))


def children_cpu(pids: list[int]) -> dict[int, float]:
    """Each live child process of ``pids`` and the CPU seconds it used so far."""
    out: dict[int, float] = {}
    for child in child_pids(pids):
        used = cpu_seconds([child])
        if used is not None:
            out[child] = used
    return out


def create_tables(
    args: argparse.Namespace, base: str, tables: int
) -> tuple[list[TableRun], list[str]]:
    """``tables`` tables, each made from its own player's address (eight requests at once)."""
    rng = random.Random(args.seed)
    seeds = [rng.random() for _ in range(tables)]
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "load"}]
    seats += [{"kind": "bot", "bot": args.bot} for _ in range(args.players - 1)]
    body = {
        "rules": {"preset": args.preset, "options": {"rounds": 1}},
        "partnership": False,
        "seats": seats,
    }

    def make(i: int) -> TableRun | str:
        address = client_address(i)
        try:
            answer = http_json("POST", f"{base}/api/tables", body, address=address)
        except (OSError, ValueError) as e:
            return f"create {i}: {e}"
        token = answer["seats"][0]["token"]
        return TableRun(answer["table"], token, random.Random(seeds[i]), address)

    with ThreadPoolExecutor(8) as pool:
        made = list(pool.map(make, range(tables)))
    return [m for m in made if isinstance(m, TableRun)], [m for m in made if isinstance(m, str)]


def count_actions(base: str, run: TableRun) -> int | None:
    """The actions applied at the table (all seats), from its record; a finished table whose
    stored version is not the last one its player saw is a desync."""
    try:
        url = f"{base}/api/tables/{run.table}/record?token={run.token}"
        record = http_json("GET", url, address=run.address)
        stored = http_json("GET", f"{base}/api/tables/{run.table}", address=run.address)["version"]
    except (OSError, ValueError) as e:
        run.errors.append(f"{run.table}: record: {e}")
        return None
    if run.finished and stored != run.last_state:
        run.desyncs.append(f"{run.table}: stored version {stored}, last seen {run.last_state}")
    return sum(len(r.get("actions", [])) for r in record.get("rounds", []))


def measure(
    args: argparse.Namespace, base: str, tables: int, pids: list[int], profile: Path | None
) -> tuple[dict[str, Any], list[TableRun]]:
    """Play ``tables`` tables against the server at ``base`` (its processes ``pids``, sampled
    into ``profile`` if given); the figures and the tables' runs (their transcripts)."""
    progress(f"creating {tables} tables on {base}; load average {os.getloadavg()}")
    cpu_before = cpu_seconds(pids) if pids else None
    children_before = children_cpu(pids) if pids else {}
    client_before = time.process_time()
    start = time.perf_counter()
    runs, create_errors = create_tables(args, base, tables)
    created_s = time.perf_counter() - start
    progress(f"{len(runs)} tables made in {created_s:.2f} s; playing (at most {args.seconds} s)")
    deadline = time.monotonic() + args.seconds
    base_ws = "ws" + base[len("http") :]
    sampler = Sampler(pids, profile) if profile is not None else None

    async def one(run: TableRun) -> None:
        await play_human(base_ws, run, deadline, args.gap)

    try:
        asyncio.run(play_all(runs, one, "ours", deadline))
    finally:
        samples = sampler.stop() if sampler is not None else None
    elapsed = time.perf_counter() - start
    cpu_after = cpu_seconds(pids) if pids else None
    children_after = children_cpu(pids) if pids else {}
    counts = [count_actions(base, r) for r in runs]
    total = sum(c for c in counts if c is not None)
    latencies = [x for r in runs for x in r.latencies_ms]
    errors = create_errors + [e for r in runs for e in r.errors]
    cpu = cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None
    # the server's children (its bot worker): their CPU during the run, counted apart
    child_cpu = (
        sum(t - children_before.get(pid, 0.0) for pid, t in children_after.items())
        if pids
        else None
    )
    both = cpu + child_cpu if cpu is not None and child_cpu is not None else None
    result: dict[str, Any] = {
        "tables": tables,
        "tables_created": len(runs),
        "finished": sum(r.finished for r in runs),
        "seconds": round(elapsed, 2),
        "create_seconds": round(created_s, 2),
        "total_actions": total,
        "actions_per_s": rnd(total / elapsed if elapsed > 0 else None),
        "versions": sum(r.version for r in runs),
        "actions_sent": sum(len(r.transcript) for r in runs),
        "human_actions": len(latencies),
        "latency_ms": latency_figures(latencies),
        "state_latency_ms": latency_figures([x for r in runs for x in r.state_ms]),
        # the sizes of the messages the server sent (characters of their text)
        "message_chars": latency_figures(
            [float(x) for r in runs for sent in r.transcript for x in sent.replies]
        ),
        "server_cpu_seconds": rnd(cpu, 2),
        "client_cpu_seconds": rnd(time.process_time() - client_before, 2),
        "server_cpu_ms_per_action": rnd(cpu * 1000 / total if cpu and total else None, 3),
        "server_children": len(children_after),
        "server_child_cpu_seconds": rnd(child_cpu, 2),
        "server_cpu_ms_per_action_with_children": rnd(
            both * 1000 / total if both and total else None, 3
        ),
        "errors": len(errors),
        "error_samples": errors[:5],
        "desyncs": sum(len(r.desyncs) for r in runs),
        "desync_samples": [d for r in runs for d in r.desyncs][:5],
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if samples is not None:
        result["profile"] = samples
    return result, runs


def with_echo(
    args: argparse.Namespace, ours: dict[str, Any], runs: list[TableRun], echo_base: str
) -> dict[str, Any]:
    """``ours`` with the echo's figures for the same traffic and the ratios of the latencies."""
    progress(f"echo: replaying {len(runs)} tables' traffic; load average {os.getloadavg()}")
    echo = echo_figures(echo_base, runs, args.seconds)
    ours["echo"] = echo
    for key in ("p50", "p95"):
        mine, floor = ours["latency_ms"][key], echo["latency_ms"][key]
        ours[f"{key}_over_echo"] = rnd(mine / floor if mine and floor else None, 2)
    return ours


class Process:
    """A server process started for the measurement, stopped at the end."""

    def __init__(self, command: list[str], log: Path, env: dict[str, str] | None = None) -> None:
        """Start ``command`` with its output in ``log``."""
        self.log = log
        progress(" ".join(command))
        with open(log, "wb") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=env or dict(os.environ)
            )

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 20 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def tail(self) -> str:
        """The end of its log."""
        return self.log.read_text(errors="replace")[-3000:]


@contextmanager
def started(command: list[str], log: Path, ready: str) -> Iterator[Process]:
    """A process serving ``ready`` (a URL) within 60 s, stopped at the end."""
    process = Process(command, log)
    try:
        if not wait_ready(ready, 60.0, ""):
            raise SystemExit(f"{command[0]} did not answer within 60 s:\n{process.tail()}")
        yield process
    finally:
        process.stop()


@contextmanager
def echo_server(tmp: Path, compression: bool = False) -> Iterator[tuple[str, list[int]]]:
    """The bare echo on a free port (``compression``: permessage-deflate, as ``hand serve
    --ws-compression``): its base URL and its process id."""
    port = free_port()
    command = [sys.executable, str(HERE / "echo_server.py"), "--port", str(port)]
    command += ["--ws-compression"] if compression else []
    base = f"http://127.0.0.1:{port}"
    with started(command, tmp / f"echo-{port}.log", f"{base}/api/ready") as p:
        yield base, [p.process.pid]


@contextmanager
def database(kind: str) -> Iterator[str | None]:
    """A throwaway PostgreSQL cluster's URL (default durability: fsync and synchronous
    commit on), or None for SQLite."""
    if kind != "postgres":
        yield None
        return
    sys.path.insert(0, str(TESTS))
    from pg_helpers import Cluster, postgres_bin_dir

    bin_dir = postgres_bin_dir()
    if bin_dir is None:
        raise SystemExit("--database postgres needs PostgreSQL (apt-get install postgresql)")
    cluster = Cluster(bin_dir, durable=True)
    try:
        cluster.start()
        yield cluster.url()
    finally:
        cluster.remove()


@contextmanager
def hand_server(args: argparse.Namespace, tmp: Path) -> Iterator[tuple[str, list[int]]]:
    """``hand serve`` on a free port and a fresh database: its base URL and process id."""
    with database(args.database) as url:
        port = free_port()
        command = [*hand_command(), "serve", "--port", str(port), "--bot-delay", "0"]
        command += ["--database-url", url or f"sqlite:///{tmp / f'load-{port}.sqlite'}"]
        command += ["--ws-compression"] if args.ws_compression else []
        command += ["--no-bot-worker"] if args.no_bot_worker else []
        if args.database == "sqlite":
            command += ["--sqlite-synchronous", args.sqlite_synchronous]
        base = f"http://127.0.0.1:{port}"
        with started(command, tmp / f"serve-{port}.log", f"{base}/api/presets") as p:
            yield base, [p.process.pid]


def one_size(args: argparse.Namespace, tables: int) -> dict[str, Any]:
    """One size of the sweep on a fresh server, then its echo."""
    with tempfile.TemporaryDirectory(prefix="hand-load-") as name:
        tmp = Path(name)
        with hand_server(args, tmp) as (base, pids):
            ours, runs = measure(args, base, tables, pids, profile_path(args, "ours", tables))
            health = http_json("GET", f"{base}/api/health")
            ours["server_runtime"] = {
                key: health.get(key) for key in ("event_loop", "collector_frozen")
            }
        ours["database"] = args.database
        if args.no_echo:
            return ours
        with echo_server(tmp, args.ws_compression) as (echo_base, _):
            return with_echo(args, ours, runs, echo_base)


def profile_path(args: argparse.Namespace, label: str, tables: int) -> Path | None:
    """Where the server's samples of one run go (None: no profile asked)."""
    if args.profile is None:
        return None
    folder = Path(args.profile)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{label}-{args.database}-{tables}.txt"


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
        help="start hand serve on a free port with a fresh database and stop it after; then "
        "the echo of the same traffic",
    )
    parser.add_argument(
        "--tables",
        default="50",
        metavar="N[,M...]",
        help="tables at once (default 50); 50,200,1000: a sweep, each size on a fresh server",
    )
    parser.add_argument("--players", type=int, default=2, help="seats per table (default 2)")
    parser.add_argument("--bot", default="greedy", help="the bots' spec (default greedy)")
    parser.add_argument("--preset", default="levant", help="the rules preset (default levant)")
    parser.add_argument("--seconds", type=float, default=600.0, help="stop after S seconds")
    parser.add_argument(
        "--gap",
        type=float,
        default=MIN_GAP,
        help=f"the scripted human's least time between two of its actions (default {MIN_GAP} s: "
        "as fast as the per-connection rate limit allows, so the server runs flat out; a "
        "longer gap offers a steady load, e.g. 0.25 s gives ~1,000+ actions/s at 200 tables)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="the human seats' choices (default: drawn at run time and printed; the deals' "
        "seeds are the server's own, drawn afresh for every table)",
    )
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="with --spawn: a temporary SQLite file (default) or a throwaway PostgreSQL cluster",
    )
    parser.add_argument("--no-echo", action="store_true", help="skip the echo's run")
    parser.add_argument(
        "--sqlite-synchronous",
        choices=("normal", "full"),
        default="normal",
        help="with --spawn on SQLite: hand serve --sqlite-synchronous (default normal, its "
        "default: acknowledged at the commit; full: after the log's sync)",
    )
    parser.add_argument(
        "--no-bot-worker",
        action="store_true",
        help="with --spawn: hand serve --no-bot-worker (the bots' moves in the server process, "
        "not in its bot worker); the JSON counts the server's children's CPU apart either way",
    )
    parser.add_argument(
        "--ws-compression",
        action="store_true",
        help="with --spawn: the server and the echo compress their WebSocket messages (hand "
        "serve --ws-compression; off by default, as hand serve)",
    )
    parser.add_argument(
        "--profile",
        metavar="DIR",
        help="with --spawn: sample the server with py-spy (pip install py-spy) into DIR and "
        "summarize the hot frames in the JSON",
    )
    parser.add_argument(
        "--processes",
        metavar="N[,M...]",
        help="with --spawn: N hand serve --cluster processes behind nginx on PostgreSQL and "
        "Redis (1,2: each in turn, and the ratio)",
    )
    args = parser.parse_args(argv)
    try:
        sizes = [int(n) for n in args.tables.split(",")]
    except ValueError:
        parser.error("--tables: whole numbers, e.g. 200 or 50,200,1000")
    if min(sizes) < 1 or args.players < 2:
        parser.error("--tables must be at least 1 and --players at least 2")
    if args.profile is not None and not args.spawn:
        parser.error("--profile needs --spawn (the server is started here)")
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(2**31)
    progress(f"human choices' seed {args.seed}")
    head: dict[str, Any] = {
        "benchmark": "server_load",
        "spawned": args.spawn,
        "preset": args.preset,
        "players": args.players,
        "bot": args.bot,
        "seed": args.seed,
        "gap": args.gap,
        "ws_compression": args.ws_compression,
        "bot_worker": not args.no_bot_worker,
        "sqlite_synchronous": args.sqlite_synchronous if args.database == "sqlite" else None,
    }
    if args.processes is not None:
        if not args.spawn:
            parser.error("--processes needs --spawn (the site is started here)")
        try:
            counts = [int(n) for n in args.processes.split(",")]
        except ValueError:
            parser.error("--processes: whole numbers, e.g. 2 or 1,2")
        if not counts or min(counts) < 1 or max(counts) > 16:
            parser.error("--processes: from 1 to 16")
        from _site import site_size

        runs = []
        for n in counts:
            for tables in sizes:
                progress(f"--- {n} process(es), {tables} tables; load {os.getloadavg()}")
                runs.append(site_size(args, n, tables))
        out: dict[str, Any] = {**head, "benchmark": "server_load --processes", "runs": runs}
        if len(counts) > 1 and len(sizes) == 1 and runs[0]["actions_per_s"]:
            first, last = runs[0], runs[-1]
            out["ratio_actions_per_s"] = rnd(last["actions_per_s"] / first["actions_per_s"], 2)
            p95 = (first["latency_ms"]["p95"], last["latency_ms"]["p95"])
            out["ratio_p95"] = rnd(p95[1] / p95[0], 2) if p95[0] and p95[1] else None
        out["machine"] = machine()
        emit(out)
        return 0

    results = []
    for tables in sizes:
        progress(f"--- {tables} tables; load average {os.getloadavg()}")
        if args.spawn:
            results.append(one_size(args, tables))
        else:
            base = args.url.rstrip("/")
            results.append({**measure(args, base, tables, [], None)[0], "url": base})
    if len(results) == 1:
        emit({**head, **results[0], "machine": machine()})
    else:
        emit({**head, "sweep": results, "machine": machine()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
