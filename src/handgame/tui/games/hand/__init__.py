"""Hand's terminal parts: its table (:mod:`.table`), its summaries (:mod:`.summary`), its keys
(:mod:`.commands`) and its log, found by the shared terminal front ends."""

from __future__ import annotations

from handgame.tui.games.hand.parts import HandTable

#: the parts :mod:`handgame.tui.registry` registers for the game
PARTS = HandTable

__all__ = ["PARTS", "HandTable"]
