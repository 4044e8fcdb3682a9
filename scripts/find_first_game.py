"""Find a deal seed for the first game (handgame.server.guide): the round played as the server
plays it (its Table, the easy bot's moves seeded as the server seeds them), seat 0 following the
guide's advice; a seed fits when seat 0 draws, opens, lays off, discards and goes out.

    python scripts/find_first_game.py [--tries N] [--prefix first-game-]

prints each seed tried that fits, with seat 0's moves.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import Any

from handgame.core.registry import find_game
from handgame.server.guide import FIRST_GAME_RULES, FIRST_GAME_SEATS, advice
from handgame.server.table import Seat, Table

#: what the guide walks through, in the words of the record's verbs
MILESTONES = ("draw", "open", "add", "discard", "out")


def play(seed: str) -> tuple[list[str], dict[str, Any]]:
    """Seat 0's moves (verbs) in the first game dealt from ``seed``, and the round's result."""
    preset = FIRST_GAME_RULES["preset"]
    names = ["seat 0", "easy 1"]
    seats = tuple(
        Seat("human", name, None, "x") if s["kind"] == "human" else Seat("bot", name, s["bot"])
        for s, name in zip(FIRST_GAME_SEATS, names, strict=True)
    )
    game = find_game(preset).create(preset, FIRST_GAME_RULES["options"], 2, False, names)
    table = Table("guide", game, seats, seed, created_at=datetime.now(UTC), turn_timeout=0)
    moves: list[str] = []
    while not table.state.is_over:
        step = table.next_auto()
        if step is None:
            action = advice(table.state, 0, seed, table.version)
            assert action is not None
            moves.append(next(k for k in action if k not in ("seat", "announce")))
            got = table.check(0, action, table.version, None)
            assert not hasattr(got, "reason"), got
            step = got  # type: ignore[assignment]
        table.commit(step)  # type: ignore[arg-type]
    result = table.state.view(None).to_json()["results"][-1]
    return moves, result


def fits(moves: list[str], result: dict[str, Any]) -> bool:
    """Seat 0 drew, melded, laid off, discarded and won the round."""
    won = result.get("winner") == 0
    return won and {"draw", "meld", "add", "discard"} <= set(moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=40)
    parser.add_argument("--prefix", default="first-game-")
    args = parser.parse_args()
    for n in range(1, args.tries + 1):
        seed = f"{args.prefix}{n}"
        moves, result = play(seed)
        mark = "FITS" if fits(moves, result) else "    "
        print(mark, seed, " ".join(moves), {k: result.get(k) for k in ("winner", "kind", "scores")})


if __name__ == "__main__":
    main()
