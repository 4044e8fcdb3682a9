"""Whole rounds played through the page by clicking, in Chromium: Hand and Foot on a phone
(390 × 844), Hand on a desktop (1280 × 800) and on a phone; the page's cards and buttons only
(issue 12, issue 14).

At every decision the page has no sideways scroll, and the hand and the first move button are
on screen. The test picks its moves from the view the page holds (``state.js``'s ``ui.view``)
and makes them with the page's own cards and buttons.
"""

from __future__ import annotations

from typing import Any

import pytest

from test_web import browser, server  # noqa: F401 - the fixtures: a live server, Chromium

PHONE = {"width": 390, "height": 844}

#: the view's legal actions as the page holds them, and the hand as it shows it
VIEW = """
(async () => {
  const { ui } = await import("/static/state.js");
  const v = ui.view;
  return { legal: v.legal_actions, order: ui.order, toAct: v.to_act, phase: v.phase,
    version: ui.version };
})()
"""

#: the layout at this moment: sideways scroll, where the hand and the move buttons are
LAYOUT = """
(() => {
  const box = (q) => {
    const n = document.querySelector(q);
    return n && n.getBoundingClientRect();
  };
  const hand = box("#hand");
  const first = box("#actions button");
  return {
    scroll: document.documentElement.scrollWidth, width: innerWidth, height: innerHeight,
    hand: hand && [hand.top, hand.bottom], button: first && [first.top, first.bottom,
      first.left, first.right],
  };
})()
"""


