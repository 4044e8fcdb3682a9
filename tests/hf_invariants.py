"""Invariants of Hand and Foot, checked while a match is played (RULES.md HF-1…HF-13).

Used by ``tests/hand_and_foot/test_hf_properties.py`` (a few matches in CI) and by the soak
``tests/hf_random_games.py`` (thousands). At every decision: every card of the deck in exactly
one place (270 with 5 decks), no red three in a hand, a legal action for the seat to act, the
view of each checked seat equal to the view of the same state with everything it has not seen
dealt again (so no hidden card reaches a view), the spectator's view without hand or actions;
at each round's end the scores recomputed from HF-11 as written; at the match's end the totals,
the winner, ``returns`` and the record replayed to the same answer.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Any

from handgame.core.cards import Card
from handgame.core.record import dumps, replay
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Meld, Take
from handgame.games.hand_and_foot.deal import deck_for
from handgame.games.hand_and_foot.record import summary, to_record
from handgame.games.hand_and_foot.rounds import RoundState
from handgame.games.hand_and_foot.rules import PILE_TAKE, Rules, is_red_three, value
from handgame.games.hand_and_foot.state import Game, State


def all_cards(rnd: RoundState) -> list[Card]:
    """Every card of a round, wherever it is, sorted (equal lists: the same multiset)."""
    return sorted(
        chain(*rnd.hands, *rnd.feet, *rnd.red_threes, rnd.stock, rnd.pile,
              *(m.cards for m in rnd.melds))
    )


@lru_cache(maxsize=16)
def _sorted_deck(rules: Rules) -> list[Card]:
    return sorted(deck_for(rules))


def hf11_scores(state: State, rnd: RoundState, went_out: int | None) -> list[int]:
    """HF-11, written again from the rule book (both values of ``untouched_foot``)."""
    rules = state.rules
    scores = [0] * rules.teams
    for m in rnd.melds:
        scores[m.team] += sum(value(c) for c in m.cards)
        if len(m.cards) == 7:
            scores[m.team] += 300 if any(c.is_joker or c.rank == 2 for c in m.cards) else 500
    for s in range(rules.players):
        t = s % rules.teams
        scores[t] += 100 * len(rnd.red_threes[s]) - sum(value(c) for c in rnd.hands[s])
        if not rnd.picked[s]:
            scores[t] -= 100 * sum(is_red_three(c) for c in rnd.feet[s])
            if rules.untouched_foot == "counts":
                scores[t] -= sum(value(c) for c in rnd.feet[s] if not is_red_three(c))
    if went_out is not None:
        scores[went_out % rules.teams] += 100
    return scores


def check_view(state: State, seat: int, rng: random.Random) -> None:
    """The seat's view shows its own hand and nothing it has not seen (HF-1…HF-3).

    The views are compared as values (every field; ``to_json`` is a function of the fields,
    so equal views send equal JSON); ``check_step`` checks the JSON itself at a share of steps.
    """
    rnd = state.round
    assert rnd is not None
    view = state.view(seat)
    assert view.hand == rnd.hands[seat]
    other = state.resample(seat, random.Random(rng.random()))
    assert other.round is not None and all_cards(other.round) == all_cards(rnd)
    assert other.view(seat) == view, "a view changes with cards it has not seen"


def check_view_json(state: State, seat: int) -> None:
    """The seat's view as a client receives it: its own hand, no foot, stock or deal."""
    rnd = state.round
    assert rnd is not None
    view = state.view(seat).to_json()
    assert view["hand"] == [str(c) for c in rnd.hands[seat]]
    assert not {"feet", "stock", "deal"} & set(view), "a view holds hidden cards"


