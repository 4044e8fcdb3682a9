"""``hand play``'s Textual interface (imported only when it runs: the engine never needs it).

:mod:`handgame.tui.session` holds the game (no Textual), :mod:`handgame.tui.app` the screens,
:mod:`handgame.tui.i18n` the English, Arabic and Persian words.
"""
