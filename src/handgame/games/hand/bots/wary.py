"""The ``wary`` bot: ``greedy`` that also weighs what its discard gives the next player.

``greedy`` discards the card whose loss costs its own hand least. ``wary`` adds a danger to
each card: how many of the cards the next player is *known* to hold (taken from the pile or
by swaps, ``view.public.known``) it would partner (same rank, or same suit within two ranks),
so that a card the next player can take into a meld (L-62) is kept when another costs about
as much. It reads only its view (the known cards are public). Everything else is ``greedy``'s.
Measured against ``greedy`` in ``docs/notes/bots.md``.
"""

from __future__ import annotations

from collections.abc import Callable

from handgame.core.bot import Bot, no_argument
from handgame.core.cards import Card
from handgame.games.hand.actions import Action, Discard
from handgame.games.hand.bots.determinize import game_of
from handgame.games.hand.bots.greedy import GreedyBot
from handgame.games.hand.solver import best_arrangement, partners
from handgame.games.hand.values import penalty_value
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import wilds_for

#: the points of penalty one partner among the next player's known cards is worth
DANGER = 12


class WaryBot(GreedyBot):
    """``greedy`` whose discards avoid feeding the next player (see the module docstring)."""

    name = "wary"

    def choose(self, view: PlayerView) -> Action:
        """Greedy's action, with the discard re-weighed by danger."""
        action = super().choose(view)
        if not isinstance(action, Discard) or action.second is not None:
            return action
        public = view.public
        me = view.seat
        if public is None or me is None or not public.known:
            return action
        nxt = (me + 1) % view.players
        known = public.known[nxt]
        if not known:
            return action
        rules = game_of(view).rules
        wilds = wilds_for(rules, view.indicator)
        hand = tuple(sorted(view.hand))
        legal = {a.card: a for a in view.legal_actions if isinstance(a, Discard)
                 and a.second is None and a.announce == action.announce}  # fmt: skip
        choices = [c for c in legal if not wilds.is_wild(c)]
        if len(choices) < 2:
            return action

        def cost(card: Card) -> float:
            rest = list(hand)
            rest.remove(card)
            left = best_arrangement(tuple(rest), wilds, rules).penalty
            return left + DANGER * partners(card, known, wilds)

        best = min(choices, key=lambda c: (cost(c), -penalty_value(c, wilds, rules), c))
        return legal[best]


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``wary``."""
    register("wary", no_argument(WaryBot))


__all__ = ["DANGER", "WaryBot", "register_bots"]
