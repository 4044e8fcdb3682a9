"""The first game's guide lights the arrangement bar's Confirm only once the melds laid out reach
the opening minimum (L-63: 51 points by default), on the first game's fixed deal
(handgame.server.guide.FIRST_GAME_SEED): its first meld (27 points) leaves Confirm unlit and the
guide asks for more (with the count, the rule, and a next meld to play); once the melds laid out
reach the minimum, Confirm is lit and plays the opening."""

from __future__ import annotations

from typing import Any

import pytest

from test_web import browser, server  # noqa: F401 - the fixtures: a live server, Chromium
from web_helpers import SIZES, first_game, guide_to_confirm


def lay_out(page: Any, tap: Any, meld: list[str], n: int) -> None:
    """Select a meld's cards in the hand, press the move's Meld button, wait for the preview."""
    for c in meld:
        page.locator(f"#hand .card[data-card='{c}']:not(.selected)").first.click(
            position={"x": 7, "y": 24}
        )
    tap("#actions button[data-action='meld']")
    page.wait_for_function(
        f"document.body.dataset.arranged === '{n}' && !document.body.dataset.busy"
    )


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_guide_lights_confirm_only_at_the_opening_minimum(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    size: str,
) -> None:
    page, tap = first_game(browser, server, size)
    page.wait_for_selector(".guide-advice[data-advice='draw']")
    tap("#actions button[data-draw='stock']")
    page.wait_for_selector(".guide-advice[data-advice='meld']")
    # the advised first meld (GET .../advice), laid out by hand: 27 points, short of 51
    meld = page.evaluate(
        """(async () => {
          const { tableId, token } = await import("/static/state.js");
          const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/advice`,
            { headers: { Authorization: `Bearer ${token}` } });
          return (await r.json()).action.meld;
        })()"""
    )
    assert len(meld) == 1, meld
    lay_out(page, tap, meld[0], 1)
    laid = int(page.get_attribute("#opening", "data-laid") or "0")
    minimum = int(page.get_attribute("#opening", "data-minimum") or "0")
    assert minimum == 51 and 0 < laid < minimum, (laid, minimum)  # L-63, one meld short
    assert page.locator("#confirm").count() == 1
    assert page.locator("#confirm.guide-lit").count() == 0  # not lit below the minimum
    advice = page.locator(".guide-advice")
    assert advice.get_attribute("data-advice") == "reach"
    text = advice.inner_text()
    assert f"{laid} of {minimum}" in text and "(L-63)" in text, text
    # the guide's next meld toward the opening, played (laid out) until the minimum is reached
    assert guide_to_confirm(page, tap, 1) > 1
    laid = int(page.get_attribute("#opening", "data-laid") or "0")
    assert laid >= minimum, laid
    page.wait_for_selector(".guide-advice[data-advice='confirm']")
    assert page.locator("#confirm.guide-lit").count() == 1  # lit: the opening is reached
    version = int(page.evaluate("document.body.dataset.version"))
    tap("#confirm")
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    page.wait_for_selector("#guide [data-step='open'][data-done]")
    assert page.errors == []
    page.context.close()
