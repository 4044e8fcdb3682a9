"""A table of friends in three browsers (issue 35): the host makes a public table with two human
seats; the friend finds it in the lobby's list and joins; no turn timer runs until the host
starts; both chat (a quick phrase said in Arabic, a text holding ``<script>`` shown as text);
the spectator finds the match in the list and watches; a round is played; "Play again" starts a
second match with the same players. The same flow runs on three processes of a cluster.

Playwright drives Debian's Chromium (``tests/browser.py``); the moves of the round are sent over
each seat's own WebSocket (the same token as its page), the pages show them.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from browser import axe_path
from cluster_helpers import redis_url, site  # noqa: F401 (fixtures)
from pg_helpers import postgres_server, postgres_url  # noqa: F401 (fixtures)
from server_helpers import play_sockets
from test_web import browser, server  # noqa: F401 - the fixtures: a live server, Chromium

SCRIPT = "<script>window.__pwned = 1</script><b>hi</b> & bye"


def play_match(base: str, table: str, tokens: dict[int, str]) -> None:
    """Play every human seat over its own WebSocket until the match is over."""
    from websockets.sync.client import connect

    with contextlib.ExitStack() as stack:
        socks = {
            seat: stack.enter_context(
                connect(base.replace("http", "ws") + f"/ws/tables/{table}?token={tok}")
            )
            for seat, tok in tokens.items()
        }
        play_sockets(socks)


def serious_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page (tests/test_web_a11y.py's run;
    none found when axe-core is not installed, which CI installs)."""
    found = axe_path()
    if found is None:
        return []
    from test_web_a11y import serious

    return serious(page)


def fragment_token(url: str) -> str:
    """The seat token in a table link's fragment."""
    for part in urlsplit(url).fragment.split("&"):
        if part.startswith("token="):
            return unquote(part[6:])
    raise AssertionError(f"no token in {url}")


