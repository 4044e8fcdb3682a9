"""Fuzzing the record reader: ``replay`` and ``replay_text`` never raise on broken records and
always answer in the RECORD.md shape (rounds, totals, team_totals, finished, winner, error)."""

from __future__ import annotations

import copy
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from handgame.core.cards import ALL_CARDS
from handgame.core.record import replay, replay_text
from handgame.games.hand.record import to_record
from invariants import play_random_match

EXAMPLES = int(os.environ.get("HAND_EXAMPLES", "10"))
FUZZ = EXAMPLES * 10
common = {"deadline": None, "suppress_health_check": list(HealthCheck)}

KEYS = {"rounds", "totals", "team_totals", "finished", "winner", "error"}
CASES = Path(__file__).resolve().parent / "records" / "cases"
CARD_TEXT = [str(c) for c in ALL_CARDS]


# ----------------------------------------------------------------------------- base records


@cache
def _base_records() -> tuple[str, ...]:
    """Records of short random games (as JSON text, so each test gets a fresh copy)."""
    out = []
    for preset, n, p, opts in (
        ("levant", 2, False, {"rounds": 2}),
        ("levant", 4, True, {"rounds": 1}),
        ("gulf", 3, False, {"penalty_limit": 40}),
        ("four-jokers", 3, False, {"rounds": 1}),
        ("levant", 3, False, {"stock_end": "reshuffle", "rounds": 1}),
    ):
        run = play_random_match(preset, n, p, 11, options=opts, check=False, max_steps=300)
        out.append(json.dumps(to_record(run.state)))
    for path in sorted(CASES.glob("*.json"))[:40]:
        case = json.loads(path.read_text())
        if isinstance(case, dict) and isinstance(case.get("record"), dict):
            out.append(json.dumps(case["record"]))
    return tuple(out)


def base_records() -> st.SearchStrategy[dict[str, Any]]:
    return st.integers(0, len(_base_records()) - 1).map(lambda i: json.loads(_base_records()[i]))


# ----------------------------------------------------------------------------- the answer


def check_answer(out: Any) -> None:
    """The replay answer has the RECORD.md shape, whatever the input."""
    assert isinstance(out, dict), out
    assert set(out) == KEYS, sorted(out)
    json.dumps(out)  # printable as JSON
    assert isinstance(out["rounds"], list)
    for r in out["rounds"]:
        assert isinstance(r, dict)
        assert r["result"] in ("won", "void")
        if r["result"] == "won":
            assert isinstance(r["scores"], list)
            assert r["hand"] in ("partial", "full")
        else:
            assert r["reason"] in ("stock", "redeal")
    assert isinstance(out["totals"], list)
    assert all(isinstance(t, int) for t in out["totals"])
    # Hand: two teams in partnership (RECORD.md); a record turned into Hand and Foot's (the
    # change-preset mutation) has a total per team, one per seat when each plays for themselves
    assert out["team_totals"] is None or (
        isinstance(out["team_totals"], list)
        and 2 <= len(out["team_totals"]) <= max(2, len(out["totals"]))
        and all(isinstance(t, int) for t in out["team_totals"])
    )
    assert isinstance(out["finished"], bool)
    assert out["winner"] is None or isinstance(out["winner"], int)
    if out["finished"]:
        assert out["winner"] is not None
    err = out["error"]
    if err is not None:
        assert isinstance(err, dict), err
        assert set(err) == {"round", "action", "message"}, err
        assert isinstance(err["message"], str) and err["message"].strip(), err
        assert err["round"] is None or (isinstance(err["round"], int) and err["round"] >= 0)
        assert err["action"] is None or (isinstance(err["action"], int) and err["action"] >= 0)
        if err["action"] is not None:
            assert err["round"] is not None
        assert "Traceback" not in err["message"]


def run_replay(obj: Any) -> dict[str, Any]:
    out = replay(obj)
    check_answer(out)
    again = replay(copy.deepcopy(obj))
    assert again == out, "replay is not deterministic"
    return out


def run_text(text: str) -> dict[str, Any]:
    out = replay_text(text)
    check_answer(out)
    return out


# ----------------------------------------------------------------------------- sanity


def test_base_records_replay_cleanly() -> None:
    for text in _base_records()[:5]:
        out = run_text(text)
        assert out["error"] is None


