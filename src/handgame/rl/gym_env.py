"""``HandVsBots-v0``: one seat of a registered game against the project's bots, as a
Gymnasium environment, and :func:`make_vec`, its vectorised form for training.

The agent's seat spells its actions token by token (:mod:`handgame.rl.tokens`); every other
seat is a bot of the bots registry (``random``, ``greedy``, ``ismcts``, ``policy:PATH``...),
which sees only its own view. Observations are those of :mod:`handgame.rl.hand_v0`; the
reward is the agent's ``returns()`` entry when the match ends (1 for a win, 0 else).
``info["hand"]`` is the agent's hand size, for shaping. A masked-out token raises
``ValueError`` (``illegal="raise"``, the default) or, with ``illegal="refuse"``, changes
nothing: the step returns the same observation, reward 0 and ``info["illegal"]`` (what
Gymnasium's ``check_env``, which samples actions off the mask, needs).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from handgame.play.registry import make_bot
from handgame.rl.hand_v0 import observation_space
from handgame.rl.observe import Encoder, mask_of
from handgame.rl.stepper import MAX_ACTIONS, Stepper, make_config
from handgame.rl.tokens import N_ACTIONS

ENV_ID = "HandVsBots-v0"


class HandVsBots(gymnasium.Env[dict[str, Any], Any]):
    """The agent at ``seat`` (None: a seat drawn each episode) against ``bots`` elsewhere."""

    metadata = {"render_modes": []}  # noqa: RUF012 (Gymnasium's class attribute)

    def __init__(
        self,
        preset: str = "levant",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        bots: Sequence[str] | str = "random",
        seat: int | None = None,
        max_actions: int = MAX_ACTIONS,
        illegal: str = "raise",
    ) -> None:
        """An environment of ``preset``; ``bots``: one spec for every other seat, or one each;
        ``illegal``: what a masked-out token does (``raise`` or ``refuse``)."""
        self.config = make_config(preset, players, options)
        self.players = players
        specs = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
        if len(specs) != players - 1:
            raise ValueError(f"{len(specs)} bots for the {players - 1} other seats")
        self.bot_specs = specs
        self.fixed_seat = seat
        self.max_actions = max_actions
        if illegal not in ("raise", "refuse"):
            raise ValueError(f"illegal is 'raise' or 'refuse', not {illegal!r}")
        self.illegal = illegal
        self.observation_space = observation_space(players)
        self.action_space = spaces.Discrete(N_ACTIONS)
        self._encoder = Encoder(players)
        self._rng = random.Random()
        self.match: Stepper | None = None
        self.seat = 0
        self.bots: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new match (``seed`` fixes the deals, the seat and the bots' choices)."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        match_seed = self._rng.getrandbits(63)
        self.seat = (
            self.fixed_seat if self.fixed_seat is not None else self._rng.randrange(self.players)
        )
        others = [s for s in range(self.players) if s != self.seat]
        pairs = zip(others, self.bot_specs, strict=True)
        self.bots = {s: make_bot(spec, f"{match_seed}:{s}") for s, spec in pairs}
        self.match = Stepper(self.config, match_seed, self.max_actions)
        self._bots_play()
        return self._obs(), self._info()

    def _bots_play(self) -> None:
        m = self.match
        assert m is not None
        m.bots_play(self.bots, self.seat)

    def _obs(self) -> dict[str, np.ndarray]:
        m = self.match
        assert m is not None
        acting = m.seat == self.seat
        obs = self._encoder.encode(m.table_of(self.seat), self.seat, m.prefix, acting and m.offer)
        return {"observation": obs, "action_mask": mask_of(m.mask() if acting else [])}

    def _info(self) -> dict[str, Any]:
        m = self.match
        assert m is not None
        return {"hand": len(m.table_of(self.seat).hand), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The current action mask as booleans (sb3-contrib's MaskablePPO asks this)."""
        m = self.match
        assert m is not None
        return mask_of(m.mask()).astype(bool)

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The agent chooses the token ``action``; the bots then play until it decides again."""
        m = self.match
        assert m is not None
        if self.illegal == "refuse" and int(action) not in m.mask():
            return self._obs(), 0.0, False, False, {**self._info(), "illegal": True}
        m.push(int(action))
        self._bots_play()
        reward = float(m.returns()[self.seat]) if m.over else 0.0
        return self._obs(), reward, m.over, m.truncated, self._info()

    def close(self) -> None:
        """Close the bots (an external bot's process)."""
        for bot in self.bots.values():
            bot.close()


def make_vec(n: int, seed: int = 0, **kwargs: Any) -> gymnasium.vector.SyncVectorEnv:
    """``n`` copies of :class:`HandVsBots` in one vector environment (autoreset in the same
    step: a finished episode's last observation is in ``infos["final_obs"]``)."""
    from gymnasium.vector import AutoresetMode

    def one(i: int) -> Any:
        return lambda: HandVsBots(**kwargs)

    env = gymnasium.vector.SyncVectorEnv(
        [one(i) for i in range(n)], autoreset_mode=AutoresetMode.SAME_STEP
    )
    env.reset(seed=seed)
    return env


def register() -> None:
    """Register ``HandVsBots-v0`` with Gymnasium (``gymnasium.make("HandVsBots-v0")``)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point="handgame.rl.gym_env:HandVsBots")


register()
