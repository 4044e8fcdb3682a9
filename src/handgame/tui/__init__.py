"""The terminal front ends (imported only when they run: the engine never needs them), for any
game.

:mod:`handgame.tui.session` holds the game (no Textual); :mod:`handgame.tui.app` names the two
apps, built from :mod:`handgame.tui.screens`, :mod:`handgame.tui.widgets`,
:mod:`handgame.tui.base`, :mod:`handgame.tui.play_app` and :mod:`handgame.tui.replay_app`;
:mod:`handgame.tui.render` draws cards (Rich, no Textual) and :mod:`handgame.tui.i18n` holds
the English, Arabic and Persian words. What a game brings (its table's drawing, its keys, its
action words) is its parts (:mod:`handgame.tui.parts`), one package a game under
:mod:`handgame.tui.games`; none of the modules here names a game. Nothing Textual is imported
here, so the plain text game can use the session without Textual.
"""
