"""Melds: runs and sets, with wild cards, checked under a ruleset (L-10…L-13, L-23, G-5, L-40).

Pure functions over cards; no game state. A run is listed in ascending order, which fixes what
each wild card stands for (L-13, L-31). ``analyze`` validates a meld; ``add_card`` and ``swap``
give the meld after a lay-off or a wild-card replacement.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from handgame.core.cards import SUITS, Card
from handgame.core.errors import MeldError, Reason
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.wilds import Wilds

RUN = "run"
SET = "set"

# Roles a position may be forced into (used for table melds and the L-66 taken wild).
AUTO = "auto"  # wild if the card is wild this round, else its natural card
NATURAL = "natural"  # a wild card playing only as its own natural card (L-66 wild ace)
WILD = "wild"  # acts as a wild card
ACE_ONLY = "ace"  # a wild card that may stand only for an ace (L-66 joker)


@dataclass(frozen=True)
class Meld:
    """A valid meld: its cards as laid, its kind and which positions act as wild cards."""

    cards: tuple[Card, ...]
    kind: str
    suit: int  # run: its suit; set: -1
    rank: int  # set: its rank; run: 0
    start: int  # run: rank of its first position (1..12, ace low = 1); set: 0
    wild_at: tuple[int, ...] = ()
    ace_only_at: tuple[int, ...] = ()
    naturals: tuple[Card | None, ...] = ()  # the natural card each position plays as

    @property
    def end(self) -> int:
        """Run: rank of its last position (14 = ace high)."""
        return self.start + len(self.cards) - 1

    def position_rank(self, i: int) -> int:
        """The rank that position i plays as (1..14 in runs, 14 = ace high)."""
        return self.start + i if self.kind == RUN else self.rank

    def stands_for(self, i: int) -> Card | None:
        """The natural card position i plays as; None for a wild in a set (any missing suit)."""
        return self.naturals[i]

    def __hash__(self) -> int:
        # equal melds have equal cards and wild positions; ints hash alike in every process.
        # Kept once computed: melds (and the tables holding them) key many caches.
        got: int | None = self.__dict__.get("_hash")
        if got is None:
            got = hash((self.cards, self.wild_at, self.ace_only_at))
            object.__setattr__(self, "_hash", got)
        return got

    @cached_property
    def card_bits(self) -> int:
        """A bit per card code among its cards (which kinds of card it holds)."""
        bits = 0
        for c in self.cards:
            bits |= 1 << c
        return bits

    @cached_property
    def as_ints(self) -> tuple[int, int, int, int, int, int, int, int]:
        """The meld as the native code reads it (``native/legal.cpp`` TableMeld): run (1) or
        set (0), suit, rank, start, size, wild positions, a bit per suit of its natural cards
        (sets), and a bit per card code its wild positions stand for (runs)."""
        run = self.kind == RUN
        suits = 0
        for c in self.naturals:
            if c is not None and not run:
                suits |= 1 << c.suit
        stands_for = 0
        if run:
            for i in self.wild_at:
                sf = self.naturals[i]
                if sf is not None:
                    stands_for |= 1 << sf
        return (
            1 if run else 0,
            self.suit,
            self.rank,
            self.start,
            len(self.cards),
            len(self.wild_at),
            suits,
            stands_for,
        )

    @cached_property
    def as_play_ints(self) -> tuple[int, ...]:
        """The meld as the native turn search reads it (``native/play_melds.hpp`` PlayMeld):
        run (1) or set (0), suit, rank, start, a bit per suit of its natural cards (sets),
        its cards, then each position's role (1 natural, 2 wild, 3 ace-only)."""
        ints = self.as_ints
        roles = tuple(
            3 if i in self.ace_only_at else 2 if i in self.wild_at else 1
            for i in range(len(self.cards))
        )
        return (*ints[:4], ints[6], *self.cards, *roles)

    @cached_property
    def natural_suits(self) -> frozenset[int]:
        """Set: the suits held by its natural cards."""
        return frozenset(c.suit for c in self.naturals if c is not None)

    def roles(self) -> tuple[str, ...]:
        """The forced role of each position: wild, ace-only wild, or natural."""
        return tuple(
            ACE_ONLY if i in self.ace_only_at else WILD if i in self.wild_at else NATURAL
            for i in range(len(self.cards))
        )

    def describe(self) -> str:
        """Cards with what each wild card stands for, e.g. ``7D AC(8D) 9D``."""
        parts = []
        for i, c in enumerate(self.cards):
            if i in self.wild_at:
                sf = self.stands_for(i)
                if sf is not None:
                    parts.append(f"{c}({sf})")
                else:
                    rank = "A23456789TJQK"[self.rank - 1]
                    parts.append(f"{c}({rank}{''.join(self.missing_suits())})")
            else:
                parts.append(str(c))
        return " ".join(parts)

    def missing_suits(self) -> str:
        """Set: the suit letters its natural cards do not cover."""
        return "".join(s for s in SUITS if SUITS.index(s) not in self.natural_suits)

    def wild_count(self) -> int:
        """How many positions act as wild cards."""
        return len(self.wild_at)

    def is_pair_plus_wild(self) -> bool:
        """A set of two equal natural cards and one wild (L-44)."""
        return self.kind == SET and len(self.cards) == 3 and len(self.wild_at) == 1