def pick(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The move: answer yes, take the pile, meld, add, draw from the stock; else a discard."""
    for verb in ("answer", "take", "meld", "add", "draw"):
        found = [a for a in legal if verb in a and a.get("draw", "stock") == "stock"]
        if found:
            return found[0]
    return next(a for a in legal if "discard" in a)


def cards_of(action: dict[str, Any], verb: str) -> list[str]:
    """The hand cards an action plays (an add's: one card in Hand, a list in Hand and Foot)."""
    value = action[verb]
    if verb == "meld":
        return [c for m in value for c in m]
    return value if isinstance(value, list) else [value]


def nth_button(legal: list[dict[str, Any]], move: dict[str, Any], verb: str) -> int:
    """Which of the buttons of this verb and these cards is the move's (the buttons follow
    the order of the legal actions)."""
    mine = sorted(cards_of(move, verb))
    same = [a for a in legal if verb in a and sorted(cards_of(a, verb)) == mine]
    return same.index(move)


def click_cards(page: Any, order: list[str], cards: list[str]) -> None:
    """Select these cards of the hand (on their visible corner: the hand is fanned)."""
    used: set[int] = set()
    for c in cards:
        i = next(j for j, x in enumerate(order) if x == c and j not in used)
        used.add(i)
        page.locator(f"#hand .card[data-index='{i}']").click(position={"x": 7, "y": 24})


def check_layout(page: Any) -> None:
    """No sideways scroll; the hand and the first move button inside the viewport."""
    at = page.evaluate(LAYOUT)
    assert at["scroll"] <= at["width"], at
    assert at["hand"] and at["hand"][0] < at["height"], at
    if at["button"]:
        top, bottom, left, right = at["button"]
        assert 0 <= top and bottom <= at["height"] and 0 <= left and right <= at["width"], at


def act(page: Any, move: dict[str, Any], order: list[str], legal: list[dict[str, Any]]) -> None:
    """Make one move with the page's controls."""
    if "answer" in move:
        page.wait_for_selector("#question[open]")
        page.click(f"#question button[data-answer='{str(move['answer']).lower()}']")
    elif "draw" in move:
        page.click("button[data-draw='stock']")
    elif "take" in move:
        takes = [a for a in legal if "take" in a]
        page.click(f"button[data-action='take'] >> nth={takes.index(move)}")
    elif "meld" in move:
        cards = cards_of(move, "meld")
        click_cards(page, order, cards)
        if page.locator("button[data-meld-cards]").count():  # the same cards, several melds
            page.click(f"button[data-meld-cards='{' '.join(cards)}']")
        else:
            page.click("button[data-action='meld']")
    elif "add" in move:
        click_cards(page, order, cards_of(move, "add"))
        page.click(f"button[data-action='add'] >> nth={nth_button(legal, move, 'add')}")
    else:
        click_cards(page, order, [move["discard"]])
        page.click(f"button[data-action='discard'] >> nth={nth_button(legal, move, 'discard')}")


def play_round(page: Any) -> int:
    """Play seat 0's decisions by clicking until a summary opens; the number of moves. At each
    decision: the layout checks; after each discard, the log says it."""
    moves = 0
    while True:
        page.wait_for_function(
            "document.body.dataset.toAct === '0' || document.body.dataset.phase === 'over'"
            " || document.querySelector('#summary[open]')",
            timeout=60_000,
        )
        if page.locator("#summary[open]").count():
            return moves
        state = page.evaluate(VIEW)
        if not state["legal"]:
            page.wait_for_timeout(50)
            continue
        check_layout(page)
        move = pick(state["legal"])
        act(page, move, state["order"], state["legal"])
        page.wait_for_function(
            f"Number(document.body.dataset.version) > {state['version']}", timeout=60_000
        )
        assert not page.locator("#announce.error").count(), page.locator("#announce").inner_text()
        moves += 1
        if "discard" in move and page.locator("#log li").count():
            assert "Sara discarded" in page.locator("#log").inner_text()
            assert page.locator(".seat .last-move").count() >= 1
        assert moves < 400, "the round did not end"


def lobby(page: Any, base: str, preset: str, players: int, bot: str) -> None:
    """The lobby: a preset, one round, Sara against bots, "Play now" (one click to the table)."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#preset", preset)
    page.select_option("#players", str(players))
    page.fill("#rounds", "1")
    page.fill("[data-seat-name='0']", "Sara")
    for i in range(1, players):
        page.select_option(f"[data-seat-bot='{i}']", bot)
    page.click("#play-now")
    page.wait_for_selector("#hand .card")


def test_a_round_of_hand_and_foot_by_clicking_on_a_phone(server: str, browser: Any) -> None:  # noqa: F811
    context = browser.new_context(locale="en-US", viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    # three decks, not five: the stock runs out sooner (HF-13), so the round stays short
    seats = [{"kind": "human", "name": "Sara"}] + [{"kind": "bot", "bot": "random"}] * 3
    options = {"rounds": 1, "decks": 3}
    body = {"rules": {"preset": "hand-and-foot", "options": options}, "seats": seats}
    made = page.request.post(server + "/api/tables", data=body).json()
    page.goto(made["seats"][0]["url"])
    page.wait_for_selector("#hand .card")
    # what Hand and Foot shows: the game, the round's minimum, teams, feet, the wild cards
    assert page.locator("#game").inner_text() == "Hand and Foot"
    assert page.locator("#minimum").inner_text() == "Minimum 50"
    assert page.locator(".seat.team").count() == 4
    assert "foot waiting" in page.locator(".seat[data-seat='1'] .meta").inner_text()
    assert page.locator("#wild").inner_text() == "Wild: jokers and 2s"
    assert page.locator("#indicator-box").is_hidden()
    wilds = page.eval_on_selector_all(
        "#hand .card", "cs => cs.map(c => [c.dataset.card, c.classList.contains('wild')])"
    )
    assert all(w == (c == "X" or c[0] == "2") for c, w in wilds), wilds
    assert play_round(page) > 5
    # the round's summary: a row per team, with its books, red threes and points
    dialog = page.locator("#summary")
    rows = dialog.locator("table[data-summary='round'] tr")
    assert rows.count() == 3
    assert "+500 a clean book" in dialog.inner_text()
    table = page.url.split("/play/")[1].split("#")[0]
    totals = page.request.get(f"{server}/api/tables/{table}").json()["team_totals"]
    for k in (0, 1):
        assert rows.nth(k + 1).locator("td").last.inner_text() == str(totals[k])
    context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_round_of_hand_by_clicking(server: str, browser: Any, size: str) -> None:  # noqa: F811
    viewport = PHONE if size == "phone" else {"width": 1280, "height": 800}
    context = browser.new_context(locale="en-US", viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(15_000)
    lobby(page, server, "levant", 3, "greedy")
    assert page.locator("#game").inner_text() == "Hand · Levant"
    assert page.locator("#minimum").is_hidden()
    assert play_round(page) >= 3
    dialog = page.locator("#summary")
    assert dialog.locator("table[data-summary='round'] tr").count() == 4
    assert dialog.locator("h2[data-summary='match']").count() == 1
    # the stale "Your turn" is gone once the match is over
    assert "Your turn" not in page.locator("#announce").inner_text()
    context.close()
