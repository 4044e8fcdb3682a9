"""The meld solver: exact answers about a hand and the table, under any ruleset.

- :func:`best_arrangement`: the disjoint new melds that leave the least penalty in hand;
- :func:`best_opening`: the largest opening count of new melds that meets a minimum;
- :func:`going_out`: whether the seat to act can go out this turn, and the steps that do it
  (new melds, lay-offs and swaps, under L-64, L-65 and every turn rule the engine checks);
- :func:`best_discard`: the discard that keeps the hand best.

All are deterministic. They build on :mod:`handgame.games.hand.meldgen` (every meld a hand can
form) and, for going out, on the engine's own steps, so legality is never written twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from handgame.core.cards import ALL_CARDS, Card
from handgame.core.errors import IllegalAction
from handgame.core.packing import pack
from handgame.games.hand import native_solver
from handgame.games.hand.actions import Action, Discard, LayMelds, LayOff, SwapWild
from handgame.games.hand.candidates import step_candidates
from handgame.games.hand.going_out import could_go_out
from handgame.games.hand.match import Match
from handgame.games.hand.meldgen import Restriction, sorted_hand_melds
from handgame.games.hand.melds import Meld
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.turn import going_out_forbidden, step, turn_problem
from handgame.games.hand.values import opening_value, penalty_value
from handgame.games.hand.wilds import Wilds

__all__ = [
    "Arrangement",
    "best_arrangement",
    "best_discard",
    "best_opening",
    "clear_caches",
    "going_out",
    "pack",
    "partners",
]


@dataclass(frozen=True)
class Arrangement:
    """Disjoint new melds from a hand, the cards left, their opening count and penalty."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    value: int
    penalty: int

    @property
    def meld_cards(self) -> tuple[tuple[Card, ...], ...]:
        """The melds as card tuples (runs ascending), as a ``LayMelds`` action takes them."""
        return tuple(m.cards for m in self.melds)


# Per round context (wild cards, ruleset): each card's penalty by code, and each candidate
# meld's (penalty of its cards, opening value): facts of a card or a meld in that context,
# never of a hand, found again instead of recomputed for every hand (bounded). A meld's facts
# are found by its identity (the candidate lists share their melds) and kept with it, so that
# no other meld can take its id while they are kept.
_Context = tuple[tuple[int, ...], dict[int, tuple[Meld, tuple[int, int]]]]
_CONTEXTS: dict[tuple[Wilds, Ruleset], _Context] = {}
_FACTS_KEPT = 50_000


# the last context asked, (wilds, rules, its facts), replaced whole (one read sees one entry)
_LAST: list[tuple[Wilds | None, Ruleset | None, _Context | None]] = [(None, None, None)]


def _context(wilds: Wilds, rules: Ruleset) -> _Context:
    last = _LAST[0]
    if last[0] is wilds and last[1] is rules and last[2] is not None:
        return last[2]
    key = (wilds, rules)
    got = _CONTEXTS.get(key)
    if got is None:
        if len(_CONTEXTS) >= 64:
            _CONTEXTS.clear()
        pen = tuple(penalty_value(c, wilds, rules) for c in ALL_CARDS)
        got = _CONTEXTS[key] = (pen, {})
    _LAST[0] = (wilds, rules, got)
    return got


def _facts(
    melds: Sequence[Meld], wilds: Wilds, rules: Ruleset
) -> tuple[tuple[int, ...], list[tuple[int, int]]]:
    """Each card's penalty by code, and each meld's (penalty of its cards, opening value)."""
    pen, known = _context(wilds, rules)
    out = []
    for m in melds:
        got = known.get(id(m))
        if got is not None and got[0] is m:
            out.append(got[1])
            continue
        f = (sum(pen[c] for c in m.cards), opening_value(m, rules))
        if len(known) >= _FACTS_KEPT:
            known.clear()
        known[id(m)] = (m, f)
        out.append(f)
    return pen, out