def check_step(
    state: State, rng: random.Random, views: float = 1.0, successors: float = 0.1
) -> list[Any]:
    """Every invariant of one decision; the legal actions of the seat to act. ``views``: the
    share of steps at which every seat's view is checked, and the views' JSON (the acting
    seat's view is compared with a resampled state's at every step);
    ``successors``: the share at which every listed action is applied."""
    rnd = state.round
    assert rnd is not None
    assert all_cards(rnd) == _sorted_deck(state.rules), "a card is lost or doubled"
    assert all(not is_red_three(c) for h in rnd.hands for c in h), "a red three in a hand"
    seat = state.to_act()
    assert seat is not None
    legal = state.legal_actions(seat)  # worked out once a step (the state caches it)
    assert legal, f"seat {seat} must act and has no legal action"
    assert legal == state.legal_actions() or rnd.turn_state.pending
    every_seat = rng.random() < views
    for s in range(state.game.players) if every_seat else (seat,):
        check_view(state, s, rng)
    public = state.view(None)
    assert public.hand == () and public.legal_actions == ()
    if every_seat:  # the views as sent (JSON), at the same share of steps
        check_view_json(state, seat)
        assert not {"feet", "stock", "deal"} & set(public.to_json()), "hidden cards in a view"
    if rng.random() < successors:
        for a in legal:
            state.apply(a)
    return legal


def choose(legal: list[Any], rng: random.Random, biased: bool) -> Any:
    """A random action; ``biased``: lay cards whenever possible (so rounds end by going out)."""
    if not biased:
        return rng.choice(legal)
    lay = [a for a in legal if isinstance(a, Meld | Add | Take)]
    if lay:
        return rng.choice(lay)
    if any(isinstance(a, Answer) for a in legal):
        return legal[0]
    rest = [a for a in legal if not isinstance(a, Ask)] or legal
    return rng.choice(rest)


@dataclass
class Played:
    """A finished match and what it took."""

    state: State
    steps: int
    outs: int


def check_pile_left(
    before: State, action: Any, after: State, taken: tuple[Card, ...]
) -> tuple[Card, ...]:
    """The view's ``turn_info.pile_left`` (HF-8) names only pile cards every seat saw taken
    this turn (HF-6); the cards taken by the turn in progress, for the next step."""
    rnd, old = after.round, before.round
    assert old is not None
    if isinstance(action, Take):
        taken = old.pile[-1 - PILE_TAKE : -1]
    elif rnd is None or rnd.index != old.index or rnd.turn != old.turn:
        taken = ()
    if after.in_round and rnd is not None:  # the view shows turn_state.pile_left as it is
        shown = rnd.turn_state.pile_left
        assert not Counter(shown) - Counter(taken), "pile_left names a card not seen taken"
    return taken


def check_match_end(final: State) -> None:
    """Totals, winner and ``returns`` of a finished match (HF-12), and its record replayed."""
    assert final.is_over and len(final.results) == final.rules.rounds
    totals = final.team_totals
    assert list(totals) == [sum(r.scores[t] for r in final.results) for t in range(len(totals))]
    best = max(totals)
    n = final.game.players
    if list(totals).count(best) == 1:
        assert final.winner == totals.index(best)
        assert final.returns() == tuple(
            1.0 if s % final.rules.teams == final.winner else 0.0 for s in range(n)
        )
    else:
        assert final.winner is None and final.returns() == (0.0,) * n
    answer = replay(json.loads(dumps(to_record(final))))
    assert answer == summary(final), "the record does not replay to the same answer"
    assert answer["finished"] and answer["error"] is None


def play_match(
    players: int,
    seed: str,
    biased: bool,
    options: dict[str, Any] | None = None,
    check: Callable[[State, random.Random], list[Any]] = check_step,
    max_steps: int = 50_000,
) -> Played:
    """A seeded random match played to its end with ``check`` at every decision."""
    state = Game.create("hand-and-foot", options, players).new_match(0)
    rng = random.Random(seed)
    steps = outs = 0
    taken: tuple[Card, ...] = ()
    while not state.is_over:
        assert steps < max_steps, f"the match did not end in {max_steps} steps"
        if state.is_chance:
            state = state.apply_deal(state.seeded_deal(f"{seed}:{state.deal_count}"))
            continue
        legal = check(state, rng)
        before = state
        action = choose(legal, rng, biased)
        state = state.apply(action)
        steps += 1
        taken = check_pile_left(before, action, state, taken)
        if len(state.results) > len(before.results):
            result = state.results[-1]
            assert state.round is not None
            assert list(result.scores) == hf11_scores(state, state.round, result.went_out)
            outs += result.went_out is not None
    check_match_end(state)
    return Played(state, steps, outs)
