"""The HTTP and WebSocket routes of ``hand serve`` (OpenAPI documentation at ``/docs``); the
request and response models are in :mod:`handgame.server.apimodels`, the HTML pages in
:mod:`handgame.server.pages`, the logs' token redaction in :mod:`handgame.server.logredact`."""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Header, HTTPException, Query, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.websockets import WebSocketDisconnect

from handgame.core import __version__
from handgame.core.game import MatchState
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
from handgame.server.apimodels import (
    BotOfferOut,
    EndedOut,
    HintOut,
    PresetOut,
    SeatOut,
    SummaryOut,
    TableIn,
    TableOut,
    invite_base,
    option_values,
    preset_ends,
    table_out,
)
from handgame.server.botspec import default_bot
from handgame.server.clients import unavailable
from handgame.server.cluster import make_hub
from handgame.server.connection import Connection
from handgame.server.deleted_names import rename_in_memory
from handgame.server.guards import BodyLimit
from handgame.server.guide import FIRST_GAME_RULES, FIRST_GAME_SEATS, FIRST_GAME_SEED, advice
from handgame.server.hub import LimitReached, TooManyTables, Unavailable
from handgame.server.lobby import READ, LobbyOut, lobby_list
from handgame.server.pages import STATIC, add_page_routes
from handgame.server.protocol import PROTOCOL, error_message, spectator_view, timer_fields
from handgame.server.room import room_info
from handgame.server.seat_owner import (
    NOT_YOUR_SEAT,
    NOT_YOUR_SEAT_MESSAGE,
    check_seat_session,
    owned_elsewhere,
)
from handgame.server.settings import Settings
from handgame.server.table import Table, token_hash


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

    add_page_routes(app, hub)

    return app


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
