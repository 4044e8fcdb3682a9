"""Random matches with every engine invariant checked at every step (RULES.md, RECORD.md).

Importable by the tests (``tests/conftest.py`` puts this directory on ``sys.path``) and by
``tests/random_games.py``. The one entry point is :func:`play_random_match`; a failed
invariant raises ``AssertionError`` with the seed, the step and what went wrong.

What is checked (``check=True``), at every step:

* every card is somewhere: hands + melds + discard pile + stock + indicator is the deck;
* while a round runs, the seat to act has a legal action, every enumerated action applies,
  and every state it leads to still holds every card;
* each seat's view shows its own hand exactly, the other seats only as counts, never the
  stock, and only its own legal actions;
* every meld on the table is a valid run or set within the wild limit (checked here from the
  meld's cards, not by the engine), and melds change only by a card added at an end or a wild
  card replaced by the card it stands for (L-11, L-12, L-23, G-5, L-40, L-42);

at each deal: hand sizes, the first player, the indicator, and that exactly the seats entitled
to a redeal (L-52, recomputed) may claim one; at each discard, the turn as a whole: the opening
minimum (L-63, O-4 escalating), the taken discard laid (L-62, O-5), no hand emptied before the
discard (L-65), nobody out before everyone played (L-67) or after a missed announcement (L-71),
announcements (L-70), a swapped wild reused (O-7); at every round end: the scores follow the
rules (L-85…L-91, G-7, G-8, F-9, O-11) recomputed from the result's penalty cards and the
round's actions (full or partial hand), the totals are the sums, the next dealer is right
(L-50, O-1), and the match ends exactly when it should (L-90…L-93, G-9, F-10); and at the end
the record replays (through JSON text) to the same rounds, totals and winner with no error.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_SRC = Path(__file__).resolve().parent.parent / "src"
if _SRC.is_dir() and str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))

from handgame import IllegalAction  # noqa: E402
from handgame.core.cards import JOKER, Card  # noqa: E402
from handgame.games.hand import (  # noqa: E402
    ClaimRedeal,
    Discard,
    Draw,
    Game,
    LayMelds,
    LayOff,
    Phase,
    State,
    SwapWild,
)
from handgame.games.hand.deal import deck_for  # noqa: E402
from handgame.games.hand.record import replay, to_record  # noqa: E402
from handgame.games.hand.values import hand_penalty  # noqa: E402
from view_checker import view_problems  # noqa: E402

#: Player counts (and partnership) that each preset allows (L-1, G-1, F-1).
CONFIGS: dict[str, list[tuple[int, bool]]] = {
    "levant": [(2, False), (3, False), (4, False), (4, True)],
    "gulf": [(2, False), (3, False), (4, False), (4, True)],
    "four-jokers": [(2, False), (3, False), (4, False), (4, True), (5, False)],
}

DEFAULT_MAX_STEPS = 20000


@dataclass
class MatchRun:
    """What a random match did."""

    preset: str
    players: int
    partnership: bool
    seed: Any
    options: dict[str, Any]
    state: State
    steps: int = 0  # actions applied
    deals: int = 0
    capped: bool = False  # stopped by max_steps / max_rounds before the match ended
    seconds: float = 0.0
    events: Counter[str] = field(default_factory=Counter)

    @property
    def rounds(self) -> int:
        """Rounds that ended (void ones included)."""
        return len(self.state.results)


# ----------------------------------------------------------------------------- policy


def choose_action(rng: random.Random, state: State, actions: list[Any], policy: str) -> Any:
    """A random legal action. ``uniform`` picks any; ``weighted`` (the default) prefers laying
    cards over discarding, so that rounds end with a winner instead of running out of stock;
    ``hoard`` makes every other seat (by round) keep its cards until it can lay them all in
    one turn (``eager``: every seat), which gives full hands (L-86, O-11) — its winning meld
    may name several melds in one action, outside the enumeration."""
    if policy == "uniform":
        return rng.choice(actions)
    turn = state.current_seat
    redeals = [a for a in actions if isinstance(a, ClaimRedeal)]
    mine = [a for a in actions if a.seat == turn and not isinstance(a, ClaimRedeal)]
    if redeals and (not mine or rng.random() < 0.1):
        return rng.choice(redeals)
    eager = policy == "eager"  # every seat goes out as soon as its hand allows
    if (eager or policy == "hoard") and turn is not None and (
        eager or (turn + len(state.results)) % 2 == 0
    ):
        action = _hoard(rng, state, mine)
        if action is not None:
            return action
    if state.phase is Phase.DRAW:
        stock = [a for a in mine if isinstance(a, Draw) and a.source == "stock"]
        if stock and rng.random() < 0.6:
            return stock[0]
        return rng.choice(mine)
    plays = [a for a in mine if not isinstance(a, Discard)]
    discards = [a for a in mine if isinstance(a, Discard)]
    if plays and (not discards or rng.random() < 0.85):
        return rng.choice(plays)
    return rng.choice(discards or mine)


def going_out_melds(state: State) -> tuple[tuple[Card, ...], ...] | None:
    """Disjoint new melds that hold every card of the seat to act but one (a wild card left
    out for the discard where possible), or None."""
    from handgame.games.hand.meldgen import candidate_melds

    rnd = state.round
    assert rnd is not None
    hand = tuple(sorted(rnd.hands[rnd.turn]))
    wilds = rnd.wilds
    melds = [m.cards for m in candidate_melds(hand, wilds, state.rules)]
    by_card: dict[Card, list[tuple[Card, ...]]] = {}
    for m in melds:
        for c in set(m):
            by_card.setdefault(c, []).append(m)
    memo: dict[tuple[tuple[Card, ...], bool], Any] = {}

    def solve(rest: tuple[Card, ...], spare: bool) -> Any:
        if not rest:
            return () if not spare else None
        key = (rest, spare)
        if key in memo:
            return memo[key]
        memo[key] = None
        first = rest[0]
        options = []
        if spare:
            options.append(None)
        options += by_card.get(first, [])
        if spare:
            options.append(options.pop(0))  # rather meld the card than keep it
        for m in options:
            if m is None:
                sub = solve(rest[1:], False)
                found = sub
            else:
                left = list(rest)
                try:
                    for c in m:
                        left.remove(c)
                except ValueError:
                    continue
                sub = solve(tuple(left), spare)
                found = None if sub is None else (m, *sub)
            if found is not None:
                memo[key] = found
                return found
        return None

    for w in sorted({c for c in hand if wilds.is_wild(c)}):  # keep a wild for the discard
        rest = list(hand)
        rest.remove(w)
        found = solve(tuple(rest), False)
        if found is not None:
            return found  # type: ignore[no-any-return]
    return solve(hand, True)  # type: ignore[no-any-return]


def _hoard(rng: random.Random, state: State, mine: list[Any]) -> Any:
    from handgame.games.hand.meldgen import candidate_melds

    rnd = state.round
    assert rnd is not None
    if state.phase is Phase.DRAW:
        return next((a for a in mine if isinstance(a, Draw) and a.source == "stock"), None)
    if state.phase is not Phase.PLAY or rnd.turn_state.laid:
        return None
    hand = rnd.hands[rnd.turn]
    if len(hand) == 1:
        return None
    if not rnd.laid_before[rnd.turn]:
        melds = going_out_melds(state)
        if melds:
            return LayMelds(rnd.turn, melds)
    # keep what might make melds: discard a card that is in no meld the hand can form
    used = {c for m in candidate_melds(hand, rnd.wilds, state.rules) for c in m.cards}
    discards = [a for a in mine if isinstance(a, Discard) and a.announce]
    loose = [a for a in discards if a.card not in used and not rnd.wilds.is_wild(a.card)]
    return rng.choice(loose or discards) if (loose or discards) else None


# ----------------------------------------------------------------------------- checks


def _fail(ctx: str, message: str) -> None:
    raise AssertionError(f"{ctx}: {message}")


def card_locations(state: State) -> Counter[Card]:
    """Every card of the round in progress (or just ended), wherever it is."""
    rnd = state.round
    assert rnd is not None
    got: Counter[Card] = Counter()
    for hand in rnd.hands:
        got.update(hand)
    for meld in rnd.melds:
        got.update(meld.cards)
    got.update(rnd.discard_pile)
    got.update(rnd.stock)
    if rnd.deal.indicator is not None:
        got[rnd.deal.indicator] += 1
    return got


def check_cards(state: State, deck: Counter[Card], ctx: str) -> None:
    """Every card of the deck is in exactly one place (L-2, G-2, F-2)."""
    if state.round is None:
        return
    got = card_locations(state)
    if got != deck:
        extra = {str(c): n for c, n in (got - deck).items()}
        missing = {str(c): n for c, n in (deck - got).items()}
        _fail(ctx, f"cards not accounted for: extra {extra}, missing {missing}")
    rnd = state.round
    n = state.game.players
    for name, t in (
        ("hands", rnd.hands),
        ("opened", rnd.opened),
        ("announced", rnd.announced),
        ("missed", rnd.missed),
    ):
        if len(t) != n:
            _fail(ctx, f"round.{name} has {len(t)} entries for {n} seats")
    if len(rnd.owners) != len(rnd.melds):
        _fail(ctx, f"{len(rnd.melds)} melds but {len(rnd.owners)} owners")


def check_view(
    state: State,
    seat: int,
    legal: list[Any] | None,
    ctx: str,
    log_cache: dict[str, Any] | None = None,
) -> None:
    """``seat`` sees its own hand, counts of the others, never the stock or others' cards.

    ``log_cache`` (one dict per match) remembers the public action log already checked, so a
    step checks only the entries added since: the log is append-only within a round, and a log
    that is not an extension of the last one checked is checked whole.
    """
    v = state.view(seat)
    js = v.to_json()
    json.dumps(js)  # a client receives it as JSON
    rnd = state.round
    in_round = state.phase not in (Phase.DEAL, Phase.OVER)
    if js["seat"] != seat:
        _fail(ctx, f"view of seat {seat} says seat {js['seat']}")
    if rnd is None:
        problems = view_problems(js, state, seat, log_cache)
        if problems:
            _fail(ctx, f"view of seat {seat}: " + "; ".join(problems))
        return
    own = [str(c) for c in rnd.hands[seat]] if in_round else []
    if js["hand"] != own:
        _fail(ctx, f"view of seat {seat}: hand {js['hand']} is not its hand {own}")
    counts = [len(h) for h in rnd.hands]
    if js["hand_counts"] != counts:
        _fail(ctx, f"view of seat {seat}: hand_counts {js['hand_counts']} != {counts}")
    if js["stock_count"] != len(rnd.stock):
        _fail(ctx, f"view of seat {seat}: stock_count {js['stock_count']} != {len(rnd.stock)}")
    if legal is not None:
        mine = [a.to_json() for a in legal if a.seat == seat]
        if js["legal_actions"] != mine:
            _fail(ctx, f"view of seat {seat}: legal_actions differ from state.legal_actions")
    if in_round and rnd.known:
        for s, k in enumerate(rnd.known):
            if Counter(k) - Counter(rnd.hands[s]):
                _fail(ctx, f"known cards {list(map(str, k))} of seat {s} are not all in its hand")
    # every field, every card string, as multisets (view_checker.py)
    problems = view_problems(js, state, seat, log_cache)
    if problems:
        _fail(ctx, f"view of seat {seat}: " + "; ".join(problems))


def _full_hand(state: State, winner: int) -> bool:
    """L-86 recomputed from the round's actions: nothing laid before the winning turn and no
    card added to (or swapped on) another seat's meld in it."""
    rnd = state.round
    assert rnd is not None
    turn_starts = [i for i, a in enumerate(rnd.actions) if isinstance(a, Draw)]
    mine = [i for i in turn_starts if rnd.actions[i].seat == winner]
    last = mine[-1] if mine else 0
    for i, a in enumerate(rnd.actions):
        if a.seat != winner or not isinstance(a, (LayMelds, LayOff, SwapWild)):
            continue
        if i < last:
            return False  # laid in an earlier turn
        if isinstance(a, LayOff) and rnd.owners[a.to] != winner:
            return False
        if isinstance(a, SwapWild) and rnd.owners[a.at] != winner:
            return False
    return True


