"""``hand play``'s Textual interface (imported only when it runs: the engine never needs it).

:mod:`handgame.tui.session` holds the game (no Textual, on :mod:`handgame.tui.session_base`);
:mod:`handgame.tui.app` names the two apps, built from :mod:`handgame.tui.screens`,
:mod:`handgame.tui.widgets`, :mod:`handgame.tui.base`, :mod:`handgame.tui.play_base`,
:mod:`handgame.tui.replay_base`, :mod:`handgame.tui.play_app` and :mod:`handgame.tui.replay_app`;
:mod:`handgame.tui.render` draws a view (Rich, no Textual) and :mod:`handgame.tui.i18n` holds
the English, Arabic and Persian words. Nothing Textual is imported here, so the plain text game
can use the session without Textual.
"""
