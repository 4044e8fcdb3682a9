"""The turn's legal steps listed directly: each candidate judged by what it leaves, without
playing it (the fast path of :func:`handgame.games.hand_and_foot.legal.legal_actions`).

The reference (``legal.reference_actions``) lists candidates and keeps those ``apply``
accepts, a whole step and the turn's finish check each. Here a candidate is judged by the few
facts the rules read after it (HF-4…HF-10): the hand it leaves, the team's melds, the opening
count laid this turn and the pile cards still unlaid. :func:`after_lay` is that judgement, once:
the hand emptied (the foot comes up only once the opening is reached, HF-8, HF-9; a player
holding their foot goes out only when the team may, HF-10), the opening still reachable (HF-8:
``finish.max_lay_value``), and a player holding their foot left one card with a way to go
out. ``tests/hand_and_foot/test_hf_listing.py`` checks the two lists equal over thousands of
seeded random matches, every option value among them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from handgame.core.actions import Action
from handgame.core.cards import JOKER_CODE, Card
from handgame.games.hand_and_foot.actions import Add, Ask, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.finish import countable, feet_picked, max_lay_value
from handgame.games.hand_and_foot.match import Match
from handgame.games.hand_and_foot.melds import books
from handgame.games.hand_and_foot.rounds import Phase, RoundState, TeamMeld
from handgame.games.hand_and_foot.rules import BOOK, MELD_RANKS, Rules, is_wild, value


def _books_ok(melds: Sequence[TeamMeld], team: int) -> bool:
    clean, dirty = books(melds, team)
    return clean >= 1 and dirty >= 1


def _may_go_out(rules: Rules, rnd: RoundState, team: int, melds: Sequence[TeamMeld]) -> bool:
    """HF-10 with ``melds`` on the table: no "no" this turn, a clean and a dirty book, every
    foot of the team picked up."""
    return (
        not rnd.turn_state.forbidden
        and _books_ok(melds, team)
        and feet_picked(rules, rnd, team)
    )


def after_lay(
    rules: Rules,
    rnd: RoundState,
    seat: int,
    hand: tuple[Card, ...],
    melds: tuple[TeamMeld, ...],
    laid_value: int,
    pile_left: tuple[Card, ...],
) -> bool:
    """Whether a lay that leaves ``hand`` and ``melds`` (``laid_value`` counted toward the
    opening, ``pile_left`` of the pile cards unlaid) is legal and leaves a turn that can end."""
    ts = rnd.turn_state
    team = seat % rules.teams
    minimum = rules.minimum(rnd.index)
    if not hand:
        if not rnd.picked[seat]:  # the foot comes up, once the opening is reached (HF-8, HF-9)
            return ts.opened_before or laid_value >= minimum
        return _may_go_out(rules, rnd, team, melds)  # going out (HF-10)
    if not ts.opened_before and laid_value < minimum:
        return max_lay_value(hand, pile_left, melds, team) >= minimum - laid_value
    if rnd.picked[seat] and len(hand) == 1 and not _may_go_out(rules, rnd, team, melds):
        if ts.forbidden or not feet_picked(rules, rnd, team):
            return False
        card = hand[0]  # its last card must make the books on one of the team's melds
        for i, m in enumerate(melds):
            if m.team != team or m.is_book or (card.rank != m.rank and not is_wild(card)):
                continue
            size = len(m.cards) + 1
            wilds = m.wilds + is_wild(card)
            if wilds > size - wilds:
                continue
            grown = TeamMeld(m.team, m.rank, (*m.cards, card))
            if _books_ok((*melds[:i], grown, *melds[i + 1 :]), team):
                return True
        return False
    return True


def _without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _pairs(cards: list[Card]) -> list[tuple[Card, Card]]:
    """The distinct pairs of a sorted list with repeats."""
    out = []
    distinct = sorted(set(cards))
    for i, a in enumerate(distinct):
        if cards.count(a) >= 2:
            out.append((a, a))
        out += [(a, b) for b in distinct[i + 1 :]]
    return out


def _triples(cards: list[Card]) -> list[tuple[Card, Card, Card]]:
    """The distinct triples of a sorted list with repeats."""
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    distinct = sorted(counts)
    out = []
    n = len(distinct)
    for i in range(n):
        a = distinct[i]
        for j in range(i, n):
            b = distinct[j]
            if j == i and counts[a] < 2:
                continue
            for k in range(j, n):
                c = distinct[k]
                if k == j and counts[b] < (3 if j == i else 2):
                    continue
                out.append((a, b, c))
    return out


def _lay(
    state: Match,
    rnd: RoundState,
    seat: int,
    cards: tuple[Card, ...],
    melds: Callable[[], tuple[TeamMeld, ...]],
) -> bool:
    """Whether laying ``cards`` from hand is legal (``melds()``: the table after it, made only
    where the rules read it). The common case first: a team that had opened, two cards or more
    left in hand: nothing more to check (HF-8, HF-9, HF-10 bear only on the last cards)."""
    ts = rnd.turn_state
    hand = rnd.hands[seat]
    if ts.opened_before and len(hand) - len(cards) >= 2:
        return True
    worth, pile_left = countable(cards, hand, ts.pile_left)
    return after_lay(
        state.rules, rnd, seat, _without(hand, cards), melds(), ts.laid_value + worth, pile_left
    )


def _table(
    melds: tuple[TeamMeld, ...], at: int | None, meld: TeamMeld
) -> Callable[[], tuple[TeamMeld, ...]]:
    """The table after a lay: ``meld`` new (``at`` None) or in place of meld ``at``."""
    if at is None:
        return lambda: (*melds, meld)
    return lambda: (*melds[:at], meld, *melds[at + 1 :])


_ADDS: dict[tuple[int, Card, int], Add] = {}
_DISCARDS: dict[tuple[int, Card], Discard] = {}


def _add_of(seat: int, card: Card, to: int) -> Add:
    """``Add(seat, (card,), to)``, one shared instance per value (actions are values)."""
    got = _ADDS.get((seat, card, to))
    if got is None:
        got = _ADDS[seat, card, to] = Add(seat, (card,), to)
    return got


def _discard_of(seat: int, card: Card) -> Discard:
    """``Discard(seat, card)``, one shared instance per value."""
    got = _DISCARDS.get((seat, card))
    if got is None:
        got = _DISCARDS[seat, card] = Discard(seat, card)
    return got


def play_steps(state: Match) -> list[Action] | None:
    """The seat to act's legal steps in its turn (the partner's answer excluded), in the
    reference's order; None where the reference must list them (a take onto a meld under
    ``pile_pickup=pair-or-add``)."""
    rnd = state.round
    assert rnd is not None
    rules = state.rules
    seat = rnd.turn
    hand = rnd.hands[seat]
    team = seat % rules.teams
    ts = rnd.turn_state
    melds = rnd.melds
    unfinished = {m.rank for m in melds if m.team == team and not m.is_book}
    out: list[Action] = []
    if state.phase is Phase.DRAW:
        out.append(Draw(seat))
        top = rnd.pile[-1] if rnd.pile else None
        if top is not None and not is_wild(top) and top.rank != 3:
            if rules.pile_pickup == "pair-or-add" and top.rank in unfinished:
                return None
            naturals = [c for c in hand if c.rank == top.rank]  # a 2 or a 3 never matches
            pairs: list[tuple[Card, ...]] = list(_pairs(naturals)) if len(naturals) >= 2 else []
            if rules.pile_meld == "any":
                wilds = sorted(set(c for c in hand if is_wild(c)))
                pairs += [(n, w) for n in sorted(set(naturals)) for w in wilds]
            if pairs and top.rank not in unfinished:
                more = rules.pile_take - 1
                taken = rnd.pile[max(0, len(rnd.pile) - 1 - more) : -1]
                for pair in pairs:
                    worth, _ = countable(pair, hand, ())
                    new = (*melds, TeamMeld(team, top.rank, (top, *pair)))
                    left = tuple(sorted((*_without(hand, pair), *taken)))
                    laid = ts.laid_value + worth + value(top)
                    if after_lay(rules, rnd, seat, left, new, laid, tuple(taken)):
                        out.append(Take(seat, pair))
    else:
        wilds = sorted(set(c for c in hand if _WILD[c]))
        by_rank: dict[int, list[Card]] = {}
        for c in hand:
            r = _RANK[c]
            if r in _MELDABLE:
                by_rank.setdefault(r, []).append(c)
        for rank in MELD_RANKS:
            got = by_rank.get(rank)
            if got is None or len(got) < 2 or rank in unfinished:
                continue
            for combo in _triples(got):
                table = _table(melds, None, TeamMeld(team, rank, combo))
                if _lay(state, rnd, seat, combo, table):
                    out.append(Meld(seat, (combo,)))
            for pair in _pairs(got):
                for w in wilds:
                    cards = (*pair, w)
                    table = _table(melds, None, TeamMeld(team, rank, cards))
                    if _lay(state, rnd, seat, cards, table):
                        out.append(Meld(seat, (cards,)))
        distinct = sorted(set(hand))
        quick = ts.opened_before and len(hand) >= 3  # every single add leaves two cards or more
        for i, m in enumerate(melds):
            if m.team != team or len(m.cards) >= BOOK:
                continue
            room_wild = 2 * m.wilds + 1 <= len(m.cards)
            for c in distinct:
                if _WILD[c]:
                    if not room_wild:
                        continue
                elif _RANK[c] != m.rank:
                    continue
                if quick or _lay(
                    state, rnd, seat, (c,), _table(melds, i, TeamMeld(team, m.rank, (*m.cards, c)))
                ):
                    out.append(_add_of(seat, c, i))
    if not ts.asked and rules.ask_partner != "off" and rules.teams < rules.players:
        if not (state.phase is Phase.PLAY and rnd.picked[seat] and len(hand) < 2):
            out.append(Ask(seat))
    if state.phase is Phase.PLAY:
        minimum = rules.minimum(rnd.index)
        if ts.opened_before or not ts.laid_any or ts.laid_value >= minimum:
            if len(hand) != 1 or not rnd.picked[seat] or _may_go_out(rules, rnd, team, melds):
                out += [_discard_of(seat, c) for c in sorted(set(hand))]
    return out


_EVERY = tuple(Card(code) for code in range(JOKER_CODE + 1))
_WILD = tuple(is_wild(c) for c in _EVERY)  # by card code
_RANK = tuple(c.rank for c in _EVERY)
_MELDABLE = frozenset(MELD_RANKS)


__all__ = ["after_lay", "play_steps"]
