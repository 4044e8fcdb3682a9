"""Train the shipped agent: behaviour cloning of a teacher bot's decisions, token by token.

The teacher (``greedy`` by default, any spec of the bots registry) plays one-round matches
against ``--opponents`` in turn (``greedy,greedy,random``: itself, whose choices are recorded
too, and ``random``, so that the states a weak opponent leads to are seen); at every decision
with a choice, its
action is spelt in tokens (``handgame.rl.tokens``) and each token chosen where the mask has a
choice becomes a sample (the observation of ``handgame.rl.encode`` with the prefix so far, the
mask, the token). A :class:`handgame.rl.ppo.Policy` (the numpy MLP, the same file format as
``examples/train_ppo.py``) is fitted to them by cross-entropy with Adam, then saved in float16
(``--out``), and played against ``random`` and ``greedy`` on fresh seeds drawn at the end and
printed. Seeded: the same arguments train the same weights.

    nice -n 10 python examples/train_agent.py --matches 3000 --epochs 12 \\
        --out src/handgame/rl/agents/hand-bc.npz

A tiny smoke run: ``python examples/train_agent.py --matches 2 --epochs 1 --eval 2``. The
shipped agent's figures: ``python examples/train_agent.py --evaluate levant-2p --eval 1000``.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
import time
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from train_ppo import report  # noqa: E402

from handgame.core.bot import Bot  # noqa: E402
from handgame.games.hand.actions import Action, Discard  # noqa: E402
from handgame.games.hand.bots.determinize import game_of, unseen_cards  # noqa: E402
from handgame.games.hand.bots.efficiency import efficient_discard  # noqa: E402
from handgame.games.hand.bots.greedy import GreedyBot  # noqa: E402
from handgame.games.hand.view import PlayerView  # noqa: E402
from handgame.games.hand.wilds import wilds_for  # noqa: E402
from handgame.play.driver import bot_action, bot_claim  # noqa: E402
from handgame.play.registry import make_bot  # noqa: E402
from handgame.rl.encode import N_CARDS, layout, obs_size  # noqa: E402
from handgame.rl.observe import Encoder, spell  # noqa: E402
from handgame.rl.ppo import Adam, Policy  # noqa: E402
from handgame.rl.stepper import Stepper, make_config  # noqa: E402
from handgame.rl.tokens import CARD_BASE, N_ACTIONS, PASS  # noqa: E402

Samples = tuple[np.ndarray, np.ndarray, np.ndarray]

#: the teacher that is ``greedy`` with the efficient ("ukeire") discard (``bots/efficiency.py``:
#: 57.7% against ``greedy`` over 4,000 tuning rounds, docs/notes/bots.md); not a registry bot
EFFICIENT = "greedy-efficient"


class EfficientGreedy(GreedyBot):
    """``greedy``, but its discards are the efficient discard of its own hand against the cards
    it has not seen (the view only); ``greedy``'s discard when every allowed card is wild."""

    name = EFFICIENT

    def choose(self, view: PlayerView) -> Action:
        """The greedy action, its discard replaced by the efficient one."""
        action = super().choose(view)
        if not isinstance(action, Discard):
            return action
        legal = view.legal_actions
        allowed = {a.card for a in legal if isinstance(a, Discard) and a.announce}
        rules = game_of(view).rules
        wilds = wilds_for(rules, view.indicator)
        card = efficient_discard(view.hand, unseen_cards(view), wilds, rules, allowed)
        better = None if card is None else Discard(action.seat, card, True)
        return better if better is not None and better in legal else action


def teacher_bot(spec: str, seed: str) -> Bot:
    """A bot of the registry, or the efficient greedy teacher (:data:`EFFICIENT`)."""
    return EfficientGreedy(seed) if spec == EFFICIENT else make_bot(spec, seed)


def stacked(obs: list[np.ndarray], masks: list[np.ndarray], tokens: list[int]) -> Samples:
    """The samples as arrays."""
    if not tokens:
        return (
            np.zeros((0, obs_size(2)), np.float16),
            np.zeros((0, N_ACTIONS), bool),
            np.zeros(0, int),
        )
    return np.stack(obs), np.stack(masks), np.array(tokens)


