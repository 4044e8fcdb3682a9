"""The ``wary`` bot: ``greedy`` that also weighs what its discard gives the next player.

``greedy`` discards the card whose loss costs its own hand least. ``wary`` adds a danger to
each card: how many of the cards the next player is *known* to hold (taken from the pile or
by swaps, ``view.public.known``) it would partner (same rank, or same suit within two ranks),
so that a card the next player can take into a meld (L-62) is kept when another costs about
as much. Options (``wary:danger=12,passed=0,hold=0``):

- ``danger``: the points of penalty one such partner is worth (12);
- ``passed``: the points a card is cheaper to discard when the next player passed up that
  very card after it opened (:func:`.inference.passed_up`: it could not meld it then);
- ``hold=1``: once opened, keep new melds in hand until they go out with the rest (L-86:
  others cannot lay off on melds not on the table), laying them only to go out.

It reads only its view (the known cards and the passes are public). Everything else is
``greedy``'s. Measured against ``greedy`` in ``docs/notes/bots.md``.
"""

from __future__ import annotations

from collections.abc import Callable

from handgame.core.bot import Bot
from handgame.core.bot_options import OptionsFactory, Param, Value
from handgame.core.cards import Card
from handgame.games.hand.actions import Action, Discard, LayMelds
from handgame.games.hand.bots.determinize import game_of, sample_state
from handgame.games.hand.bots.greedy import GreedyBot
from handgame.games.hand.bots.inference import passed_up
from handgame.games.hand.solver import best_arrangement, best_discard, going_out, partners
from handgame.games.hand.values import penalty_value
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import wilds_for

#: the points of penalty one partner among the next player's known cards is worth
DANGER = 12
#: the options of a ``wary`` spec
PARAMS = {
    "danger": Param("whole", 0, 1000),
    "passed": Param("whole", 0, 1000),
    "hold": Param("whole", 0, 1),
}


class WaryBot(GreedyBot):
    """``greedy`` whose discards avoid feeding the next player (see the module docstring)."""

    name = "wary"

    def __init__(
        self, seed: int | str = 0, danger: int = DANGER, passed: int = 0, hold: bool = False
    ) -> None:
        """A wary player: ``danger`` and ``passed`` points, ``hold`` melds back."""
        super().__init__(seed)
        self.danger = danger
        self.passed = passed
        self.hold = hold

    def choose(self, view: PlayerView) -> Action:
        """Greedy's action, melds held back if asked, the discard re-weighed by danger."""
        action = super().choose(view)
        if self.hold and isinstance(action, LayMelds):
            held = self._held(view)
            if held is not None:
                return self._discard(view, held)
        if not isinstance(action, Discard) or action.second is not None:
            return action
        return self._discard(view, action)

    def _held(self, view: PlayerView) -> Discard | None:
        """The discard that holds this lay back, or None to lay it: the seat has opened,
        cannot go out this turn (going out lays everything at once) and may discard."""
        me = view.seat
        if me is None or not view.opened[me]:
            return None
        state = sample_state(view, self.rng)
        if going_out(state) is not None:
            return None
        legal = {a.card: a for a in view.legal_actions if isinstance(a, Discard)
                 and a.second is None and a.announce}  # fmt: skip
        if not legal:
            return None
        rules = state.rules
        wilds = wilds_for(rules, view.indicator)
        return legal[best_discard(tuple(view.hand), wilds, rules, tuple(legal))]

    def _discard(self, view: PlayerView, action: Discard) -> Action:
        """``action``, or a discard that costs about as much and feeds the next player less."""
        public = view.public
        me = view.seat
        if public is None or me is None:
            return action
        nxt = (me + 1) % view.players
        known = public.known[nxt] if public.known else ()
        passes = set(passed_up(view)[nxt]) if self.passed else set()
        if not known and not passes:
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
            safe = self.passed if card in passes else 0
            return left + self.danger * partners(card, known, wilds) - safe

        best = min(choices, key=lambda c: (cost(c), -penalty_value(c, wilds, rules), c))
        return legal[best]


def _make(seed: int | str, values: dict[str, Value]) -> Bot:
    """The bot of a spec's options (:data:`PARAMS`)."""
    return WaryBot(
        seed,
        danger=int(values.get("danger", DANGER)),
        passed=int(values.get("passed", 0)),
        hold=bool(values.get("hold", 0)),
    )


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``wary``."""
    register("wary", OptionsFactory("wary", PARAMS, _make))


__all__ = ["DANGER", "PARAMS", "WaryBot", "register_bots"]
