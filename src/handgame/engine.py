"""The turn engine: every step's legality, written once (RULES.md L-60…L-81, O-4…O-10).

``apply`` checks an action and returns the next state; ``legal_actions`` enumerates candidate
actions and keeps those ``apply`` accepts, so checking and enumerating share one source of
truth. A step that would leave the turn with no legal way to finish (an opening that can no
longer reach the minimum, a taken discard that can no longer be melded) is refused at the
step itself (RECORD.md allows either the step or the turn's discard).
"""

from __future__ import annotations

from .actions import Action, ClaimRedeal, Discard, Draw, LayMelds, LayOff, SwapWild
from .cards import JOKER, Card, remove_cards
from .deal import Deal, DealError, check_deal, first_player
from .errors import IllegalAction
from .match import end_round, score_win, void_result
from .meldgen import best_melds_value, best_packing, candidate_melds, roles_for, value_bound
from .melds import ACE_ONLY, NATURAL, RUN, Meld, MeldError, add_card, analyze, fitting_ends, swap
from .rules import Ruleset
from .state import Phase, RoundLog, RoundState, State, TurnState, evolve
from .values import opening_value
from .wilds import Wilds, wilds_for

# ----------------------------------------------------------------------------- deal


class TurnCannotFinish(IllegalAction):
    """A step after which no legal end of the turn remains (reported at the step by ``apply``;
    a replay reports it at the turn's discard, where the broken rule shows)."""


def apply_deal(state: State, deal: Deal) -> State:
    """Start the next round with ``deal`` (checked: exactly the deck, dealt per the rules)."""
    if state.phase is not Phase.DEAL:
        raise IllegalAction("a deal comes only between rounds")
    game = state.game
    try:
        check_deal(deal, game.rules, game.players, state.dealer)
    except DealError as e:
        raise IllegalAction(str(e)) from None
    n = game.players
    first = first_player(state.dealer, n)
    hands = tuple(tuple(sorted(h)) for h in deal.hands)
    pile: tuple[Card, ...] = (deal.discard,) if deal.discard is not None else ()
    rnd = RoundState(
        dealer=state.dealer,
        deal=deal,
        wilds=wilds_for(game.rules, deal.indicator),
        hands=hands,
        stock=deal.stock,
        discard_pile=pile,
        opened=(False,) * n,
        laid_before=(False,) * n,
        announced=(None,) * n,
        missed=(False,) * n,
        turn=first,
        known=((),) * n,
    )
    phase = Phase.FIRST_DISCARD if game.rules.deal == "14+1" else Phase.DRAW
    return state.replace(phase=phase, round=rnd)


# ----------------------------------------------------------------------------- helpers


def _with_round(state: State, rnd: RoundState, action: Action) -> State:
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


def required_minimum(state: State) -> int:
    """The opening minimum now (L-63, O-4 escalating)."""
    rnd = state.round
    assert rnd is not None
    base = state.rules.initial_minimum
    if state.rules.escalating_minimum and rnd.last_opening:
        return max(base, rnd.last_opening + 1)
    return base


def _minimum_rules(state: State) -> str:
    return "L-63, G-6, F-6" + (", O-4 escalating" if state.rules.escalating_minimum else "")


def going_out_forbidden(state: State) -> str | None:
    """Why the seat to act may not go out this turn (L-67, L-71), or None."""
    rnd = state.round
    assert rnd is not None
    if rnd.missed[rnd.turn]:
        return (
            "a player who did not announce three cards or fewer may not go out on the next "
            "turn (L-71)"
        )
    if not state.rules.first_turn_win and rnd.turns_done < state.game.players:
        return "no player may go out before every player has completed one turn (L-67)"
    return None


def _check_cards_left(state: State, hand: tuple[Card, ...]) -> None:
    if not hand:
        raise IllegalAction("a turn always ends with a discard: keep a card to discard (L-65)")
    if len(hand) == 1:
        why = going_out_forbidden(state)
        if why is not None:
            raise IllegalAction(f"this would leave only the card to discard, going out: {why}")


def _require(state: State, action: Action, phases: tuple[Phase, ...]) -> RoundState:
    rnd = state.round
    if rnd is None or state.phase not in phases:
        if state.phase is Phase.OVER:
            raise IllegalAction("the match is over")
        if state.phase is Phase.DEAL:
            raise IllegalAction("the round has ended; the next round must be dealt first")
        what = {
            Phase.FIRST_DISCARD: "the first player opens the round with a discard (L-60)",
            Phase.DRAW: "a turn starts with a draw from the stock or the discard pile (L-61, G-3)",
            Phase.PLAY: "the card is drawn already: lay cards or discard (L-61)",
        }[state.phase]
        raise IllegalAction(f"not now: {what}")
    if action.seat != rnd.turn:
        raise IllegalAction(f"it is seat {rnd.turn}'s turn, not seat {action.seat}'s (L-4)")
    return rnd


