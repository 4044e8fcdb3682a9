"""The native path of Hand's ``legal_actions`` (issue 19), beside the Python reference.

What is native so far: the draw decision (L-61, L-62). Whether the top discard may be taken
is the costly question there (can the turn still be finished after taking it: the same
exact shortcuts as ``finish._quick_verdict``, with the meld list, its packing and
``could_go_out`` in C++, ``native/legal.cpp``). Where the reference would need its full turn
search, or a meld list only its general generator makes, the native code says "undecided" and
the Python reference (``finish.accepts``) decides that candidate. The play phase is listed in
Python, with its lay-offs and swaps and the turn search's shortcuts (``finish._quick_verdict``,
``going_out.could_go_out``) native (:mod:`handgame.games.hand.native`); the first discard is
Python. :func:`native_support` says, in one place, why a state is not native, and
``native.rules_support`` which rulesets are (from their option values).

Built by ``python native/build.py`` (``_legal_native``); without the build, or with
``HANDGAME_NATIVE=0``, everything is the Python reference; ``HANDGAME_NATIVE=1`` requires it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from handgame.games.hand import native
from handgame.games.hand.actions import Action, Draw
from handgame.games.hand.finish import accepts
from handgame.games.hand.rounds import Phase
from handgame.games.hand.turn import going_out_forbidden, required_minimum

if TYPE_CHECKING:
    from handgame.games.hand.state import State


def native_support(state: State) -> str | None:
    """Why ``legal_actions(state)`` is not (partly) computed natively, or None when it is."""
    if native.extension() is None:
        return "the native legal actions are off (not built, or HANDGAME_NATIVE=0)"
    why = native.rules_support(state.rules)
    if why is not None:
        return why
    if state.phase is Phase.PLAY:
        return (
            "the play phase is listed in Python (not ported yet); its lay-offs and swaps and "
            "the turn search's shortcuts run natively"
        )
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


def draws(state: State) -> list[Action] | None:
    """The seat to act's legal draws (``Draw`` stock, then discard), or None when this state
    is not on the native path (:func:`native_support`): the caller lists them in Python."""
    if native_support(state) is not None:
        return None
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    out: list[Action] = []
    if rnd.stock:
        out.append(Draw(seat, "stock"))  # nothing is owed after it (finish.obligated)
    if not rnd.discard_pile:
        return out
    by = rnd.pile_top_by
    verdict = native.extension().draw_discard(
        rnd.hands[seat],
        rnd.discard_pile[-1],
        native.table(rnd.melds),
        native.config(state.rules, rnd.wilds),
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
            out.append(Draw(seat, "discard"))
    return out