# ----------------------------------------------------------------------------- strategies

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
    | st.sampled_from([*CARD_TEXT, "X", "JK", "10H", "stock", "discard", "low", "high", ""])
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys / indices) in a JSON object, the root excluded."""
    out: list[tuple[Any, ...]] = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append((*prefix, k))
            out += paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.append((*prefix, i))
            out += paths(v, (*prefix, i))
    return out


def get_parent(obj: Any, path: tuple[Any, ...]) -> Any:
    for k in path[:-1]:
        obj = obj[k]
    return obj


def actions_of(record: dict[str, Any]) -> list[tuple[int, list[Any]]]:
    out = []
    for r, rnd in enumerate(record.get("rounds", [])):
        if isinstance(rnd, dict) and isinstance(rnd.get("actions"), list):
            out.append((r, rnd["actions"]))
    return out


# ----------------------------------------------------------------------------- tests


@settings(max_examples=FUZZ, **common)
@given(record=base_records(), data=st.data())
def test_truncated_json_text(record: dict[str, Any], data: st.DataObject) -> None:
    text = json.dumps(record, indent=data.draw(st.sampled_from([None, 1])))
    cut = data.draw(st.integers(0, len(text) - 1))
    out = run_text(text[:cut])
    assert out["error"] is not None
    assert out["rounds"] == []


@settings(max_examples=FUZZ, **common)
@given(text=st.text(max_size=40) | st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
def test_arbitrary_text(text: str) -> None:
    run_text(text)


@settings(max_examples=FUZZ, **common)
@given(value=json_values)
def test_arbitrary_json(value: Any) -> None:
    run_replay(value)
    run_text(json.dumps(value))


@settings(max_examples=FUZZ, **common)
@given(record=base_records(), data=st.data())
def test_wrong_type_in_any_field(record: dict[str, Any], data: st.DataObject) -> None:
    """Replace any field (at any depth) with a random JSON value."""
    path = data.draw(st.sampled_from(paths(record)))
    value = data.draw(json_values)
    get_parent(record, path)[path[-1]] = value
    run_replay(record)


@settings(max_examples=FUZZ, **common)
@given(record=base_records(), data=st.data())
def test_delete_any_field(record: dict[str, Any], data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(paths(record)))
    parent = get_parent(record, path)
    del parent[path[-1]]
    run_replay(record)


TOP_FIELDS = ["format", "rules", "players", "partnership", "names", "rounds"]


@pytest.mark.parametrize("field", TOP_FIELDS)
@pytest.mark.parametrize(
    "value", [None, True, 0, -1, 3.5, "", "levant", [], {}, [None], {"x": 1}, 10**30]
)
def test_wrong_type_top_fields(field: str, value: Any) -> None:
    record = json.loads(_base_records()[0])
    record[field] = value
    run_replay(record)


@pytest.mark.parametrize("field", ["dealer", "deal", "actions"])
@pytest.mark.parametrize(
    "value", [None, True, 0, -1, 99, 3.5, "", "0", [], {}, [None], [[]], {"hands": []}]
)
def test_wrong_type_round_fields(field: str, value: Any) -> None:
    record = json.loads(_base_records()[0])
    record["rounds"][0][field] = value
    run_replay(record)


@pytest.mark.parametrize("field", ["hands", "stock", "indicator", "discard"])
@pytest.mark.parametrize("value", [None, True, 0, "AS", "", [], {}, [None], [[None]], ["ZZ"], [[]]])
def test_wrong_type_deal_fields(field: str, value: Any) -> None:
    for text in _base_records()[:3]:
        record = json.loads(text)
        record["rounds"][0]["deal"][field] = value
        run_replay(record)


ACTION_FIELDS = ["seat", "draw", "meld", "add", "to", "end", "swap", "at", "discard", "announce",
                 "redeal"]


@settings(max_examples=FUZZ, **common)
@given(record=base_records(), data=st.data())
def test_broken_action(record: dict[str, Any], data: st.DataObject) -> None:
    """An action with a field set to junk, an unknown verb, or two verbs."""
    rounds = [(r, acts) for r, acts in actions_of(record) if acts]
    assume(rounds)
    r, acts = data.draw(st.sampled_from(rounds))
    k = data.draw(st.integers(0, len(acts) - 1))
    action = dict(acts[k])
    kind = data.draw(st.sampled_from(["field", "verb", "two-verbs", "drop", "card"]))
    if kind == "field":
        action[data.draw(st.sampled_from(ACTION_FIELDS))] = data.draw(json_values)
    elif kind == "verb":
        verb = data.draw(st.sampled_from(["pass", "fly", "knock", "DRAW", "Draw", ""]))
        action = {"seat": action.get("seat"), verb: data.draw(json_values)}
    elif kind == "two-verbs":
        action[data.draw(st.sampled_from(ACTION_FIELDS[1:]))] = data.draw(json_values)
        action["draw"] = "stock"
    elif kind == "drop":
        keys = sorted(action)
        del action[data.draw(st.sampled_from(keys))]
    else:
        bad = data.draw(st.sampled_from(["ZZ", "1S", "11H", "", "XX", "JOKERS", "A", "10", "🃏"]))
        for key in ("discard", "add"):
            if key in action:
                action[key] = bad
        for key in ("meld", "swap"):
            if key in action:
                action[key] = [bad] if key == "swap" else [[bad, "AS", "2S"]]
    acts[k] = action
    out = run_replay(record)
    err = out["error"]
    if err is not None and err["action"] is not None:
        assert err["round"] <= r or err["round"] is None


@settings(max_examples=FUZZ, **common)
@given(record=base_records(), data=st.data())
def test_deck_one_card_wrong(record: dict[str, Any], data: st.DataObject) -> None:
    """A deal with a card too many, a card missing, or one card changed is refused."""
    rnds = [i for i, r in enumerate(record["rounds"]) if isinstance(r.get("deal"), dict)]
    assume(rnds)
    r = data.draw(st.sampled_from(rnds))
    deal = record["rounds"][r]["deal"]
    piles = [("stock", deal["stock"])] + [(f"hand{i}", h) for i, h in enumerate(deal["hands"])]
    piles = [(n, p) for n, p in piles if p]
    name, pile = data.draw(st.sampled_from(piles))
    kind = data.draw(st.sampled_from(["extra", "missing", "changed"]))
    i = data.draw(st.integers(0, len(pile) - 1))
    if kind == "extra":
        pile.insert(i, data.draw(st.sampled_from([*CARD_TEXT, "X"])))
    elif kind == "missing":
        del pile[i]
    else:
        new = data.draw(st.sampled_from([*CARD_TEXT, "X"]).filter(lambda c: c != pile[i]))
        pile[i] = new
    out = run_replay(record)
    err = out["error"]
    assert err is not None, f"a deal with one card {kind} in {name} was accepted"
    assert err["round"] is not None and err["round"] <= r
    if err["round"] == r:
        assert err["action"] is None


MUTATIONS = [
    "delete-action", "duplicate-action", "swap-actions", "move-action", "change-seat",
    "change-card", "change-dealer", "delete-round", "duplicate-round", "swap-rounds",
    "change-players", "change-partnership", "change-preset", "change-option", "append-action",
    "truncate-actions", "change-meld-index", "shuffle-stock", "swap-hands",
]


def mutate(record: dict[str, Any], data: st.DataObject) -> str:
    kind = data.draw(st.sampled_from(MUTATIONS))
    rounds = record["rounds"]
    acts = [(r, a) for r, a in actions_of(record) if a]
    if kind in ("delete-action", "duplicate-action", "change-seat", "change-card",
                "change-meld-index", "append-action", "truncate-actions", "move-action",
                "swap-actions"):
        if not acts:
            return "none"
        r, a = data.draw(st.sampled_from(acts))
        k = data.draw(st.integers(0, len(a) - 1))
        if kind == "delete-action":
            del a[k]
        elif kind == "duplicate-action":
            a.insert(k, copy.deepcopy(a[k]))
        elif kind == "swap-actions":
            j = data.draw(st.integers(0, len(a) - 1))
            a[k], a[j] = a[j], a[k]
        elif kind == "move-action":
            item = a.pop(k)
            a.insert(data.draw(st.integers(0, len(a))), item)
        elif kind == "change-seat":
            a[k]["seat"] = data.draw(st.integers(-1, 6))
        elif kind == "change-card":
            card = data.draw(st.sampled_from([*CARD_TEXT, "X"]))
            action = a[k]
            for key in ("discard", "add"):
                if key in action:
                    action[key] = card
            if "meld" in action and action["meld"] and action["meld"][0]:
                m = action["meld"][0]
                m[data.draw(st.integers(0, len(m) - 1))] = card
            if action.get("swap"):
                action["swap"][0] = card
        elif kind == "change-meld-index":
            for key in ("to", "at"):
                if key in a[k]:
                    a[k][key] = data.draw(st.integers(0, 12))
            if "end" in a[k] or "add" in a[k]:
                a[k]["end"] = data.draw(st.sampled_from(["low", "high"]))
        elif kind == "append-action":
            a.append(data.draw(st.sampled_from([
                {"seat": 0, "draw": "stock"}, {"seat": 1, "draw": "discard"},
                {"seat": 0, "discard": "AS"}, {"seat": 1, "redeal": True},
                {"seat": 0, "meld": [["AS", "2S", "3S"]]}, {"seat": 1, "add": "X", "to": 0},
            ])))
        elif kind == "truncate-actions":
            del a[k:]
    elif kind == "change-dealer":
        if rounds:
            r = data.draw(st.integers(0, len(rounds) - 1))
            rounds[r]["dealer"] = data.draw(st.integers(-1, 5))
    elif kind == "delete-round" and rounds:
        del rounds[data.draw(st.integers(0, len(rounds) - 1))]
    elif kind == "duplicate-round" and rounds:
        r = data.draw(st.integers(0, len(rounds) - 1))
        rounds.insert(r, copy.deepcopy(rounds[r]))
    elif kind == "swap-rounds" and len(rounds) > 1:
        rounds.reverse()
    elif kind == "change-players":
        record["players"] = data.draw(st.integers(0, 6))
    elif kind == "change-partnership":
        record["partnership"] = not record.get("partnership", False)
    elif kind == "change-preset":
        record["rules"]["preset"] = data.draw(
            st.sampled_from(["levant", "gulf", "four-jokers", "hand-and-foot", "LEVANT"])
        )
    elif kind == "change-option":
        name = data.draw(st.sampled_from([
            "rounds", "initial_minimum", "wilds", "jokers", "stock_end", "discard_pickup",
            "first_turn_win", "bonuses", "penalty_limit", "dealer", "deal", "unknown_option",
        ]))
        record["rules"].setdefault("options", {})
        if not isinstance(record["rules"]["options"], dict):
            record["rules"]["options"] = {}
        record["rules"]["options"][name] = data.draw(json_values)
    elif kind == "shuffle-stock" and rounds and isinstance(rounds[0].get("deal"), dict):
        stock = rounds[0]["deal"]["stock"]
        stock[:] = data.draw(st.permutations(stock))
    elif kind == "swap-hands" and rounds and isinstance(rounds[0].get("deal"), dict):
        hands = rounds[0]["deal"]["hands"]
        hands.reverse()
    return kind


@settings(max_examples=FUZZ * 2, **common)
@given(record=base_records(), data=st.data())
def test_mutated_records(record: dict[str, Any], data: st.DataObject) -> None:
    """One to three random mutations of a valid record: delete / duplicate / swap actions,
    change cards, seats, dealers, rounds, rules."""
    n = data.draw(st.integers(1, 3))
    for _ in range(n):
        mutate(record, data)
    out = run_replay(record)
    run_text(json.dumps(record))
    assert out == replay_text(json.dumps(record))
    # and one corruption no reading allows: an action by a seat that does not exist
    acts = [a for _, a in actions_of(record) if a]
    if acts:
        broken = copy.deepcopy(record)
        action = data.draw(st.sampled_from([a for _, a in actions_of(broken) if a]))
        action[data.draw(st.integers(0, len(action) - 1))]["seat"] = 7
        refused = run_replay(broken)
        assert refused["error"] is not None, "a record with an action of seat 7 was accepted"


@settings(max_examples=FUZZ, **common)
@given(record=base_records(), data=st.data())
def test_prefix_of_record_replays(record: dict[str, Any], data: st.DataObject) -> None:
    """A record cut after any action is an unfinished game: it replays with no error, and its
    rounds are a prefix of the whole record's rounds."""
    whole = run_replay(copy.deepcopy(record))
    assume(whole["error"] is None)
    rounds = record["rounds"]
    assume(rounds)
    r = data.draw(st.integers(0, len(rounds) - 1))
    k = data.draw(st.integers(0, len(rounds[r]["actions"])))
    del rounds[r + 1 :]
    del rounds[r]["actions"][k:]
    out = run_replay(record)
    assert out["error"] is None, out["error"]
    assert out["rounds"] == whole["rounds"][: len(out["rounds"])]
    assert len(out["rounds"]) in (r, r + 1)


def test_deeply_nested_input() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    for record in (
        {"format": "hand-record/1", "rules": {"preset": "levant"}, "players": 2, "rounds": deep},
        {"format": "hand-record/1", "rules": {"preset": "levant", "options": {"bonuses": deep}}},
        {"players": 2, "rounds": [{"dealer": 0, "deal": {"hands": deep, "stock": []}}]},
    ):
        check_answer(replay(record))
    run_text("[" * 100000 + "]" * 100000)
    run_text('{"rounds": ' + "[" * 100000)


@pytest.mark.parametrize(
    "text",
    ["", "null", "0", "[]", "{}", '"record"', "NaN", "{\"rounds\": NaN}", "\ufeff{}",
     '{"format": "hand-record/2"}', '{"players": 4, "rounds": [{}]}',
     '{"rules": {"preset": "levant", "options": []}, "players": 2}',
     '{"players": 2, "rounds": [{"dealer": 0, "deal": {"hands": [[], []], "stock": []}}]}'],
)
def test_odd_documents(text: str) -> None:
    run_text(text)
