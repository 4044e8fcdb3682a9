"""Hand's round held natively for N tables (issue 39, ``native/hand_batch.cpp``): feeding it.

The extension ``_batch_native`` keeps each table's round as ints, follows the engine's actions
(the effects of :mod:`handgame.games.hand.turn`'s steps, never their checks) and writes each
seat's RL observation. This module makes the batch for a ruleset (:func:`new_batch`), loads a
table from an engine state (:func:`load`: the handover from the Python engine) and passes an
engine action on (:func:`follow`: False where the native side does not follow it — a taken
wild card still restricted, L-66 / O-6; the round's end; a reshuffle, O-9 — and the table is to
be loaded again). It is the first part of the native batched environment: the legal actions,
their spelling, the driver and the scores are still the Python engine's.

Without the build (or with ``HANDGAME_NATIVE=0``) :func:`extension` is None.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from handgame.core import extensions
from handgame.games.hand.actions import Discard, Draw, LayMelds, LayOff, SwapWild
from handgame.games.hand.match import Match
from handgame.games.hand.native import config_of
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import Ruleset

_NATIVE = extensions.extension("handgame.games.hand._batch_native")

#: the phases in the order the extension codes them (native/hand_batch.cpp PhaseCode)
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)
assert PHASES == ("deal", "first-discard", "draw", "play", "over"), PHASES


def extension() -> Any:
    """The extension module when the native path is in use, else None."""
    return _NATIVE.on


def why_not() -> str | None:
    """Why the extension is not in use (None: it is)."""
    if _NATIVE.on is not None:
        return None
    return _NATIVE.why_not or "the native path is switched off"


def flags(rules: Ruleset) -> tuple[int, ...]:
    """The options the batch reads beside ``native.config``: the opening minimum (L-63), its
    escalation (O-4), announcements (L-70, L-71), a swap needing an opening (L-40) and the
    stock ending with the players' count (O-10)."""
    return (
        rules.initial_minimum,
        1 if rules.escalating_minimum else 0,
        1 if rules.announcements else 0,
        1 if rules.swap_needs_opening else 0,
        1 if rules.stock_end == "players" else 0,
    )


def new_batch(
    n: int,
    players: int,
    rules: Ruleset,
    at: Sequence[int],
    size: int,
    slots: int,
    phase_entries: Sequence[int],
) -> Any:
    """A native batch of ``n`` tables of ``players`` seats under ``rules``, writing
    observations of ``size`` entries at the blocks' offsets ``at`` (``phase_entries``: each
    phase's entry of the phase block, in :data:`PHASES` order)."""
    mod = _NATIVE.on
    if mod is None:
        raise RuntimeError(f"the native batch is not available: {why_not()}")
    return mod.Batch(n, players, flags(rules), tuple(at), size, slots, tuple(phase_entries))


def load(batch: Any, i: int, state: Match) -> None:
    """Table ``i`` of ``batch`` set from the engine's ``state`` (the handover to native)."""
    rnd = state.round
    phase = PHASES.index(state.phase.value)
    if rnd is None:
        n = state.game.players
        none = (0,) * n
        batch.load(
            i, (-1, -1, 0, 0, 0, 11, 11, 0, 0, 0), phase, 0, len(state.results), -1,
            (), (), (), (), (), (), none, none, (-1,) * n, none, state.totals,
            (0, 0, -1, 0, -1, 0, 0, 0, 0, 0), (),
        )  # fmt: skip
        return
    in_round = state.phase not in (Phase.DEAL, Phase.OVER)
    ts = rnd.turn_state
    restricted = ts.restriction is not None and not ts.taken_used
    batch.load(
        i,
        config_of(state.rules, rnd.wilds),
        phase,
        rnd.turn,
        len(state.results) + (1 if in_round else 0),
        -1 if rnd.wilds.wild is None else int(rnd.wilds.wild),
        rnd.hands,
        rnd.known if in_round else (),
        rnd.stock,
        rnd.discard_pile,
        [m.as_play_ints for m in rnd.melds],
        rnd.owners[: len(rnd.melds)],
        rnd.opened,
        rnd.laid_before,
        tuple(-1 if a is None else a for a in rnd.announced),
        rnd.missed,
        state.totals,
        (
            rnd.turns_done,
            rnd.last_opening,
            -1 if rnd.pile_top_by is None else rnd.pile_top_by,
            {None: 0, "stock": 1, "discard": 2}[ts.drew],
            -1 if ts.taken is None else int(ts.taken),
            1 if restricted else 0,
            ts.laid_value,
            ts.all_laid_value,
            1 if ts.provisional else 0,
            1 if ts.opened_now else 0,
        ),
        ts.laid,
    )


_END = {None: -1, "low": 0, "high": 1}


def follow(batch: Any, i: int, action: Any) -> bool:
    """Table ``i`` takes the engine's ``action`` (legal: the engine applied it); False where
    the native side does not follow it (the table is then to be loaded again)."""
    kind = type(action)
    if kind is Draw:
        return bool(batch.draw(i, 0 if action.source == "stock" else 1))
    if kind is Discard:
        second = -1 if action.second is None else int(action.second)
        return bool(batch.discard(i, int(action.card), action.announce, second))
    if kind is LayMelds:
        return bool(batch.lay(i, action.melds))
    if kind is LayOff:
        return bool(batch.add(i, int(action.card), action.to, _END[action.end]))
    if kind is SwapWild:
        return bool(batch.swap(i, action.cards, action.at))
    return False  # a redeal claim (L-52) and anything else: the engine's own


__all__ = ["PHASES", "extension", "flags", "follow", "load", "new_batch", "why_not"]
