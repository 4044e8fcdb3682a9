"""The web UI's files as the server serves them (no browser: tests/test_web.py has one)."""

from __future__ import annotations

import time
from pathlib import Path

from server_helpers import client, table_body

STATIC = Path(__file__).parents[1] / "src/handgame/server/static"
STATIC_JS = sorted(p.name for p in STATIC.glob("*.js"))
LANGS = ("en", "ar", "fa")


def test_pages_and_static_files(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = c.post("/api/tables", json=table_body([{"kind": "human"}, {"kind": "human"}]))
        tid = made.json()["table"]
        pages = (("/", "lobby.js"), (f"/play/{tid}", "play.js"), (f"/replay/{tid}", "replay.js"))
        for path, marker in pages:
            r = c.get(path)
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
            assert marker in r.text
        for name in STATIC_JS:
            r = c.get(f"/static/{name}")
            assert r.status_code == 200, name
            assert "javascript" in r.headers["content-type"], r.headers["content-type"]
        assert c.get("/static/app.css").headers["content-type"].startswith("text/css")
        assert c.get("/static/nope.js").status_code == 404
        presets = c.get("/api/presets").json()
        assert {p["name"] for p in presets} >= {"levant", "gulf"}
        assert all(p["min_players"] <= p["default_players"] <= p["max_players"] for p in presets)


def test_the_static_modules() -> None:
    """play.js is split by job into modules, each (as every other script) well under 500 lines."""
    assert {"play.js", "client.js", "table.js", "hand.js", "drag.js", "words.js"} <= set(STATIC_JS)
    for name in STATIC_JS:
        lines = len((STATIC / name).read_text().splitlines())
        assert lines < 400, (name, lines)


def test_actions_are_worded_in_words_js_only() -> None:
    """Every page words an action with words.js (the log, the move buttons, the replay)."""
    import re

    keys = re.compile(
        r"[\"'](act_\w+|draw_stock|draw_discard|add|add_end|swap|discard|discard_silent|"
        r"redeal|meld_as)[\"']"
    )
    for name in STATIC_JS:
        if name in ("words.js", "phrases.js"):
            continue
        text = (STATIC / name).read_text()
        # t("discard", …), tn("act_meld", …): a key of an action's words used outside words.js
        used = [m.group(1) for m in re.finditer(r"\btn?\(\s*" + keys.pattern, text)]
        assert not used, (name, used)
    for name in ("replay.js", "table.js", "hand.js"):  # the replay, the log, the buttons
        assert '"./words.js"' in (STATIC / name).read_text(), name


def test_replay_frames_of_a_finished_match(tmp_path: Path) -> None:
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    with client(tmp_path / "t.sqlite") as c:
        # a match waiting for its human seat: no replay yet (403 with the reason)
        waiting = c.post("/api/tables", json={
            "rules": {"options": {"rounds": 1}},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()["table"]
        refused = c.get(f"/api/tables/{waiting}/replay")
        assert refused.status_code == 403, refused.text
        assert "not finished" in refused.json()["detail"]
        assert not c.get(f"/api/tables/{waiting}").json()["finished"]
        r = c.post("/api/tables", json={"rules": {"options": {"rounds": 1}}, "seats": bots})
        tid = r.json()["table"]
        deadline = time.monotonic() + 20
        while not c.get(f"/api/tables/{tid}").json()["finished"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        summary = c.get(f"/api/tables/{tid}").json()
        frames = c.get(f"/api/tables/{tid}/replay").json()["frames"]
    assert len(frames) == summary["version"]
    assert "deal" in frames[0]["step"] and len(frames[0]["hands"]) == 2
    assert frames[-1]["view"]["phase"] == "over"
    assert all(f["version"] == i + 1 for i, f in enumerate(frames))


def test_the_page_of_a_table_that_does_not_exist(tmp_path: Path) -> None:
    """``/play/<unknown>`` and ``/replay/<unknown>``: a 404 page that says there is no such
    table, with the way back to the lobby, not an empty table with buttons nor "Not done: 404"
    (issue 36, B11)."""
    with client(tmp_path / "t.sqlite") as c:
        for path in ("/play/nope", "/replay/nope"):
            r = c.get(path)
            assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
            assert 'data-t="error_unknown_table"' in r.text and 'href="/"' in r.text
            assert "play.js" not in r.text and "replay.js" not in r.text
            assert "missing.js" in r.text


def test_a_favicon(tmp_path: Path) -> None:
    """``/favicon.ico`` is the game's icon and every page names it (issue 36, B13)."""
    with client(tmp_path / "t.sqlite") as c:
        r = c.get("/favicon.ico")
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        assert r.text.startswith("<svg")
    for page in STATIC.glob("*.html"):
        assert '<link rel="icon" href="/favicon.ico"' in page.read_text(), page.name


def test_the_lobby_names_its_bots_by_level(tmp_path: Path) -> None:
    """The lobby's bots are the server's list for the chosen preset (no list of its own, issue
    34), named by level, weakest first, in every language, each name once ("Greedy" was the
    same bot as "Hard"; "Searcher"; untranslated levels in Arabic: issue 36, B9 and the bot
    names)."""
    import json

    lobby = (STATIC / "lobby.js").read_text()
    assert "const BOTS" not in lobby and '"greedy"' not in lobby  # the game's ladder, not ours
    assert "greedy" not in (STATIC / "room.js").read_text()  # a room's bot: the game's default
    words = json.loads((STATIC.parent.parent / "locale" / "words.json").read_text())
    with client(tmp_path / "t.sqlite") as c:
        presets = {p["name"]: p for p in c.get("/api/presets").json()}
    for preset in ("levant", "hand-and-foot"):
        bots = [b["spec"] for b in presets[preset]["bots"]]
        names = {lang: [words[lang][f"bot_{b.split(':')[0]}"] for b in bots] for lang in LANGS}
        expected = ["Beginner", "Easy", "Medium", "Hard", "Expert"]
        assert names["en"] == expected + (["Trained agent"] if preset == "levant" else [])
        for lang, said in names.items():
            assert len(set(said)) == len(said), (lang, said)
            if lang != "en":
                assert not set(said) & set(names["en"]), (lang, said)  # said in the language
    assert words["en"]["bot_greedy"] == words["en"]["bot_hard"]  # one bot, one name
