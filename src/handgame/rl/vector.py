"""``HandVectorEnv``: N tables of any registered game stepped together in one call, in the
shape of Gymnasium's vector API (``gymnasium.vector.VectorEnv``), with autoreset.

``HandVectorEnv(num_envs, preset="levant", players=2, options={"rounds": 1})`` is self-play:
at every table the seat to decide is the agent, ``infos["seat"]`` says which seat that is, and
a finished match's reward goes to the seat that chose its last token (``infos["returns"]``
holds every seat's). With ``bots="random"`` (any spec of the bots registry, or one per other
seat) it is ``HandVsBots-v0`` batched: one agent seat per table (``seat``, or drawn each
match), the bots playing the others, the reward the agent's.

``step(actions)`` takes one token per table (``actions``: ints, shape ``(num_envs,)``) and
returns ``observations`` (a dict of ``observation``: float32 ``(num_envs, N)`` and
``action_mask``: int8 ``(num_envs, 139)``, the layouts of ``docs/rl.md``), ``rewards``
(float32), ``terminations`` and ``truncations`` (bool) and ``infos``. Autoreset is
Gymnasium's ``SAME_STEP``: a table whose match ended is dealt its next match in the same
step; ``infos["final_obs"]`` (with its mask ``infos["_final_obs"]``) holds the ended match's
last observation. Each table has its own seeded stream: ``reset(seed=s)`` fixes every match
of every table. Observations are those of :mod:`handgame.rl.hand_v0` (the fast path of
:mod:`handgame.rl.observe`), the seat's view only.

``native``: the game's native batch (``GameSpec.native_batch``; Hand: ``native/hand_batch.cpp``,
issue 39) steps the tables' turns in C++ in one call, handing a table to the Python engine
and back where it cannot follow a rule case exactly: the same observations, masks, rewards and
ends as the Python path for the same seeds (``tests/rl/test_native_round.py``). None takes it
when it is built and supports the options (self-play, no partnership), True requires it (a
ValueError says why it cannot), False keeps the Python path. ``native_why`` says why a batch
is not native.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from handgame.core.game import BatchConfig
from handgame.core.registry import find_game
from handgame.play.registry import make_bot
from handgame.rl.encode import MELD_SLOTS, PHASES, obs_size, offsets
from handgame.rl.hand_v0 import observation_space
from handgame.rl.observe import Encoder
from handgame.rl.stepper import MAX_ACTIONS, Stepper, make_config
from handgame.rl.tokens import N_ACTIONS


class _Table:
    """One table: a match, its bots (if any) and the agent's seat."""

    def __init__(self, owner: HandVectorEnv, seed: int | str) -> None:
        self.owner = owner
        self.rng = random.Random(seed)
        self.encoder = Encoder(owner.players)
        self.seat: int | None = None  # the agent's seat against bots; None: self-play
        self.bots: dict[int, Any] = {}
        self.native = False  # stepped by the owner's native batch now
        self.match = self.new_match()

    def new_match(self) -> Stepper:
        o = self.owner
        match_seed = self.rng.getrandbits(63)
        if o.bot_specs is not None:
            self.seat = o.fixed_seat if o.fixed_seat is not None else self.rng.randrange(o.players)
            others = [s for s in range(o.players) if s != self.seat]
            pairs = zip(others, o.bot_specs, strict=True)
            for bot in self.bots.values():
                bot.close()
            self.bots = {s: make_bot(spec, f"{match_seed}:{s}") for s, spec in pairs}
        nb = o._native
        hold = nb.loadable if nb is not None and self.seat is None else None
        self.match = Stepper(o.config, match_seed, o.max_actions, hold=hold)
        self.bots_play()
        return self.match

    def bots_play(self) -> None:
        if self.seat is not None:
            self.match.bots_play(self.bots, self.seat)

    @property
    def agent(self) -> int:
        """The seat whose observation this table shows."""
        if self.seat is not None:
            return self.seat
        m = self.match
        return m.seat if m.seat is not None else 0


class HandVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """``num_envs`` tables of ``preset`` stepped together (see the module's docstring)."""

    metadata = {  # noqa: RUF012 (Gymnasium's class attribute)
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        num_envs: int,
        preset: str = "levant",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        partnership: bool = False,
        bots: Sequence[str] | str | None = None,
        seat: int | None = None,
        max_actions: int = MAX_ACTIONS,
        native: bool | None = None,
    ) -> None:
        """``num_envs`` tables; ``bots``: None for self-play, else the other seats' bots;
        ``native``: the game's native batch (None: where available, True: required)."""
        if num_envs < 1:
            raise ValueError("a vector environment needs at least one table")
        self.num_envs = num_envs
        self.config = make_config(preset, players, options, partnership)
        self.players = players
        self.max_actions = max_actions
        if bots is None:
            self.bot_specs: list[str] | None = None
        else:
            specs = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
            if len(specs) != players - 1:
                raise ValueError(f"{len(specs)} bots for the {players - 1} other seats")
            self.bot_specs = specs
        self.fixed_seat = seat
        self.single_observation_space = observation_space(players)
        self.single_action_space = spaces.Discrete(N_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._size = obs_size(players)
        self._tables: list[_Table] = []
        self._seed: int | None = None
        self._native: Any = None
        self.native_why: str | None = "native=False"
        if native is not False:
            self.native_why = self._make_native(preset)
            if native is True and self._native is None:
                raise ValueError(f"native=True, but no native batch here: {self.native_why}")

    def _make_native(self, preset: str) -> str | None:
        """The game's native batch for these tables, or why there is none."""
        if self.bot_specs is not None:
            return "bots as opponents are played on the Python path"
        make = find_game(preset).native_batch
        if make is None:
            return f"the game of {preset!r} has no native batch"
        at = tuple(offsets(self.players).values())
        got = make(
            BatchConfig(
                self.config, self.num_envs, at, self._size, MELD_SLOTS, PHASES, self.max_actions
            )
        )
        if isinstance(got, str):
            return got
        self._native = got
        return None

    @property
    def native(self) -> bool:
        """Whether the tables are stepped by a native batch where they can be."""
        return self._native is not None

    def native_tables(self) -> list[bool]:
        """Which tables the native batch steps now (the others are on the Python engine)."""
        return [t.native for t in self._tables]

    def _to_native(self, i: int) -> None:
        """Table ``i`` handed to the native batch when it waits at a turn's start."""
        nb = self._native
        table = self._tables[i]
        if nb is None:
            return
        if table.native:
            return
        m = table.match
        # a decision the stepper listed is taken when untouched; a held one always
        if not m.held and (not m.fresh or m.offer or not nb.loadable(m.state)):
            return
        while not nb.load(i, m.state, m.actions):
            # handed back at once: the Python engine lists that decision; a later one it held
            # (its first had no choice) is tried again
            self._from_native(i, hold=False)
            m = table.match
            if not m.held:
                return
        table.native = True

    def _from_native(self, i: int, hold: bool = True) -> None:
        """Table ``i`` handed back by the native batch: the Python engine goes on (``hold``:
        False when the batch could not take the very decision the stepper held)."""
        table = self._tables[i]
        table.native = False
        ended = self._native.round_end(i, self.max_actions)
        if ended is not None:  # a round with no score: the match goes on to its next deal
            state_after, done_actions = ended
            table.match.resume(state_after, done_actions, hold=hold)
            return
        state, action, actions, pending = self._native.take_back(i)
        table.match.resume(state, actions, action, pending, hold=hold or pending)

    def _agents(self) -> list[int]:
        """The seat whose observation each table shows."""
        if self._native is None:
            return [t.agent for t in self._tables]
        seats = self._native.seats()
        return [seats[i] if t.native else t.agent for i, t in enumerate(self._tables)]

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """New matches at every table; ``seed`` fixes every match to come at every table."""
        if isinstance(seed, list):
            seeds: list[Any] = list(seed)
        elif seed is not None:
            seeds = [f"{seed}/{i}" for i in range(self.num_envs)]
        else:
            base = random.getrandbits(63)
            seeds = [f"{base}/{i}" for i in range(self.num_envs)]
        if len(seeds) != self.num_envs:
            raise ValueError(f"{len(seeds)} seeds for {self.num_envs} tables")
        if self._native is not None:
            for i in range(len(self._tables)):
                self._native.release(i)
        self._tables = [_Table(self, s) for s in seeds]
        for i in range(self.num_envs):
            self._to_native(i)
        obs = self._observe_all()
        return obs, {"seat": np.array(self._agents(), dtype=np.int64)}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Each table's agent chooses its token; ended matches are dealt again (SAME_STEP)."""
        if not self._tables:
            raise ValueError("reset the environment before stepping it")
        array = np.asarray(actions).reshape(-1)
        tokens = array.tolist()
        if len(tokens) != self.num_envs:
            raise ValueError(f"{len(tokens)} actions for {self.num_envs} tables")
        for table, token in zip(self._tables, tokens, strict=True):
            if table.native:
                continue
            m = table.match
            if m.tree is None or int(token) not in m.mask():
                raise ValueError(f"the token {token} is masked out at a table (none was stepped)")
        n = self.num_envs
        choosers_now = self._agents()
        handed: set[int] = set()
        nb = self._native
        if nb is not None:
            active = np.fromiter((t.native for t in self._tables), dtype=bool, count=n)
            if active.any():
                handed = set(nb.step(np.ascontiguousarray(array, dtype=np.int64), active))
                for i in handed:
                    self._from_native(i)
        rewards = np.zeros(n, dtype=np.float32)
        terms = np.zeros(n, dtype=bool)
        truncs = np.zeros(n, dtype=bool)
        ended: list[int] = []
        choosers: list[int] = []
        returns = np.zeros((n, self.players), dtype=np.float32)
        for i, (table, token) in enumerate(zip(self._tables, tokens, strict=True)):
            if table.native:
                continue  # a native table's match never ends natively (handed back first)
            m = table.match
            chooser = choosers_now[i]
            if i not in handed:
                m.push(int(token))
                if table.seat is not None:
                    table.bots_play()
            if m.over or m.truncated:
                got = m.returns()
                returns[i] = got
                rewards[i] = got[chooser]
                terms[i], truncs[i] = m.over, m.truncated
                ended.append(i)
                choosers.append(chooser)
        infos: dict[str, Any] = {}
        if ended:
            final = self._observe([self._tables[i] for i in ended], choosers)
            final_obs = np.empty(n, dtype=object)
            done = np.zeros(n, dtype=bool)
            for k, i in enumerate(ended):
                final_obs[i] = {key: value[k] for key, value in final.items()}
                done[i] = True
                self._tables[i].new_match()
            infos["final_obs"], infos["_final_obs"] = final_obs, done
            infos["returns"], infos["_returns"] = returns, done
        if nb is not None:
            for i, table in enumerate(self._tables):
                if not table.native:
                    self._to_native(i)
        obs = self._observe_all()
        infos["seat"] = np.array(self._agents(), dtype=np.int64)
        infos["_seat"] = np.ones(n, dtype=bool)
        return obs, rewards, terms, truncs, infos

    def _observe(
        self, tables: Sequence[_Table], seats: Sequence[int] | None = None
    ) -> dict[str, np.ndarray]:
        """The observations and masks of ``tables``' agents (or of ``seats``), as arrays."""
        obs = np.empty((len(tables), self._size), dtype=np.float32)
        masks = np.zeros((len(tables), N_ACTIONS), dtype=np.int8)
        self._encode_rows(tables, seats, obs, masks, skip_native=False)
        return {"observation": obs, "action_mask": masks}

    def _encode_rows(
        self,
        tables: Sequence[_Table],
        seats: Sequence[int] | None,
        obs: np.ndarray,
        masks: np.ndarray,
        skip_native: bool,
    ) -> None:
        """Write the rows of ``tables``' agents (or of ``seats``) into ``obs`` and ``masks``
        (zeros) by their Python encoders; with ``skip_native`` the native tables' rows are
        left for the batch."""
        mask_at: list[int] = []
        for k, table in enumerate(tables):
            if skip_native and table.native:
                continue
            m = table.match
            seat = table.agent if seats is None else seats[k]
            acting = m.seat == seat
            prefix, offer = (m.prefix, m.offer) if acting else ((), False)
            table.encoder.encode_into(obs[k], m.table_of(seat), seat, prefix, offer)
            if acting:
                r = k * N_ACTIONS
                mask_at += [r + t for t in m.mask()]
        masks.reshape(-1)[mask_at] = 1

    def _observe_all(self) -> dict[str, np.ndarray]:
        """Every table's observation and mask: the native tables' rows from the batch."""
        nb = self._native
        if nb is None:
            return self._observe(self._tables)
        tables = self._tables
        # every row is written whole: the Python tables' by their encoder, the others natively
        obs = np.empty((len(tables), self._size), dtype=np.float32)
        masks = np.zeros((len(tables), N_ACTIONS), dtype=np.int8)
        self._encode_rows(tables, None, obs, masks, skip_native=True)
        nb.observe(obs, masks)
        return {"observation": obs, "action_mask": masks}

    def action_masks(self) -> np.ndarray:
        """The current masks as booleans, shape ``(num_envs, 139)`` (sb3-contrib's name)."""
        return self._observe_all()["action_mask"].astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        """Close the tables' bots."""
        for table in self._tables:
            for bot in table.bots.values():
                bot.close()


def make_vector(num_envs: int, seed: int | None = None, **kwargs: Any) -> HandVectorEnv:
    """A :class:`HandVectorEnv`, reset with ``seed``."""
    env = HandVectorEnv(num_envs, **kwargs)
    env.reset(seed=seed)
    return env
