"""The solver agrees with brute force (hypothesis), for every preset."""

from __future__ import annotations

import os
import random
from functools import cache
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handgame.core.cards import Card, standard_deck
from handgame.core.errors import IllegalAction, MeldError
from handgame.games.hand import Game, solver
from handgame.games.hand.actions import Action, Discard
from handgame.games.hand.melds import analyze
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import Ruleset, make_ruleset
from handgame.games.hand.state import State
from handgame.games.hand.values import opening_value, penalty_value
from handgame.games.hand.wilds import Wilds, wilds_for

PRESETS = ["levant", "gulf", "four-jokers"]
# HAND_SOLVER_EXAMPLES=2000 python -m pytest tests/test_solver.py for a deep run
EXAMPLES = int(os.environ.get("HAND_SOLVER_EXAMPLES", "50"))


def _setup(
    preset: str, seed: int, size: int, dense: bool
) -> tuple[tuple[Card, ...], Wilds, Ruleset]:
    rules = make_ruleset(preset)
    deck = list(standard_deck(2, rules.jokers))
    rng = random.Random(seed)
    if dense:  # ranks A-5 and jokers: many melds, many wild cards
        deck = [c for c in deck if c.is_joker or c.rank <= 5]
    rng.shuffle(deck)
    hand = tuple(sorted(deck[:size]))
    indicator = None
    if rules.wilds == "indicator":
        indicator = rng.choice([c for c in standard_deck(1, 0)])
    return hand, wilds_for(rules, indicator), rules


def _valid_melds(
    hand: tuple[Card, ...], wilds: Wilds, rules: Ruleset
) -> list[tuple[tuple[Card, ...], int, int]]:
    """Every valid meld of the hand's cards, by brute force over orderings, with its best
    opening value and its penalty (as a sorted multiset)."""
    best: dict[tuple[Card, ...], int] = {}
    for k in range(3, len(hand) + 1):
        for combo in set(combinations(hand, k)):
            for perm in set(permutations(combo)):
                try:
                    meld = analyze(perm, wilds, rules)
                except MeldError:
                    continue
                key = tuple(sorted(perm))
                best[key] = max(best.get(key, -1), opening_value(meld, rules))
    return [(k, v, sum(penalty_value(c, wilds, rules) for c in k)) for k, v in best.items()]


def _brute(
    hand: tuple[Card, ...],
    melds: list[tuple[tuple[Card, ...], int, int]],
    keep: int,
    must: Card | None,
) -> tuple[int, int]:
    """(least penalty left, largest opening value) over disjoint meld choices, separately."""
    least, most = 10**9, -1

    @cache
    def walk(rest: tuple[Card, ...], start: int, value: int, has_must: bool) -> None:
        nonlocal least, most
        if len(rest) >= keep and (must is None or has_must):
            pen = 0
            for c in rest:
                pen += _PEN[c]
            least = min(least, pen)
            most = max(most, value)
        for i in range(start, len(melds)):
            cards, v, _ = melds[i]
            left = list(rest)
            try:
                for c in cards:
                    left.remove(c)
            except ValueError:
                continue
            walk(tuple(left), i, value + v, has_must or (must in cards))

    walk(hand, 0, 0, False)
    return least, most


