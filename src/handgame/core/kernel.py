"""The int meld kernel: cards as ints, card counts packed in one int, melds as packed counts.

A hand's card counts are one integer with 5 bits per card code (a count of 0 to 15 under a
guard bit), so "the hand holds this meld" is one subtraction that borrows from no guard bit,
and a meld is its packed counts (its *need*). ``pack`` finds the best set of disjoint melds by
an exact memoised recursion over the remaining cards. This module is the readable reference;
a native build of the same functions (``native/kernel.cpp``, C++ with pybind11, built by
``pip install .``; loaded by :mod:`handgame.core.extensions`) is used instead when present.
``HANDGAME_NATIVE=0`` forces this pure path, ``HANDGAME_NATIVE=1`` requires the native one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from handgame.core import extensions

GUARD = sum(16 << (5 * c) for c in range(53))  # the guard bit of every card code (0..52)
_ONES = sum(1 << (5 * c) for c in range(53))  # a count of one of every card code
#: a meld the packing may choose: (packed counts, value, holds the card that must be laid, index)
Entry = tuple[int, int, bool, int]
NO_CARD = -1

_NEEDS: dict[tuple[int, ...], tuple[int, int]] = {}


def packed(cards: Iterable[int]) -> int:
    """The card counts of ``cards`` packed in one int (5 bits per card code)."""
    v = 0
    for c in cards:
        v += 1 << (5 * c)
    return v


def need_of(cards: tuple[int, ...]) -> tuple[int, int]:
    """A meld's packed counts and its lowest card code (remembered by its cards)."""
    got = _NEEDS.get(cards)
    if got is None:
        need = packed(cards)
        got = (need, ((need & -need).bit_length() - 1) // 5)
        if len(_NEEDS) > 500_000:
            _NEEDS.clear()
        _NEEDS[cards] = got
    return got


def holds(have: int, need: int) -> bool:
    """Whether packed counts ``have`` hold packed counts ``need`` (each count at least)."""
    return ((have | GUARD) - need) & GUARD == GUARD


def fitting(have: int, needs: Sequence[int]) -> list[int]:
    """The indices of ``needs`` that ``have`` holds, in order."""
    g = have | GUARD
    return [i for i, need in enumerate(needs) if (g - need) & GUARD == GUARD]


def py_pack(
    hand: Sequence[int],
    melds: Sequence[tuple[int, ...]],
    values: Sequence[int],
    keep: int = 0,
    must: int = NO_CARD,
    choose: bool = True,
) -> tuple[int, tuple[int, ...]] | None:
    """The best total value of disjoint ``melds`` (card tuples) from ``hand``, and their indices.

    At least ``keep`` cards stay in hand; with ``must`` (a card code, else ``NO_CARD``) one
    chosen meld holds that card. Exact: a memoised recursion over the remaining cards,
    deciding the lowest card first (left in hand, or the lowest card of a meld holding it;
    among equal values the first meld in order wins). None when nothing qualifies; with
    ``choose=False`` the indices are not worked out (an empty tuple).
    """
    start = packed(hand)
    if must >= 0 and not (start >> (5 * must)) & 31:
        return None
    g_start = start | GUARD
    # The melds the hand holds, in order; of melds with the same cards, only the one the search
    # would choose (the highest value, then the first): the others leave the same cards, worth
    # less or as much, so they are never chosen.
    fits: dict[int, tuple[int, int, int, int]] = {}  # need -> (value, index, low, size)
    for index, cards in enumerate(melds):
        need, low = need_of(cards)
        if (g_start - need) & GUARD != GUARD:
            continue
        value = values[index]
        other = fits.get(need)
        if other is not None:
            if value <= other[0]:
                continue
            del fits[need]  # (inserted again below, at its own place in order)
        fits[need] = (value, index, low, len(cards))
    # by lowest card code: (need, value, holds must, index)
    by_low: list[list[Entry] | None] = [None] * 53
    lows: list[int] = []  # the codes with a group, as met
    covered = 1 << (5 * must) if must >= 0 else 0
    all_cards = 0
    must_met = must < 0
    for need, (value, index, low, size) in fits.items():
        covered |= need
        has_must = must >= 0 and (need >> (5 * must)) & 31 > 0
        group = by_low[low]
        if group is None:
            by_low[low] = [(need, value, has_must, index)]
            lows.append(low)
        else:
            group.append((need, value, has_must, index))
        all_cards += size
        must_met = must_met or has_must
    # Every meld the hand holds, all at once: when the hand holds them together but none twice,
    # each is worth something and enough cards are left, that is the one best choice (any other
    # leaves out a meld worth more than nothing), and the recursion below would pick them
    # lowest card first. (A meld the hand holds twice may be chosen twice: no shortcut then.)
    if must_met and len(hand) - all_cards >= keep:
        all_need = total = 0
        for need, (value, _, _, _) in fits.items():
            if value <= 0 or (g_start - 2 * need) & GUARD == GUARD:
                break
            all_need += need
            total += value
        else:
            if (g_start - all_need) & GUARD == GUARD:
                if not choose:
                    return total, ()
                lows.sort()
                return total, tuple(e[3] for low in lows for e in by_low[low] or ())
    # A card no meld holds is always left in hand: the search starts with those cards left
    # (kept counts them, saturating at keep as the recursion does) and decides the others.
    # A state's value depends on kept only through "kept reaches keep at the end", so the
    # values and the choices are those of the search over every card.
    held = ((covered | GUARD) - _ONES) & GUARD  # the guard bit of each card some meld holds
    rest0 = start & (held - (held >> 4))
    if keep <= 0 and must < 0:
        # the count field of every card code that starts a meld: a card below the lowest of
        # them starts none, and is left in hand
        starts = 0
        for low in lows:
            starts |= 15 << (5 * low)
            group = by_low[low]
            if group is not None and len(group) > 1:
                group.sort(key=_by_value)
        return _pack_free(rest0, by_low, starts, melds, choose)
    stripped = sum(1 for c in hand if not (held >> (5 * c + 4)) & 1)
    return _pack_kept(
        rest0, by_low, melds, min(stripped, keep) if stripped else 0, keep, must, choose
    )


def _by_value(entry: Entry) -> tuple[int, int]:
    """Highest value first, then the first in order."""
    return -entry[1], entry[3]


def _pack_free(
    rest0: int,
    by_low: list[list[Entry] | None],
    starts: int,
    melds: Sequence[tuple[int, ...]],
    choose: bool,
) -> tuple[int, tuple[int, ...]]:
    """``py_pack`` with nothing to keep and no card that must be laid: a state is its cards.
    Each group of ``by_low`` comes sorted by ``_by_value``; ``starts`` has the count field of
    every card code with a group.

    Laying a meld that holds the lowest card leaves a part of the cards that leaving that card
    in hand leaves, and a smaller hand packs no better (its melds fit the larger one): so a
    meld is worth at most its value plus the value of leaving the card. The melds holding the
    lowest card are tried highest value first, and once that bound cannot beat (or, for a
    later meld in order, equal) the best found, the rest are not tried: the value and the
    choice are those of trying them all in order.
    """
    memo: dict[int, int] = {0: 0}  # by cards left, before and after the lone cards go
    picked: dict[int, int] = {}

    def solve(entry: int) -> int:
        x = entry & starts
        if not x:
            memo[entry] = 0
            return 0
        low = x & -x
        rest = entry - (entry & (low - 1))  # the cards below it are left in hand
        got = memo.get(rest)
        if got is not None:
            memo[entry] = got
            return got
        first = (low.bit_length() - 1) // 5
        group = by_low[first]
        assert group is not None
        after = rest - (1 << (5 * first))
        skip = memo.get(after)
        if skip is None:
            skip = solve(after)  # noqa: F821 (deleted once solved)
        best, choice = skip, -1  # leaving the card comes first in order: it wins a tie
        g = rest | GUARD
        for need, v, _, index in group:
            if (g - need) & GUARD == GUARD:
                top = v + skip
                if top < best or (top == best and (choice < 0 or index > choice)):
                    break  # nor can any later one (values only fall, indices rise)
                after = rest - need
                got = memo.get(after)
                if got is None:
                    got = solve(after)  # noqa: F821 (deleted once solved)
                got += v
                if got > best or (got == best and 0 <= index < choice):
                    best, choice = got, index
        memo[rest] = memo[entry] = best
        picked[rest] = choice
        return best

    best = memo[rest0] if rest0 in memo else solve(rest0)
    del solve  # the closure holds itself: freed now, not by the collector
    if not choose:
        return best, ()
    chosen: list[int] = []
    rest = rest0
    while rest:
        first = ((rest & -rest).bit_length() - 1) // 5
        choice = picked[rest] if by_low[first] else -1
        if choice < 0:
            rest -= 1 << (5 * first)
        else:
            chosen.append(choice)
            rest -= need_of(melds[choice])[0]
    return best, tuple(chosen)


def _pack_kept(
    rest0: int,
    by_low: list[list[Entry] | None],
    melds: Sequence[tuple[int, ...]],
    kept0: int,
    keep: int,
    must: int,
    choose: bool,
) -> tuple[int, tuple[int, ...]] | None:
    """``py_pack`` in general: a state is its cards, the cards kept so far (saturating at
    ``keep``) and whether the card ``must`` is still to be laid."""
    memo: dict[int, int] = {}
    picked: dict[int, int] = {}
    neg = -(10**12)
    # kept runs between 0 and keep: (rest, kept, need_must) packed in one integer
    low0 = min(0, keep)
    width = abs(keep) + 1

    def solve(rest: int, need_must: bool, kept: int) -> int:
        while True:
            if not rest:
                return 0 if (not need_must and kept >= keep) else neg
            first = ((rest & -rest).bit_length() - 1) // 5
            group = by_low[first]
            if group:
                break
            # the lowest card starts no meld: it is left in hand, its only choice (no state
            # is kept for it; the reconstruction below walks past it alike)
            if need_must and first == must and (rest >> (5 * first)) & 15 == 1:
                return neg
            rest -= 1 << (5 * first)
            kept = min(kept + 1, keep)
        key = ((rest * width + kept - low0) << 1) | need_must
        got = memo.get(key)
        if got is not None:
            return got
        best, choice = neg, -1
        one = 1 << (5 * first)
        if not (need_must and first == must and (rest >> (5 * first)) & 15 == 1):
            best = solve(rest - one, need_must, min(kept + 1, keep))  # noqa: F821 (deleted once solved)
        g = rest | GUARD
        for need, v, has_must, index in group or ():
            if (g - need) & GUARD == GUARD:
                got_v = v + solve(rest - need, need_must and not has_must, kept)  # noqa: F821 (deleted once solved)
                if got_v > best:
                    best, choice = got_v, index
        memo[key] = best
        if choose:
            picked[key] = choice
        return best

    best = solve(rest0, must >= 0, kept0)
    del solve  # the closure holds itself: freed now, not by the collector
    if best < 0:
        return None
    if not choose:
        return best, ()
    chosen: list[int] = []
    rest, need_must, kept = rest0, must >= 0, kept0
    while rest:
        first = ((rest & -rest).bit_length() - 1) // 5
        key = ((rest * width + kept - low0) << 1) | need_must
        choice = picked[key] if by_low[first] else -1
        if choice < 0:
            rest -= 1 << (5 * first)
            kept = min(kept + 1, keep)
            continue
        chosen.append(choice)
        need = need_of(melds[choice])[0]
        rest -= need
        need_must = need_must and not (must >= 0 and (need >> (5 * must)) & 31 > 0)
    return best, tuple(chosen)


_NATIVE = extensions.extension("handgame.core._kernel_native")
_native_pack: Any = _NATIVE.on.pack if _NATIVE.on is not None else None


def native_available() -> bool:
    """Whether the native kernel is built and loaded (whatever path is in use)."""
    return _NATIVE.available()


def use_native(on: bool) -> bool:
    """Switch between the native and the pure path (tests); returns the previous setting."""
    global _native_pack
    before = _NATIVE.use(on)
    _native_pack = _NATIVE.on.pack if _NATIVE.on is not None else None
    return before


def path() -> str:
    """``native`` or ``python``: the path ``pack`` takes now."""
    return _NATIVE.path()


def pack(
    hand: Sequence[int],
    melds: Sequence[tuple[int, ...]],
    values: Sequence[int],
    keep: int = 0,
    must: int = NO_CARD,
    choose: bool = True,
) -> tuple[int, tuple[int, ...]] | None:
    """``py_pack``, computed natively when the native kernel is in use (same answers)."""
    if _native_pack is not None:
        got: Any = _native_pack(hand, melds, values, keep, must, choose)
        if got is not NotImplemented:  # beyond the native limits: the reference path
            answer: tuple[int, tuple[int, ...]] | None = got
            return answer
    return py_pack(hand, melds, values, keep, must, choose)
