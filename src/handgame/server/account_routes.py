"""The HTTP routes of accounts (issue 40): register, log in and out, change the password,
delete the account; who is logged in; players' profiles and the leaderboards.

Every ``POST`` here is refused (``403``) unless its ``Origin`` is the site's own
(:func:`same_origin`): a page of another site cannot post a form or a fetch with the player's
cookie. Bodies are JSON objects read here, so that no refusal ever echoes what was sent (a
password). The session cookie is HttpOnly, SameSite=Lax, and Secure when the request came over
https (behind a trusted proxy, its ``X-Forwarded-Proto``: ``hand serve --forwarded-allow-ips``).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response

from handgame.server.accounts import (
    COOKIE,
    SESSION_SECONDS,
    Account,
    AccountRefused,
    Accounts,
    Throttled,
)
from handgame.server.profiles import leaderboard, profile
from handgame.server.settings import Settings

T = TypeVar("T")

#: what runs a blocking call on a database thread
Runner = Callable[..., Awaitable[Any]]


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL, lower-cased.

    >>> origin_of("https://Hand.Example:8443/play/x")
    'https://hand.example:8443'
    """
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def same_origin(request: Request | WebSocket, settings: Settings) -> bool:
    """Whether the request's ``Origin`` is the site's: ``Settings.public_url``'s, else the
    scheme and ``Host`` it was sent to (a page of another site cannot forge either)."""
    origin = request.headers.get("origin")
    if not origin:
        return False
    if settings.public_url:
        return origin.lower() == origin_of(settings.public_url)
    host = request.headers.get("host")
    scheme = "https" if request.url.scheme in ("https", "wss") else "http"
    return host is not None and origin.lower() == f"{scheme}://{host}".lower()


def session_token(request: Request | WebSocket) -> str | None:
    """The session cookie's token, if any."""
    return request.cookies.get(COOKIE)


class AccountService:
    """The accounts of the hub's database, opened on first use, and their routes."""

    def __init__(self, engine: Callable[[], Any], run: Runner, settings: Settings) -> None:
        """``engine()``: the open storage's engine; ``run(fn, *args)``: on a database thread."""
        self.engine = engine
        self.run = run
        self.settings = settings
        self._accounts: Accounts | None = None
        # what else an account's deletion changes (the app's: its tables in memory renamed)
        self.after_delete: Callable[[int], Awaitable[object]] | None = None

    async def accounts(self) -> Accounts:
        """The accounts (made on first use: it hashes a dummy password, off the loop)."""
        if self._accounts is None:
            self._accounts = await self.run(Accounts, self.engine())
        return self._accounts

    async def current(self, request: Request | WebSocket) -> Account | None:
        """The account logged in by the request's session cookie, or None."""
        token = session_token(request)
        if not token:
            return None
        accounts = await self.accounts()
        found: Account | None = await self.run(accounts.session, token)
        return found

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """A blocking account call; its refusal as an HTTP error."""
        try:
            result: T = await self.run(fn, *args)
        except Throttled as e:
            raise HTTPException(
                e.code, str(e), headers={"Retry-After": str(e.retry_after)}
            ) from None
        except AccountRefused as e:
            raise HTTPException(e.code, str(e)) from None
        return result


async def posted(request: Request, settings: Settings) -> dict[str, Any]:
    """A ``POST`` body: a JSON object from the site's own pages (``403`` from elsewhere; ``422``
    for anything else, without echoing it)."""
    if not same_origin(request, settings):
        raise HTTPException(403, "refused: this request did not come from this site's pages")
    try:
        body = json.loads(await request.body() or b"{}")
    except ValueError:
        body = None
    if not isinstance(body, dict):
        raise HTTPException(422, "a JSON object")
    return body


