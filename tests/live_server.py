"""A real ``hand serve`` process on loopback for the abuse and outage tests (issue 15): the
server is run as ``hand serve`` runs it (uvicorn, the guarded HTTP protocol), with any
``Settings``, and spoken to over real sockets (urllib, the websockets client)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

SERVER = """
import json, sys, uvicorn
from handgame.server.app import create_app
from handgame.server.logredact import redact_server_logs
from handgame.server.guards import uvicorn_options
from handgame.server.runtime import serve
from handgame.server.settings import Settings
settings = Settings(**json.loads(sys.argv[2]))
config = uvicorn.Config(create_app(settings, seed_source=lambda: "live-seed"), host="127.0.0.1",
    port=int(sys.argv[1]), log_level="info", **uvicorn_options(settings))
redact_server_logs()
serve(config)
"""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Live:
    """A running server: its base URL, its process and its log file."""

    def __init__(self, port: int, process: subprocess.Popen[bytes], log: Path) -> None:
        """A server started by :func:`live_server`."""
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.process = process
        self.log = log

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        raw: bytes | None = None,
        timeout: float = 30,
    ) -> tuple[int, Any]:
        """An HTTP request; its status and JSON answer."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("content-type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            text = e.read()
            try:
                return e.code, json.loads(text)
            except ValueError:
                return e.code, text.decode(errors="replace")

    def create(self, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
        """Make a levant table (201 expected); the answer."""
        body = {"rules": {"preset": "levant", "options": {"rounds": 1, **options}}, "seats": seats}
        status, made = self.request("POST", "/api/tables", body)
        assert status == 201, (status, made)
        return made  # type: ignore[no-any-return]

    def summary(self, table: str) -> dict[str, Any]:
        """A table's public summary."""
        status, out = self.request("GET", f"/api/tables/{table}")
        assert status == 200, (status, out)
        return out  # type: ignore[no-any-return]

    def ws(self, table: str, query: str = "") -> ClientConnection:
        """A WebSocket to a table (``query``: ``token=…&since=…``)."""
        url = f"ws://127.0.0.1:{self.port}/ws/tables/{table}" + (f"?{query}" if query else "")
        return connect(url, open_timeout=30, max_size=2**22)

    def log_text(self) -> str:
        """What the server logged so far."""
        return self.log.read_text(errors="replace")


def read(ws: ClientConnection, timeout: float = 30) -> dict[str, Any]:
    """The next message on a WebSocket."""
    out: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return out


def read_until(
    ws: ClientConnection, kind: str, timeout: float = 30, **fields: Any
) -> dict[str, Any]:
    """Read to the first message of ``kind`` with ``fields``; fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        m = read(ws, max(0.1, deadline - time.monotonic()))
        if m["type"] == kind and all(m.get(k) == v for k, v in fields.items()):
            return m


def ping_seconds(ws: ClientConnection, tag: str, timeout: float = 60) -> float:
    """Seconds until a ping on ``ws`` is answered (other messages are skipped)."""
    start = time.monotonic()
    ws.send(json.dumps({"type": "ping", "id": tag}))
    read_until(ws, "pong", timeout, id=tag)
    return time.monotonic() - start


@contextmanager
def live_server(tmp: Path, **settings: Any) -> Iterator[Live]:
    """A server process on a free loopback port with ``Settings(**settings)`` (a SQLite file in
    ``tmp`` unless a ``database_url`` is given; no bot delay, no turn timer unless given)."""
    base: dict[str, Any] = {
        "database_url": f"sqlite:///{tmp / 'live.sqlite'}",
        "bot_delay": 0.0,
        "turn_timeout": None,
    }
    base.update(settings)
    port = free_port()
    log = tmp / f"server-{port}.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(port), json.dumps(base)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    live = Live(port, process, log)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert process.poll() is None, live.log_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield live
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
