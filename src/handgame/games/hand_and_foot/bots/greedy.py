"""The ``greedy`` bot of Hand and Foot: rules of thumb on the seat's view only.

- Draw or take: it takes the pile whenever a take is legal (the top card and two naturals make
  a meld at once, HF-6, and up to six cards come with it), else draws two.
- Lay: books first — a natural card goes to the team's meld of its rank (the fullest first);
  new melds of three naturals; wild cards are kept for dirty books: one goes on a meld only
  when the meld holds five cards or more (so it is on its way to a book, HF-5), or when the
  opening (HF-8) or going out (HF-10) needs it (then every legal lay is fair game).
- Go out whenever the engine allows it (it lays what it can, then discards its last card).
- Discard: never a card the next opponent could take the pile with when avoidable: a black
  three first (it blocks the pile, HF-3), then a card of a rank the next opponent's team
  cannot take (under ``pile_pickup=pair`` their unfinished meld of that rank forbids a new
  one, HF-4), then the rank with the fewest unseen copies; among those, a single card before
  a pair, the most valuable first (it would cost its value in hand, HF-11), a wild card last.
- Answers "yes" when the partner asks to go out; never asks itself (asking is optional).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from handgame.core.bot import Bot, no_argument
from handgame.core.cards import Card
from handgame.games.hand_and_foot.actions import Add, Answer, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.rules import (
    BOOK,
    is_black_three,
    is_wild,
    rank_name,
    value,
)
from handgame.games.hand_and_foot.view import PlayerView

#: a wild card goes on a meld of at least this many cards (on its way to a dirty book)
WILD_FROM = 5


def _lay_score(action: Add | Meld, view: PlayerView) -> tuple[int, int] | None:
    """How good a lay is (higher first), or None when greedy keeps the cards back."""
    if isinstance(action, Meld):
        cards = [c for m in action.melds for c in m]
        if any(is_wild(c) for c in cards):
            return None
        return (1, sum(value(c) for c in cards))
    meld = view.melds[action.to]
    size = len(meld.cards) + len(action.cards)
    if any(is_wild(c) for c in action.cards):
        if len(meld.cards) < WILD_FROM:
            return None
        return (0, size)
    return (2 + (size >= BOOK), size)


def _next_opponent(view: PlayerView, seat: int) -> int:
    """The first seat after ``seat`` on another team (who plays on the discard)."""
    n, teams = view.players, view.teams
    for k in range(1, n):
        other = (seat + k) % n
        if other % teams != seat % teams:
            return other
    return (seat + 1) % n  # pragma: no cover - every game has two teams or more


def discard_order(view: PlayerView, seat: int) -> list[Card]:
    """The seat's hand in the order greedy would discard it (best discard first)."""
    hand = view.hand
    counts = Counter(c.rank for c in hand if not is_wild(c))
    decks = int(view.options.get("decks", 5))
    seen: Counter[int] = Counter(c.rank for c in hand)
    for m in view.melds:
        seen.update(c.rank for c in m.cards)
    seen.update(c.rank for c in view.discard_pile)
    opp = _next_opponent(view, seat)
    opp_team = opp % view.teams
    blocked = {
        m.rank for m in view.melds if m.team == opp_team and m.kind == "meld"
    } if view.options.get("pile_pickup") == "pair" else set()
    opp_known = Counter(c.rank for c in view.known[opp] if not is_wild(c))

    def key(card: Card) -> tuple[int, int, int, int, int]:
        if is_wild(card):
            return (9, 0, 0, 0, -value(card))
        if is_black_three(card):
            return (0, 0, 0, 0, 0)
        safe = rank_name(card.rank) in blocked
        risk = 0 if safe else 1 + (opp_known[card.rank] >= 2)
        unseen = 4 * decks - seen[card.rank]
        return (risk, unseen if not safe else 0, counts[card.rank], -value(card), card.rank)

    return sorted(hand, key=key)


def greedy_choice(view: PlayerView) -> Any:
    """Greedy's choice among ``view.legal_actions``."""
    legal = list(view.legal_actions)
    for a in legal:
        if isinstance(a, Answer):
            return Answer(a.seat, True)
    seat = view.seat
    assert seat is not None
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        return takes[0]
    for a in legal:
        if isinstance(a, Draw):
            return a
    discards = {a.card: a for a in legal if isinstance(a, Discard)}
    lays = [a for a in legal if isinstance(a, Add | Meld)]
    if len(view.hand) == 1 and discards and view.feet_picked[seat]:  # going out (HF-10)
        return next(iter(discards.values()))
    scored = [(s, a) for a in lays if (s := _lay_score(a, view)) is not None]
    if scored:
        return max(scored, key=lambda sa: sa[0])[1]
    if not discards:
        # the opening (HF-8) or the foot's last cards (HF-9) need more: lay anyway
        return max(lays, key=lambda a: sum(value(c) for c in _cards_of(a)))
    for card in discard_order(view, seat):
        if card in discards:
            return discards[card]
    return next(iter(discards.values()))  # pragma: no cover - every discard is in the hand


def _cards_of(action: Add | Meld) -> list[Card]:
    if isinstance(action, Meld):
        return [c for m in action.melds for c in m]
    return list(action.cards)


class GreedyBot(Bot):
    """Hand and Foot's rules of thumb (see the module's docstring)."""

    name = "greedy"

    def choose(self, view: Any) -> Any:
        """Greedy's choice for the view's seat."""
        return greedy_choice(view)


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register ``greedy``."""
    register("greedy", no_argument(GreedyBot))


__all__ = ["GreedyBot", "discard_order", "greedy_choice", "register_bots"]
