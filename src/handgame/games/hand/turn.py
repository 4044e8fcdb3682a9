"""The turn's steps: each action's own checks and its effect (RULES.md L-60…L-81, O-4…O-10).

``step`` applies one action's own checks; whether the turn can still be finished afterwards
is :mod:`handgame.games.hand.finish`'s question, and :mod:`handgame.games.hand.legal` puts
the two together (``apply``, ``legal_actions``).
"""

from __future__ import annotations

from handgame.core.cards import JOKER, Card, missing_cards, remove_cards
from handgame.core.errors import IllegalAction, MeldError, NotHeld, Reason
from handgame.games.hand.actions import (
    Action,
    ClaimRedeal,
    Discard,
    Draw,
    LayMelds,
    LayOff,
    SwapWild,
)
from handgame.games.hand.dealing import claim_redeal
from handgame.games.hand.match import Match
from handgame.games.hand.melds import ACE_ONLY, AUTO, NATURAL, Meld, add_card, swap
from handgame.games.hand.obligations import (
    makes_provisional,
    o8_add,
    pickup_owed,
    read_meld,
    taken_restriction,
    taken_settled_by_adding,
)
from handgame.games.hand.rounds import Phase, RoundState, TurnState, evolve
from handgame.games.hand.rules import get_preset
from handgame.games.hand.scoring import end_round, score_win, void_result
from handgame.games.hand.values import opening_value

# ----------------------------------------------------------------------------- helpers


def _with_round(state: Match, rnd: RoundState, action: Action) -> Match:
    return state.replace(round=evolve(rnd, actions=(*rnd.actions, action)))


def _known(
    rnd: RoundState, seat: int, gone: tuple[Card, ...] = (), got: tuple[Card, ...] = ()
) -> tuple[tuple[Card, ...], ...]:
    """The public knowledge of hands after ``seat`` laid ``gone`` and took ``got`` openly."""
    known = rnd.known
    if not known or (not got and not known[seat]):
        return known
    mine = list(known[seat])
    for c in gone:
        if c in mine:
            mine.remove(c)
    return _set(known, seat, tuple(sorted((*mine, *got))))


def _set(t: tuple, i: int, v: object) -> tuple:  # type: ignore[type-arg]
    return (*t[:i], v, *t[i + 1 :])


def _put(t: tuple, i: int, v: object) -> tuple:  # type: ignore[type-arg]
    """``_set``, or ``t`` itself when its item ``i`` is ``v`` already (the same value)."""
    return t if t[i] is v else _set(t, i, v)


def required_minimum(state: Match) -> int:
    """The opening minimum now (L-63, O-4 escalating)."""
    rnd = state.round
    assert rnd is not None
    base = state.rules.initial_minimum
    if state.rules.escalating_minimum and rnd.last_opening:
        return max(base, rnd.last_opening + 1)
    return base


def minimum_rules(state: Match) -> tuple[str, ...]:
    """The rules that set the opening minimum of the match's preset (L-63, and G-6 or F-6
    where the preset's own rule sets it), and O-4 when it escalates."""
    base = get_preset(state.game.preset).minimum_rules
    return (*base, "O-4") if state.rules.escalating_minimum else base


def going_out_forbidden(state: Match) -> str | None:
    """Why the seat to act may not go out this turn (L-67, L-71), or None."""
    rnd = state.round
    assert rnd is not None
    if rnd.missed[rnd.turn]:
        return Reason(
            "a player who did not announce three cards or fewer may not go out on the next "
            "turn (L-71)",
            "L-71",
        )
    if not state.rules.first_turn_win and rnd.turns_done < state.game.players:
        return Reason(
            "no player may go out before every player has completed one turn (L-67)", "L-67"
        )
    return None


def _check_cards_left(state: Match, hand: tuple[Card, ...]) -> None:
    if not hand:
        raise IllegalAction(
            "a turn always ends with a discard: keep a card to discard (L-65)", rules=("L-65",)
        )
    if len(hand) == 1:
        why = going_out_forbidden(state)
        if why is not None:
            raise IllegalAction(
                f"this would leave only the card to discard, going out: {why}",
                rules=getattr(why, "rules", ()),
            )


