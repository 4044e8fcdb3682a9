"""A turn arranged, then confirmed, and cards dragged by touch (issue 36), in Chromium: desktop
and a touch phone (Playwright's "Pixel 7": ``has_touch``, ``is_mobile``).

Two people at one table (two browser contexts): Sara (seat 0) lays out her opening meld by meld
on OPENING_SEED's deal (test_web.py: 4D AS 6D = 15, 2S 2H 2C = 6, TH TD TC = 30: 51, L-63),
watching the opening counter, takes a meld back, lays it again, and confirms; Ali (seat 1) gets
nothing of it before the confirm — no WebSocket frame at all (his page's frames are recorded) —
and then every step. On the phone the melds, a lay-off and the discard are made by dragging
with real touch input (CDP ``Input.dispatchTouchEvent``: touchstart/move/end, which Chromium
turns into pointer events as a finger's), and a long press says what a wild card means.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from browser import axe_path
from test_web import (  # noqa: F401 - the fixtures: a live server, Chromium
    DEVICES,
    NEXT_SEEDS,
    OPENING_SEED,
    browser,
    hand_cards,
    server,
    server_view,
    version_of,
    wait_arranged,
    wait_version,
)


def serious(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page now (test_web_a11y.py's run);
    none checked without axe-core (that test then skips, or fails in CI)."""
    found = axe_path()
    if found is None:
        return []
    import test_web_a11y

    return test_web_a11y.serious(page)


HUMANS = [{"kind": "human", "name": "Sara"}, {"kind": "human", "name": "Ali"}]


def context_for(chromium: Any, kind: str) -> Any:
    """A desktop (1280 × 800) or a touch phone (Pixel 7) browser context, in English."""
    if kind == "phone":
        return chromium.new_context(**DEVICES["Pixel 7"], locale="en-US")
    return chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")


class Watched:
    """A page and every WebSocket frame it received (the server's messages), in order."""

    def __init__(self, context: Any, url: str) -> None:
        """Open ``url`` in ``context``, recording its frames."""
        self.page = context.new_page()
        self.page.set_default_timeout(15_000)
        self.frames: list[dict[str, Any]] = []
        self.page.on("websocket", self._socket)
        self.page.goto(url)
        self.page.wait_for_selector("#hand .card")

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))


def two_people(chromium: Any, base: str, kind: str) -> tuple[Watched, Watched, str, str]:
    """OPENING_SEED's table of Sara (``kind``'s context) and Ali (desktop); Ali's opening
    discard (L-60) made, Sara to draw: both pages, the table id and Sara's token."""
    NEXT_SEEDS.append(OPENING_SEED)
    made = (
        chromium.new_context()
        .request.post(
            base + "/api/tables",
            data={"rules": {"preset": "levant", "options": {"rounds": 1}}, "seats": HUMANS},
        )
        .json()
    )
    links = {s["seat"]: s["url"] for s in made["seats"]}
    sara = Watched(context_for(chromium, kind), links[0])
    ali = Watched(context_for(chromium, "desktop"), links[1])
    ali.page.wait_for_function("document.body.dataset.turn === '1'")
    ali.page.click("#hand .card[data-card='X']")  # the joker, as the bot of test_web discards
    ali.page.click("button[data-action='discard'] >> nth=0")
    wait_version(sara.page, 2)
    sara.page.click("button[data-draw='stock']")
    wait_version(sara.page, 3)
    wait_version(ali.page, 3)
    return sara, ali, made["table"], links[0].split("#token=")[1]


def counter(page: Any) -> tuple[str, bool]:
    """The opening counter's text and whether it says the minimum is reached."""
    box = page.locator("#opening")
    return box.inner_text(), "reached" in (box.get_attribute("class") or "")


def select(page: Any, *cards: str, touch: bool = False) -> None:
    """Select hand cards, on their visible corner (the hand is fanned): tapped on a phone."""
    for c in cards:
        card = page.locator(f"#hand .card[data-card='{c}']:not(.selected)").first
        if touch:
            card.tap(position={"x": 7, "y": 24})
        else:
            card.click(position={"x": 7, "y": 24})


def center(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch(cdp: Any, kind: str, x: float, y: float) -> None:
    """One touch event of one finger at (x, y), through Chromium's input pipeline."""
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})


