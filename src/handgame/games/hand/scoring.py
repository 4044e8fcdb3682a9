"""Scoring a round and running the match (L-50, L-85…L-93, O-1, O-11, G-7…G-9, F-9, F-10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from handgame.core.cards import JOKER, Card
from handgame.games.hand.match import Match
from handgame.games.hand.rounds import Phase, RoundLog, RoundResult, RoundState
from handgame.games.hand.values import hand_penalty

if TYPE_CHECKING:
    from handgame.games.hand.rules import Ruleset
    from handgame.games.hand.wilds import Wilds


def void_result(rnd: RoundState, reason: str) -> RoundResult:
    """A round that ends with no score (L-52 redeal, L-81 stock)."""
    return RoundResult(dealer=rnd.dealer, result="void", reason=reason)


def bonus_multiplier(
    rules: Ruleset, wilds: Wilds, melded: list[Card], discarded: tuple[Card, ...]
) -> int:
    """The O-11 multiplier of a full hand: the laid cards ``melded`` and the final discard.

    Wild factor: ``two-wilds`` ×4 when the final discard is the two wild cards that the 13
    natural cards melded do not need (the one two-card discard); else ``wild-discard`` ×2 when
    the discard is a wild card. Colour factor, of the 14 melded cards only (the discard's
    colour and wild cards ignored): ``one-suit`` ×4, else ``one-color`` ×2.
    """
    bonuses = rules.bonuses
    if not bonuses:
        return 1
    wild_factor = 1
    if "two-wilds" in bonuses and len(discarded) == 2:
        wild_factor = 4
    elif "wild-discard" in bonuses and wilds.is_wild(discarded[0]):
        wild_factor = 2
    naturals = [c for c in melded if not wilds.is_wild(c) and c != JOKER]
    colour_factor = 1
    if naturals:
        if "one-suit" in bonuses and len({c.suit for c in naturals}) == 1:
            colour_factor = 4
        elif "one-color" in bonuses and len({c.is_red for c in naturals}) == 1:
            colour_factor = 2
    return wild_factor * colour_factor


def score_win(
    state: Match, after: RoundState, winner: int, discarded: tuple[Card, ...]
) -> RoundResult:
    """Score a round won by ``winner`` (L-85…L-88, L-91, G-7, G-8, F-9, O-11).

    ``state`` is the state before the final discard, ``after`` the round after it.
    """
    before = state.round
    assert before is not None
    rules = state.rules
    game = state.game
    ts = before.turn_state
    full = not before.laid_before[winner] and not ts.touched_other
    multiplier = 1
    if full:
        melded = [c for i in ts.laid for c in after.melds[i].cards]
        multiplier = bonus_multiplier(rules, after.wilds, melded, discarded)
    scores = []
    penalties: list[tuple[str, ...]] = []
    for seat in range(game.players):
        hand = after.hands[seat]
        penalties.append(tuple(str(c) for c in hand))
        if seat == winner:
            scores.append((rules.win_full if full else rules.win_partial) * multiplier)
        elif game.partnership and game.team_of(seat) == game.team_of(winner):
            scores.append(0)  # L-91: the winner's partner's cards are not counted
        else:
            if not after.opened[seat] and rules.unopened_penalty is not None:
                base = rules.unopened_penalty
            else:
                base = hand_penalty(hand, after.wilds, rules)
            if full:
                base *= rules.full_hand_multiplier * multiplier
            scores.append(base)
    return RoundResult(
        dealer=before.dealer,
        result="won",
        winner=winner,
        hand="full" if full else "partial",
        multiplier=multiplier,
        scores=tuple(scores),
        penalties=tuple(penalties),
        opened=after.opened,
    )


def next_dealer(state: Match, result: RoundResult) -> int:
    """Who deals next (L-50, O-1): the same dealer after a round with no score."""
    n = state.game.players
    dealer = result.dealer
    if result.result != "won":
        return dealer
    if state.rules.dealer == "rotate":
        return (dealer + 1) % n
    worst = max(result.scores)
    tied = {s for s in range(n) if result.scores[s] == worst}
    if dealer in tied:
        return dealer
    for k in range(1, n + 1):
        s = (dealer + k) % n
        if s in tied:
            return s
    return dealer  # pragma: no cover


def standings(state: Match) -> tuple[int, ...]:
    """The totals that decide the match: per team in partnership, else per seat."""
    team = state.team_totals()
    return team if team is not None else state.totals


def end_round(state: Match, result: RoundResult) -> Match:
    """Record a finished round and decide what comes next (L-90…L-93, G-9, F-10)."""
    rnd = state.round
    assert rnd is not None
    totals = state.totals
    scored, streak = state.scored, state.void_streak
    if result.result == "won":
        totals = tuple(t + s for t, s in zip(totals, result.scores, strict=True))
        scored, streak = scored + 1, 0
    else:
        streak += 1
    new = state.replace(
        totals=totals,
        results=(*state.results, result),
        scored=scored,
        void_streak=streak,
        log=(*state.log, RoundLog(rnd.dealer, rnd.deal, rnd.actions)),
        phase=Phase.DEAL,
        dealer=next_dealer(state, result),
    )
    rules = state.rules
    limit_rounds = rules.rounds
    final = new.final_reached
    if limit_rounds is not None and (
        scored >= limit_rounds or (scored == limit_rounds - 1 and streak >= 3)
    ):
        final = True
    stand = standings(new)
    if rules.penalty_limit is not None and max(stand) >= rules.penalty_limit:
        final = True
    if final:
        low = min(stand)
        lowest = [i for i, t in enumerate(stand) if t == low]
        if len(lowest) == 1:
            return new.replace(final_reached=True, phase=Phase.OVER, winner=lowest[0])
        return new.replace(final_reached=True)
    return new
