"""The deal applied and each action's own checks and effect (HF-2…HF-13).

``step`` applies one action; whether the turn can still be finished afterwards is
:mod:`handgame.games.hand_and_foot.finish`'s question, and :mod:`.legal` puts the two together.
Red threes are laid and replaced here, never by an action (HF-3).
"""

from __future__ import annotations

from collections.abc import Sequence

from handgame.core import seating
from handgame.core.actions import Action
from handgame.core.cards import Card, missing_cards, remove_cards
from handgame.core.errors import DealError, IllegalAction, NotHeld
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.deal import Deal, check_deal, first_player
from handgame.games.hand_and_foot.finish import countable, feet_picked, may_go_out
from handgame.games.hand_and_foot.match import Match
from handgame.games.hand_and_foot.melds import (
    check_add,
    has_books_to_go_out,
    meld_rank,
    unfinished,
)
from handgame.games.hand_and_foot.rounds import Phase, RoundState, TeamMeld, TurnState, evolve, put
from handgame.games.hand_and_foot.rules import (
    Rules,
    is_black_three,
    is_red_three,
    is_wild,
    rank_name,
    value,
)
from handgame.games.hand_and_foot.scoring import end_round


def _illegal(message: str, *rules: str) -> IllegalAction:
    return IllegalAction(f"{message} ({', '.join(rules)})", rules=rules)


def _not_held(cards: Sequence[Card], message: str, *rules: str) -> NotHeld:
    """A step with cards its seat does not hold (the message as records keep it)."""
    return NotHeld(f"{message} ({', '.join(rules)})", rules=rules, cards=cards)


def partner_of(rules: Rules, seat: int) -> int | None:
    """The seat's partner (HF-1), or None when it plays alone."""
    others = seating.partners(seat, rules.players, rules.teams)
    return others[0] if others else None


def _take_in(
    hand: list[Card], reds: list[Card], stock: tuple[Card, ...], cards: Sequence[Card]
) -> tuple[tuple[Card, ...], bool]:
    """Put ``cards`` into a hand, laying red threes and replacing them from ``stock`` (HF-3);
    the stock left and whether it ran out first (HF-13)."""
    need = 0
    for c in cards:
        if is_red_three(c):
            reds.append(c)
            need += 1
        else:
            hand.append(c)
    pos = 0
    while need:
        if pos >= len(stock):
            return (), True
        c = stock[pos]
        pos += 1
        if is_red_three(c):
            reds.append(c)
        else:
            hand.append(c)
            need -= 1
    return stock[pos:], False


def _team_has_melds(rnd: RoundState, team: int) -> bool:
    return any(m.team == team for m in rnd.melds)


def apply_deal(state: Match, deal: Deal) -> Match:
    """Start the next round with ``deal``: checked (HF-1, HF-2), then the red threes dealt in
    the hands laid and replaced seat by seat from the first player (HF-3)."""
    if state.phase is not Phase.DEAL:
        raise IllegalAction("a deal comes only between rounds")
    rules = state.rules
    try:
        check_deal(deal, rules)
    except DealError as e:
        raise IllegalAction(str(e), rules=e.rules) from None
    n = rules.players
    first = first_player(state.dealer, n)
    hands = [list(h) for h in deal.hands]
    reds: list[list[Card]] = [[] for _ in range(n)]
    stock = deal.stock
    exhausted = False
    for k in range(n):
        seat = (first + k) % n
        dealt, hands[seat] = hands[seat], []
        stock, exhausted = _take_in(hands[seat], reds[seat], stock, dealt)
        if exhausted:
            for j in range(k + 1, n):  # the round ends at once (HF-13)
                hands[(first + j) % n] = list(deal.hands[(first + j) % n])
            break
    rnd = RoundState(
        index=len(state.results),
        dealer=state.dealer,
        deal=deal,
        hands=tuple(tuple(sorted(h)) for h in hands),
        feet=deal.feet,
        picked=(False,) * n,
        stock=stock,
        pile=(deal.discard,),
        red_threes=tuple(tuple(r) for r in reds),
        turn=first,
        turn_state=TurnState(),
        known=((),) * n,
    )
    if exhausted:
        return end_round(state, rnd, None)
    return state.replace(phase=Phase.DRAW, round=rnd)


