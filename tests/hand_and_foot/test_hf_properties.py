"""Seeded random Hand and Foot matches (4 and 6 players) played to the end, with invariants
at every step (``tests/hf_invariants.py``): every card in one place (270 with 5 decks), a legal
action always available, every listed action applies, views show no hidden card, HF-11 scoring
recomputed, and the record replays to the same answer."""

from __future__ import annotations

import os
from functools import partial

import pytest

from hf_invariants import check_step, play_match

#: the lighter checks of the option matches: every seat's view at one step in ten
LIGHT = partial(check_step, views=0.1, successors=0.02)

MATCHES = int(os.environ.get("HAND_EXAMPLES", "2"))


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("biased", [False, True])
def test_random_matches(players: int, biased: bool) -> None:
    """Random (and meld-loving) matches end after 4 rounds, every invariant kept."""
    outs = 0
    for k in range(MATCHES + 6):
        if k >= MATCHES and (outs or not biased):
            break  # the meld-loving matches go on until a round ends by going out
        played = play_match(players, f"hf:{players}:{biased}:{k}", biased)
        outs += played.outs
        assert played.state.deal_count == 4
    if biased:
        assert outs, "no round ended by going out"


@pytest.mark.parametrize(
    "options",
    [
        {"untouched_foot": "counts"},
        {"pile_pickup": "pair-or-add", "ask_partner": "off"},
        {"minimums": [0], "rounds": 2},
    ],
)
def test_random_matches_options(options: dict[str, object]) -> None:
    """Meld-loving matches under other option values keep every invariant too."""
    played = play_match(4, f"hf:opts:{sorted(options)}", True, options, LIGHT)
    assert played.state.deal_count == played.state.rules.rounds


@pytest.mark.parametrize("players", [2, 3])
def test_random_matches_solo(players: int) -> None:
    """Two and three players, each alone (HF-1), keep every invariant."""
    played = play_match(players, f"hf:solo:{players}", True, check=LIGHT)
    assert played.state.rules.teams == players
