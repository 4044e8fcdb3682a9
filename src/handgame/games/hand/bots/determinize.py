"""Determinization: a full game state sampled to agree with everything a seat's view shows.

The seat's own hand, the table, the discard pile and the cards known to be in other hands
(taken from the pile, taken by swaps) are kept; every other card (the others' unknown cards and
the stock) is dealt at random from what the seat has not seen, in the counts the view shows.
A bot that needs a whole :class:`~handgame.games.hand.state.State` (to search, or to ask the
engine what is legal) works on such a sample, never on the real state.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from handgame.core.cards import Card
from handgame.core.errors import BotError
from handgame.games.hand.deal import Deal, deck_for
from handgame.games.hand.rounds import Phase, RoundState
from handgame.games.hand.state import Game, State
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import wilds_for


@lru_cache(maxsize=64)
def _game(preset: str, options: str, players: int, partnership: bool) -> Game:
    return Game.create(preset, json.loads(options), players, partnership)


def game_of(view: PlayerView) -> Game:
    """The game configuration a view describes."""
    return _game(
        view.preset, json.dumps(view.options, sort_keys=True), view.players, view.partnership
    )


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards the seat has not seen: the others' unknown cards and the stock, sorted."""
    public = view.public
    if public is None:
        raise BotError("the view shows no round in progress")
    game = game_of(view)
    pool = Counter(deck_for(game.rules))
    seen: Counter[Card] = Counter(view.hand)
    seen.update(c for m in public.melds for c in m.cards)
    seen.update(view.discard_pile)
    if view.indicator is not None:
        seen[view.indicator] += 1
    for seat, known in enumerate(public.known):
        if seat != view.seat:
            seen.update(known)
    if seen - pool:
        raise BotError(f"the view shows cards the deck does not hold: {seen - pool}")
    return sorted((pool - seen).elements())


def sample_state(view: PlayerView, rng: random.Random) -> State:
    """A full state that agrees with ``view``, the hidden cards dealt at random by ``rng``."""
    return sampler_of(view)(rng)


def sampler_of(view: PlayerView) -> Callable[[random.Random], State]:
    """:func:`sample_state` of ``view`` for many samples: the unseen cards and the game are
    read once (the same draws, so the same states, as :func:`sample_state`'s)."""
    pool = unseen_cards(view)
    game = game_of(view)
    return lambda rng: state_from(view, *deal_hidden(view, pool, rng), game)


def deal_hidden(
    view: PlayerView, pool: list[Card], rng: random.Random
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Every seat's hand and the stock, the unseen ``pool`` (:func:`unseen_cards`) shuffled by
    ``rng`` into the others' unknown cards and the stock; ``pool`` itself is left alone."""
    if view.public is None:
        raise BotError("the view shows no round in progress")
    if view.seat is None:
        raise BotError("a spectator's view has no seat to sample for")
    public = view.public
    cards = list(pool)
    rng.shuffle(cards)
    hands: list[tuple[Card, ...]] = []
    at = 0
    for seat in range(view.players):
        if seat == view.seat:
            hands.append(tuple(view.hand))
            continue
        known = public.known[seat] if public.known else ()
        need = view.hand_counts[seat] - len(known)
        hands.append(tuple(sorted((*known, *cards[at : at + need]))))
        at += need
    stock = tuple(cards[at:])
    if len(stock) != view.stock_count or need_mismatch(hands, view):
        raise BotError("the view's card counts do not add up to the deck")
    return tuple(hands), stock


def state_from(
    view: PlayerView,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    game: Game | None = None,
) -> State:
    """The full state of ``view`` with these hands and stock (:func:`deal_hidden`'s);
    ``game`` is :func:`game_of` the view, when the caller has it."""
    public = view.public
    me = view.seat
    if public is None or me is None:
        raise BotError("the view shows no round in progress at a seat")
    if game is None:
        game = game_of(view)
    rnd = RoundState(
        dealer=view.dealer,
        deal=Deal(hands, stock, view.indicator),
        wilds=wilds_for(game.rules, view.indicator),
        hands=hands,
        stock=stock,
        discard_pile=view.discard_pile,
        melds=public.melds,
        owners=tuple(m.owner for m in view.melds),
        opened=view.opened,
        laid_before=public.laid_before,
        announced=view.announced,
        missed=public.missed,
        turn=view.turn if view.turn is not None else me,
        turns_done=public.turns_done,
        last_opening=public.last_opening,
        reshuffles=public.reshuffles,
        pile_top_by=public.pile_top_by,
        turn_state=public.turn_state,
        actions=public.actions,
        known=public.known,
    )
    return State(
        game=game,
        phase=Phase(view.phase),
        dealer=view.dealer,
        totals=view.totals,
        round=rnd,
    )


def need_mismatch(hands: Sequence[tuple[Card, ...]], view: PlayerView) -> bool:
    """Whether the sampled hands differ in size from the counts the view shows."""
    return any(len(h) != n for h, n in zip(hands, view.hand_counts, strict=True))
