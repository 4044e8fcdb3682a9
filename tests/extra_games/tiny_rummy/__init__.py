"""Tiny rummy: a third game, registered from the tests (its rules: :mod:`.engine`; its records,
words and ``GameSpec``: :mod:`.spec`; its terminal parts: :mod:`.terminal`)."""

from __future__ import annotations

from extra_games.tiny_rummy.spec import GAME
from extra_games.tiny_rummy.terminal import TinyTable
from handgame.core.registry import register_game
from handgame.tui.registry import register_table

register_game(GAME)
register_table(TinyTable)