def _arrangement(
    hand: tuple[Card, ...],
    melds: Sequence[Meld],
    facts: list[tuple[int, int]],
    chosen: tuple[int, ...],
    pen: tuple[int, ...],
) -> Arrangement:
    left = list(hand)
    for i in chosen:
        for c in melds[i].cards:
            left.remove(c)
    return Arrangement(
        tuple(melds[i] for i in chosen),
        tuple(left),
        sum(facts[i][1] for i in chosen),
        sum(map(pen.__getitem__, left)),
    )


@lru_cache(maxsize=65536)
def best_arrangement(
    hand: tuple[Card, ...],
    wilds: Wilds,
    rules: Ruleset,
    keep: int = 0,
    restriction: Restriction = None,
) -> Arrangement:
    """The disjoint new melds that leave the least penalty in hand (L-33, L-85, G-7).

    Ties go to the larger opening count. At least ``keep`` cards stay in hand (1 when a
    discard must follow). Computed natively when built (``native_solver``, the same answer).
    """
    answer = native_solver.arrange(hand, wilds, rules, keep, restriction, None, False)
    if answer is not None:
        assert not isinstance(answer, int)  # without must_include some packing always exists
        laid = native_solver.melds_of(answer[2], wilds, rules, restriction)
        return Arrangement(laid, answer[3], answer[0], answer[1])
    hand = tuple(sorted(hand))
    melds = sorted_hand_melds(hand, wilds, rules, restriction)
    pen, facts = _facts(melds, wilds, rules)
    scores = [p * 1024 + v for p, v in facts]
    got = pack(hand, melds, scores, keep)
    return _arrangement(hand, melds, facts, got[1] if got is not None else (), pen)


@lru_cache(maxsize=65536)
def best_opening(
    hand: tuple[Card, ...],
    wilds: Wilds,
    rules: Ruleset,
    minimum: int,
    keep: int = 1,
    restriction: Restriction = None,
    must_include: Card | None = None,
) -> Arrangement | None:
    """The new melds with the largest opening count, if it reaches ``minimum`` (L-30…L-32).

    Wild limits and positions are those of the rules (L-13, L-23, G-5); ``must_include`` is a
    card one meld must hold (a discard taken from the pile, L-62). Ties go to the arrangement
    leaving the least penalty. None when the minimum is out of reach. Computed natively when
    built (``native_solver``, the same answer).
    """
    answer = native_solver.arrange(hand, wilds, rules, keep, restriction, must_include, True)
    if answer is not None:
        if isinstance(answer, int) or answer[0] < minimum or not answer[2]:
            return None
        laid = native_solver.melds_of(answer[2], wilds, rules, restriction)
        return Arrangement(laid, answer[3], answer[0], answer[1])
    hand = tuple(sorted(hand))
    melds = sorted_hand_melds(hand, wilds, rules, restriction)
    pen, facts = _facts(melds, wilds, rules)
    scores = [v * 4096 + p for p, v in facts]
    got = pack(hand, melds, scores, keep, must_include)
    if got is None:
        return None
    found = _arrangement(hand, melds, facts, got[1], pen)
    if found.value < minimum or not found.melds:
        return None
    return found


