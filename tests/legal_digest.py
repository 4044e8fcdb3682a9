"""One digest of every legal-action list of seeded matches: two engines that print the same
digest list the same actions, in the same order, at every decision of those matches.

Compare two checkouts (e.g. before and after a speed-up), on either kernel path::

    PYTHONPATH=/old/checkout/src python tests/legal_digest.py --games 20
    python tests/legal_digest.py --games 20

Matches are one-round levant, gulf and four-jokers at 2, 3 and 4 players; game ``g`` is
seeded ``d19:<preset>:<players>:<g>``; odd games are played by a meld-loving random player
(so that seats open, lay off and go out), even ones uniformly at random. Not run in CI.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys

from handgame.games.hand.actions import LayMelds, LayOff, SwapWild
from handgame.games.hand.state import Game


def digest(games: int, start: int = 0) -> tuple[int, str]:
    """The decisions seen and the SHA-256 of every legal-action list and final total."""
    h = hashlib.sha256()
    n = 0
    for preset in ("levant", "gulf", "four-jokers"):
        for players in (2, 3, 4):
            game = Game.create(preset, {"rounds": 1}, players=players)
            for g in range(start, start + games):
                tag = f"d19:{preset}:{players}:{g}"
                rng = random.Random(tag)
                state = game.new_match()
                deals = 0
                while not state.is_over:
                    if state.is_chance:
                        state = state.deal_seeded(f"{tag}:{deals}")
                        deals += 1
                        continue
                    actions = state.legal_actions(state.current_seat)
                    h.update(repr(actions).encode())
                    n += 1
                    if g % 2:
                        melds = [a for a in actions if isinstance(a, (LayMelds, LayOff, SwapWild))]
                        if melds and rng.random() < 0.8:
                            actions = melds
                    state = state.apply(rng.choice(actions))
                h.update(repr(state.totals).encode())
    return n, h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Print the number of decisions and the digest."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="matches per preset and count (20)")
    ap.add_argument("--start", type=int, default=0, help="first game number (0)")
    args = ap.parse_args(argv)
    n, hexdigest = digest(args.games, args.start)
    print(n, hexdigest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
