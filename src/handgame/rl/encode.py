"""The observation: one seat's view as a flat, documented, versioned float32 array.

Everything comes from ``state.view(seat)`` (what that seat may see, nothing hidden) and the
tokens the seat has chosen so far in the action it is spelling (:mod:`handgame.rl.tokens`).
Seats are relative: block 0 is the observing seat, block 1 the next seat in turn order, and so
on. Card blocks have 53 entries, one per card (code ``suit * 13 + rank - 1``, joker 52), and
count copies (two decks: 0, 1 or 2; Hand and Foot's five decks: more). :func:`layout` names
every block with its offset; ``docs/rl.md`` lists them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np

from handgame.core.cards import ALL_CARDS
from handgame.rl.tokens import N_ACTIONS

#: the version of the layout below; any change to it raises it
OBS_VERSION = 1
#: table melds with a block of their own (later melds count in ``table`` only)
MELD_SLOTS = 32
#: the phases named by a one-hot entry (any other phase sets ``phase:other``)
PHASES = ("deal", "first-discard", "draw", "play", "over")

N_CARDS = len(ALL_CARDS)


def layout(players: int) -> list[tuple[str, int]]:
    """The observation's blocks in order: (name, size)."""
    p = players
    return [
        ("hand", N_CARDS),
        ("known", (p - 1) * N_CARDS),  # cards seen going into each other hand, still there
        ("discard_pile", N_CARDS),
        ("pile_top", N_CARDS),
        ("wild", N_CARDS),  # the wild card of the round (Hand's indicator rule), if any
        ("table", p * N_CARDS),  # cards on the table by owning seat (or its team's first seat)
        ("melds", MELD_SLOTS * N_CARDS),  # each table meld by index, in the order of the view
        ("meld_owner", MELD_SLOTS * p),
        ("hand_counts", p),  # / 10
        ("opened", p),
        ("totals", p),  # / 100
        ("to_move", p),  # whose turn it is
        ("scalars", 4),  # stock / 100, pile size / 10, round number / 10, is an offer
        ("phase", len(PHASES) + 1),
        ("prefix_counts", N_ACTIONS),  # tokens chosen so far in this action
        ("prefix_last", N_ACTIONS),  # the last of them, one-hot
    ]


@functools.cache
def obs_size(players: int) -> int:
    """The length of the observation array for ``players`` seats."""
    return sum(size for _, size in layout(players))


def _cards(out: np.ndarray, at: int, cards: Sequence[Any]) -> None:
    for c in cards:
        out[at + int(c)] += 1.0


@functools.cache
def offsets(players: int) -> dict[str, int]:
    """Where each block of :func:`layout` starts."""
    at: dict[str, int] = {}
    pos = 0
    for name, size in layout(players):
        at[name] = pos
        pos += size
    return at


def encode(
    view: Any, seat: int, players: int, prefix: Sequence[int] = (), offer: bool = False
) -> np.ndarray:
    """The observation of ``seat`` from its ``view`` and its action ``prefix`` so far."""
    out = np.zeros(obs_size(players), dtype=np.float32)
    at = offsets(players)

    def rel(s: int) -> int:
        return (s - seat) % players

    _cards(out, at["hand"], view.hand)
    public = getattr(view, "public", None)
    known = public.known if public is not None else getattr(view, "known", ())
    for s, cards in enumerate(known or ()):
        if s != seat:
            _cards(out, at["known"] + (rel(s) - 1) * N_CARDS, cards)
    pile = tuple(view.discard_pile)
    _cards(out, at["discard_pile"], pile)
    if pile:
        out[at["pile_top"] + int(pile[-1])] = 1.0
    wild = getattr(view, "wild", None)
    if wild is not None:
        out[at["wild"] + int(wild)] = 1.0
    for i, meld in enumerate(view.melds):
        owner: int = getattr(meld, "owner", getattr(meld, "team", 0))
        r = rel(owner) if 0 <= owner < players else 0
        _cards(out, at["table"] + r * N_CARDS, meld.cards)
        if i < MELD_SLOTS:
            _cards(out, at["melds"] + i * N_CARDS, meld.cards)
            out[at["meld_owner"] + i * players + r] = 1.0
    for s, n in enumerate(view.hand_counts[:players]):
        out[at["hand_counts"] + rel(s)] = n / 10.0
    for s, opened in enumerate(tuple(view.opened)[:players]):
        out[at["opened"] + rel(s)] = float(bool(opened))
    for s, total in enumerate(tuple(view.totals)[:players]):
        out[at["totals"] + rel(s)] = total / 100.0
    if view.turn is not None:
        out[at["to_move"] + rel(view.turn)] = 1.0
    sc = at["scalars"]
    out[sc] = view.stock_count / 100.0
    out[sc + 1] = len(pile) / 10.0
    out[sc + 2] = view.round_number / 10.0
    out[sc + 3] = float(offer)
    phase = PHASES.index(view.phase) if view.phase in PHASES else len(PHASES)
    out[at["phase"] + phase] = 1.0
    for token in prefix:
        out[at["prefix_counts"] + token] += 1.0
    if prefix:
        out[at["prefix_last"] + prefix[-1]] = 1.0
    return out
