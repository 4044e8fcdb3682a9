"""Screenshots of the web table: ``python scripts/screenshots.py [OUT_DIR]`` (docs/screenshots).

A live server on loopback (SQLite in a temporary directory, seeded deals), headless Debian
Chromium through Playwright (never ``playwright install``): a Hand (levant) and a Hand and Foot
table in the middle of a round, a gulf table, a round summary, the replay page, a spectator's
page, the rules panel and the first game's guide (``--pages``: only those), a waiting room with
its chat, the lobby's open tables and a table with its chat (``--rooms``: only those), a turn
laid out before it is confirmed, a card dragged by a finger and a long press saying what a wild
card means, the announcing discards' "?" tapped (its note shown) and a turn laid out on a phone
held sideways (``--arrange``: only those; a touch phone there), at desktop (1280 × 800) and
phone (390 × 844; sideways 844 × 390 for the turn laid out) sizes, in English and Arabic (right
to left), and a table on short screens, a phone held sideways and a 360 × 640 one, with its
scores below the felt (``--short``: only those). ``--help``: this text.
"""

from __future__ import annotations

import json
import random
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

import uvicorn
from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

from handgame.server.app import create_app
from handgame.server.settings import Settings

CHROMIUM = "/usr/bin/chromium"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
#: the turn laid out is shot on a phone held sideways too (its dock's worst case, issue 36)
LANDSCAPE = (844, 390)
SEEDS = iter(f"shot-{i}" for i in range(1000))
#: the deal seeds of the next tables made (before SEEDS); a shot that needs a known deal
NEXT: list[str] = []
#: tests/test_web.py's OPENING_SEED: Sara (seat 0, against a greedy bot) draws 6D and can open
#: with 4D AS 6D (15, the wild A♠ as 5D) + 2S 2H 2C (6) + TH TD TC (30) = 51 (L-63)
OPENING = "web-274"


