"""A site of several ``hand serve --cluster`` processes for the tests (issue 18): a throwaway
Redis server, two or three server processes on one PostgreSQL database (``pg_helpers``), and
nginx in front of them on one loopback port, each run as a plain process with a generated
configuration in a temporary directory and stopped at the end.

Debian's ``redis-server`` and ``nginx`` are found on the PATH or in /usr/sbin; without them the
tests are skipped, unless ``$HAND_TEST_CLUSTER_REQUIRED`` is set (CI sets it): then they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from live_server import Live, free_port

REQUIRED = "HAND_TEST_CLUSTER_REQUIRED"  # set (CI): fail, not skip, without redis or nginx

#: one ``hand serve`` process as the command runs it, with a fixed seed source (the tests
#: compare seeded matches) and any ``Settings``
SERVER = """
import json, sys, uvicorn
from handgame.server.app import create_app
from handgame.server.logredact import redact_server_logs
from handgame.server.guards import uvicorn_options
from handgame.server.runtime import serve
from handgame.server.settings import Settings
settings = Settings(**json.loads(sys.argv[2]))
seed = sys.argv[3]
config = uvicorn.Config(create_app(settings, seed_source=lambda: seed), host="127.0.0.1",
    port=int(sys.argv[1]), log_level="info", **uvicorn_options(settings))
redact_server_logs()
serve(config)
"""


def program(name: str) -> str | None:
    """A server program on the PATH or in /usr/sbin (Debian puts nginx there)."""
    found = shutil.which(name)
    if found is None and Path(f"/usr/sbin/{name}").exists():
        found = f"/usr/sbin/{name}"
    return found


def need(name: str) -> str:
    """The program ``name``, else skip (fail when ``$HAND_TEST_CLUSTER_REQUIRED`` is set)."""
    found = program(name)
    if found is None:
        reason = f"no {name} program: apt-get install {name}"
        if os.environ.get(REQUIRED):
            pytest.fail(f"{REQUIRED} is set but there is {reason}")
        pytest.skip(reason)
    return found


def wait_port(port: int, process: subprocess.Popen[bytes], log: Path, seconds: float = 60) -> None:
    """Wait until something listens on ``port`` (the process must stay alive meanwhile)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(log.read_text(errors="replace")[-3000:]) from None
            if time.monotonic() > deadline:
                raise RuntimeError(f"nothing listens on {port}") from None
            time.sleep(0.1)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL after 20 s."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A Redis server on a free loopback port, nothing saved (for the session)."""
    binary = need("redis-server")
    tmp = Path(tempfile.mkdtemp(prefix="hand-redis-"))
    port = free_port()
    log = tmp / "redis.log"
    with open(log, "wb") as out:
        argv = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
        argv += ["--appendonly", "no", "--dir", str(tmp)]
        process = subprocess.Popen(
            argv,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_port(port, process, log)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop(process)
        shutil.rmtree(tmp, ignore_errors=True)


NGINX = """
worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream hand {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://hand;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_read_timeout 3600s;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""


class Site:
    """The processes of one site and nginx in front: ``front`` speaks to nginx, ``servers[i]``
    to one process directly."""

    def __init__(self, tmp: Path, front: Live, servers: list[Live]) -> None:
        """A site started by :func:`site`."""
        self.tmp = tmp
        self.front = front
        self.servers = servers

    def kill(self, i: int) -> None:
        """SIGKILL process ``i`` (nothing it holds is given up)."""
        self.servers[i].process.send_signal(signal.SIGKILL)
        self.servers[i].process.wait()

    def health(self, i: int) -> dict[str, Any]:
        """Process ``i``'s ``/api/health``."""
        status, out = self.servers[i].request("GET", "/api/health")
        assert status == 200, (status, out)
        return out  # type: ignore[no-any-return]

    def logs(self) -> str:
        """Every process's log, for a failing assertion."""
        return "\n".join(f"--- {s.base}\n{s.log_text()[-4000:]}" for s in self.servers)


@contextmanager
def site(
    tmp: Path, database_url: str, processes: int = 3, seed: str = "cluster-seed", **settings: Any
) -> Iterator[Site]:
    """``processes`` ``hand serve --cluster`` processes on ``database_url`` behind nginx
    (``Settings(**settings)``; no bot delay and no turn timer unless given)."""
    nginx = need("nginx")
    base: dict[str, Any] = {
        "database_url": database_url,
        "cluster": True,
        "bot_delay": 0.0,
        "turn_timeout": None,
        "lease_seconds": 2.0,
        "forward_seconds": 2.0,
        "rate": 10_000.0,
        "burst": 10_000,
        "create_rate": 10_000.0,
        "create_burst": 10_000,
        "max_connections_per_ip": 10_000,
        # every client of these tests is on one address (loopback)
        "max_tables_per_address": 1_000_000,
        "address_rate": 1e6,
        "address_burst": 1_000_000,
        "max_http_per_ip": 10_000,
        "forwarded_allow_ips": "127.0.0.1",  # nginx, which sets X-Forwarded-For
    }
    base.update(settings)
    servers: list[Live] = []
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    front_process: subprocess.Popen[bytes] | None = None
    try:
        for _ in range(processes):
            port = free_port()
            log = tmp / f"server-{port}.log"
            with open(log, "wb") as out:
                process = subprocess.Popen(
                    [sys.executable, "-c", SERVER, str(port), json.dumps(base), seed],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    env=env,
                )
            servers.append(Live(port, process, log))
        for s in servers:
            wait_port(s.port, s.process, s.log)
        conf_dir = tmp / "nginx"
        conf_dir.mkdir()
        port = free_port()
        upstreams = "\n".join(f"        server 127.0.0.1:{s.port};" for s in servers)
        conf = conf_dir / "nginx.conf"
        conf.write_text(NGINX.format(tmp=conf_dir, servers=upstreams, port=port))
        log = conf_dir / "nginx.out"
        with open(log, "wb") as out:
            front_process = subprocess.Popen(
                [nginx, "-c", str(conf), "-p", str(conf_dir), "-e", str(conf_dir / "error.log")],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        wait_port(port, front_process, conf_dir / "error.log")
        yield Site(tmp, Live(port, front_process, log), servers)
    finally:
        if front_process is not None:
            stop(front_process)
        for s in servers:
            stop(s.process)