def _require(state: Match, action: Action, phases: tuple[Phase, ...]) -> RoundState:
    rnd = state.round
    if rnd is None or state.phase not in phases:
        if state.phase is Phase.OVER:
            raise IllegalAction("the match is over")
        if state.phase is Phase.DEAL:
            raise IllegalAction("the round has ended; the next round must be dealt first")
        what = {
            Phase.FIRST_DISCARD: Reason(
                "the first player opens the round with a discard (L-60)", "L-60"
            ),
            Phase.DRAW: Reason(
                "a turn starts with a draw from the stock or the discard pile (L-61, G-3)",
                "L-61",
                "G-3",
            ),
            Phase.PLAY: Reason("the card is drawn already: lay cards or discard (L-61)", "L-61"),
        }[state.phase]
        raise IllegalAction(f"not now: {what}", rules=what.rules)
    if action.seat != rnd.turn:
        raise IllegalAction(
            f"it is seat {rnd.turn}'s turn, not seat {action.seat}'s (L-4)", rules=("L-4",)
        )
    return rnd


# ----------------------------------------------------------------------------- steps


_DREW_STOCK = TurnState(drew="stock")  # a value: one shared instance


def _draw(state: Match, a: Draw) -> Match:
    rnd = _require(state, a, (Phase.DRAW,))
    seat = rnd.turn
    hand = rnd.hands[seat]
    if a.source == "stock":
        if not rnd.stock:
            raise IllegalAction("the stock is empty (L-81)", rules=("L-81",))
        card = rnd.stock[0]
        rnd = evolve(
            rnd,
            hands=_set(rnd.hands, seat, tuple(sorted((*hand, card)))),
            stock=rnd.stock[1:],
            turn_state=_DREW_STOCK,
            actions=(*rnd.actions, a),
        )
        return state.replace(phase=Phase.PLAY, round=rnd)
    if not rnd.discard_pile:
        raise IllegalAction("the discard pile is empty")
    top = rnd.discard_pile[-1]
    rules = state.rules
    restriction = None
    if rnd.wilds.is_wild(top):
        if rules.discarded_wild == "never":
            raise IllegalAction("a discarded wild card may never be taken (O-6)", rules=("O-6",))
        if rules.discarded_wild == "natural":
            restriction = (top, ACE_ONLY if top == JOKER else NATURAL)
        elif rules.discarded_wild == "aces-set-only":
            restriction = (top, "aces-set")
    by = rnd.pile_top_by
    rnd = evolve(
        rnd,
        hands=_set(rnd.hands, seat, tuple(sorted((*hand, top)))),
        discard_pile=rnd.discard_pile[:-1],
        known=_known(rnd, seat, got=(top,)),
        turn_state=TurnState(
            drew="discard",
            taken=top,
            taken_from_opened=by is not None and rnd.opened[by],
            restriction=restriction,
        ),
        actions=(*rnd.actions, a),
    )
    return state.replace(phase=Phase.PLAY, round=rnd)


def _lay(state: Match, a: LayMelds) -> Match:
    rnd = _require(state, a, (Phase.PLAY,))
    if not a.melds:
        raise IllegalAction("meld names no meld")
    seat = rnd.turn
    rules = state.rules
    hand = rnd.hands[seat]
    ts = rnd.turn_state
    melds, owners = rnd.melds, rnd.owners
    opened = rnd.opened
    minimum = required_minimum(state)
    for cards in a.melds:
        rest = remove_cards(hand, cards)
        if rest is None:
            raise NotHeld(
                f"seat {seat} does not hold {' '.join(map(str, cards))}",
                cards=missing_cards(hand, cards),
            )
        meld, uses_taken = read_meld(state, evolve(rnd, turn_state=ts), cards, hand)
        value = opening_value(meld, rules)
        hand = rest
        melds = (*melds, meld)
        owners = (*owners, seat)
        ts = evolve(
            ts,
            laid=(*ts.laid, len(melds) - 1),
            all_laid_value=ts.all_laid_value + value,
            taken_used=ts.taken_used or uses_taken,
            reuse_owed=max(0, ts.reuse_owed - len(meld.wild_at)),
        )
        if not opened[seat] and not ts.provisional:
            ts = evolve(ts, laid_value=ts.laid_value + value)
            if ts.laid_value >= minimum:
                opened = _set(opened, seat, True)
                ts = evolve(ts, opened_now=True)
    _check_cards_left(state, hand)
    rnd = evolve(
        rnd,
        hands=_set(rnd.hands, seat, hand),
        known=_known(rnd, seat, tuple(c for cards in a.melds for c in cards)),
        melds=melds,
        owners=owners,
        opened=opened,
        turn_state=ts,
    )
    return _with_round(state, rnd, a)