_PEN: dict[Card, int] = {}


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(3, 7), st.booleans())
def test_best_arrangement_and_opening_match_brute_force(
    preset: str, seed: int, size: int, dense: bool
) -> None:
    """Least penalty and largest opening count equal exhaustive search over all melds."""
    hand, wilds, rules = _setup(preset, seed, size, dense)
    _PEN.clear()
    _PEN.update({c: penalty_value(c, wilds, rules) for c in hand})
    melds = _valid_melds(hand, wilds, rules)
    for keep in (0, 1):
        got = solver.best_arrangement(hand, wilds, rules, keep)
        least, most = _brute(hand, melds, keep, None)
        assert got.penalty == least
        assert len(got.left) >= keep
        # the arrangement is real: disjoint valid melds of the hand's cards
        rest = list(hand)
        for m in got.melds:
            analyze(m.cards, wilds, rules)
            for c in m.cards:
                rest.remove(c)
        assert sorted(rest) == sorted(got.left)
        opening = solver.best_opening(hand, wilds, rules, 1, keep)
        if most <= 0:
            assert opening is None
        else:
            assert opening is not None and opening.value == most
        assert solver.best_opening(hand, wilds, rules, most + 1, keep) is None
    must = hand[seed % len(hand)]
    _, most_must = _brute(hand, melds, 1, must)
    with_must = solver.best_opening(hand, wilds, rules, 1, 1, None, must)
    if most_must <= 0:
        assert with_must is None
    else:
        assert with_must is not None and with_must.value == most_must
        assert any(must in m.cards for m in with_must.melds)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(4, 9))
def test_best_discard_keeps_the_least_penalty(preset: str, seed: int, size: int) -> None:
    """No other discard leaves a smaller least penalty, wild cards aside."""
    hand, wilds, rules = _setup(preset, seed, size, False)
    card = solver.best_discard(hand, wilds, rules)

    def left_after(c: Card) -> int:
        rest = list(hand)
        rest.remove(c)
        return solver.best_arrangement(tuple(rest), wilds, rules).penalty

    naturals = [c for c in hand if not wilds.is_wild(c)]
    if naturals:
        assert not wilds.is_wild(card)
        assert left_after(card) == min(left_after(c) for c in naturals)


# ----------------------------------------------------------------------------- going out


def _brute_going_out(state: State, depth: int = 0) -> bool:
    """Whether some sequence of the engine's legal actions empties the hand this turn."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    for action in state.legal_actions(seat):
        if isinstance(action, Discard):
            if len(rnd.hands[seat]) == 1:
                return True
            continue
        if action.seat != seat or depth > 8:
            continue
        nxt = state.apply(action)
        if nxt.phase is Phase.PLAY and _brute_going_out(nxt, depth + 1):
            return True
    return False


def _late_states(preset: str, seed: int, limit: int) -> list[State]:
    """Play states with small hands from a game of greedy bots (a deterministic seed)."""
    from handgame.play.driver import play_match
    from handgame.play.registry import make_bot

    players = 2 if seed % 2 else 3
    game = Game.create(preset, {"rounds": 1}, players)
    found: list[State] = []

    def keep(before: State, action: Action, after: State) -> None:
        seat = after.current_seat
        if (
            after.phase is Phase.PLAY
            and after.round is not None
            and seat is not None
            and len(after.round.hands[seat]) <= 5
            and len(found) < limit
        ):
            found.append(after)

    bots = [make_bot("greedy", f"{seed}-{s}") for s in range(players)]
    play_match(game, bots, f"solver-{seed}", on_action=keep)
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_going_out_matches_brute_force(preset: str) -> None:
    """going_out finds a way out exactly when one exists, and its steps are legal."""
    checked = outs = 0
    for seed in range(6):
        for state in _late_states(preset, seed, 12):
            plan = solver.going_out(state)
            assert (plan is not None) == _brute_going_out(state)
            checked += 1
            if plan is not None:
                outs += 1
                after = state
                for step in plan:
                    after = after.apply(step)  # raises IllegalAction if a step is illegal
                assert after.round is None or len(after.results) > len(state.results)
    assert checked >= 20
    assert outs >= 1


def test_going_out_needs_the_play_phase() -> None:
    """Before the draw there is nothing to search."""
    state = Game.create("levant", {}, 2).new_match().deal_seeded(1)
    assert state.phase is not Phase.PLAY
    assert solver.going_out(state) is None
    with pytest.raises(IllegalAction):
        state.apply(Discard(state.current_seat or 0, Card.parse("AS"), True))