# ----------------------------------------------------------------------------- steps


def _draw(state: State, a: Draw) -> State:
    rnd = _require(state, a, (Phase.DRAW,))
    seat = rnd.turn
    hand = rnd.hands[seat]
    if a.source == "stock":
        if not rnd.stock:
            raise IllegalAction("the stock is empty (L-81)")
        card = rnd.stock[0]
        rnd = evolve(
            rnd,
            hands=_set(rnd.hands, seat, tuple(sorted((*hand, card)))),
            stock=rnd.stock[1:],
            turn_state=TurnState(drew="stock"),
        )
        return _with_round(state.replace(phase=Phase.PLAY), rnd, a)
    if not rnd.discard_pile:
        raise IllegalAction("the discard pile is empty")
    top = rnd.discard_pile[-1]
    rules = state.rules
    restriction = None
    if rnd.wilds.is_wild(top):
        if rules.discarded_wild == "never":
            raise IllegalAction("a discarded wild card may never be taken (O-6)")
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
    )
    return _with_round(state.replace(phase=Phase.PLAY), rnd, a)


def _meld_roles(
    rnd: RoundState, cards: tuple[Card, ...], hand: tuple[Card, ...]
) -> tuple[str, ...]:
    ts = rnd.turn_state
    if ts.restriction is None or ts.taken_used:
        return roles_for(cards, None, 0)
    return roles_for(cards, ts.restriction, hand.count(ts.restriction[0]))


def _lay(state: State, a: LayMelds) -> State:
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
            raise IllegalAction(f"seat {seat} does not hold {' '.join(map(str, cards))}")
        roles = _meld_roles(rnd, cards, hand)
        try:
            meld = analyze(cards, rnd.wilds, rules, roles)
        except MeldError as e:
            hint = ""
            if any(r != "auto" for r in roles):
                hint = f"; the discarded wild {ts.taken} taken from the pile plays only as " + (
                    "an ace (L-66)" if ts.taken == JOKER else "its own natural card (L-66)"
                )
            raise IllegalAction(f"{e}{hint}") from None
        uses_taken = ts.taken is not None and not ts.taken_used and ts.taken in cards
        if uses_taken and ts.restriction is not None and ts.restriction[1] == "aces-set":
            if hand.count(ts.taken) == 1 and not (meld.kind == "set" and meld.rank == 1):
                raise IllegalAction(
                    "a discarded wild card may be taken only for a set of aces (O-6)"
                )
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


def _add(state: State, a: LayOff) -> State:
    rnd = _require(state, a, (Phase.PLAY,))
    seat = rnd.turn
    rules = state.rules
    hand = rnd.hands[seat]
    ts = rnd.turn_state
    rest = remove_cards(hand, (a.card,))
    if rest is None:
        raise IllegalAction(f"seat {seat} does not hold {a.card}")
    meld = _meld_at(rnd, a.to)
    role = _meld_roles(rnd, (a.card,), hand)[0]
    try:
        new = add_card(meld, a.card, a.end, rnd.wilds, rules, role)
    except MeldError as e:
        raise IllegalAction(str(e)) from None
    if (
        ts.taken is not None
        and a.card == ts.taken
        and not ts.taken_used
        and ts.restriction is not None
        and ts.restriction[1] == "aces-set"
        and hand.count(a.card) == 1
        and not (new.kind == "set" and new.rank == 1)
    ):
        raise IllegalAction("a discarded wild card may be taken only for a set of aces (O-6)")
    l44 = ts.l44_pending
    if (
        meld.is_pair_plus_wild()
        and not rnd.wilds.is_wild(a.card)
        and rules.pair_plus_wild == "restricted"
    ):
        other_one = any(
            rnd.announced[o] == 1 and len(rnd.hands[o]) == 1
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
        and rules.discard_pickup == "new-meld-or-add"
        and ts.taken_from_opened
    ):
        used = True
    ts = evolve(
        ts,
        provisional=ts.provisional or not rnd.opened[seat],
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
        turn_state=ts,
    )
    return _with_round(state, rnd, a)


