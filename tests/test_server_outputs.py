"""Every HTTP endpoint and WebSocket message of a live Hand table and a live Hand and Foot table,
for each seat and a spectator, live and finished, checked against the truth rebuilt from the
finished record (issue 31; the checks: ``output_checker.py``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from handgame.server.app import replay_frames
from handgame.server.pages import STATIC
from output_checker import (
    Truth,
    frame_problems,
    leaks,
    record_problems,
    summary_problems,
    truth,
)
from server_helpers import Player, choose, client

HF_SEATS = [
    {"kind": "human", "name": "Sara"},
    {"kind": "bot", "bot": "random"},
    {"kind": "human", "name": "Ali"},
    {"kind": "bot", "bot": "random"},
]
HAND_SEATS = [
    {"kind": "human", "name": "Sara"},
    {"kind": "bot", "bot": "greedy"},
    {"kind": "human", "name": "Ali"},
]


def _hf_choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = view["legal_actions"]
    for verb in ("answer", "take", "meld", "add", "draw"):
        found = [a for a in legal if verb in a]
        if found:
            return rng.choice(found)
    return rng.choice(legal)


class Outputs:
    """Every HTTP answer got during the match, with the version it was got at."""

    def __init__(self) -> None:
        """Nothing got yet."""
        self.records: list[tuple[int, int, dict[str, Any]]] = []  # (version, seat, record)
        self.hints: list[tuple[int, int, dict[str, Any]]] = []
        self.summaries: list[tuple[int, dict[str, Any]]] = []

    def walk(self, c: Any, tid: str, tokens: dict[int, str], version: int) -> None:
        """Every endpoint of the table at ``version`` (the table waits for a human)."""
        summary = c.get(f"/api/tables/{tid}")
        assert summary.status_code == 200
        self.summaries.append((version, summary.json()))
        assert c.get(f"/api/tables/{tid}/record").status_code == 403  # a spectator: none
        assert c.get(f"/api/tables/{tid}/record?token=nope").status_code == 403
        assert c.get(f"/api/tables/{tid}/hint").status_code == 403
        assert c.get(f"/api/tables/{tid}/replay").status_code == 403
        for seat, token in tokens.items():
            record = c.get(f"/api/tables/{tid}/record?token={token}")
            assert record.status_code == 200, record.text
            self.records.append((version, seat, record.json()))
            bearer = {"Authorization": f"Bearer {token}"}
            hint = c.get(f"/api/tables/{tid}/hint", headers=bearer)
            assert hint.status_code == 200, hint.text
            self.hints.append((version, seat, hint.json()))

    def check(self, t: Truth) -> int:
        """Check every answer against the truth; how many were checked."""
        for version, got in self.summaries:
            assert summary_problems(got, t, version) == []
        for version, seat, got in self.records:
            assert record_problems(got, t, version, seat) == [], (version, seat)
        for version, seat, got in self.hints:
            assert got["version"] == version and got["seat"] == seat
            seen = t.states[version].view(seat)
            assert got["hint"] == t.spec.hint(seen), version  # made from the view only
            assert not leaks(got, t.states[version], seat)
        return len(self.summaries) + len(self.records) + len(self.hints)


def play(c: Any, preset: str, seats: list[dict[str, Any]], seed: int) -> tuple[int, int]:
    """A whole match of two humans, bots and a spectator, every endpoint walked at each human
    decision; every output checked against the finished record: (frames, answers) checked."""
    body = {"rules": {"preset": preset, "options": {"rounds": 1}}, "seats": seats}
    made = c.post("/api/tables", json=body).json()
    tid = made["table"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    pick = _hf_choose if preset == "hand-and-foot" else choose
    outputs = Outputs()
    rng = random.Random(seed)
    with (
        c.websocket_connect(f"/ws/tables/{tid}") as ws_s,
        c.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws0,
        c.websocket_connect(f"/ws/tables/{tid}?token={tokens[2]}") as ws2,
    ):
        spectator = Player(ws_s, None)
        humans = {0: Player(ws0, 0), 2: Player(ws2, 2)}
        acted: set[tuple[int, int]] = set()
        walked = 0
        while True:
            if not spectator.frames:
                spectator.read()
                continue
            view = spectator.view
            if view["phase"] == "over":
                break
            seat = view.get("to_act", view["turn"])
            if seat in humans and (seat, spectator.version) not in acted:
                acted.add((seat, spectator.version))
                h = humans[seat]
                h.read_to(spectator.version)
                if walked < 40 or rng.random() < 0.25:  # every endpoint, the table waiting
                    outputs.walk(c, tid, tokens, spectator.version)
                    walked += 1
                legal = [a for a in h.view["legal_actions"] if "redeal" not in a]
                action = pick({**h.view, "legal_actions": legal or h.view["legal_actions"]}, rng)
                # a ping and a refused action too: their answers are outputs as well
                assert h.send({"type": "ping", "id": f"p{h.version}"})["type"] == "pong"
                wrong = h.send(
                    {"type": "action", "id": f"w{h.version}", "version": 0, "action": action}
                )
                assert wrong["type"] == "error" and wrong["code"] == "stale"
                answer = h.send(
                    {
                        "type": "action",
                        "id": f"{seat}-{h.version}",
                        "version": h.version,
                        "action": action,
                    }
                )
                assert answer["type"] == "ack", answer
            spectator.read()
        final = spectator.version
        for h in humans.values():
            h.read_to(final)
    # finished: the whole record for anyone, the same with a token; the replay
    record = c.get(f"/api/tables/{tid}/record").json()
    assert "redacted_for" not in record
    assert c.get(f"/api/tables/{tid}/record?token={tokens[0]}").json() == record
    t = truth(record)
    assert len(t.states) == final + 1 and t.states[-1].is_over
    summary = c.get(f"/api/tables/{tid}").json()
    assert summary["finished"] and summary_problems(summary, t, final) == []
    replay = c.get(f"/api/tables/{tid}/replay").json()
    assert replay == replay_frames(record)
    for frame in replay["frames"]:
        assert frame["view"] == t.states[frame["version"]].view(None).to_json()
    for hint_seat in tokens:  # a hint after the end: still the seat's view only
        hint = c.get(f"/api/tables/{tid}/hint?token={tokens[hint_seat]}").json()
        assert hint["hint"] == t.spec.hint(t.states[final].view(hint_seat))
    # the pages carry no table data: they are the static files
    assert c.get(f"/play/{tid}").content == (STATIC / "play.html").read_bytes()
    assert c.get(f"/replay/{tid}").content == (STATIC / "replay.html").read_bytes()
    assert c.get("/api/health").status_code == 200 and c.get("/api/presets").status_code == 200
    frames = 0
    for p in (spectator, *humans.values()):
        messages = [p.welcome, *p.frames, *p.others]
        for m in messages:
            assert frame_problems(m, t, p.seat) == [], (p.seat, m.get("type"), m.get("version"))
        frames += len(messages)
    assert {m["type"] for p in humans.values() for m in p.others} >= {"ack", "error", "pong"}
    return frames, outputs.check(t)


@pytest.mark.parametrize(
    ("preset", "seats", "seed"),
    [("levant", HAND_SEATS, 5), ("hand-and-foot", HF_SEATS, 7)],
    ids=["hand", "hand-and-foot"],
)
def test_every_output_is_the_seats_view(
    tmp_path: Path, preset: str, seats: list[dict[str, Any]], seed: int
) -> None:
    with client(
        tmp_path / "t.sqlite", seed=f"outputs-{seed}", hint_rate=1e6, hint_burst=10**6
    ) as c:
        frames, answers = play(c, preset, seats, seed)
    assert frames > 100 and answers > 100, (frames, answers)
