"""Every meld a hand can form, and the best-valued set of disjoint melds (pure meld utilities).

``candidate_melds`` lists each distinct valid new meld (as card tuples, runs ascending) that
can be laid from a hand; ``best_melds_value`` finds the largest opening count of disjoint
melds from a hand. Both are exact, and shared by the turn engine and the solver.
"""

from __future__ import annotations

from collections.abc import Callable
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

# How many answers each cache below keeps: the engine asks again within a turn, and every
# entry kept is walked by each full garbage collection (larger caches made random play slower).
_KEPT = 4096

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


def sorted_hand_melds(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction = None
) -> tuple[Meld, ...]:
    """``candidate_melds`` of a hand given sorted, as a (shared, immutable) tuple."""
    return _candidates(hand, wilds, rules, restriction)


# Recent candidate lists by (wilds, rules, binding restriction), newest last, each with its
# hand's packed card counts and each meld's (the int kernel): the melds of a smaller hand are
# exactly the melds of a larger hand whose cards it holds, in the same order (the generators
# below emit each meld at a place that depends only on its own cards), so they are filtered,
# not rebuilt.
_PARENTS: dict[object, list[tuple[int, tuple[Meld, ...], list[int] | None]]] = {}
_PARENTS_KEPT = 8


@lru_cache(maxsize=4096)
def _candidates(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction
) -> tuple[Meld, ...]:
    copies = hand.count(restriction[0]) if restriction is not None else 0
    if not copies:
        restriction = None  # (the taken copy is no longer in the hand)
    if GENERAL_ONLY or (restriction is not None and (restriction[1] != NATURAL or copies > 1)):
        return _generate(_counts(hand), wilds, rules, restriction)
    key = (wilds, rules, restriction)
    parents = _PARENTS.get(key)
    if parents is None:
        parents = _PARENTS[key] = []
        if len(_PARENTS) > 64:
            _PARENTS.clear()
            _PARENTS[key] = parents
    have = kernel.packed(hand)
    guard = kernel.GUARD
    for j in range(len(parents) - 1, -1, -1):
        parent_g, pmelds, pneeds = parents[j]
        if (parent_g - have) & guard == guard:  # the parent holds this hand
            if pneeds is None:
                pneeds = [kernel.need_of(m.cards)[0] for m in pmelds]
            del parents[j]
            parents.append((parent_g, pmelds, pneeds))
            return tuple(pmelds[i] for i in kernel.fitting(have, pneeds))
    result = _fast_hand(hand, wilds, rules, restriction)
    parents.append((have | guard, result, None))  # (its melds' counts: at the first use)
    if len(parents) > _PARENTS_KEPT:
        del parents[0]
    return result


def _counts(hand: tuple[Card, ...]) -> list[int]:
    """How many copies of each card code (0..52) the hand holds."""
    counts = [0] * 53
    for c in hand:
        counts[c] += 1
    return counts


def _played_as(
    code: int, mask: int, joker_as: Card | None, natural_card: Card | None
) -> list[Card]:
    """The cards of a hand that play as natural card ``code`` (0..51): its own card (a bit of
    ``mask``: held, and not the wild card), a joker (held, playing as ``joker_as``), and the
    restricted taken card playing as its natural self (``natural_card``)."""
    out = [ALL_CARDS[code]] if mask >> code & 1 else []
    if code == joker_as:
        out.append(JOKER)
    if code == natural_card:
        out.append(ALL_CARDS[code])
    return out


def _fast_hand(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction
) -> tuple[Meld, ...]:
    """``_generate`` for a hand with no restriction, or one copy of a taken wild card that
    plays only as its natural card (L-66): the fast generator when it applies, read from the
    hand without counting every card code."""
    wild = wilds.wild
    natural_card = restriction[0] if restriction is not None else None
    mask = n_wild = 0
    joker = False
    skipped = natural_card is None
    for c in hand:
        if not skipped and c == natural_card:
            skipped = True  # the restricted copy plays by its role
        elif c == wild:
            n_wild += 1
        elif c < 52:
            mask |= 1 << c
        else:
            joker = True
    if natural_card is not None and n_wild:
        return _generate(_counts(hand), wilds, rules, restriction)
    return _fast_candidates(
        ALL_CARDS[wild] if wild is not None and n_wild else None,
        n_wild,
        wilds,
        rules,
        natural_card,
        mask,
        joker and wilds.joker_as is not None,
    )


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
    mask = 0  # a bit per natural card held (the wild card apart)
    for code in range(52):
        if counts[code] and code != wild:
            mask |= 1 << code
    joker = wilds.joker_as is not None and counts[JOKER] > 0
    # providers[natural code] -> physical cards in hand that play as that natural card
    joker_as = wilds.joker_as if joker else None
    natural_card = r_card if r_role == NATURAL else None
    providers = [_played_as(code, mask, joker_as, natural_card) for code in range(52)]
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
            ALL_CARDS[wild] if wild is not None and n_wild else None,
            n_wild,
            wilds,
            rules,
            natural_card,
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