def _wild_limit_ok(rules: Ruleset, size: int, wilds: int) -> bool:
    if rules.wild_limit == "one":
        return wilds <= 1
    if wilds >= size:
        return False
    return wilds <= (1 if size <= 3 else 2)


def wild_limit_text(rules: Ruleset) -> str:
    """The wild limit in words, with its rule id."""
    if rules.wild_limit == "one":
        return Reason("a meld holds at most one wild card (L-23)", "L-23")
    return Reason(
        "at most one wild card in a three-card meld and two in a longer one, never all wild (G-5)",
        "G-5",
    )


# Answers of ``analyze`` (a meld, or the message of its MeldError) by its arguments: the
# engine checks the same few melds over and over while it enumerates and searches a turn.
_ANALYZED: dict[object, Meld | str] = {}


def analyze(
    cards: tuple[Card, ...] | list[Card],
    wilds: Wilds,
    rules: Ruleset,
    roles: tuple[str, ...] | None = None,
) -> Meld:
    """Check a meld as laid; return it or raise :class:`MeldError` naming the rule broken."""
    cards = tuple(cards)
    key = (cards, wilds, rules, None if roles is None else tuple(roles))
    got = _ANALYZED.get(key)
    if got is None:
        try:
            got = _analyze(cards, wilds, rules, roles)
        except MeldError as e:
            got = Reason(str(e), *e.rules)
        if len(_ANALYZED) >= 200_000:
            _ANALYZED.clear()
        _ANALYZED[key] = got
    if isinstance(got, str):
        raise MeldError(got)
    return got


def _analyze(
    cards: tuple[Card, ...],
    wilds: Wilds,
    rules: Ruleset,
    roles: tuple[str, ...] | None = None,
) -> Meld:
    n = len(cards)
    if n < 3:
        raise MeldError("a meld needs at least 3 cards (L-11, L-12)", rules=("L-11", "L-12"))
    if rules.max_meld_size is not None and n > rules.max_meld_size:
        raise MeldError(f"a meld holds at most {rules.max_meld_size} cards (option max_meld_size)")
    wild_at: list[int] = []
    ace_only: list[int] = []
    naturals: list[tuple[int, Card]] = []
    for i, c in enumerate(cards):
        role = roles[i] if roles is not None else AUTO
        if role == AUTO:
            role = WILD if wilds.is_wild(c) else NATURAL
        if role == WILD:
            wild_at.append(i)
        elif role == ACE_ONLY:
            wild_at.append(i)
            ace_only.append(i)
        else:
            naturals.append((i, wilds.natural(c) if not wilds.is_wild(c) else c))
    if not _wild_limit_ok(rules, n, len(wild_at)):
        limit = wild_limit_text(rules)
        raise MeldError(f"too many wild cards: {limit}", rules=getattr(limit, "rules", ()))
    if any(c.is_joker for _, c in naturals):
        raise MeldError("a joker that is not wild cannot be melded here (L-21)", rules=("L-21",))
    nat_ranks = {c.rank for _, c in naturals}
    if len(nat_ranks) == 1 and n <= 4:
        meld = _as_set(cards, naturals, wild_at, ace_only)
        if meld is not None:
            return meld
    nat_suits = {c.suit for _, c in naturals}
    if len(nat_suits) == 1:
        meld = _as_run(cards, naturals, wild_at, ace_only)
        if meld is not None:
            return meld
        raise MeldError(
            "not a run: a run is 3 to 13 consecutive cards of one suit in ascending order, "
            "the ace high (Q-K-A) or low (A-2-3) but never in the middle (L-11, L-13)"
            + _wild_hint(cards, wilds),
            rules=("A-2", "L-11", "L-13"),
        )
    if len(nat_ranks) == 1:
        raise MeldError(
            "not a set: a set is 3 or 4 cards of one rank, all of different suits; two identical "
            "cards never stand in one set (L-12)" + _wild_hint(cards, wilds),
            rules=("L-12",),
        )
    raise MeldError(
        "not a meld: a run needs one suit and consecutive ranks (L-11), a set one rank in "
        "different suits (L-12)" + _wild_hint(cards, wilds),
        rules=("L-11", "L-12"),
    )


