"""Where a batched table-step goes: ``rl_env.py --parts`` times each part of
``HandVectorEnv.step`` (the engine's ``legal_actions`` and ``apply``, the deals, the driver's
decisions, the spelling tree, the masks, the observations) by wrapping its methods for one run,
and gives each part's wall time per table-step in microseconds, on the env's Python path
(``native=False``: the native batch's parts are not Python methods).

The wrappers add their own cost (about 0.2 us a call), so the parts' figures are for reading
where the time goes, never a speed figure: ``rl_env.py`` takes this run after its timed ones.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def _timed(owner: Any, name: str, key: str, acc: dict[str, float]) -> Iterator[None]:
    """``owner.name`` wrapped so that its wall time adds to ``acc[key]``, restored after."""
    real: Callable[..., Any] = owner.__dict__[name]
    clock = time.perf_counter

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        try:
            return real(*args, **kwargs)
        finally:
            acc[key] = acc.get(key, 0.0) + clock() - start

    setattr(owner, name, timed)
    try:
        yield
    finally:
        setattr(owner, name, real)


def parts(preset: str, players: int, tables: int, steps: int, seed: int) -> dict[str, Any]:
    """``steps`` batched steps of ``tables`` self-play tables (random masked tokens, one-round
    matches), each part's wall time per table-step (us), and the whole step's."""
    from contextlib import ExitStack

    import numpy as np

    from handgame.play.driver import Driver
    from handgame.rl.observe import FastTree
    from handgame.rl.stepper import make_config
    from handgame.rl.vector import HandVectorEnv

    state_class = type(make_config(preset, players, {"rounds": 1}).new_match(0))
    env = HandVectorEnv(
        tables, preset=preset, players=players, options={"rounds": 1}, native=False
    )
    acc: dict[str, float] = {}
    wrapped = [
        (state_class, "legal_actions", "legal_actions"),
        (state_class, "apply", "apply"),
        (state_class, "apply_deal", "deal"),
        (Driver, "deal", "deal"),
        (Driver, "decision", "driver"),
        (FastTree, "__init__", "spelling"),
        (FastTree, "take", "spelling"),
        (FastTree, "take_forced", "spelling"),
        (FastTree, "next_tokens", "mask"),
        (HandVectorEnv, "_observe", "observe"),
        (HandVectorEnv, "step", "step"),
    ]
    with ExitStack() as stack:
        for cls, name, key in wrapped:
            owner = next(c for c in cls.__mro__ if name in c.__dict__)  # where it is defined
            stack.enter_context(_timed(owner, name, key, acc))
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        start = time.perf_counter()
        for _ in range(steps):
            tokens = (rng.random(obs["action_mask"].shape) * obs["action_mask"]).argmax(axis=1)
            obs, *_ = env.step(tokens)
        took = time.perf_counter() - start
    env.close()
    k = tables * steps
    out = {key: round(v / k * 1e6, 2) for key, v in sorted(acc.items(), key=lambda kv: -kv[1])}
    inside = ("legal_actions", "apply", "deal", "driver", "spelling", "observe")
    out["rest_of_step"] = round(out.get("step", 0.0) - sum(out.get(p, 0.0) for p in inside), 2)
    out["whole_loop"] = round(took / k * 1e6, 2)
    return {"table_steps": k, "us_per_table_step": out}