def corner(page: Any, selector: str) -> tuple[float, float]:
    """A hand card's visible corner (the hand is fanned: the next card covers its middle)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + 9, box["y"] + 24


def touch_drag(page: Any, source: str, target: str, steps: int = 8) -> None:
    """A finger pressed on ``source`` (a hand card's corner), moved onto ``target`` and lifted
    (real touch input)."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = corner(page, source), center(page, target)
    touch(cdp, "touchStart", x0, y0)
    for k in range(1, steps + 1):
        touch(cdp, "touchMove", x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)
    # held still before it is lifted, as a finger placing a card (a quick flick is a fling,
    # and Chromium lets the next tap only stop it)
    page.wait_for_timeout(150)
    touch(cdp, "touchMove", x1, y1)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def long_press(page: Any, selector: str) -> None:
    """A finger held still on ``selector`` for 0.8 s."""
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", *center(page, selector))
    page.wait_for_timeout(800)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def lay(page: Any, kind: str, cards: tuple[str, ...], n: int) -> None:
    """Lay ``cards`` out as a new meld: by clicking (desktop) or by a finger (phone)."""
    select(page, *cards, touch=kind == "phone")
    if kind == "phone":
        touch_drag(page, f"#hand .card[data-card='{cards[0]}'].selected", "#new-meld")
    else:
        page.click("button[data-action='meld']")
    wait_arranged(page, n)


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_a_meld_arranged_and_taken_back_before_the_confirm_shows_nothing_to_the_other_seat(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    kind: str,
) -> None:
    sara, ali, table, token = two_people(browser, server, kind)
    page = sara.page
    if kind == "phone":
        assert page.evaluate("navigator.maxTouchPoints") > 0
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    heard = len(ali.frames)
    before = hand_cards(page)
    assert counter(page) == ("Opening: 0 of 51 (L-63)", False)

    lay(page, kind, ("4D", "AS", "6D"), 1)
    assert page.locator("#melds .meld").count() == 1
    assert counter(page) == ("Opening: 15 of 51 (L-63)", False)
    lay(page, kind, ("2S", "2H", "2C"), 2)
    assert counter(page) == ("Opening: 21 of 51 (L-63)", False)
    assert serious(page) == [], kind  # axe: the bar of steps laid out, the counter
    # the run taken back: its cards come back to the hand, the count falls to the sets'
    page.click("[data-take-back='0']")
    wait_arranged(page, 1)
    assert page.locator("#melds .meld").count() == 1
    assert {"4D", "AS", "6D"} <= set(hand_cards(page))
    assert counter(page) == ("Opening: 6 of 51 (L-63)", False)
    assert version_of(page) == 3
    # nothing of it reached the other seat: no frame at all, its table shows no meld
    page.wait_for_timeout(300)
    assert ali.frames[heard:] == []
    assert ali.page.locator("#melds .meld").count() == 0

    lay(page, kind, ("4D", "AS", "6D"), 2)
    lay(page, kind, ("TH", "TD", "TC"), 3)
    assert counter(page) == ("Opening: 51 of 51 (L-63)", True)  # the minimum is reached
    assert "opened" in page.locator(".seat[data-seat='0'] .meta").inner_text()
    assert ali.frames[heard:] == [] and ali.page.locator("#melds .meld").count() == 0
    # the server holds none of it either (a second connection of Sara's: its coming and going
    # is a presence message to Ali, nothing more)
    assert sorted(server_view(server, table, token)["hand"]) == sorted(before)
    page.wait_for_timeout(200)
    assert {f["type"] for f in ali.frames[heard:]} <= {"seats"}

    if kind == "phone":
        # a lay-off by touch: 3D onto the run (now the second meld: 4D 5D 6D, the wild as 5D)
        run = "#melds .meld[data-meld='1']"
        assert page.locator(run).locator(".card").count() == 3
        touch_drag(page, "#hand .card[data-card='3D']", run)
        wait_arranged(page, 4)
        assert page.locator(run).locator(".card").count() == 4
        assert "3D" not in hand_cards(page)
        # a long press on the run's wild card says what it stands for
        long_press(page, f"{run} .card[data-card='AS']")
        assert page.locator("#card-meaning").inner_text() == "A♠: a wild card, here as 5♦"
        assert page.locator(".card.selected").count() == 0  # a long press selects nothing
        # the discard by touch ends the turn: every step is played, in order
        touch_drag(page, "#hand .card[data-card='8S']", "#pile")
        steps = 5
    else:
        page.click("#confirm")
        steps = 3
    wait_version(page, 3 + steps)
    wait_version(ali.page, 3 + steps)
    assert page.evaluate("document.body.dataset.arranged") == "0"
    assert ali.page.locator("#melds .meld").count() == 3
    states = [f["version"] for f in ali.frames[heard:] if f["type"] == "state"]
    assert states == list(range(4, 4 + steps)), states
    assert not [f for f in ali.frames[heard:] if f["type"] == "preview"]
    view = server_view(server, table, token)
    assert [m["cards"] for m in view["melds"]][:1] == [["2S", "2H", "2C"]]
    assert view["opened"][0]
    if kind == "phone":
        assert view["melds"][1]["cards"] == ["3D", "4D", "AS", "6D"]
        assert {"seat": 0, "discard": "8S"} in view["public"]["actions"]
        # after the confirm, nothing is laid out: the counter is gone (Sara has opened)
        assert page.locator("#opening").count() == 0


def test_a_refused_turn_is_laid_out_again(server: str, browser: Any) -> None:  # noqa: F811
    """L-63: a discard after melds worth 6 is refused with its rule; the melds stay laid out."""
    sara, ali, _, _ = two_people(browser, server, "desktop")
    page = sara.page
    lay(page, "desktop", ("2S", "2H", "2C"), 1)
    legal = page.evaluate("import('/static/state.js').then(({ ui }) => ui.view.legal_actions)")
    assert not any("discard" in a for a in legal)  # the engine offers no discard below 51
    page.evaluate("import('/static/arrange.js').then((a) => a.play({ seat: 0, discard: '8S' }))")
    page.wait_for_selector("#announce.error [data-rule='L-63']")
    wait_arranged(page, 1)
    assert page.locator("#melds .meld").count() == 1 and version_of(page) == 3
    assert not [f for f in ali.frames if f.get("version", 0) > 3]


#: the page's view and what it may do now (ui.view, as state.js holds it)
SHOWN = "import('/static/state.js').then(({ ui }) => ({ legal: ui.view.legal_actions,"
SHOWN += " phase: ui.view.phase, toAct: ui.view.to_act, arranged: ui.arranged.length }))"


def test_hand_and_foot_counts_toward_its_minimum_on_a_phone(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    """HF-8 (``minimums`` 10 here): the counter names the round's minimum and its rule; a meld
    laid out reaches it, and the discard plays the turn. Every front end takes any game."""
    NEXT_SEEDS.append("arrange-hf-1")
    seats = [{"kind": "human", "name": "Sara"}] + [{"kind": "bot", "bot": "random"}] * 3
    body = {
        "rules": {
            "preset": "hand-and-foot",
            "options": {"rounds": 1, "decks": 3, "minimums": [10]},
        },
        "seats": seats,
    }
    context = context_for(browser, "phone")
    page = context.new_page()
    page.set_default_timeout(30_000)
    made = page.request.post(server + "/api/tables", data=body).json()
    page.goto(made["seats"][0]["url"])
    for _ in range(12):
        page.wait_for_function("document.body.dataset.toAct === '0'")
        version = version_of(page)
        legal = page.evaluate(SHOWN)["legal"]
        draw = [a for a in legal if a.get("draw") == "stock"]
        if draw:
            page.click("button[data-draw='stock']")
            wait_version(page, version + 1)
            continue
        assert counter(page) == ("Opening: 0 of 10 (HF-8)", False)
        melds = [a for a in legal if "meld" in a]
        if melds:
            page.evaluate("(m) => import('/static/arrange.js').then((a) => a.play(m))", melds[0])
            wait_arranged(page, 1)
            text, reached = counter(page)
            assert reached and text.endswith("of 10 (HF-8)"), text
            assert version_of(page) == version
            shown = page.evaluate(SHOWN)
            end = next(a for a in shown["legal"] if "discard" in a)
            page.evaluate("(m) => import('/static/arrange.js').then((a) => a.play(m))", end)
            wait_version(page, version + 2)
            return
        page.evaluate(
            "(m) => import('/static/arrange.js').then((a) => a.play(m))",
            next(a for a in legal if "discard" in a),
        )
        wait_version(page, version + 1)
    raise AssertionError("no meld in twelve turns: choose another seed")