def _wild_hint(cards: tuple[Card, ...], wilds: Wilds) -> str:
    """A note when a joker or ace in the meld is not wild this round (L-21, L-22, O-2)."""
    odd = [c for c in cards if (c.is_joker or c.rank == 1) and not wilds.is_wild(c)]
    if not odd:
        return ""
    return f"; {odd[0]} is not a wild card this round ({wilds.describe()}; L-21, L-22, L-25, O-2)"


def _as_set(
    cards: tuple[Card, ...],
    naturals: list[tuple[int, Card]],
    wild_at: list[int],
    ace_only: list[int],
) -> Meld | None:
    suits = [c.suit for _, c in naturals]
    if len(set(suits)) != len(suits):
        return None
    rank = naturals[0][1].rank
    if ace_only and rank != 1:
        raise MeldError(
            "a discarded joker taken from the pile may stand only for an ace (L-66)",
            rules=("L-66",),
        )
    nat: list[Card | None] = [None] * len(cards)
    for i, c in naturals:
        nat[i] = c
    return Meld(cards, SET, -1, rank, 0, tuple(wild_at), tuple(ace_only), tuple(nat))


def _as_run(
    cards: tuple[Card, ...],
    naturals: list[tuple[int, Card]],
    wild_at: list[int],
    ace_only: list[int],
) -> Meld | None:
    n = len(cards)
    if n > 13:
        return None
    i0, c0 = naturals[0]
    candidates = [c0.rank - i0] if c0.rank != 1 else [1 - i0, 14 - i0]
    for start in candidates:
        if start < 1 or start + n - 1 > 14:
            continue
        ok = True
        for i, c in naturals:
            r = start + i
            if (14 if c.rank == 1 and r == 14 else c.rank) != r:
                ok = False
                break
        if not ok:
            continue
        if ace_only and any(start + i not in (1, 14) for i in ace_only):
            raise MeldError(
                "a discarded joker taken from the pile may stand only for an ace (L-66)",
                rules=("L-66",),
            )
        nat = tuple(Card.of(start + i, c0.suit) for i in range(n))
        return Meld(cards, RUN, c0.suit, 0, start, tuple(wild_at), tuple(ace_only), nat)
    return None


def fitting_ends(meld: Meld, card: Card, wilds: Wilds, rules: Ruleset) -> list[str | None]:
    """Where ``card`` could be laid off on ``meld``: ``[None]`` for a set, run ends otherwise.

    A fast pre-check for enumeration; ``add_card`` stays the authority.
    """
    n = len(meld.cards)
    if wilds.is_wild(card):
        if not _wild_limit_ok(rules, n + 1, len(meld.wild_at) + 1):
            return []
        if meld.kind == SET:
            return [None] if n < 4 else []
        if n >= 13:
            return []
        return [e for e, ok in (("low", meld.start > 1), ("high", meld.end < 14)) if ok]
    nat = wilds.natural(card)
    if nat.is_joker:
        return []
    if meld.kind == SET:
        ok = n < 4 and nat.rank == meld.rank and nat.suit not in meld.natural_suits
        return [None] if ok else []
    if nat.suit != meld.suit or n >= 13:
        return []
    ends: list[str | None] = []
    r = nat.rank
    if r == meld.start - 1 or (r == 1 and meld.start == 2):
        ends.append("low")
    if r == meld.end + 1 or (r == 1 and meld.end == 13):
        ends.append("high")
    return ends


