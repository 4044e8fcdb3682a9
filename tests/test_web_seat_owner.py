"""A signed-in player's seat in two browsers (issue 40, :mod:`handgame.server.seat_owner`): a
player logged in makes an unranked table in the lobby and plays its seat; the same link opened
in a second browser context (a guest, on a touch phone, in Arabic) is refused with the error's
sentence, shows no hand; the first player's page goes on."""

from __future__ import annotations

from typing import Any

from test_web import (  # noqa: F401 - the fixtures: a live server, Chromium
    browser,
    make_table,
    server,
    wait_my_turn,
)
from test_web_accounts import register


def test_a_copied_link_does_not_play_a_signed_in_player_s_seat(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    owner = browser.new_context(locale="en-US", viewport={"width": 1200, "height": 900})
    page = owner.new_page()
    page.set_default_timeout(15_000)
    register(page, server, "Rana")
    url = make_table(page, server, players=2)  # made logged in: the seat is Rana's
    wait_my_turn(page)
    assert page.locator("#hand .card").count() > 0
    phone = browser.new_context(
        locale="ar",
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    other = phone.new_page()
    other.set_default_timeout(15_000)
    errors: list[str] = []
    other.on("pageerror", lambda e: errors.append(str(e)))
    other.goto(url)
    # the error's sentence in the page's language (words.json: error_not_your_seat)
    other.wait_for_function(
        "document.getElementById('announce').textContent.includes('هذا المقعد لحساب آخر')"
    )
    assert other.locator("#hand .card").count() == 0
    assert errors == []
    # the owner's page still plays its seat
    page.click("button[data-draw='stock']")
    page.wait_for_function("Number(document.body.dataset.version) >= 3")
    owner.close()
    phone.close()
