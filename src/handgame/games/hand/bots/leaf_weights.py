"""The leaf estimate's weights (:mod:`.leaf`), written by ``scripts/fit_leaf.py``."""

#: one weight per feature of :data:`handgame.games.hand.bots.leaf.FEATURES`
WEIGHTS: tuple[float, ...] = (-0.8320, 1.5391, -2.9318, -1.5382, -1.1167, -0.2789, -0.1265, -0.0474)
