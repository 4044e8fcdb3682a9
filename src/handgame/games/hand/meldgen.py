"""Every meld a hand can form, and the best-valued set of disjoint melds (pure meld utilities).

``candidate_melds`` lists each distinct valid new meld (as card tuples, runs ascending) that
can be laid from a hand; ``best_melds_value`` finds the largest opening count of disjoint
melds from a hand. Both are exact, and shared by the turn engine and the solver.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from handgame.core import kernel
from handgame.core.cards import ALL_CARDS, JOKER, Card
from handgame.core.packing import best_packing
from handgame.games.hand.melds import ACE_ONLY, AUTO, NATURAL, Meld, analyze
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.values import opening_value
from handgame.games.hand.wilds import Wilds

# A restriction on one taken wild card (L-66, O-6): (card, role) with role NATURAL (plays only
# as its own natural card), ACE_ONLY (wild standing only for an ace) or "aces-set".
Restriction = tuple[Card, str] | None

# Tests set this to check the fast generator against the general one.
GENERAL_ONLY = False


def _max_wilds(rules: Ruleset, size: int) -> int:
    if rules.wild_limit == "one":
        return 1
    return min(1 if size <= 3 else 2, size - 1)


def role_choices(
    cards: tuple[Card, ...], restriction: Restriction, hand_count: int
) -> list[tuple[tuple[str, ...], bool]]:
    """The readings to try for a meld's cards while a taken wild is restricted (L-66), each
    with whether it lays the taken copy itself.

    The taken physical card stays restricted even when the hand holds an identical card: a
    copy laid in the restricted role is (at the player's best) the taken one; a copy laid as
    an ordinary wild must be another copy of the hand, so it needs ``hand_count`` to exceed
    the copies laid in that role.
    """
    auto = (AUTO,) * len(cards)
    if restriction is None:
        return [(auto, True)]
    card, role = restriction
    if card not in cards or role not in (NATURAL, ACE_ONLY):
        return [(auto, False)]
    out: list[tuple[tuple[str, ...], bool]] = []
    for i, c in enumerate(cards):
        if c == card:
            out.append(((*auto[:i], role, *auto[i + 1 :]), True))
    if cards.count(card) < hand_count:
        out.append((auto, False))
    return out


def candidate_melds(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction = None
) -> list[Meld]:
    """Every distinct valid meld that the cards of ``hand`` can form (L-11, L-12, L-23, G-5)."""
    return list(_candidates(tuple(sorted(hand)), wilds, rules, restriction))


# Recent candidate lists by (wilds, rules, binding restriction), newest last, each with its
# hand's packed card counts and each meld's (the int kernel): the melds of a smaller hand are
# exactly the melds of a larger hand whose cards it holds, in the same order (the generators
# below emit each meld at a place that depends only on its own cards), so they are filtered,
# not rebuilt.
_PARENTS: dict[object, list[tuple[int, tuple[Meld, ...], list[int]]]] = {}
_PARENTS_KEPT = 8


@lru_cache(maxsize=4096)
def _candidates(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction
) -> tuple[Meld, ...]:
    counts = [0] * 53
    for c in hand:
        counts[c] += 1
    if restriction is not None and counts[restriction[0]] == 0:
        restriction = None  # the taken copy is no longer in the hand
    if GENERAL_ONLY or (
        restriction is not None
        and (restriction[1] != NATURAL or counts[restriction[0]] > 1)
    ):
        return _generate(counts, wilds, rules, restriction)
    key = (wilds, rules, restriction)
    parents = _PARENTS.get(key)
    if parents is None:
        parents = _PARENTS[key] = []
        if len(_PARENTS) > 64:
            _PARENTS.clear()
            _PARENTS[key] = parents
    have = kernel.packed(hand)
    for j in range(len(parents) - 1, -1, -1):
        parent_have, pmelds, pneeds = parents[j]
        if kernel.holds(parent_have, have):
            if j != len(parents) - 1:
                parents.append(parents.pop(j))
            return tuple(pmelds[i] for i in kernel.fitting(have, pneeds))
    result = _generate(counts, wilds, rules, restriction)
    parents.append((have, result, [kernel.need_of(m.cards)[0] for m in result]))
    if len(parents) > _PARENTS_KEPT:
        del parents[0]
    return result


def _generate(
    counts: list[int], wilds: Wilds, rules: Ruleset, restriction: Restriction
) -> tuple[Meld, ...]:
    counts = list(counts)
    # the restricted copy, if it binds, is taken out of the pools and handled by its role
    r_card: Card | None = None
    r_role = ""
    if restriction is not None and counts[restriction[0]] >= 1:
        r_card, r_role = restriction
        counts[r_card] -= 1
    wild = wilds.wild
    n_wild = counts[wild] if wild is not None else 0
    # providers[natural code] -> physical cards in hand that play as that natural card
    providers: list[list[Card]] = [[] for _ in range(52)]
    mask = 0  # a bit per natural card held (the wild card apart)
    for code in range(52):
        if counts[code] and code != wild:
            providers[code].append(ALL_CARDS[code])
            mask |= 1 << code
    joker = wilds.joker_as is not None and counts[JOKER] > 0
    if joker:
        providers[wilds.joker_as].append(JOKER)  # type: ignore[index]
    if r_card is not None and r_role == NATURAL:
        providers[r_card].append(r_card)
    # wild tokens: (card, kind) kind "" = any, "ace" = ace positions only, "aces-set"
    tokens: list[tuple[Card, str]] = []
    if wild is not None and n_wild:
        tokens.append((ALL_CARDS[wild], ""))
    if r_card is not None and r_role in (ACE_ONLY, "aces-set"):
        tokens.append((r_card, "ace" if r_role == ACE_ONLY else "aces-set"))

    def token_options(slot_rank: int, is_set: bool, used: dict[int, int]) -> list[int]:
        out = []
        for t, (_card, kind) in enumerate(tokens):
            avail = n_wild if kind == "" else 1
            if used.get(t, 0) >= avail:
                continue
            if kind == "ace" and slot_rank not in (1, 14):
                continue
            if kind == "aces-set" and not (is_set and slot_rank == 1):
                continue
            out.append(t)
        return out

    seen: set[tuple[Card, ...]] = set()
    result: list[Meld] = []
    if not GENERAL_ONLY and not (r_card is not None and (r_role != NATURAL or n_wild)):
        return _fast_candidates(
            providers,
            ALL_CARDS[wild] if wild is not None and n_wild else None,
            n_wild,
            wilds,
            rules,
            (r_card if r_role == NATURAL else None),
            mask,
            joker,
        )

    def emit(cards: tuple[Card, ...], roles: tuple[str, ...]) -> None:
        key = cards
        if key in seen:
            return
        try:
            meld = analyze(cards, wilds, rules, roles)
        except ValueError:
            return
        seen.add(key)
        result.append(meld)

    def role_of(card: Card, token_kind: str | None) -> str:
        if token_kind is None:  # natural provider
            if r_card is not None and card == r_card and r_role == NATURAL:
                return NATURAL
            return AUTO
        if token_kind == "ace":
            return ACE_ONLY
        return AUTO

    # runs
    for suit in range(4):
        for start in range(1, 13):
            # depth-first over positions start.., choosing a natural provider or a wild token
            stack: list[tuple[int, tuple[Card, ...], tuple[str, ...], dict[int, int], int]] = [
                (start, (), (), {}, 0)
            ]
            while stack:
                rank, cards, roles, used, nats = stack.pop()
                size = len(cards)
                if size >= 3 and nats >= 1 and sum(used.values()) <= _max_wilds(rules, size):
                    emit(cards, roles)
                if rank > 14 or size >= 13:
                    continue
                code = Card.of(rank, suit)
                for p in providers[code]:
                    stack.append(
                        (rank + 1, (*cards, p), (*roles, role_of(p, None)), used, nats + 1)
                    )
                n_used = sum(used.values())
                if n_used < 2 and n_used < _max_wilds(rules, 13):
                    for t in token_options(rank, False, used):
                        u = dict(used)
                        u[t] = u.get(t, 0) + 1
                        card, kind = tokens[t]
                        stack.append(
                            (rank + 1, (*cards, card), (*roles, role_of(card, kind)), u, nats)
                        )
    # sets
    for rank in range(1, 14):
        per_suit = [providers[Card.of(rank, s)] for s in range(4)]
        suits = [s for s in range(4) if per_suit[s]]
        for mask in range(1, 16):
            chosen = [s for s in range(4) if mask >> s & 1]
            if any(s not in suits for s in chosen):
                continue
            k = len(chosen)
            # every combination of providers for the chosen suits
            combos: list[tuple[tuple[Card, ...], tuple[str, ...]]] = [((), ())]
            for s in chosen:
                combos = [
                    ((*cs, p), (*rs, role_of(p, None))) for cs, rs in combos for p in per_suit[s]
                ]
            for w in range(0, 5 - k):
                size = k + w
                if size < 3 or w > _max_wilds(rules, size):
                    continue
                # choose w wild tokens (with multiplicity)
                picks: list[tuple[tuple[Card, ...], tuple[str, ...], dict[int, int]]] = [
                    ((), (), {})
                ]
                for _ in range(w):
                    nxt = []
                    for cs, rs, used in picks:
                        for t in token_options(rank, True, used):
                            u = dict(used)
                            u[t] = u.get(t, 0) + 1
                            card, kind = tokens[t]
                            nxt.append(((*cs, card), (*rs, role_of(card, kind)), u))
                    picks = nxt
                for cs, rs in combos:
                    for wc, wr, _ in picks:
                        emit(cs + wc, rs + wr)
    return tuple(result)


@lru_cache(maxsize=32768)
def best_melds_value(
    hand: tuple[Card, ...],
    wilds: Wilds,
    rules: Ruleset,
    keep: int = 1,
    restriction: Restriction = None,
    must_include: Card | None = None,
) -> int:
    """The largest opening count of disjoint melds laid from ``hand`` keeping ``keep`` cards.

    With ``must_include``, one of the melds must hold that card. Returns -1 when no choice
    meets the conditions (0 melds, worth 0, is a valid choice without ``must_include``).
    """
    if must_include is not None and must_include not in in_melds(
        tuple(sorted(hand)), wilds, rules, restriction
    ):
        return -1  # no meld holds that card
    melds = candidate_melds(hand, wilds, rules, restriction)
    values = [opening_value(m, rules) for m in melds]
    return best_packing(hand, melds, values, keep, must_include)


def meld_fits(
    hand: tuple[Card, ...],
    wilds: Wilds,
    rules: Ruleset,
    size: int,
    restriction: Restriction = None,
    must_include: Card | None = None,
) -> bool:
    """Whether some meld of ``candidate_melds`` has at most ``size`` cards (and holds
    ``must_include``): ``best_melds_value`` is then at least that meld's value, above 0."""
    for m in candidate_melds(hand, wilds, rules, restriction):
        if len(m.cards) <= size and (must_include is None or must_include in m.cards):
            return True
    return False


def value_bound(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction = None
) -> int:
    """An upper bound of ``best_melds_value``: each card found in some meld, at its top value."""
    return _value_bound(tuple(hand), wilds, rules, restriction)


@lru_cache(maxsize=32768)
def in_melds(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction = None
) -> frozenset[Card]:
    """The cards of ``hand`` (sorted) that some meld of ``candidate_melds`` holds."""
    return frozenset(c for m in candidate_melds(hand, wilds, rules, restriction) for c in m.cards)


@lru_cache(maxsize=32768)
def _value_bound(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction
) -> int:
    covered = in_melds(tuple(sorted(hand)), wilds, rules, restriction)
    top = 25 if rules.opening_values == "gulf" else 11
    total = 0
    for c in hand:
        if c in covered:
            total += (
                top
                if (wilds.is_wild(c) or wilds.natural(c).rank in (0, 1))
                else min(10, wilds.natural(c).rank)
            )
    return total


# Melds of the fast generator by group (the runs of one suit, the sets of one rank): a group's
# melds depend only on the providers of its own cards, the wild card, how many wild cards a
# meld may take from the hand and the restricted card, so from one hand to the next (a card
# drawn, a card laid) most groups are unchanged. Keyed by (wilds, rules, wild, cap, natural
# card), then by the group and its providers.
_GROUPS: dict[object, dict[object, tuple[Meld, ...]]] = {}
_RANK_BITS = [0] + [sum(1 << (s * 13 + rank - 1) for s in range(4)) for rank in range(1, 14)]


def _fast_candidates(
    providers: list[list[Card]],
    wild: Card | None,
    n_wild: int,
    wilds: Wilds,
    rules: Ruleset,
    natural_card: Card | None,
    mask: int,
    joker: bool,
) -> tuple[Meld, ...]:
    """Candidate melds when every wild card in hand is an ordinary wild (the common case).

    The runs of each suit, then the sets of each rank; no meld is in two groups. ``mask`` has
    a bit per natural card code with its own card among ``providers``, ``joker`` tells whether
    the joker plays as ``wilds.joker_as``: with the context, they fix every group's providers.
    """
    cap = min(n_wild, 1 if rules.wild_limit == "one" else 2)
    ctx = (wilds, rules, wild, cap, natural_card)
    groups = _GROUPS.get(ctx)
    if groups is None or len(groups) > 50_000:
        if len(_GROUPS) > 64:
            _GROUPS.clear()
        groups = _GROUPS[ctx] = {}
    result: list[Meld] = []
    joker_suit = joker_rank = -1
    if joker and wilds.joker_as is not None:
        joker_suit, joker_rank = wilds.joker_as.suit, wilds.joker_as.rank
    for suit in range(4):
        key = (suit, mask >> (13 * suit) & 0x1FFF, suit == joker_suit)
        got = groups.get(key)
        if got is None:
            got = groups[key] = _fast_group(providers, wild, cap, wilds, rules, natural_card, suit)
        result.extend(got)
    for rank in range(1, 14):
        key = (4 + rank, mask & _RANK_BITS[rank], rank == joker_rank)
        got = groups.get(key)
        if got is None:
            got = groups[key] = _fast_group(
                providers, wild, cap, wilds, rules, natural_card, 4 + rank
            )
        result.extend(got)
    return tuple(result)


def _fast_group(
    providers: list[list[Card]],
    wild: Card | None,
    cap: int,
    wilds: Wilds,
    rules: Ruleset,
    natural_card: Card | None,
    group: int,
) -> tuple[Meld, ...]:
    """One group of ``_fast_candidates``: the runs of suit ``group`` (0-3), or the sets of rank
    ``group - 4`` (5-17)."""
    seen: set[tuple[Card, ...]] = set()
    result: list[Meld] = []

    def emit(cards: tuple[Card, ...]) -> None:
        if cards in seen:
            return
        seen.add(cards)
        roles = None
        if natural_card is not None and natural_card in cards:
            roles = tuple(NATURAL if c == natural_card else AUTO for c in cards)
        try:
            result.append(analyze(cards, wilds, rules, roles))
        except ValueError:
            pass

    if group < 4:
        suit = group
        prov: list[list[Card]] = [[]] + [providers[suit * 13 + (r - 1) % 13] for r in range(1, 15)]
        for start in range(1, 13):
            if not prov[start] and not cap:
                continue
            stack: list[tuple[int, tuple[Card, ...], int, int]] = [(start, (), 0, 0)]
            while stack:
                r, cards, w, nats = stack.pop()
                size = len(cards)
                if size >= 3 and nats and w <= _max_wilds(rules, size):
                    emit(cards)
                if r > 14 or size >= 13:
                    continue
                for p in prov[r]:
                    stack.append((r + 1, (*cards, p), w, nats + 1))
                if w < cap and wild is not None:
                    stack.append((r + 1, (*cards, wild), w + 1, nats))
        return tuple(result)
    rank = group - 4
    per_suit = [providers[s * 13 + rank - 1] for s in range(4)]
    avail = [s for s in range(4) if per_suit[s]]
    if len(avail) + cap < 3:
        return ()
    for k in range(1, len(avail) + 1):
        for chosen in combinations(avail, k):
            combos: list[tuple[Card, ...]] = [()]
            for s in chosen:
                combos = [(*c, p) for c in combos for p in per_suit[s]]
            for w in range(0, min(cap, 4 - k) + 1):
                if k + w < 3 or w > _max_wilds(rules, k + w):
                    continue
                assert wild is not None or w == 0
                extra = (wild,) * w if wild is not None else ()
                for c in combos:
                    emit(c + extra)
    return tuple(result)


def clear_caches() -> None:
    """Forget every remembered answer of this module (they never change an answer)."""
    _candidates.cache_clear()
    _value_bound.cache_clear()
    in_melds.cache_clear()
    best_melds_value.cache_clear()
    _PARENTS.clear()
    _GROUPS.clear()