@lru_cache(maxsize=_KEPT)
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


@lru_cache(maxsize=_KEPT)
def in_melds(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset, restriction: Restriction = None
) -> frozenset[Card]:
    """The cards of ``hand`` (sorted) that some meld of ``candidate_melds`` holds."""
    return frozenset(c for m in _candidates(hand, wilds, rules, restriction) for c in m.cards)


@lru_cache(maxsize=_KEPT)
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
# card), then by the group and its providers; beside them, in the same context, the meld (or
# None) that each card tuple tried reads as.
_GROUPS: dict[object, tuple[dict[int, tuple[Meld, ...]], dict[tuple[Card, ...], Meld | None]]] = {}
_RANK_BITS = [0] + [sum(1 << (s * 13 + rank - 1) for s in range(4)) for rank in range(1, 14)]


# The clusters of a suit's ranks held (13 bits, the ace at 0) for a wild-card cap: see
# ``_clusters``. Filled as met (at most 3 x 8,192 entries).
_CLUSTERS: dict[int, tuple[tuple[int, int], ...]] = {}  # by ranks * 4 + cap


def _clusters(ranks: int, cap: int) -> tuple[tuple[int, int], ...]:
    """Where a suit's runs can lie: the first and last position (rank - 1, the ace high at 13)
    of each cluster of the ranks held that can hold a run.

    A run holds at least two natural positions (L-23, G-5: at most one wild card in three, two
    in more) and at most ``cap`` wild cards, so two of its naturals in a row are at most
    ``cap + 1`` ranks apart (without a wild card, it is three naturals in a row). Cut the ranks
    where two naturals are further apart: every run's naturals lie in one cluster, a cluster's
    runs start after those of the clusters below it, and a cluster of one natural (or, without
    a wild card, fewer than three) holds none.
    """
    ranks |= (ranks & 1) << 13  # the ace high too
    span = cap + 1
    out: list[tuple[int, int]] = []
    lo = prev = -span - 1
    count = 0
    while True:
        pos = (ranks & -ranks).bit_length() - 1  # the next natural's position, -1 at the end
        if pos < 0 or pos - prev > span:
            if count >= (3 if cap == 0 else 2):
                out.append((lo, prev))
            if pos < 0:
                return tuple(out)
            lo, count = pos, 0
        prev = pos
        count += 1
        ranks &= ranks - 1


