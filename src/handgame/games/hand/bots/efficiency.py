"""The efficient discard: keep the hand that the most unseen cards would improve.

For each card a seat may discard, the rest of the hand is arranged by the solver (the cards
its best melds leave outside them), and every unseen card is tried as the next draw: a draw
that leaves fewer cards outside the best melds counts once per unseen copy and per card it
saves. The discard kept is the one whose rest leaves the fewest cards outside melds, then the
most improving draws, then the costliest card (its penalty, L-90). A wild card is discarded
only when nothing else may be.

Only public information and the seat's own hand are read: the unseen cards come from the
view (:func:`~handgame.games.hand.bots.determinize.unseen_cards`). Over 4,000 tuning rounds
(seed ``tB``, docs/notes/bots.md) ``greedy`` with this discard won 57.7% against ``greedy``;
``ismcts:base=efficient`` makes it the move a search must beat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from handgame.core.cards import Card
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.solver import best_arrangement
from handgame.games.hand.values import penalty_value
from handgame.games.hand.wilds import Wilds


def _near(card: Card, rest: Sequence[Card], wilds: Wilds) -> bool:
    """Whether ``card`` could join a meld with cards of ``rest``: a wild card, a natural card
    of the same rank or of the same suit within two ranks (an ace high or low) in ``rest``, or
    two wild cards there. A card that is not near cannot lower the count left outside melds."""
    if wilds.is_wild(card):
        return True
    nat = wilds.natural(card)
    ranks = (nat.rank, 14) if nat.rank == 1 else (nat.rank,)
    wild_count = 0
    for c in rest:
        if wilds.is_wild(c):
            wild_count += 1
            continue
        o = wilds.natural(c)
        if o.rank == nat.rank:
            return True
        if o.suit == nat.suit:
            others = (o.rank, 14) if o.rank == 1 else (o.rank,)
            if any(abs(a - b) <= 2 for a in ranks for b in others):
                return True
    return wild_count >= 2


def improving_draws(
    rest: Sequence[Card], unseen: Mapping[Card, int], wilds: Wilds, rules: Ruleset
) -> tuple[int, int]:
    """``rest``'s count of cards left outside its best melds, and how many unseen cards
    (copies weighed by the cards each saves) would lower that count if drawn."""
    key = tuple(sorted(rest))
    base = len(best_arrangement(key, wilds, rules).left)
    score = 0
    for x, n in unseen.items():
        if n <= 0 or not _near(x, key, wilds):
            continue
        after = len(best_arrangement(tuple(sorted((*key, x))), wilds, rules).left)
        gain = base + 1 - after
        if gain > 0:
            score += n * gain
    return base, score


def efficient_discard(
    hand: Sequence[Card],
    unseen: Iterable[Card] | Mapping[Card, int],
    wilds: Wilds,
    rules: Ruleset,
    allowed: Iterable[Card],
) -> Card | None:
    """The natural card of ``allowed`` (cards of ``hand`` the seat may discard) whose loss
    leaves the hand fewest cards outside melds, then the most improving draws among
    ``unseen``, then the costliest; None when every allowed card is wild."""
    counts = unseen if isinstance(unseen, Mapping) else Counter(unseen)
    best: Card | None = None
    best_key: tuple[int, int, int, int] | None = None
    for c in sorted(set(allowed)):
        if wilds.is_wild(c):
            continue
        rest = list(hand)
        rest.remove(c)
        base, score = improving_draws(rest, counts, wilds, rules)
        key = (-base, score, penalty_value(c, wilds, rules), -c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


__all__ = ["efficient_discard", "improving_draws"]
