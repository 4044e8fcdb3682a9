"""Determinization: a whole Hand and Foot state sampled to agree with everything a view shows.

Kept from the view: the seat's own hand, the table (melds, books, red threes), the discard
pile, the cards every seat saw go into a hand from the pile (``known``), the turn in progress
(``turn_info``: drew, whether the team had melds when the turn began, what was laid and counted,
which of the six pile cards taken are still unlaid, the question to the partner, HF-8, HF-10),
the round's public action log and the finished rounds. Dealt again at random: every card the
seat has not seen — the others' unknown cards, every foot not picked up (its own too: it has not
looked at it) and the stock — in the counts the view shows; red threes only to feet and the stock
(one in a hand is laid at once, HF-3). A searching bot works on such samples, never on the real
state. The sampled state's view of the seat equals the view it came from
(``tests/hand_and_foot/test_hf_search.py``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache

from handgame.core.cards import Card, parse_cards
from handgame.core.errors import BotError
from handgame.games.hand_and_foot.deal import Deal, deck_for
from handgame.games.hand_and_foot.rounds import (
    Phase,
    RoundResult,
    RoundState,
    TeamMeld,
    TurnState,
)
from handgame.games.hand_and_foot.rules import HAND_SIZE, is_red_three
from handgame.games.hand_and_foot.state import Game, State
from handgame.games.hand_and_foot.view import PlayerView


def _upcard(view: PlayerView, rest: list[Card]) -> Card:
    """The card turned up at the deal (HF-2), as the view shows it; a stand-in without one."""
    if view.upcard is not None:
        return view.upcard
    return view.discard_pile[0] if view.discard_pile else rest[0]


@lru_cache(maxsize=32)
def _game(preset: str, options: str, players: int, names: tuple[str, ...]) -> Game:
    return Game.create(preset, json.loads(options), players, names=names)


def game_of(view: PlayerView) -> Game:
    """The game configuration a view describes."""
    return _game(view.preset, json.dumps(view.options, sort_keys=True), view.players, view.names)


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards the seat has not seen (others' unknown cards, the feet down, the stock), sorted."""
    pool = Counter(deck_for(game_of(view).rules))
    seen: Counter[Card] = Counter(view.hand)
    for m in view.melds:
        seen.update(m.cards)
    for reds in view.red_threes:
        seen.update(reds)
    seen.update(view.discard_pile)
    for seat, known in enumerate(view.known):
        if seat != view.seat:
            seen.update(known)
    if seen - pool:
        raise BotError(f"the view shows cards the deck does not hold: {seen - pool}")
    return sorted((pool - seen).elements())


def _rank(name: str) -> int:
    return "A23456789TJQK".index(name) + 1


def _result(obj: dict[str, object]) -> RoundResult:
    """A finished round back from the view's JSON of it."""
    books = obj["books"]
    hands = obj["hands"]
    assert isinstance(books, list) and isinstance(hands, list)
    return RoundResult(
        dealer=int(obj["dealer"]),  # type: ignore[call-overload]
        result=str(obj["result"]),
        went_out=obj["went_out"],  # type: ignore[arg-type]
        scores=tuple(obj["scores"]),  # type: ignore[arg-type]
        books=tuple((b["clean"], b["dirty"]) for b in books),
        red_threes=tuple(obj["red_threes"]),  # type: ignore[arg-type]
        hands=tuple(parse_cards(h) for h in hands),
    )


def _turn_state(view: PlayerView) -> TurnState:
    info = view.turn_info
    return TurnState(
        drew=bool(info["drew"]),
        opened_before=bool(info["opened_before"]),
        laid_any=bool(info["laid_any"]),
        laid_value=int(info["laid_value"]),
        pile_left=parse_cards(info["pile_left"]),
        asked=bool(info["asked"]),
        pending=bool(info["waiting_answer"]),
        forbidden=bool(info["no_going_out"]),
    )


def sample_state(view: PlayerView, rng: random.Random) -> State:
    """A whole state that agrees with ``view``, the cards it has not seen dealt at random."""
    me = view.seat
    if me is None:
        raise BotError("a spectator's view has no seat to sample for")
    if view.phase not in (Phase.DRAW.value, Phase.PLAY.value) or view.turn is None:
        raise BotError("the view shows no round in progress")
    game = game_of(view)
    n = view.players
    unseen = unseen_cards(view)
    rng.shuffle(unseen)
    reds = [c for c in unseen if is_red_three(c)]
    plain = [c for c in unseen if not is_red_three(c)]
    hands: list[tuple[Card, ...]] = []
    at = 0
    for seat in range(n):
        if seat == me:
            hands.append(view.hand)
            continue
        known = view.known[seat]
        need = view.hand_counts[seat] - len(known)
        if need < 0 or at + need > len(plain):
            raise BotError("the view's card counts do not add up to the deck")
        hands.append(tuple(sorted((*known, *plain[at : at + need]))))
        at += need
    rest = plain[at:] + reds
    rng.shuffle(rest)
    feet: list[tuple[Card, ...]] = []
    for seat in range(n):
        if view.feet_picked[seat]:
            feet.append(())
        else:
            feet.append(tuple(rest[:HAND_SIZE]))
            rest = rest[HAND_SIZE:]
    if len(rest) != view.stock_count:
        raise BotError("the view's card counts do not add up to the deck")
    melds = tuple(TeamMeld(m.team, _rank(m.rank), m.cards) for m in view.melds)
    pile = view.discard_pile
    rnd = RoundState(
        index=view.round_number - 1,
        dealer=view.dealer,
        # the round's deal is not known: a stand-in of the right shape (only a record of the
        # sampled state would show it, and nobody records a sample) with the upcard every seat
        # saw turned up (HF-2)
        deal=Deal(tuple(hands), tuple(feet), _upcard(view, rest), tuple(rest)),
        hands=tuple(hands),
        feet=tuple(feet),
        picked=view.feet_picked,
        stock=tuple(rest),
        pile=pile,
        red_threes=view.red_threes,
        melds=melds,
        turn=view.turn,
        turn_state=_turn_state(view),
        actions=view.actions,
        known=view.known,
    )
    return State(
        game=game,
        phase=Phase(view.phase),
        dealer=view.dealer,
        team_totals=view.team_totals or (0,) * view.teams,
        results=tuple(_result(r) for r in view.results),
        round=rnd,
    )


__all__ = ["game_of", "sample_state", "unseen_cards"]