def _bonus(state: State, winner: int, gone: tuple[Card, ...]) -> int:
    """O-11 recomputed: the winner's melds (all laid in the winning turn) and the final discard
    (two wild cards together under two-wilds; the colour counts the melded cards only)."""
    rules = state.rules
    rnd = state.round
    assert rnd is not None
    if not rules.bonuses:
        return 1
    wilds = rnd.wilds
    melded = [c for m, o in zip(rnd.melds, rnd.owners, strict=True) if o == winner for c in m.cards]
    wild_factor = 1
    if len(gone) == 2:
        n_wild = sum(1 for c in melded if wilds.is_wild(c))
        if "two-wilds" not in rules.bonuses or n_wild or len(melded) != 13:
            raise AssertionError(f"two cards discarded together outside two-wilds: {gone}")
        if not all(wilds.is_wild(c) for c in gone):
            raise AssertionError(f"two cards discarded together, not both wild: {gone}")
        wild_factor = 4
    elif wilds.is_wild(gone[0]) and "wild-discard" in rules.bonuses:
        wild_factor = 2
    naturals = [c for c in melded if not wilds.is_wild(c) and c != JOKER]
    colour = 1
    if naturals:
        if "one-suit" in rules.bonuses and len({c.suit for c in naturals}) == 1:
            colour = 4
        elif "one-color" in rules.bonuses and len({c.suit in (1, 2) for c in naturals}) == 1:
            colour = 2
    return wild_factor * colour


