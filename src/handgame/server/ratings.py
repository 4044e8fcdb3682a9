"""Ratings of ranked play (issue 40): OpenSkill's Plackett–Luce model, per game.

A ranked match's accounts are rated once, when it ends, in the same database transaction that
stores its last step (:meth:`~handgame.server.storage.Storage.write_batch` runs
:func:`rate_in` there): a crash before that commit leaves neither, a crash after leaves both,
and ``hand_rated``'s primary key (the table) refuses a second count. Partnerships and Hand and
Foot's teams are rated as teams; 3 to 5 seats without teams, free-for-all.

A rating is shown as ``mu`` (a new player's is 25.0: a win moves it up, a loss down) with its
uncertainty, ``3 sigma``; the leaderboards order players by the skill they have at least,
99.7% sure, ``mu - 3 sigma`` (:func:`ordinal`), so that one lucky win does not top them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Column, Connection, Float, ForeignKey, Integer, String, Table, select
from sqlalchemy import insert as sql_insert
from sqlalchemy import update as sql_update

from handgame.server.accounts import seat_accounts_table
from handgame.server.storage import metadata

#: the model every rating is made with (OpenSkill's defaults: mu 25, sigma 25/3)
MODEL = PlackettLuce()

ratings_table = Table(
    "hand_ratings",
    metadata,
    Column("account_id", Integer, ForeignKey("hand_accounts.id"), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

history_table = Table(
    "hand_rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("hand_accounts.id"), nullable=False, index=True),
    Column("game", String(40), nullable=False),
    Column("table_id", String(64), ForeignKey("hand_tables.id"), nullable=False),
    Column("rank", Integer, nullable=False),  # the seat's place in the match (1: first)
    Column("mu", Float, nullable=False),  # the rating after the match
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
)

# the matches rated: one row each, so that none is counted twice
rated_table = Table(
    "hand_rated",
    metadata,
    Column("table_id", String(64), ForeignKey("hand_tables.id"), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("at", Float, nullable=False),
)


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: ``mu - 3 sigma``, to one decimal.

    >>> ordinal(25.0, 25 / 3)
    0.0
    """
    return round(mu - 3.0 * sigma, 1) + 0.0


@dataclass(frozen=True)
class RatedMatch:
    """A finished ranked match as rated: each seat's account, team and place (1: first)."""

    table_id: str
    game: str
    accounts: tuple[int, ...]  # by seat
    teams: tuple[int, ...]  # by seat: the seat's team (its own index without teams)
    ranks: tuple[int, ...]  # by team index: its place


def places(
    totals: Sequence[int],
    team_totals: Sequence[int] | None,
    returns: Sequence[float],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's team and each team's place from a finished match's public totals and its
    ``returns()`` (1 for a winner): the winners' total says which way totals count (Hand's
    penalties: lower wins; Hand and Foot's scores: higher), equal totals share a place.

    >>> places([120, 40, 300], None, [0.0, 1.0, 0.0])
    ((0, 1, 2), (2, 1, 3))
    >>> places([10, 5, 10, 5], [20, 10], [1.0, 0.0, 1.0, 0.0])
    ((0, 1, 0, 1), (1, 2))
    """
    seats = len(totals)
    if team_totals is not None and len(team_totals) < seats:
        count = len(team_totals)
        teams = tuple(seat % count for seat in range(seats))
        scores = list(team_totals)
    else:
        teams = tuple(range(seats))
        scores = list(totals)
    winners = {teams[s] for s in range(seats) if returns[s] > 0}
    best = [scores[t] for t in winners]
    lower_wins = not best or min(best) <= min(scores)
    keyed = [(v if lower_wins else -v) for v in scores]
    ranks = tuple(1 + sum(1 for other in keyed if other < mine) for mine in keyed)
    return teams, ranks


def rate_in(conn: Connection, match: RatedMatch) -> bool:
    """Rate a finished ranked match in the caller's transaction (module docstring); False when
    it was rated already (nothing changed)."""
    done = conn.execute(
        select(rated_table.c.table_id).where(rated_table.c.table_id == match.table_id)
    ).one_or_none()
    if done is not None:
        return False
    now = time.time()
    query = (
        select(ratings_table)
        .where(ratings_table.c.game == match.game)
        .where(ratings_table.c.account_id.in_(set(match.accounts)))
    )
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()  # two matches ending at once rate one after the other
    known = {row.account_id: row for row in conn.execute(query)}
    team_count = max(match.teams) + 1
    teams: list[list[Any]] = [[] for _ in range(team_count)]
    members: list[list[int]] = [[] for _ in range(team_count)]
    for seat, account in enumerate(match.accounts):
        row = known.get(account)
        rating = MODEL.rating(mu=row.mu, sigma=row.sigma) if row is not None else MODEL.rating()
        teams[match.teams[seat]].append(rating)
        members[match.teams[seat]].append(seat)
    new = MODEL.rate(teams, ranks=[float(r) for r in match.ranks])
    stored = set(known)  # the accounts with a row
    conn.execute(sql_insert(rated_table).values(table_id=match.table_id, game=match.game, at=now))
    conn.execute(
        sql_insert(seat_accounts_table),
        [
            {"table_id": match.table_id, "seat": seat, "account_id": account}
            for seat, account in enumerate(match.accounts)
        ],
    )
    for team, ratings in enumerate(new):
        for seat, rating in zip(members[team], ratings, strict=True):
            account = match.accounts[seat]
            values = {"mu": rating.mu, "sigma": rating.sigma, "updated_at": now}
            if account in stored:
                conn.execute(
                    sql_update(ratings_table)
                    .where(ratings_table.c.account_id == account)
                    .where(ratings_table.c.game == match.game)
                    .values(matches=ratings_table.c.matches + 1, **values)
                )
            else:
                conn.execute(
                    sql_insert(ratings_table).values(
                        account_id=account, game=match.game, matches=1, **values
                    )
                )
                stored.add(account)
            conn.execute(
                sql_insert(history_table).values(
                    account_id=account,
                    game=match.game,
                    table_id=match.table_id,
                    rank=match.ranks[team],
                    at=now,
                    **{k: v for k, v in values.items() if k != "updated_at"},
                )
            )
    return True