def _pick_up_foot(state: Match, rnd: RoundState, seat: int) -> tuple[Match, RoundState | None]:
    """The seat's foot becomes its hand, its red threes laid and replaced (HF-9, HF-3): the
    round after it, or None with the ended state when the stock ran out (HF-13)."""
    hand: list[Card] = list(rnd.hands[seat])
    reds = list(rnd.red_threes[seat])
    stock, exhausted = _take_in(hand, reds, rnd.stock, rnd.feet[seat])
    rnd = evolve(
        rnd,
        hands=put(rnd.hands, seat, tuple(sorted(hand))),
        feet=put(rnd.feet, seat, ()),
        picked=put(rnd.picked, seat, True),
        red_threes=put(rnd.red_threes, seat, tuple(reds)),
        stock=stock,
    )
    if exhausted:
        return end_round(state, rnd, None), None
    return state, rnd


def no_out_reason(rules: Rules, rnd: RoundState, seat: int) -> str:
    """Why ``seat`` may not go out now (HF-10)."""
    team = seat % rules.teams
    if rnd.turn_state.forbidden:
        return "the partner said no: no going out this turn"
    if not has_books_to_go_out(rnd.melds, team):
        return "the team needs a clean book and a dirty book"
    if not feet_picked(rules, rnd, team):
        return "every player of the team must have picked up their foot"
    return "going out is allowed"  # pragma: no cover - called only when it is not


def _after_lay(state: Match, rnd: RoundState, seat: int) -> Match:
    """After cards left the hand: the foot picked up when the hand is empty (HF-9), or the
    player goes out (HF-10)."""
    if rnd.hands[seat]:
        return state.replace(phase=Phase.PLAY, round=rnd)
    rules = state.rules
    ts = rnd.turn_state
    if not rnd.picked[seat]:
        minimum = rules.minimum(rnd.index)
        if not ts.opened_before and ts.laid_value < minimum:
            raise _illegal(
                f"the hand may not be emptied before the opening reaches {minimum} "
                f"({ts.laid_value} laid): the foot is picked up only after it",
                "HF-8",
                "HF-9",
            )
        ended, after = _pick_up_foot(state, rnd, seat)
        if after is None:
            return ended
        return state.replace(phase=Phase.PLAY, round=after)
    if may_go_out(rules, rnd, seat):
        return end_round(state, rnd, seat)
    raise _illegal(
        "a player who holds their foot must keep a card to discard unless going out is "
        f"allowed: {no_out_reason(rules, rnd, seat)}",
        "HF-9",
        "HF-10",
    )


def _laid(
    rnd: RoundState, seat: int, cards: Sequence[Card], melds: tuple[TeamMeld, ...]
) -> RoundState:
    """The round after ``seat`` laid ``cards`` from hand onto ``melds`` (counted for HF-8)."""
    hand = rnd.hands[seat]
    rest = remove_cards(hand, cards)
    if rest is None:
        said = f"{' '.join(str(c) for c in cards)}: not all in seat {seat}'s hand"
        raise _not_held(missing_cards(hand, cards), said, "HF-4")
    ts = rnd.turn_state
    worth, pile_left = countable(cards, hand, ts.pile_left)
    known = rnd.known[seat]
    if known:
        known = remove_cards(known, [c for c in cards if c in known]) or ()
    return evolve(
        rnd,
        hands=put(rnd.hands, seat, rest),
        melds=melds,
        known=put(rnd.known, seat, known),
        turn_state=evolve(ts, laid_any=True, laid_value=ts.laid_value + worth, pile_left=pile_left),
    )