# ----------------------------------------------------------------------------- the table


def _meld_problem(meld: Any, wilds: Any, rules: Any) -> str | None:
    """Why a meld on the table is not a valid meld (L-11, L-12, L-23, G-5), or None."""
    cards = meld.cards
    n = len(cards)
    if len(meld.naturals) != n:
        return "naturals do not match the cards"
    wild_at = set(meld.wild_at)
    if not wild_at <= set(range(n)):
        return "a wild position outside the meld"
    for i, c in enumerate(cards):
        if i in wild_at:
            if not wilds.is_wild(c):
                return f"{c} at a wild position is not a wild card"
            continue
        nat = c if wilds.is_wild(c) else wilds.natural(c)  # a wild playing natural (L-66)
        if nat.is_joker:
            return "a joker playing as a natural card that does not exist"
        if meld.naturals[i] != nat:
            return f"position {i} holds {c} but plays as {meld.naturals[i]}"
    w = len(wild_at)
    if rules.wild_limit == "one":
        if w > 1:
            return "two wild cards in a meld (L-23)"
    elif w > (1 if n <= 3 else 2) or w >= n:
        return "too many wild cards (G-5)"
    for i in meld.ace_only_at:
        if meld.kind == "run" and meld.start + i not in (1, 14):
            return "an ace-only wild not standing for an ace (L-66)"
        if meld.kind == "set" and meld.rank != 1:
            return "an ace-only wild in a set that is not aces (L-66)"
    if meld.kind == "set":
        if not 3 <= n <= 4:
            return f"a set of {n} cards (L-12)"
        nats = [meld.naturals[i] for i in range(n) if i not in wild_at]
        if any(c.rank != meld.rank for c in nats):
            return "a set with two ranks (L-12)"
        if len({c.suit for c in nats}) != len(nats):
            return "a set with two cards of one suit (L-12)"
        return None
    if meld.kind != "run":
        return f"unknown meld kind {meld.kind!r}"
    if not 3 <= n <= 13:
        return f"a run of {n} cards (L-11)"
    if meld.start < 1 or meld.start + n - 1 > 14:
        return f"a run from rank {meld.start} to {meld.start + n - 1} (L-11: no wrap-around)"
    for i in range(n):
        if meld.naturals[i] != Card.of(meld.start + i, meld.suit):
            return f"run position {i} plays as {meld.naturals[i]}, not the next card (L-11, L-13)"
    return None


