"""Pinned decisions of the search bots: Hand's ``ismcts`` (ladder levels and the spec options
``rollout``, ``leaf``, ``tree``, ``c``, ``margin``) and Hand and Foot's ``ismcts`` both run on
the one loop of ``core/search.py``; a change to that loop (or to a game's hooks) that alters a
seeded bot's play shows here. The pins were recorded before Hand's own copy of the loop was
folded onto the shared one (issue 17) and held after it.

When a change is meant to alter play, print the new decisions with
``python tests/test_search_pins.py`` and replace :data:`HAND_PINS` / :data:`HF_PINS`.
"""

from __future__ import annotations

import random
from typing import Any

from handgame.games.hand import Game
from handgame.games.hand_and_foot.state import Game as HFGame
from handgame.play.driver import play_match
from handgame.play.registry import make_bot

#: Hand tables (preset, players, partnership) and the turns of a seeded greedy match on each
#: where the search is close (a discard the specs disagree on)
HAND_TABLES = [
    ("levant", 2, False, (8, 18)),
    ("levant", 4, True, (8, 43)),
    ("gulf", 3, False, (13, 23)),
    ("four-jokers", 4, False, (8, 38)),
]
#: the specs pinned on every Hand position (iteration budgets: reproducible)
HAND_SPECS = [
    "ismcts:iterations=40,rollout=fast,leaf=fit,tree=1,depth=4",  # the old ``hard``
    "ismcts:iterations=10,tree=2,depth=4",
    "ismcts:iterations=15,depth=3,c=1.2,margin=0.05",
    "ismcts:iterations=8,leaf=fit,depth=4",
    "ismcts:iterations=20,rollout=fast",
]
#: Hand and Foot's spec, and the decisions of a seeded match it is asked (discards, a take)
HF_SPEC = "ismcts:iterations=6,depth=2"
HF_STEPS = (11, 32, 53, 67)


def _turns(preset: str, players: int, partnership: bool, number: int) -> list[Any]:
    """The states of a seeded greedy match on a seat's turn, in order."""
    game = Game.create(preset, {"rounds": 1}, players, partnership)
    states: list[Any] = []
    bots = [make_bot("greedy", f"g{number}-{s}") for s in range(players)]
    play_match(game, bots, f"pos-{number}", on_action=lambda b, a, after: states.append(b))
    return [s for s in states if not s.is_chance and s.current_seat is not None]


def _hand_views() -> list[Any]:
    """Seat views of seeded greedy matches, at the turns of :data:`HAND_TABLES`."""
    views = []
    for number, (preset, players, partnership, picks) in enumerate(HAND_TABLES):
        turns = _turns(preset, players, partnership, number)
        views += [turns[i].view(turns[i].current_seat) for i in picks]
    return views


def _hf_views() -> list[Any]:
    """Hand and Foot views of a seeded random match at :data:`HF_STEPS` (searched decisions:
    discards, taking the pile or not)."""
    rng = random.Random(5)
    state = HFGame.create("hand-and-foot", {}, 4).new_match(0)
    views = []
    step = 0
    while step <= max(HF_STEPS):
        if state.is_chance:
            state = state.deal_seeded(f"s5:{state.deal_count}")
            continue
        seat = state.to_act()
        legal = state.legal_actions(seat)
        if step in HF_STEPS:
            views.append(state.view(seat))
        lays = [a for a in legal if a.verb in ("meld", "add", "take")]
        state = state.apply(rng.choice(lays if lays and rng.random() < 0.8 else legal))
        step += 1
    return views


def decisions() -> tuple[dict[str, list[str]], list[str]]:
    """The choices of a fresh bot (seed: the position's number) on every pinned position."""
    hand = _hand_views()
    pins = {s: [repr(make_bot(s, i).choose(v)) for i, v in enumerate(hand)] for s in HAND_SPECS}
    hf = [repr(make_bot(HF_SPEC, i).choose(v)) for i, v in enumerate(_hf_views())]
    return pins, hf


HAND_PINS: dict[str, list[str]] = {
    "ismcts:iterations=40,rollout=fast,leaf=fit,tree=1,depth=4": [
        "Discard(seat=1, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('JC'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('7D'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('4D'), announce=True, second=None)",
        "Discard(seat=2, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=3, card=Card.parse('QC'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('7S'), announce=True, second=None)",
    ],
    "ismcts:iterations=10,tree=2,depth=4": [
        "Discard(seat=1, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('JC'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('TH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('6D'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('8H'), announce=True, second=None)",
        "Discard(seat=2, card=Card.parse('TS'), announce=True, second=None)",
        "Discard(seat=3, card=Card.parse('5C'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('3C'), announce=True, second=None)",
    ],
    "ismcts:iterations=15,depth=3,c=1.2,margin=0.05": [
        "Discard(seat=1, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('JC'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('TH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('8H'), announce=True, second=None)",
        "Discard(seat=2, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=3, card=Card.parse('QC'), announce=True, second=None)",
        "LayMelds(seat=1, melds=((Card.parse('7S'), Card.parse('7H'), Card.parse('7D')),))",
    ],
    "ismcts:iterations=20,rollout=fast": [
        "Discard(seat=1, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('JC'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('TH'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('6D'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('7D'), announce=True, second=None)",
        "Discard(seat=2, card=Card.parse('TS'), announce=True, second=None)",
        "Discard(seat=3, card=Card.parse('5C'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('4S'), announce=True, second=None)",
    ],
    "ismcts:iterations=8,leaf=fit,depth=4": [
        "Discard(seat=1, card=Card.parse('9D'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('JC'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('QS'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('6D'), announce=True, second=None)",
        "Discard(seat=0, card=Card.parse('8H'), announce=True, second=None)",
        "Discard(seat=2, card=Card.parse('KH'), announce=True, second=None)",
        "Discard(seat=3, card=Card.parse('QC'), announce=True, second=None)",
        "Discard(seat=1, card=Card.parse('3C'), announce=True, second=None)",
    ],
}
HF_PINS: list[str] = [
    "Discard(seat=3, card=Card.parse('8C'))",
    "Discard(seat=2, card=Card.parse('TS'))",
    "Take(seat=3, cards=(Card.parse('QD'), Card.parse('QC')), to=None)",
    "Discard(seat=2, card=Card.parse('JS'))",
]


def test_search_bots_keep_their_decisions() -> None:
    """Every pinned position gets the pinned choice from each spec (Hand) and from Hand and
    Foot's ``ismcts``: the shared search loop plays both games as it did."""
    hand, hf = decisions()
    assert hand == HAND_PINS
    assert hf == HF_PINS


if __name__ == "__main__":
    import pprint

    found_hand, found_hf = decisions()
    print("HAND_PINS =", end=" ")
    pprint.pprint(found_hand, width=96)
    print("HF_PINS =", end=" ")
    pprint.pprint(found_hf, width=96)
