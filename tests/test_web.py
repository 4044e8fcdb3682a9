"""The web UI in a real browser: Playwright driving Debian's Chromium against a live server.

Skipped when Playwright or /usr/bin/chromium is missing (``apt-get install chromium``; never
``playwright install``, which downloads browsers).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from handgame.server.app import create_app
from server_helpers import settings

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

if not CHROMIUM.exists():
    pytest.skip(
        "no /usr/bin/chromium: the browser tests need Debian's chromium (apt-get install chromium)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser tests need playwright (pip install playwright)"
)
uvicorn = pytest.importorskip("uvicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server on 127.0.0.1 and a free port (bots without delay), in a thread."""
    path = tmp_path_factory.mktemp("web") / "t.sqlite"
    app = create_app(settings(path, turn_timeout=60.0))
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield b
        b.close()


def new_page(browser: Any, lang: str) -> Any:
    context = browser.new_context(locale=lang, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def make_table(page: Any, base: str, players: int = 4) -> str:
    """In the lobby: one human seat and bots, one round; the seat's link (opened)."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#preset", "levant")
    page.select_option("#players", str(players))
    page.fill("#rounds", "1")
    page.fill("[data-seat-name='0']", "Sara")
    for i in range(1, players):
        assert page.input_value(f"[data-seat-kind='{i}']") == "bot"
    page.click("#create")
    link = page.wait_for_selector("[data-open-seat='0']")
    url: str = link.get_attribute("href")
    assert "/play/" in url and "#token=" in url
    assert page.input_value("[data-invite='0']") == url
    link.click()
    page.wait_for_selector("#hand .card")
    return url


def wait_my_turn(page: Any) -> None:
    page.wait_for_function(
        "document.body.dataset.turn === '0' || document.body.dataset.phase === 'over'"
    )


def test_lobby_then_a_turn_by_clicking_and_the_bots_move(server: str, browser: Any) -> None:
    page = new_page(browser, "en-US")
    make_table(page, server)
    assert page.evaluate("document.documentElement.dir") == "ltr"
    assert page.locator(".seat").count() == 4
    assert "Sara" in page.locator(".seat[data-seat='0'] bdi").inner_text()
    for box in ("#stock", "#indicator", "#wild"):
        assert page.locator(box).inner_text().strip() not in ("", "—")
    wait_my_turn(page)
    version = int(page.evaluate("document.body.dataset.version"))
    hand_before = page.locator("#hand .card").count()
    if page.evaluate("document.body.dataset.phase") == "draw":
        # draw: the button comes from the view's legal actions
        page.click("button[data-action='draw'] >> nth=0")
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        assert page.locator("#hand .card").count() == hand_before + 1
        version += 1
    # select a card (one the rules let go), discard it
    cards = page.locator("#hand .card")
    for i in range(cards.count()):
        cards.nth(i).click()
        assert page.locator("#hand .card.selected").count() == 1
        if page.locator("button[data-action='discard']").count():
            break
        cards.nth(i).click()
    page.click("button[data-action='discard'] >> nth=0")
    # the three bots move (no delay: a draw and a discard each) and the turn comes back
    page.wait_for_function(
        f"Number(document.body.dataset.version) >= {version + 7} &&"
        " document.body.dataset.turn === '0' || document.body.dataset.phase === 'over'"
    )
    log = page.locator("#log").inner_text()
    assert "Sara discarded" in log
    assert any(f"greedy {i}" in log for i in (1, 2, 3)), log
    # sorting and the hint only rearrange or select the hand
    page.click("#sort-rank")
    page.click("#hint")


def test_arabic_is_right_to_left(server: str, browser: Any) -> None:
    page = new_page(browser, "ar")
    make_table(page, server, players=2)
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("document.documentElement.lang") == "ar"
    assert page.locator("[data-t='your_hand']").inner_text() == "أوراقك"
    boxes = [c.bounding_box() for c in page.locator("#hand .card").all()[:3]]
    # cards run from the right: each next card is left of the one before
    assert boxes[0]["x"] > boxes[1]["x"] > boxes[2]["x"]
    # the language selector switches to English and back, and is kept
    page.select_option("#lang", "en")
    assert page.evaluate("document.documentElement.dir") == "ltr"
    boxes = [c.bounding_box() for c in page.locator("#hand .card").all()[:3]]
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"]
    page.select_option("#lang", "fa")
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("document.documentElement.lang") == "fa"


def test_replay_of_a_finished_match(server: str, browser: Any) -> None:
    page = new_page(browser, "en-US")
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    made = page.request.post(
        server + "/api/tables", data={"rules": {"options": {"rounds": 1}}, "seats": bots}
    ).json()
    tid = made["table"]
    deadline = time.monotonic() + 20
    while not page.request.get(f"{server}/api/tables/{tid}").json()["finished"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    page.goto(f"{server}/replay/{tid}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("[data-replay-hand]").count() == 2
    assert page.locator("[data-replay-hand='1'] .card").count() > 0  # every hand is shown
    assert page.evaluate("document.body.dataset.step") == "0"
    page.click("#next")
    page.click("#next")
    assert page.evaluate("document.body.dataset.step") == "2"
    assert "greedy" in page.locator("#what").inner_text()
    page.click("#last")
    page.click("#first")
    assert page.evaluate("document.body.dataset.step") == "0"