def check_table(before: State, after: State, ctx: str) -> None:
    """Every meld is valid; melds are numbered for good, and change only by a lay-off at an end
    or a wild card replaced by the card it stands for (L-42, L-40)."""
    new = after.round
    if new is None:
        return
    old = before.round if before.round is not None and before.round.deal == new.deal else None
    rules = after.rules
    for i, meld in enumerate(new.melds):
        why = _meld_problem(meld, new.wilds, rules)
        if why is not None:
            _fail(ctx, f"meld {i} {[str(c) for c in meld.cards]} is not valid: {why}")
    if old is None:
        return
    if len(new.melds) < len(old.melds) or new.owners[: len(old.owners)] != old.owners:
        _fail(ctx, "melds on the table were removed or changed owner")
    for i, (m0, m1) in enumerate(zip(old.melds, new.melds, strict=False)):
        if m0 == m1:
            continue
        if m0.kind != m1.kind:
            _fail(ctx, f"meld {i} changed from a {m0.kind} to a {m1.kind} (L-42)")
        if m1.kind == "set":
            naturals0 = Counter(c for j, c in enumerate(m0.cards) if j not in m0.wild_at)
            if m1.rank != m0.rank or naturals0 - Counter(m1.cards):
                _fail(ctx, f"set {i} lost a natural card or changed rank (L-42)")
            if len(m1.wild_at) < len(m0.wild_at) and (len(m1.cards) != 4 or m1.wild_at):
                _fail(ctx, f"set {i}: a swap must complete a natural set of four (L-40)")
            continue
        shift = m0.start - m1.start
        if m1.suit != m0.suit or shift < 0 or m1.start + len(m1.cards) < m0.start + len(m0.cards):
            _fail(ctx, f"run {i} was rearranged (L-42)")
        for j, c in enumerate(m0.cards):
            c1 = m1.cards[j + shift]
            if j in m0.wild_at and c1 != c:
                if (j + shift) in m1.wild_at or m1.naturals[j + shift] != m0.naturals[j]:
                    _fail(ctx, f"run {i}: a wild card was replaced by a card it does not stand for")
            elif c1 != c or m1.naturals[j + shift] != m0.naturals[j]:
                _fail(ctx, f"run {i}: a card moved or changed what it plays as (L-42)")