def test_host_friend_and_spectator_play_chat_and_play_again(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    friends(server, browser)


def test_the_same_flow_on_the_cluster(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    """Three ``hand serve --cluster`` processes behind nginx (PostgreSQL, Redis): the pages,
    their WebSockets and the API calls spread over the processes."""
    with site(tmp_path, postgres_url, 3, redis_url=redis_url, turn_timeout=60.0) as s:
        friends(s.front.base, browser)


def friends(server: str, browser: Any) -> None:  # noqa: F811
    """The flow of the module docstring, on the site at ``server``."""
    contexts = [
        browser.new_context(locale=lang, viewport={"width": 1280, "height": 860})
        for lang in ("en-US", "ar", "en-US")
    ]
    host, friend, watcher = (c.new_page() for c in contexts)
    for page in (host, friend, watcher):
        page.set_default_timeout(20_000)
    # the host: a public levant table of one round, two human seats
    host.goto(server + "/")
    host.wait_for_selector("body[data-ready='1']")
    host.select_option("#preset", "levant")
    host.select_option("#players", "2")
    host.fill("#rounds", "1")
    host.fill("[data-seat-name='0']", "Sara")
    host.select_option("[data-seat-kind='1']", "human")
    assert host.locator("[data-friend-seat='1']").is_visible()
    host.check("#public")
    host.click("#create")
    host.wait_for_selector("#room-panel:not([hidden]) [data-room-seat='1'][data-kind='open']")
    table = host.url.split("/play/")[1].split("#")[0]
    host_token = fragment_token(host.url)
    assert host.locator("#room-link").input_value() == f"{server}/play/{table}"
    assert host.locator(".felt").is_hidden()  # the room, not the table, before the start

    # the friend (Arabic) finds the table in the lobby's list and takes the free seat
    friend.goto(server + "/")
    friend.wait_for_selector("body[data-ready='1']")
    friend.click(f"[data-join='{table}']", timeout=15_000)
    friend.wait_for_selector("#room-panel:not([hidden]) [data-take='1']")
    friend.fill("#join-name", "علي")
    friend.click("[data-take='1']")
    friend.wait_for_selector("[data-room-seat='1'] .tag")  # "you": seat 1 is this page's
    host.wait_for_selector("[data-room-seat='1'][data-kind='human'] .room-name")
    assert host.locator("[data-room-seat='1'] .room-name").inner_text() == "علي"
    friend_token = friend.evaluate(f"localStorage.getItem('hand-seat-{table}')")
    for page in (host, friend):  # the room, the host's and a player's (Arabic): axe-core
        assert serious_violations(page) == []

    # no turn timer, no deal before the start
    summary = json.loads(host.evaluate(f"fetch('/api/tables/{table}').then(r => r.text())"))
    assert summary["version"] == 0 and summary["turn_deadline"] is None
    assert summary["room"]["waiting"] is True
    assert host.locator("#timer").inner_text() == ""
    time.sleep(1.0)
    again = json.loads(host.evaluate(f"fetch('/api/tables/{table}').then(r => r.text())"))
    assert again["version"] == 0 and again["turn_deadline"] is None

    # chat in the room: a quick phrase from the Arabic page, a text with <script> from the host
    friend.click("[data-chat-phrase='chat_hello']")
    host.wait_for_selector("#chat-log [data-phrase='chat_hello']")
    assert host.locator("#chat-log [data-phrase='chat_hello']").inner_text() == "Hello!"
    friend.wait_for_selector("#chat-log [data-phrase='chat_hello']")
    assert friend.locator("#chat-log [data-phrase='chat_hello']").inner_text() == "مرحبا!"
    host.fill("#chat-text", SCRIPT)
    host.press("#chat-text", "Enter")
    line = friend.locator("#chat-log .chat-line", has_text="bye")
    line.wait_for()
    assert line.locator(".said").inner_text() == SCRIPT  # the text as text
    assert friend.locator("#chat-log b, #chat-log script").count() == 0
    assert friend.evaluate("window.__pwned") is None
    # the friend mutes the host for itself: the host's lines leave its page only
    line.locator("[data-mute='0']").click()
    assert friend.locator("#chat-log .chat-line[data-chat-seat='0']").count() == 0
    assert host.locator("#chat-log .chat-line[data-chat-seat='0']").count() >= 1
    friend.click("[data-unmute='0']")
    assert friend.locator("#chat-log .chat-line[data-chat-seat='0']").count() >= 1

    # the host starts: both pages leave the room for the table
    host.click("#room-start")
    host.wait_for_selector("#hand .card")
    friend.wait_for_selector("#hand .card")
    assert host.locator("#room-panel").is_hidden()

    # the spectator finds the match under way in the list and watches it
    watcher.goto(server + "/")
    watcher.wait_for_selector(f"[data-watch-listed='{table}']", timeout=15_000)
    watcher.click(f"[data-watch-listed='{table}']")
    watcher.wait_for_selector(".seat[data-seat='1']")
    assert watcher.locator("#hand .card").count() == 0
    watcher.fill("#chat-text", "hello from the stands")
    watcher.press("#chat-text", "Enter")
    watcher.wait_for_selector("#chat-spectators .chat-line")
    time.sleep(0.5)
    assert host.locator("#chat-spectators").count() == 0  # spectators apart: not the players'

    # a round (the match) is played; the pages show its end
    play_match(server, table, {0: host_token, 1: friend_token})
    for page in (host, friend):
        page.wait_for_selector("#summary[open] #play-again", timeout=30_000)
    watcher.wait_for_selector("body[data-phase='over']")

    # play again: both say yes, both (and the spectator) are taken to the next match
    host.click("#play-again")
    friend.click("#play-again")
    for page in (host, friend, watcher):
        page.wait_for_function(f"!location.pathname.endsWith('{table}')", timeout=30_000)
        page.wait_for_selector(".seat[data-seat='1']")
    nxt = host.url.split("/play/")[1].split("#")[0]
    assert nxt != table and friend.url.split("/play/")[1].split("#")[0] == nxt
    host.wait_for_selector("#hand .card")
    friend.wait_for_selector("#hand .card")
    second = json.loads(host.evaluate(f"fetch('/api/tables/{nxt}').then(r => r.text())"))
    assert [s["name"] for s in second["seats"]] == ["Sara", "علي"]
    assert second["room"]["previous"] == table and second["version"] >= 1
    first = json.loads(host.evaluate(f"fetch('/api/tables/{table}').then(r => r.text())"))
    assert first["room"]["next"] == nxt
    # the second match's record names the same players and carries no chat
    for context in contexts:
        context.close()
