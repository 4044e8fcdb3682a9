"""The one match driver: who decides next, and the steps nobody has to think about.

Every way of playing a match (``hand simulate``, the server's tables, the terminal game, the
plain text game) goes through here. A match is a sequence of *decisions* (:class:`Decision`):
a deal (chance, shuffled with the match seed and the deal's number), a seat's turn, or a seat's
optional decision out of turn (Hand's redeal claim, L-52), named by the game protocol's
``to_act``. A seat that passes on an out-of-turn offer is *declined* until the next deal.
An offer the game does not let ``declined`` pass (Hand and Foot's partner's answer, HF-10) is
*required* (:attr:`Decision.required`): a bot answers it with ``choose`` among the seat's legal
actions, and the driver waits for a person's answer even with ``offer_people=False``.

:class:`Driver` keeps the declined seats; :meth:`Driver.auto` makes the next step that no
person decides (a deal, a bot's move or claim), and says None when a person must decide.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from handgame.core.bot import Bot
from handgame.core.errors import BotError
from handgame.core.game import MatchConfig, MatchState

#: a match stops (unfinished) after this many actions; no real match comes near it
MAX_ACTIONS = 200_000


def deal_seed(seed: int | str, round_index: int) -> str:
    """The shuffle seed of a match's ``round_index``-th deal."""
    return f"{seed}:{round_index}"


@dataclass(frozen=True)
class Decision:
    """What a match waits for: a ``deal``, a seat's ``turn``, a seat's out-of-turn ``offer``,
    or nothing (``over``)."""

    kind: Literal["deal", "turn", "offer", "over"]
    seat: int | None = None
    #: an offer the seat cannot pass: the match waits for its answer (HF-10)
    required: bool = False


# the decisions asked most, made once (a Decision is an immutable value)
_DEAL = Decision("deal")
_OVER = Decision("over")
_TURNS = tuple(Decision("turn", seat) for seat in range(16))


def next_decision(state: MatchState, declined: Sequence[int] | set[int] = ()) -> Decision:
    """The decision ``state`` waits for, with the seats in ``declined`` passing their offers."""
    if state.is_over:
        return _OVER
    if state.is_chance:
        return _DEAL
    seat = state.to_act(declined)
    if seat is None:  # pragma: no cover - a game that names no seat mid-round
        raise BotError("the game names no seat to act")
    if seat == state.current_seat:
        return _TURNS[seat] if seat < len(_TURNS) else Decision("turn", seat)
    return Decision("offer", seat, is_required(state, seat, declined))


def is_required(state: MatchState, seat: int, declined: Sequence[int] | set[int] = ()) -> bool:
    """Whether ``seat``'s out-of-turn decision cannot be passed: the game still names it to act
    with ``seat`` declined too (Hand and Foot's partner's answer, HF-10)."""
    return state.to_act({*declined, seat}) == seat


def bot_action(
    bot: Bot, state: MatchState, seat: int, label: str | None = None, view: Any = None
) -> Any:
    """Ask ``bot`` for the action of ``seat`` and check that it is legal (``label`` names the
    bot in the error; by default its name; ``view``: the seat's view, if already made)."""
    if view is None:
        view = state.view(seat)
    action = bot.choose(view)
    if action not in view.legal_actions:
        who = label if label is not None else bot.name
        raise BotError(f"bot {who!r} at seat {seat} chose an illegal action: {action}")
    return action


def bot_claim(bot: Bot, state: MatchState, seat: int, view: Any = None) -> Any | None:
    """The claim ``bot`` makes for ``seat`` when offered one out of turn, or None to pass
    (``view``: the seat's view, if already made)."""
    if view is None:
        view = state.view(seat)
    if not view.legal_actions or not bot.wants_redeal(view):
        return None
    return view.legal_actions[0]


class Driver:
    """Drives one match: ``bot_for(seat)`` is the seat's bot, or None where a person plays.

    ``offer_people``: whether a person's seat is asked its optional out-of-turn offers (the
    terminal games ask; the server does not wait for them, since a person may claim at any
    moment). A required offer (:attr:`Decision.required`) is a person's to answer either way.
    """

    def __init__(
        self,
        bot_for: Callable[[int], Bot | None],
        seed: int | str,
        offer_people: bool = True,
    ) -> None:
        """A driver for a match dealt from ``seed``."""
        self.bot_for = bot_for
        self.seed = seed
        self.offer_people = offer_people
        self.declined: set[int] = set()
        self._deal = -1

    def _sync(self, state: MatchState) -> None:
        deal = state.deal_count
        if deal != self._deal:
            self._deal = deal
            self.declined = set()

    def decision(self, state: MatchState) -> Decision:
        """The decision ``state`` waits for (offers already declined skipped)."""
        self._sync(state)
        while True:
            d = next_decision(state, self.declined)
            if d.kind != "offer" or self.offer_people:
                return d
            assert d.seat is not None
            if d.required or self.bot_for(d.seat) is not None:
                return d  # a required answer waits for the person (HF-10)
            self.declined.add(d.seat)  # a person claims on their own, unasked

    def decline(self, state: MatchState, seat: int) -> None:
        """``seat`` passes on its out-of-turn offer for the rest of this deal (a required one
        stays open: the game still names the seat)."""
        self._sync(state)
        self.declined.add(seat)

    def deal(self, state: MatchState) -> Any:
        """The next deal, shuffled with the match seed and the deal's number."""
        return state.seeded_deal(deal_seed(self.seed, state.deal_count))

    def auto(self, state: MatchState) -> tuple[str, Any] | None:
        """The next step no person decides: ``("deal", deal)`` or ``("action", action)`` (a
        bot's move or claim); None when the match is over or a person must decide."""
        while True:
            d = self.decision(state)
            if d.kind == "over":
                return None
            if d.kind == "deal":
                return ("deal", self.deal(state))
            assert d.seat is not None
            bot = self.bot_for(d.seat)
            if bot is None:
                return None
            if d.kind == "turn" or d.required:
                return ("action", bot_action(bot, state, d.seat))
            claim = bot_claim(bot, state, d.seat)
            if claim is not None:
                return ("action", claim)
            self.declined.add(d.seat)


def play_match(
    game: MatchConfig,
    bots: Sequence[Bot],
    seed: int | str,
    dealer: int = 0,
    on_action: Callable[[Any, Any, Any], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Any:
    """Play a whole match from the first deal; the final state (``is_over`` unless capped)."""
    if len(bots) != game.players:
        raise BotError(f"{len(bots)} bots for {game.players} seats")
    state: MatchState = game.new_match(dealer)
    driver = Driver(bots.__getitem__, seed)
    for _ in range(max_actions):
        step = driver.auto(state)
        if step is None:
            break
        kind, what = step
        if kind == "deal":
            state = state.apply_deal(what)
            continue
        before, state = state, state.apply(what)
        if on_action is not None:
            on_action(before, what, state)
    return state
