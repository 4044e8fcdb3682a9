"""Screenshots of the account pages (issue 40): ``python scripts/account_screenshots.py [OUT]``.

A live server on loopback (as scripts/screenshots.py, with ranked matches of one round); two
accounts play a ranked match to its end over their WebSockets; then, at desktop (1280 × 800)
and phone (390 × 844) sizes, in English and Arabic: the account page (a guest's), the lobby
of a logged-in player (the *Ranked* choice), a profile (ratings, their plot, the matches) and
the leaderboards of both games (docs/screenshots, ``account-*``, ``lobby-ranked-*``,
``profile-*``, ``profile-stats-*`` (scrolled to the statistics), ``leaderboard-*``,
``leaderboard-hf-*``). Karim also plays a ranked Hand and Foot
match (four accounts) and two unranked matches against bots, so that his profile shows both
games' statistics and unranked matches.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

import uvicorn
from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

from handgame.server.accounts import COOKIE
from handgame.server.app import create_app
from handgame.server.settings import Settings

sys.path.insert(0, str(Path(__file__).parent))
from screenshots import CHROMIUM, SIZES, policy, save, start


def serve(tmp: Path) -> tuple[str, uvicorn.Server]:
    """The server on a free loopback port, in a thread (ranked matches of one round)."""
    settings = Settings(
        database_url=f"sqlite:///{tmp / 'shots.sqlite'}",
        bot_delay=0.0,
        turn_timeout=300.0,
        ranked_rounds=1,
        rate=1000.0,  # two scripted players move as fast as the server answers
        burst=1000,
        address_rate=10_000.0,
        address_burst=10_000,
    )
    seeds = iter(f"account-shot-{i}" for i in range(1000))
    return start(create_app(settings, seed_source=lambda: next(seeds)))


def post(base: str, path: str, body: Any, session: str | None = None) -> tuple[Any, str]:
    """A POST from the site's pages: the answer and its Set-Cookie."""
    request = Request(base + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("content-type", "application/json")
    request.add_header("origin", base)
    if session:
        request.add_header("cookie", f"{COOKIE}={session}")
    with urlopen(request, timeout=60) as r:
        return json.loads(r.read()), r.headers.get("set-cookie", "")


def register(base: str, name: str) -> str:
    """A new account's session."""
    _, cookie = post(base, "/api/account/register", {"name": name, "password": "a password"})
    return cookie.split(";", 1)[0].split("=", 1)[1]


def play_out(base: str, made: dict[str, Any], tokens: dict[int, str],
             sessions: dict[int, str], seed: int, start: bool) -> str:  # fmt: skip
    """The human seats of a table (their tokens and sessions) play its match to its end (the
    host starts it first if ``start``): its table."""
    ws = base.replace("http", "ws") + f"/ws/tables/{made['table']}"
    socks = {
        s: connect(f"{ws}?token={tokens[s]}", additional_headers={"Cookie": f"{COOKIE}={who}"})
        for s, who in sessions.items()
    }
    if start:
        first = socks[min(socks)]
        first.send(json.dumps({"type": "room", "do": "start", "host": made["host_token"]}))
    rng = random.Random(seed)
    sent: set[tuple[int, int]] = set()
    try:
        while True:
            for seat, sock in socks.items():
                try:
                    m = json.loads(sock.recv(timeout=0.05))
                except TimeoutError:
                    continue
                if m["type"] == "error":  # refused: the seat decides again
                    print("refused:", m.get("code"), m.get("message"), file=sys.stderr)
                    sent.discard((seat, m.get("version", -1)))
                    sent = {x for x in sent if x[0] != seat}
                if m["type"] != "state":
                    continue
                view = m["view"]
                if view["phase"] == "over":
                    return str(made["table"])
                if view.get("to_act", view["turn"]) != seat or not view["legal_actions"]:
                    continue
                if (seat, m["version"]) in sent:
                    continue
                sent.add((seat, m["version"]))
                action = policy(view, rng)
                sock.send(json.dumps({"type": "action", "version": m["version"], "action": action}))
    finally:
        for sock in socks.values():
            sock.close()


def ranked_match(
    base: str, host: str, friends: list[str], seed: int, preset: str = "levant"
) -> str:
    """A ranked match of ``host`` and ``friends`` (who take its open seats) played to its end:
    its table."""
    seats = [{"kind": "human"}] + [{"kind": "open"}] * len(friends)
    body = {"rules": {"preset": preset}, "seats": seats, "ranked": True}
    made, _ = post(base, "/api/tables", body, host)
    ws = base.replace("http", "ws") + f"/ws/tables/{made['table']}"
    tokens, sessions = {0: made["seats"][0]["token"]}, {0: host}
    for friend in friends:
        with connect(ws, additional_headers={"Cookie": f"{COOKIE}={friend}"}) as spectator:
            spectator.send(json.dumps({"type": "join", "name": "x"}))
            while (m := json.loads(spectator.recv(timeout=30)))["type"] != "joined":
                pass
        tokens[m["seat"]], sessions[m["seat"]] = m["token"], friend
    return play_out(base, made, tokens, sessions, seed, start=True)


def unranked_match(base: str, player: str, name: str, preset: str, bots: int, seed: int) -> str:
    """An unranked match of one logged-in player (``name``) against bots (one round): its
    table."""
    seats = [{"kind": "human", "name": name}] + [{"kind": "bot", "bot": "easy"}] * bots
    body = {"rules": {"preset": preset, "options": {"rounds": 1}}, "seats": seats}
    made, _ = post(base, "/api/tables", body, player)
    return play_out(base, made, {0: made["seats"][0]["token"]}, {0: player}, seed, start=False)


def shoot(browser: Any, base: str, path: str, out: Path, lang: str, size: str, wait: str,
          session: str | None, scroll: str | None = None) -> None:  # fmt: skip
    """One screenshot of a page, logged in with ``session`` (or a guest); ``scroll``: the
    element scrolled to the top first."""
    w, h = SIZES[size]
    context = browser.new_context(locale=lang, viewport={"width": w, "height": h})
    if session:
        context.add_cookies([{"name": COOKIE, "value": session, "url": base}])
    page = context.new_page()
    page.goto(base + path)
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(wait)
    if scroll:
        page.locator(scroll).evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    save(page, out)
    print(out, out.stat().st_size // 1024, "KB")
    context.close()


def main() -> None:
    """Make the screenshots into the directory named (docs/screenshots by default)."""
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        base, srv = serve(Path(tmp))
        karim, nadia, huda, omar = (
            register(base, n) for n in ("Karim", "نادية", "Huda", "Omar")
        )
        for i in range(3):
            ranked_match(base, karim, [nadia], i)
        ranked_match(base, huda, [karim], 9)
        ranked_match(base, karim, [nadia, huda, omar], 11, "hand-and-foot")
        unranked_match(base, karim, "Karim", "levant", 1, 12)
        unranked_match(base, karim, "Karim", "hand-and-foot", 3, 13)
        browser = p.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        for lang in ("en", "ar"):
            for size in SIZES:
                ext = "jpg" if size == "desktop" else "png"
                shots = [
                    ("account", "/account", "#guest:not([hidden])", None, None),
                    ("lobby-ranked", "/", "#ranked-box:not([hidden])", karim, None),
                    ("profile", "/players/Karim", "[data-stats]", karim, None),
                    ("profile-stats", "/players/Karim", "[data-stats]", karim, "#player-games"),
                    ("leaderboard", "/leaderboard", "[data-leader]", nadia, None),
                    ("leaderboard-hf", "/leaderboard?game=hand-and-foot", "[data-bot]", karim,
                     None),
                ]  # fmt: skip
                for name, path, wait, session, scroll in shots:
                    target = out / f"{name}-{size}-{lang}.{ext}"
                    shoot(browser, base, path, target, lang, size, wait, session, scroll)
        browser.close()
        srv.should_exit = True


if __name__ == "__main__":
    main()
