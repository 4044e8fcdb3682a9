"""Each game's terminal parts, one package a game (:class:`~handgame.tui.parts.TableParts`):
how its table and summaries are drawn, its keys, its action words. Each package names its parts
``PARTS``; :mod:`handgame.tui.registry` imports every package of this folder."""
