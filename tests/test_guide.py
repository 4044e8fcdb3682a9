"""The first game (issue 36, handgame.server.guide): a table made by ``POST /api/first-game``
(levant, one round, the easy bot, no timer, a fixed deal), the guide's advice from the seat's
own view, and the round it walks through: following the advice, the newcomer draws, melds,
opens, lays off, discards and goes out (the server's Table, as scripts/find_first_game.py plays
it)."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path
from types import ModuleType

from handgame.server.guide import FIRST_GAME_SEED
from server_helpers import client

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "find_first_game.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("find_first_game", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_following_the_advice_walks_through_every_step_and_wins() -> None:
    script = _script()
    moves, result = script.play(FIRST_GAME_SEED)
    assert script.fits(moves, result), (moves, result)
    first = moves[: moves.index("discard") + 1]
    assert first[0] == "draw" and "meld" in first  # it opens on its first turn
    assert moves == script.play(FIRST_GAME_SEED)[0]  # the same every time


def test_the_first_game_and_its_advice(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite", seed="not-this-one") as c:
        made = c.post("/api/first-game")
        assert made.status_code == 201, made.text
        body = made.json()
        (seat,) = body["seats"]
        assert seat["seat"] == 0 and seat["url"].endswith("&guide=1")
        tid = body["table"]
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["preset"] == "levant" and summary["values"]["rounds"] == 1
        assert [s["kind"] for s in summary["seats"]] == ["human", "bot"]
        assert summary["seats"][1]["bot"] == "easy"
        assert summary["turn_timeout"] is None and summary["turn_deadline"] is None  # no timer
        again = c.post("/api/first-game").json()["table"]
        # the same deal every time (the fixed seed, not the server's)
        record = c.get(f"/api/tables/{tid}/record", params={"token": seat["token"]}).json()
        other = c.post("/api/first-game").json()
        token2 = other["seats"][0]["token"]
        record2 = c.get(f"/api/tables/{other['table']}/record", params={"token": token2}).json()
        assert record["rounds"][0]["deal"] == record2["rounds"][0]["deal"]
        assert again != tid
        assert c.get(f"/api/tables/{tid}/advice").status_code == 403
        deadline = time.monotonic() + 10
        while True:  # the bot moves first (its discard, L-60): then seat 0 is advised
            advice = c.get(f"/api/tables/{tid}/advice", params={"token": seat["token"]}).json()
            assert advice["seat"] == 0
            if advice["action"] is not None or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert advice["action"] is not None and advice["action"]["seat"] == 0
        assert "draw" in advice["action"]  # a turn starts with a draw (L-61)
