"""Accessibility of the web pages in Chromium (issue 14): axe-core finds no serious or critical
violation on the lobby, the table (English and Arabic, desktop and phone), a round summary and
the replay; and every control is reached with Tab and used with Enter or Space, with a visible
focus.

axe-core is npm's package, one pinned release, which ``.ci/run`` installs into a cache
directory (``tests/browser.py`` says where); without it the test skips, or fails in CI.
"""

from __future__ import annotations

import time
from typing import Any

from browser import axe_path, missing
from test_web import browser, server  # noqa: F401 - the fixtures: a live server, Chromium
from test_web_round import PHONE, play_round

_AXE = axe_path()
if _AXE is None:
    missing("axe-core is not installed (npm install --prefix ~/.cache/handgame/axe-core-VERSION)")
AXE = _AXE.read_text(encoding="utf-8") if _AXE is not None else ""

#: axe's run, its violations as {id, impact, nodes (their selectors)}
RUN_AXE = """
async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}
"""


def serious(page: Any) -> list[dict[str, Any]]:
    """The serious and critical violations axe finds on the page as it is now."""
    page.add_script_tag(content=AXE)
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return [v for v in found if v["impact"] in ("serious", "critical")]


def bots_table(page: Any, base: str, players: int = 2, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Sara"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    body = {"rules": {"preset": "levant", "options": {"rounds": 1}}, "seats": seats, **extra}
    made: dict[str, Any] = page.request.post(base + "/api/tables", data=body).json()
    return made


def test_axe_finds_no_serious_violation(server: str, browser: Any) -> None:  # noqa: F811
    for lang, viewport in (
        ("en-US", {"width": 1280, "height": 800}),
        ("ar", PHONE),
        ("fa", {"width": 844, "height": 390}),  # Persian, a phone held sideways
    ):
        context = browser.new_context(locale=lang, viewport=viewport)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(server + "/")
        page.wait_for_selector("body[data-ready='1']")
        assert serious(page) == [], ("lobby", lang)
        made = bots_table(page, server)
        page.goto(made["seats"][0]["url"])
        page.wait_for_selector("#hand .card")
        page.wait_for_function("document.body.dataset.toAct === '0'")
        assert serious(page) == [], ("table", lang)
        if lang == "en-US":
            # a round played to its summary (the dialog open), then the replay
            assert play_round(page) >= 1
            assert serious(page) == [], ("summary", lang)
            table = made["table"]
            deadline = time.monotonic() + 60
            while not page.request.get(f"{server}/api/tables/{table}").json()["finished"]:
                assert time.monotonic() < deadline
                time.sleep(0.1)
            page.goto(f"{server}/replay/{table}")
            page.wait_for_selector("body[data-ready='1']")
            assert serious(page) == [], ("replay", lang)
        context.close()


#: the controls a keyboard must reach: every visible, enabled button, link, select and input
CONTROLS = """
() => [...document.querySelectorAll("button, a[href], select, input, summary")]
  .filter((n) => !n.disabled && n.getClientRects().length && !n.closest("dialog:not([open])"))
  .map((n) => n.id || n.dataset.index && `card-${n.dataset.index}` || n.dataset.t ||
    n.dataset.draw || n.textContent.trim().slice(0, 20))
"""

#: the focused control's name as CONTROLS names it, and whether its focus shows
FOCUSED = """
() => {
  const n = document.activeElement;
  if (!n || n === document.body) return null;
  const s = getComputedStyle(n);
  const shows = (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) ||
    s.boxShadow !== "none";
  return { name: n.id || n.dataset.index && `card-${n.dataset.index}` || n.dataset.t ||
    n.dataset.draw || n.textContent.trim().slice(0, 20), shows };
}
"""


def tab_through(page: Any, most: int = 120) -> list[dict[str, Any]]:
    """Press Tab until the focus comes back round; each control focused, in order."""
    seen: list[dict[str, Any]] = []
    for _ in range(most):
        page.keyboard.press("Tab")
        now = page.evaluate(FOCUSED)
        if now is None:
            continue
        if seen and now["name"] == seen[0]["name"]:
            break
        seen.append(now)
    return seen


def test_every_control_by_keyboard(server: str, browser: Any) -> None:  # noqa: F811
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    # the lobby: every control reached, each focus visible; "Play now" with Enter
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    wanted = set(page.evaluate(CONTROLS))
    seen = tab_through(page)
    assert wanted <= {s["name"] for s in seen}, wanted - {s["name"] for s in seen}
    assert all(s["shows"] for s in seen), [s for s in seen if not s["shows"]]
    page.focus("#play-now")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand .card")
    page.wait_for_function("document.body.dataset.toAct === '0'")
    page.wait_for_function("document.querySelector('button[data-draw=stock]')")
    # the table: every control reached by Tab, its focus visible
    wanted = set(page.evaluate(CONTROLS))
    seen = tab_through(page, 200)
    names = {s["name"] for s in seen}
    assert wanted <= names, wanted - names
    assert all(s["shows"] for s in seen), [s for s in seen if not s["shows"]]
    # used by keyboard: Enter draws, Space selects a card, Enter discards it
    version = int(page.evaluate("document.body.dataset.version"))
    page.focus("button[data-draw='stock']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    page.wait_for_function("document.body.dataset.phase === 'play'")
    page.focus("#hand .card[data-index='0']")
    page.keyboard.press("Space")
    assert page.get_attribute("#hand .card[data-index='0']", "aria-pressed") == "true"
    page.wait_for_selector("button[data-action='discard']")
    version = int(page.evaluate("document.body.dataset.version"))
    page.focus("button[data-action='discard']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    assert not page.locator("#announce.error").count()
    context.close()
