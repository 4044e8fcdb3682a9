"""A turn arranged, then confirmed (issue 36): ``preview`` and ``turn`` messages
(docs/web-protocol.md, *Arranging a turn*).

A seat previews the steps it arranges (its own view of the result, to it alone: no other seat or
spectator gets anything, nothing is stored), then sends them as one ``turn``: every step checked
by the rules in order (a refusal names its step and rules, and stores nothing), stored, then sent.
Every frame and preview is checked by the independent view checker (``view_checker.py``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from handgame.core.registry import find_game
from handgame.games.hand.actions import parse_action
from handgame.games.hand.view import view
from handgame.server.table import reveals
from server_helpers import Player, client, play_out, states_by_version, table_body
from test_server import check_frames
from view_checker import view_problems

HUMAN = {"kind": "human"}


def ask(player: Player, message: dict[str, Any]) -> dict[str, Any]:
    """Send a message; its answer (a preview, an ack or an error with its id)."""
    player.ws.send_json(message)
    while True:
        m = player.read()
        if m["type"] in ("preview", "ack", "error") and m.get("id") == message.get("id"):
            return m


def to_a_meld(spectator: Player, humans: dict[int, Player]) -> Player:
    """Play draws and discards until a seat may lay a meld after drawing; that seat."""
    rng = random.Random(36)
    acted: set[int] = set()
    while True:
        spectator.read()
        v = spectator.view
        if v["turn"] not in humans or spectator.version in acted:
            continue
        h = humans[v["turn"]]
        h.read_to(spectator.version)
        if h.version != spectator.version:
            continue
        acted.add(h.version)
        legal = [a for a in h.view["legal_actions"] if "redeal" not in a]
        if any("meld" in a for a in legal) and len(h.view["hand"]) > 5:
            return h
        draws = [a for a in legal if a.get("draw") == "stock"]
        pick = draws[0] if draws else rng.choice([a for a in legal if "discard" in a])
        answer = h.send(
            {"type": "action", "id": f"a{h.version}", "version": h.version, "action": pick}
        )
        assert answer["type"] == "ack", answer


def test_a_turn_previewed_taken_back_and_confirmed_shows_nothing_early(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        made = c.post("/api/tables", json=table_body([HUMAN, HUMAN], initial_minimum=10)).json()
        tid, tokens = made["table"], {s["seat"]: s["token"] for s in made["seats"]}
        with (
            c.websocket_connect(f"/ws/tables/{tid}") as ws_s,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws0,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as ws1,
        ):
            spectator = Player(ws_s, None)
            humans = {0: Player(ws0, 0), 1: Player(ws1, 1)}
            h = to_a_meld(spectator, humans)
            other = humans[1 - h.seat]
            other.read_to(h.version)
            at = h.version
            heard = {p.seat: len(p.others) for p in (other, spectator)}
            meld = next(a for a in h.view["legal_actions"] if "meld" in a)
            # arranged: the seat's own view after the meld, to it alone
            seen = ask(h, {"type": "preview", "id": "p1", "version": at, "actions": [meld]})
            assert seen["type"] == "preview" and seen["version"] == at and seen["steps"] == 1
            laid = [c for m in meld["meld"] for c in m]
            assert len(seen["view"]["hand"]) == len(h.view["hand"]) - len(laid)
            assert len(seen["view"]["melds"]) == len(h.view["melds"]) + 1
            # taken back: nothing was kept, an empty arrangement is the table's own view
            again = ask(h, {"type": "preview", "id": "p2", "version": at, "actions": [meld]})
            assert again["view"] == seen["view"]
            # refusals name the step and store nothing
            discard = next(a for a in h.view["legal_actions"] if "discard" in a)
            wrong = ask(h, {"type": "preview", "id": "p3", "version": at, "actions": [discard]})
            assert wrong["code"] == "malformed" and wrong["step"] == 0, wrong
            twice = ask(h, {"type": "turn", "id": "t0", "version": at, "actions": [meld, meld]})
            assert twice["type"] == "error" and twice["step"] == 1, twice
            assert twice["code"] in ("not_held", "illegal"), twice
            assert twice.get("rules") or twice.get("cards"), twice
            late = ask(h, {"type": "turn", "id": "t1", "version": at, "actions": [discard, meld]})
            assert late["code"] == "malformed" and late["step"] == 0, late
            assert (
                ask(h, {"type": "preview", "id": "p4", "version": at - 1, "actions": [meld]})[
                    "code"
                ]
                == "stale"
            )
            # the other seat and the spectator got nothing of it
            for p in (other, spectator):
                assert p.send({"type": "ping", "id": "ping-0"})["type"] == "pong"
                assert p.version == at
                assert [m["type"] for m in p.others[heard[p.seat] :]] == ["pong"]
            # confirmed: the meld and the discard, stored and sent in order
            end = next(a for a in seen["view"]["legal_actions"] if "discard" in a)
            done = ask(h, {"type": "turn", "id": "t2", "version": at, "actions": [meld, end]})
            assert done == {"type": "ack", "id": "t2", "version": at + 2}, done
            h.read_to(at + 2)
            assert [f["version"] for f in h.frames[-2:]] == [at + 1, at + 2]
            resent = ask(h, {"type": "turn", "id": "t2", "version": at, "actions": [meld, end]})
            assert resent["duplicate"] and resent["version"] == at + 2
            play_out(spectator, humans)
            for p in humans.values():
                p.read_to(spectator.version)
        record = c.get(f"/api/tables/{tid}/record").json()
    states = states_by_version(record)
    arranged = states[at].apply(parse_action({**meld, "seat": h.seat}))
    assert seen["view"] == view(arranged, h.seat).to_json()
    assert view_problems(seen["view"], arranged, h.seat) == []
    assert states[at + 1].view(h.seat).to_json() == seen["view"]
    h.others = [m for m in h.others if m["type"] != "preview"]
    for p in (spectator, *humans.values()):
        assert check_frames(p, states) > 0


def test_a_preview_never_shows_a_foot() -> None:
    """HF-9: a meld that empties the hand picks the foot up; a preview refuses it (``reveals``),
    over seeded random Hand and Foot games; lay-offs and swaps that keep cards seen pass."""
    spec = find_game("hand-and-foot")
    found = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = spec.create("hand-and-foot", None, 4, True, None).new_match(0)
        for _ in range(3000):
            if state.is_over:
                break
            if state.is_chance:
                state = state.apply_deal(state.seeded_deal(rng.randrange(10**9)))
                continue
            seat = state.current_seat
            legal = state.legal_actions()
            for a in legal:
                if a.verb in spec.arranged_verbs:
                    after = state.apply(a)
                    picked = after.view(seat).to_json()["feet_picked"][seat]
                    if picked and not state.view(seat).to_json()["feet_picked"][seat]:
                        assert reveals(state, after, seat)
                        found += 1
                    elif after.current_seat == seat:
                        assert not reveals(state, after, seat), a
            melds = [a for a in legal if a.verb in ("meld", "add")]
            state = state.apply(melds[0] if melds and rng.random() < 0.7 else rng.choice(legal))
    assert found > 0
