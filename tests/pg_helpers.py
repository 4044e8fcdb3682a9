"""A throwaway PostgreSQL server for the tests, and a fresh database in it for each test.

``$HAND_TEST_POSTGRES_URL`` (a server where the user may create databases) is used when set;
otherwise a cluster is made with ``initdb`` in a temporary directory and started with
``pg_ctl`` on a free loopback port (as the ``postgres`` user when the tests run as root, since
``initdb`` refuses root), then stopped and removed at the end of the session. Only when no
PostgreSQL programs are found (``initdb``/``pg_ctl`` on the PATH or in /usr/lib/postgresql/*/bin)
are the tests skipped, and then only if ``$HAND_TEST_POSTGRES_REQUIRED`` is not set (CI sets it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

ENV_URL = "HAND_TEST_POSTGRES_URL"
REQUIRED = "HAND_TEST_POSTGRES_REQUIRED"  # set (CI): fail, not skip, without PostgreSQL

# Not UTC, so that a time read back in the session's time zone shows (created_at must not move).
SERVER_TIME_ZONE = "Asia/Beirut"


def postgres_bin_dir() -> Path | None:
    """The directory of ``initdb`` and ``pg_ctl`` (PATH first, then the newest Debian one)."""
    initdb = shutil.which("initdb")
    if initdb is not None:
        here = Path(initdb).resolve().parent
        if (here / "pg_ctl").exists() and (here / "postgres").exists():
            return here
    found = []
    for d in Path("/usr/lib/postgresql").glob("*/bin"):
        version = d.parent.name
        if version.isdigit() and all((d / p).exists() for p in ("initdb", "pg_ctl", "postgres")):
            found.append((int(version), d))
    return max(found)[1] if found else None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _as_cluster_user(argv: list[str]) -> list[str]:
    """``argv`` run as the ``postgres`` user when we are root, else as is."""
    if os.geteuid() != 0:
        return argv
    if shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--", *argv]
    import shlex

    return ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(argv)]


class Cluster:
    """A PostgreSQL cluster in a temporary directory, listening on 127.0.0.1 only."""

    def __init__(self, bin_dir: Path, durable: bool = False) -> None:
        """Make the cluster (``initdb``); :meth:`start` starts it. A test cluster syncs
        nothing to disk; a ``durable`` one (the benchmarks') keeps PostgreSQL's defaults."""
        self.bin_dir = bin_dir
        self.durable = durable
        self.dir = Path(tempfile.mkdtemp(prefix="hand-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "server.log"
        self.port = 0
        self.user = "hand"
        self.running = False
        if os.geteuid() == 0:
            import pwd

            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                shutil.rmtree(self.dir, ignore_errors=True)
                pytest.fail(
                    "initdb refuses to run as root and there is no postgres user: install "
                    "Debian's postgresql package, or set HAND_TEST_POSTGRES_URL"
                )
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
        self._run(
            [
                str(bin_dir / "initdb"),
                "--pgdata",
                str(self.data),
                "--username",
                self.user,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--no-locale",
                "--no-sync",
            ]
        )

    def _run(self, argv: list[str]) -> str:
        done = subprocess.run(
            _as_cluster_user(argv), capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
            )
        return done.stdout

    def options(self) -> str:
        """The server's options: loopback only, and no sync to disk unless durable."""
        options = "-c listen_addresses=127.0.0.1 -c unix_socket_directories='' "
        options += f"-c TimeZone={SERVER_TIME_ZONE}"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        return options

    def start(self) -> None:
        """Start the server on a free loopback port (a few tries: the port may be taken)."""
        options = self.options()
        error: Exception | None = None
        for _ in range(3):
            self.port = free_port()
            try:
                self._run(
                    [
                        str(self.bin_dir / "pg_ctl"),
                        "--pgdata",
                        str(self.data),
                        "--log",
                        str(self.log),
                        "--wait",
                        "--timeout",
                        "60",
                        "-o",
                        f"-p {self.port} {options}",
                        "start",
                    ]
                )
            except RuntimeError as e:
                error = e
                self.stop()
                continue
            self.running = True
            return
        log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
        raise RuntimeError(f"the PostgreSQL test server did not start: {error}\n{log}")

    def pause(self) -> None:
        """Stop the server (``fast``: every session is cut): an outage of the database, for
        the recovery tests; :meth:`resume` starts it again on the same port."""
        ctl = [str(self.bin_dir / "pg_ctl"), "--pgdata", str(self.data)]
        self._run([*ctl, "--mode", "fast", "--wait", "stop"])

    def resume(self) -> None:
        """Start again, on the same port, a server stopped by :meth:`pause`."""
        options = self.options()
        ctl = [str(self.bin_dir / "pg_ctl"), "--pgdata", str(self.data), "--log", str(self.log)]
        self._run([*ctl, "--wait", "-o", f"-p {self.port} {options}", "start"])

    def stop(self) -> None:
        """Stop the server (at once: the data is thrown away)."""
        if not (self.data / "postmaster.pid").exists():
            self.running = False
            return
        self._run(
            [
                str(self.bin_dir / "pg_ctl"),
                "--pgdata",
                str(self.data),
                "--mode",
                "immediate",
                "--wait",
                "stop",
            ]
        )
        self.running = False

    def remove(self) -> None:
        """Stop the server and delete the cluster."""
        try:
            self.stop()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """The ``postgresql://`` URL of a database of this cluster."""
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL database whose user may create databases (for the session)."""
    url = os.environ.get(ENV_URL)
    if url:
        yield url
        return
    bin_dir = postgres_bin_dir()
    if bin_dir is None:
        reason = (
            "no PostgreSQL server programs (initdb, pg_ctl) on the PATH or in "
            "/usr/lib/postgresql/*/bin: apt-get install postgresql, or set HAND_TEST_POSTGRES_URL"
        )
        if os.environ.get(REQUIRED):  # CI installs PostgreSQL: these tests must run there
            pytest.fail(f"{REQUIRED} is set but there is {reason}")
        pytest.skip(reason)
    cluster = Cluster(bin_dir)
    try:
        cluster.start()
        yield cluster.url()
    finally:
        cluster.remove()


def _admin(url: str, sql: str) -> None:
    """Run one statement outside a transaction (CREATE/DROP DATABASE) on ``url``'s server."""
    import psycopg

    libpq_url = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(libpq_url, autocommit=True) as conn:
        conn.execute(sql.encode())


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A ``postgresql://`` URL of a new, empty database (dropped after the test)."""
    name = f"hand_test_{uuid.uuid4().hex[:12]}"
    _admin(postgres_server, f"CREATE DATABASE {name}")
    try:
        url = make_url(postgres_server).set(drivername="postgresql", database=name)
        yield url.render_as_string(hide_password=False)
    finally:
        _admin(postgres_server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
