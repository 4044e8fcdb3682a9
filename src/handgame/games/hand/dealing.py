"""Rounds begin and are claimed void: the deal applied, the redeal for pairs (RULES.md L-52)."""

from __future__ import annotations

from handgame.core.cards import JOKER, Card
from handgame.core.errors import DealError, IllegalAction
from handgame.games.hand.actions import ClaimRedeal
from handgame.games.hand.deal import Deal, check_deal, first_player
from handgame.games.hand.match import Match
from handgame.games.hand.rounds import Phase, RoundLog, RoundState, evolve
from handgame.games.hand.scoring import end_round, void_result
from handgame.games.hand.wilds import wilds_for


def apply_deal(state: Match, deal: Deal) -> Match:
    """Start the next round with ``deal`` (checked: exactly the deck, dealt per the rules)."""
    if state.phase is not Phase.DEAL:
        raise IllegalAction("a deal comes only between rounds")
    game = state.game
    try:
        check_deal(deal, game.rules, game.players, state.dealer)
    except DealError as e:
        raise IllegalAction(str(e), rules=e.rules) from None
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


def redeal_entitled(state: Match, seat: int) -> bool:
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


def claim_redeal(state: Match, a: ClaimRedeal) -> Match:
    """A seat's claim of a redeal for pairs (L-52): the round is void and dealt again."""
    rnd = state.round
    if rnd is None or state.phase not in (Phase.FIRST_DISCARD, Phase.DRAW):
        raise IllegalAction(
            "a redeal is claimed only before the round's first discard (L-52)", rules=("L-52",)
        )
    if rnd.turns_done > 0 or rnd.turn_state.drew is not None:
        raise IllegalAction(
            "a redeal is claimed only before the round's first discard (L-52)", rules=("L-52",)
        )
    if not state.rules.redeal_pairs:
        raise IllegalAction(
            "these rules have no redeal for pairs (L-52, option redeal_pairs)", rules=("L-52",)
        )
    if not 0 <= a.seat < state.game.players:
        raise IllegalAction(f"there is no seat {a.seat}")
    if not redeal_entitled(state, a.seat):
        raise IllegalAction(
            "a redeal needs four pairs of identical cards, three pairs and a wild card, or two "
            "pairs and two jokers (L-52)",
            rules=("L-52",),
        )
    rnd = evolve(rnd, actions=(*rnd.actions, a))
    return end_round(state.replace(round=rnd), void_result(rnd, "redeal"))


def start_round_log(state: Match) -> tuple[RoundLog, ...]:
    """The record log with the current round (if any) included."""
    if state.round is None:
        return state.log
    rnd = state.round
    return (*state.log, RoundLog(rnd.dealer, rnd.deal, rnd.actions))
