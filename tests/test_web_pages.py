"""The pages around play in Chromium (issue 36), on a desktop and on a touch phone: the replay
drawn as the table (the play page's renderer, table.js), the spectator's page without the
player's controls, the record downloaded from a finished match (and read by ``hand replay``)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from handgame.cli.commands import main as hand
from test_web import browser, server  # noqa: F401 - the fixtures: a live server, Chromium
from test_web_a11y import serious
from web_helpers import SIZES, first_game, guide_to_confirm, open_page

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
    assert serious(watch) == []
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
    assert serious(replay) == []
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


#: the guide's steps shown
STEP_NAMES = "ns => ns.map((n) => n.dataset.step)"

#: the keys of the rule book's sentences shown
BOOK_KEYS = "ns => ns.map((n) => n.dataset.book)"

#: Arabic letters (not digits): a sentence said in Arabic
ARABIC = re.compile(r"[\u0621-\u064a]")


def test_the_rules_panel_in_arabic_and_the_badges_explained(server: str, browser: Any) -> None:  # noqa: F811
    """The lobby's Rules button opens the rule book of the chosen preset in Arabic (right to
    left, each sentence with its rule ids, the opening minimum in Arabic digits); Hand and
    Foot's is its own; at the table (a touch phone) the Rules button opens the table's book, and
    a tap on the minimum pill or the wild box says what it means, with its rule ids."""
    page = open_page(browser, "phone", "ar")
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#preset", "levant")
    page.tap("#rules-open")
    dialog = page.locator("dialog#rules[open]")
    dialog.wait_for()
    assert page.evaluate("document.documentElement.dir") == "rtl"
    items = dialog.locator("[data-book]")
    assert items.count() >= 15
    keys = [items.nth(i).get_attribute("data-book") for i in range(items.count())]
    assert "book_wild_indicator" in keys and "book_announce" in keys
    opening = dialog.locator("[data-book='book_opening']").inner_text()
    assert ARABIC.search(opening) and "٥١" in opening and "(L-63, L-64)" in opening, opening
    for i in range(items.count()):  # every sentence in Arabic, with its rule ids
        text = items.nth(i).inner_text()
        assert ARABIC.search(text) and re.search(r"\((?:[A-Z]+-\d+(?:, )?)+\)", text), text
    assert "{" not in dialog.inner_text()  # every placeholder filled
    assert serious(page) == []
    page.tap("dialog#rules button[data-t='close']")
    page.select_option("#preset", "gulf")
    page.tap("#rules-open")
    keys = page.eval_on_selector_all("dialog#rules [data-book]", BOOK_KEYS)
    assert "book_wild_jokers" in keys and "book_limit" in keys and "book_announce" not in keys
    page.tap("dialog#rules button[data-t='close']")
    page.select_option("#preset", "hand-and-foot")
    page.tap("#rules-open")
    keys = page.eval_on_selector_all("dialog#rules [data-book]", BOOK_KEYS)
    assert keys and all(k.startswith("book_hf_") for k in keys), keys
    opening = page.locator("dialog#rules [data-book='book_hf_opening']").inner_text()
    assert "٥٠، ٩٠" in opening.replace(", ", "، ") or "٥٠, ٩٠" in opening, opening
    page.tap("dialog#rules button[data-t='close']")
    # at a table: its own book (its values: a minimum of 61), and the badges explained
    made = page.request.post(
        server + "/api/tables",
        data={
            "rules": {"preset": "levant", "options": {"rounds": 1, "initial_minimum": 61}},
            "seats": [{"kind": "human", "name": "Sara"}, {"kind": "bot", "bot": "greedy"}],
        },
    ).json()
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector("#hand .card")
    page.tap("#rules-open")
    opening = page.locator("dialog#rules [data-book='book_opening']").inner_text()
    assert "٦١" in opening, opening
    page.tap("dialog#rules button[data-t='close']")
    page.tap("#minimum")  # the opening minimum (L-63), the table's own: 61
    note = page.locator("#explain")
    note.wait_for()
    assert "٦١" in note.inner_text() and "L-63" in note.inner_text(), note.inner_text()
    page.tap("#wild-box")
    assert "L-21" in note.inner_text() and ARABIC.search(note.inner_text())
    assert note.inner_text() == page.get_attribute("#wild-box", "title")  # the same on hover
    badges = page.locator(".seat .meta .tag[data-explain]")  # the dealer's badge at least
    assert badges.count() >= 1 and ARABIC.search(badges.first.get_attribute("title"))
    shown = page.locator(".seat .meta .tag[data-explain] >> visible=true")
    if shown.count():  # (a phone hides the badges of its own seat, in the dock)
        shown.first.tap()
        assert note.inner_text() == shown.first.get_attribute("title")
    page.keyboard.press("Escape")
    assert not note.is_visible()
    assert serious(page) == []
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_first_game_guide_finishes_a_round(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """The lobby's "First game" opens a table against the easy bot with the guide; following
    it (the draws with the page's own button, a discard by "Show me" then the lit button, the
    rest by "Play it": a meld or a lay-off laid out, then the bar's Confirm, as a player's own
    turn) the newcomer draws, melds, opens, lays off, discards and goes out: every step ticked,
    the round won."""
    page, tap = first_game(browser, server, size)
    page.wait_for_selector("#guide:not([hidden]) [data-step='draw']")
    assert page.locator("#guide [data-step]").count() == 6
    shown_once = False
    confirmed = 0
    deadline = time.monotonic() + 120
    while page.evaluate("document.body.dataset.phase") != "over":
        assert time.monotonic() < deadline, page.locator("#guide").inner_text()
        page.wait_for_function(
            "document.body.dataset.phase === 'over' || document.getElementById('guide-play')"
        )
        if page.evaluate("document.body.dataset.phase") == "over":
            break
        version = int(page.evaluate("document.body.dataset.version"))
        verb = page.get_attribute(".guide-advice", "data-advice")
        draw = page.locator("#actions button[data-draw='stock']")
        if verb == "add" and size == "phone":  # the guide at the step it teaches, for axe
            assert serious(page) == []
        if verb == "draw" and draw.count():
            tap("#actions button[data-draw='stock']")  # the page's own button
        elif verb == "discard" and not shown_once:
            tap("#guide-show")
            lit = page.locator("#actions button.guide-lit")
            assert lit.count() == 1 and page.locator("#hand .card.selected").count() == 1
            lit.first.click()
            shown_once = True
        else:
            tap("#guide-play")
        if verb in ("meld", "add", "swap"):
            # laid out as a player's own move (arrange.js), not played: nothing sent yet; melds
            # short of the opening minimum (L-63) leave Confirm unlit and the guide offers the
            # next meld; then it asks for the bar's Confirm (lit), which plays the turn
            steps = guide_to_confirm(page, tap, 1)
            assert int(page.evaluate("document.body.dataset.version")) == version
            assert page.locator("#arranged .step").count() == steps
            assert page.locator("#confirm.guide-lit").count() == 1
            confirmed += 1
            tap("#confirm")
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    page.wait_for_function("document.body.dataset.guide === 'won'")
    assert confirmed >= 2  # the opening meld and a lay-off at least, each confirmed
    done = page.eval_on_selector_all("#guide [data-step][data-done]", STEP_NAMES)
    assert done == ["draw", "meld", "open", "add", "discard", "out"], done
    assert page.locator("[data-guide-end='won']").count() == 1
    assert shown_once
    assert page.errors == []
    page.context.close()


def test_hand_and_foot_badges_explained(server: str, browser: Any) -> None:  # noqa: F811
    """At a Hand and Foot table the round's minimum and the feet explain themselves (HF-8,
    HF-9), and its Rules button opens Hand and Foot's own book."""
    page = open_page(browser, "desktop")
    seats = [{"kind": "human", "name": "Sara"}] + [{"kind": "bot", "bot": "random"}] * 3
    made = page.request.post(
        server + "/api/tables",
        data={
            # no partner's question (HF-10 ask_partner=off): its dialog would cover the table
            "rules": {"preset": "hand-and-foot", "options": {"rounds": 1, "ask_partner": "off"}},
            "seats": seats,
        },
    ).json()
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector("#hand .card")
    page.click("#minimum")
    note = page.locator("#explain")
    note.wait_for()
    assert "HF-8" in note.inner_text() and "50, 90, 120, 150" in note.inner_text()
    foot = page.locator(".seat .meta .tag[data-explain]", has_text="foot").first
    foot.click()
    assert "HF-2, HF-9" in note.inner_text(), note.inner_text()
    page.click("#rules-open")
    keys = page.eval_on_selector_all("dialog#rules [data-book]", BOOK_KEYS)
    assert keys[0].startswith("book_hf_") and "book_hf_opening" in keys
    assert page.errors == []
    page.context.close()