def add_card(
    meld: Meld,
    card: Card,
    end: str | None,
    wilds: Wilds,
    rules: Ruleset,
    role: str = AUTO,
) -> Meld:
    """The meld with one more card laid off at an end (runs) or in it (sets) (L-10, L-42)."""
    is_wild = role in (WILD, ACE_ONLY) or (role == AUTO and wilds.is_wild(card))
    old_roles = meld.roles()
    if meld.kind == SET:
        if end is not None and end not in ("low", "high"):
            raise MeldError("end must be 'low' or 'high'")
        if len(meld.cards) >= 4:
            raise MeldError("a set holds at most 4 cards, one of each suit (L-12)", rules=("L-12",))
        try:
            return analyze((*meld.cards, card), wilds, rules, (*old_roles, role))
        except MeldError as e:
            raise MeldError(
                f"{card} does not fit the set {meld.describe()}: {e}", rules=e.rules
            ) from None
    options: list[str] = []
    nat = None if is_wild else wilds.natural(card)
    for side, r in (("low", meld.start - 1), ("high", meld.end + 1)):
        if r < 1 or r > 14 or len(meld.cards) >= 13:
            continue
        if nat is None or (nat.suit == meld.suit and nat.rank == (1 if r == 14 else r)):
            options.append(side)
    if not options:
        raise MeldError(
            f"{card} does not fit the run {meld.describe()}: a card is added only at either end "
            "of a run, as the next card of its suit, with no wrap-around from K to A to 2; melds "
            "are never rearranged (L-11, L-42)",
            rules=("L-11", "L-42"),
        )
    if end is None:
        if len(options) > 1:
            raise MeldError(f"{card} could go at either end of {meld.describe()}: say which end")
        end = options[0]
    if end not in options:
        raise MeldError(
            f"{card} does not fit at the {end} end of the run {meld.describe()} (L-42)",
            rules=("L-42",),
        )
    if end == "low":
        new_cards, new_roles = (card, *meld.cards), (role, *old_roles)
    else:
        new_cards, new_roles = (*meld.cards, card), (*old_roles, role)
    try:
        return analyze(new_cards, wilds, rules, new_roles)
    except MeldError as e:
        added = f"{card} cannot be added to {meld.describe()}: {e}"
        raise MeldError(added, rules=e.rules) from None


def swap(
    meld: Meld, put: tuple[Card, ...], wilds: Wilds, rules: Ruleset
) -> tuple[Meld, tuple[Card, ...]]:
    """Put natural card(s) in place of wild card(s) (L-40); the new meld and the wilds taken."""
    if not meld.wild_at:
        raise MeldError("that meld holds no wild card to take (L-40)", rules=("L-40",))
    if not put:
        raise MeldError("a swap puts at least one natural card (L-40)", rules=("L-40",))
    for c in put:
        if wilds.is_wild(c):
            raise MeldError(
                "a wild card is replaced only by the natural card it stands for (L-40)",
                rules=("L-40",),
            )
    if meld.kind == RUN:
        cards = list(meld.cards)
        roles = list(meld.roles())
        taken: list[Card] = []
        for c in put:
            nat = wilds.natural(c)
            pos = next(
                (i for i in meld.wild_at if meld.stands_for(i) == nat and roles[i] != NATURAL),
                None,
            )
            if pos is None:
                raise MeldError(
                    f"{c} is not the card a wild card stands for in {meld.describe()} (L-40)",
                    rules=("L-40",),
                )
            taken.append(cards[pos])
            cards[pos] = c
            roles[pos] = NATURAL
        return analyze(tuple(cards), wilds, rules, tuple(roles)), tuple(taken)
    # set: put every missing suit, making a natural set of four, and take all its wild cards.
    missing = {i for i in range(4)} - set(meld.natural_suits)
    put_suits = sorted(wilds.natural(c).suit for c in put)
    if any(wilds.natural(c).rank != meld.rank for c in put) or put_suits != sorted(missing):
        need = " and ".join(str(Card.of(meld.rank, s)) for s in sorted(missing))
        raise MeldError(
            f"to take the wild card of the set {meld.describe()} put {need} in its place "
            "(L-40: all missing suits, making a set of four)",
            rules=("L-40",),
        )
    naturals = tuple(c for i, c in enumerate(meld.cards) if i not in meld.wild_at)
    wilds_taken = tuple(meld.cards[i] for i in meld.wild_at)
    new = analyze(naturals + tuple(put), wilds, rules, (NATURAL,) * (len(naturals) + len(put)))
    return new, wilds_taken


def clear_cache() -> None:
    """Forget the remembered meld analyses (they never change an answer)."""
    _ANALYZED.clear()
