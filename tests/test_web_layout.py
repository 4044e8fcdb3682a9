"""The dock of a phone held sideways (844 × 390), in Chromium: its worst case, the hand still
whole on screen (issue 36).

CI once saw the hand's bottom at 396 px in a 390 px-high landscape phone
(``test_web_round.py::test_a_round_of_hand_by_clicking[phone-landscape]``, on one deal only): the
dock grew with what it held. Here the worst case is forced at once on OPENING_SEED's deal
(test_web.py): three melds laid out (the arrangement bar: its steps, Confirm, Take all back, and
the opening counter, L-63), a long note, and the move buttons of a discard that announces and of
one that does not (L-70, L-71) and of two lay-offs (added to the page's view, as a hand of three
or four cards would have them), two rows of buttons. The hand, the first move button, the counter
and Confirm must be whole inside the viewport, the table's room never under the dock, and no
sideways scroll.
"""

from __future__ import annotations

from typing import Any

from test_web import (  # noqa: F401 - the fixtures: a live server, Chromium
    NEXT_SEEDS,
    OPENING_SEED,
    browser,
    make_table,
    server,
    wait_arranged,
    wait_my_turn,
    wait_version,
)
from test_web_round import LAYOUT, check_layout

LANDSCAPE = {"width": 844, "height": 390}

#: the discards of the first hand card, with and without an announcement (L-70, L-71), and its
#: lay-offs onto both melds, added to the page's view and drawn: two rows of move buttons
ANNOUNCING = """
(async () => {
  const { ui, say } = await import("/static/state.js");
  const { renderActions } = await import("/static/hand.js");
  const card = ui.order[0];
  const others = ui.view.legal_actions.filter((a) => a.discard !== card && a.add !== card);
  ui.view = { ...ui.view, legal_actions: [...others,
    { seat: 0, discard: card, announce: true }, { seat: 0, discard: card, announce: false },
    { seat: 0, add: card, to: 0, end: "low" }, { seat: 0, add: card, to: 1, end: "high" }] };
  ui.selected = new Set([0]);
  say("A note long enough to take the two lines the note may use on a short screen, and more "
    + "than that: it says what the player should do now, and why, and then it says it again.");
  renderActions();
  return card;
})()
"""


def test_the_landscape_dock_keeps_the_hand_on_screen_at_its_fullest(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    NEXT_SEEDS.append(OPENING_SEED)
    context = browser.new_context(locale="en-US", viewport=LANDSCAPE, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    make_table(page, server, players=2)
    wait_my_turn(page)
    page.click("button[data-draw='stock']")
    wait_version(page, 3)
    for n, meld in enumerate((("4D", "AS", "6D"), ("2S", "2H", "2C"), ("TH", "TD", "TC")), 1):
        for c in meld:
            page.locator(f"#hand .card[data-card='{c}']:not(.selected)").first.click(
                position={"x": 7, "y": 24}
            )
        page.click("button[data-action='meld']")
        wait_arranged(page, n)
    assert page.locator("#opening").inner_text() == "Opening: 51 of 51 (L-63)"
    assert page.locator("#arranged .step").count() == 3
    page.evaluate(ANNOUNCING)
    discards = page.locator("#actions button[data-action='discard']")
    assert discards.count() == 2
    texts = discards.all_inner_texts()
    assert any("without announcing" in x for x in texts), texts
    assert page.locator("#actions button[data-action='add']").count() == 2
    tops = {
        round(b["y"])
        for b in page.locator("#actions > *").evaluate_all(
            "ns => ns.map((n) => n.getBoundingClientRect())"
        )
    }
    assert len(tops) >= 2, tops  # the moves take two rows
    # the worst case is on the page at once: the bar, the counter, both discards, the note
    at = page.evaluate(LAYOUT)
    assert at["height"] == 390 and at["width"] == 844, at
    check_layout(page)
    for part in ("#opening", "#confirm", "#hand .card >> nth=0"):
        box = page.locator(part).bounding_box()
        assert box is not None, part
        assert 0 <= box["y"] and box["y"] + box["height"] <= 391, (part, box, at)
    # the hand is one whole row of cards: a card's full height shows
    hand = page.locator("#hand").bounding_box()
    card = page.locator("#hand .card").first.bounding_box()
    assert hand is not None and card is not None
    assert hand["height"] >= card["height"], (hand, card)
    context.close()
