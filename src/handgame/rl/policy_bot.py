"""The ``policy:PATH`` bot: a trained agent (:class:`handgame.rl.ppo.Policy`, a ``.npz`` file)
seated like any other bot, in ``hand simulate``, ``hand play`` and ``hand serve``;
``policy:NAME`` seats an agent shipped with the package (``handgame/rl/agents/NAME.npz``,
:func:`shipped`).

It sees only its seat's view, spells its action token by token over the view's legal actions
(:class:`~handgame.rl.tokens.ActionTree`, as in training) and takes the likeliest token at each
step (``policy:PATH,sample``: samples instead, with the bot's seed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from handgame.core.bot import Bot, BotError
from handgame.rl.observe import Encoder, FastTree, table_of
from handgame.rl.ppo import Policy
from handgame.rl.tokens import N_ACTIONS

_CACHE: dict[str, Policy] = {}
#: where the agents shipped with the package are (``policy:NAME``)
AGENTS = Path(__file__).resolve().parent / "agents"


def shipped() -> tuple[str, ...]:
    """The names of the agents shipped with the package (``policy:NAME``), sorted."""
    return tuple(sorted(p.stem for p in AGENTS.glob("*.npz")))


def resolve(path: str) -> str:
    """The file of ``policy:PATH``: a shipped agent's when ``path`` is one's name (no
    directory, no suffix), else ``path`` itself."""
    if "/" not in path and "\\" not in path and not path.endswith(".npz"):
        candidate = AGENTS / f"{path}.npz"
        if candidate.is_file():
            return str(candidate)
    return path


def load(path: str) -> Policy:
    """The policy in ``path`` (or the shipped agent of that name), read once per process;
    raises :class:`BotError`."""
    if path not in _CACHE:
        try:
            _CACHE[path] = Policy.load(resolve(path))
        except (OSError, ValueError, KeyError) as e:
            names = ", ".join(shipped()) or "none"
            raise BotError(
                f"policy:{path}: cannot load the policy ({e}); the shipped agents: {names}"
            ) from None
    return _CACHE[path]


class PolicyBot(Bot):
    """Plays a trained policy from the seat's view."""

    name = "policy"

    def __init__(self, path: str, seed: int | str = 0, sample: bool = False) -> None:
        """A bot playing the policy in ``path``."""
        super().__init__(seed)
        self.policy = load(path)
        self.path = path
        self.encoder = Encoder(self.policy.players)
        self.np_rng = np.random.default_rng(abs(hash(f"policy:{seed}")) % 2**32) if sample else None

    def _spell(self, view: Any, offer: bool) -> Any:
        if view.players != self.policy.players:
            raise BotError(
                f"policy:{self.path} was trained for {self.policy.players} players, "
                f"not {view.players}"
            )
        tree = FastTree(view.legal_actions, can_pass=offer)
        tree.advance()
        table = table_of(view, view.seat) if not tree.done else None
        while not tree.done:
            assert table is not None
            mask = np.zeros(N_ACTIONS, np.float32)
            mask[tree.next_tokens()] = 1.0
            obs = self.encoder.encode(table, view.seat, tree.prefix, offer)
            tree.push(self.policy.act(obs, mask, self.np_rng))
            tree.advance()
        return tree.action

    def choose(self, view: Any) -> Any:
        """The action the policy spells from ``view``."""
        return self._spell(view, offer=False)

    def wants_redeal(self, view: Any) -> bool:
        """Whether the policy takes the out-of-turn offer rather than passing."""
        return bool(view.legal_actions) and self._spell(view, offer=True) is not None


def make(argument: str, seed: int | str) -> Bot:
    """The registry's factory: ``policy:PATH`` or ``policy:PATH,sample``."""
    path, _, flag = argument.partition(",")
    if not path:
        raise BotError(
            "the policy bot needs a file or a shipped agent's name: policy:PATH (a .npz of "
            f"examples/train_ppo.py) or policy:NAME ({', '.join(shipped()) or 'none shipped'})"
        )
    if flag not in ("", "sample"):
        raise BotError(f"policy:{argument}: the only flag is 'sample', not {flag!r}")
    return PolicyBot(path, seed, sample=flag == "sample")
