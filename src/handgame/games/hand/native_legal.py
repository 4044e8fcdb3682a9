"""The native path of Hand's ``legal_actions`` (issue 19), beside the Python reference.

What is native: the draw decision (L-61, L-62; whether the top discard may be taken: the same
exact shortcuts as ``finish._quick_verdict``, with the meld list, its packing and
``could_go_out`` in C++, ``native/legal.cpp``; where the reference would need its full turn
search, the native code says "undecided" and ``finish.accepts`` decides that candidate), and
the play phase's steps (new melds, lay-offs, swaps) listed and checked by the turn search in
C++ (:mod:`handgame.games.hand.native_search`, ``native/turn_search.hpp``), the discards
listed in Python. The first discard is Python, and so is a play phase with a restricted taken
wild (L-66, O-6). :func:`native_support` says, in one place, why a state is not native, and
``native.rules_support`` which rulesets are (from their option values).

Built by the package build (``_legal_native``, ``pip install .``); without the build, or with
``HANDGAME_NATIVE=0``, everything is the Python reference; ``HANDGAME_NATIVE=1`` requires it.
"""

from __future__ import annotations

from handgame.games.hand import native
from handgame.games.hand.actions import Action, Draw, draw_of
from handgame.games.hand.finish import accepts
from handgame.games.hand.match import Match
from handgame.games.hand.native_search import search_support
from handgame.games.hand.rounds import Phase
from handgame.games.hand.turn import going_out_forbidden, required_minimum


def native_support(state: Match) -> str | None:
    """Why ``legal_actions(state)`` is not (partly) computed natively, or None when it is."""
    why = native.support(state.rules)
    if why is not None:
        return why
    if state.phase is Phase.PLAY:
        return search_support(state)
    if state.phase is not Phase.DRAW:
        return f"the {state.phase.value} phase is listed in Python (not ported yet)"
    return None


def native_available() -> bool:
    """Whether the native extension is built and importable (whatever path is in use)."""
    return native.native_available()


def use_native(on: bool) -> bool:
    """Switch between the native and the pure path (tests); returns the previous setting."""
    return native.use_native(on)


# How often the native code decided the discard's draw, and how often the reference did.
COUNTS = {"native": 0, "reference": 0}


def draws(state: Match) -> list[Action] | None:
    """The seat to act's legal draws (``Draw`` stock, then discard), or None when this state
    is not on the native path (:func:`native_support`): the caller lists them in Python."""
    if state.phase is not Phase.DRAW or native_support(state) is not None:
        return None
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    out: list[Action] = []
    if rnd.stock:
        out.append(draw_of(seat, "stock"))  # nothing is owed after it (finish.obligated)
    if not rnd.discard_pile:
        return out
    by = rnd.pile_top_by
    verdict = native.extension().draw_discard(
        rnd.hands[seat],
        rnd.discard_pile[-1],
        native.table(rnd.melds),
        native.config_of(state.rules, rnd.wilds),
        rnd.opened[seat],
        required_minimum(state),
        going_out_forbidden(state) is not None,
        by is not None and rnd.opened[by],
    )
    if verdict < 0:
        COUNTS["reference"] += 1
        take = Draw(seat, "discard")
        if accepts(state, take):
            out.append(take)
    else:
        COUNTS["native"] += 1
        if verdict:
            out.append(draw_of(seat, "discard"))
    return out
