"""The pages around play in Chromium (issue 36), on a desktop and on a touch phone: the replay
drawn as the table (the play page's renderer, table.js), the spectator's page without the
player's controls, the record downloaded from a finished match (and read by ``hand replay``)."""

from __future__ import annotations

import contextlib
import io
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from handgame.cli.commands import main as hand
from test_web import browser, server  # noqa: F401 - the fixtures: a live server, Chromium

#: a desktop, and a phone with a touch screen (Chromium's touch events on)
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}

#: an element's tree as its tags, classes and cards (what is drawn, not where: the classes a
#: fresh move animates with are left out)
SHAPE = """
(selector) => {
  const shape = (n) => ({
    tag: n.tagName.toLowerCase(),
    cls: [...n.classList].filter((c) => !["fresh", "arrive"].includes(c)).sort().join(" "),
    card: n.dataset ? n.dataset.card || null : null,
    kids: [...n.children].filter((k) => k.tagName.toLowerCase() !== "svg").map(shape),
  });
  return [...document.querySelectorAll(selector)].map(shape);
}
"""

#: where each seat is drawn: the seat number in each place around the felt
PLACES = """
() => Object.fromEntries(["seats-left", "seats-top", "seats-right", "me"].map((id) =>
  [id, [...document.getElementById(id).querySelectorAll(".seat")].map((s) => s.dataset.seat)]))
"""

#: the styles that make the table's look, of the first element each selector finds
LOOK = """
() => [["#felt", "backgroundImage"], ["#felt", "borderRadius"], [".meld", "borderStyle"],
  [".meld .card", "width"], [".pile .card", "width"], [".seat", "backgroundColor"],
  [".bar", "backgroundColor"]].map(([sel, prop]) => {
    const n = document.querySelector(sel);
    return [sel, prop, n ? getComputedStyle(n)[prop] : null];
  })
"""


@pytest.fixture(scope="module")
def finished(server: str, browser: Any) -> Iterator[str]:  # noqa: F811
    """A finished match of two bots (one round), its table id."""
    context = browser.new_context()
    page = context.new_page()
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    made = page.request.post(
        server + "/api/tables", data={"rules": {"options": {"rounds": 1}}, "seats": bots}
    ).json()
    tid = str(made["table"])
    deadline = time.monotonic() + 30
    while not page.request.get(f"{server}/api/tables/{tid}").json()["finished"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    context.close()
    yield tid


def open_page(browser: Any, size: str, lang: str = "en-US") -> Any:  # noqa: F811
    context = browser.new_context(locale=lang, **SIZES[size])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.errors = []  # the page's script errors: none expected
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_replay_is_drawn_as_the_table(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    finished: str,
    size: str,
) -> None:
    """The last step of the replay and a spectator's page of the same finished match draw the
    same table: the same melds and piles (tags, classes, cards), the seats in the same places,
    the same look (the felt, the cards' sizes); the replay shows every hand face up where the
    table shows backs; the spectator's page has no hand, no moves and no hint."""
    watch = open_page(browser, size)
    watch.goto(f"{server}/play/{finished}")
    watch.wait_for_function("document.body.dataset.phase === 'over'")
    for control in ("#hand", "#actions", "#hint", "#sort-suit"):
        assert not watch.locator(control).is_visible(), control
    replay = open_page(browser, size)
    replay.goto(f"{server}/replay/{finished}")
    replay.wait_for_load_state("networkidle")
    assert replay.errors == [] and watch.errors == []
    replay.wait_for_selector("body[data-ready='1']")
    replay.click("#last")
    assert replay.evaluate("document.body.dataset.step") == str(
        replay.locator("#slider").get_attribute("max")
    )
    for selector in ("#melds", ".piles", "#scores", ".bar .pill:not([data-t])"):
        shown = watch.evaluate(SHAPE, selector)
        assert shown, selector
        assert replay.evaluate(SHAPE, selector) == shown, selector
    assert replay.evaluate(PLACES) == watch.evaluate(PLACES)
    assert replay.evaluate(LOOK) == watch.evaluate(LOOK)
    assert replay.locator("#melds .meld .card").count() > 0
    # the replay's seats hold their cards face up, the table's their backs
    assert replay.locator(".seat [data-replay-hand] .card").count() > 0
    assert replay.locator(".seat .fan").count() == 0
    assert watch.locator(".seat [data-replay-hand]").count() == 0
    # stepping back redraws the same table at that step (the first: a deal, no meld yet)
    replay.click("#first")
    assert replay.locator("#melds .meld").count() == 0
    hands = replay.locator(".seat [data-replay-hand] .card").count()
    assert hands >= 29  # 14 + 15 cards dealt (L-51)
    replay.context.close()
    watch.context.close()


def test_download_the_record_of_a_finished_match(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    finished: str,
    tmp_path: Path,
) -> None:
    """The replay's "Download record" saves the match's hand-record/1 (spec/RECORD.md), which
    ``hand replay`` replays to the end."""
    page = open_page(browser, "phone")
    page.goto(f"{server}/replay/{finished}")
    page.wait_for_selector("body[data-ready='1']")
    with page.expect_download() as got:
        page.tap("#download")
    saved = tmp_path / got.value.suggested_filename
    got.value.save_as(saved)
    assert saved.name == f"hand-{finished}.json"
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["format"] == "hand-record/1"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = hand(["replay", str(saved)])
    assert code == 0, out.getvalue()
    page.context.close()
