"""Cheap rollouts: greedy-like play on a light copy of a (sampled) state, without the engine.

The engine's ``apply`` checks at every step that the turn can still be finished (an exact
search), and ``greedy`` asks the engine what is legal and searches for a way to go out; that
is what made ``ismcts`` rollouts cost 5–10 ms. A rollout only has to *estimate* how a round
goes on, so :class:`Sketch` keeps just what that needs — each seat's hand as a list, the
stock, the top discard, who has opened, the melds on the table — and :func:`play_turn` plays
a whole turn with the solver's answers (cached by hand) and a few checks:

- draw the top discard when it is not a wild card and the best melds of the hand with it use
  it (unopened: only when it opens, L-62), else the stock; an empty stock ends the round void;
- unopened: lay the best opening when it reaches the minimum (L-63); opened: lay the best
  melds and every natural card that extends a meld on the table (L-10, L-42), always keeping
  a card to discard (L-65);
- discard by the seat's rule (``Sketch.discard_rule``, :data:`DISCARD_RULES`): the loosest
  card left (fewest partners, then the costliest; a wild card last), ``greedy``'s own discard
  (the least penalty left), or the card whose pairs with the cards left have the fewest live
  outs (:func:`outs_discard`); the last card discarded goes out (the seat wins).

Rules a rollout does not check (announcements, L-67's first round, L-44, O-5…O-11, escalating
minimums) only blur the estimate: the search's real move is always one of the engine's
exact ``legal_actions()``. Nothing here reads more than the sampled state it was given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from handgame.core.cards import Card
from handgame.core.errors import MeldError
from handgame.games.hand.deal import deck_for
from handgame.games.hand.melds import RUN, SET, Meld, add_card
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.solver import best_arrangement, best_discard, best_opening, partners
from handgame.games.hand.state import State
from handgame.games.hand.turn import required_minimum
from handgame.games.hand.values import penalty_value
from handgame.games.hand.wilds import Wilds

#: the discard-pickup rules (``Ruleset.discard_pickup``) the sketch's own draw rule misjudges:
#: under F-4's ``must-meld`` a taken card need not join the new meld, and a wild one may be
#: taken. There the fast rollout won 52.5% of four-jokers rounds against ``greedy`` and the
#: exact one 65.0% (docs/notes/bots.md); under L-62 the fast one did better (62.7% against
#: 58.5% at levant), and under ``free`` it won 61.0% (gulf).
MISSKETCHED_PICKUPS = frozenset({"must-meld"})


def sketches(state: State) -> bool:
    """Whether the fast rollout is a fair sketch of play at ``state``'s table: two seats
    (against three ``greedy``, its differences from theirs cost the search its lead) and a
    discard pickup it models (:data:`MISSKETCHED_PICKUPS`)."""
    return table_sketched(state.game.players, state.rules)


def table_sketched(players: int, rules: Ruleset) -> bool:
    """:func:`sketches` of a table of ``players`` seats under ``rules``."""
    return players <= 2 and rules.discard_pickup not in MISSKETCHED_PICKUPS


#: how a seat of a sketch discards (``Sketch.discard_rule``): the loosest card, ``greedy``'s
#: discard, or the fewest live outs
DISCARD_RULES = ("loose", "greedy", "outs")
LOOSE, GREEDY, OUTS = range(3)


@lru_cache(maxsize=64)
def deck_counts(rules: Ruleset) -> tuple[int, ...]:
    """How many copies of each card code the deck of ``rules`` holds."""
    counts = [0] * 53
    for c in deck_for(rules):
        counts[c] += 1
    return tuple(counts)


def gone_counts(pile: Sequence[Card], indicator: Card | None) -> list[int]:
    """The cards of a discard pile and the indicator, by code (``Sketch.gone``)."""
    counts = [0] * 53
    for c in pile:
        counts[c] += 1
    if indicator is not None:
        counts[indicator] += 1
    return counts


@dataclass
class Sketch:
    """A light, mutable copy of a round for rollouts (see the module docstring)."""

    hands: list[list[Card]]
    stock: list[Card]
    top: Card | None
    opened: list[bool]
    melds: list[Meld]
    turn: int
    drawn: bool  # the seat to act has drawn already
    wilds: Wilds
    rules: Ruleset
    minimum: int
    winner: int | None = None
    void: bool = False
    turns: int = 0
    #: per seat: its hand is known to hold no meld (opened) or no opening (unopened), so a
    #: loose card drawn changes nothing and the solver need not be asked again
    clean: list[bool] = field(default_factory=list)
    #: per seat: how it discards, an index of :data:`DISCARD_RULES` (0 when not given)
    discard_rule: list[int] = field(default_factory=list)
    #: the cards every seat has seen leave play, by code: the discard pile (the top among
    #: them) and the indicator
    gone: list[int] = field(default_factory=lambda: [0] * 53)
    #: every card of the deck, by code (:func:`~handgame.games.hand.deal.deck_for`)
    deck: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        """Whether the round has ended (a seat went out, or the stock ran out)."""
        return self.winner is not None or self.void


def sketch(state: State) -> Sketch:
    """The sketch of ``state`` (a round in progress: first discard, draw or play phase)."""
    rnd = state.round
    assert rnd is not None
    return Sketch(
        hands=[list(h) for h in rnd.hands],
        stock=list(rnd.stock),
        top=rnd.discard_pile[-1] if rnd.discard_pile else None,
        opened=list(rnd.opened),
        melds=list(rnd.melds),
        turn=rnd.turn,
        drawn=state.phase is not Phase.DRAW,
        wilds=rnd.wilds,
        rules=state.rules,
        minimum=required_minimum(state),
        clean=[False] * len(rnd.hands),
        discard_rule=[0] * len(rnd.hands),
        gone=gone_counts(rnd.discard_pile, rnd.deal.indicator),
        deck=deck_counts(state.rules),
    )


def play_turn(sk: Sketch) -> None:
    """The seat to act plays the rest of its turn (draw, melds, lay-offs, discard)."""
    seat = sk.turn
    hand = sk.hands[seat]
    loose_draw = False
    if not sk.drawn:
        _draw(sk, hand, seat)
        if sk.over:
            return
        loose_draw = _loose(sk, hand, hand[-1])
    sk.drawn = False
    if len(hand) > 1:
        if sk.clean[seat] and loose_draw:
            if sk.opened[seat]:
                _lay_off(sk, hand)
        else:
            _lay(sk, hand, seat)
            sk.clean[seat] = True
    rule = sk.discard_rule[seat] if sk.discard_rule else 0
    card = None
    if rule == GREEDY:
        card = best_discard(tuple(hand), sk.wilds, sk.rules)
    elif rule == OUTS:
        card = outs_discard(sk, hand)
    if card is None:
        card = _discard_choice(sk, hand, sk.clean[seat] and sk.opened[seat])
    hand.remove(card)
    sk.top = card
    sk.gone[card] += 1
    sk.turns += 1
    if not hand:
        sk.winner = seat
        return
    sk.turn = (seat + 1) % len(sk.hands)


def run(sk: Sketch, turns: int) -> Sketch:
    """Play up to ``turns`` turns (or to the round's end); returns ``sk``."""
    for _ in range(turns):
        if sk.over:
            break
        play_turn(sk)
    return sk


def _loose(sk: Sketch, hand: list[Card], card: Card) -> bool:
    """Whether ``card`` (just drawn, in ``hand``) makes no new meld of three with two other
    cards of ``hand`` (:func:`melds_with_two`). A wild card drawn is never loose."""
    return not sk.wilds.is_wild(card) and not melds_with_two(card, hand, sk.wilds)


def melds_with_two(card: Card, hand: Sequence[Card], wilds: Wilds) -> bool:
    """Whether the natural ``card`` makes a meld of three with two cards of ``hand`` (copies
    of ``card`` itself aside): two others of its rank in other suits (L-11), or a run of three
    through it (L-21, an ace high or low), one wild card of ``hand`` filling a gap."""
    has_wild = any(wilds.is_wild(c) for c in hand)
    nat = wilds.natural(card)
    suits: set[int] = set()
    ranks: set[int] = set()
    for c in hand:
        if c == card or wilds.is_wild(c):
            continue
        o = wilds.natural(c)
        if o.rank == nat.rank and o.suit != nat.suit:
            suits.add(o.suit)
        elif o.suit == nat.suit:
            ranks.add(o.rank)
            if o.rank == 1:
                ranks.add(14)
    if len(suits) + has_wild >= 2:
        return True
    spots = (nat.rank, 14) if nat.rank == 1 else (nat.rank,)
    for r in spots:
        for low in (r - 2, r - 1, r):
            missing = sum(1 for x in (low, low + 1, low + 2) if x != r and x not in ranks)
            if 1 <= low and low + 2 <= 14 and missing <= has_wild:
                return True
    return False


def _draw(sk: Sketch, hand: list[Card], seat: int) -> None:
    top = sk.top
    if top is not None and not sk.wilds.is_wild(top) and partners(top, hand, sk.wilds) >= 2:
        with_top = tuple(sorted((*hand, top)))
        if sk.opened[seat]:
            arr = best_arrangement(with_top, sk.wilds, sk.rules, 1)
            useful = any(top in m.cards for m in arr.melds)
        else:
            useful = (
                best_opening(with_top, sk.wilds, sk.rules, sk.minimum, 1, None, top) is not None
            )
        if useful:
            hand.append(top)
            sk.top = None
            sk.gone[top] -= 1
            return
    if not sk.stock:
        sk.void = True
        return
    hand.append(sk.stock.pop(0))


def _lay(sk: Sketch, hand: list[Card], seat: int) -> None:
    key = tuple(sorted(hand))
    if not sk.opened[seat]:
        opening = best_opening(key, sk.wilds, sk.rules, sk.minimum, 1)
        if opening is None:
            return
        melds = opening.melds
        sk.opened[seat] = True
    else:
        melds = best_arrangement(key, sk.wilds, sk.rules, 1).melds
    for m in melds:
        for c in m.cards:
            hand.remove(c)
        sk.melds.append(m)
    if sk.opened[seat]:
        _lay_off(sk, hand)


def _lay_off(sk: Sketch, hand: list[Card]) -> None:
    """Lay off every natural card that extends a meld, keeping one card to discard."""
    wilds = sk.wilds
    changed = True
    while changed and len(hand) > 1:
        changed = False
        for card in sorted(set(hand)):
            if len(hand) <= 1 or wilds.is_wild(card):
                continue
            nat = wilds.natural(card)
            for i, m in enumerate(sk.melds):
                if m.kind == SET:
                    fits = m.rank == nat.rank and len(m.cards) < 4
                    ends: tuple[str | None, ...] = (None,)
                elif m.kind == RUN:
                    fits = m.suit == nat.suit and (
                        nat.rank in (m.start - 1, m.end + 1) or (nat.rank == 1 and m.end == 13)
                    )
                    ends = ("low", "high")
                else:
                    fits = False
                    ends = ()
                if not fits:
                    continue
                new = None
                for end in ends:
                    try:
                        new = add_card(m, card, end, wilds, sk.rules)
                        break
                    except MeldError:
                        continue
                if new is not None:
                    sk.melds[i] = new
                    hand.remove(card)
                    changed = True
                    break


def outs_discard(sk: Sketch, hand: list[Card]) -> Card | None:
    """The card of the hand's best melds' leftovers whose pairs with the other leftovers (two
    of a rank, two of a suit one or two apart) have the fewest live outs: the unseen copies
    (the deck less the seat's hand, the table, the discard pile and the indicator) of the
    cards that would make each pair a meld, the wild cards among them; then the costliest.
    None when no natural card is left over."""
    wilds, rules = sk.wilds, sk.rules
    left = best_arrangement(tuple(sorted(hand)), wilds, rules).left
    unseen = list(sk.deck)
    for c in hand:
        unseen[c] -= 1
    for m in sk.melds:
        for c in m.cards:
            unseen[c] -= 1
    for code in range(53):
        unseen[code] -= sk.gone[code]
    wild_outs = unseen[wilds.wild] if wilds.wild is not None else 0
    best: Card | None = None
    best_key: tuple[int, int, int] = (0, 0, 0)
    for c in sorted(set(left)):
        if wilds.is_wild(c):
            continue
        n = wilds.natural(c)
        total = 0
        for p in left:
            if p == c or wilds.is_wild(p):
                continue
            q = wilds.natural(p)
            if q == n:
                continue
            if q.rank == n.rank:
                total += wild_outs
                for suit in range(4):
                    if suit not in (n.suit, q.suit):
                        total += unseen[Card.of(n.rank, suit)]
            elif q.suit == n.suit:
                low, high = min(n.rank, q.rank), max(n.rank, q.rank)
                if high - low == 1:
                    for r in (low - 1, high + 1):
                        if 1 <= r <= 14:
                            total += unseen[Card.of(r, n.suit)]
                    total += wild_outs
                elif high - low == 2:
                    total += unseen[Card.of(low + 1, n.suit)] + wild_outs
        key = (total, -_penalty(c, wilds, rules), c)
        if best is None or key < best_key:
            best, best_key = c, key
    return best


@lru_cache(maxsize=4096)
def _penalty(card: Card, wilds: Wilds, rules: Ruleset) -> int:
    return penalty_value(card, wilds, rules)


def partner_counts(hand: list[Card] | tuple[Card, ...], wilds: Wilds) -> dict[Card, int]:
    """:func:`~handgame.games.hand.solver.partners` of every natural card of ``hand`` at once
    (the same counts, one pass over the naturals)."""
    nats = [(c, wilds.natural(c)) for c in hand if not wilds.is_wild(c)]
    keys = [(n.rank, n.suit) for _, n in nats]
    out: dict[Card, int] = {}
    for c, (rank, suit) in zip((c for c, _ in nats), keys, strict=True):
        if c in out:
            continue
        count = 0
        for r, s in keys:
            if r == rank:
                count += s != suit
            elif s == suit and abs(r - rank) <= 2:
                count += 1
        out[c] = count
    return out


def _discard_choice(sk: Sketch, hand: list[Card], meldless: bool = False) -> Card:
    """The loosest card: fewest partners, then the costliest; a wild card last. A natural
    card without a partner is in no meld, so the solver is asked only when there is none
    (or never, when the hand is ``meldless``)."""
    if len(hand) == 1:
        return hand[0]
    wilds, rules = sk.wilds, sk.rules
    counts = partner_counts(hand, wilds)
    lonely = [c for c, n in counts.items() if n == 0]
    if lonely:
        return min(lonely, key=lambda c: (-_penalty(c, wilds, rules), c))
    if meldless:
        left: tuple[Card, ...] | list[Card] = hand
    else:
        left = best_arrangement(tuple(sorted(hand)), wilds, rules, 1).left
    pool = [c for c in left if c in counts] or list(counts) or list(hand)
    return min(pool, key=lambda c: (counts.get(c, 99), -_penalty(c, wilds, rules), c))


__all__ = [
    "DISCARD_RULES",
    "MISSKETCHED_PICKUPS",
    "Sketch",
    "deck_counts",
    "gone_counts",
    "melds_with_two",
    "outs_discard",
    "play_turn",
    "run",
    "sketch",
    "sketches",
    "table_sketched",
]
