"""The request and response models of ``hand serve``'s HTTP API and the helpers that fill
them (the OpenAPI documentation at ``/docs`` is made from these)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import Request
from pydantic import BaseModel, Field, field_validator

from handgame.core.game import GameSpec
from handgame.server.lobby import RoomIn
from handgame.server.seating import UNFIT
from handgame.server.settings import Settings
from handgame.server.table import Table


class RulesIn(BaseModel):
    """The ruleset: a preset and option overrides (``hand rules`` lists them)."""

    preset: str = "levant"
    options: dict[str, Any] = Field(default_factory=dict)


class SeatIn(BaseModel):
    """A seat: a human (with a display name) or a bot (``random``, ``greedy``, ``ismcts``)."""

    kind: Literal["human", "bot", "open"]
    name: str | None = Field(default=None, max_length=40)
    bot: str | None = Field(default=None, max_length=80, examples=["greedy"])

    @field_validator("name", "bot")
    @classmethod
    def printable(cls, value: str | None) -> str | None:
        """A name or bot spec holds no control or bidirectional-override character (the set a
        room's names and chat lines keep out too, :data:`handgame.server.seating.UNFIT`)."""
        if value is not None and not UNFIT.isdisjoint(value):
            raise ValueError("no control or bidirectional-control characters")
        return value


class HintOut(BaseModel):
    """The engine's advice for a seat at a table version: phrases (a ``kind``, a key of the
    glossary, and its parameters: cards, counts, actions), which the page words."""

    seat: int
    version: int
    hint: list[dict[str, Any]]


class TableIn(BaseModel):
    """A new table."""

    rules: RulesIn = Field(default_factory=RulesIn)
    partnership: bool = False
    seats: list[SeatIn] = Field(min_length=2, max_length=6)
    turn_timeout: float | None = Field(
        default=None,
        ge=0,
        description="seconds a human has for each decision at this table (null: the "
        "server's; 0: no timer, only for one human against bots)",
    )
    room: RoomIn | None = Field(
        default=None,
        description="the table waits in its room (open seats, the host starts it: issue 35); "
        "null: it starts at once",
    )
    ranked: bool = Field(
        default=False,
        description="a ranked table (issue 40): logged-in players only, the preset's rules, "
        "the turn timer on, rated when the match ends; made from the site's pages only",
    )


class SeatTokenOut(BaseModel):
    """A human seat's secret token and the link that joins it (give each to its player)."""

    seat: int
    token: str
    url: str


class TableOut(BaseModel):
    """A table just made: its id, its human seats' links, and the host's token (keep it: it
    ends the table, ``DELETE /api/tables/{id}``)."""

    table: str
    seats: list[SeatTokenOut]
    host_token: str


class EndedOut(BaseModel):
    """Why a table ended before its match was over: who (``host``, ``operator``, ``server``)
    and why."""

    by: str
    reason: str


class SeatOut(BaseModel):
    """A seat as everyone sees it."""

    seat: int
    kind: str
    name: str
    bot: str | None
    connected: bool
    away: bool


class SummaryOut(BaseModel):
    """A table's public summary."""

    table: str
    created_at: str
    preset: str
    options: dict[str, Any]
    partnership: bool
    seats: list[SeatOut]
    version: int
    phase: str
    round_number: int
    turn: int | None
    totals: list[int]
    team_totals: list[int] | None
    finished: bool
    winner: int | None
    ended: EndedOut | None = Field(
        default=None, description="set when the table was ended before its match was over"
    )
    room: dict[str, Any] | None = Field(
        default=None, description="the table's room (waiting, public, ready, rematch), if any"
    )
    turn_timeout: float | None = None
    turn_deadline: float | None = Field(
        default=None, description="when the running turn timer runs out (epoch seconds), or null"
    )
    turn_remaining: float | None = Field(
        default=None, description="seconds left on the running turn timer, or null"
    )
    values: dict[str, Any] = Field(
        default_factory=dict,
        description="every option's value at this table (the preset's, overridden by options)",
    )


class BotOfferOut(BaseModel):
    """A bot the lobby offers at a table of a preset: its spec and the player counts it plays."""

    spec: str
    players: list[int] = Field(
        default_factory=list, description="the player counts it plays at (empty: every count)"
    )


class PresetOut(BaseModel):
    """A preset (``hand rules``) and the player counts it allows."""

    name: str
    min_players: int
    max_players: int
    default_players: int
    summary: str
    player_counts: list[int] = Field(
        default_factory=list, description="every player count allowed (Hand and Foot: 2, 3, 4, 6)"
    )
    options: list[dict[str, Any]] = Field(
        default_factory=list,
        description="the game's option specs: name, kind, rule, choices or min/max, nullable",
    )
    rounds: int | None = Field(
        default=None, description="the rounds a match plays (null: to a penalty limit)"
    )
    penalty_limit: int | None = Field(
        default=None, description="the total that ends the match (null: none)"
    )
    values: dict[str, Any] = Field(
        default_factory=dict,
        description="every option's value in this preset (its default player count)",
    )
    bots: list[BotOfferOut] = Field(
        default_factory=list,
        description="the bots a table of this preset seats by level, weakest first: random, "
        "the game's own ladder, the trained agents shipped for the game",
    )
    default_bot: str = Field(default="random", description="the bot a new seat gets")


def preset_ends(game: GameSpec, preset: str, players: int) -> dict[str, int | None]:
    """How a preset's match ends, for the lobby: its ``rounds`` and ``penalty_limit`` (None
    where the preset has no such rule; read from the configuration's ``rules`` where it has
    them, else from the configuration itself)."""
    config = game.create(preset, {}, players, False, None)
    rules = getattr(config, "rules", config)
    return {
        "rounds": getattr(rules, "rounds", None),
        "penalty_limit": getattr(rules, "penalty_limit", None),
    }


def table_out(
    base: str, table: Table, tokens: dict[int, str], host_token: str, more: str = ""
) -> TableOut:
    """A new table's answer: its human seats' tokens and links (``more``: added to each
    link's fragment, ``&guide=1`` for a first game) and its host's token."""
    return TableOut(
        table=table.id,
        seats=[
            SeatTokenOut(seat=i, token=t, url=f"{base}/play/{table.id}#token={t}{more}")
            for i, t in sorted(tokens.items())
        ],
        host_token=host_token,
    )


def option_values(config: Any) -> dict[str, Any]:
    """Every option's value of a game configuration (its ruleset's ``options()``), as JSON:
    what the rules panel words (each game's ``book``); empty for a game without them."""
    rules = getattr(config, "rules", config)
    values = getattr(rules, "options", None)
    return dict(values()) if callable(values) else {}


def invite_base(settings: Settings, request: Request) -> str:
    """The base of invite links: ``Settings.public_url``, else the address the server
    listens on (never the request's ``Host`` header, which a client chooses)."""
    if settings.public_url:
        return settings.public_url.rstrip("/")
    host, port = request.scope.get("server") or ("127.0.0.1", 8000)
    scheme = request.url.scheme
    default = (scheme == "http" and port == 80) or (scheme == "https" and port == 443)
    if ":" in str(host):
        host = f"[{host}]"
    return f"{scheme}://{host}" if default or port is None else f"{scheme}://{host}:{port}"