def _take(state: Match, rnd: RoundState, a: Take) -> Match:
    rules = state.rules
    if not rnd.pile:
        raise _illegal("the pile is empty: draw two cards from the stock", "HF-6")
    top = rnd.pile[-1]
    if is_black_three(top):
        raise _illegal(f"a black three ({top}) on top of the pile blocks it", "HF-3")
    if is_wild(top):
        raise _illegal(f"a wild card ({top}) on top of the pile cannot be taken", "HF-3")
    team = a.seat % rules.teams
    cards = a.cards
    if remove_cards(rnd.hands[a.seat], cards) is None:
        held = " ".join(str(c) for c in cards)
        said = f"{held}: not all in seat {a.seat}'s hand"
        raise _not_held(missing_cards(rnd.hands[a.seat], a.cards), said, "HF-6")
    melds = rnd.melds
    if a.to is None:
        naturals = sum(1 for c in cards if not is_wild(c) and c.rank == top.rank)
        if rules.pile_meld == "naturals" and naturals < 2:
            raise _illegal(
                f"the pile's top card {top} is laid at once with at least two natural "
                f"{rank_name(top.rank)}s from hand",
                "HF-6",
            )
        if len(cards) < 2:  # pile_meld=any: a new meld of three or more (HF-4)
            raise _illegal(
                f"the pile's top card {top} is laid at once as a new meld with at least two "
                "cards from hand",
                "HF-4",
                "HF-6",
            )
        meld_rank((top, *cards))
        if unfinished(melds, team, top.rank) is not None:
            extra = "; add it with 'to' (pile_pickup=pair-or-add)" * (
                rules.pile_pickup == "pair-or-add"
            )
            raise _illegal(
                f"the team already has an unfinished meld of {rank_name(top.rank)}s{extra}",
                "HF-4",
                "HF-6",
            )
        melds = (*melds, TeamMeld(team, top.rank, (top, *cards)))
    else:
        if rules.pile_pickup != "pair-or-add":
            raise _illegal(
                "the pile's top card is laid as a new meld: adding it to a meld needs "
                "pile_pickup=pair-or-add",
                "HF-6",
            )
        if a.to >= len(melds) or melds[a.to].team != team:
            raise _illegal(f"meld {a.to + 1} is not one of the team's melds", "HF-4", "HF-6")
        m = melds[a.to]
        if m.rank != top.rank:
            raise _illegal(
                f"the pile's top card {top} goes only to the team's meld of its rank", "HF-6"
            )
        check_add(m, a.to, (top, *cards))
        melds = put(melds, a.to, TeamMeld(team, m.rank, (*m.cards, top, *cards)))
    more = rules.pile_take - 1  # the cards taken besides the top card (HF-6)
    taken = rnd.pile[max(0, len(rnd.pile) - 1 - more) : -1]
    rest = rnd.pile[: max(0, len(rnd.pile) - 1 - more)]
    rnd = _laid(rnd, a.seat, cards, melds)
    ts = rnd.turn_state
    rnd = evolve(
        rnd,
        hands=put(rnd.hands, a.seat, tuple(sorted((*rnd.hands[a.seat], *taken)))),
        pile=rest,
        known=put(rnd.known, a.seat, tuple(sorted((*rnd.known[a.seat], *taken)))),
        turn_state=evolve(
            ts, drew=True, laid_value=ts.laid_value + value(top), pile_left=tuple(taken)
        ),
    )
    return _after_lay(state, rnd, a.seat)


def _draw(state: Match, rnd: RoundState, a: Draw) -> Match:
    if len(rnd.stock) < 2:  # the stock cannot supply a draw: the round ends (HF-13)
        return end_round(state, rnd, None)
    hand = list(rnd.hands[a.seat])
    reds = list(rnd.red_threes[a.seat])
    stock, exhausted = _take_in(hand, reds, rnd.stock[2:], rnd.stock[:2])
    rnd = evolve(
        rnd,
        hands=put(rnd.hands, a.seat, tuple(sorted(hand))),
        red_threes=put(rnd.red_threes, a.seat, tuple(reds)),
        stock=stock,
        turn_state=evolve(rnd.turn_state, drew=True),
    )
    if exhausted:
        return end_round(state, rnd, None)
    return state.replace(phase=Phase.PLAY, round=rnd)


def _meld(state: Match, rnd: RoundState, a: Meld) -> Match:
    team = a.seat % state.rules.teams
    if not a.melds:
        raise _illegal("meld lists one or more new melds", "HF-4")
    melds = list(rnd.melds)
    for cards in a.melds:
        rank = meld_rank(cards)
        if unfinished(melds, team, rank) is not None:
            raise _illegal(
                f"the team already has an unfinished meld of {rank_name(rank)}s: add to it "
                "(a new one may be started once it is a book)",
                "HF-4",
            )
        melds.append(TeamMeld(team, rank, cards))
    cards_all = [c for m in a.melds for c in m]
    return _after_lay(state, _laid(rnd, a.seat, cards_all, tuple(melds)), a.seat)


def _add(state: Match, rnd: RoundState, a: Add) -> Match:
    team = a.seat % state.rules.teams
    if a.to >= len(rnd.melds):
        raise _illegal(f"there is no meld {a.to + 1}", "HF-4")
    m = rnd.melds[a.to]
    if m.team != team:
        raise _illegal(
            f"meld {a.to + 1} is the other team's: cards are added only to the team's own melds",
            "HF-4",
        )
    check_add(m, a.to, a.cards)
    melds = put(rnd.melds, a.to, TeamMeld(team, m.rank, (*m.cards, *a.cards)))
    return _after_lay(state, _laid(rnd, a.seat, a.cards, melds), a.seat)


