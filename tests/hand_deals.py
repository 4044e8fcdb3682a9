"""Hand-made Hand positions for the tests: a two-seat round dealt card by card, and seeded
random play up to a condition."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from handgame.core.cards import Card, parse_cards
from handgame.games.hand.deal import Deal, deck_for
from handgame.games.hand.state import Game, State
from invariants import choose_action


def dealt(preset: str, options: dict[str, Any], hands: list[str], indicator: str | None,
          top: str) -> State:
    """A two-seat round of one deal, dealer seat 1 (seat 0 plays first, 15 cards): the hands
    as written, the stock starting with ``top``, then the rest of the deck in card order
    (``indicator`` None: a preset without one, F-2)."""
    game = Game.create(preset, {"rounds": 1, **options}, players=2)
    hands_dealt = [parse_cards(h.split()) for h in hands]
    first = parse_cards(top.split())
    rest = Counter(deck_for(game.rules))
    turned = Card.parse(indicator) if indicator is not None else None
    rest.subtract([*(c for h in hands_dealt for c in h), *first])
    if turned is not None:  # (AS is card code 0: a test of truth would drop it)
        rest[turned] -= 1
    stock = (*first, *sorted(rest.elements()))
    deal = Deal(tuple(hands_dealt), stock, turned)
    return game.new_match(1).apply_deal(deal)


def cards(text: str) -> tuple[Card, ...]:
    """Cards written with spaces between them (``"7D AC 9D"``)."""
    return parse_cards(text.split())


def play_until(state: State, rng: random.Random, until: Callable[[State], Any],
               policy: str = "weighted") -> State:
    """Random legal play (``weighted``: laying preferred) until ``until(state)`` holds."""
    for _ in range(5000):
        if until(state):
            return state
        if state.is_chance:
            state = state.deal_seeded(f"m:{rng.random()}")
            continue
        state = state.apply(choose_action(rng, state, state.legal_actions(), policy))
    raise AssertionError("the condition never held")
