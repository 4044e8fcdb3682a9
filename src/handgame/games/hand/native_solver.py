"""The native meld solver (issue 19, ``native/solver.cpp``): loading it and feeding it.

The package build (``pip install .``) compiles ``_solver_native``; without it, or with
``HANDGAME_NATIVE=0``, :func:`arrange` answers None and :mod:`handgame.games.hand.solver` takes
its Python reference; ``HANDGAME_NATIVE=1`` requires the build. The native code lists a hand's
candidate melds as ``meldgen._fast_candidates`` does (the same melds, the same order), scores
and packs them as ``best_arrangement`` and ``best_opening`` do (the same recursion and
tie-breaks as ``kernel.py_pack``), and hands back only the chosen melds' cards: the few ``Meld``
objects are built here, by ``melds.analyze`` as the reference builds them. Where the reference
would take a path not ported (its general generator, a hand beyond the packing's limits, an
option the native code was not written for) the answer is None: the reference answers, never
another rule.
"""

from __future__ import annotations

import dataclasses

from handgame.core import extensions
from handgame.core.cards import ALL_CARDS, Card
from handgame.games.hand import meldgen
from handgame.games.hand.melds import AUTO, NATURAL, Meld, analyze
from handgame.games.hand.native import KNOWN_OPTIONS
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.wilds import Wilds

_NATIVE = extensions.extension("handgame.games.hand._solver_native")
if _NATIVE.module is not None:
    _NATIVE.module.set_cards(ALL_CARDS)

# Options of Ruleset the native code was not written for (native.KNOWN_OPTIONS lists those it
# was, for Hand's native parts): a ruleset class holding one keeps the solver on the reference.
# Fields belong to the class, so this is known once.
UNPORTED = tuple(f.name for f in dataclasses.fields(Ruleset) if f.name not in KNOWN_OPTIONS)

# (value, penalty, melds as card tuples, the cards left)
Answer = tuple[int, int, tuple[tuple[Card, ...], ...], tuple[Card, ...]]


def native_available() -> bool:
    """Whether the native solver is built and loaded (whatever path is in use)."""
    return _NATIVE.available()


def use_native(on: bool) -> bool:
    """Switch between the native and the pure path (tests); returns the previous setting."""
    return _NATIVE.use(on)


def path() -> str:
    """``native`` or ``python``: the path ``best_arrangement`` and ``best_opening`` take now."""
    return _NATIVE.path()


def support(rules: Ruleset) -> str | None:
    """Why the solver does not answer natively under ``rules`` (None: it does)."""
    if _NATIVE.on is None:
        return "the native path is off (not built, or HANDGAME_NATIVE=0)"
    if UNPORTED:
        return f"option(s) {', '.join(UNPORTED)} not ported to the native solver"
    if meldgen.GENERAL_ONLY:
        return "meldgen.GENERAL_ONLY is set (tests of the general generator)"
    return None


def arrange(
    hand: tuple[Card, ...],
    wilds: Wilds,
    rules: Ruleset,
    keep: int,
    restriction: tuple[Card, str] | None,
    must: Card | None,
    opening: bool,
) -> Answer | int | None:
    """The native packing of ``best_arrangement`` (``opening`` False) or ``best_opening``:
    (value, penalty, melds' cards, cards left); -1 when nothing qualifies (``pack`` gave
    None); None when the reference must answer."""
    ext = _NATIVE.on
    if ext is None or UNPORTED or meldgen.GENERAL_ONLY:
        return None
    natural = -1
    if restriction is not None:
        card, role = restriction
        if card in hand:
            if role != NATURAL:
                return None  # the reference's general generator (L-66, O-6)
            natural = int(card)
    wild = wilds.wild
    joker_as = wilds.joker_as
    got: Answer | int | None = ext.arrange(
        hand,
        -1 if wild is None else wild,
        -1 if joker_as is None else joker_as,
        rules.wild_limit == "one",
        rules.max_meld_size or 0,
        rules.opening_values == "gulf",
        rules.ace_low_value,
        rules.ace_high_value,
        rules.penalty_values == "gulf",
        rules.ace_in_hand,
        keep,
        natural,
        -1 if must is None else must,
        opening,
    )
    return got


# The chosen melds' Meld objects by context (wild card, joker's natural card, ruleset, natural-
# role card), then by cards: ``melds.analyze``'s answers, found with one hash of the cards
# instead of hashing and comparing the Wilds and the Ruleset for every meld.
_MELDS: dict[object, dict[tuple[Card, ...], Meld]] = {}
_MELDS_KEPT = 100_000


def melds_of(
    cards: tuple[tuple[Card, ...], ...],
    wilds: Wilds,
    rules: Ruleset,
    restriction: tuple[Card, str] | None,
) -> tuple[Meld, ...]:
    """The chosen melds as ``Meld`` objects, analysed as ``meldgen._fast_group`` does (the
    natural-role taken card in its role)."""
    natural = restriction[0] if restriction is not None and restriction[1] == NATURAL else None
    ctx = (wilds.wild, wilds.joker_as, rules, natural)
    known = _MELDS.get(ctx)
    if known is None:
        if len(_MELDS) > 64:
            _MELDS.clear()
        known = _MELDS[ctx] = {}
    out = []
    for c in cards:
        meld = known.get(c)
        if meld is None:
            if natural is not None and natural in c:
                roles = tuple(NATURAL if x == natural else AUTO for x in c)
                meld = analyze(c, wilds, rules, roles)
            else:
                meld = analyze(c, wilds, rules)
            if len(known) >= _MELDS_KEPT:
                known.clear()
            known[c] = meld
        out.append(meld)
    return tuple(out)


def clear_cache() -> None:
    """Forget the remembered Meld objects (they never change an answer)."""
    _MELDS.clear()