def keep(path: str, data: Samples) -> None:
    """Write the samples to ``path`` (whole or not at all: written aside, then renamed)."""
    aside = f"{path}.part.npz"
    np.savez_compressed(aside, obs=data[0], masks=data[1], tokens=data[2])
    os.replace(aside, path)


def collect(
    preset: str,
    matches: int,
    teacher: str,
    opponents: list[str],
    seed: int,
    samples: str | None = None,
) -> Samples:
    """(observations float16, masks bool, tokens) of the teacher's choices, in matches
    against each of ``opponents`` in turn (both seats' choices where the opponent is the
    teacher's own spec); written to ``samples`` as they grow, when given (a slow teacher's
    collection can be fitted before it ends)."""
    config = make_config(preset, 2, {"rounds": 1})
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    tokens: list[int] = []
    encoders = [Encoder(2), Encoder(2)]
    won: dict[str, list[int]] = {}  # the teacher's rounds won and played, by opponent
    start = time.monotonic()
    for i in range(matches):
        match_seed = f"bc:{seed}:{i}"
        teacher_seat = i % 2
        opponent = opponents[(i // 2) % len(opponents)]
        record = "both" if opponent == teacher else "teacher"
        bots = {
            teacher_seat: teacher_bot(teacher, f"{match_seed}:t"),
            1 - teacher_seat: teacher_bot(opponent, f"{match_seed}:o"),
        }
        m = Stepper(config, match_seed)
        while m.seat is not None:
            seat = m.seat
            view = m.view
            bot = bots[seat]
            action = (
                bot_claim(bot, m.state, seat, view=view)
                if m.offer
                else bot_action(bot, m.state, seat, view=view)
            )
            if record == "teacher" and seat != teacher_seat:
                m.play(action)
                continue
            spelt = (PASS,) if action is None else spell(action)
            table = m.table
            assert table is not None
            tree = m.tree
            while tree is not None and m.tree is tree:  # a new tree: the action was taken
                token = spelt[len(tree.prefix)]
                mask = m.mask()
                if len(mask) > 1:
                    row = encoders[seat].encode(table, seat, tree.prefix, m.offer)
                    obs.append(row.astype(np.float16))
                    mk = np.zeros(N_ACTIONS, bool)
                    mk[mask] = True
                    masks.append(mk)
                    tokens.append(token)
                m.push(token)
        tally = won.setdefault(opponent, [0, 0])
        tally[0] += int(m.state.is_over and m.state.returns()[teacher_seat] == 1)
        tally[1] += 1
        if (i + 1) % max(1, matches // 20) == 0:
            rates = ", ".join(f"{o} {w}/{n}" for o, (w, n) in won.items())
            print(
                f"collected {i + 1}/{matches} matches, {len(tokens)} samples, "
                f"{time.monotonic() - start:.0f} s; the teacher won: {rates}",
                file=sys.stderr,
                flush=True,
            )
            if samples:
                keep(samples, stacked(obs, masks, tokens))
    return stacked(obs, masks, tokens)


#: the suit permutations that keep each colour's suits together (S H D C: spades and clubs
#: black, hearts and diamonds red), so a colour rule would still hold: 8 of them, the first
#: the identity
COLOUR_KEEPING = (
    (0, 1, 2, 3), (3, 1, 2, 0), (0, 2, 1, 3), (3, 2, 1, 0),
    (1, 0, 3, 2), (2, 0, 3, 1), (1, 3, 0, 2), (2, 3, 0, 1),
)  # fmt: skip

CARD_BLOCKS = ("hand", "known", "discard_pile", "pile_top", "wild", "table", "melds")
TOKEN_BLOCKS = ("prefix_counts", "prefix_last")


def suit_permutation(perm: tuple[int, ...], players: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """(observation columns, token map) of a suit permutation (``perm[s]`` is the suit that
    suit ``s`` becomes): the sample ``(obs, mask, token)`` of a deal with the suits renamed
    is ``(obs[:, columns], mask[:, tokens], tokens_map[token])``. The rules of Levant treat the
    suits alike (runs are of one suit, sets of one rank), so the teacher's choice renamed is
    its choice in the renamed deal (up to its ties, broken by the card's code)."""
    card = np.arange(N_CARDS)
    renamed = np.where(card < 52, np.array(perm)[np.minimum(card // 13, 3)] * 13 + card % 13, 52)
    token = np.arange(N_ACTIONS)
    token[CARD_BASE : CARD_BASE + N_CARDS] = CARD_BASE + renamed
    new_of = np.arange(obs_size(players))  # the column each column's value goes to
    at = 0
    for name, size in layout(players):
        if name in CARD_BLOCKS:
            for lo in range(at, at + size, N_CARDS):
                new_of[lo : lo + N_CARDS] = lo + renamed
        elif name in TOKEN_BLOCKS:
            new_of[at : at + size] = at + token
        at += size
    columns = np.empty_like(new_of)
    columns[new_of] = np.arange(len(new_of))
    tokens_from = np.empty_like(token)
    tokens_from[token] = np.arange(N_ACTIONS)
    return columns, tokens_from


def fit(
    policy: Policy,
    data: Samples,
    epochs: int,
    lr: float,
    batch: int,
    seed: int,
    augment: bool = False,
) -> None:
    """Cross-entropy of the teacher's tokens under the masked policy, with Adam; with
    ``augment``, each minibatch's deals have their suits renamed by one of
    :data:`COLOUR_KEEPING`, drawn at random (the held-out accuracy is on the samples as
    they were)."""
    perms = [suit_permutation(p) for p in (COLOUR_KEEPING if augment else COLOUR_KEEPING[:1])]
    obs, masks, tokens = data
    n = len(tokens)
    if n == 0:
        return
    rng = np.random.default_rng(seed)
    opt = Adam(policy.params, lr)
    decay = max(1, epochs // 2)  # the learning rate halves every epoch after the first half
    hold = max(1, n // 20)  # a held-out twentieth, to watch over-fitting
    order = rng.permutation(n)
    test, train = order[:hold], order[hold:]
    for epoch in range(epochs):
        if epoch >= decay:
            opt.lr = lr * 0.5 ** (epoch - decay + 1)
        rng.shuffle(train)
        loss = correct = 0.0
        start = time.monotonic()
        for lo in range(0, len(train), batch):
            idx = np.sort(train[lo : lo + batch])
            columns, tokens_from = perms[int(rng.integers(len(perms)))]
            x = obs[idx][:, columns].astype(np.float32)
            mk = masks[idx][:, tokens_from].astype(np.float32)
            y = np.argsort(tokens_from)[tokens[idx]]
            probs, _, cache = policy.forward(x, mk)
            m = len(idx)
            loss -= float(np.log(probs[np.arange(m), y] + 1e-12).sum())
            correct += float((probs.argmax(1) == y).sum())
            dlogits = probs.copy()
            dlogits[np.arange(m), y] -= 1.0
            dlogits = np.where(mk > 0, dlogits / m, 0.0).astype(np.float32)
            grads = policy.backward(cache, dlogits, np.zeros(m, np.float32))
            opt.step(policy.params, grads)
        x = obs[test].astype(np.float32)
        probs, _, _ = policy.forward(x, masks[test].astype(np.float32))
        held = float((probs.argmax(1) == tokens[test]).mean())
        print(
            f"epoch {epoch + 1}/{epochs}: loss {loss / len(train):.4f}, train accuracy "
            f"{correct / len(train):.4f}, held-out accuracy {held:.4f}, "
            f"{time.monotonic() - start:.0f} s",
            flush=True,
        )


def widened(policy: Policy, hidden: int, seed: int) -> Policy:
    """``policy`` with ``hidden`` units in each hidden layer: its own weights kept, the new
    units' inputs drawn as :class:`Policy` draws them (from ``seed``) and their outputs zero,
    so the widened policy plays as ``policy`` did until it is trained."""
    have = policy.params["w1"].shape[1]
    if hidden <= have:
        return policy
    wide = Policy(policy.players, hidden=hidden, seed=seed)
    p, q = policy.params, wide.params
    q["w1"][:, :have], q["b1"][:have] = p["w1"], p["b1"]
    q["w2"][:have, :have], q["w2"][have:, :have] = p["w2"], 0.0
    q["b2"][:have] = p["b2"]
    for k in ("wp", "wv"):
        q[k][:have], q[k][have:] = p[k], 0.0
    q["bp"], q["bv"] = p["bp"].copy(), p["bv"].copy()
    return wide


def save_small(policy: Policy, path: str) -> None:
    """Save the policy with float16 weights (loaded back as float32): a small file."""
    full = policy.params
    policy.params = {k: v.astype(np.float16) for k, v in full.items()}
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    policy.save(path)
    policy.params = full


def policy_file(name: str) -> str:
    """The file of ``name``: a shipped agent's (``levant-2p``) or a path."""
    from handgame.rl.policy_bot import resolve

    return str(resolve(name))


def samples(args: argparse.Namespace) -> Samples:
    """The teacher's samples: collected now, or read from ``--samples`` if that file exists
    (several files, comma-separated, are read together), and written there after collecting."""
    files = [f for f in (args.samples or "").split(",") if f]
    if files and all(Path(f).exists() for f in files):
        parts = []
        for file in files:
            with np.load(file) as f:
                parts.append((f["obs"], f["masks"], f["tokens"]))
        data = tuple(np.concatenate([p[k] for p in parts]) for k in range(3))
        print(f"{len(data[2])} samples read from {args.samples}", flush=True)
        return data[0], data[1], data[2]
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    data = collect(args.preset, args.matches, args.teacher, opponents, args.seed, args.samples)
    print(f"{len(data[2])} samples from {args.matches} matches", flush=True)
    if args.samples:
        keep(args.samples, data)
    return data


def main(argv: list[str] | None = None) -> None:
    """Collect, fit, save, evaluate."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="levant")
    ap.add_argument("--matches", type=int, default=3000, help="teacher matches to clone")
    ap.add_argument("--teacher", default="greedy", help="the bot cloned (a bots registry spec)")
    ap.add_argument(
        "--opponents",
        default="greedy,greedy,random",
        help="the teacher's opponents, one after another by pairs of matches (comma-separated)",
    )
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument(
        "--hidden",
        type=int,
        default=None,
        help="hidden units per layer (default 256; with --init: widen the policy to it, the "
        "new units silent, default: as it is)",
    )
    ap.add_argument(
        "--augment",
        action="store_true",
        help="rename the suits of each minibatch (8 colour-keeping permutations)",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="hand-bc.npz")
    ap.add_argument(
        "--init",
        metavar="POLICY",
        help="start from these weights (a .npz or a shipped agent's name) instead of random ones",
    )
    ap.add_argument(
        "--samples",
        metavar="FILE",
        help="keep the collected samples in FILE (.npz): read it if it exists (FILE,FILE...: "
        "read several), else write it",
    )
    ap.add_argument("--eval", type=int, default=1000, help="rounds against each of --against")
    ap.add_argument(
        "--against",
        default="random,greedy",
        help="the bots measured against (comma-separated; the ladder: easy,medium,hard,expert)",
    )
    ap.add_argument("--eval-seed", type=int, default=None, help="default: drawn now, printed")
    ap.add_argument(
        "--evaluate",
        metavar="POLICY",
        help="only measure this policy (a .npz or a shipped agent's name), training nothing",
    )
    args = ap.parse_args(argv)
    if args.evaluate:
        args.out = args.evaluate
    random.seed(args.seed)
    start = time.monotonic()
    if not args.evaluate:
        data = samples(args)
        policy = (
            widened(Policy.load(policy_file(args.init)), args.hidden or 0, args.seed)
            if args.init
            else Policy(2, hidden=args.hidden or 256, seed=args.seed)
        )
        fit(policy, data, args.epochs, args.lr, args.batch, args.seed, args.augment)
        save_small(policy, args.out)
        size = Path(args.out).stat().st_size
        took = time.monotonic() - start
        print(f"saved {args.out} ({size / 1e6:.2f} MB), {took:.0f} s", flush=True)
    if args.eval > 0:
        if args.eval_seed is not None:
            seed = args.eval_seed
            print(f"evaluation seed {seed} (given)", flush=True)
        else:
            seed = secrets.randbits(32)
            print(f"evaluation seed {seed} (drawn now, used for nothing else)", flush=True)
        for opponent in (o.strip() for o in args.against.split(",") if o.strip()):
            report(args.out, opponent, args.eval, args.preset, seed)


if __name__ == "__main__":
    main()
