"""The HTTP and WebSocket routes of ``hand serve`` (OpenAPI documentation at ``/docs``)."""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import unquote_plus

from fastapi import FastAPI, Header, HTTPException, Query, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, field_validator
from starlette.websockets import WebSocketDisconnect

from handgame import locale
from handgame.core import __version__
from handgame.core.game import GameSpec, MatchState
from handgame.core.record import game_of
from handgame.core.registry import games
from handgame.play.registry import offered_bots
from handgame.server.account_routes import (
    AccountService,
    add_account_routes,
    same_origin,
    session_token,
)
from handgame.server.accounts import session_hash
from handgame.server.botspec import default_bot
from handgame.server.clients import unavailable
from handgame.server.cluster import make_hub
from handgame.server.connection import Connection
from handgame.server.deleted_names import rename_in_memory
from handgame.server.guards import BodyLimit
from handgame.server.guide import FIRST_GAME_RULES, FIRST_GAME_SEATS, FIRST_GAME_SEED, advice
from handgame.server.hub import LimitReached, TooManyTables, Unavailable
from handgame.server.lobby import READ, LobbyOut, RoomIn, lobby_list
from handgame.server.protocol import PROTOCOL, error_message, spectator_view, timer_fields
from handgame.server.room import room_info
from handgame.server.seat_owner import (
    NOT_YOUR_SEAT,
    NOT_YOUR_SEAT_MESSAGE,
    check_seat_session,
    owned_elsewhere,
)
from handgame.server.seating import UNFIT
from handgame.server.settings import Settings
from handgame.server.table import Table, token_hash

#: the web UI: plain HTML, JavaScript modules and CSS, no build step
STATIC = Path(__file__).parent / "static"


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


