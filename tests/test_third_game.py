"""A third game, registered from the tests only (``tests/extra_games/tiny_rummy``), runs through
every front end and tool with no change to them: ``hand play --plain``, the Textual game,
``hand replay`` (JSON and ``--show``), ``hand simulate``, the web server (a whole match over the
WebSocket), the RL environment; ``tests/every_game`` plays it too (it is registered there)."""

from __future__ import annotations

import asyncio
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from handgame.cli.commands import build_parser, main, play_session
from handgame.core.record import replay
from handgame.core.registry import find_game, games
from handgame.tui.frames import replay_frames
from handgame.tui.play_app import play_app
from handgame.tui.registry import table_for
from handgame.tui.replay_app import ReplayApp
from handgame.tui.screens import InfoScreen
from server_helpers import Player, client

GAME = find_game("tiny")


def test_it_is_registered_after_the_built_in_games() -> None:
    names = [g.name for g in games()]
    assert names.index("tiny-rummy") > 0 and GAME.name == "tiny-rummy"
    assert type(table_for(GAME)).__name__ == "TinyTable"


def test_the_plain_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    """``hand play --plain --rules tiny``: typed numbers play a whole match; the record replays;
    ``--opponents`` chooses the other seats' bots."""
    for players, extra in ((2, []), (3, ["--opponents", "random,random"])):
        record = tmp_path / f"tiny{len(extra)}.json"
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
        argv = ["play", "--plain", "--rules", "tiny", "--seed", "3", "--record", str(record)]
        assert main(argv + extra) == 0
        out = capsys.readouterr().out
        assert "Tiny rummy · round" in out and "=== match over" in out and "winner:" in out
        saved = json.loads(record.read_text(encoding="utf-8"))
        answer = replay(saved)
        assert answer["error"] is None and answer["finished"]
        assert saved["players"] == players
    assert saved["names"] == ["human", "bot:random", "bot:random"]


def test_the_textual_game_and_its_replay(tmp_path: Path) -> None:
    """``hand play --rules tiny`` in the full-screen app: draw and discard to the match's end;
    then ``hand replay --show`` steps through its record."""
    record = tmp_path / "tiny.json"
    args = ["play", "--rules", "tiny", "--seed", "4", "--record", str(record), "--opponents",
            "random"]
    session = play_session(build_parser().parse_args(args))
    app = play_app(session, bot_delay=0)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(300):
                await pilot.pause()
                await app.workers.wait_for_complete()
                if session.state.is_over:
                    break
                if isinstance(app.screen, InfoScreen):
                    await pilot.press("enter")
                elif session.state.view(0).phase == "draw":
                    await pilot.press("d")
                else:
                    await pilot.press("x")
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)
            await pilot.press("enter")

    asyncio.run(go())
    assert session.state.is_over
    assert any(line.startswith("you discarded") for line in session.log_lines())
    assert replay(json.loads(record.read_text(encoding="utf-8")))["error"] is None
    spec, frames, error = replay_frames(json.loads(record.read_text(encoding="utf-8")))
    assert spec is GAME and error is None and frames[-1][0].is_over
    show = ReplayApp(table_for(spec), frames, error)

    async def step() -> None:
        async with show.run_test(size=(80, 24)) as pilot:
            await pilot.press("n", "n", "end", "v")
            assert show.index == len(frames) - 1 and show.seat == 1

    asyncio.run(step())


def test_replay_and_simulate(tmp_path: Path, capsys: Any) -> None:
    """``hand simulate --rules tiny`` plays bot matches and writes records that ``hand replay``
    replays to the same end."""
    out = tmp_path / "records"
    argv = ["simulate", "--rules", "tiny", "--bots", "random,random", "--games", "4",
            "--seed", "9", "--records", str(out), "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4
    files = sorted(out.glob("*.json"))
    assert len(files) == 4
    assert main(["replay", str(files[0])]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["finished"] and answer["error"] is None


def test_a_whole_match_over_the_websocket(tmp_path: Path) -> None:
    """A table of tiny rummy on the web server: a person plays every turn over the WebSocket
    from its view's legal actions, against a bot, to the match's end."""
    seats = [{"kind": "human", "name": "Sara"}, {"kind": "bot", "bot": "random"}]
    body = {"rules": {"preset": "tiny", "options": {"rounds": 2}}, "seats": seats}
    rng = random.Random(5)
    with client(tmp_path / "t.sqlite", seed="tiny-web") as c:
        made = c.post("/api/tables", json=body).json()
        tid, token = made["table"], made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            me = Player(ws, 0)
            while True:
                if not me.frames:
                    me.read()
                    continue
                view = me.view
                if view["phase"] == "over":
                    break
                if view["turn"] == 0 and view["legal_actions"]:
                    message = {"type": "action", "id": f"a{me.version}", "version": me.version,
                               "action": rng.choice(view["legal_actions"])}
                    answer = me.send(message)
                    assert answer["type"] == "ack" or answer.get("code") == "stale", answer
                else:
                    me.read()
        record = c.get(f"/api/tables/{tid}/record").json()
    answer = replay(record)
    assert answer["error"] is None and answer["finished"] and len(answer["rounds"]) == 2


def test_the_rl_environment() -> None:
    """The PettingZoo environment plays tiny rummy: its API test passes."""
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from handgame.rl import hand_v0

    api_test(hand_v0.env(preset="tiny", players=2, options={"rounds": 1}), num_cycles=60)
    env = hand_v0.env(preset="tiny", players=3, options={"rounds": 1})
    env.reset(seed=1)
    rng = random.Random(1)
    for _ in range(5000):
        if not env.agents:
            break
        agent = env.agent_selection
        _, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(rng.choice([i for i, ok in enumerate(mask) if ok]))
    assert not env.agents


def test_every_game_covers_it() -> None:
    """``tests/every_game`` takes its cases from the registry: tiny rummy is among them."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "every_game"))
    import test_every_game

    assert any(case[0] == "tiny-rummy" for case in test_every_game.CASES)


def test_a_game_with_no_ladder_is_offered_random_only(tmp_path: Path) -> None:
    """The lobby's bots are a game's own ladder (``GameSpec.levels``): tiny rummy has none, so
    its tables are offered ``random`` (and seat it when no bot is named), no other game's."""
    with client(tmp_path / "t.sqlite") as c:
        tiny = next(p for p in c.get("/api/presets").json() if p["name"] == "tiny")
    assert tiny["bots"] == [{"spec": "random", "players": []}]
    assert tiny["default_bot"] == "random"
