"""Prompts and move buttons that explain themselves without being played (issue 36), in
Chromium: a desktop (hover, click) and a touch phone (Pixel 7: taps, a finger's drag).

On OPENING_SEED's deal (test_web.py) Sara lays out her opening (three melds, L-63), lays 3D
off, swaps 5D for the run's wild card (L-40) and lays that wild card off: four cards are left,
so a discard leaves three and announces it, or says it does not (L-70, L-71).
- The discard buttons (a tap plays them) have a "?" beside them: a tap on it shows what
  announcing means, with its rule ids, and plays nothing (no new version, nothing to Ali);
  a pointer resting on either button or on the "?" shows the same words (their title).
- A card dragged onto the pile fits two moves (with or without announcing): the prompt "More
  than one move fits" says what the choice means on hover and on a tap, in English and in
  Arabic, and a button then plays the choice.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from test_web import (  # noqa: F401 - the fixtures: a live server, Chromium
    browser,
    server,
    server_view,
    version_of,
    wait_arranged,
    wait_version,
)
from test_web_arrange import lay, select, serious, touch_drag, two_people

#: a move of the page, as its buttons make it (arrange.js: laid out until the turn is played)
PLAY = "(a) => import('/static/arrange.js').then((m) => m.play(a))"

#: Arabic letters (not digits)
ARABIC = re.compile(r"[\u0621-\u064a]")


def lay_out_to_four_cards(page: Any, kind: str) -> None:
    """Sara's opening and her lay-offs, laid out (six steps): 6H 8S AD KD left."""
    for n, meld in enumerate((("4D", "AS", "6D"), ("2S", "2H", "2C"), ("TH", "TD", "TC")), 1):
        lay(page, kind, meld, n)
    for n, step in enumerate(
        (
            {"seat": 0, "add": "3D", "to": 0},
            {"seat": 0, "swap": ["5D"], "at": 0},  # the wild card (AS) comes to the hand
            {"seat": 0, "add": "AS", "to": 1},
        ),
        4,
    ):
        page.evaluate(PLAY, step)
        wait_arranged(page, n)
    hand = page.evaluate("import('/static/state.js').then(({ ui }) => ui.view.hand)")
    assert sorted(hand) == ["6H", "8S", "AD", "KD"], hand


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_the_announcing_discards_and_the_drops_choice_explain_themselves(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    kind: str,
) -> None:
    sara, ali, table, token = two_people(browser, server, kind)
    page = sara.page
    tap = page.tap if kind == "phone" else page.click
    lay_out_to_four_cards(page, kind)
    heard = len(ali.frames)
    note = page.locator("#explain")

    # the discard buttons: announcing (L-70) or not (L-71), and a "?" beside them
    select(page, "8S", touch=kind == "phone")
    discards = page.locator("#actions button[data-action='discard']")
    assert discards.all_inner_texts() == ["Discard 8♠", "Discard 8♠ without announcing"]
    info = page.locator("#actions button[data-info='announce']")
    assert info.count() == 1 and info.get_attribute("aria-label") == "What this means"
    why = info.get_attribute("title") or ""
    assert "L-70, L-71" in why and "three" in why, why
    assert [discards.nth(i).get_attribute("title") for i in range(2)] == [why, why]  # hover
    tap("#actions button[data-info='announce']")
    assert note.is_visible() and note.inner_text() == why
    # nothing played: the same version, the steps still laid out, nothing sent to Ali
    page.wait_for_timeout(300)
    assert version_of(page) == 3 and page.evaluate("document.body.dataset.arranged") == "6"
    assert page.locator("#hand .card[data-card='8S']").count() == 1
    assert [f for f in ali.frames[heard:] if f["type"] != "seats"] == []
    page.keyboard.press("Escape")
    assert not note.is_visible()

    # 8S dragged onto the pile: two moves fit, the prompt says what the choice means
    card = page.locator("#hand .card[data-card='8S']")
    if kind == "phone":  # its selection taken back first
        card.tap(position={"x": 7, "y": 24})
    else:
        card.click(position={"x": 7, "y": 24})
    assert page.locator("#hand .card.selected").count() == 0
    if kind == "phone":
        touch_drag(page, "#hand .card[data-card='8S']", "#pile")
    else:
        page.locator("#hand .card[data-card='8S']").drag_to(page.locator("#pile"))
    prompt = page.locator("#announce .choose[data-choose='announce']")
    prompt.wait_for()
    assert prompt.inner_text().startswith("More than one move fits")
    said = prompt.get_attribute("title") or ""  # on hover
    assert "announces how many cards you keep" in said and "L-70, L-71" in said, said
    assert prompt.locator("button.info").get_attribute("title") == said
    tap("#announce .choose button.info")
    assert note.is_visible() and note.inner_text() == said
    assert version_of(page) == 3 and page.evaluate("document.body.dataset.arranged") == "6"
    assert serious(page) == []  # axe: the prompt, its "?" and its note
    page.keyboard.press("Escape")
    # in Arabic, the same prompt and its meaning
    page.select_option("#lang", "ar")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    arabic = prompt.get_attribute("title") or ""
    assert ARABIC.search(arabic) and "L-70, L-71" in arabic, arabic
    assert ARABIC.search(prompt.inner_text())
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.dir === 'ltr'")

    # the choice made with its button plays the turn: the six steps and the discard
    assert page.locator("#hand .card.selected").count() == 1
    tap("#actions button[data-action='discard'] >> nth=0")
    wait_version(page, 10)
    wait_version(ali.page, 10)
    view = server_view(server, table, token)
    assert {"seat": 0, "discard": "8S"} in view["public"]["actions"], view["public"]["actions"]
    assert view["announced"][0] is not None  # Sara announced her three cards (L-70)
    assert "announced" in ali.page.locator(".seat[data-seat='0'] .meta").inner_text()
