"""``server_load.py --processes N``: a whole site (issue 18, docs/deploy.md) measured through
nginx, and the echo behind its own nginx of the same configuration.

A throwaway PostgreSQL cluster (default durability) and Redis server, N ``hand serve
--cluster`` processes, nginx in front of them: the same parts as tests/cluster_helpers.py,
whose configuration it reuses.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from _common import progress
from server_load import (
    TESTS,
    echo_server,
    free_port,
    hand_command,
    measure,
    profile_path,
    wait_ready,
    with_echo,
)


@contextmanager
def nginx_in_front(tmp: Path, ports: list[int], name: str) -> Iterator[str]:
    """nginx (the tests' configuration) before the servers on ``ports``: its base URL."""
    sys.path.insert(0, str(TESTS))
    from cluster_helpers import NGINX, program, stop

    nginx = program("nginx")
    if nginx is None:
        raise SystemExit("--processes needs nginx (apt-get install nginx)")
    conf_dir = tmp / f"nginx-{name}"
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
    try:
        yield f"http://127.0.0.1:{front}"
    finally:
        stop(proxy)


def site_size(args: argparse.Namespace, processes: int, tables: int) -> dict[str, Any]:
    """Measure ``processes`` ``hand serve --cluster`` processes behind nginx, on a throwaway
    PostgreSQL cluster with Redis pub/sub between them, then the echo behind nginx."""
    sys.path.insert(0, str(TESTS))
    from cluster_helpers import program, stop, wait_port  # the tests' own helpers
    from pg_helpers import Cluster, postgres_bin_dir

    bin_dir = postgres_bin_dir()
    redis_server = program("redis-server")
    if bin_dir is None or redis_server is None:
        raise SystemExit("--processes needs PostgreSQL and redis-server (apt-get install)")
    servers: list[subprocess.Popen[bytes]] = []
    cluster = Cluster(bin_dir, durable=True)
    with tempfile.TemporaryDirectory(prefix="hand-site-") as tmp_name:
        tmp = Path(tmp_name)
        try:
            cluster.start()
            redis_port = free_port()
            redis_log = tmp / "redis.log"
            with open(redis_log, "wb") as out:
                argv = [redis_server, "--port", str(redis_port), "--bind", "127.0.0.1"]
                argv += ["--save", "", "--appendonly", "no", "--dir", str(tmp)]
                servers.append(subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT))
            wait_port(redis_port, servers[0], redis_log)
            ports = []
            for _ in range(processes):
                port = free_port()
                command = [*hand_command(), "serve", "--port", str(port), "--bot-delay", "0"]
                command += ["--database-url", cluster.url(), "--cluster"]
                command += ["--redis-url", f"redis://127.0.0.1:{redis_port}/0"]
                # nginx sets X-Forwarded-For to each player's address: trust it (docs/deploy.md)
                command += ["--forwarded-allow-ips", "127.0.0.1"]
                command += ["--no-bot-worker"] if args.no_bot_worker else []
                progress(" ".join(command))
                with open(tmp / f"serve-{port}.log", "wb") as log:
                    servers.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
                ports.append(port)
            for port, server in zip(ports, servers[1:], strict=True):
                wait_port(port, server, tmp / f"serve-{port}.log")
            pids = [s.pid for s in servers[1:]]
            with nginx_in_front(tmp, ports, "hand") as base:
                if not wait_ready(base, 60.0):
                    raise SystemExit("the site did not answer within 60 s")
                label = f"site{processes}"
                result, runs = measure(args, base, tables, pids, profile_path(args, label, tables))
        finally:
            for process in reversed(servers):
                stop(process)
            cluster.remove()
        result["processes"] = processes
        result["behind"] = "nginx, PostgreSQL, Redis pub/sub"
        if args.no_echo:
            return result
        with echo_server(tmp) as (echo_base, _):
            echo_port = int(echo_base.rsplit(":", 1)[1])
            with nginx_in_front(tmp, [echo_port], "echo") as front:
                if not wait_ready(front, 60.0, "/api/ready"):
                    raise SystemExit("the echo behind nginx did not answer within 60 s")
                return with_echo(args, result, runs, front)
