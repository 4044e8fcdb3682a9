"""RL rollouts on Ray actors: the same seed trains the same weights as in this process.
One local Ray of 2 CPUs for the module; skipped without ``handgame[ray]`` unless
``HAND_TEST_RAY_REQUIRED=1`` (``.ci/run``)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
if os.environ.get("HAND_TEST_RAY_REQUIRED") != "1" and importlib.util.find_spec("ray") is None:
    pytest.skip("Ray is not installed (pip install 'handgame[ray]')", allow_module_level=True)

from test_rollouts import SPEC, tiny_training  # noqa: E402  (tests/rl: pytest puts it on sys.path)

from handgame.play.backends import BackendError  # noqa: E402
from handgame.play.backends.ray_tasks import start_local_ray  # noqa: E402
from handgame.rl.rollouts import open_rollouts  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[Any]:
    """One local Ray of 2 CPUs for the whole module, shut down after it."""
    ray = start_local_ray(2)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_actors_train_the_same_weights_as_local(local_ray: Any) -> None:
    """2 Ray actors against 1 local worker: same log, same weights; the actors are gone after."""
    local, log_local = tiny_training(1)
    on_ray, log_ray = tiny_training(2, "ray")
    assert log_ray == log_local
    assert all(np.array_equal(local[k], on_ray[k]) for k in local)
    assert local_ray.is_initialized()  # the module's Ray was used, not stopped


def test_more_workers_than_cpus_is_refused() -> None:
    with pytest.raises(BackendError, match="has 2 CPUs, fewer than the 3 rollout workers"):
        open_rollouts(SPEC, 3, "ray")