def _ask(state: Match, rnd: RoundState, a: Ask) -> Match:
    rules = state.rules
    if rules.ask_partner == "off":
        raise _illegal("these rules have no asking the partner (ask_partner=off)", "HF-10")
    if partner_of(rules, a.seat) is None:
        raise _illegal("a player without a partner has nobody to ask", "HF-10")
    ts = rnd.turn_state
    if ts.asked:
        raise _illegal("the partner is asked once a turn", "HF-10")
    if state.phase is Phase.PLAY and rnd.picked[a.seat] and len(rnd.hands[a.seat]) < 2:
        raise _illegal(
            "ask before laying down the last cards: after a no, a player holding their foot "
            "must still keep a card to discard",
            "HF-9",
            "HF-10",
        )
    rnd = evolve(rnd, turn_state=evolve(ts, asked=True, pending=True))
    return state.replace(round=rnd)


def _discard(state: Match, rnd: RoundState, a: Discard) -> Match:
    rules = state.rules
    seat = a.seat
    rest = remove_cards(rnd.hands[seat], (a.card,))
    if rest is None:
        raise _not_held((a.card,), f"{a.card} is not in seat {seat}'s hand", "HF-6")
    ts = rnd.turn_state
    minimum = rules.minimum(rnd.index)
    if not ts.opened_before and ts.laid_any and ts.laid_value < minimum:
        raise _illegal(
            f"the team's first melds must total at least {minimum} in one turn, not "
            f"{ts.laid_value} (the cards taken with the pile do not count)",
            "HF-8",
        )
    known = rnd.known[seat]
    if a.card in known:
        known = remove_cards(known, (a.card,)) or ()
    rnd = evolve(
        rnd,
        hands=put(rnd.hands, seat, rest),
        pile=(*rnd.pile, a.card),
        known=put(rnd.known, seat, known),
    )
    if not rest:
        if rnd.picked[seat]:
            if not may_go_out(rules, rnd, seat):
                raise _illegal(
                    "a player who holds their foot must keep a card unless going out is "
                    f"allowed: {no_out_reason(rules, rnd, seat)}",
                    "HF-9",
                    "HF-10",
                )
            return end_round(state, rnd, seat)
        ended, after = _pick_up_foot(state, rnd, seat)
        if after is None:
            return ended
        rnd = after
    nxt = (seat + 1) % rules.players
    rnd = evolve(
        rnd,
        turn=nxt,
        turn_state=TurnState(opened_before=_team_has_melds(rnd, nxt % rules.teams)),
    )
    return state.replace(phase=Phase.DRAW, round=rnd)


def step(state: Match, action: Action) -> Match:
    """The state after ``action`` with its own checks; raises ``IllegalAction``."""
    rnd = state.round
    if rnd is None or state.phase in (Phase.DEAL, Phase.OVER):
        if state.phase is Phase.OVER:
            raise _illegal("the match is over", "HF-12")
        raise _illegal("no round is in play: the round has ended", "HF-10", "HF-13")
    rules = state.rules
    seat = action.seat
    if not 0 <= seat < rules.players:
        raise _illegal(f"there is no seat {seat}", "HF-1")
    ts = rnd.turn_state
    if ts.pending:
        partner = partner_of(rules, rnd.turn)
        if not isinstance(action, Answer) or seat != partner:
            raise _illegal(
                f"seat {rnd.turn} asked to go out: seat {partner} answers first", "HF-10"
            )
        rnd = evolve(
            rnd,
            actions=(*rnd.actions, action),
            turn_state=evolve(ts, pending=False, forbidden=not action.yes),
        )
        return state.replace(round=rnd)
    if isinstance(action, Answer):
        raise _illegal("nobody asked to go out", "HF-10")
    if seat != rnd.turn:
        raise _illegal(f"it is seat {rnd.turn}'s turn, not seat {seat}'s", "HF-6")
    rnd = evolve(rnd, actions=(*rnd.actions, action))
    if isinstance(action, Ask):
        return _ask(state, rnd, action)
    if state.phase is Phase.DRAW:
        if isinstance(action, Draw):
            return _draw(state, rnd, action)
        if isinstance(action, Take):
            return _take(state, rnd, action)
        raise _illegal("a turn begins by drawing two cards or taking the pile", "HF-6")
    if isinstance(action, (Draw, Take)):
        raise _illegal("the seat has already drawn or taken the pile this turn", "HF-6")
    if isinstance(action, Meld):
        return _meld(state, rnd, action)
    if isinstance(action, Add):
        return _add(state, rnd, action)
    if isinstance(action, Discard):
        return _discard(state, rnd, action)
    raise _illegal(f"unknown action {action}", "HF-6")  # pragma: no cover
