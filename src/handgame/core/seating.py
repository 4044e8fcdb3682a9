"""Seats and teams: who plays with whom (RULES.md L-91 partnerships, HF-1 teams).

A game's seats are numbered from 0 clockwise. In a partnership game the teams alternate
around the table: with ``n`` teams, seat ``s`` plays for team ``s % n`` (two teams of two at
four seats: 0+2 against 1+3; Hand and Foot's three teams of two at six seats: 0+3, 1+4, 2+5).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from handgame.core.errors import OptionError


def team_of(seat: int, teams: int) -> int:
    """The team of ``seat`` when the seats alternate among ``teams`` teams."""
    return seat % teams


@cache
def team_seats(team: int, players: int, teams: int) -> tuple[int, ...]:
    """The seats of ``team``, in seat order (remembered: a pure function of three numbers)."""
    return tuple(s for s in range(players) if s % teams == team)


@cache
def partners(seat: int, players: int, teams: int) -> tuple[int, ...]:
    """The other seats of ``seat``'s team (remembered: a pure function of three numbers)."""
    return tuple(s for s in team_seats(seat % teams, players, teams) if s != seat)


def team_totals(totals: Sequence[int], teams: int) -> tuple[int, ...]:
    """Each team's total: the sum of its seats' totals."""
    return tuple(sum(totals[s] for s in range(len(totals)) if s % teams == t) for t in range(teams))


def seat_names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """The seats' names: ``names``, one a seat (raises ``OptionError`` when they are not as
    many as the seats), else ``seat 0``, ``seat 1``..."""
    if names and len(names) != players:
        raise OptionError(f"names: {len(names)} names given for {players} players")
    return tuple(names) if names else tuple(f"seat {i}" for i in range(players))
