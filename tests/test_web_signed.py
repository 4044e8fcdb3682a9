"""Signed numbers in a right-to-left page (Arabic): a score of -25 or a bonus of +10 keeps its
sign on the number's left (i18n.js ``signed``: a ``<bdi dir="ltr">``), in the scores panel and
in a round's summary (L-85, L-86: the winner's negative score), where the bidi algorithm would
otherwise put the sign on the right."""

from __future__ import annotations

from typing import Any

from test_web import (  # noqa: F401 - the fixtures: a live server, Chromium
    browser,
    make_table,
    new_page,
    server,
    wait_my_turn,
)

#: the page's view given negative and positive totals and a round won with a negative score,
#: drawn again (the scores panel) and summarised (the round's dialog)
NEGATIVE = """
(async () => {
  const { ui } = await import("/static/state.js");
  const { drawTable, scoresPanel } = await import("/static/table.js");
  const { queueSummaries, showSummaries } = await import("/static/summary.js");
  const result = { result: "round", winner: 0, hand: "partial", scores: [-25, 40],
    opened: [true, true], multiplier: 1, penalty_cards: [[], []] };
  ui.view = { ...ui.view, totals: [-25, 40], results: [result] };
  ui.resultsSeen = 0;
  drawTable();
  queueSummaries(null);
  showSummaries(scoresPanel);
})()
"""

#: for each number cell under ROOT whose text is signed: where its sign and its digits are drawn
#: (the left edge of each, in px), read from the text nodes whatever element holds them
PLACES = """
(root) => [...document.querySelectorAll(root + " td.n")].map((td) => {
  const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  const node = nodes.find((n) => /^[-+]/.test(n.data));
  if (!node) return null;
  const range = document.createRange();
  range.setStart(node, 0);
  range.setEnd(node, 1);
  const sign = range.getBoundingClientRect().left;
  range.setStart(node, 1);
  range.setEnd(node, node.data.length);
  return { text: node.data, sign, digits: range.getBoundingClientRect().left };
}).filter(Boolean)
"""


def test_negative_scores_keep_their_sign_on_the_left_in_arabic(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    page = new_page(browser, "ar")
    make_table(page, server, players=2)
    wait_my_turn(page)
    assert page.evaluate("document.documentElement.dir") == "rtl"
    page.evaluate(NEGATIVE)
    page.wait_for_selector("#summary[open] [data-summary='round']")
    for root in ("#scores", "#summary-body [data-summary='round']"):
        places = page.evaluate(PLACES, root)
        assert places, (root, page.locator(root).inner_html())
        for p in places:
            assert p["text"] == "-٢٥", p  # Arabic-Indic digits, the sign first
            assert p["sign"] < p["digits"], (root, p)  # drawn on the number's left
    # the helper itself: a bonus keeps its plus, in a left-to-right bdi
    said = page.evaluate(
        """(async () => { const { signed } = await import("/static/i18n.js");
        const e = signed(100, true); return [e.tagName, e.dir, e.textContent]; })()"""
    )
    assert said == ["BDI", "ltr", "+١٠٠"], said
    page.context.close()
