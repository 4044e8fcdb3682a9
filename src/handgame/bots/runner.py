"""Play a match between bots: each seat's bot sees only that seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import Action, ClaimRedeal
from ..state import Game, State
from .base import Bot, BotError

#: a match stops (unfinished) after this many actions; no real match comes near it
MAX_ACTIONS = 200_000


def deal_seed(seed: int | str, round_index: int) -> str:
    """The shuffle seed of a match's ``round_index``-th deal."""
    return f"{seed}:{round_index}"


def bot_action(bot: Bot, state: State, seat: int, label: str | None = None) -> Action:
    """Ask ``bot`` for the action of ``seat`` and check that it is legal (``label`` names the
    bot in the error; by default its name)."""
    view = state.view(seat)
    action = bot.choose(view)
    if action not in view.legal_actions:
        who = label if label is not None else bot.name
        raise BotError(f"bot {who!r} at seat {seat} chose an illegal action: {action}")
    return action


def redeal_claim(state: State, bot_for: Callable[[int], Bot | None]) -> Action | None:
    """An out-of-turn redeal claim (L-52) from a bot's seat that is entitled and wants it.

    ``bot_for(seat)`` gives the seat's bot, or None for a seat no bot plays.
    """
    if not state.rules.redeal_pairs or state.round is None or state.round.turns_done:
        return None
    turn = state.current_seat
    for seat in range(state.game.players):
        if seat == turn:
            continue
        claims = [a for a in state.legal_actions(seat) if isinstance(a, ClaimRedeal)]
        if not claims:
            continue
        bot = bot_for(seat)
        if bot is not None and bot.wants_redeal(state.view(seat)):
            return claims[0]
    return None


def play_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int | str,
    dealer: int = 0,
    on_action: Callable[[State, Action, State], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> State:
    """Play a whole match from the first deal; the final state (``is_over`` unless capped)."""
    if len(bots) != game.players:
        raise BotError(f"{len(bots)} bots for {game.players} seats")
    state = game.new_match(dealer)
    offered = -1
    for _ in range(max_actions):
        if state.is_over:
            break
        if state.is_chance:
            state = state.deal_seeded(deal_seed(seed, len(state.log)))
            continue
        action: Action | None = None
        deal_number = len(state.log)
        if offered != deal_number:
            offered = deal_number
            action = redeal_claim(state, bots.__getitem__)
        if action is None:
            seat = state.current_seat
            assert seat is not None
            action = bot_action(bots[seat], state, seat)
        before, state = state, state.apply(action)
        if on_action is not None:
            on_action(before, action, state)
    return state
