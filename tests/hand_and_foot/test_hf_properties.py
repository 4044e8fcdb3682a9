"""Seeded random Hand and Foot matches (4 and 6 players) played to the end, with invariants
at every step: every card in one place (270 with 5 decks), a legal action always available,
every listed action applies, views show no hidden card, HF-11 scoring recomputed, and the
record replays to the same answer."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest

from handgame.core.cards import Card
from handgame.core.record import dumps, replay
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Meld, Take
from handgame.games.hand_and_foot.deal import deck_for
from handgame.games.hand_and_foot.record import summary, to_record
from handgame.games.hand_and_foot.rounds import RoundState
from handgame.games.hand_and_foot.rules import is_red_three, value
from handgame.games.hand_and_foot.state import Game, State

MATCHES = int(os.environ.get("HAND_EXAMPLES", "2"))


def _all_cards(rnd: RoundState) -> Counter[Card]:
    got: Counter[Card] = Counter()
    for group in (*rnd.hands, *rnd.feet, *rnd.red_threes, rnd.stock, rnd.pile):
        got.update(group)
    for m in rnd.melds:
        got.update(m.cards)
    return got


def _score(state: State, rnd: RoundState, went_out: int | None) -> list[int]:
    """HF-11, written again from the rule book."""
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
    if went_out is not None:
        scores[went_out % rules.teams] += 100
    return scores


def _check(state: State, rng: random.Random) -> None:
    rnd = state.round
    assert rnd is not None
    assert _all_cards(rnd) == Counter(deck_for(state.rules))
    assert all(not is_red_three(c) for h in rnd.hands for c in h)
    seat = state.to_act()
    assert seat is not None
    legal = state.legal_actions(seat)
    assert legal, "a seat must act and has no legal action"
    assert legal == state.legal_actions() or rnd.turn_state.pending
    view = state.view(seat).to_json()
    assert view["hand"] == [str(c) for c in rnd.hands[seat]]
    assert not {"feet", "stock", "deal"} & set(view)
    # the view depends on nothing the seat has not seen: the others' hands (but for pile
    # cards seen going in), every foot not picked up and the stock, dealt again, change nothing
    other = state.resample(seat, random.Random(rng.random()))
    assert other.view(seat).to_json() == view
    assert other.round is not None and _all_cards(other.round) == _all_cards(rnd)
    public = state.view(None).to_json()
    assert public["hand"] == [] and public["legal_actions"] == []
    if rng.random() < 0.1:
        for a in legal:
            state.apply(a)


def _choose(legal: list[Any], rng: random.Random, biased: bool) -> Any:
    if not biased:
        return rng.choice(legal)
    lay = [a for a in legal if isinstance(a, Meld | Add | Take)]
    if lay:
        return rng.choice(lay)
    if any(isinstance(a, Answer) for a in legal):
        return legal[0]
    rest = [a for a in legal if not isinstance(a, Ask)] or legal
    return rng.choice(rest)


def _play(players: int, seed: str, biased: bool) -> tuple[State, int]:
    game = Game.create("hand-and-foot", None, players)
    state = game.new_match(0)
    rng = random.Random(seed)
    outs = 0
    for _ in range(50_000):
        if state.is_over:
            break
        if state.is_chance:
            state = state.apply_deal(state.seeded_deal(f"{seed}:{state.deal_count}"))
            continue
        _check(state, rng)
        before = state
        state = state.apply(_choose(state.legal_actions(state.to_act()), rng, biased))
        if len(state.results) > len(before.results):
            result = state.results[-1]
            assert state.round is not None
            assert list(result.scores) == _score(state, state.round, result.went_out)
            outs += result.went_out is not None
    return state, outs


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("biased", [False, True])
def test_random_matches(players: int, biased: bool) -> None:
    """Random (and meld-loving) matches end after 4 rounds, every invariant kept."""
    outs = 0
    for k in range(MATCHES + 6):
        if k >= MATCHES and (outs or not biased):
            break  # the meld-loving matches go on until a round ends by going out
        final, went_out = _play(players, f"hf:{players}:{biased}:{k}", biased)
        outs += went_out
        assert final.is_over and len(final.results) == 4
        assert final.deal_count == 4
        totals = final.team_totals
        assert list(totals) == [sum(r.scores[t] for r in final.results) for t in range(len(totals))]
        best = max(totals)
        if list(totals).count(best) == 1:
            assert final.winner == totals.index(best)
            assert final.returns() == tuple(
                1.0 if s % final.rules.teams == final.winner else 0.0 for s in range(players)
            )
        else:
            assert final.winner is None and final.returns() == (0.0,) * players
        answer = replay(json.loads(dumps(to_record(final))))
        assert answer == summary(final)
        assert answer["finished"] and answer["error"] is None
    if biased:
        assert outs, "no round ended by going out"
