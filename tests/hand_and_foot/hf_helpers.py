"""Builders of hand-made Hand and Foot records: a deal from the cards that matter (the rest of
the deck fills the stock in a fixed order), actions written short, and the replay."""

from __future__ import annotations

from collections import Counter
from typing import Any

from handgame.core.cards import ALL_CARDS, JOKER, Card
from handgame.core.record import replay

RED_THREES = {"3H", "3D"}


def cards(text: str) -> list[str]:
    """``"KS KH X"`` as a card list."""
    return text.split()


def deal(
    hands: list[str],
    feet: list[str] | None = None,
    discard: str = "4C",
    stock: str = "",
    decks: int = 5,
    filler_first: str = "",
) -> dict[str, Any]:
    """A deal: the given hands (and feet, by default the filler's first plain cards), the
    first discard, the stock's top cards, then the rest of the deck (``filler_first`` cards
    first, then plain cards by code, red threes last)."""
    n = len(hands)
    deck: Counter[str] = Counter()
    for _ in range(decks):
        for c in ALL_CARDS[:52]:
            deck[str(c)] += 1
        deck[str(JOKER)] += 2
    used = [c for h in hands for c in cards(h)] + [discard] + cards(stock)
    used += [c for f in feet or [] for c in cards(f)]
    for c in used:
        deck[str(Card.parse(c))] -= 1
        assert deck[str(Card.parse(c))] >= 0, f"too many {c}"
    first = cards(filler_first)
    for c in first:
        deck[c] -= 1
        assert deck[c] >= 0
    plain = sorted(
        (c for c in deck.elements() if c not in RED_THREES), key=lambda c: int(Card.parse(c))
    )
    reds = [c for c in deck.elements() if c in RED_THREES]
    rest = first + plain + reds
    if feet is None:
        feet_list = []
        for _ in range(n):
            feet_list.append([c for c in rest[:11]])
            rest = rest[11:]
    else:
        feet_list = [cards(f) for f in feet]
    return {
        "hands": [cards(h) for h in hands],
        "feet": feet_list,
        "discard": discard,
        "stock": cards(stock) + rest,
    }


def record(
    rounds: list[dict[str, Any]], options: dict[str, Any] | None = None, players: int = 4
) -> dict[str, Any]:
    """A ``hand-record/1`` document of Hand and Foot."""
    return {
        "format": "hand-record/1",
        "rules": {"preset": "hand-and-foot", "options": options or {}},
        "players": players,
        "partnership": players in (4, 6),
        "rounds": rounds,
    }


def rnd(dealer: int, the_deal: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    """A round of a record."""
    return {"dealer": dealer, "deal": the_deal, "actions": actions}


def draw(seat: int) -> dict[str, Any]:
    """``draw``."""
    return {"seat": seat, "draw": "stock"}


def take(seat: int, text: str = "", to: int | None = None) -> dict[str, Any]:
    """``take`` with hand cards (and ``to``)."""
    out: dict[str, Any] = {"seat": seat, "take": cards(text)}
    if to is not None:
        out["to"] = to
    return out


def meld(seat: int, *melds: str) -> dict[str, Any]:
    """``meld`` of one or more melds, each written ``"KS KH KD"``."""
    return {"seat": seat, "meld": [cards(m) for m in melds]}


def add(seat: int, text: str, to: int) -> dict[str, Any]:
    """``add``."""
    return {"seat": seat, "add": cards(text), "to": to}


def ask(seat: int) -> dict[str, Any]:
    """``ask``."""
    return {"seat": seat, "ask": "go-out"}


def answer(seat: int, yes: bool) -> dict[str, Any]:
    """``answer``."""
    return {"seat": seat, "answer": yes}


def discard(seat: int, card: str) -> dict[str, Any]:
    """``discard``."""
    return {"seat": seat, "discard": card}


def run(rec: dict[str, Any]) -> dict[str, Any]:
    """The replay answer of a record (through the envelope's dispatch by preset)."""
    return replay(rec)


def error_at(answer_: dict[str, Any]) -> tuple[int | None, int | None]:
    """Where the answer's error is: (round, action)."""
    err = answer_["error"]
    assert err is not None, "expected an error"
    return err["round"], err["action"]


def start(
    hands: list[str],
    feet: list[str] | None = None,
    discard_card: str = "4C",
    stock: str = "",
    options: dict[str, Any] | None = None,
    dealer: int | None = None,
    decks: int | None = None,
) -> Any:
    """The state right after a hand-made deal (dealer: the seat before seat 0 by default)."""
    from handgame.games.hand_and_foot.deal import Deal
    from handgame.games.hand_and_foot.state import Game

    n = len(hands)
    opts = dict(options or {})
    if decks is not None:
        opts["decks"] = decks
    game = Game.create("hand-and-foot", opts, n)
    the_deal = deal(hands, feet, discard_card, stock, decks=game.rules.decks)
    first = game.new_match((n - 1) if dealer is None else dealer)
    return first.apply_deal(Deal.from_json(the_deal))


def play(state: Any, *actions: dict[str, Any]) -> Any:
    """``state`` after the actions (record notation), each applied through the protocol."""
    from handgame.games.hand_and_foot.actions import parse_action

    for a in actions:
        state = state.apply(parse_action(a))
    return state
