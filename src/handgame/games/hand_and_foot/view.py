"""A seat's view: everything it may see and nothing else (hidden information).

A seat sees its own hand, the number of cards in every hand and whether each foot has been
picked up (never a foot's cards, never the stock's), the team melds and books, the red threes,
the discard pile (every card of it was seen face up) with its size and whether it is blocked,
scores, whose turn, the turn in progress (``turn_info``: drew or took, whether the team had
melds when it began, what it laid and counted toward the opening, which of the six pile cards
taken are still unlaid, HF-8 — all of it seen by every seat), the question to the partner, and
its own legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from handgame.core.actions import Action
from handgame.core.cards import Card
from handgame.core.game import TableView
from handgame.games.hand_and_foot.legal import listed, to_act
from handgame.games.hand_and_foot.match import Match
from handgame.games.hand_and_foot.melds import books
from handgame.games.hand_and_foot.rounds import RoundResult
from handgame.games.hand_and_foot.rules import is_black_three, is_wild, rank_name


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


@dataclass(frozen=True)
class MeldView:
    """A team meld as everyone sees it."""

    index: int
    team: int
    rank: str
    cards: tuple[Card, ...]
    kind: str  # "meld", "clean" or "dirty" (a book, HF-5)

    def to_json(self) -> dict[str, Any]:
        """As a JSON object."""
        return {
            "index": self.index,
            "team": self.team,
            "rank": self.rank,
            "cards": _cards(self.cards),
            "kind": self.kind,
        }


@dataclass(frozen=True)
class PlayerView:
    """What one seat may know (``seat`` None: what a spectator may know, no hand at all)."""

    seat: int | None
    phase: str
    players: int
    partnership: bool
    teams: int
    names: tuple[str, ...]
    preset: str
    options: dict[str, Any]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    feet_picked: tuple[bool, ...]
    melds: tuple[MeldView, ...]
    books: tuple[tuple[int, int], ...]  # per team: (clean, dirty)
    red_threes: tuple[tuple[Card, ...], ...]  # per seat
    discard_pile: tuple[Card, ...]  # bottom first
    pile_blocked: bool  # a black three or a wild card on top: the pile cannot be taken
    stock_count: int
    turn: int | None
    to_act: int | None
    dealer: int
    round_number: int
    minimum: int  # the opening minimum of the round (HF-8)
    opened: tuple[bool, ...]  # per team: has melds on the table
    turn_info: dict[str, Any]
    known: tuple[tuple[Card, ...], ...]  # per seat: the pile cards seen going into its hand
    totals: tuple[int, ...]
    team_totals: tuple[int, ...] | None
    results: tuple[dict[str, Any], ...]
    legal_actions: tuple[Action, ...]
    actions: tuple[Action, ...] = ()  # the round so far (all public: a draw names no card)
    upcard: Card | None = None  # the pile's first card, turned up at the deal (HF-2)

    @property
    def pile_size(self) -> int:
        """How many cards the discard pile holds."""
        return len(self.discard_pile)

    def to_json(self) -> dict[str, Any]:
        """As a JSON object (what a client receives)."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "players": self.players,
            "partnership": self.partnership,
            "teams": self.teams,
            "names": list(self.names),
            "preset": self.preset,
            "options": self.options,
            "hand": _cards(self.hand),
            "hand_counts": list(self.hand_counts),
            "feet_picked": list(self.feet_picked),
            "melds": [m.to_json() for m in self.melds],
            "books": [{"clean": c, "dirty": d} for c, d in self.books],
            "red_threes": [_cards(r) for r in self.red_threes],
            "discard_pile": _cards(self.discard_pile),
            "pile_size": self.pile_size,
            "pile_blocked": self.pile_blocked,
            "stock_count": self.stock_count,
            "turn": self.turn,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "round_number": self.round_number,
            "minimum": self.minimum,
            "minimum_rules": ["HF-8"],
            "opened": list(self.opened),
            "turn_info": self.turn_info,
            "known": [_cards(k) for k in self.known],
            "totals": list(self.totals),
            "team_totals": list(self.team_totals) if self.team_totals is not None else None,
            "results": list(self.results),
            "legal_actions": [a.to_json() for a in self.legal_actions],
            "wild_ranks": ["2"],  # with the jokers, the wild cards (HF-3): for the clients' marks
            "public": {
                "actions": [a.to_json() for a in self.actions],
                "upcard": str(self.upcard) if self.upcard is not None else None,
            },
        }


@lru_cache(maxsize=256)
def _result_shown(result: RoundResult) -> dict[str, Any]:
    """A finished round as every view shows it, its hands too (written once per round)."""
    out = result.to_json()
    out["hands"] = [_cards(h) for h in result.hands]  # shown once the round has ended
    return out