def _swap(state: State, a: SwapWild) -> State:
    rnd = _require(state, a, (Phase.PLAY,))
    seat = rnd.turn
    hand = rnd.hands[seat]
    rest = remove_cards(hand, a.cards)
    if rest is None:
        raise IllegalAction(f"seat {seat} does not hold {' '.join(map(str, a.cards))}")
    meld = _meld_at(rnd, a.at)
    try:
        new, taken = swap(meld, a.cards, rnd.wilds, state.rules)
    except MeldError as e:
        raise IllegalAction(str(e)) from None
    ts = rnd.turn_state
    ts = evolve(
        ts,
        provisional=ts.provisional or not rnd.opened[seat],
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


def turn_problem(state: State, card: Card, announce: bool = True) -> str | None:
    """Why discarding ``card`` now would break a rule of the turn as a whole, or None."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    if card not in hand:
        return f"seat {seat} does not hold {card}"
    if state.phase is Phase.FIRST_DISCARD:
        return None
    rules = state.rules
    ts = rnd.turn_state
    out = len(hand) == 1
    if out:
        why = going_out_forbidden(state)
        if why is not None:
            return why
    if not rnd.opened[seat] and ts.laid and not out:
        if ts.provisional:
            return (
                "before opening a player may not add to melds on the table nor take wild cards "
                "from them, unless going out this turn (L-63, L-64)"
            )
        return (
            f"an opening must total at least {required_minimum(state)}; these melds count "
            f"{ts.laid_value} ({_minimum_rules(state)})"
        )
    if not rnd.opened[seat] and ts.provisional and not out:
        return (
            "before opening a player may not add to melds on the table nor take wild cards from "
            "them, unless going out this turn (L-63, L-64)"
        )
    if ts.taken is not None and not ts.taken_used and rules.discard_pickup != "free":
        if rules.discard_pickup == "new-meld-or-add":
            return (
                f"the discard {ts.taken} was taken: it must be laid this turn in a new meld, or "
                "added to a meld when its discarder has opened (L-62, O-5)"
            )
        return (
            f"the discard {ts.taken} was taken: it must be laid this turn in a new meld with at "
            "least two cards from hand (L-62)"
        )
    if ts.l44_pending and not out and not (len(hand) == 2 and announce):
        return (
            "a single missing card may be added to a set of two equal cards and a wild only "
            "when going out this turn or when a player is left with one card (L-44)"
        )
    if ts.reuse_owed > 0:
        return "a wild card taken by a swap must be used on the table at once (O-7)"
    return None


def _discard(state: State, a: Discard) -> State:
    rnd = _require(state, a, (Phase.FIRST_DISCARD, Phase.PLAY))
    problem = turn_problem(state, a.card, a.announce)
    if problem is not None:
        raise IllegalAction(problem)
    seat = rnd.turn
    hand = remove_cards(rnd.hands[seat], (a.card,))
    assert hand is not None
    ts = rnd.turn_state
    n = len(hand)
    rnd = evolve(
        rnd,
        hands=_set(rnd.hands, seat, hand),
        known=_known(rnd, seat, (a.card,)),
        discard_pile=(*rnd.discard_pile, a.card),
        pile_top_by=seat,
        announced=_set(rnd.announced, seat, n if n <= 3 and a.announce else None),
        missed=_set(rnd.missed, seat, n <= 3 and not a.announce),
        laid_before=_set(rnd.laid_before, seat, rnd.laid_before[seat] or bool(ts.laid)),
        turns_done=rnd.turns_done + 1,
        last_opening=ts.all_laid_value if ts.opened_now else rnd.last_opening,
        actions=(*rnd.actions, a),
    )
    if n == 0:
        return end_round(state.replace(round=rnd), score_win(state, rnd, seat, a.card))
    rules = state.rules
    players = state.game.players
    stock_left = len(rnd.stock)
    if rules.stock_end == "players" and stock_left <= players:
        return end_round(state.replace(round=rnd), void_result(rnd, "stock"))
    if stock_left == 0:
        if rules.stock_end == "empty" or len(rnd.discard_pile) <= 1:
            return end_round(state.replace(round=rnd), void_result(rnd, "stock"))
        rnd = _reshuffle(rnd)
    rnd = evolve(rnd, turn=(seat + 1) % players, turn_state=TurnState())
    return state.replace(phase=Phase.DRAW, round=rnd)


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


def redeal_entitled(state: State, seat: int) -> bool:
    """Whether ``seat``'s hand entitles it to claim a redeal (L-52)."""
    rnd = state.round
    assert rnd is not None
    hand = rnd.hands[seat]
    counts: dict[Card, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    wild = rnd.wilds.wild
    pairs = sum(n // 2 for n in counts.values())
    if pairs >= 4:
        return True
    jokers = counts.get(JOKER, 0)
    wild_n = counts.get(wild, 0) if wild is not None else 0
    other_pairs = sum(n // 2 for c, n in counts.items() if c != wild)
    # three identical pairs and a wild card (a wild not used in those pairs)
    if wild_n >= 1 and other_pairs + (wild_n - 1) // 2 >= 3:
        return True
    # two identical pairs and two jokers
    nonjoker_pairs = sum(n // 2 for c, n in counts.items() if c != JOKER)
    return jokers >= 2 and nonjoker_pairs >= 2


def _redeal(state: State, a: ClaimRedeal) -> State:
    rnd = state.round
    if rnd is None or state.phase not in (Phase.FIRST_DISCARD, Phase.DRAW):
        raise IllegalAction("a redeal is claimed only before the round's first discard (L-52)")
    if rnd.turns_done > 0 or rnd.turn_state.drew is not None:
        raise IllegalAction("a redeal is claimed only before the round's first discard (L-52)")
    if not state.rules.redeal_pairs:
        raise IllegalAction("these rules have no redeal for pairs (L-52, option redeal_pairs)")
    if not 0 <= a.seat < state.game.players:
        raise IllegalAction(f"there is no seat {a.seat}")
    if not redeal_entitled(state, a.seat):
        raise IllegalAction(
            "a redeal needs four pairs of identical cards, three pairs and a wild card, or two "
            "pairs and two jokers (L-52)"
        )
    rnd = evolve(rnd, actions=(*rnd.actions, a))
    return end_round(state.replace(round=rnd), void_result(rnd, "redeal"))


_STEPS = {
    Draw: _draw,
    LayMelds: _lay,
    LayOff: _add,
    SwapWild: _swap,
    Discard: _discard,
    ClaimRedeal: _redeal,
}


def _step(state: State, action: Action) -> State:
    """Apply one action's own checks (not whether the turn can still be finished)."""
    fn = _STEPS.get(type(action))
    if fn is None:
        raise IllegalAction(f"unknown action {action!r}")
    if not 0 <= action.seat < state.game.players:
        raise IllegalAction(f"there is no seat {action.seat}")
    return fn(state, action)  # type: ignore[operator, no-any-return]


def apply(state: State, action: Action) -> State:
    """The state after ``action``, or :class:`IllegalAction` naming the rule broken."""
    new = _step(state, action)
    if new.phase is Phase.PLAY and _obligated(new) and not can_finish_turn(new):
        raise TurnCannotFinish(_dead_end_reason(new, action))
    return new


# ----------------------------------------------------------------------------- completion


def _obligated(state: State) -> bool:
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    seat = rnd.turn
    if ts.taken is not None and not ts.taken_used and state.rules.discard_pickup != "free":
        return True
    if not rnd.opened[seat] and (ts.laid or ts.provisional):
        return True
    return ts.l44_pending or ts.reuse_owed > 0


def _dead_end_reason(state: State, action: Action) -> str:
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    if isinstance(action, Draw):
        if not rnd.opened[rnd.turn]:
            return (
                f"the discard {ts.taken} may be taken only to lay it at once in a new meld with "
                f"two cards from hand that is part of an opening of at least "
                f"{required_minimum(state)}; draw from the stock instead (L-62, L-63, L-66)"
            )
        return (
            f"the discard {ts.taken} may be taken only to lay it at once in a new meld with at "
            "least two cards from hand; draw from the stock instead (L-62)"
        )
    probe = turn_problem(state, rnd.hands[rnd.turn][0], True)
    return f"after this the turn cannot be finished legally: {probe}"


def can_finish_turn(state: State) -> bool:
    """Whether the seat to act can still end its turn with a legal discard (exact).

    Laying the best disjoint melds from hand (an exact dynamic programme) settles most cases
    at once, and a necessary condition for going out rules out most others; a search over
    every step (melds, lay-offs, swaps) decides the rest.
    """
    if len(_MEMO) > 200_000:
        _MEMO.clear()
    return _finishable(state, _MEMO)


def _accepts(state: State, action: Action, no_out: bool = False) -> bool:
    """Whether ``apply`` accepts ``action`` (without building its error message).

    ``no_out``: after this step ``_could_go_out`` (stage 0) is known to be False.
    """
    try:
        new = _step(state, action)
    except IllegalAction:
        return False
    if new.phase is Phase.PLAY and _obligated(new):
        if len(_MEMO) > 200_000:
            _MEMO.clear()
        return _finishable(new, _MEMO, no_out=no_out)
    return True


# Answers of the search, shared between calls: the key holds everything an answer depends on.
_MEMO: dict[object, bool] = {}


def _finishable(
    state: State,
    memo: dict[object, bool],
    stage: int = 0,
    last_meld: tuple[Card, ...] = (),
    last_add: int = 0,
    no_out: bool = False,
) -> bool:
    """Search the rest of the turn for a legal discard.

    Steps are tried in one canonical order, which loses no outcome: swaps first (they only
    bring wild cards into the hand), then new melds in ascending order of their cards, then
    lay-offs by ascending meld number (the cards of a turn go to different places, so the
    order between places does not matter).
    """
    rnd = state.round
    assert rnd is not None
    hand = rnd.hands[rnd.turn]
    # turn_problem depends on the card only through holding it: one card of the hand decides
    if hand and turn_problem(state, hand[0]) is None:
        return True
    pos = _Position(
        (
            hand,
            rnd.melds,
            rnd.turn_state,
            rnd.opened[rnd.turn],
            state.rules,
            rnd.wilds,
            going_out_forbidden(state),
            required_minimum(state),
            rnd.announced,
            tuple(len(h) for h in rnd.hands),
            rnd.turn,
        )
    )
    key = (pos, stage, last_meld, last_add)
    if key in memo:
        return memo[key]
    # The answer can only grow as the canonical order allows more (fewer stages passed, lower
    # last meld and lay-off): each shortcut of _quick_verdict that says yes ignores the stage,
    # _could_go_out says no less often at a lower stage, and the steps tried and the stages they
    # lead to grow too. So a position found hopeless with every step allowed is hopeless with
    # fewer, and one found finishable with fewer is finishable with all.
    unrestricted = stage == 0 and not last_meld and last_add == 0
    if memo.get((pos, _HOPELESS)):
        memo[key] = False
        return False
    if unrestricted and memo.get((pos, _FINISHABLE)):
        memo[key] = True
        return True
    memo[key] = False
    verdict = _quick_verdict(state, stage, no_out)
    if verdict is not None:
        memo[key] = verdict
        if verdict:
            memo[(pos, _FINISHABLE)] = True
        elif unrestricted:
            memo[(pos, _HOPELESS)] = True
        return verdict
    for action in step_candidates(state):
        if isinstance(action, SwapWild):
            if stage > 0:
                continue
            nxt_stage, nxt_meld, nxt_add = 0, last_meld, last_add
        elif isinstance(action, LayMelds):
            if stage > 1 or action.melds[0] < last_meld:
                continue
            nxt_stage, nxt_meld, nxt_add = 1, action.melds[0], last_add
        else:
            assert isinstance(action, LayOff)
            if action.to < last_add:
                continue
            nxt_stage, nxt_meld, nxt_add = 2, last_meld, action.to
        try:
            nxt = _step(state, action)
        except IllegalAction:
            continue
        if nxt.phase is Phase.PLAY and _finishable(nxt, memo, nxt_stage, nxt_meld, nxt_add):
            memo[key] = True
            memo[(pos, _FINISHABLE)] = True
            return True
    if unrestricted:
        memo[(pos, _HOPELESS)] = True
    return False


_HOPELESS = "hopeless"
_FINISHABLE = "finishable"


class _Position:
    """A search position (a tuple) that computes its hash once: it keys several memo entries."""

    __slots__ = ("hash", "items")

    def __init__(self, items: tuple[object, ...]) -> None:
        self.items = items
        self.hash = hash(items)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Position) and (
            self.items is other.items or (self.hash == other.hash and self.items == other.items)
        )


def _quick_verdict(state: State, stage: int = 0, no_out: bool = False) -> bool | None:
    """Settle finishability without a search where an exact shortcut exists (else None).

    ``no_out``: ``_could_go_out(state, stage)`` is known to be False (see ``_out_bounds``).
    """
    rnd = state.round
    assert rnd is not None
    ts = rnd.turn_state
    seat = rnd.turn
    opened = rnd.opened[seat]
    rules = state.rules
    if not ts.provisional and not ts.l44_pending and ts.reuse_owed == 0:
        taken_open = ts.taken is not None and not ts.taken_used
        must = ts.taken if taken_open and rules.discard_pickup != "free" else None
        keep = 2 if going_out_forbidden(state) else 1
        hand = rnd.hands[seat]
        restriction = ts.restriction if not ts.taken_used else None
        bound = value_bound(hand, rnd.wilds, rules, restriction)
        if not opened and ts.laid_value + bound < required_minimum(state):
            best = -1  # the bound alone shows the opening is out of reach
        else:
            best = best_melds_value(hand, rnd.wilds, rules, keep, restriction, must)
        if best >= 0 and (opened or ts.laid_value + best >= required_minimum(state)):
            if opened or ts.laid or best > 0:
                return True
        if opened:
            # the taken discard cannot join a new meld: only a swap (which gives a wild) or,
            # under O-5, a lay-off can still help
            add_route = rules.discard_pickup == "new-meld-or-add" and ts.taken_from_opened
            if not add_route and not _swap_possible(rnd, seat):
                return False
            return None
        # not opened and the opening cannot be reached with melds: only going out is left
        return None if not no_out and _could_go_out(state, stage) else False
    if not opened and ts.provisional and (no_out or not _could_go_out(state, stage)):
        return False
    return None


def _swap_possible(rnd: RoundState, seat: int) -> bool:
    return any(_swap_candidates(rnd, seat, i, m) for i, m in enumerate(rnd.melds) if m.wild_at)


def _could_go_out(state: State, stage: int = 0) -> bool:
    """A necessary condition for going out this turn (L-64, L-80).

    Every card but the one to discard must find a place: a lay-off reachable from a table
    meld's end through cards of the hand (wild cards filling gaps), a swap, or a disjoint new
    meld (which may use the wild cards that swaps would bring). ``stage`` is the search's
    canonical stage: 1 allows no more swaps, 2 no more new melds.
    """
    rnd = state.round
    assert rnd is not None
    if going_out_forbidden(state):
        return False
    seat = rnd.turn
    hand = rnd.hands[seat]
    wilds = rnd.wilds
    rules = state.rules
    swap_cards: set[Card] = set()
    extra = 0
    if stage == 0:
        for i, m in enumerate(rnd.melds):
            for sw in _swap_candidates(rnd, seat, i, m):
                assert isinstance(sw, SwapWild)
                swap_cards.update(sw.cards)
        extra = sum(len(m.wild_at) for m in rnd.melds) if swap_cards else 0
    n_wild = sum(1 for c in hand if wilds.is_wild(c)) + extra
    naturals = {wilds.natural(c) for c in hand if not wilds.is_wild(c)}
    counts: dict[Card, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    # the loose cards, by kind: whether a card reaches the table does not depend on its copy
    loose_kinds = _loose_kinds(rnd, counts, swap_cards, naturals, n_wild, rules)
    n_loose = sum(counts[c] for c in loose_kinds)
    if n_loose <= 1:
        return True
    if stage == 2:
        return False
    if extra and wilds.wild is not None:
        pool = tuple(sorted((*hand, *(wilds.wild,) * extra)))
    else:
        pool = hand
    melds = candidate_melds(pool, wilds, rules)
    # only melds holding a loose card count (the others add nothing to the packing), and
    # a loose kind is covered at most as often as the pool holds it
    useful = [m for m in melds if any(c in loose_kinds for c in m.cards)]
    in_useful = {c for m in useful for c in m.cards}
    bound = sum(pool.count(c) for c in loose_kinds if c in in_useful)
    if n_loose - bound > 1:
        return False
    values = [sum(1 for c in m.cards if c in loose_kinds) for m in useful]
    covered = best_packing(tuple(c for c in pool if c in in_useful), useful, values)
    return n_loose - covered <= 1


def _loose_kinds(
    rnd: RoundState,
    kinds: dict[Card, int],
    swap_cards: set[Card],
    naturals: set[Card],
    n_wild: int,
    rules: Ruleset,
) -> set[Card]:
    """The cards of ``kinds`` not in ``swap_cards`` that reach no table meld (``_table_reach``
    for each: here the natural cards each meld reaches are listed once, walking out from its
    ends while the gaps fit the wild cards and the run its 13 cards)."""
    wilds = rnd.wilds
    present = [0, 0, 0, 0]  # per suit, a bit per rank held as a natural card (gaps: 2..13)
    for n in naturals:
        if n.suit >= 0:
            present[n.suit] |= 1 << n.rank
    reach = [0, 0, 0, 0]  # per suit, a bit per rank of the natural cards some meld reaches
    for m in rnd.melds:
        size = len(m.cards)
        if m.kind != RUN:
            if size < 4:
                for s in range(4):
                    if s not in m.natural_suits:
                        reach[s] |= 1 << m.rank
            continue
        held = present[m.suit]
        start = m.start
        end = start + size - 1
        bits = gaps = 0
        for r in range(start - 1, 0, -1):  # a card of rank r below, ranks r+1 .. start-1 between
            if r < start - 1 and not held >> (r + 1) & 1:
                gaps += 1
            if gaps > n_wild or size + start - r > 13:
                break
            bits |= 1 << r
        gaps = 0
        for r in range(end + 1, 15):  # above: ranks end+1 .. r-1 between (14: the ace)
            if r > end + 1 and not held >> (r - 1) & 1:
                gaps += 1
            if gaps > n_wild or size + r - end > 13:
                break
            bits |= 1 << (1 if r == 14 else r)
        reach[m.suit] |= bits
    wild_fits: bool | None = None
    out: set[Card] = set()
    for c in kinds:
        if c in swap_cards:
            continue
        if wilds.is_wild(c):
            if wild_fits is None:
                wild_fits = any(fitting_ends(m, c, wilds, rules) for m in rnd.melds)
            if not wild_fits:
                out.add(c)
        else:
            nat = wilds.natural(c)
            if nat.suit < 0 or not reach[nat.suit] >> nat.rank & 1:
                out.add(c)
    return out


def _table_reach(
    rnd: RoundState, card: Card, naturals: set[Card], n_wild: int, rules: Ruleset
) -> bool:
    """Whether ``card`` could be laid off on some table meld, maybe after other hand cards."""
    return _reach(rnd.melds, rnd.wilds, card, naturals, n_wild, rules)


def _reach(
    melds: tuple[Meld, ...] | list[Meld],
    wilds: Wilds,
    card: Card,
    naturals: set[Card],
    n_wild: int,
    rules: Ruleset,
) -> bool:
    """Whether ``card`` could be laid off on one of ``melds``, maybe after other hand cards."""
    if wilds.is_wild(card):
        return any(fitting_ends(m, card, wilds, rules) for m in melds)
    nat = wilds.natural(card)
    for m in melds:
        if m.kind != RUN:
            if nat.rank == m.rank and nat.suit not in m.natural_suits and len(m.cards) < 4:
                return True
            continue
        if nat.suit != m.suit:
            continue
        for r in (nat.rank,) if nat.rank != 1 else (1, 14):
            if r < m.start:
                between = range(r + 1, m.start)
            elif r > m.end:
                between = range(m.end + 1, r)
            else:
                continue
            gaps = sum(1 for x in between if Card.of(x, m.suit) not in naturals)
            if gaps <= n_wild and len(m.cards) + len(between) + 1 <= 13:
                return True
    return False


def _out_bounds(state: State) -> tuple[bool, bool]:
    """For an unopened seat: whether ``_could_go_out`` (stage 0) is surely False after every
    lay-off or swap, and after every new meld, that ``step_candidates`` offers now.

    One bound covers every such successor (it does not try them). A successor's hand holds no
    natural card that this hand does not hold, and ``_could_go_out`` lends it the table's wild
    cards only when one of its cards can be swapped, so its hand and loans hold at most
    ``hand wilds + table wilds`` wild cards, or (no swap possible) the hand's own; its table is
    this one with one meld longer or with naturals in place of wilds, or with one new meld of
    the hand. A natural card of this hand that no wild position stands for, that reaches no
    such meld even with all those wild cards filling gaps, and that is in no meld of the hand
    with them, stays loose and uncovered after the step. A loose wild card may cover at most
    the loaned ones more than the hand holds; it is not loose when it fits a meld that the
    step leaves alone.
    """
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    wilds = rnd.wilds
    rules = state.rules
    if going_out_forbidden(state):
        return True, True
    wild = wilds.wild
    ts = rnd.turn_state
    restriction = ts.restriction if not ts.taken_used else None
    own = candidate_melds(hand, wilds, rules, restriction)
    in_own = {c for m in own for c in m.cards}

    def targets_of(melds: tuple[Meld, ...] | list[Meld]) -> set[Card]:
        out: set[Card] = set()
        for m in melds:
            if not m.wild_at:
                continue
            if m.kind == RUN:
                for i in m.wild_at:
                    sf = m.stands_for(i)
                    if sf is not None:
                        out.add(sf)
            else:
                out.update(Card.of(m.rank, s) for s in range(4) if s not in m.natural_suits)
        return out

    table_targets = targets_of(rnd.melds)
    own_targets = targets_of(own)
    hand_wilds = sum(1 for c in hand if wilds.is_wild(c))
    nats = [wilds.natural(c) for c in hand if not wilds.is_wild(c)]
    naturals = set(nats)
    table_wilds = sum(len(m.wild_at) for m in rnd.melds)
    fits = (
        sum(1 for m in rnd.melds if fitting_ends(m, wild, wilds, rules)) if wild is not None else 0
    )

    def loose_count(new_meld: bool) -> int:
        targets = table_targets | own_targets if new_meld else table_targets
        # a lay-off of a wild card makes a new wild position, which a hand card may fill
        swappable = any(n in targets for n in nats) or (not new_meld and hand_wilds > 0)
        loan = table_wilds if swappable and wild is not None else 0
        n_wild = hand_wilds + loan + (1 if swappable else 0)
        pool = tuple(sorted((*hand, *(wild,) * loan))) if loan and wild is not None else hand
        covered = {c for m in candidate_melds(pool, wilds, rules) for c in m.cards}
        melds = [*rnd.melds, *own] if new_meld else rnd.melds
        loose = 0
        for c in hand:
            if wilds.is_wild(c) or c in covered or wilds.natural(c) in targets:
                continue
            if new_meld and c in in_own:
                continue
            if not _reach(melds, wilds, c, naturals, n_wild, rules):
                loose += 1
        if swappable and wild is not None and fits < (1 if new_meld else 2):
            loose -= table_wilds + (2 if new_meld else 1)
        return loose

    return loose_count(False) >= 2, loose_count(True) >= 2


def step_candidates(state: State) -> list[Action]:
    """Candidate melds, lay-offs and swaps for the seat to act (unchecked)."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.turn
    hand = rnd.hands[seat]
    ts = rnd.turn_state
    restriction = ts.restriction if not ts.taken_used else None
    out: list[Action] = [
        LayMelds(seat, (m.cards,))
        for m in candidate_melds(hand, rnd.wilds, state.rules, restriction)
    ]
    if not rnd.melds:
        return out
    wilds = rnd.wilds
    rules = state.rules
    # fitting_ends fits a natural card only to a set of its rank or a run of its suit: the
    # cards worth asking, per rank and per suit, wild cards in every list (in card order)
    by_rank: list[list[Card]] = [[] for _ in range(14)]
    by_suit: list[list[Card]] = [[] for _ in range(4)]
    for card in sorted(set(hand)):
        if wilds.is_wild(card):
            for lst in (*by_rank, *by_suit):
                lst.append(card)
            continue
        nat = wilds.natural(card)
        if nat.is_joker:
            continue
        by_rank[nat.rank].append(card)
        by_suit[nat.suit].append(card)
    for i, meld in enumerate(rnd.melds):
        for card in by_suit[meld.suit] if meld.kind == RUN else by_rank[meld.rank]:
            ends = fitting_ends(meld, card, wilds, rules)
            if len(ends) == 1:
                out.append(LayOff(seat, card, i, None))
            else:
                out.extend(LayOff(seat, card, i, e) for e in ends)
        out.extend(_swap_candidates(rnd, seat, i, meld))
    return out


def _swap_candidates(rnd: RoundState, seat: int, index: int, meld: Meld) -> list[Action]:
    if not meld.wild_at:
        return []
    hand = rnd.hands[seat]
    wilds = rnd.wilds

    def providers(nat: Card) -> list[Card]:
        out = [c for c in set(hand) if not wilds.is_wild(c) and wilds.natural(c) == nat]
        return sorted(out)

    if meld.kind == RUN:
        result: list[Action] = []
        for i in meld.wild_at:
            sf = meld.stands_for(i)
            if sf is not None:
                result.extend(SwapWild(seat, (p,), index) for p in providers(sf))
        return result
    missing = [s for s in range(4) if s not in meld.natural_suits]
    combos: list[tuple[Card, ...]] = [()]
    for s in missing:
        combos = [(*c, p) for c in combos for p in providers(Card.of(meld.rank, s))]
    return [SwapWild(seat, c, index) for c in combos if c]


# ----------------------------------------------------------------------------- enumeration


def legal_actions(state: State, seat: int | None = None) -> list[Action]:
    """Every legal next action: the seat to act's steps, and redeal claims of any seat."""
    rnd = state.round
    if rnd is None or state.phase in (Phase.DEAL, Phase.OVER):
        return []
    out: list[Action] = []
    turn = rnd.turn
    if seat is None or seat == turn:
        candidates: list[Action] = []
        if state.phase is Phase.DRAW:
            candidates = [Draw(turn, "stock"), Draw(turn, "discard")]
        else:
            if state.phase is Phase.PLAY:
                candidates = step_candidates(state)
            hand = rnd.hands[turn]
            # a missed announcement (L-71) matters only with three cards or fewer left
            announces = (True, False) if len(hand) <= 4 else (True,)
            # turn_problem depends on the card only through holding it (every card here is held)
            ok = [a for a in announces if hand and turn_problem(state, hand[0], a) is None]
            for c in sorted(set(hand)):
                for announce in ok:
                    out.append(Discard(turn, c, announce))
        bounds: tuple[bool, bool] | None = None
        unopened = state.phase is Phase.PLAY and not rnd.opened[turn]
        for action in candidates:
            no_out = False
            if unopened and not isinstance(action, Draw):
                if bounds is None:
                    bounds = _out_bounds(state)
                if isinstance(action, LayMelds):
                    no_out = bounds[1]
                elif bounds[0] and len(rnd.hands[turn]) >= 4:
                    # the step leaves at least two cards and the seat must go out: it cannot
                    continue
            if _accepts(state, action, no_out):
                out.append(action)
    if (
        state.rules.redeal_pairs
        and rnd.turns_done == 0
        and rnd.turn_state.drew is None
        and state.phase in (Phase.FIRST_DISCARD, Phase.DRAW)
    ):
        for s in range(state.game.players):
            if (seat is None or seat == s) and redeal_entitled(state, s):
                out.append(ClaimRedeal(s))
    return out


def start_round_log(state: State) -> tuple[RoundLog, ...]:
    """The record log with the current round (if any) included."""
    if state.round is None:
        return state.log
    rnd = state.round
    return (*state.log, RoundLog(rnd.dealer, rnd.deal, rnd.actions))
