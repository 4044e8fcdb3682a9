"""Team melds (HF-4, HF-5): what a new meld may hold, what may be added to one, and the team's
books and going-out condition (HF-10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from handgame.core.cards import Card
from handgame.core.errors import IllegalAction, MeldError, OptionError
from handgame.games.hand_and_foot.rounds import TeamMeld
from handgame.games.hand_and_foot.rules import (
    BOOK,
    MELD_RANKS,
    is_wild,
    make_rules,
    rank_name,
    value,
)


def _illegal(message: str, *rules: str) -> IllegalAction:
    return IllegalAction(f"{message} ({', '.join(rules)})", rules=rules)


def meld_rank(cards: Sequence[Card]) -> int:
    """The rank of a new meld's cards, checked (HF-3, HF-4, HF-5); raises ``IllegalAction``."""
    text = " ".join(str(c) for c in cards)
    if len(cards) < 3:
        raise _illegal(f"a new meld needs at least 3 cards, not {len(cards)} ({text})", "HF-4")
    if len(cards) > BOOK:
        raise _illegal(f"a meld holds at most {BOOK} cards, not {len(cards)} ({text})", "HF-5")
    ranks = {c.rank for c in cards if not is_wild(c)}
    if any(c.rank == 3 for c in cards):
        raise _illegal(f"threes are never melded ({text})", "HF-3", "HF-4")
    if not ranks:
        raise _illegal(f"a meld needs natural cards, not only wild cards ({text})", "HF-4")
    if len(ranks) > 1:
        raise _illegal(f"a meld's natural cards are all of one rank ({text})", "HF-4")
    rank = ranks.pop()
    if rank not in MELD_RANKS:  # pragma: no cover - 2s are wild and 3s refused above
        raise _illegal(f"{rank_name(rank)}s are not melded ({text})", "HF-4")
    wilds = sum(1 for c in cards if is_wild(c))
    if wilds > len(cards) - wilds:
        raise _illegal(
            f"wild cards may never outnumber natural cards in a meld ({text})", "HF-4"
        )
    return rank


def check_add(meld: TeamMeld, index: int, cards: Sequence[Card]) -> None:
    """Refuse adding ``cards`` to ``meld`` (number ``index``) unless HF-4 and HF-5 allow it."""
    if meld.is_book:
        raise _illegal(f"meld {index + 1} is a book: it takes no more cards", "HF-5")
    for c in cards:
        if c.rank == 3:
            raise _illegal(f"threes are never melded ({c})", "HF-3", "HF-4")
        if not is_wild(c) and c.rank != meld.rank:
            raise _illegal(
                f"{c} is not a {rank_name(meld.rank)} nor a wild card: it does not fit "
                f"meld {index + 1}",
                "HF-4",
            )
    size = len(meld.cards) + len(cards)
    if size > BOOK:
        raise _illegal(
            f"meld {index + 1} would hold {size} cards; a meld holds at most {BOOK}", "HF-5"
        )
    wilds = meld.wilds + sum(1 for c in cards if is_wild(c))
    if wilds > size - wilds:
        raise _illegal(
            f"meld {index + 1} would hold {wilds} wild cards and {size - wilds} natural ones: wild "
            "cards may never outnumber natural cards",
            "HF-4",
        )


def unfinished(melds: Sequence[TeamMeld], team: int, rank: int) -> int | None:
    """The number of the team's unfinished meld of ``rank``, or None (HF-4: at most one)."""
    for i, m in enumerate(melds):
        if m.team == team and m.rank == rank and not m.is_book:
            return i
    return None


def books(melds: Sequence[TeamMeld], team: int) -> tuple[int, int]:
    """The team's (clean, dirty) books (HF-5)."""
    clean = dirty = 0
    for m in melds:
        if m.team == team and m.is_book:
            if m.wilds:
                dirty += 1
            else:
                clean += 1
    return clean, dirty


def has_books_to_go_out(melds: Sequence[TeamMeld], team: int) -> bool:
    """A clean book and a dirty book: HF-10's condition on the team's melds."""
    clean, dirty = books(melds, team)
    return clean >= 1 and dirty >= 1


def check_meld(
    preset: str, options: Mapping[str, Any], cards: Sequence[Card], indicator: Card | None
) -> tuple[str, int]:
    """``(kind, value)`` of one new meld as ``hand meld`` asks: ``meld``, or ``clean book`` /
    ``dirty book`` at seven cards (HF-4, HF-5), and the sum of its card values toward a round's
    opening minimum (HF-7, HF-8); raises ``MeldError`` when HF-3…HF-5 refuse it, and
    ``OptionError`` for bad options or an indicator (HF-3: the jokers and 2s are wild)."""
    players = options.get("players", 4)
    make_rules(preset, options, players if isinstance(players, int) else 4)
    if indicator is not None:
        raise OptionError(
            f"--indicator {indicator}: Hand and Foot turns no indicator, its wild cards are the "
            "jokers and the 2s (HF-3)",
            rules=("HF-3",),
        )
    try:
        meld_rank(cards)
    except IllegalAction as e:
        raise MeldError(e.message, rules=e.rules) from None
    kind = "meld"
    if len(cards) == BOOK:
        kind = "dirty book" if any(is_wild(c) for c in cards) else "clean book"
    return kind, sum(value(c) for c in cards)
