"""The table page after its connection drops and comes back (issue 36, B3): "Disconnected;
reconnecting…" is shown while the socket is down and goes once the server welcomes the page
again (it stayed on screen although play worked). Chromium, the live server of test_web."""

from __future__ import annotations

from typing import Any

from handgame import locale
from test_web import browser, make_table, new_page, server  # noqa: F401 (fixtures)

#: every WebSocket the page opens, kept where the test can close it (as a dropped line would)
KEEP_SOCKETS = """
window.__sockets = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) { super(...args); window.__sockets.push(this); }
};
"""


def test_the_disconnected_note_goes_when_the_connection_is_back(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    page = new_page(browser, "en-US")
    page.context.add_init_script(KEEP_SOCKETS)
    make_table(page, server)
    note = page.locator("#announce")
    disconnected = locale.word("en", "disconnected")
    page.evaluate("window.__sockets[window.__sockets.length - 1].close()")
    page.wait_for_function(
        "text => document.getElementById('announce').textContent.includes(text)",
        arg=disconnected,
    )
    # the page connects again by itself (a new socket) and is welcomed: the note goes
    page.wait_for_function("window.__sockets.length >= 2 && "
                           "window.__sockets[window.__sockets.length - 1].readyState === 1")
    page.wait_for_function(
        "text => !document.getElementById('announce').textContent.includes(text)",
        arg=disconnected,
        timeout=5_000,
    )
    assert disconnected not in note.inner_text()
    assert page.locator("#hand .card").count() > 0  # and the table is there to play