def set_session(response: Response, request: Request, token: str) -> None:
    """Give the browser its session cookie (module docstring)."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(SESSION_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_session(response: Response, request: Request) -> None:
    """Take the session cookie back."""
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


def add_account_routes(app: FastAPI, service: AccountService, static: Path) -> None:
    """The routes of the module docstring, on ``app``."""
    settings = service.settings

    def address(request: Request) -> str | None:
        return request.client.host if request.client else None

    async def logged_in(request: Request) -> Account:
        account = await service.current(request)
        if account is None:
            raise HTTPException(401, "log in first")
        return account

    @app.get("/api/account", tags=["accounts"])
    async def current_account(request: Request) -> dict[str, Any]:
        """The account logged in (``name`` null for a guest)."""
        account = await service.current(request)
        return {"name": account.name if account else None}

    @app.post("/api/account/register", status_code=201, tags=["accounts"])
    async def register(request: Request) -> Response:
        """Make an account (``name``, ``password``) and log in: ``409`` when the name is
        taken, ``422`` for a name or password that does not fit."""
        body = await posted(request, settings)
        accounts = await service.accounts()
        account, token = await service.call(
            accounts.register, body.get("name"), body.get("password")
        )
        response = JSONResponse({"name": account.name}, status_code=201)
        set_session(response, request, token)
        return response

    @app.post("/api/account/login", tags=["accounts"])
    async def login(request: Request) -> Response:
        """Log in (``name``, ``password``): ``401`` for a wrong name or password alike,
        ``429`` (with ``Retry-After``) when the name or the address failed too often."""
        body = await posted(request, settings)
        accounts = await service.accounts()
        account, token = await service.call(
            accounts.login, body.get("name"), body.get("password"), address(request)
        )
        response = JSONResponse({"name": account.name})
        set_session(response, request, token)
        return response

    @app.post("/api/account/logout", tags=["accounts"])
    async def logout(request: Request) -> Response:
        """Log out: the session ends (on every process) and the cookie goes."""
        await posted(request, settings)
        accounts = await service.accounts()
        await service.call(accounts.logout, session_token(request))
        response = JSONResponse({"name": None})
        clear_session(response, request)
        return response

    @app.post("/api/account/password", tags=["accounts"])
    async def change_password(request: Request) -> dict[str, Any]:
        """A new password (``old``, ``new``); the account's other sessions end."""
        body = await posted(request, settings)
        account = await logged_in(request)
        accounts = await service.accounts()
        await service.call(
            accounts.change_password,
            account,
            body.get("old"),
            body.get("new"),
            session_token(request),
        )
        return {"name": account.name}

    @app.post("/api/account/delete", tags=["accounts"])
    async def delete_account(request: Request) -> Response:
        """Delete the account (``password``): its games stay, its name becomes "deleted
        player" in them and on the leaderboards."""
        body = await posted(request, settings)
        account = await logged_in(request)
        accounts = await service.accounts()
        await service.call(accounts.delete, account, body.get("password"))
        if service.after_delete is not None:
            await service.after_delete(account.id)
        response = JSONResponse({"name": None, "deleted": True})
        clear_session(response, request)
        return response

    @app.get("/api/players/{name}", tags=["accounts"])
    async def player(name: str) -> dict[str, Any]:
        """A player's profile: ratings per game with their history, matches, statistics."""
        found: dict[str, Any] | None = await service.run(profile, service.engine(), name)
        if found is None:
            raise HTTPException(404, "no such player")
        return found

    @app.get("/api/leaderboard/{game}", tags=["accounts"])
    async def board(game: str) -> dict[str, Any]:
        """A game's leaderboard: its rated players by rating, and the bots' published ones."""
        try:
            found: dict[str, Any] = await service.run(leaderboard, service.engine(), game)
        except KeyError:
            raise HTTPException(404, "no such game") from None
        return found

    @app.get("/players/{name}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        return FileResponse(static / "player.html")

    @app.get("/leaderboard", include_in_schema=False)
    async def board_page() -> FileResponse:
        return FileResponse(static / "leaderboard.html")

    @app.get("/account", include_in_schema=False)
    async def account_page() -> FileResponse:
        return FileResponse(static / "account.html")