def policy(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A plain policy on a view's legal actions: lay and add what it can, else draw, discard."""
    legal = [a for a in view["legal_actions"] if "redeal" not in a and "ask" not in a]
    for verb in ("answer", "take", "meld", "add", "draw"):
        found = [a for a in legal if verb in a and not (verb == "draw" and a["draw"] != "stock")]
        if found:
            return max(found, key=lambda a: len(json.dumps(a)))
    return rng.choice(legal)


def serve(tmp: Path) -> tuple[str, uvicorn.Server]:
    """The server on a free loopback port, in a thread."""
    settings = Settings(
        database_url=f"sqlite:///{tmp / 'shots.sqlite'}", bot_delay=0.0, turn_timeout=None
    )
    return start(create_app(settings, seed_source=lambda: NEXT.pop(0) if NEXT else next(SEEDS)))


def start(app: Any) -> tuple[str, uvicorn.Server]:
    """Run ``app`` on a free loopback port in a thread: its base URL and its server."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}", srv


def table(base: str, page: Any, preset: str, players: int, names: list[str]) -> dict[str, Any]:
    """A table of one human (seat 0) and bots."""
    seats = [{"kind": "human", "name": names[0]}] + [
        {"kind": "bot", "bot": "random" if preset == "hand-and-foot" else "greedy"}
        for _ in range(players - 1)
    ]
    body = {"rules": {"preset": preset, "options": {"rounds": 1}}, "seats": seats}
    made: dict[str, Any] = page.request.post(base + "/api/tables", data=body).json()
    return made


def play_turns(base: str, made: dict[str, Any], turns: int, to_end: bool = False) -> None:
    """Play seat 0 over its own WebSocket: ``turns`` decisions, stopping at its next turn (or
    to the end of the match)."""
    seat = made["seats"][0]
    url = base.replace("http", "ws") + f"/ws/tables/{made['table']}?token={seat['token']}"
    rng = random.Random(7)
    done = 0
    with connect(url) as ws:
        while True:
            m = json.loads(ws.recv(timeout=60))
            if m["type"] != "state":
                continue
            view = m["view"]
            if view["phase"] == "over":
                return
            mine = view.get("to_act", view["turn"]) == 0 and view["legal_actions"]
            if not mine:
                continue
            if done >= turns and not to_end and view["phase"] == "draw":
                return
            action = policy(view, rng)
            ws.send(
                json.dumps(
                    {
                        "type": "action",
                        "id": f"s{m['version']}",
                        "version": m["version"],
                        "action": action,
                    }
                )
            )
            done += 1


def save(page: Any, out: Path) -> None:
    """A screenshot: PNG, or JPEG for a ``.jpg`` (the desktop ones, to stay small)."""
    if out.suffix == ".jpg":
        page.screenshot(path=str(out), type="jpeg", quality=82)
    else:
        page.screenshot(path=str(out))


def shoot(browser: Any, url: str, out: Path, lang: str, size: str, wait: str) -> None:
    """One screenshot of ``url`` at a size and in a language."""
    w, h = SIZES[size]
    context = browser.new_context(
        locale=lang, viewport={"width": w, "height": h}, device_scale_factor=1
    )
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(wait)
    page.wait_for_timeout(700)  # the arrival animations end
    save(page, out)
    context.close()
    print(out, out.stat().st_size // 1024, "KB")


def post_table(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/tables`` with ``body``: the new table's answer."""
    request = Request(
        base + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    made: dict[str, Any] = json.loads(urlopen(request).read())
    return made


def friend_joins(base: str, table_id: str, name: str) -> str:
    """A friend takes the room's free seat over the WebSocket: its token."""
    with connect(base.replace("http", "ws") + f"/ws/tables/{table_id}") as ws:
        ws.send(json.dumps({"type": "join", "name": name}))
        while True:
            m = json.loads(ws.recv(timeout=30))
            if m["type"] == "joined":
                return str(m["token"])


def say(base: str, table_id: str, token: str | None, lines: list[dict[str, Any]]) -> None:
    """Chat lines from a seat (or a spectator, token None), sent while the pages are open."""
    query = f"?token={token}" if token else ""
    with connect(base.replace("http", "ws") + f"/ws/tables/{table_id}{query}") as ws:
        for line in lines:
            ws.send(json.dumps({"type": "chat", **line}))
        time.sleep(0.4)


def rooms(browser: Any, base: str, out: Path) -> None:
    """The waiting room (as its host, a friend joined, a few chat lines), the lobby's lists, and
    the table with its chat: desktop and phone, English and Arabic (issue 35)."""
    names = {"en": ("Sara", "Ali"), "ar": ("سارة", "علي")}
    for lang in ("en", "ar"):
        for size in SIZES:
            host, friend = names[lang]
            body = {
                "rules": {"preset": "levant", "options": {"rounds": 1}},
                "seats": [{"kind": "human", "name": host}, {"kind": "open"}, {"kind": "open"}],
                "room": {"public": True},
                "turn_timeout": 60,
            }
            made = post_table(base, body)
            tid = made["table"]
            token = friend_joins(base, tid, friend)
            w, h = SIZES[size]
            context = browser.new_context(locale=lang, viewport={"width": w, "height": h})
            page = context.new_page()
            page.goto(
                f"{base}/play/{tid}#token={made['seats'][0]['token']}&host={made['host_token']}"
            )
            page.wait_for_selector("#room-panel:not([hidden]) [data-room-seat='2']")
            say(
                base,
                tid,
                token,
                [
                    {"phrase": {"kind": "chat_hello"}},
                    {"emoji": "👋"},
                    {"text": "<b>ready when you are</b>"},
                ],
            )
            page.wait_for_selector("#chat-log .chat-line")
            page.wait_for_timeout(300)
            ext = "jpg" if size == "desktop" else "png"
            save(page, out / f"room-{size}-{lang}.{ext}")
            print(out / f"room-{size}-{lang}.{ext}")
            if size == "desktop":  # the lobby lists the room (one seat free)
                lobby = context.new_page()
                lobby.goto(base + "/")
                lobby.wait_for_selector(f"[data-join='{tid}']")
                lobby.locator("#open-tables").scroll_into_view_if_needed()
                save(lobby, out / f"lobby-{size}-{lang}.jpg")
                print(out / f"lobby-{size}-{lang}.jpg")
            # the host seats a bot in the last seat and starts; the table shows the chat
            page.select_option("[data-swap='2']", "1")
            page.wait_for_selector("[data-room-seat='2'][data-kind='human']")
            page.click("[data-seat-bot-add='1']")
            page.wait_for_selector("[data-room-seat='1'][data-kind='bot']")
            page.click("#room-start")
            page.wait_for_selector("#hand .card")
            say(base, tid, token, [{"phrase": {"kind": "chat_good_luck"}}])
            say(base, tid, None, [{"text": "go Sara!" if lang == "en" else "يلا!", "name": "Nour"}])
            page.wait_for_timeout(500)
            save(page, out / f"room-table-{size}-{lang}.{ext}")
            print(out / f"room-table-{size}-{lang}.{ext}")
            context.close()


def finished_match(base: str) -> str:
    """A match of two bots played to its end (one round): its table id."""
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    body = {"rules": {"preset": "levant", "options": {"rounds": 1}}, "seats": bots}
    made = post_table(base, body)
    while not json.loads(urlopen(f"{base}/api/tables/{made['table']}").read())["finished"]:
        time.sleep(0.1)
    return str(made["table"])


def pages(browser: Any, base: str, out: Path) -> None:
    """The pages around play (issue 36): the replay drawn as the table (desktop English, phone
    Arabic), a spectator's page, the rules panel (phone Arabic, desktop English) and the first
    game's guide (desktop English, phone Arabic)."""
    tid = finished_match(base)
    for lang, size in (("en", "desktop"), ("ar", "phone")):
        w, h = SIZES[size]
        context = browser.new_context(locale=lang, viewport={"width": w, "height": h})
        page = context.new_page()
        page.goto(f"{base}/replay/{tid}")
        page.wait_for_selector("body[data-ready='1']")
        page.locator("#slider").fill(str(int(page.get_attribute("#slider", "max") or 0) * 3 // 4))
        page.wait_for_timeout(600)
        path = out / f"replay-{size}-{lang}.{'jpg' if size == 'desktop' else 'png'}"
        save(page, path)
        print(path, path.stat().st_size // 1024, "KB")
        if size == "phone":  # the same match watched: the table without the player's controls
            page.goto(f"{base}/play/{tid}")
            page.wait_for_function("document.body.dataset.phase === 'over'")
            page.wait_for_timeout(600)
            save(page, out / "watch-phone-ar.png")
            print(out / "watch-phone-ar.png")
        # the rules panel: the lobby's (phone) or the table's (desktop)
        page.goto(base + "/")
        page.wait_for_selector("body[data-ready='1']")
        page.click("#rules-open")
        page.wait_for_selector("dialog#rules[open]")
        path = out / f"rules-{size}-{lang}.{'jpg' if size == 'desktop' else 'png'}"
        save(page, path)
        print(path, path.stat().st_size // 1024, "KB")
        page.click("dialog#rules button[data-t='close']")
        # the first game: a few moves by its advice, to the step of laying off
        page.click("#first-game")
        page.wait_for_selector("#guide:not([hidden]) [data-step]")
        for _ in range(40):
            page.wait_for_function(
                "document.getElementById('guide-play') || document.body.dataset.phase === 'over'"
            )
            if page.evaluate("document.body.dataset.guide") in ("add", "won"):
                break
            version = int(page.evaluate("document.body.dataset.version"))
            page.click("#guide-play")
            # a meld, a lay-off or a swap is laid out first (arrange.js): the bar's Confirm
            page.wait_for_function(
                f"Number(document.body.dataset.version) > {version} || "
                "(document.body.dataset.arranged > '0' && !document.body.dataset.busy)"
            )
            if int(page.evaluate("document.body.dataset.version")) == version:
                page.click("#confirm")
                page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        page.wait_for_selector("#guide-show")
        page.click("#guide-show")
        page.wait_for_timeout(600)
        path = out / f"guide-{size}-{lang}.{'jpg' if size == 'desktop' else 'png'}"
        save(page, path)
        print(path, path.stat().st_size // 1024, "KB")
        context.close()


def touch(cdp: Any, kind: str, x: float = 0, y: float = 0) -> None:
    """A finger's touch event through Chromium's input pipeline (a page's CDP session)."""
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def lay_out(page: Any, cards: tuple[str, ...], n: int) -> None:
    """Select ``cards`` and lay them out as a meld (not played: the turn is arranged)."""
    for c in cards:
        page.evaluate(
            f"document.querySelector(\"#hand .card[data-card='{c}']:not(.selected)\").click()"
        )
    page.click("button[data-action='meld']")
    page.wait_for_function(
        f"document.body.dataset.arranged === '{n}' && !document.body.dataset.busy"
    )


def opening_drawn(
    browser: Any, base: str, lang: str, size: tuple[int, int], phone: bool
) -> tuple[Any, Any]:
    """A new browser context (``phone``: a touch phone) at Sara's seat of a 2-player levant
    table dealt OPENING's deal, her first draw taken from the stock: (context, page)."""
    NEXT.append(OPENING)
    context = browser.new_context(
        locale=lang,
        viewport={"width": size[0], "height": size[1]},
        device_scale_factor=1,
        has_touch=phone,
        is_mobile=phone,
    )
    page = context.new_page()
    made = table(base, page, "levant", 2, ["Sara"])
    page.goto(made["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.turn === '0'")
    page.click("button[data-draw='stock']")
    page.wait_for_function("Number(document.body.dataset.version) >= 3")
    return context, page


def explaining(browser: Any, base: str, out: Path) -> None:
    """On a touch phone (upright, then sideways): Sara's opening laid out with her lay-offs
    and a swap (OPENING's deal: four cards left), 8S selected, so a discard announces or not
    (L-70, L-71); the "?" beside the discard buttons tapped, its note shown (upright), or the
    whole dock at its fullest (sideways)."""
    steps = (
        {"seat": 0, "add": "3D", "to": 0},
        {"seat": 0, "swap": ["5D"], "at": 0},
        {"seat": 0, "add": "AS", "to": 1},
    )
    for lang in ("en", "ar"):
        for size, (w, h) in (("phone", SIZES["phone"]), ("phone-landscape", LANDSCAPE)):
            context, page = opening_drawn(browser, base, lang, (w, h), phone=True)
            for n, meld in enumerate(
                (("4D", "AS", "6D"), ("2S", "2H", "2C"), ("TH", "TD", "TC")), 1
            ):
                lay_out(page, meld, n)
            for n, step in enumerate(steps, 4):
                page.evaluate("(a) => import('/static/arrange.js').then((m) => m.play(a))", step)
                page.wait_for_function(
                    f"document.body.dataset.arranged === '{n}' && !document.body.dataset.busy"
                )
            page.locator("#hand .card[data-card='8S']").tap(position={"x": 7, "y": 24})
            name = f"explain-{size}-{lang}.png"
            if size == "phone":
                page.tap("#actions button[data-info='announce']")
                page.wait_for_selector("#explain:not([hidden])")
            else:
                name = f"arrange-{size}-{lang}.png"
            page.wait_for_timeout(400)
            save(page, out / name)
            print(out / name, (out / name).stat().st_size // 1024, "KB")
            context.close()


def arranging(browser: Any, base: str, out: Path) -> None:
    """A turn laid out, not yet played (issue 36): its steps with their take-back buttons and
    the opening counter (desktop: 21 of 51; phone: 51 of 51, a long press on the run's wild
    card saying what it stands for, then 3D dragged by a finger onto the run)."""
    for lang in ("en", "ar"):
        for size, (w, h) in SIZES.items():
            phone = size == "phone"
            context, page = opening_drawn(browser, base, lang, (w, h), phone=phone)
            lay_out(page, ("4D", "AS", "6D"), 1)
            lay_out(page, ("2S", "2H", "2C"), 2)
            ext = "png" if phone else "jpg"
            if not phone:
                page.wait_for_timeout(500)
                save(page, out / f"arrange-{size}-{lang}.{ext}")
                context.close()
                continue
            lay_out(page, ("TH", "TD", "TC"), 3)
            cdp = context.new_cdp_session(page)
            wild = page.locator("#melds .meld[data-meld='0'] .card[data-card='AS']").bounding_box()
            touch(cdp, "touchStart", wild["x"] + wild["width"] / 2, wild["y"] + 20)
            page.wait_for_timeout(800)
            touch(cdp, "touchEnd")
            page.wait_for_selector("#card-meaning")
            save(page, out / f"arrange-{size}-{lang}.{ext}")
            card = page.locator("#hand .card[data-card='3D']").bounding_box()
            run = page.locator("#melds .meld[data-meld='0']").bounding_box()
            x0, y0 = card["x"] + 9, card["y"] + 24
            x1, y1 = run["x"] + run["width"] / 2, run["y"] + run["height"] / 2
            touch(cdp, "touchStart", x0, y0)
            for k in range(1, 9):
                touch(cdp, "touchMove", x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8)
            page.wait_for_timeout(300)
            save(page, out / f"drag-{size}-{lang}.{ext}")
            touch(cdp, "touchEnd")
            context.close()
            for name in (f"arrange-{size}-{lang}.{ext}", f"drag-{size}-{lang}.{ext}"):
                print(out / name, (out / name).stat().st_size // 1024, "KB")


#: short screens: a phone held sideways and a small phone (the scores go below the felt)
SHORT = {"landscape": LANDSCAPE, "small": (360, 640)}


def short(browser: Any, base: str, out: Path) -> None:
    """A Hand table on short screens (a touch phone held sideways, 844 × 390, and a small one,
    360 × 640), in English and Arabic, at Sara's turn: the table scrolled to its scores, below
    the felt, with the dock and the whole hand on screen."""
    page = browser.new_page()
    made = table(base, page, "levant", 2, ["Sara"])
    page.close()
    play_turns(base, made, 2)
    url = made["seats"][0]["url"]
    for name, (w, h) in SHORT.items():
        for lang in ("en", "ar"):
            context = browser.new_context(
                locale=lang,
                viewport={"width": w, "height": h},
                has_touch=True,
                is_mobile=True,
                device_scale_factor=1,
            )
            shown = context.new_page()
            shown.goto(url)
            shown.wait_for_selector("#hand .card")
            shown.locator("#scores-box").scroll_into_view_if_needed()
            shown.wait_for_timeout(700)  # the arrival animations end
            path = out / f"short-{name}-{lang}.png"
            save(shown, path)
            print(path, path.stat().st_size // 1024, "KB")
            context.close()


def main() -> None:
    """Make every screenshot into the directory named (docs/screenshots by default);
    ``--rooms``: only the waiting room's, the lobby's and the chat's; ``--pages``: only the
    replay's, the spectator's, the rules panel's and the first game's; ``--arrange``: only the
    turn laid out's; ``--short``: only the short screens'."""
    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)
        return
    only = {"--rooms", "--pages", "--arrange", "--short"} & set(sys.argv[1:])
    args = [a for a in sys.argv[1:] if a not in ("--rooms", "--pages", "--arrange", "--short")]
    unknown = [a for a in args if a.startswith("-")]
    if unknown or len(args) > 1:
        sys.exit(f"screenshots.py: unknown arguments {' '.join(args)} (see --help)")
    out = Path(args[0] if args else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        base, srv = serve(Path(tmp))
        browser = p.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        if not only or "--pages" in only:
            pages(browser, base, out)
        if not only or "--rooms" in only:
            rooms(browser, base, out)
        if not only or "--arrange" in only:
            arranging(browser, base, out)
            explaining(browser, base, out)
        if not only or "--short" in only:
            short(browser, base, out)
        if only:
            browser.close()
            srv.should_exit = True
            return
        page = browser.new_page()
        tables = {
            "hand": (table(base, page, "levant", 4, ["Sara"]), 4),
            "gulf": (table(base, page, "gulf", 4, ["Sara"]), 3),
            "hf": (table(base, page, "hand-and-foot", 4, ["Sara"]), 6),
        }
        for name, (made, turns) in tables.items():
            play_turns(base, made, turns)
            url = made["seats"][0]["url"]
            for lang in ("en", "ar"):
                for size in SIZES:
                    if name == "gulf" and (lang, size) == ("ar", "desktop"):
                        continue
                    if name == "hf" and lang == "ar":
                        continue
                    path = out / f"{name}-{size}-{lang}.{'jpg' if size == 'desktop' else 'png'}"
                    shoot(browser, url, path, lang, size, "#hand .card")
        # a round summary, and the replay of the finished match
        for size in SIZES:
            made = table(base, page, "levant", 2, ["Sara"])
            w, h = SIZES[size]
            context = browser.new_context(locale="en", viewport={"width": w, "height": h})
            shown = context.new_page()
            shown.goto(made["seats"][0]["url"])
            shown.wait_for_selector("#hand .card")
            play_turns(base, made, 0, to_end=True)  # the page is open: it shows the summary
            shown.wait_for_selector("#summary[open]")
            shown.wait_for_timeout(500)
            path = out / f"summary-{size}-en.{'jpg' if size == 'desktop' else 'png'}"
            save(shown, path)
            print(path, path.stat().st_size // 1024, "KB")
            context.close()
        browser.close()
        srv.should_exit = True


if __name__ == "__main__":
    main()