def _meld_at(rnd: RoundState, index: int) -> Meld:
    if not 0 <= index < len(rnd.melds):
        raise IllegalAction(f"there is no meld number {index} on the table")
    return rnd.melds[index]


def _add(state: Match, a: LayOff) -> Match:
    rnd = _require(state, a, (Phase.PLAY,))
    seat = rnd.turn
    rules = state.rules
    hand = rnd.hands[seat]
    ts = rnd.turn_state
    rest = remove_cards(hand, (a.card,))
    if rest is None:
        raise NotHeld(f"seat {seat} does not hold {a.card}", cards=(a.card,))
    meld = _meld_at(rnd, a.to)
    # a lay-off lays the taken copy only when the hand holds no other (L-66)
    restriction = taken_restriction(rnd)
    role = AUTO
    if (
        restriction is not None
        and restriction[0] == a.card
        and restriction[1] in (NATURAL, ACE_ONLY)
        and hand.count(a.card) == 1
    ):
        role = restriction[1]
    try:
        new = add_card(meld, a.card, a.end, rnd.wilds, rules, role)
    except MeldError as e:
        raise IllegalAction(str(e), rules=e.rules) from None
    if (
        ts.taken is not None
        and a.card == ts.taken
        and not ts.taken_used
        and ts.restriction is not None
        and ts.restriction[1] == "aces-set"
        and hand.count(a.card) == 1
        and not (new.kind == "set" and new.rank == 1)
    ):
        raise IllegalAction(
            "a discarded wild card may be taken only for a set of aces (O-6)", rules=("O-6",)
        )
    l44 = ts.l44_pending
    if (
        meld.is_pair_plus_wild()
        and not rnd.wilds.is_wild(a.card)
        and rules.pair_plus_wild == "restricted"
    ):
        # L-44 (b); without announcements (L-70 off) a hand of one card is seen on the table
        other_one = any(
            (rnd.announced[o] == 1 or not rules.announcements) and len(rnd.hands[o]) == 1
            for o in range(state.game.players)
            if o != seat
        )
        if not other_one:
            l44 = True
    used = ts.taken_used
    if (
        ts.taken is not None
        and not used
        and a.card == ts.taken
        and taken_settled_by_adding(rules, ts)
    ):
        used = True
    opened = rnd.opened
    if not opened[seat] and not ts.provisional and o8_add(state, a):
        # O-8: the third equal card counts toward an opening laid this turn
        value = opening_value(new, rules) - opening_value(meld, rules)
        ts = evolve(ts, laid_value=ts.laid_value + value, all_laid_value=ts.all_laid_value + value)
        if ts.laid_value >= required_minimum(state):
            opened = _set(opened, seat, True)
            ts = evolve(ts, opened_now=True)
    ts = evolve(
        ts,
        provisional=ts.provisional or makes_provisional(state, a),
        touched_other=ts.touched_other or rnd.owners[a.to] != seat,
        l44_pending=l44,
        taken_used=used,
        reuse_owed=max(0, ts.reuse_owed - (1 if rnd.wilds.is_wild(a.card) else 0)),
    )
    _check_cards_left(state, rest)
    rnd = evolve(
        rnd,
        hands=_set(rnd.hands, seat, rest),
        known=_known(rnd, seat, (a.card,)),
        melds=_set(rnd.melds, a.to, new),
        opened=opened,
        turn_state=ts,
    )
    return _with_round(state, rnd, a)


def _swap(state: Match, a: SwapWild) -> Match:
    rnd = _require(state, a, (Phase.PLAY,))
    seat = rnd.turn
    hand = rnd.hands[seat]
    rest = remove_cards(hand, a.cards)
    if rest is None:
        raise NotHeld(
            f"seat {seat} does not hold {' '.join(map(str, a.cards))}",
            cards=missing_cards(hand, a.cards),
        )
    meld = _meld_at(rnd, a.at)
    try:
        new, taken = swap(meld, a.cards, rnd.wilds, state.rules)
    except MeldError as e:
        raise IllegalAction(str(e), rules=e.rules) from None
    ts = rnd.turn_state
    ts = evolve(
        ts,
        provisional=ts.provisional or makes_provisional(state, a),
        touched_other=ts.touched_other or rnd.owners[a.at] != seat,
        reuse_owed=ts.reuse_owed + (len(taken) if state.rules.swap_must_reuse else 0),
    )
    hand = tuple(sorted(rest + taken))
    _check_cards_left(state, hand)
    rnd = evolve(
        rnd,
        hands=_set(rnd.hands, seat, hand),
        known=_known(rnd, seat, a.cards, taken),
        melds=_set(rnd.melds, a.at, new),
        turn_state=ts,
    )
    return _with_round(state, rnd, a)