def create_app(
    settings: Settings | None = None, seed_source: Callable[[], str] | None = None
) -> FastAPI:
    """The server's ASGI application; its tables live in ``settings.database_url``."""
    settings = settings or Settings()
    hub = make_hub(settings, seed_source)
    creations, hints = hub.creations, hub.hints

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="handgame server",
        version=__version__,
        description=(
            "Play Hand at a table of humans and bots. Make a table with `POST /api/tables`, "
            "give each human seat its link, and play over the WebSocket "
            f"`/ws/tables/{{id}}?token=…` (protocol `{PROTOCOL}`, docs/web-protocol.md)."
        ),
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.add_middleware(BodyLimit, settings=settings)
    service = AccountService(lambda: hub.storage.engine, hub.workers.db, settings)
    service.after_delete = lambda account_id: rename_in_memory(hub, account_id)  # its tables
    add_account_routes(app, service, STATIC)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> Response:
        """``422`` with what is wrong; any text echoed is ASCII-escaped (a lone surrogate in
        the input cannot break the answer)."""
        detail = jsonable_encoder(exc.errors())
        text = json.dumps({"detail": detail}, ensure_ascii=True, default=repr)
        return Response(text, status_code=422, media_type="application/json")

    async def table_or_404(table_id: str) -> Table:
        try:
            table = await hub.fetch(table_id)
        except Exception as e:
            raise HTTPException(503, str(unavailable(e))) from None
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    def address(request: Request | WebSocket) -> str | None:
        return request.client.host if request.client else None

    @app.get("/api/health")
    async def health() -> Response:
        """The server's state: ``database`` is ``ok`` (``200``) or ``unavailable`` (``503``)."""
        state = await hub.health()
        code = 200 if state["database"] == "ok" else 503
        return Response(json.dumps(state), status_code=code, media_type="application/json")

    @app.post("/api/tables", response_model=TableOut, status_code=201)
    async def create_table(body: TableIn, request: Request) -> TableOut:
        """Make a table and start its match; the human seats' tokens and links (``429`` when
        one address makes too many, ``503`` when the server is full or its database down)."""
        if not creations.allow(address(request)):
            raise HTTPException(429, "too many tables made from your address: slow down")
        account, maker = None, None
        if not body.ranked and same_origin(request, settings):  # the maker's seat: theirs
            found = await service.current(request)
            maker = found.id if found is not None else None
        if body.ranked:
            if not same_origin(request, settings):
                raise HTTPException(403, "refused: this request did not come from this site")
            found = await service.current(request)
            if found is None:
                raise HTTPException(401, "a ranked table: log in first")
            account = (found.id, found.name)
        try:
            table, tokens, host_token = await hub.create_table(
                body.rules.preset,
                body.rules.options,
                body.partnership,
                [s.model_dump() for s in body.seats],
                body.turn_timeout,
                address(request),
                body.room.made() if body.room is not None else None,
                account=account,
                maker=maker,
            )
        except TooManyTables as e:
            raise HTTPException(429, str(e)) from None
        except LimitReached as e:
            raise HTTPException(503, str(e)) from None
        except Unavailable as e:
            raise HTTPException(503, str(e)) from None
        except ValueError as e:
            raise HTTPException(422, str(e)) from None
        return table_out(invite_base(settings, request), table, tokens, host_token)

    @app.delete("/api/tables/{table_id}", status_code=200)
    async def end_table(
        table_id: str,
        token: Annotated[str | None, Query(description="the host's token")] = None,
        authorization: Annotated[str | None, Header(description="Bearer TOKEN")] = None,
    ) -> dict[str, Any]:
        """End a table before its match is over: its host (the ``host_token`` its maker got)
        or the operator (``hand serve --admin-token``); ``403`` for anyone else. The table
        stays, finished, with its record whole; its clients are told (``ended``)."""
        if token is None and authorization and authorization.lower().startswith("bearer "):
            token = authorization[7:].strip()
        table = await table_or_404(table_id)
        admin = settings.admin_token
        if token and admin and secrets.compare_digest(token.encode(), admin.encode()):
            by = "operator"
        elif token and table.is_host(token):
            by = "host"
        else:
            raise HTTPException(403, "only the table's host (its host_token) or the operator")
        try:
            done = await hub.end_table(table.id, by, f"ended by the {by}")
        except Unavailable as e:
            raise HTTPException(503, str(e)) from None
        return {"table": table.id, "ended": done, "by": by}

    @app.get("/api/tables/{table_id}", response_model=SummaryOut)
    async def get_table(table_id: str) -> SummaryOut:
        """The public summary: seats, scores, whose turn, finished or not."""
        table = await table_or_404(table_id)
        public = spectator_view(table.state)
        winner = table.spec.summary(table.state, None)["winner"]
        return SummaryOut(
            table=table.id,
            created_at=table.created_at.isoformat(),
            preset=table.game.preset,
            options=dict(table.game.options),
            partnership=table.game.partnership,
            seats=[SeatOut(**s) for s in hub.presence(table)],
            version=table.version,
            phase=public["phase"],
            round_number=public["round_number"],
            turn=public["turn"],
            totals=public["totals"],
            team_totals=public["team_totals"],
            finished=table.finished,
            winner=winner,
            ended=EndedOut(**table.ended) if table.ended else None,
            turn_timeout=table.timeout(hub.settings.turn_timeout),
            **timer_fields(hub.deadline(table.id)),
            room=room_info(table.room),
            values=option_values(table.game),
        )

    @app.get("/api/tables", response_model=LobbyOut)
    async def list_tables() -> LobbyOut:
        """The public tables: rooms waiting for players (with their free seats) and matches
        under way to watch (private tables are reached by their link only)."""
        try:
            rows = await hub.workers.db(hub.storage.unfinished_configs, READ)
        except Exception as e:
            raise HTTPException(503, str(unavailable(e))) from None
        return lobby_list(rows)

    def offers(game: str) -> list[BotOfferOut]:
        return [BotOfferOut(spec=o.spec, players=list(o.players)) for o in offered_bots(game)]

    @app.get("/api/presets", response_model=list[PresetOut])
    async def get_presets() -> list[PresetOut]:
        """The presets a table may start from (every game's), with their player counts."""
        return [
            PresetOut(
                name=p.name,
                min_players=p.min_players,
                max_players=p.max_players,
                default_players=p.default_players,
                summary=p.summary,
                player_counts=list(p.counts()),
                options=[spec.to_json() for spec in game.options],
                **preset_ends(game, p.name, p.default_players),
                values=option_values(game.create(p.name, {}, p.default_players, False, None)),
                bots=offers(game.name),
                default_bot=default_bot(game.name),
            )
            for game in games()
            for p in game.preset_info
        ]

    @app.get("/api/tables/{table_id}/record")
    async def get_record(
        table_id: str,
        request: Request,
        token: Annotated[str | None, Query(description="a seat's token")] = None,
        authorization: Annotated[str | None, Header(description="Bearer TOKEN")] = None,
    ) -> dict[str, Any]:
        """The match's ``hand-record/1``: whole once finished; before, a seat's redacted one."""
        table = await table_or_404(table_id)
        if table.finished:
            return table.spec.to_record(
                table.state, {"ended": table.ended} if table.ended else None
            )
        if token is None and authorization and authorization.lower().startswith("bearer "):
            token = authorization[7:].strip()
        seat = table.seat_of_token(token) if token else None
        if seat is None:
            raise HTTPException(
                403, "the match is not finished: only a seat, with its token, sees its record"
            )
        await check_seat_session(table, seat, service, request)  # an account's seat: its session
        # made by the game from the seat's own view of each deal (GameSpec.seat_record)
        return await hub.workers.quick(table.spec.seat_record, table.state, seat)

    @app.post("/api/first-game", response_model=TableOut, status_code=201)
    async def first_game(request: Request) -> TableOut:
        """A first game (issue 36): Hand (``levant``), one round against the easy bot, no turn
        timer, the same deal every time; its seat's link opens the table with the guide."""
        if not creations.allow(address(request)):
            raise HTTPException(429, "too many tables made from your address: slow down")
        try:
            table, tokens, host_token = await hub.create_table(
                FIRST_GAME_RULES["preset"],
                dict(FIRST_GAME_RULES["options"]),
                False,
                [dict(s) for s in FIRST_GAME_SEATS],
                0,
                address(request),
                None,
                FIRST_GAME_SEED,
            )
        except TooManyTables as e:
            raise HTTPException(429, str(e)) from None
        except (LimitReached, Unavailable) as e:
            raise HTTPException(503, str(e)) from None
        return table_out(invite_base(settings, request), table, tokens, host_token, "&guide=1")

    @app.get("/api/tables/{table_id}/advice")
    async def get_advice(
        table_id: str,
        request: Request,
        token: Annotated[str | None, Query(description="a seat's token")] = None,
        authorization: Annotated[str | None, Header(description="Bearer TOKEN")] = None,
    ) -> dict[str, Any]:
        """The first game's guide: the move it advises a seat (its token) now, made from that
        seat's view only (``action`` null when the seat has nothing to decide)."""
        table = await table_or_404(table_id)
        if token is None and authorization and authorization.lower().startswith("bearer "):
            token = authorization[7:].strip()
        seat = table.seat_of_token(token) if token else None
        if seat is None:
            raise HTTPException(403, "only a seat, with its token, gets advice")
        await check_seat_session(table, seat, service, request)  # an account's seat: its session
        if not hints.allow(address(request)):
            raise HTTPException(429, "too many hints asked from your address: slow down")
        version, state = table.version, table.state
        said = await hub.workers.quick(advice, state, seat, table.seed, version)
        return {"seat": seat, "version": version, "action": said}

    @app.get("/api/tables/{table_id}/hint", response_model=HintOut)
    async def get_hint(
        table_id: str,
        request: Request,
        token: Annotated[str | None, Query(description="a seat's token")] = None,
        authorization: Annotated[str | None, Header(description="Bearer TOKEN")] = None,
    ) -> HintOut:
        """The engine's advice for a seat (its token) from what that seat may see; ``403``
        without a seat's token."""
        table = await table_or_404(table_id)
        if token is None and authorization and authorization.lower().startswith("bearer "):
            token = authorization[7:].strip()
        seat = table.seat_of_token(token) if token else None
        if seat is None:
            raise HTTPException(403, "only a seat, with its token, gets a hint")
        await check_seat_session(table, seat, service, request)  # an account's seat: its session
        if not hints.allow(address(request)):
            raise HTTPException(429, "too many hints asked from your address: slow down")
        version, seen = table.version, table.state.view(seat)  # this seat's view only
        said = await hub.workers.quick(table.spec.hint, seen)
        return HintOut(seat=seat, version=version, hint=said)

    @app.get("/api/tables/{table_id}/replay")
    async def get_replay(table_id: str) -> dict[str, Any]:
        """A finished match step by step (the web replay viewer): every version's public view
        with every hand, made by the engine from the record; ``403`` before the end."""
        table = await table_or_404(table_id)
        if not table.finished:
            raise HTTPException(403, "the match is not finished: no replay yet")
        record = table.spec.to_record(table.state, None)
        return await hub.workers.quick(replay_frames, record)  # off the event loop

    @app.websocket("/ws/tables/{table_id}")
    async def play(
        websocket: WebSocket, table_id: str, token: str | None = None, since: int | None = None
    ) -> None:
        """A seat's (with ``token``) or a spectator's connection to a table."""
        await websocket.accept()
        try:
            table = await hub.fetch(table_id)
        except Exception as e:
            await websocket.send_json(error_message("unavailable", str(unavailable(e)), version=0))
            await websocket.close(1013)
            return
        if table is None:
            await websocket.send_json(
                error_message("unknown_table", f"no table {table_id!r}", version=0)
            )
            await websocket.close(4404)
            return
        seat = table.seat_of_token(token) if token is not None else None
        if token and seat is None and table.room is not None:  # a seat just taken elsewhere?
            table = await hub.recheck(table)
            seat = table.seat_of_token(token)
        if token is not None and seat is None:  # an empty token is a bad one, not a spectator
            await websocket.send_json(
                error_message("bad_token", "this token holds no seat here", version=table.version)
            )
            await websocket.close(4403)
            return
        # a ranked table reads the session of a page of this site (a browser always sends its
        # page's Origin; a program sends none)
        trusted = "origin" not in websocket.headers or same_origin(websocket, settings)
        # (a waiting room's too: a seat taken there by an account is the account's)
        owned = seat is not None and table.seats[seat].account is not None
        wanted = (table.ranked or table.waiting or owned) and trusted
        found = await service.current(websocket) if wanted else None
        account = (found.id, found.name) if found is not None else None
        if owned_elsewhere(table, seat, account[0] if account else None):
            # an account's seat (ranked or not) is its session's: its token alone does not play it
            await websocket.send_json(
                error_message(NOT_YOUR_SEAT, NOT_YOUR_SEAT_MESSAGE, version=table.version)
            )
            await websocket.close(4403)
            return
        conn = Connection(websocket, table.id, seat, hub.settings, address(websocket))
        conn.account = account
        token_of_session = session_token(websocket) if found is not None else None
        conn.session_sha256 = session_hash(token_of_session) if token_of_session else None
        conn.token_sha256 = token_hash(token) if seat is not None and token else None
        try:
            hub.admit(conn)
        except LimitReached as e:
            await websocket.send_json(error_message("limit", str(e), version=table.version))
            await websocket.close(1013)
            return
        await hub.attach(conn, since, table)
        try:
            while not conn.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    data = message.get("bytes") or b""
                    try:
                        text = data.decode("utf-8")
                    except UnicodeDecodeError:
                        text = ""
                await hub.receive(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            await hub.detach(conn)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/locale/{lang}.json", include_in_schema=False)
    async def glossary(lang: str) -> Response:
        """The glossary of ``lang`` (en, ar, fa): every word the page shows, the games' action
        tables and how phrases are said (:func:`handgame.locale.glossary`, which the terminal
        reads too)."""
        if lang not in locale.LANGS:
            raise HTTPException(404, f"no glossary {lang!r}; the languages are en, ar, fa")
        text = json.dumps(locale.glossary(lang), ensure_ascii=False)
        return Response(text, media_type="application/json")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    async def page_of_table(table_id: str, page: str) -> FileResponse:
        """A table's page; for a table that does not exist, a page that says so (``404``)
        with the way back to the lobby, instead of an empty table."""
        try:
            missing = await hub.fetch(table_id) is None
        except Exception:  # the database does not answer: the page itself will say so
            missing = False
        if missing:
            return FileResponse(STATIC / "missing.html", status_code=404)
        return FileResponse(STATIC / page)

    @app.get("/play/{table_id}", include_in_schema=False)
    async def play_page(table_id: str) -> FileResponse:
        return await page_of_table(table_id, "play.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return await page_of_table(table_id, "replay.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    return app


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


def replay_frames(record: dict[str, Any]) -> dict[str, Any]:
    """A finished match's every step: the step (deal or action), the public view, all hands
    (by the game the record's ``rules.preset`` names)."""
    spec = game_of(record)
    state: MatchState = spec.read_game(record).new_match(record["rounds"][0]["dealer"])
    frames: list[dict[str, Any]] = []

    def frame(step: dict[str, Any]) -> None:
        hands = spec.hands(state)
        view = spectator_view(state)
        frames.append({"version": len(frames) + 1, "step": step, "view": view, "hands": hands})

    for rnd in record["rounds"]:
        state = state.apply_deal(spec.parse_deal(rnd["deal"]))
        frame({"deal": rnd["dealer"]})
        for raw in rnd["actions"]:
            state = state.apply(spec.parse_action(raw))
            frame(raw)
    return {"table": record.get("table"), "frames": frames}


#: what ends a query parameter's name or value in a logged line
_QUERY_ENDS = frozenset("&= \t\r\n\"'")


def redact(text: str) -> str:
    """``text`` with the value of every ``token`` query parameter written ``***``, however
    its name is spelled (``%74oken``, ``TOKEN``).

    >>> redact("GET /ws/tables/x?since=3&%74oken=SECRET HTTP/1.1")
    'GET /ws/tables/x?since=3&%74oken=*** HTTP/1.1'
    """
    out: list[str] = []
    at = 0
    while at < len(text):
        ch = text[at]
        out.append(ch)
        at += 1
        if ch not in "?&":
            continue
        start = at  # a parameter: its name up to "=", its value up to the next end
        while at < len(text) and text[at] not in _QUERY_ENDS:
            at += 1
        name = text[start:at]
        out.append(name)
        if at >= len(text) or text[at] != "=":
            continue
        at += 1
        value_start = at
        while at < len(text) and text[at] not in _QUERY_ENDS - {"="}:
            at += 1
        hidden = unquote_plus(name).strip().lower() == "token"
        out.append("=" + ("***" if hidden else text[value_start:at]))
    return "".join(out)


class RedactTokens(logging.Filter):
    """A logging filter that writes ``token=***`` for the seat tokens in logged URLs."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the record's message and arguments; always keep the record."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def redact_server_logs() -> None:
    """Keep seat tokens out of uvicorn's logs (call after uvicorn sets up logging)."""
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(RedactTokens())
