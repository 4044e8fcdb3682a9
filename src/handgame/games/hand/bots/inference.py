"""What the table shows of a hidden hand beyond the cards a seat took: the discards it passed up.

A seat that has opened and draws from the stock while the top discard would make a new meld
with two of its cards (L-62: a taken discard must join a new meld at once) most likely does
not hold those two cards — ``greedy`` always takes such a discard, and so do most players.
:func:`passed_up` reads the view's public actions for each seat's passed-up discards (only
those passed after the seat opened: before, taking a card also needs the whole opening, L-63),
and :func:`sample_informed` deals the hidden cards like
:func:`~handgame.games.hand.bots.determinize.sample_state`, keeping a deal with ``v`` passed-up
cards its hands could have melded with probability ``keep ** v`` (rejection sampling, at most
``tries`` deals; the last one is kept when none is). Under F-4's ``must-meld`` a taken card
need not join the new meld, so a pass says little and nothing is inferred. Only the view is
read: the cards passed up and who drew from where are public.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from handgame.core.cards import Card
from handgame.games.hand.actions import Discard, Draw, LayMelds
from handgame.games.hand.bots.determinize import deal_hidden, game_of, state_from, unseen_cards
from handgame.games.hand.bots.rollout import melds_with_two
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.solver import best_arrangement
from handgame.games.hand.state import State
from handgame.games.hand.values import penalty_value
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds, wilds_for

#: the chance a deal is kept for each passed-up discard its hands could have melded
KEEP = 0.2
#: the most deals tried for one sample
TRIES = 8
#: the discard-pickup rules under which a pass is read (a taken card must join or may be held)
READ_PICKUPS = frozenset({"new-meld", "new-meld-or-add", "free"})


def passed_up(view: PlayerView) -> tuple[tuple[Card, ...], ...]:
    """Each seat's passed-up discards this round: the top discard when it drew from the stock
    after it had opened (none for the viewing seat, none under ``must-meld``)."""
    public = view.public
    passes: list[list[Card]] = [[] for _ in range(view.players)]
    if public is None or game_of(view).rules.discard_pickup not in READ_PICKUPS:
        return tuple(tuple(p) for p in passes)
    pile: list[Card] = []
    opened = [False] * view.players
    for action in public.actions:
        if isinstance(action, Discard):
            pile.append(action.card)
        elif isinstance(action, LayMelds):
            opened[action.seat] = True
        elif isinstance(action, Draw):
            if action.source == "discard":
                if pile:
                    pile.pop()
            elif pile and opened[action.seat] and action.seat != view.seat:
                passes[action.seat].append(pile[-1])
    return tuple(tuple(p) for p in passes)


def could_meld(card: Card, hand: Sequence[Card], wilds: Wilds) -> bool:
    """Whether ``card`` (not a wild card: whether one may be taken is a rule of its own) and
    two cards of ``hand`` make a meld (:func:`.rollout.melds_with_two`)."""
    return not wilds.is_wild(card) and melds_with_two(card, hand, wilds)


def misfits(
    hands: Sequence[Sequence[Card]], passes: Sequence[Sequence[Card]], wilds: Wilds
) -> int:
    """How many passed-up discards the dealt hands could have melded."""
    return sum(
        could_meld(card, hand, wilds)
        for hand, passed in zip(hands, passes, strict=True)
        for card in passed
    )


def sample_informed(
    view: PlayerView,
    rng: random.Random,
    passes: Sequence[Sequence[Card]] | None = None,
    keep: float = KEEP,
    tries: int = TRIES,
) -> State:
    """A full state that agrees with ``view``, dealt so that the hands rarely could have melded
    the discards their seats passed up (``passes``: :func:`passed_up` of the view)."""
    return informed_sampler(view, passes, keep, tries)(rng)


def informed_sampler(
    view: PlayerView,
    passes: Sequence[Sequence[Card]] | None = None,
    keep: float = KEEP,
    tries: int = TRIES,
) -> Callable[[random.Random], State]:
    """:func:`sample_informed` of ``view`` for many samples: the passes, the unseen cards and
    the game read once."""
    if passes is None:
        passes = passed_up(view)
    pool = unseen_cards(view)
    game = game_of(view)
    wilds = wilds_for(game.rules, view.indicator)
    informed = any(passes)

    def sample(rng: random.Random) -> State:
        hands, stock = deal_hidden(view, pool, rng)
        if informed:
            for _ in range(tries - 1):
                bad = misfits(hands, passes, wilds)
                if bad == 0 or rng.random() < keep**bad:
                    break
                hands, stock = deal_hidden(view, pool, rng)
        return state_from(view, hands, stock, game)

    return sample


#: how sharply a sample is weighed by a seat's last discard: a hand whose loose cards cost
#: ``d`` points more than the card it threw (its best melds leaving a costlier card) is kept
#: with probability ``exp(-d / DISCARD_TAU)``
DISCARD_TAU = 3.0
#: the weight of a hand that threw a card its best melds use
BROKE_A_MELD = 10


def last_discards(view: PlayerView) -> tuple[Card | None, ...]:
    """Each other seat's last discard this round (None: none yet, and for the viewing seat)."""
    public = view.public
    last: list[Card | None] = [None] * view.players
    if public is None:
        return tuple(last)
    for action in public.actions:
        if isinstance(action, Discard) and action.seat != view.seat:
            last[action.seat] = action.card
    return tuple(last)


def discard_regret(hand: Sequence[Card], thrown: Card, wilds: Wilds, rules: Ruleset) -> int:
    """How much costlier than ``thrown`` the costliest card is that the best melds of
    ``hand`` + ``thrown`` leave (0: throwing it is what a player keeping the least penalty
    does, ``greedy``'s rule; :data:`BROKE_A_MELD` when those melds hold it)."""
    whole = best_arrangement(tuple(sorted((*hand, thrown))), wilds, rules)
    if thrown not in whole.left:
        return BROKE_A_MELD
    top = max(
        (penalty_value(c, wilds, rules) for c in whole.left if not wilds.is_wild(c)), default=0
    )
    return max(0, top - penalty_value(thrown, wilds, rules))


def discard_sampler(
    view: PlayerView, tau: float = DISCARD_TAU, tries: int = TRIES
) -> Callable[[random.Random], State]:
    """Samples of ``view`` whose hidden hands agree with each seat's last discard: a deal is
    kept with probability ``exp(-r / tau)``, ``r`` the summed :func:`discard_regret` (at most
    ``tries`` deals; the last one is kept when none is)."""
    thrown = last_discards(view)
    pool = unseen_cards(view)
    game = game_of(view)
    wilds = wilds_for(game.rules, view.indicator)
    rules = game.rules
    seats = [s for s, d in enumerate(thrown) if d is not None]

    def sample(rng: random.Random) -> State:
        hands, stock = deal_hidden(view, pool, rng)
        for _ in range(tries - 1):
            regret = 0
            for s in seats:
                card = thrown[s]
                assert card is not None
                regret += discard_regret(hands[s], card, wilds, rules)
            if regret == 0 or rng.random() < math.exp(-regret / tau):
                break
            hands, stock = deal_hidden(view, pool, rng)
        return state_from(view, hands, stock, game)

    return sample
