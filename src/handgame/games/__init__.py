"""The games: each is a plug-in on :mod:`handgame.core`, found by name with ``find_game``."""
