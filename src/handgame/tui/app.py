"""The Textual apps of ``hand play`` (:class:`HandApp`) and ``hand replay --show``
(:class:`ReplayApp`), where the command line finds them.

Each job has its module: :mod:`handgame.tui.screens` the boxes over the main screen,
:mod:`handgame.tui.widgets` the clickable hand and table, :mod:`handgame.tui.base` the main
screen both apps share, :mod:`handgame.tui.play_app` the game and
:mod:`handgame.tui.replay_app` the replay.
"""

from __future__ import annotations

from handgame.tui.base import BaseGameApp
from handgame.tui.play_app import HandApp
from handgame.tui.replay_app import ReplayApp
from handgame.tui.screens import ChoiceScreen, CoverScreen, InfoScreen

__all__ = ["BaseGameApp", "ChoiceScreen", "CoverScreen", "HandApp", "InfoScreen", "ReplayApp"]
