"""Hand and Foot's terminal parts: its table and summaries (:mod:`.table`), its keys, its log
and its typed actions (:mod:`.parts`), found by the shared terminal front ends."""

from __future__ import annotations

from handgame.tui.games.hand_and_foot.parts import HandAndFootTable

#: the parts :mod:`handgame.tui.registry` registers for the game
PARTS = HandAndFootTable

__all__ = ["PARTS", "HandAndFootTable"]
