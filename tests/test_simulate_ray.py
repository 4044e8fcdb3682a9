"""``hand simulate --backend ray``: the same seeded simulation on a local Ray as with
``--jobs 2`` (records and summary identical). One local Ray of 2 CPUs serves the module.

Needs the extra ``handgame[ray]``; skipped without it unless ``HAND_TEST_RAY_REQUIRED=1``
(``.ci/run`` sets it and installs the extra)."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from handgame.cli.commands import main
from handgame.play.backends.ray_tasks import start_local_ray
from handgame.play.simulate import SimulationConfig, simulate

if os.environ.get("HAND_TEST_RAY_REQUIRED") != "1" and importlib.util.find_spec("ray") is None:
    pytest.skip("Ray is not installed (pip install 'handgame[ray]')", allow_module_level=True)

ARGS = ["--bots", "greedy,random", "--games", "6", "--rounds", "1", "--seed", "11", "--json"]


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[Any]:
    """One local Ray of 2 CPUs, on 127.0.0.1 only, for the whole module, shut down after it."""
    ray = start_local_ray(2)
    try:
        assert ray.get_runtime_context().gcs_address.startswith("127.0.0.1:")
        yield ray
    finally:
        ray.shutdown()


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _records(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())}


def test_ray_gives_the_results_of_jobs(tmp_path: Path) -> None:
    """The same seed on Ray tasks and on 2 processes: the same summary, byte-identical records."""
    runs: dict[str, Any] = {}
    for name, extra in (("ray", ["--backend", "ray"]), ("jobs", ["--jobs", "2"])):
        folder = tmp_path / name
        code, out, err = _run("simulate", *ARGS, "--records", str(folder), "--progress", *extra)
        assert code == 0, err
        assert "] 6/6 games" in err and "] 1/6 games" in err, err  # progress, game by game
        obj = json.loads(out)
        runs[name] = (obj, _records(folder))
    (ray_obj, ray_records), (jobs_obj, jobs_records) = runs["ray"], runs["jobs"]
    assert ray_obj["timing"]["backend"] == "ray" and jobs_obj["timing"]["backend"] == "processes"
    ray_obj.pop("timing"), jobs_obj.pop("timing")
    assert ray_obj == jobs_obj
    assert ray_obj["games"] == 6 and sum(b["wins"] for b in ray_obj["bots"]) == 6
    assert list(ray_records) == [f"game-{n:06d}.json" for n in range(1, 7)]
    assert ray_records == jobs_records


def test_no_cluster_at_the_address_is_a_clear_error() -> None:
    """--address where no Ray listens: exit 2 with one line that says so, at once."""
    with socket.socket() as sock:  # a free port, closed again: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    argv = ["simulate", "--bots", "random,random", "--games", "1", "--quiet", "--backend", "ray"]
    code = f"from handgame.cli.commands import main; raise SystemExit(main({argv!r}))"
    proc = subprocess.run(
        [sys.executable, "-c", code.replace("]))", f", '--address', '127.0.0.1:{port}']))")],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(f"hand: error: no Ray cluster answers at '127.0.0.1:{port}'")
    assert len(proc.stderr.strip().splitlines()) == 1


def test_ray_backend_uses_the_running_ray_and_keeps_game_order(local_ray: Any) -> None:
    """The Python API on Ray: summaries in game order, and the module's Ray still running."""
    seen: list[int] = []
    config = SimulationConfig(
        bots=("random", "greedy"), games=5, seed="r", options={"rounds": 1},
        backend="ray",
    )  # fmt: skip
    result = simulate(config, lambda done, total, seconds: seen.append(done))
    assert seen == [0, 1, 2, 3, 4, 5]
    assert result.workers == 2 and "ray, 2 CPUs" in result.table()
    serial = simulate(SimulationConfig(**{**config.__dict__, "backend": "local"}))
    assert serial.to_json()["bots"] == result.to_json()["bots"]
    assert local_ray.is_initialized()