def best_discard(
    hand: tuple[Card, ...],
    wilds: Wilds,
    rules: Ruleset,
    allowed: tuple[Card, ...] | None = None,
) -> Card:
    """The discard that keeps the hand best: the least penalty left after the best melds.

    A wild card goes only when nothing else may. Among equals, the card with the fewest
    partners (cards of the same rank, or of the same suit within two ranks) goes. Exact: a card
    left out of the hand's best arrangement costs that arrangement's penalty less its own
    value; a card inside it costs at least that, and is computed only when it could do better.
    """
    hand = tuple(sorted(hand))
    choices = sorted(set(allowed if allowed is not None else hand))
    if not choices:
        raise ValueError("no card to discard")
    naturals = [c for c in choices if not wilds.is_wild(c)]
    pool = naturals or choices
    whole = best_arrangement(hand, wilds, rules)
    left = set(whole.left)
    costs: dict[Card, int] = {}
    for c in sorted(pool, key=lambda c: c not in left):
        bound = whole.penalty - penalty_value(c, wilds, rules)
        if c in left:
            costs[c] = bound
        elif not costs or bound < min(costs.values()):
            rest = list(hand)
            rest.remove(c)
            costs[c] = best_arrangement(tuple(rest), wilds, rules).penalty
    least = min(costs.values())
    tied = [c for c in costs if costs[c] == least]
    if len(tied) == 1:
        return tied[0]
    return min(tied, key=lambda c: (partners(c, hand, wilds), c))


def partners(card: Card, rest: list[Card] | tuple[Card, ...], wilds: Wilds) -> int:
    """How many cards of ``rest`` could make a meld with ``card`` (same rank, or same suit
    within two ranks): a rough closeness to a meld."""
    if wilds.is_wild(card):
        return 99
    nat = wilds.natural(card)
    count = 0
    for other in rest:
        if wilds.is_wild(other):
            continue
        o = wilds.natural(other)
        if o == nat:
            continue
        if o.rank == nat.rank:
            count += 1
        elif o.suit == nat.suit and 0 < abs(o.rank - nat.rank) <= 2:
            count += 1
    return count


# ----------------------------------------------------------------------------- going out

#: the going-out search gives up after visiting this many states (none seen near it)
GOING_OUT_NODES = 20_000


def going_out(state: Match, limit: int = GOING_OUT_NODES) -> tuple[Action, ...] | None:
    """Steps with which the seat to act goes out this turn, ending with its last discard.

    ``state`` must be in the play phase (after the draw). The search tries the engine's own
    steps in one canonical order (swaps, then new melds, then lay-offs), pruned by a necessary
    condition for going out; every step it returns was applied by the engine. None when the
    seat cannot go out (or, past ``limit`` states, when the search gave up).
    """
    if state.phase is not Phase.PLAY or going_out_forbidden(state) is not None:
        return None
    seen: set[object] = set()
    budget = [limit]
    return _search(state, seen, budget, 0, (), 0)


def _search(
    state: Match,
    seen: set[object],
    budget: list[int],
    stage: int,
    last_meld: tuple[Card, ...],
    last_add: int,
) -> tuple[Action, ...] | None:
    rnd = state.round
    assert rnd is not None
    hand = rnd.hands[rnd.turn]
    if len(hand) == 1:
        card = hand[0]
        if turn_problem(state, card, True) is None:
            return (Discard(rnd.turn, card, True),)
        return None
    key = (hand, rnd.melds, rnd.turn_state, stage, last_meld, last_add)
    if key in seen or budget[0] <= 0:
        return None
    seen.add(key)
    budget[0] -= 1
    if not could_go_out(state, stage):
        return None
    for action in step_candidates(state):
        if isinstance(action, SwapWild):
            if stage > 0:
                continue
            nxt = (0, last_meld, last_add)
        elif isinstance(action, LayMelds):
            if stage > 1 or action.melds[0] < last_meld:
                continue
            nxt = (1, action.melds[0], last_add)
        else:
            assert isinstance(action, LayOff)
            if action.to < last_add:
                continue
            nxt = (2, last_meld, action.to)
        try:
            after = step(state, action)
        except IllegalAction:
            continue
        if after.phase is not Phase.PLAY:
            continue
        rest = _search(after, seen, budget, *nxt)
        if rest is not None:
            return (action, *rest)
    return None


def clear_caches() -> None:
    """Forget the remembered arrangements, openings and per-round facts (they never change an
    answer)."""
    best_arrangement.cache_clear()
    best_opening.cache_clear()
    _CONTEXTS.clear()
    _LAST[0] = (None, None, None)
