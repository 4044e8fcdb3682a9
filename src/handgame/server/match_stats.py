"""Players' statistics and match history (issue 40): what an account's seat did in a match.

When a match in which some seat is an account's ends (ranked or not: an unranked seat is its
account's when the account took it, :mod:`.seating`), one row per such seat is written **in
the transaction that stores the match's last step** (with the ratings of a ranked match,
:func:`record_end`): who sat there (``hand_seat_accounts``, the player's history) and a summary
of the seat's rounds (``hand_match_stats``). Both are keyed by (table, seat), and the step and
the rows are committed together: a ``kill -9`` before the commit leaves neither (the match
resumes and ends again), after it both, and never a second count. The summary is derived from
the match's public results (the spectators' view, :func:`seat_stats`), so the same figures can
be read again from the stored steps.

Each game's words (spec/RULES.md):

- **rounds**: the scored rounds (a void deal, L-81, is not one); **rounds won**: those the
  seat went out in (Hand: the round's winner, L-85/L-86; Hand and Foot: the player who went out,
  HF-10);
- **Hands**: Hand's full hands, L-86 ("Hand": the whole hand laid in one turn);
- **points**: Hand's penalty points the seat scored (L-85…L-87, the winner's −30/−60
  included), or Hand and Foot's team score (HF-11); its average per scored round;
- **books**: Hand and Foot's clean and dirty books (HF-5) of the seat's team.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    select,
)
from sqlalchemy import insert as sql_insert

from handgame.server.accounts import seat_accounts_table
from handgame.server.ratings import RatedMatch, rate_in
from handgame.server.storage import metadata

stats_table = Table(
    "hand_match_stats",
    metadata,
    Column("table_id", String(64), ForeignKey("hand_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("account_id", Integer, ForeignKey("hand_accounts.id"), nullable=False, index=True),
    Column("game", String(40), nullable=False),
    Column("ranked", Boolean, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("rounds_won", Integer, nullable=False),
    Column("hands", Integer, nullable=False),
    Column("points", Integer, nullable=False),
    Column("clean_books", Integer, nullable=False),
    Column("dirty_books", Integer, nullable=False),
    Column("at", Float, nullable=False),
)


@dataclass(frozen=True)
class SeatStats:
    """One seat's summary of a match (module docstring)."""

    rounds: int = 0
    rounds_won: int = 0
    hands: int = 0
    points: int = 0
    clean_books: int = 0
    dirty_books: int = 0


def seat_stats(results: Sequence[dict[str, Any]], seat: int, seats: int) -> SeatStats:
    """A seat's summary from a match's public ``results`` (its view's, one per deal) among
    ``seats`` seats: per-seat scores (Hand) or per-team (a partnership, Hand and Foot: seat
    ``s`` plays for team ``s % teams``).

    >>> seat_stats([{"result": "won", "winner": 0, "hand": "full", "scores": [-60, 200]},
    ...             {"result": "void"},
    ...             {"result": "won", "winner": 1, "hand": "partial", "scores": [45, -30]}], 0, 2)
    SeatStats(rounds=2, rounds_won=1, hands=1, points=-15, clean_books=0, dirty_books=0)
    >>> seat_stats([{"result": "out", "went_out": 1, "scores": [900, 120],
    ...              "books": [{"clean": 1, "dirty": 2}, {"clean": 0, "dirty": 1}]}], 1, 4)
    SeatStats(rounds=1, rounds_won=1, hands=0, points=120, clean_books=0, dirty_books=1)
    """
    rounds = won = hands = points = clean = dirty = 0
    for r in results:
        scores = r.get("scores") or []
        if r.get("result") == "void" or not scores:
            continue  # L-81: a deal with no score
        rounds += 1
        mine = seat if len(scores) >= seats else seat % len(scores)
        points += int(scores[mine])
        winner = r.get("winner", r.get("went_out"))
        if winner == seat:
            won += 1
            hands += r.get("hand") == "full"  # L-86
        books = r.get("books")
        if books:  # HF-5, the team's
            clean += int(books[mine]["clean"])
            dirty += int(books[mine]["dirty"])
    return SeatStats(rounds, won, hands, points, clean, dirty)


@dataclass(frozen=True)
class MatchEnd:
    """What a finished match writes with its last step: its accounts' seats, their summaries,
    and its rating (a ranked match's; None otherwise)."""

    table_id: str
    game: str
    ranked: bool
    seats: tuple[tuple[int, int], ...]  # (seat, account)
    stats: tuple[SeatStats, ...]  # by the same order
    rated: RatedMatch | None = None


def match_end(
    table_id: str,
    game: str,
    accounts: Sequence[int | None],
    results: Sequence[dict[str, Any]],
    rated: RatedMatch | None,
) -> MatchEnd | None:
    """What a finished match with seats' ``accounts`` (None: a guest's or a bot's) writes, or
    None when no seat is an account's."""
    seats = tuple((s, a) for s, a in enumerate(accounts) if a is not None)
    if not seats:
        return None
    stats = tuple(seat_stats(results, s, len(accounts)) for s, _ in seats)
    return MatchEnd(table_id, game, rated is not None, seats, stats, rated)


def record_end(conn: Connection, end: MatchEnd) -> bool:
    """Write a finished match's seats, summaries and rating in the caller's transaction (the
    one storing its last step); False when they were written already (nothing changed)."""
    done = conn.execute(
        select(stats_table.c.seat).where(stats_table.c.table_id == end.table_id).limit(1)
    ).one_or_none()
    if done is not None:
        return False
    if end.rated is not None:
        rate_in(conn, end.rated)  # (writes the seats' accounts too)
    else:
        conn.execute(
            sql_insert(seat_accounts_table),
            [{"table_id": end.table_id, "seat": s, "account_id": a} for s, a in end.seats],
        )
    now = time.time()
    conn.execute(
        sql_insert(stats_table),
        [
            {
                "table_id": end.table_id,
                "seat": seat,
                "account_id": account,
                "game": end.game,
                "ranked": end.ranked,
                "at": now,
                **vars(stats),
            }
            for (seat, account), stats in zip(end.seats, end.stats, strict=True)
        ],
    )
    return True
