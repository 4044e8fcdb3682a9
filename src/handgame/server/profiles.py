"""Players' profiles and the leaderboards (issue 40), read from the accounts' tables.

A profile holds each game's rating (``mu``, and the ``low`` end the leaderboards order by:
:mod:`handgame.server.ratings`) with its history after each rated match, the player's last
matches, ranked and unranked (with their replay and record links), and each game's statistics
(rounds, rounds won, Hands made, the average penalty or score per round, Hand and Foot's books:
:mod:`handgame.server.match_stats`); a leaderboard, a game's
rated players by rating, beside the bot levels' published ratings (``bot_ratings.json``, made
by ``scripts/bot_ratings.py`` from a seeded tournament).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine

from handgame.core.registry import find_game
from handgame.server.accounts import accounts_table, name_key, seat_accounts_table
from handgame.server.match_stats import stats_table
from handgame.server.ratings import history_table, ordinal, ratings_table
from handgame.server.storage import tables_table

#: the bot levels' published ratings, by game (made by scripts/bot_ratings.py)
BOT_RATINGS = Path(__file__).parent / "bot_ratings.json"

#: the most matches a profile lists, and players a leaderboard
MATCHES, LEADERS = 50, 100


def bot_ratings(game: str) -> list[dict[str, Any]]:
    """The bot levels' published ratings of a game (none when none were made)."""
    try:
        published = json.loads(BOT_RATINGS.read_text())
    except (OSError, ValueError):
        return []
    found = published.get("games", {}).get(game, {})
    return [
        {
            "bot": bot,
            "rating": round(r["mu"], 1),
            "low": ordinal(r["mu"], r["sigma"]),
            "sigma": round(r["sigma"], 3),
        }
        for bot, r in sorted(found.items(), key=lambda kv: -float(kv[1]["mu"]))
    ]


def level_of(game: str, rating: float, bots: list[dict[str, Any]] | None = None) -> str | None:
    """The strongest bot level a rating reaches ("you play at the level of hard"), or None
    (``bots``: the game's :func:`bot_ratings`, read when not given)."""
    for bot in bot_ratings(game) if bots is None else bots:
        if rating >= bot["rating"]:
            return str(bot["bot"])
    return None


def profile(engine: Engine, name: str) -> dict[str, Any] | None:
    """A player's profile (module docstring), or None for no such player."""
    with engine.connect() as conn:
        account = conn.execute(
            select(accounts_table.c.id, accounts_table.c.name, accounts_table.c.created_at)
            .where(accounts_table.c.name_key == name_key(name))
            .where(accounts_table.c.deleted.is_(False))
        ).one_or_none()
        if account is None:
            return None
        ratings = conn.execute(
            select(ratings_table).where(ratings_table.c.account_id == account.id)
        ).all()
        history = conn.execute(
            select(history_table)
            .where(history_table.c.account_id == account.id)
            .order_by(history_table.c.at, history_table.c.id)
        ).all()
        played = conn.execute(
            select(
                tables_table.c.id,
                tables_table.c.created_at,
                tables_table.c.config,
                tables_table.c.finished,
                seat_accounts_table.c.seat,
            )
            .select_from(
                seat_accounts_table.join(
                    tables_table, seat_accounts_table.c.table_id == tables_table.c.id
                )
            )
            .where(seat_accounts_table.c.account_id == account.id)
            .order_by(tables_table.c.created_at.desc())
            .limit(MATCHES)
        ).all()
        summed = conn.execute(
            select(
                stats_table.c.game,
                func.count().label("matches"),
                *(
                    func.sum(stats_table.c[c]).label(c)
                    for c in ("rounds", "rounds_won", "hands", "points")
                ),
                *(func.sum(stats_table.c[c]).label(c) for c in ("clean_books", "dirty_books")),
            )
            .where(stats_table.c.account_id == account.id)
            .group_by(stats_table.c.game)
            .order_by(stats_table.c.game)
        ).all()
    rank_of = {h.table_id: h.rank for h in history}
    games: list[dict[str, Any]] = []
    for r in sorted(ratings, key=lambda r: r.game):
        rating = round(r.mu, 1)
        games.append(
            {
                "game": r.game,
                "rating": rating,
                "low": ordinal(r.mu, r.sigma),
                "sigma": round(r.sigma, 3),
                "matches": r.matches,
                "level": level_of(r.game, rating),
                "history": [
                    {"table": h.table_id, "at": h.at, "rating": round(h.mu, 1), "place": h.rank}
                    for h in history
                    if h.game == r.game
                ],
            }
        )
    matches = [
        {
            "table": p.id,
            "created_at": p.created_at.isoformat(),
            "preset": p.config["rules"]["preset"],
            "ranked": bool(p.config.get("ranked")),
            "finished": bool(p.finished),
            "seat": p.seat,
            "players": [s.get("name") for s in p.config["seats"]],
            "place": rank_of.get(p.id),
            "replay": f"/replay/{p.id}" if p.finished else None,
            "record": f"/api/tables/{p.id}/record" if p.finished else None,
        }
        for p in played
    ]
    return {
        "name": account.name,
        "since": account.created_at,
        "ratings": games,
        "matches": matches,
        "stats": {
            "matches": len(matches),
            "finished": sum(1 for m in matches if m["finished"]),
            "rated": len(history),
            "won": sum(1 for h in history if h.rank == 1),
            "games": [game_stats(row) for row in summed],
        },
    }


def game_stats(row: Any) -> dict[str, Any]:
    """A game's statistics of a player from its summed summaries (:mod:`.match_stats`): the
    average is the points per scored round (Hand: penalty; Hand and Foot: the team's score)."""
    rounds = int(row.rounds or 0)
    return {
        "game": row.game,
        "matches": int(row.matches),
        "rounds": rounds,
        "rounds_won": int(row.rounds_won or 0),
        "hands": int(row.hands or 0),
        "points": int(row.points or 0),
        "average": round(int(row.points or 0) / rounds, 1) if rounds else None,
        "clean_books": int(row.clean_books or 0),
        "dirty_books": int(row.dirty_books or 0),
    }


def leaderboard(engine: Engine, game: str) -> dict[str, Any]:
    """A game's leaderboard (module docstring); ``KeyError`` for no such game."""
    try:
        name = find_game(game).name
    except ValueError:  # no such game
        raise KeyError(game) from None
    with engine.connect() as conn:
        found = conn.execute(
            select(
                accounts_table.c.name,
                ratings_table.c.mu,
                ratings_table.c.sigma,
                ratings_table.c.matches,
            )
            .select_from(
                ratings_table.join(
                    accounts_table, ratings_table.c.account_id == accounts_table.c.id
                )
            )
            .where(ratings_table.c.game == name)
            .where(accounts_table.c.deleted.is_(False))
        ).all()
    bots = bot_ratings(name)
    players = sorted(
        (
            {
                "name": r.name,
                "rating": round(r.mu, 1),
                "low": ordinal(r.mu, r.sigma),
                "matches": r.matches,
                "level": level_of(name, round(r.mu, 1), bots),
            }
            for r in found
        ),
        key=lambda p: (-p["low"], -p["rating"], p["name"]),
    )[:LEADERS]
    return {"game": name, "players": players, "bots": bots}