def redeal_entitled(state: State, seat: int) -> bool:
    """L-52 recomputed: four pairs of identical cards, three pairs and a wild card, or two pairs
    and two jokers."""
    rnd = state.round
    assert rnd is not None
    hand = Counter(rnd.hands[seat])
    if sum(n // 2 for n in hand.values()) >= 4:
        return True
    for w in hand:
        if rnd.wilds.is_wild(w):
            rest = hand.copy()
            rest[w] -= 1
            if sum(n // 2 for n in rest.values()) >= 3:
                return True
    if hand[JOKER] >= 2:
        return sum(n // 2 for c, n in hand.items() if c != JOKER) >= 2
    return False


def check_deal(state: State, ctx: str) -> None:
    """The deal as the rules say: hand sizes, the first player (L-51, L-60, G-3, F-3)."""
    rnd = state.round
    assert rnd is not None
    n = state.game.players
    first = (rnd.dealer + 1) % n
    rules = state.rules
    if rnd.turn != first:
        _fail(ctx, f"seat {rnd.turn} plays first, not seat {first} (L-51, L-4)")
    for s, h in enumerate(rnd.hands):
        want = 13 if rules.deal == "13+upcard" else 14 + (s == first)
        if len(h) != want:
            _fail(ctx, f"seat {s} holds {len(h)} cards after the deal, not {want}")
    if rules.deal == "13+upcard":
        if len(rnd.discard_pile) != 1 or state.phase is not Phase.DRAW:
            _fail(ctx, "13+upcard: one upcard and the first player draws (G-3)")
    elif rnd.discard_pile or state.phase is not Phase.FIRST_DISCARD:
        _fail(ctx, "14+1: no discard pile and the first player discards (L-60)")
    ind = rnd.deal.indicator
    if rules.wilds in ("indicator", "no-jokers"):
        if ind is None or ind == JOKER:
            _fail(ctx, f"indicator {ind} (L-20)")
    elif ind is not None:
        _fail(ctx, "an indicator without wilds=indicator")


class TurnWatch:
    """The rules of a turn as a whole, checked at its discard (L-62…L-67, L-71, O-4, O-5, O-7)."""

    def __init__(self) -> None:
        self.missed: dict[int, bool] = {}  # seat -> missed an announcement at its last discard
        self.openings: list[int] = []  # opening values of this round (O-4)
        self.reset(None)

    def reset(self, state: State | None) -> None:
        self.seat: int | None = None
        self.opened_at_start = False
        self.taken: Card | None = None
        self.taken_from_opened = False
        self.taken_used = False
        self.laid_value = 0  # melds laid before any add / swap
        self.all_laid_value = 0
        self.touched = False  # an add or swap happened
        self.laid = False
        self.owed = 0  # O-7
        self.l44 = False  # a single card added to two equal cards and a wild (L-44)
        self.o8 = False  # a third equal card added to two-equal-plus-wild to open (O-8 free)
        if state is not None and state.round is not None and state.current_seat is not None:
            self.seat = state.current_seat
            self.opened_at_start = state.round.opened[self.seat]

    def new_round(self, state: State) -> None:
        self.missed = {}
        self.openings = []
        self.reset(state)

    def step(self, before: State, action: Any, after: State, ctx: str) -> None:
        from handgame.games.hand.values import opening_value

        rnd0 = before.round
        assert rnd0 is not None
        rules = before.rules
        if isinstance(action, ClaimRedeal):
            if not redeal_entitled(before, action.seat):
                _fail(ctx, f"seat {action.seat} claimed a redeal without the pairs (L-52)")
            return
        if self.seat is None:
            self.reset(before)
        if action.seat != self.seat:
            _fail(ctx, f"seat {action.seat} acts in seat {self.seat}'s turn")
        wilds = rnd0.wilds
        if isinstance(action, Draw) and action.source == "discard":
            self.taken = rnd0.discard_pile[-1]
            by = rnd0.pile_top_by
            self.taken_from_opened = by is not None and rnd0.opened[by]
            if rules.discarded_wild == "never" and wilds.is_wild(self.taken):
                _fail(ctx, "a discarded wild card was taken (O-6 never)")
        elif isinstance(action, LayMelds):
            rnd1 = after.round
            assert rnd1 is not None
            laid = rnd1.melds[len(rnd0.melds) :]
            value = sum(meld_value(m, rules) for m in laid)
            if value != sum(opening_value(m, rules) for m in laid):
                _fail(ctx, "values.opening_value differs from L-3/L-30…L-32")
            self.all_laid_value += value
            if not self.touched:
                self.laid_value += value
            self.laid = True
            for m in laid:
                if self.taken is not None and self.taken in m.cards:
                    self.taken_used = True
                self.owed = max(0, self.owed - sum(1 for c in m.cards if wilds.is_wild(c)))
        elif isinstance(action, LayOff):
            m0 = rnd0.melds[action.to]
            pair_plus_wild = m0.kind == "set" and len(m0.cards) == 3 and len(m0.wild_at) == 1
            if (
                pair_plus_wild
                and rules.pair_plus_wild == "free"
                and not wilds.is_wild(action.card)
                and not rnd0.opened[action.seat]
                and not self.touched
            ):
                # O-8: the add counts toward the opening (the rank's value, once)
                rnd1 = after.round
                assert rnd1 is not None
                value = meld_value(rnd1.melds[action.to], rules) - meld_value(m0, rules)
                self.laid_value += value
                self.all_laid_value += value
                self.o8 = True
            else:
                self.touched = True
            if (
                m0.kind == "set"
                and len(m0.cards) == 3
                and len(m0.wild_at) == 1
                and not wilds.is_wild(action.card)
                and rules.pair_plus_wild == "restricted"
                and not any(
                    (rnd0.announced[o] == 1 or not rules.announcements)
                    and len(rnd0.hands[o]) == 1
                    for o in range(before.game.players)
                    if o != action.seat
                )
            ):
                self.l44 = True
            if (
                self.taken is not None
                and action.card == self.taken
                and rules.discard_pickup == "new-meld-or-add"
                and self.taken_from_opened
            ):
                self.taken_used = True
            if wilds.is_wild(action.card):
                self.owed = max(0, self.owed - 1)
        elif isinstance(action, SwapWild):
            # F-8: with swap_needs_opening=false a swap before opening binds to nothing
            if rules.swap_needs_opening or rnd0.opened[action.seat]:
                self.touched = True
            if rules.swap_must_reuse:
                m0 = rnd0.melds[action.at]
                m1 = after.round.melds[action.at] if after.round is not None else m0
                self.owed += len(m0.wild_at) - len(m1.wild_at)
        if isinstance(action, Discard):
            self._end_turn(before, action, after, ctx)
            self.reset(after if not (after.is_chance or after.is_over) else None)
        elif after.phase is Phase.PLAY:
            rnd1 = after.round
            assert rnd1 is not None
            if not rnd1.hands[self.seat]:
                _fail(ctx, "a hand emptied before the discard (L-65)")

    def _end_turn(self, before: State, action: Any, after: State, ctx: str) -> None:
        rnd0 = before.round
        rnd1 = after.round
        assert rnd0 is not None and rnd1 is not None
        seat = action.seat
        rules = before.rules
        n = before.game.players
        won = (
            len(after.results) > len(before.results) and after.results[-1].winner == seat
        )
        if won:
            done = sum(1 for a in rnd0.actions if isinstance(a, Discard))
            if not rules.first_turn_win and done < n:
                _fail(ctx, f"seat {seat} went out after {done} turns, before all {n} played (L-67)")
            if self.missed.get(seat):
                _fail(ctx, f"seat {seat} went out the turn after a missed announcement (L-71)")
        elif before.phase is not Phase.FIRST_DISCARD:
            opened = rnd1.opened[seat]
            if not self.opened_at_start:
                if (self.laid or self.o8) and not opened:
                    _fail(ctx, f"seat {seat} laid melds without opening and kept cards (L-63)")
                if self.touched and not self.laid:
                    _fail(ctx, f"seat {seat} added/swapped before opening and kept cards (L-63)")
                if opened:
                    need = rules.initial_minimum
                    if rules.escalating_minimum and self.openings:
                        need = max(need, self.openings[-1] + 1)
                    if self.laid_value < need:
                        _fail(ctx, f"seat {seat} opened with {self.laid_value} < {need} (L-63)")
            elif not opened:
                _fail(ctx, f"seat {seat} is no longer opened")
        if not self.opened_at_start and rnd1.opened[seat]:
            self.openings.append(self.all_laid_value)
        if self.taken is not None and rules.discard_pickup == "must-meld" and not self.laid:
            _fail(ctx, f"seat {seat} took the discard {self.taken} and laid no new meld (F-4)")
        if (
            self.taken is not None
            and rules.discard_pickup in ("new-meld", "new-meld-or-add")
            and not self.taken_used
        ):
            _fail(ctx, f"seat {seat} took the discard {self.taken} and did not lay it (L-62, O-5)")
        if self.owed > 0:
            _fail(ctx, f"seat {seat} kept a wild card taken by a swap (O-7)")
        left = len(rnd1.hands[seat])
        if self.l44 and not won and not (left == 1 and action.announce):
            _fail(ctx, f"seat {seat} added one card to two equal cards and a wild (L-44)")
        if not rules.announcements:  # L-70, L-71 off: nothing announced, nothing missed
            missed = left <= 3 and left and not action.announce
            if missed or rnd1.announced[seat] is not None or rnd1.missed[seat]:
                _fail(ctx, f"seat {seat}: an announcement without announcements (L-70)")
            return
        self.missed[seat] = left <= 3 and not action.announce and left > 0
        if left <= 3 and left and rnd1.announced[seat] != (left if action.announce else None):
            _fail(ctx, f"seat {seat} left with {left}: announced {rnd1.announced[seat]} (L-70)")


def meld_value(meld: Any, rules: Any) -> int:
    """L-3, L-30…L-32, G-6, O-3 recomputed: what a meld counts toward an opening."""
    gulf = rules.opening_values == "gulf"
    total = 0
    for i in range(len(meld.cards)):
        if gulf and i in meld.wild_at:
            total += 25
            continue
        rank = meld.start + i if meld.kind == "run" else meld.rank
        if rank in (1, 14):
            if gulf:
                total += 15
            elif meld.kind == "run":
                total += rules.ace_low_value if rank == 1 else rules.ace_high_value
            else:
                total += 11
        else:
            total += 10 if rank >= 10 else rank
    return total


def card_penalty(card: Card, wilds: Any, rules: Any) -> int:
    """L-33, L-85, G-7, F-9 recomputed: what a card left in hand costs."""
    gulf = rules.penalty_values == "gulf"
    if wilds.is_wild(card):
        return 25 if gulf else 15
    nat = wilds.natural(card)  # a joker playing as a natural ace (L-21) is a natural ace
    if nat == JOKER:
        return 25 if gulf else 15
    if nat.rank == 1:
        return 15 if gulf else rules.ace_in_hand
    return 10 if nat.rank >= 10 else nat.rank


class MatchTracker:
    """Independent bookkeeping of the match (scored rounds, void streak, end condition)."""

    def __init__(self, game: Game, dealer: int) -> None:
        self.game = game
        self.totals = [0] * game.players
        self.scored = 0
        self.streak = 0
        self.final = False
        self.dealer = dealer

    def standings(self) -> list[int]:
        if self.game.partnership:
            t = self.totals
            return [t[0] + t[2], t[1] + t[3]]
        return list(self.totals)

    def round_ended(self, before: State, after: State, ctx: str) -> None:
        """Check the result that ``after`` added, the totals, the dealer and the match end."""
        game, rules = self.game, self.game.rules
        n = game.players
        if len(after.results) != len(before.results) + 1:
            _fail(ctx, "a round ended without exactly one new result")
        res = after.results[-1]
        rnd = after.round
        assert rnd is not None
        if res.dealer != self.dealer:
            _fail(ctx, f"result dealer {res.dealer}, expected {self.dealer}")
        last = rnd.actions[-1] if rnd.actions else None
        if res.result == "void":
            if res.reason not in ("stock", "redeal"):
                _fail(ctx, f"void round with reason {res.reason!r}")
            if res.reason == "redeal":
                if not isinstance(last, ClaimRedeal):
                    _fail(ctx, "a redeal result not ended by a redeal claim")
            else:
                if not isinstance(last, Discard):
                    _fail(ctx, "a stock-out not ended by a discard")
                left = len(rnd.stock)
                if rules.stock_end == "players" and left > n:
                    _fail(ctx, f"stock-out with {left} cards left for {n} players (L-81)")
                if rules.stock_end in ("empty", "reshuffle") and left != 0:
                    _fail(ctx, f"stock-out with {left} cards left (O-9)")
            if any(len(h) == 0 for h in rnd.hands):
                _fail(ctx, "a void round where a seat holds no cards")
            self.streak += 1
        elif res.result == "won":
            self._check_win(after, res, last, ctx)
            self.totals = [t + s for t, s in zip(self.totals, res.scores, strict=True)]
            self.scored += 1
            self.streak = 0
        else:
            _fail(ctx, f"unknown result {res.result!r}")
        if list(after.totals) != self.totals:
            _fail(ctx, f"totals {list(after.totals)} are not the sums of the scores {self.totals}")
        team = after.team_totals()
        if game.partnership:
            if team is None or list(team) != self.standings():
                _fail(ctx, f"team totals {team} != {self.standings()}")
        elif team is not None:
            _fail(ctx, "team totals outside partnership")
        # the next dealer (L-50, O-1)
        if res.result != "won":
            expect = self.dealer
        elif rules.dealer == "rotate":
            expect = (self.dealer + 1) % n
        else:
            worst = max(res.scores)
            tied = [s for s in range(n) if res.scores[s] == worst]
            if self.dealer in tied:
                expect = self.dealer
            else:
                expect = next(
                    (self.dealer + k) % n for k in range(1, n + 1) if (self.dealer + k) % n in tied
                )
        if after.dealer != expect:
            _fail(ctx, f"next dealer is seat {after.dealer}, the rules say seat {expect}")
        self.dealer = expect
        # the end of the match (L-90…L-93, G-9, F-10)
        if rules.rounds is not None and (
            self.scored >= rules.rounds or (self.scored == rules.rounds - 1 and self.streak >= 3)
        ):
            self.final = True
        stand = self.standings()
        if rules.penalty_limit is not None and max(stand) >= rules.penalty_limit:
            self.final = True
        low = min(stand)
        lowest = [i for i, t in enumerate(stand) if t == low]
        over = self.final and len(lowest) == 1
        if after.is_over != over:
            _fail(
                ctx,
                f"match over={after.is_over}, expected {over} (scored {self.scored}, "
                f"void streak {self.streak}, standings {stand})",
            )
        if over and after.winner != lowest[0]:
            _fail(ctx, f"winner {after.winner}, the lowest total is {lowest[0]} ({stand})")
        if not over and after.winner is not None:
            _fail(ctx, "a winner before the match is over")

    def _check_win(self, after: State, res: Any, last: Any, ctx: str) -> None:
        game, rules = self.game, self.game.rules
        rnd = after.round
        assert rnd is not None
        n = game.players
        w = res.winner
        if not isinstance(last, Discard) or last.seat != w:
            _fail(ctx, f"round won by seat {w} but not ended by its discard")
        if rnd.hands[w]:
            _fail(ctx, f"winner seat {w} still holds {rnd.hands[w]}")
        if len(res.scores) != n or len(res.penalties) != n or len(res.opened) != n:
            _fail(ctx, "result scores/penalties/opened not one per seat")
        if tuple(res.opened) != tuple(rnd.opened):
            _fail(ctx, f"result opened {res.opened} != round opened {rnd.opened}")
        full = _full_hand(after, w)
        if res.hand != ("full" if full else "partial"):
            _fail(ctx, f"hand is {res.hand!r}, the actions make it {'full' if full else 'partial'}")
        gone = (last.card,) if last.second is None else (last.card, last.second)
        if len(gone) == 2 and not full:
            _fail(ctx, "two cards discarded together without a full hand (O-11 two-wilds)")
        mult = _bonus(after, w, gone) if full else 1
        if res.multiplier != mult:
            _fail(ctx, f"multiplier {res.multiplier}, O-11 gives {mult}")
        for s in range(n):
            cards = Counter(Card.parse(c) for c in res.penalties[s])
            if cards != Counter(rnd.hands[s]):
                _fail(ctx, f"seat {s} penalty cards {res.penalties[s]} are not its hand")
            if s == w:
                expect = (rules.win_full if full else rules.win_partial) * mult
            elif game.partnership and s % 2 == w % 2:
                expect = 0  # L-91
            else:
                if not res.opened[s] and rules.unopened_penalty is not None:
                    expect = rules.unopened_penalty
                else:
                    expect = sum(card_penalty(c, rnd.wilds, rules) for c in rnd.hands[s])
                    if expect != hand_penalty(rnd.hands[s], rnd.wilds, rules):
                        _fail(ctx, f"values.hand_penalty of seat {s} differs from L-85")
                if full:
                    expect *= rules.full_hand_multiplier * mult
            if res.scores[s] != expect:
                _fail(ctx, f"seat {s} scored {res.scores[s]}, the rules give {expect}")


def summary_of(state: State) -> dict[str, Any]:
    """The replay answer the engine should give for this state."""
    team = state.team_totals()
    return {
        "rounds": [r.to_json() for r in state.results],
        "totals": list(state.totals),
        "team_totals": list(team) if team is not None else None,
        "finished": state.is_over,
        "winner": state.winner,
        "error": None,
    }


def check_replay(state: State, ctx: str) -> dict[str, Any]:
    """The record of ``state`` replays (through JSON text) to the same answer, no error."""
    record = to_record(state)
    record = json.loads(json.dumps(record))
    got = replay(record)
    want = summary_of(state)
    if got != want:
        diff = {k: (got.get(k), want[k]) for k in want if got.get(k) != want[k]}
        _fail(ctx, f"replay differs (got, expected): {diff}")
    return record


# ----------------------------------------------------------------------------- play


def play_random_match(
    preset: str = "levant",
    players: int = 4,
    partnership: bool = False,
    seed: Any = 0,
    max_rounds: int | None = None,
    options: dict[str, Any] | None = None,
    check: bool = True,
    *,
    max_steps: int = DEFAULT_MAX_STEPS,
    policy: str = "weighted",
    dealer: int | None = None,
    check_views: bool | str = True,
    check_successors: bool = True,
    deal: Callable[[State, int], State] | None = None,
) -> MatchRun:
    """Play a match of random legal actions (``random.Random(seed)``) to its end.

    Deals use ``state.deal_seeded(f"{seed}:{i}")`` for the i-th deal. Stops early after
    ``max_rounds`` ended rounds or ``max_steps`` actions (``capped``). With ``check``, every
    invariant of this module is asserted (see the module docstring); an ``AssertionError``
    names the seed and step. ``check_views`` checks every seat's view at every step (True),
    or (``"turn"``) the acting seat's at every step and every seat's at each round's end;
    ``check_successors`` applies every enumerated action at every step. ``deal(state, i)``,
    when given, makes the i-th deal instead (a forced position: tests/test_rare_coverage.py).
    """
    options = dict(options or {})
    t0 = time.perf_counter()
    game = Game.create(preset, options, players, partnership)
    rng = random.Random(seed)
    first = rng.randrange(players) if dealer is None else dealer
    state = game.new_match(first)
    deck = Counter(deck_for(game.rules))
    tracker = MatchTracker(game, first)
    watch = TurnWatch()
    run = MatchRun(preset, players, partnership, seed, options, state)
    label = (
        f"{preset} players={players} partnership={partnership} options={options} seed={seed!r}"
    )
    deals = 0
    steps = 0
    log_cache: dict[str, Any] = {}
    while not state.is_over:
        ctx = f"{label} deal={deals} step={steps}"
        if state.is_chance:
            if max_rounds is not None and len(state.results) >= max_rounds:
                run.capped = True
                break
            if check and state.legal_actions():
                _fail(ctx, "legal actions between rounds")
            state = deal(state, deals) if deal else state.deal_seeded(f"{seed}:{deals}")
            deals += 1
            if check:
                check_cards(state, deck, ctx + " (deal)")
                check_deal(state, ctx + " (deal)")
                check_table(state, state, ctx + " (deal)")
                watch.new_round(state)
                rnd = state.round
                assert rnd is not None
                if rnd.dealer != tracker.dealer:
                    _fail(ctx, f"round dealt by {rnd.dealer}, expected {tracker.dealer}")
                redeal_ok = game.rules.redeal_pairs
                offered = {a.seat for a in state.legal_actions() if isinstance(a, ClaimRedeal)}
                entitled = {s for s in range(players) if redeal_ok and redeal_entitled(state, s)}
                if offered != entitled:
                    _fail(ctx, f"redeal offered to seats {offered}, entitled: {entitled} (L-52)")
            continue
        if steps >= max_steps:
            run.capped = True
            break
        actions = state.legal_actions()
        turn = state.current_seat
        if check:
            if turn is None:
                _fail(ctx, f"no seat to act in phase {state.phase}")
            if not any(a.seat == turn for a in actions):
                _fail(ctx, f"seat {turn} to act has no legal action (phase {state.phase.value})")
            if len(set(actions)) != len(actions):
                _fail(ctx, "legal_actions lists an action twice")
            for a in actions:
                if a.seat != turn and not isinstance(a, ClaimRedeal):
                    _fail(ctx, f"legal action {a} of seat {a.seat} out of turn")
                if check_successors:
                    try:
                        nxt = state.apply(a)
                    except IllegalAction as e:
                        _fail(ctx, f"enumerated action {a} refused: {e}")
                    check_cards(nxt, deck, f"{ctx} after {a}")
            if check_views:
                seats = [turn] if check_views == "turn" and turn is not None else range(players)
                for s in seats:
                    check_view(state, s, actions, ctx, log_cache)
        action = choose_action(rng, state, actions, policy)
        before = state
        try:
            state = state.apply(action)
        except IllegalAction as e:
            if action in actions:
                _fail(ctx, f"chosen legal action {action} refused: {e}")
            # a planned action outside the enumeration (policy "hoard"): keep the reason
            run.events[f"refused: {e}"] += 1
            action = rng.choice([a for a in actions if a.seat == turn])
            state = state.apply(action)
        steps += 1
        run.events[type(action).__name__] += 1
        if check:
            check_cards(state, deck, f"{ctx} after {action}")
            check_table(before, state, f"{ctx} after {action}")
            watch.step(before, action, state, f"{ctx} after {action}")
            if len(state.results) != len(before.results):
                tracker.round_ended(before, state, f"{ctx} round end after {action}")
                if check_views == "turn":  # every seat's view of the round's end
                    for s in range(players):
                        check_view(state, s, None, f"{ctx} round end", log_cache)
            elif state.is_chance or state.is_over:
                _fail(ctx, "the round ended without a result")
    if check:
        ctx = f"{label} end (deals={deals} steps={steps})"
        if state.is_over and state.legal_actions():
            _fail(ctx, "legal actions after the match is over")
        if state.round is not None:
            check_cards(state, deck, ctx)
        if check_views:
            for s in range(players):
                check_view(state, s, None, ctx)
        check_replay(state, ctx)
    run.state = state
    run.steps = steps
    run.deals = deals
    run.seconds = time.perf_counter() - t0
    return run


def random_state(
    preset: str,
    players: int,
    partnership: bool,
    seed: Any,
    steps: int,
    options: dict[str, Any] | None = None,
) -> State:
    """A mid-game state: ``steps`` random legal actions into a match (unchecked play)."""
    game = Game.create(preset, options or {}, players, partnership)
    rng = random.Random(seed)
    state = game.new_match(rng.randrange(players))
    deals = 0
    done = 0
    while not state.is_over:
        if state.is_chance:
            state = state.deal_seeded(f"{seed}:{deals}")
            deals += 1
            continue
        if done >= steps:
            break
        state = state.apply(choose_action(rng, state, state.legal_actions(), "weighted"))
        done += 1
    return state
