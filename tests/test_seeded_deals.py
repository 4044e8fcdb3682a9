"""Same seed, same deal, in every version and on any machine (issue 20).

A seed names a deal: records, golden files, bug reports and tournaments refer to games by their
seed, so the shuffle and the way it is dealt (L-50, L-51, L-20 indicator, G-3 upcard) are a
promise, not an implementation detail. These pins were taken on 2026-12-02; a change that
moves them breaks every seed given out before it. (The golden records pin the same through
``hand simulate`` in a subprocess; this checks it in-process, where scripts/mutate.py's
mutants run: ``deal:43``, the gulf upcard taken from the second card, changed no other test.)
"""

from __future__ import annotations

import hashlib
import json

import pytest

from handgame.games.hand.state import Game

# (preset, players): (sha256 of the deal's record object, first 16 hex digits; seat 0's first
# three cards; the indicator; the upcard; the top two stock cards)
PINS = {
    ("levant", 2): ("8d6b3e7672c20ed1", ["6S", "9S", "JS"], "AH", None, ["9S", "7S"]),
    ("levant", 4): ("6056c8ecaada45a9", ["6S", "9S", "JS"], "9D", None, ["AC", "4D"]),
    ("gulf", 2): ("d93bdc3e0b6a4d52", ["6S", "JS", "4H"], None, "TS", ["5H", "JH"]),
    ("gulf", 4): ("2fffa18ab8616183", ["6S", "JS", "4H"], None, "KC", ["4D", "3H"]),
    ("four-jokers", 2): ("654e4f5e40bb6732", ["6S", "9S", "JS"], None, None, ["AH", "9S"]),
    ("four-jokers", 4): ("3a450496cb71719c", ["6S", "9S", "JS"], None, None, ["QC", "X"]),
}


@pytest.mark.parametrize(("preset", "players"), sorted(PINS))
def test_a_seed_deals_the_pinned_deal(preset: str, players: int) -> None:
    """The deal of seed ``pinned`` is the one pinned, card for card (by digest)."""
    deal = Game.create(preset, {}, players).new_match(0).seeded_deal("pinned").to_json()
    digest, first, indicator, upcard, top = PINS[(preset, players)]
    assert deal["hands"][0][:3] == first
    assert deal.get("indicator") == indicator and deal.get("discard") == upcard
    assert deal["stock"][:2] == top
    got = hashlib.sha256(json.dumps(deal, sort_keys=True).encode()).hexdigest()[:16]
    assert got == digest, deal
