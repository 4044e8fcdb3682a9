"""Helpers of the account tests: posts from the site's own pages, a session per player."""

from __future__ import annotations

from typing import Any

from handgame.server.accounts import COOKIE

#: the test client's site (its Host): the Origin its pages send
ORIGIN = "http://testserver"


def post(
    c: Any, path: str, body: Any, session: str | None = None, origin: str | None = ORIGIN
) -> Any:
    """A POST with JSON, as a page of ``origin`` sends it, with a session's cookie (the client
    keeps no cookie of its own: each player's session is given)."""
    headers = {"origin": origin} if origin is not None else {}
    if session is not None:
        headers["cookie"] = f"{COOKIE}={session}"
    c.cookies.clear()
    answer = c.post(path, json=body, headers=headers)
    c.cookies.clear()
    return answer


def get(c: Any, path: str, session: str | None = None) -> Any:
    """A GET with a session's cookie."""
    c.cookies.clear()
    headers = {"cookie": f"{COOKIE}={session}"} if session is not None else {}
    return c.get(path, headers=headers)


def session_of(answer: Any) -> str:
    """The session token a register or log-in answer set."""
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}="), cookie
    return str(cookie.split(";", 1)[0].split("=", 1)[1])


def register(c: Any, name: str, password: str = "correct horse") -> str:
    """A new account: its session."""
    answer = post(c, "/api/account/register", {"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    return session_of(answer)
