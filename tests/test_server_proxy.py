"""Issue 31 F6: one way to read a client's address behind a proxy — the proxy sets
X-Forwarded-For, the server trusts it from the proxy's address only — and the shipped
configurations agreeing with it (deploy/nginx.conf, compose.yaml, docs/deploy.md)."""

from __future__ import annotations

import json
import re
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from cluster_helpers import NGINX, need, stop, wait_port
from live_server import free_port, live_server

ROOT = Path(__file__).resolve().parents[1]
GREEDY = {"kind": "bot", "bot": "greedy"}
BODY = {
    "rules": {"preset": "levant", "options": {"rounds": 1}},
    "seats": [{"kind": "human"}, GREEDY],
}


def test_the_shipped_configurations_agree() -> None:
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    compose = (ROOT / "compose.yaml").read_text()
    deploy = (ROOT / "docs" / "deploy.md").read_text()
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in nginx
    assert "$proxy_add_x_forwarded_for;" not in nginx + deploy  # appending lets a client choose
    trusted = re.findall(r"--forwarded-allow-ips=(\S+)", compose)
    proxy = re.findall(r"ipv4_address: (\S+)", compose)
    assert trusted == [proxy[0]] and "*" not in trusted[0]
    assert "FORWARDED_ALLOW_IPS" not in compose
    assert "--forwarded-allow-ips" in deploy and "X-Forwarded-For $remote_addr" in deploy


def post(base: str, forwarded: str) -> int:
    request = urllib.request.Request(f"{base}/api/tables", json.dumps(BODY).encode(), method="POST")
    request.add_header("content-type", "application/json")
    request.add_header("X-Forwarded-For", forwarded)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def codes(base: str) -> list[int]:
    """Tables made with a new X-Forwarded-For each time, past one address's burst of 2."""
    return [post(base, f"203.0.113.{i}") for i in range(5)]


def test_no_header_is_trusted_unless_the_proxy_is_named(tmp_path: Path) -> None:
    with live_server(tmp_path, create_burst=2, create_rate=0.001) as live:
        assert codes(live.base) == [201, 201, 429, 429, 429]  # the header changed nothing


def test_behind_nginx_a_client_cannot_name_its_address(tmp_path: Path) -> None:
    nginx = need("nginx")
    settings: dict[str, Any] = {
        "create_burst": 2,
        "create_rate": 0.001,
        "forwarded_allow_ips": "127.0.0.1",
    }
    with live_server(tmp_path, **settings) as live:
        conf_dir = tmp_path / "nginx"
        conf_dir.mkdir()
        port = free_port()
        conf = conf_dir / "nginx.conf"
        upstream = f"        server 127.0.0.1:{live.port};"
        conf.write_text(NGINX.format(tmp=conf_dir, servers=upstream, port=port))
        process = subprocess.Popen(
            [nginx, "-c", str(conf), "-p", str(conf_dir), "-e", str(conf_dir / "error.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_port(port, process, conf_dir / "error.log")
            # nginx sets the header to the address it sees: the client's own is dropped
            assert codes(f"http://127.0.0.1:{port}") == [201, 201, 429, 429, 429]
        finally:
            stop(process)
