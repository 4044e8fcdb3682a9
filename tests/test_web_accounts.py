"""Accounts and a ranked match in two browsers (issue 40): two people register in two browser
contexts (English and Arabic), one makes a ranked 2-player table in the lobby, the other finds
it in the list and takes its seat; the match (one round: the server's ``ranked_rounds``) is
played to the end; the winner's rating goes up and the loser's down; the leaderboard and both
profiles show the match, and its replay link opens the replay; the server restarts on the same
database and both are still logged in. The names, a chat line with markup and SQL in them,
are shown as text.

Playwright drives Debian's Chromium (``tests/browser.py``); the moves are sent over each seat's
own WebSocket with the same token and session cookie as its page (a ranked seat is played by
its account only), the pages show them.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from handgame.server.accounts import COOKIE
from live_server import live_server
from server_helpers import play_sockets
from test_web import browser  # noqa: F401 - the fixture: Chromium
from test_web_room import fragment_token

SETTINGS = {"ranked_rounds": 1, "turn_timeout": 300.0}
CHAT = "<img src=x onerror=window.__pwned=1>'); DROP TABLE hand_accounts;--"


def register(page: Any, base: str, name: str) -> None:
    """Create an account on the account page; it shows the member's part."""
    page.goto(base + "/account")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#account-name", name)
    page.fill("#account-password", "a good password")
    page.click("#register")
    page.wait_for_selector("#member:not([hidden])")


def session(page: Any) -> str:
    """The page's session cookie (HttpOnly: the page's scripts cannot read it)."""
    (found,) = [c for c in page.context.cookies() if c["name"] == COOKIE]
    assert found["httpOnly"] and found["sameSite"] == "Lax"
    return str(found["value"])


def play_match(base: str, table: str, seats: dict[int, tuple[str, str]]) -> None:
    """Play both seats over their own WebSockets (token and session) to the match's end."""
    from websockets.sync.client import connect

    with contextlib.ExitStack() as stack:
        socks = {
            seat: stack.enter_context(
                connect(
                    base.replace("http", "ws") + f"/ws/tables/{table}?token={token}",
                    additional_headers={"Cookie": f"{COOKIE}={cookie}"},
                )
            )
            for seat, (token, cookie) in seats.items()
        }
        play_sockets(socks)


def rating(page: Any, base: str, name: str) -> float:
    """A player's Hand rating as its profile page shows it (digits of any script)."""
    page.goto(f"{base}/players/{name}")
    page.wait_for_selector("body[data-ready='1']")
    text = page.locator("[data-rating='hand']").inner_text()
    western = text.translate(str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹٫", "01234567890123456789."))
    return float(western)


def test_two_accounts_play_a_ranked_match_and_stay_logged_in(
    tmp_path: Path,
    browser: Any,  # noqa: F811
) -> None:
    contexts = [
        browser.new_context(locale=lang, viewport={"width": 1280, "height": 860})
        for lang in ("en-US", "ar")
    ]
    karim, nadia = (c.new_page() for c in contexts)
    for page in (karim, nadia):
        page.set_default_timeout(20_000)
    with live_server(tmp_path, **SETTINGS) as live:
        base = live.base
        register(karim, base, "Karim")
        register(nadia, base, "نادية")
        # Karim makes a ranked 2-player table from the lobby
        karim.goto(base + "/")
        karim.wait_for_selector("body[data-ready='1']")
        karim.select_option("#preset", "levant")
        karim.select_option("#players", "2")
        karim.check("#ranked")
        assert karim.locator("#ranked-note").is_visible()
        assert karim.locator("#rounds").is_disabled()
        karim.click("#create")
        karim.wait_for_selector("#room-panel:not([hidden]) [data-room-seat='1'][data-kind='open']")
        table = karim.url.split("/play/")[1].split("#")[0]
        karim_token = fragment_token(karim.url)
        # Nadia (Arabic) finds it in the lobby's list, marked ranked, and takes the free seat
        nadia.goto(base + "/")
        nadia.wait_for_selector(f"[data-join='{table}']", timeout=15_000)
        listed = nadia.locator(f"[data-listed='{table}']").inner_text()
        assert "مصنّفة" in listed
        nadia.click(f"[data-join='{table}']")
        nadia.wait_for_selector("#room-panel:not([hidden]) [data-take='1']")
        nadia.click("[data-take='1']")
        nadia.wait_for_selector("[data-room-seat='1'] .tag")
        karim.wait_for_selector("[data-room-seat='1'][data-kind='human'] .room-name")
        assert karim.locator("[data-room-seat='1'] .room-name").inner_text() == "نادية"
        nadia_token = nadia.evaluate(f"localStorage.getItem('hand-seat-{table}')")
        # a chat line with markup and SQL in it: text on the other page
        karim.fill("#chat-text", CHAT)
        karim.press("#chat-text", "Enter")
        line = nadia.locator("#chat-log .chat-line", has_text="DROP TABLE")
        line.wait_for()
        assert line.locator(".said").inner_text() == CHAT
        assert nadia.locator("#chat-log img").count() == 0
        assert nadia.evaluate("window.__pwned") is None
        karim.click("#room-start")
        karim.wait_for_selector("#hand .card")
        nadia.wait_for_selector("#hand .card")
        play_match(
            base,
            table,
            {0: (karim_token, session(karim)), 1: (nadia_token, session(nadia))},
        )
        for page in (karim, nadia):
            page.wait_for_selector("body[data-phase='over']", timeout=30_000)
        summary = live.summary(table)
        assert summary["finished"] is True
        names = ["Karim", "نادية"]
        won = names[summary["winner"]]
        lost = names[1 - summary["winner"]]
        # the ratings moved, the winner's up and the loser's down (from 25.0)
        pages = {"Karim": karim, "نادية": nadia}
        assert rating(pages[won], base, won) > 25.0 > rating(pages[lost], base, lost)
        # both profiles list the match, with a replay link that opens the replay
        for name, page in pages.items():
            page.goto(f"{base}/players/{name}")
            page.wait_for_selector(f"[data-match='{table}']")
            assert page.locator("svg.rating-plot circle").count() == 2  # the start and now
            page.click(f"[data-replay='{table}']")
            page.wait_for_url(f"**/replay/{table}")
            page.wait_for_selector("body[data-ready='1']", timeout=20_000)
        # the leaderboard: the winner first
        karim.goto(base + "/leaderboard")
        karim.wait_for_selector("[data-leader]")
        order = karim.eval_on_selector_all(
            "[data-leader]", "rows => rows.map(r => r.dataset.leader)"
        )
        assert order == [won, lost]
        assert karim.locator("#bots [data-bot]").count() >= 1  # the ladder's published ratings
        logs = live.log_text()
    # the server restarts (a new process, the same database): both are still logged in
    with live_server(tmp_path, **SETTINGS) as live:
        for page, name in ((karim, "Karim"), (nadia, "نادية")):
            page.goto(live.base + "/account")
            page.wait_for_selector("#member:not([hidden])")
            assert name in page.locator("#member-name").inner_text()
            me = json.loads(page.evaluate("fetch('/api/account').then(r => r.text())"))
            assert me == {"name": name}
        logs += live.log_text()
        cookies = [session(karim), session(nadia)]
    for context in contexts:
        context.close()
    # no password or session in the servers' logs
    assert "a good password" not in logs and COOKIE not in logs
    assert not any(c in logs for c in cookies)
