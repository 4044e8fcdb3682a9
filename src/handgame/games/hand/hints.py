"""Advice for the seat to act, from what it may see: shared by ``hand play`` and the web UI.

A layer above the solver and the bots (it imports the core, the solver and the bots, never an
interface). :func:`hint` reads only a :class:`~handgame.games.hand.view.PlayerView`: the state
it samples for the engine's help has its hidden cards at random and never reads them. Its
advice is phrases (:mod:`handgame.core.words`): a kind (``hint_open``...) with the cards and
counts it names; each front end words them from the glossary (Hand's ``words.json``).
"""

from __future__ import annotations

import random

from handgame.core.cards import Card
from handgame.core.words import Phrase, phrase
from handgame.games.hand.actions import (
    Discard,
    Draw,
    LayOff,
)
from handgame.games.hand.bots.determinize import game_of, sample_state
from handgame.games.hand.obligations import taken_must_join
from handgame.games.hand.rounds import Phase
from handgame.games.hand.solver import best_arrangement, best_discard, best_opening, going_out
from handgame.games.hand.state import State
from handgame.games.hand.turn import required_minimum
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds, wilds_for


def hint(view: PlayerView) -> list[Phrase]:
    """Advice for the view's seat: the best opening, add, discard (from the view only)."""
    seat = view.seat
    if seat is None or view.turn != seat or view.public is None:
        return [phrase("hint_not_turn")]
    rules = game_of(view).rules
    wilds = wilds_for(rules, view.indicator)
    hand = tuple(view.hand)
    sampled = sample_state(view, random.Random(0))  # hidden cards at random, never read
    opened = view.opened[seat]
    phase = Phase(view.phase)
    if phase is Phase.FIRST_DISCARD:
        card = best_discard(hand, wilds, rules)
        return [phrase("hint_discard", card=card, left=_left(hand, card, wilds, view))]
    if phase is Phase.DRAW:
        return [_draw_hint(view, sampled, wilds)]
    steps = going_out(sampled)
    if steps is not None:
        return [phrase("hint_go_out", steps=steps)]
    lines: list[Phrase] = []
    ts = view.public.turn_state
    restriction = ts.restriction if not ts.taken_used else None
    must = ts.taken if ts.taken is not None and not ts.taken_used else None
    if not taken_must_join(rules):
        must = None
    if not opened:
        minimum = required_minimum(sampled)
        need = max(1, minimum - ts.laid_value)
        found = best_opening(hand, wilds, rules, need, 1, restriction, must)
        if found is not None:
            melds = found.meld_cards
            if ts.laid_value:
                lines.append(
                    phrase(
                        "hint_open_laid",
                        melds=melds,
                        value=found.value,
                        laid=ts.laid_value,
                        minimum=minimum,
                    )
                )
            else:
                lines.append(phrase("hint_open", melds=melds, value=found.value, minimum=minimum))
            after = list(hand)
            for m in found.meld_cards:
                for c in m:
                    after.remove(c)
            hand = tuple(after)
        else:
            best = best_arrangement(hand, wilds, rules, 1)
            value = best.value + ts.laid_value
            lines.append(phrase("hint_cannot_open", value=value, minimum=minimum))
    else:
        arr = best_arrangement(hand, wilds, rules, 1, restriction)
        if arr.melds:
            lines.append(phrase("hint_lay", melds=arr.meld_cards))
            hand = arr.left
        adds = [a for a in view.legal_actions if isinstance(a, LayOff)]
        adds = [a for a in adds if a.card in hand and not wilds.is_wild(a.card)]
        if adds:
            best_add = max(adds, key=lambda a: (a.card.rank or 15, -a.to))
            if best_add.end:
                said = phrase("hint_add_end", card=best_add.card, to=best_add.to, end=best_add.end)
            else:
                said = phrase("hint_add", card=best_add.card, to=best_add.to)
            lines.append(said)
            after = list(hand)
            after.remove(best_add.card)
            hand = tuple(after)
    if hand:
        legal = {a.card for a in view.legal_actions if isinstance(a, Discard)}
        allowed = tuple(sorted(c for c in legal if c in hand))
        card = best_discard(hand, wilds, rules, allowed or None)
        lines.append(phrase("hint_then_discard", card=card, left=_left(hand, card, wilds, view)))
    return lines


def _draw_hint(view: PlayerView, sampled: State, wilds: Wilds) -> Phrase:
    top = view.discard_pile[-1] if view.discard_pile else None
    seat = view.seat
    assert seat is not None
    if top is not None and Draw(seat, "discard") in view.legal_actions:
        taken = sampled.apply(Draw(seat, "discard"))
        rnd = taken.round
        assert rnd is not None
        hand = rnd.hands[seat]
        rules = taken.rules
        minimum = required_minimum(taken) if not view.opened[seat] else 0
        ts = rnd.turn_state
        found = best_opening(hand, wilds, rules, minimum, 1, ts.restriction, top)
        if found is not None:
            meld = next(m for m in found.meld_cards if top in m)
            if minimum:
                return phrase("hint_take_open", card=top, cards=meld, value=found.value)
            return phrase("hint_take", card=top, cards=meld)
    if top is not None:
        return phrase("hint_draw_no_meld", card=top)
    return phrase("hint_draw_stock")


def _left(hand: tuple[Card, ...], card: Card, wilds: Wilds, view: PlayerView) -> int:
    """The points the best melds leave in hand once ``card`` is discarded."""
    rules = game_of(view).rules
    rest = list(hand)
    rest.remove(card)
    return best_arrangement(tuple(rest), wilds, rules).penalty
