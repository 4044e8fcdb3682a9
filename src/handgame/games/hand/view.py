"""A seat's view of the game: everything it may see and nothing else (hidden information).

Bots, interfaces and the RL environment see only a :class:`PlayerView`: the seat's own cards,
the other seats' card counts, the public melds (with what wild cards stand for), the discard
pile, the indicator and wild cards, the stock count, scores, whose turn, announcements, and
the seat's legal actions. Never another seat's cards or the stock order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from handgame.core.cards import Card
from handgame.core.game import TableView
from handgame.games.hand.actions import Action
from handgame.games.hand.legal import legal_actions
from handgame.games.hand.match import Match
from handgame.games.hand.melds import Meld
from handgame.games.hand.rounds import Phase, TurnState
from handgame.games.hand.turn import minimum_rules, required_minimum


@dataclass(frozen=True)
class MeldView:
    """A meld on the table as everyone sees it."""

    index: int
    owner: int
    kind: str
    cards: tuple[Card, ...]
    stands_for: tuple[str | None, ...]  # per position: the card a wild stands for, else None
    text: str

    def to_json(self) -> dict[str, Any]:
        """As a JSON object."""
        return {
            "index": self.index,
            "owner": self.owner,
            "kind": self.kind,
            "cards": [str(c) for c in self.cards],
            "stands_for": list(self.stands_for),
            "text": self.text,
        }


#: meld views kept made (:func:`meld_view`): a round's melds, each view built once
MELD_VIEWS = 4096


@lru_cache(maxsize=MELD_VIEWS)
def meld_view(index: int, owner: int, meld: Meld) -> MeldView:
    """The :class:`MeldView` of ``meld`` at ``index``, laid by ``owner``: made once for each
    (a meld is immutable; its description and what its wild cards stand for were 40% of a
    view's making, issue 37)."""
    stands = tuple(
        (
            str(meld.stands_for(p))
            if meld.stands_for(p) is not None
            else f"any {meld.missing_suits()}"
        )
        if p in meld.wild_at
        else None
        for p in range(len(meld.cards))
    )
    return MeldView(index, owner, meld.kind, meld.cards, stands, meld.describe())


@dataclass(frozen=True)
class PublicRound:
    """The round's public record: what every seat saw happen (for bots that reason about it).

    ``known`` holds, per seat, the cards everyone saw go into that hand and not come out yet
    (discards taken from the pile, wild cards taken by swaps).
    """

    melds: tuple[Meld, ...]
    turn_state: TurnState
    laid_before: tuple[bool, ...]
    missed: tuple[bool, ...]
    known: tuple[tuple[Card, ...], ...]
    turns_done: int
    last_opening: int
    reshuffles: int
    pile_top_by: int | None
    actions: tuple[Action, ...]
    upcard: Card | None = None  # the card turned up at the deal (G-3), which the log does not name

    def to_json(self) -> dict[str, Any]:
        """As a JSON object."""
        ts = self.turn_state
        return {
            "turn": {
                "drew": ts.drew,
                "taken": str(ts.taken) if ts.taken is not None else None,
                "taken_used": ts.taken_used,
                "laid": list(ts.laid),
                "laid_value": ts.laid_value,
                "provisional": ts.provisional,
            },
            "laid_before": list(self.laid_before),
            "missed": list(self.missed),
            "known": [[str(c) for c in k] for k in self.known],
            "turns_done": self.turns_done,
            "actions": [a.to_json() for a in self.actions],
            "upcard": str(self.upcard) if self.upcard is not None else None,
        }


@dataclass(frozen=True)
class PlayerView:
    """What one seat may know (``seat`` None: what a spectator may know, no hand at all)."""

    seat: int | None
    phase: str
    players: int
    partnership: bool
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    melds: tuple[MeldView, ...]
    discard_pile: tuple[Card, ...]
    indicator: Card | None
    wild: Card | None
    joker_as: Card | None
    stock_count: int
    opened: tuple[bool, ...]
    announced: tuple[int | None, ...]
    turn: int | None
    dealer: int
    round_number: int
    totals: tuple[int, ...]
    team_totals: tuple[int, ...] | None
    results: tuple[dict[str, Any], ...]
    legal_actions: tuple[Action, ...]
    options: dict[str, Any]
    preset: str
    public: PublicRound | None = None
    #: the opening minimum now (L-63, O-4) and the rules that set it, None between rounds
    minimum: int | None = None
    minimum_rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """As a JSON object (what a client receives)."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "players": self.players,
            "partnership": self.partnership,
            "names": list(self.names),
            "hand": [str(c) for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "melds": [m.to_json() for m in self.melds],
            "discard_pile": [str(c) for c in self.discard_pile],
            "indicator": str(self.indicator) if self.indicator is not None else None,
            "wild": str(self.wild) if self.wild is not None else None,
            "joker_as": str(self.joker_as) if self.joker_as is not None else None,
            "stock_count": self.stock_count,
            "opened": list(self.opened),
            "announced": list(self.announced),
            "turn": self.turn,
            "dealer": self.dealer,
            "round_number": self.round_number,
            "totals": list(self.totals),
            "team_totals": list(self.team_totals) if self.team_totals else None,
            "results": list(self.results),
            "legal_actions": [a.to_json() for a in self.legal_actions],
            "preset": self.preset,
            "options": self.options,
            "public": self.public.to_json() if self.public is not None else None,
            "minimum": self.minimum,
            "minimum_rules": list(self.minimum_rules),
        }


def view(state: Match, seat: int | None) -> PlayerView:
    """The view of ``seat``: its own hand, and public information only.

    ``seat`` None gives the public view, what a spectator may see: no hand and no legal
    actions (none are computed).
    """
    game = state.game
    if seat is not None and not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat}")
    rnd = state.round
    results = tuple(r.to_json() for r in state.results)
    # after a round ends, its hands are shown (each seat's penalty cards are public then)
    for i, r in enumerate(state.results):
        if r.result == "won" and r.penalties:
            results[i]["penalty_cards"] = [list(p) for p in r.penalties]
        if r.result == "won" and r.opened:  # who had opened (their melds were on the table)
            results[i]["opened"] = list(r.opened)
    if rnd is None:
        return PlayerView(
            seat,
            state.phase.value,
            game.players,
            game.partnership,
            game.names,
            (),
            (0,) * game.players,
            (),
            (),
            None,
            None,
            None,
            0,
            (False,) * game.players,
            (None,) * game.players,
            None,
            state.dealer,
            len(state.results),
            state.totals,
            state.team_totals(),
            results,
            (),
            game.rules.options(),
            game.preset,
        )
    in_round = state.phase not in (Phase.DEAL, Phase.OVER)
    owners = rnd.owners
    melds = tuple(meld_view(i, owners[i], m) for i, m in enumerate(rnd.melds))
    legal = tuple(legal_actions(state, seat)) if in_round and seat is not None else ()
    return PlayerView(
        seat=seat,
        phase=state.phase.value,
        players=game.players,
        partnership=game.partnership,
        names=game.names,
        hand=rnd.hands[seat] if in_round and seat is not None else (),
        hand_counts=tuple(len(h) for h in rnd.hands),
        melds=melds,
        discard_pile=rnd.discard_pile,
        indicator=rnd.deal.indicator,
        wild=rnd.wilds.wild,
        joker_as=rnd.wilds.joker_as,
        stock_count=len(rnd.stock),
        opened=rnd.opened,
        announced=rnd.announced,
        turn=rnd.turn if in_round else None,
        dealer=rnd.dealer,
        round_number=len(state.results) + (1 if in_round else 0),
        totals=state.totals,
        team_totals=state.team_totals(),
        results=results,
        legal_actions=legal,
        options=game.rules.options(),
        preset=game.preset,
        public=PublicRound(
            rnd.melds,
            rnd.turn_state,
            rnd.laid_before,
            rnd.missed,
            rnd.known,
            rnd.turns_done,
            rnd.last_opening,
            rnd.reshuffles,
            rnd.pile_top_by,
            rnd.actions,
            rnd.deal.discard,
        )
        if in_round
        else None,
        minimum=required_minimum(state) if in_round else None,
        minimum_rules=minimum_rules(state) if in_round else (),
    )


def table_view(state: Match, seat: int) -> TableView:
    """The :class:`~handgame.core.game.TableView` of ``seat``: the same values as
    :func:`view`'s fields of those names, without the legal actions or any text."""
    game = state.game
    if not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat}")
    rnd = state.round
    if rnd is None:
        n = game.players
        return TableView(
            state.phase.value, (), (), (), None, (), (), (0,) * n, (False,) * n,
            state.totals, None, 0, len(state.results),
        )  # fmt: skip
    in_round = state.phase not in (Phase.DEAL, Phase.OVER)
    melds = rnd.melds
    return TableView(
        phase=state.phase.value,
        hand=rnd.hands[seat] if in_round else (),
        known=rnd.known if in_round else (),
        discard_pile=rnd.discard_pile,
        wild=rnd.wilds.wild,
        meld_cards=tuple([m.cards for m in melds]),
        meld_owners=tuple(rnd.owners[: len(melds)]),
        hand_counts=tuple([len(h) for h in rnd.hands]),
        opened=rnd.opened,
        totals=state.totals,
        turn=rnd.turn if in_round else None,
        stock_count=len(rnd.stock),
        round_number=len(state.results) + (1 if in_round else 0),
    )


def seen_deal(view: PlayerView) -> dict[str, Any]:
    """A round's deal in record notation as the seat of ``view`` (its view just after the
    deal) saw it dealt: its own hand, the indicator and the card turned up (G-3); every other
    hand and the stock null (L-2, L-61). Made from the view only (``GameSpec.seen_deal``)."""
    upcard = view.public.upcard if view.public is not None else None
    out: dict[str, Any] = {
        "hands": [
            [str(c) for c in view.hand] if i == view.seat else None for i in range(view.players)
        ]
    }
    if view.indicator is not None:
        out["indicator"] = str(view.indicator)
    if upcard is not None:
        out["discard"] = str(upcard)
    out["stock"] = None
    return out


__all__ = ["MeldView", "PlayerView", "seen_deal", "table_view", "view"]
