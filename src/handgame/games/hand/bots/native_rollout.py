"""The cheap rollouts natively (issue 38, ``native/rollout.cpp``): loading the extension and
feeding it a sketch.

The package build (``pip install .``) compiles ``_rollout_native``; without it, with
``HANDGAME_NATIVE=0``, or where the native solver does not answer (``native_solver.support``),
:func:`play` answers None and the caller plays the Python reference (:func:`.rollout.run` and
:mod:`.leaf`). The native rollout plays the reference's turns with the native solver's answers
(the same answers) and scores the position with the leaf's features and chances, to the last bit
(``tests/test_native_rollout.py`` compares both over thousands of seeded sketches).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from handgame.core import extensions
from handgame.games.hand import native_solver
from handgame.games.hand.bots.rollout import Sketch
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.wilds import Wilds

_NATIVE = extensions.extension("handgame.games.hand.bots._rollout_native")
# The version of the extension's API (its line of core/extensions.py); another is not used.
ROLLOUT_VERSION = _NATIVE.extension.version

#: what :func:`play` answers: the seat that went out (or None), whether the stock ran out, the
#: leaf's chances (empty when the round ended), and with ``full`` the sketch after the rollout
#: (hands sorted, stock left, top, opened, clean, melds' cards, gone, turn, turns played)
Outcome = tuple[Any, ...]


def native_available() -> bool:
    """Whether the native rollout is built and loaded (whatever path is in use)."""
    return _NATIVE.available()


def use_native(on: bool) -> bool:
    """Switch between the native and the pure path (tests); returns the previous setting."""
    return _NATIVE.use(on)


@lru_cache(maxsize=256)
def config(wilds: Wilds, rules: Ruleset) -> tuple[int, ...]:
    """The round's context as the extension reads it: the wild card, the joker's natural card,
    the meld options and the penalty values (``native_solver.arrange``'s)."""
    return (
        -1 if wilds.wild is None else int(wilds.wild),
        -1 if wilds.joker_as is None else int(wilds.joker_as),
        int(rules.wild_limit == "one"),
        rules.max_meld_size or 0,
        int(rules.opening_values == "gulf"),
        rules.ace_low_value,
        rules.ace_high_value,
        int(rules.penalty_values == "gulf"),
        rules.ace_in_hand,
    )


def play(sk: Sketch, turns: int, weights: Sequence[float], full: bool = False) -> Outcome | None:
    """``rollout.run(sk, turns)`` and the leaf's chances of the position it leaves, natively;
    None when the Python reference must play it (``sk`` is left alone either way)."""
    ext = _NATIVE.on
    if ext is None or native_solver.support(sk.rules) is not None:
        return None
    got: Outcome | None = ext.run(
        sk.hands,
        sk.stock,
        -1 if sk.top is None else sk.top,
        sk.opened,
        sk.clean,
        tuple(m.as_play_ints for m in sk.melds),
        sk.turn,
        sk.drawn,
        sk.minimum,
        config(sk.wilds, sk.rules),
        turns,
        tuple(weights),
        full,
        sk.discard_rule,
        sk.gone,
        sk.deck,
    )
    return got


__all__ = ["ROLLOUT_VERSION", "config", "native_available", "play", "use_native"]
