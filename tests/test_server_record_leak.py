"""Issue 31 F1: a seat's record mid-match holds no card it has not seen (Hand and Foot's feet,
the other hands, the stock), for every game; the record is made by the game from the seat's
view (``GameSpec.seat_record``), never by a server list of fields to blank."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from server_helpers import client


def _cards(obj: Any) -> int:
    """How many card strings (2 characters, or X) a JSON value holds."""
    if isinstance(obj, dict):
        return sum(_cards(v) for v in obj.values())
    if isinstance(obj, list):
        return sum(_cards(v) for v in obj)
    return int(isinstance(obj, str) and (obj == "X" or len(obj) == 2))


def test_hand_and_foot_record_mid_match_shows_no_foot(tmp_path: Path) -> None:
    """The probe of F1: two humans and two bots, seat 0's record at version 1 held 4 x 11 feet."""
    seats = [
        {"kind": "human", "name": "Sara"},
        {"kind": "bot", "bot": "random"},
        {"kind": "human", "name": "Ali"},
        {"kind": "bot", "bot": "random"},
    ]
    body = {"rules": {"preset": "hand-and-foot", "options": {"rounds": 1}}, "seats": seats}
    with client(tmp_path / "t.sqlite", seed="f1", bot_delay=30.0) as c:
        made = c.post("/api/tables", json=body).json()
        tid = made["table"]
        token = made["seats"][0]["token"]
        record = c.get(f"/api/tables/{tid}/record?token={token}").json()
        assert record["redacted_for"] == 0
        whole = c.app.state.hub.tables[tid]  # the truth, from the server's memory
        truth = whole.spec.to_record(whole.state, None)
    deal, true_deal = record["rounds"][0]["deal"], truth["rounds"][0]["deal"]
    # its hand as it held it once dealt: red threes laid and replaced from the stock (HF-3)
    dealt = whole.spec.read_game(truth).new_match(truth["rounds"][0]["dealer"])
    after = dealt.apply_deal(whole.spec.parse_deal(true_deal)).round
    assert Counter(deal["hands"][0]) == Counter(str(c) for c in after.hands[0])
    assert deal["red_threes"] == [[str(c) for c in r] for r in after.red_threes]
    assert deal["hands"][1:] == [None, None, None]
    assert _cards(deal.get("feet")) == 0, deal.get("feet")  # no foot, not even its own
    assert _cards(deal.get("stock")) == 0
    # every card of the record: its own hand, the upcard, and the actions' (all public)
    allowed = len(after.hands[0]) + sum(len(r) for r in after.red_threes) + 1
    allowed += _cards(truth["rounds"][0]["actions"])
    assert _cards(record) <= allowed
