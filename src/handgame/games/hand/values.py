"""Card values: the opening count of a meld and the penalty of cards left in hand.

Opening (L-3, L-30…L-32, G-6, O-3): each position counts as the natural card it plays as;
``opening_values=gulf`` counts A 15, K Q J T 10, pips face, and a wild card 25.
Penalty (L-33, L-85, G-7, F-9): ``standard`` counts a wild card 15, a natural ace
``ace_in_hand``, K Q J T 10, pips face; ``gulf`` counts as the gulf opening values.
"""

from __future__ import annotations

from collections.abc import Iterable

from handgame.core.cards import Card
from handgame.games.hand.melds import RUN, Meld
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.wilds import Wilds


def _rank_value(rank: int, ace: int) -> int:
    if rank in (1, 14):
        return ace
    return 10 if rank >= 10 else rank


def opening_value(meld: Meld, rules: Ruleset) -> int:
    """What the meld counts toward an opening (L-30…L-32, G-6, O-3)."""
    gulf = rules.opening_values == "gulf"
    total = 0
    for i in range(len(meld.cards)):
        if gulf and i in meld.wild_at:
            total += 25
            continue
        rank = meld.position_rank(i)
        ace = 15 if gulf else 11
        if not gulf and meld.kind == RUN:
            if rank == 1:
                ace = rules.ace_low_value
            elif rank == 14:
                ace = rules.ace_high_value
        total += _rank_value(rank, ace)
    return total


def melds_value(melds: Iterable[Meld], rules: Ruleset) -> int:
    """Opening value of several melds."""
    return sum(opening_value(m, rules) for m in melds)


def penalty_value(card: Card, wilds: Wilds, rules: Ruleset) -> int:
    """What one card left in hand costs at the end of a round (L-33, L-85, G-7, F-9)."""
    gulf = rules.penalty_values == "gulf"
    if wilds.is_wild(card):
        return 25 if gulf else 15
    nat = wilds.natural(card)
    if nat.is_joker:  # a joker that is neither wild nor an ace (only with no wild cards)
        return 25 if gulf else 15
    return _rank_value(nat.rank, 15 if gulf else rules.ace_in_hand)


def hand_penalty(cards: Iterable[Card], wilds: Wilds, rules: Ruleset) -> int:
    """The penalty of a hand: the sum of its cards' values."""
    return sum(penalty_value(c, wilds, rules) for c in cards)
