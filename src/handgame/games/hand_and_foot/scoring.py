"""Scoring a round and running the match (HF-11, HF-12, HF-13)."""

from __future__ import annotations

from handgame.games.hand_and_foot.match import Match
from handgame.games.hand_and_foot.rounds import Phase, RoundLog, RoundResult, RoundState
from handgame.games.hand_and_foot.rules import Rules, is_red_three, value


def score_round(rules: Rules, rnd: RoundState, went_out: int | None) -> RoundResult:
    """Each team's score of a round that ended (HF-11): its melds' values less the cards left
    in its hands, 500 a clean book, 300 a dirty book, 100 a red three laid, −100 a red three in
    a foot never picked up (at a stock end too unless ``foot_red_threes=going-out``), 100 for
    going out; a foot never picked up counts only under
    ``untouched_foot=counts``."""
    teams = rules.teams
    scores = [0] * teams
    books = [[0, 0] for _ in range(teams)]
    reds = [0] * teams
    for m in rnd.melds:
        scores[m.team] += sum(value(c) for c in m.cards)
        if m.is_book:
            if m.wilds:
                scores[m.team] += 300
                books[m.team][1] += 1
            else:
                scores[m.team] += 500
                books[m.team][0] += 1
    for seat in range(rules.players):
        t = seat % teams
        scores[t] -= sum(value(c) for c in rnd.hands[seat])
        reds[t] += len(rnd.red_threes[seat])
        scores[t] += 100 * len(rnd.red_threes[seat])
        if not rnd.picked[seat]:
            foot = rnd.feet[seat]
            if went_out is not None or rules.foot_red_threes == "always":
                scores[t] -= 100 * sum(1 for c in foot if is_red_three(c))
            if rules.untouched_foot == "counts":
                scores[t] -= sum(value(c) for c in foot)
    if went_out is not None:
        scores[went_out % teams] += 100
    return RoundResult(
        dealer=rnd.dealer,
        result="out" if went_out is not None else "stock",
        went_out=went_out,
        scores=tuple(scores),
        books=tuple((c, d) for c, d in books),
        red_threes=tuple(reds),
        hands=rnd.hands,
    )


def end_round(state: Match, rnd: RoundState, went_out: int | None) -> Match:
    """The state after the round ``rnd`` ends (``went_out``: who went out, HF-10; None: the
    stock ended it, HF-13): scored, logged, and the next deal or the match's end (HF-12)."""
    rules = state.rules
    result = score_round(rules, rnd, went_out)
    totals = tuple(a + b for a, b in zip(state.team_totals, result.scores, strict=True))
    results = (*state.results, result)
    log = (*state.log, RoundLog(rnd.dealer, rnd.deal, rnd.actions))
    if len(results) >= rules.rounds:
        best = max(totals)
        leaders = [t for t, v in enumerate(totals) if v == best]
        return state.replace(
            phase=Phase.OVER,
            team_totals=totals,
            results=results,
            round=rnd,
            log=log,
            winner=leaders[0] if len(leaders) == 1 else None,
        )
    return state.replace(
        phase=Phase.DEAL,
        dealer=(rnd.dealer + 1) % rules.players,
        team_totals=totals,
        results=results,
        round=rnd,
        log=log,
    )
