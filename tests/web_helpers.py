"""Helpers of the browser tests (Playwright on Debian's Chromium, ``test_web``'s fixtures): the
page sizes, a page that records its script errors, and the first game's guided table (issue 35's
lobby button, :mod:`handgame.server.guide`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: a desktop, and a phone with a touch screen (Chromium's touch events on)
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


def open_page(browser: Any, size: str, lang: str = "en-US") -> Any:
    """A new page of ``size`` (one of :data:`SIZES`) in ``lang``; ``page.errors`` lists its
    script errors (none expected)."""
    context = browser.new_context(locale=lang, **SIZES[size])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.errors = []  # the page's script errors: none expected
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def first_game(browser: Any, server: str, size: str) -> tuple[Any, Callable[[str], None]]:
    """A page of ``size`` at the table the lobby's "First game" opens (against the easy bot,
    with the guide), and how it presses a control (a tap on a phone, else a click)."""
    page = open_page(browser, size)
    tap: Callable[[str], None] = page.tap if size == "phone" else page.click
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    tap("#first-game")
    page.wait_for_url(re.compile(r"/play/.+#token=.+&guide=1$"))
    return page, tap


def guide_to_confirm(page: Any, tap: Callable[[str], None], steps: int) -> int:
    """From ``steps`` moves laid out in the arrangement bar, lay out the guide's next move
    ("Play it") while it asks for more (melds short of the opening minimum, L-63: Confirm
    unlit), until it asks for the bar's Confirm; how many moves are laid out then."""
    while True:
        page.wait_for_function(
            f"document.body.dataset.arranged === '{steps}' && !document.body.dataset.busy"
        )
        page.wait_for_selector(
            ".guide-advice[data-advice='confirm'], .guide-advice[data-advice='reach']"
        )
        if page.get_attribute(".guide-advice", "data-advice") == "confirm":
            return steps
        assert page.locator("#confirm.guide-lit").count() == 0  # not lit below the minimum
        assert steps < 6, page.locator("#guide").inner_text()
        tap("#guide-play")
        steps += 1
