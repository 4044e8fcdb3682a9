"""Advice for the seat to act, from what it may see: shared by ``hand play`` and the web UI.

A layer above the solver and the bots (it imports the core, the solver and the bots, never an
interface). :func:`hint` reads only a :class:`~handgame.games.hand.view.PlayerView`: the state
it samples for the engine's help has its hidden cards at random and never reads them.
"""

from __future__ import annotations

import random

from handgame.core.cards import Card
from handgame.core.words import Face, faces, symbol
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
from handgame.games.hand.text import describe, imperative
from handgame.games.hand.turn import required_minimum
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds, wilds_for

#: The kind of advice of each line :func:`hint` gives, by how the line starts (the interfaces
#: translate a line by its kind: the sentences are in ``handgame/locale/messages.json``).
HINT_KINDS: tuple[tuple[str, str], ...] = (
    ("It is not your turn", "not_turn"),
    ("Draw from the stock", "draw_stock"),
    ("Take the discard", "take"),
    ("Open with", "open"),
    ("You cannot open yet", "cannot_open"),
    ("Lay ", "lay"),
    ("Add ", "add"),
    ("Discard ", "discard"),
    ("Then discard ", "discard"),
    ("You can go out", "go_out"),
)


def hint_kind(line: str) -> str | None:
    """The kind of advice of a line of :func:`hint` (``draw_stock``, ``open``…), or None."""
    return next((kind for start, kind in HINT_KINDS if line.startswith(start)), None)










def hint(view: PlayerView, face: Face = symbol) -> list[str]:
    """Advice for the view's seat: the best opening, add, discard (from the view only)."""
    seat = view.seat
    if seat is None or view.turn != seat or view.public is None:
        return ["It is not your turn."]
    rules = game_of(view).rules
    wilds = wilds_for(rules, view.indicator)
    hand = tuple(view.hand)
    sampled = sample_state(view, random.Random(0))  # hidden cards at random, never read
    opened = view.opened[seat]
    phase = Phase(view.phase)
    if phase is Phase.FIRST_DISCARD:
        card = best_discard(hand, wilds, rules)
        return [f"Discard {face(card)}: " + _discard_reason(hand, card, wilds, view)]
    if phase is Phase.DRAW:
        return _draw_hint(view, sampled, wilds, face)
    steps = going_out(sampled)
    if steps is not None:
        words = [imperative(describe(a, view.discard_pile, "you", face)) for a in steps]
        return ["You can go out this turn: " + "; then ".join(words) + "."]
    lines: list[str] = []
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
            melds = " + ".join(faces(m, face) for m in found.meld_cards)
            so_far = f" with the {ts.laid_value} laid" if ts.laid_value else ""
            lines.append(
                f"Open with {melds}: it counts {found.value}{so_far}, the minimum is "
                f"{minimum} (select a meld's cards and press m)."
            )
            after = list(hand)
            for m in found.meld_cards:
                for c in m:
                    after.remove(c)
            hand = tuple(after)
        else:
            best = best_arrangement(hand, wilds, rules, 1)
            lines.append(
                f"You cannot open yet: your best melds count {best.value + ts.laid_value} "
                f"of the {minimum} needed (L-63). Keep building."
            )
    else:
        arr = best_arrangement(hand, wilds, rules, 1, restriction)
        if arr.melds:
            melds = " + ".join(faces(m, face) for m in arr.meld_cards)
            lines.append(f"Lay {melds}: fewer points left in your hand if the round ends.")
            hand = arr.left
        adds = [a for a in view.legal_actions if isinstance(a, LayOff)]
        adds = [a for a in adds if a.card in hand and not wilds.is_wild(a.card)]
        if adds:
            best_add = max(adds, key=lambda a: (a.card.rank or 15, -a.to))
            end = f" at the {best_add.end} end" if best_add.end else ""
            lines.append(
                f"Add {face(best_add.card)} to meld {best_add.to + 1}{end}: it leaves "
                "your hand for good (select it, pick the meld, press a)."
            )
            after = list(hand)
            after.remove(best_add.card)
            hand = tuple(after)
    if hand:
        legal = {a.card for a in view.legal_actions if isinstance(a, Discard)}
        allowed = tuple(sorted(c for c in legal if c in hand))
        card = best_discard(hand, wilds, rules, allowed or None)
        lines.append(f"Then discard {face(card)}: " + _discard_reason(hand, card, wilds, view))
    return lines


def _draw_hint(view: PlayerView, sampled: State, wilds: Wilds, face: Face) -> list[str]:
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
            return [
                f"Take the discard {face(top)}: it makes the meld {faces(meld, face)}"
                + (f" in an opening of {found.value}." if minimum else ".")
            ]
    why = (
        f" (the discard {face(top)} makes no meld you could lay now, L-62)"
        if top is not None
        else ""
    )
    return [f"Draw from the stock{why}."]


def _discard_reason(hand: tuple[Card, ...], card: Card, wilds: Wilds, view: PlayerView) -> str:
    rules = game_of(view).rules
    rest = list(hand)
    rest.remove(card)
    arr = best_arrangement(tuple(rest), wilds, rules)
    return (
        "of all your cards it is the one that least spoils your melds "
        f"(your best melds then leave {arr.penalty} points in hand)."
    )
