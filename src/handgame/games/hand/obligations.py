"""The turn's obligations and the taken discard: what a turn owes and how the taken card reads.

What the top discard taken obliges (L-62, O-5, F-4), which steps before opening bind a player
to go out (L-63, L-64, F-8, O-8), and how a new meld reads the taken wild card, tracked as a
physical card (L-66, O-6). Shared by :mod:`handgame.games.hand.turn` (the steps),
:mod:`handgame.games.hand.finish` (the search) and the bots.
"""

from __future__ import annotations

from handgame.core.cards import JOKER, Card
from handgame.core.errors import IllegalAction, MeldError
from handgame.games.hand.actions import Action, LayOff, SwapWild
from handgame.games.hand.match import Match
from handgame.games.hand.meldgen import role_choices
from handgame.games.hand.melds import Meld, analyze
from handgame.games.hand.rounds import RoundState, TurnState
from handgame.games.hand.rules import Ruleset


def pickup_owed(rules: Ruleset, ts: TurnState) -> bool:
    """Whether the top discard taken this turn still obliges a meld (L-62, O-5, F-4)."""
    if ts.taken is None or rules.discard_pickup == "free":
        return False
    if rules.discard_pickup == "must-meld":
        return not ts.laid  # F-4: some new meld this turn, with or without the taken card
    return not ts.taken_used


def taken_must_join(rules: Ruleset) -> bool:
    """Whether the taken discard itself must be laid (L-62, O-5), not just some meld (F-4)."""
    return rules.discard_pickup in ("new-meld", "new-meld-or-add")


def taken_settled_by_adding(rules: Ruleset, ts: TurnState) -> bool:
    """Whether adding the taken discard to a meld on the table settles it (O-5: under
    ``new-meld-or-add``, when the discarder had opened)."""
    return rules.discard_pickup == "new-meld-or-add" and ts.taken_from_opened


def makes_provisional(state: Match, action: Action) -> bool:
    """Whether a lay-off or swap by a seat that has not opened binds it to go out this turn
    (L-63, L-64): not a swap under ``swap_needs_opening=false`` (F-8), nor an O-8 add."""
    rnd = state.round
    assert rnd is not None
    if rnd.opened[rnd.turn]:
        return False
    if isinstance(action, SwapWild):
        return state.rules.swap_needs_opening
    if isinstance(action, LayOff):
        return not o8_add(state, action)
    return False


def o8_add(state: Match, a: LayOff) -> bool:
    """An add of a third equal card to two-equal-plus-wild under O-8 ``free``, which a player
    who has not opened may make as part of opening (O-8)."""
    rnd = state.round
    assert rnd is not None
    if state.rules.pair_plus_wild != "free" or not 0 <= a.to < len(rnd.melds):
        return False
    return rnd.melds[a.to].is_pair_plus_wild() and not rnd.wilds.is_wild(a.card)


def taken_restriction(rnd: RoundState) -> tuple[Card, str] | None:
    """How the taken wild card may still be used (L-66, O-6), or None once it is laid."""
    ts = rnd.turn_state
    return None if ts.taken_used else ts.restriction


def read_meld(
    state: Match, rnd: RoundState, cards: tuple[Card, ...], hand: tuple[Card, ...]
) -> tuple[Meld, bool]:
    """The meld ``cards`` make and whether it lays the taken discard itself (L-62, L-66, O-6).

    While the taken wild is restricted its physical card is tracked: a copy read in the
    restricted role is the taken one, a copy read as an ordinary wild another of the hand.
    """
    ts = rnd.turn_state
    rules = state.rules
    restriction = taken_restriction(rnd)
    if restriction is not None and restriction[1] == "aces-set":
        card = restriction[0]
        try:
            meld = analyze(cards, rnd.wilds, rules)
        except MeldError as e:
            raise IllegalAction(str(e), rules=e.rules) from None
        if card not in cards:
            return meld, False
        if meld.kind == "set" and meld.rank == 1:
            return meld, True
        if cards.count(card) < hand.count(card):
            return meld, False
        raise IllegalAction(
            "a discarded wild card may be taken only for a set of aces (O-6)", rules=("O-6",)
        )
    count = hand.count(restriction[0]) if restriction is not None else 0
    # the first refusal's words and rule ids (not the error itself: its traceback holds this
    # frame, a cycle only the collector would free)
    first: tuple[str, tuple[str, ...]] | None = None
    for roles, taken_copy in role_choices(cards, restriction, count):
        try:
            meld = analyze(cards, rnd.wilds, rules, roles)
        except MeldError as e:
            first = first or (str(e), e.rules)
            continue
        uses = ts.taken is not None and not ts.taken_used and ts.taken in cards and taken_copy
        return meld, uses
    assert first is not None
    hint = ""
    if restriction is not None:
        hint = f"; the discarded wild {ts.taken} taken from the pile plays only as " + (
            "an ace (L-66)" if ts.taken == JOKER else "its own natural card (L-66)"
        )
    raise IllegalAction(f"{first[0]}{hint}", rules=first[1])
