"""examples/train_agent.py's pieces of the shipped agent's third step (docs/rl.md): the
``greedy-efficient`` teacher, the suits renamed in a minibatch (``--augment``) and a policy
widened before it is trained (``--init … --hidden H``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
sys.path.insert(0, str(EXAMPLES))

import train_agent  # noqa: E402

from handgame.games.hand.actions import Discard  # noqa: E402
from handgame.games.hand.bots.determinize import game_of, unseen_cards  # noqa: E402
from handgame.games.hand.bots.efficiency import efficient_discard  # noqa: E402
from handgame.games.hand.wilds import wilds_for  # noqa: E402
from handgame.play.driver import play_match  # noqa: E402
from handgame.play.registry import make_bot  # noqa: E402
from handgame.rl.encode import obs_size  # noqa: E402
from handgame.rl.ppo import Policy  # noqa: E402
from handgame.rl.stepper import make_config  # noqa: E402
from handgame.rl.tokens import CARD_BASE, N_ACTIONS  # noqa: E402


class Watching(train_agent.EfficientGreedy):
    """The teacher, keeping each view it discarded from and the discard."""

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.discards: list[tuple[object, Discard]] = []

    def choose(self, view):  # type: ignore[no-untyped-def]
        action = super().choose(view)
        if isinstance(action, Discard):
            self.discards.append((view, action))
        return action


def test_the_efficient_teacher_discards_the_efficient_card() -> None:
    """Whole matches against greedy: every action legal (the engine checks), and each discard
    of a natural card is the efficient discard of the teacher's view."""
    config = make_config("levant", 2, {"rounds": 1})
    checked = 0
    for i in range(3):
        teacher = Watching(f"t{i}")
        bots = [teacher, make_bot("greedy", f"g{i}")]
        state = play_match(config, bots, seed=f"eff:{i}")
        assert state.is_over
        for view, action in teacher.discards:
            rules = game_of(view).rules
            wilds = wilds_for(rules, view.indicator)
            allowed = {a.card for a in view.legal_actions if isinstance(a, Discard) and a.announce}
            card = efficient_discard(view.hand, unseen_cards(view), wilds, rules, allowed)
            if card is not None:
                assert action.card == card
                checked += 1
    assert checked > 10


def test_a_suit_permutation_renames_the_cards_everywhere() -> None:
    """7♠ (code 6) becomes 7♥ (19) under spades↔hearts, clubs↔diamonds: in the hand, the
    melds, the prefix, the mask and the token; the joker and the words stay; each
    permutation is one-to-one and the first is the identity."""
    perms = [train_agent.suit_permutation(p) for p in train_agent.COLOUR_KEEPING]
    columns, tokens_from = perms[0]
    assert (columns == np.arange(obs_size(2))).all() and (tokens_from == np.arange(N_ACTIONS)).all()
    for columns, tokens_from in perms:
        assert sorted(columns) == list(range(obs_size(2)))
        assert sorted(tokens_from) == list(range(N_ACTIONS))
    columns, tokens_from = train_agent.suit_permutation((1, 0, 3, 2))
    x = np.zeros((1, obs_size(2)))
    x[0, 6] = 1  # 7♠ in hand
    x[0, 371 + 53 + 52] = 1  # a joker in the second meld
    x[0, 2149 + CARD_BASE + 6] = 1  # 7♠ in the prefix
    x[0, 2149 + 65] = 1  # the word discard in the prefix
    moved = [19, 371 + 53 + 52, 2149 + CARD_BASE + 19, 2149 + 65]
    assert list(np.nonzero(x[0, columns])[0]) == moved
    mask = np.zeros((1, N_ACTIONS))
    mask[0, CARD_BASE + 6] = 1
    assert list(np.nonzero(mask[0, tokens_from])[0]) == [CARD_BASE + 19]
    assert np.argsort(tokens_from)[CARD_BASE + 6] == CARD_BASE + 19


def test_a_widened_policy_plays_as_before() -> None:
    """Widened from 16 to 24 units, the policy gives the same probabilities and values."""
    small = Policy(2, hidden=16, seed=1)
    for k in ("wp", "wv"):  # a head that is not near zero, so equal outputs mean something
        small.params[k] = small.params[k] * 100
    wide = train_agent.widened(small, 24, seed=2)
    assert wide.params["w1"].shape == (obs_size(2), 24)
    rng = np.random.default_rng(0)
    x = rng.random((8, obs_size(2))).astype(np.float32)
    mask = np.ones((8, N_ACTIONS), np.float32)
    p1, v1, _ = small.forward(x, mask)
    p2, v2, _ = wide.forward(x, mask)
    assert np.allclose(p1, p2, atol=1e-6) and np.allclose(v1, v2, atol=1e-5)
    assert train_agent.widened(small, 16, seed=2) is small


def test_the_third_step_runs_small(tmp_path: Path) -> None:
    """The efficient teacher's samples, then a policy widened and fitted with the suits
    renamed (the third step's command at its tiniest size)."""
    kept, first, tuned = tmp_path / "s.npz", tmp_path / "a.npz", tmp_path / "b.npz"
    script = EXAMPLES / "train_agent.py"
    out = subprocess.run(
        [sys.executable, str(script), "--teacher", train_agent.EFFICIENT, "--opponents",
         "greedy", "--matches", "2", "--epochs", "1", "--hidden", "16", "--eval", "0",
         "--samples", str(kept), "--out", str(first)],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "the teacher won: greedy" in out.stderr
    out = subprocess.run(
        [sys.executable, str(script), "--init", str(first), "--hidden", "24", "--augment",
         "--samples", str(kept), "--epochs", "1", "--eval", "0", "--out", str(tuned)],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert Policy.load(str(tuned)).params["w1"].shape == (obs_size(2), 24)
