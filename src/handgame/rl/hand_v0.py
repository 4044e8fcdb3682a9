"""``hand_v0``: a PettingZoo AEC environment for every registered game and preset.

``hand_v0.env(preset="levant", players=2, options={"rounds": 1})`` plays one match of Hand
(or of any game the registry finds by that preset, Hand and Foot's ``hand-and-foot`` too).
The action space is ``Discrete(N_ACTIONS)`` (:mod:`handgame.rl.tokens`: an action is spelt
one token a step); each observation is ``{"observation": float32 array, "action_mask": int8
array}`` (:mod:`handgame.rl.encode`), from the seat's view only. Rewards are the game's
``returns()`` (1 for a winner or its team, 0 else) when the match ends, 0 before.
``parallel_env`` is PettingZoo's turn-based parallel form of the same environment.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from handgame.rl.encode import OBS_VERSION, encode, obs_size
from handgame.rl.observe import Encoder, mask_of
from handgame.rl.stepper import MAX_ACTIONS, Stepper, make_config
from handgame.rl.tokens import ACTIONS_VERSION, N_ACTIONS, token_name


def observation_space(players: int) -> spaces.Dict:
    """The observation space of a seat in a game of ``players`` seats."""
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, (obs_size(players),), np.float32),
            "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
        }
    )


def mask_array(tokens: list[int]) -> np.ndarray:
    """The int8 action mask with ``tokens`` set."""
    return mask_of(tokens)


class raw_env(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """One match of a registered game as an AEC environment; agents ``player_0``..."""

    metadata = {  # noqa: RUF012 (PettingZoo's class attribute)
        "name": "hand_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": True,
        "obs_version": OBS_VERSION,
        "actions_version": ACTIONS_VERSION,
    }

    def __init__(
        self,
        preset: str = "levant",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        partnership: bool = False,
        max_actions: int = MAX_ACTIONS,
        render_mode: str | None = None,
        reference: bool = False,
    ) -> None:
        """An environment of ``preset`` with ``players`` seats and option overrides;
        ``reference``: build observations and masks on the definitions' slow path
        (``encode.encode``, ``tokens.ActionTree``) instead of :mod:`handgame.rl.observe`."""
        super().__init__()
        self.reference = reference
        self._encoder = Encoder(players)
        self.config = make_config(preset, players, options, partnership)
        self.players = players
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self._space = observation_space(players)
        self._actions = spaces.Discrete(N_ACTIONS)
        self.match: Stepper | None = None
        self._rng = random.Random()

    @functools.cache  # noqa: B019 (one space object per agent)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space (the same object for every agent)."""
        return self._space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (one object per agent, so each can be seeded)."""
        return spaces.Discrete(N_ACTIONS)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; ``seed`` fixes every deal (without one, the next of the last seed's)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.match = Stepper(
            self.config, self._rng.getrandbits(63), self.max_actions, self.reference
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_step()

    def _after_step(self) -> None:
        m = self.match
        assert m is not None
        if m.over or m.truncated:
            returns = m.returns()
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = float(returns[i])
                self.terminations[agent] = m.over
                self.truncations[agent] = m.truncated
            self.agent_selection = self.agents[0]
        else:
            assert m.seat is not None
            self.agent_selection = self.possible_agents[m.seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The observation of ``agent``: its view encoded, and its mask (zeros off turn)."""
        m = self.match
        assert m is not None
        seat = self._seat_of[agent]
        acting = m.seat == seat
        if acting and not self.reference:  # the common case: the seat to decide, fast path
            tree = m.tree
            assert tree is not None
            table = m.table
            assert table is not None
            return {
                "observation": self._encoder.encode(table, seat, tree.prefix, m.offer),
                "action_mask": mask_of(tree.next_tokens()),
            }
        prefix, offer = (m.prefix, m.offer) if acting else ((), False)
        if self.reference:
            view = m.view if acting else m.state.view(seat)
            obs = encode(view, seat, self.players, prefix, offer)
        else:
            obs = self._encoder.encode(m.table_of(seat), seat, prefix, offer)
        return {"observation": obs, "action_mask": mask_of(m.mask() if acting else [])}

    def step(self, action: int | None) -> None:
        """The agent to act chooses the token ``action``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        m = self.match
        assert m is not None and action is not None
        self._cumulative_rewards[agent] = 0.0
        m.push(int(action))
        if m.over or m.truncated:  # before the end every reward is 0 already
            for a in self.agents:
                self.rewards[a] = 0.0
            self._after_step()
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[m.seat]  # type: ignore[index]

    def render(self) -> str | None:
        """The acting seat's prefix and the public view, as text (``render_mode="ansi"``)."""
        m = self.match
        if m is None or self.render_mode != "ansi":
            return None
        spelt = " ".join(token_name(t) for t in m.prefix)
        return f"seat {m.seat} to act; spelt so far: {spelt or '-'}"

    def close(self) -> None:
        """Nothing to release."""
        return None


def env(**kwargs: Any) -> raw_env:
    """The AEC environment (``raw_env`` takes the same arguments)."""
    return raw_env(**kwargs)


def parallel_env(**kwargs: Any) -> Any:
    """PettingZoo's turn-based parallel form of :func:`env`."""
    return turn_based_aec_to_parallel(raw_env(**kwargs))
