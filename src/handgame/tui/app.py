"""The Textual apps of ``hand play`` (:func:`play_app`) and ``hand replay --show``
(:class:`ReplayApp`), for any game, where the command line finds them.

Each job has its module: :mod:`handgame.tui.screens` the boxes over the main screen,
:mod:`handgame.tui.widgets` the clickable hand and table, :mod:`handgame.tui.base` the main
screen both apps share, :mod:`handgame.tui.play_app` the game and
:mod:`handgame.tui.replay_app` the replay; a game's parts (:mod:`handgame.tui.parts`, found by
:mod:`handgame.tui.registry`) draw its table.
"""

from __future__ import annotations

from handgame.tui.base import CardTableApp
from handgame.tui.play_app import PlayApp, play_app
from handgame.tui.replay_app import ReplayApp
from handgame.tui.screens import ChoiceScreen, CoverScreen, InfoScreen

__all__ = [
    "CardTableApp",
    "ChoiceScreen",
    "CoverScreen",
    "InfoScreen",
    "PlayApp",
    "ReplayApp",
    "play_app",
]