def turn_problem(
    state: Match, card: Card, announce: bool = True, going_out: bool = False
) -> str | None:
    """Why discarding ``card`` now would break a rule of the turn as a whole, or None.

    ``going_out``: the discard empties the hand (a two-card discard, O-11 ``two-wilds``).
    """
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    if card not in hand:
        return f"seat {seat} does not hold {card}"
    rules = state.rules
    if not rules.announcements:
        announce = True  # without announcements the flag means nothing: ignored (L-71)
    if state.phase is Phase.FIRST_DISCARD:
        return None
    ts = rnd.turn_state
    out = len(hand) == 1 or going_out
    if out:
        why = going_out_forbidden(state)
        if why is not None:
            return why
    if not rnd.opened[seat] and (ts.laid or ts.laid_value) and not out:
        if ts.provisional:
            return Reason(
                "before opening a player may not add to melds on the table nor take wild cards "
                "from them, unless going out this turn (L-63, L-64)",
                "L-63",
                "L-64",
            )
        cited = minimum_rules(state)
        escalating = " escalating" if "O-4" in cited else ""
        return Reason(
            f"an opening must total at least {required_minimum(state)}; these melds count "
            f"{ts.laid_value} ({', '.join(cited)}{escalating})",
            *cited,
        )
    if not rnd.opened[seat] and ts.provisional and not out:
        return Reason(
            "before opening a player may not add to melds on the table nor take wild cards from "
            "them, unless going out this turn (L-63, L-64)",
            "L-63",
            "L-64",
        )
    if pickup_owed(rules, ts):
        if rules.discard_pickup == "must-meld":
            return Reason(
                f"the discard {ts.taken} was taken: a new meld must be laid this turn, with or "
                "without it (F-4)",
                "F-4",
                cards=(ts.taken,),
            )
        if rules.discard_pickup == "new-meld-or-add":
            return Reason(
                f"the discard {ts.taken} was taken: it must be laid this turn in a new meld, or "
                "added to a meld when its discarder has opened (L-62, O-5)",
                "L-62",
                "O-5",
                cards=(ts.taken,),
            )
        return Reason(
            f"the discard {ts.taken} was taken: it must be laid this turn in a new meld with at "
            "least two cards from hand (L-62)",
            "L-62",
            cards=(ts.taken,),
        )
    if ts.l44_pending and not out and not (len(hand) == 2 and announce):
        return Reason(
            "a single missing card may be added to a set of two equal cards and a wild only "
            "when going out this turn or when a player is left with one card (L-44)",
            "L-44",
        )
    if ts.reuse_owed > 0:
        return Reason("a wild card taken by a swap must be used on the table at once (O-7)", "O-7")
    return None