def view(state: Match, seat: int | None) -> PlayerView:
    """The view of ``seat`` (None: the public view, no hand and no legal actions)."""
    game = state.game
    rules = game.rules
    if seat is not None and not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat}")
    n, teams = game.players, rules.teams
    results = [dict(_result_shown(r)) for r in state.results]
    rnd = state.round
    in_round = state.in_round
    pile = rnd.pile if rnd is not None else ()
    top = pile[-1] if pile else None
    ts = rnd.turn_state if rnd is not None and in_round else None
    return PlayerView(
        seat=seat,
        phase=state.phase.value,
        players=n,
        partnership=game.partnership,
        teams=teams,
        names=game.names,
        preset=game.preset,
        options=rules.options(),
        hand=rnd.hands[seat] if rnd is not None and in_round and seat is not None else (),
        hand_counts=tuple(len(h) for h in rnd.hands) if rnd is not None else (0,) * n,
        feet_picked=rnd.picked if rnd is not None else (False,) * n,
        melds=tuple(
            MeldView(i, m.team, rank_name(m.rank), m.cards, m.kind)
            for i, m in enumerate(rnd.melds if rnd is not None else ())
        ),
        books=tuple(books(rnd.melds if rnd is not None else (), t) for t in range(teams)),
        red_threes=rnd.red_threes if rnd is not None else ((),) * n,
        discard_pile=pile,
        pile_blocked=top is not None and (is_black_three(top) or is_wild(top)),
        stock_count=len(rnd.stock) if rnd is not None else 0,
        turn=state.current_seat,
        to_act=to_act(state),
        dealer=rnd.dealer if rnd is not None else state.dealer,
        round_number=len(state.results) + (1 if in_round else 0),
        minimum=rules.minimum(len(state.results)),
        opened=tuple(rnd is not None and any(m.team == t for m in rnd.melds) for t in range(teams)),
        turn_info={
            "drew": ts.drew,
            "opened_before": ts.opened_before,
            "laid_any": ts.laid_any,
            "laid_value": ts.laid_value,
            "pile_left": _cards(ts.pile_left),
            "asked": ts.asked,
            "waiting_answer": ts.pending,
            "no_going_out": ts.forbidden,
        }
        if ts is not None
        else {},
        known=rnd.known if rnd is not None else ((),) * n,
        totals=state.totals,
        team_totals=state.team_totals,
        results=tuple(results),
        legal_actions=tuple(listed(state, seat)) if in_round and seat is not None else (),
        actions=rnd.actions if rnd is not None and in_round else (),
        upcard=rnd.deal.discard if rnd is not None and in_round else None,
    )


def table_view(state: Match, seat: int) -> TableView:
    """The :class:`~handgame.core.game.TableView` of ``seat``: the same values as
    :func:`view`'s fields of those names, without the legal actions or any text."""
    game = state.game
    n, teams = game.players, game.rules.teams
    if not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat}")
    rnd = state.round
    in_round = state.in_round
    round_number = len(state.results) + (1 if in_round else 0)
    if rnd is None:
        return TableView(
            state.phase.value, (), ((),) * n, (), None, (), (), (0,) * n, (False,) * teams,
            state.totals, state.current_seat, 0, round_number,
        )  # fmt: skip
    melds = rnd.melds
    owners = tuple([m.team for m in melds])
    return TableView(
        phase=state.phase.value,
        hand=rnd.hands[seat] if in_round else (),
        known=rnd.known,
        discard_pile=rnd.pile,
        wild=None,
        meld_cards=tuple([m.cards for m in melds]),
        meld_owners=owners,
        hand_counts=tuple([len(h) for h in rnd.hands]),
        opened=tuple([t in owners for t in range(teams)]),
        totals=state.totals,
        turn=state.current_seat,
        stock_count=len(rnd.stock),
        round_number=round_number,
    )


def seen_deal(view: PlayerView) -> dict[str, Any]:
    """A round's deal in record notation as the seat of ``view`` (its view just after the
    deal) saw it dealt: its own hand as it held it once the deal was done (its red threes laid
    and replaced from the stock, HF-3: ``red_threes``), the card turned up (HF-2); every other
    hand, every foot (its own too: a foot is not seen before it is picked up, HF-1) and the
    stock null. Made from the view only (``GameSpec.seen_deal``)."""
    return {
        "hands": [_cards(view.hand) if i == view.seat else None for i in range(view.players)],
        "red_threes": [_cards(r) for r in view.red_threes],
        "feet": [None] * view.players,
        "discard": str(view.upcard) if view.upcard is not None else None,
        "stock": None,
    }


__all__ = ["MeldView", "PlayerView", "seen_deal", "table_view", "view"]
