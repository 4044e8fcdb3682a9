"""Whether the turn in progress can still be finished (HF-8, HF-9, HF-10).

``State.apply`` refuses a step after which no legal end of the turn remains (a
``TurnCannotFinish``), so ``legal_actions()`` never leads into a state with no legal action.
Two things can make a turn unfinishable: an opening below the minimum that the hand can no
longer complete (HF-8), and a player holding their foot left with one card who may not go out
(HF-9, HF-10). Both are decided exactly from what the player sees.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from handgame.core.cards import Card
from handgame.core.errors import Reason
from handgame.core.seating import team_seats
from handgame.games.hand_and_foot.match import Match
from handgame.games.hand_and_foot.melds import check_add, has_books_to_go_out, unfinished
from handgame.games.hand_and_foot.rounds import Phase, RoundState, TeamMeld, put
from handgame.games.hand_and_foot.rules import BOOK, MELD_RANKS, Rules, is_wild, value


def feet_picked(rules: Rules, rnd: RoundState, team: int) -> bool:
    """Every player of ``team`` has picked up their foot (HF-10)."""
    picked = rnd.picked
    return all(picked[s] for s in team_seats(team, rules.players, rules.teams))


def may_go_out(rules: Rules, rnd: RoundState, seat: int) -> bool:
    """HF-10: the team has a clean and a dirty book and every partner's foot is picked up, and
    the partner has not said no this turn."""
    team = seat % rules.teams
    return (
        not rnd.turn_state.forbidden
        and has_books_to_go_out(rnd.melds, team)
        and feet_picked(rules, rnd, team)
    )


def countable(
    laid: Sequence[Card], hand: Sequence[Card], pile_left: tuple[Card, ...]
) -> tuple[int, tuple[Card, ...]]:
    """The opening count of laying ``laid`` from ``hand`` (HF-8) and the pile cards left.

    The pile cards taken do not count. Identical cards cannot be told apart, so a laid card is
    the player's own copy while the hand holds one, and a pile copy only beyond that.
    """
    if not pile_left:
        return sum(value(c) for c in laid), pile_left
    held = Counter(hand)
    left = Counter(pile_left)
    total = 0
    for c, k in Counter(laid).items():
        own = max(0, held[c] - left[c])
        total += value(c) * min(k, own)
        left[c] -= max(0, k - own)
    return total, tuple(sorted(left.elements()))


def _cap_new(total: int) -> int | None:
    """The most wild cards ``total`` cards can hold as new melds of one rank (books then one
    unfinished meld), or None when they cannot all be laid so."""
    if total == 0:
        return 0
    last = total % BOOK
    if last in (1, 2):
        return None
    size = BOOK if last == 0 else last
    return 3 * ((total - size) // BOOK) + size // 2


def _fits(naturals: int, wilds: int, existing: TeamMeld | None) -> bool:
    """Whether ``naturals`` and ``wilds`` can all be laid on a rank (its unfinished meld
    ``existing`` first, HF-4)."""
    total = naturals + wilds
    if existing is None:
        cap = _cap_new(total)
        return cap is not None and wilds <= cap
    size = len(existing.cards) + total
    if size <= BOOK:
        return existing.wilds + wilds <= size // 2
    room = BOOK - len(existing.cards)  # the cards that make it a book (HF-5), the rest new melds
    # as many wild cards in the book as its room and its naturals allow (HF-4: at most three of
    # seven): a meld already holding five or six naturals has room for fewer than three
    in_book = min(room, BOOK // 2 - existing.wilds, wilds)
    if room - in_book > naturals:
        return False
    cap = _cap_new(total - room)
    return cap is not None and wilds - in_book <= cap


def max_lay_value(
    hand: Sequence[Card], pile_left: tuple[Card, ...], melds: Sequence[TeamMeld], team: int
) -> int:
    """The largest opening count (HF-8) the hand can still lay, as new melds and additions to
    the team's unfinished melds: each rank on its own, the wild cards shared (exact)."""
    held = Counter(hand)
    left = Counter(pile_left)
    wild_values: list[int] = []
    for c, k in held.items():
        if is_wild(c):
            own = max(0, k - left[c])
            wild_values += [value(c)] * own + [0] * (k - own)
    wild_values.sort(reverse=True)
    top = [0]
    for v in wild_values:
        top.append(top[-1] + v)
    n_wild = len(wild_values)
    best: list[int | None] = [0] + [None] * n_wild  # best natural value using w wild cards
    for rank in MELD_RANKS:
        have = [(c, k) for c, k in held.items() if not is_wild(c) and c.rank == rank]
        at = unfinished(melds, team, rank)
        if not have and at is None:
            continue
        existing = melds[at] if at is not None else None
        total = sum(k for _, k in have)
        own = sum(max(0, k - left[c]) for c, k in have)
        worth = value(have[0][0]) if have else 0
        most: list[int] = []  # most naturals laid with w wild cards on this rank, or -1
        for w in range(n_wild + 1):
            k = total
            while k >= 0 and not _fits(k, w, existing):
                k -= 1
            most.append(k)
        new: list[int | None] = [None] * (n_wild + 1)
        for w0, got in enumerate(best):
            if got is None:
                continue
            for w, k in enumerate(most):
                if k < 0 or w0 + w > n_wild:
                    continue
                v = got + worth * min(k, own)
                cur = new[w0 + w]
                if cur is None or v > cur:
                    new[w0 + w] = v
        best = new
    return max(v + top[w] for w, v in enumerate(best) if v is not None)


def finish_problem(state: Match) -> str | None:
    """Why the turn in progress cannot be finished any more, or None when it can."""
    rnd = state.round
    if rnd is None or state.phase is not Phase.PLAY or rnd.turn_state.pending:
        return None
    rules = state.rules
    ts = rnd.turn_state
    seat = rnd.turn
    team = seat % rules.teams
    hand = rnd.hands[seat]
    minimum = rules.minimum(rnd.index)
    if not ts.opened_before and ts.laid_any and ts.laid_value < minimum:
        need = minimum - ts.laid_value
        if max_lay_value(hand, ts.pile_left, rnd.melds, team) < need:
            return Reason(
                f"the opening needs {minimum} in this turn and {ts.laid_value} is laid: the "
                f"hand cannot lay the {need} more (HF-8)",
                "HF-8",
            )
        return None
    if rnd.picked[seat] and len(hand) == 1:
        if may_go_out(rules, rnd, seat):
            return None
        card = hand[0]
        for i, m in enumerate(rnd.melds):
            if m.team != team:
                continue
            try:
                check_add(m, i, (card,))
            except ValueError:
                continue
            grown = put(rnd.melds, i, TeamMeld(m.team, m.rank, (*m.cards, card)))
            if (
                not ts.forbidden
                and feet_picked(rules, rnd, team)
                and has_books_to_go_out(grown, team)
            ):
                return None
        return Reason(
            "a player who holds their foot must keep a card to discard unless going out is "
            "allowed (HF-9, HF-10)",
            "HF-9",
            "HF-10",
        )
    return None