def two_wilds_problem(state: Match, cards: tuple[Card, ...]) -> str | None:
    """Why ``cards`` cannot be discarded together now, or None (O-11 ``two-wilds``): the two
    wild cards of a full hand whose melds of this turn hold 13 natural cards."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    rules = state.rules
    hand = rnd.hands[seat]
    if "two-wilds" not in rules.bonuses:
        return Reason(
            "a turn ends with the discard of one card (L-61); two wild cards go together only "
            "under the two-wilds bonus (O-11)",
            "L-61",
            "O-11",
        )
    if len(cards) != 2 or remove_cards(hand, cards) != ():
        return Reason(
            "two cards are discarded together only as the last two cards of the hand (O-11)", "O-11"
        )
    if not all(rnd.wilds.is_wild(c) for c in cards):
        return Reason("only two wild cards may be discarded together (O-11 two-wilds)", "O-11")
    ts = rnd.turn_state
    melded = [c for i in ts.laid for c in rnd.melds[i].cards]
    if (
        state.phase is not Phase.PLAY
        or rnd.laid_before[seat]
        or ts.touched_other
        or len(melded) != 13
        or any(rnd.melds[i].wild_at for i in ts.laid)
    ):
        return Reason(
            "two wild cards are discarded together only to go out with a full hand whose melds "
            "hold 13 natural cards (O-11 two-wilds, L-86)",
            "O-11",
            "L-86",
        )
    return turn_problem(state, cards[0], True, going_out=True)


def _discard(state: Match, a: Discard, listed: bool = False) -> Match:
    rnd = _require(state, a, (Phase.FIRST_DISCARD, Phase.PLAY))
    gone = a.cards
    if not listed:  # else legal_actions found it legal in this very state (legal.apply)
        if a.second is None and a.card not in rnd.hands[rnd.turn]:
            raise NotHeld(f"seat {rnd.turn} does not hold {a.card}", cards=(a.card,))
        if a.second is not None:
            problem = two_wilds_problem(state, gone)
        else:
            problem = turn_problem(state, a.card, a.announce)
        if problem is not None:
            raise IllegalAction(problem)
    seat = rnd.turn
    hand = remove_cards(rnd.hands[seat], gone)
    assert hand is not None
    ts = rnd.turn_state
    n = len(hand)
    rules = state.rules
    if not a.announce and not rules.announcements:
        # no announcements: a record's announce field is ignored, and none is emitted (L-71)
        a = Discard(seat, a.card, True, a.second)
    players = state.game.players
    stock_left = len(rnd.stock)
    announcing = rules.announcements
    # the common case, the next seat's turn, in the same copy of the round
    passes = n and stock_left and not (rules.stock_end == "players" and stock_left <= players)
    rnd = evolve(
        rnd,
        hands=_set(rnd.hands, seat, hand),
        known=_known(rnd, seat, gone),
        discard_pile=(*rnd.discard_pile, *gone),
        pile_top_by=seat,
        announced=_put(rnd.announced, seat, n if announcing and n <= 3 and a.announce else None),
        missed=_put(rnd.missed, seat, announcing and n <= 3 and not a.announce),
        laid_before=_put(rnd.laid_before, seat, rnd.laid_before[seat] or bool(ts.laid)),
        turns_done=rnd.turns_done + 1,
        last_opening=ts.all_laid_value if ts.opened_now else rnd.last_opening,
        actions=(*rnd.actions, a),
        **({"turn": (seat + 1) % players, "turn_state": _NEW_TURN} if passes else {}),
    )
    if passes:
        return state.replace(phase=Phase.DRAW, round=rnd)
    if n == 0:
        return end_round(state.replace(round=rnd), score_win(state, rnd, seat, gone))
    if rules.stock_end == "players" and stock_left <= players:
        return end_round(state.replace(round=rnd), void_result(rnd, "stock"))
    if stock_left == 0:
        if rules.stock_end == "empty" or len(rnd.discard_pile) <= 1:
            return end_round(state.replace(round=rnd), void_result(rnd, "stock"))
        rnd = _reshuffle(rnd)
    rnd = evolve(rnd, turn=(seat + 1) % players, turn_state=_NEW_TURN)
    return state.replace(phase=Phase.DRAW, round=rnd)


_NEW_TURN = TurnState()  # a value: one shared instance


def _reshuffle(rnd: RoundState) -> RoundState:
    """O-9: the discard pile but its top card, shuffled into a new stock.

    The order comes from a generator seeded by the round's deal and the reshuffle count, so a
    record replays exactly without storing it.
    """
    import hashlib
    import random

    digest = hashlib.sha256(repr((rnd.deal.to_json(), rnd.reshuffles)).encode()).hexdigest()
    cards = list(rnd.discard_pile[:-1])
    random.Random(digest).shuffle(cards)
    return evolve(
        rnd,
        stock=tuple(cards),
        discard_pile=rnd.discard_pile[-1:],
        reshuffles=rnd.reshuffles + 1,
        pile_top_by=rnd.pile_top_by,
    )


_STEPS = {
    Draw: _draw,
    LayMelds: _lay,
    LayOff: _add,
    SwapWild: _swap,
    Discard: _discard,
    ClaimRedeal: claim_redeal,
}


def step(state: Match, action: Action, listed: bool = False) -> Match:
    """Apply one action's own checks (not whether the turn can still be finished).

    ``listed``: ``legal_actions`` listed this very action for this very state, so a discard's
    turn problem (L-62…L-71, O-7) is known to be None and is not looked for again.
    """
    if listed and type(action) is Discard:
        return _discard(state, action, listed=True)
    fn = _STEPS.get(type(action))
    if fn is None:
        raise IllegalAction(f"unknown action {action!r}")
    if not 0 <= action.seat < state.game.players:
        raise IllegalAction(f"there is no seat {action.seat}")
    return fn(state, action)  # type: ignore[operator, no-any-return]