def _fast_candidates(
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
    a bit per natural card code whose own card the hand holds (the wild card and the restricted
    copy apart), ``joker`` tells whether a joker plays as ``wilds.joker_as``: with the context
    (``natural_card`` is the restricted copy playing as itself), they fix the cards that play
    as each natural card, and so every group.
    """
    joker_as = wilds.joker_as if joker else None

    def at(code: int) -> list[Card]:
        return _played_as(code, mask, joker_as, natural_card)

    cap = min(n_wild, 1 if rules.wild_limit == "one" else 2)
    ctx = (wilds, rules, wild, cap, natural_card)
    known = _GROUPS.get(ctx)
    if known is None or len(known[0]) > 50_000:
        if len(_GROUPS) > 64:
            _GROUPS.clear()
        known = _GROUPS[ctx] = ({}, {})
    groups, analyzed = known
    result: list[Meld] = []
    joker_suit = joker_rank = -1
    # a bit per natural card some card of the hand plays as (the wild card's tokens apart)
    present = mask
    if natural_card is not None:
        present |= 1 << natural_card
    if joker and wilds.joker_as is not None:
        joker_suit, joker_rank = wilds.joker_as.suit, wilds.joker_as.rank
        present |= 1 << wilds.joker_as
    for suit in range(4):
        ranks = present >> (13 * suit) & 0x1FFF
        clusters = _CLUSTERS.get(ranks << 2 | cap)
        if clusters is None:
            clusters = _CLUSTERS[ranks << 2 | cap] = _clusters(ranks, cap)
        if not clusters:
            continue
        own = mask >> (13 * suit) & 0x1FFF
        own |= (own & 1) << 13  # the ace high too
        jokered = suit == joker_suit
        for lo, hi in clusters:
            # (suit, first and last position, the own cards between them, the joker): one int
            key = ((((own >> lo & ((2 << (hi - lo)) - 1)) << 4 | lo) << 4 | hi) << 3 | suit << 1
                   | jokered)
            got = groups.get(key)
            if got is None:
                got = groups[key] = _fast_group(
                    at, wild, cap, wilds, rules, natural_card, suit, analyzed, lo, hi
                )
            result.extend(got)
    # A set needs three cards of different suits (L-12), the wild ones among them: the ranks
    # held in 3 - cap suits or more (a bit per rank, the ace at 0).
    s0, s1, s2, s3 = (present >> (13 * s) & 0x1FFF for s in range(4))
    if cap == 0:
        set_ranks = s0 & s1 & (s2 | s3) | (s0 | s1) & s2 & s3
    elif cap == 1:
        set_ranks = (s0 | s1) & (s2 | s3) | s0 & s1 | s2 & s3
    else:
        set_ranks = s0 | s1 | s2 | s3
    while set_ranks:
        rank = (set_ranks & -set_ranks).bit_length()
        set_ranks &= set_ranks - 1
        # (the rank, its own cards, the joker): one int, negative apart from the runs' keys
        key = -(((mask & _RANK_BITS[rank]) << 5 | rank << 1) | (rank == joker_rank))
        got = groups.get(key)
        if got is None:
            got = groups[key] = _fast_group(
                at, wild, cap, wilds, rules, natural_card, 4 + rank, analyzed
            )
        result.extend(got)
    return tuple(result)


def _fast_group(
    at: Callable[[int], list[Card]],
    wild: Card | None,
    cap: int,
    wilds: Wilds,
    rules: Ruleset,
    natural_card: Card | None,
    group: int,
    analyzed: dict[tuple[Card, ...], Meld | None],
    lo: int = 0,
    hi: int = 13,
) -> tuple[Meld, ...]:
    """One group of ``_fast_candidates``: the runs of suit ``group`` (0-3) whose natural cards
    lie between positions ``lo`` and ``hi`` (rank - 1, the ace high at 13), or the sets of
    rank ``group - 4`` (5-17). ``analyzed`` remembers each card tuple's reading in this
    context."""
    seen: set[tuple[Card, ...]] = set()
    result: list[Meld] = []

    def emit(cards: tuple[Card, ...]) -> None:
        if cards in seen:
            return
        seen.add(cards)
        if cards in analyzed:
            meld = analyzed[cards]
        else:
            roles = None
            if natural_card is not None and natural_card in cards:
                roles = tuple(NATURAL if c == natural_card else AUTO for c in cards)
            try:
                meld = analyze(cards, wilds, rules, roles)
            except ValueError:
                meld = None
            analyzed[cards] = meld
        if meld is not None:
            result.append(meld)

    if group < 4:
        suit = group
        prov: list[list[Card]] = [[]] + [
            at(suit * 13 + (r - 1) % 13) if lo <= r - 1 <= hi else [] for r in range(1, 15)
        ]
        most = [_max_wilds(rules, size) for size in range(14)]  # wild cards a run may hold
        for start in range(1, 13):
            if not any(prov[start : start + cap + 1]):
                continue  # its first natural card comes after more wild cards than allowed
            stack: list[tuple[int, tuple[Card, ...], int, int]] = [(start, (), 0, 0)]
            while stack:
                r, cards, w, nats = stack.pop()
                size = r - start
                if size >= 3 and nats and w <= most[size]:
                    emit(cards)
                if r > 14 or size >= 13:
                    continue
                for p in prov[r]:
                    stack.append((r + 1, (*cards, p), w, nats + 1))
                if w < cap and wild is not None:
                    stack.append((r + 1, (*cards, wild), w + 1, nats))
        return tuple(result)
    rank = group - 4
    per_suit = [at(s * 13 + rank - 1) for s in range(4)]
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
