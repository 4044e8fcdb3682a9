"""The rule book's second reading (issue 13) outside the record cases: options and presets, the
two-card discard of O-11 ``two-wilds`` in ``legal_actions`` and words, announcements off, the
refused contradictions, and the front ends that list options (``hand rules``, the server)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from handgame.core.errors import OptionError
from handgame.games.hand.actions import Discard, parse_action
from handgame.games.hand.record import play_record, to_record
from handgame.games.hand.rules import PRESETS, check_players, make_ruleset
from handgame.games.hand.state import Game, State
from handgame.locale import Sayer
from server_helpers import client
from test_cli import run

CASES = Path(__file__).resolve().parent / "records" / "cases"


def _state_before_last(case: str) -> tuple[State, dict[str, Any]]:
    """The state of a record case just before its last action, and that action."""
    record = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))["record"]
    last = record["rounds"][-1]["actions"].pop()
    state, error = play_record(record)
    assert error is None and state is not None
    return state, last


def test_preset_values_of_the_new_options() -> None:
    levant, gulf, four = (PRESETS[p].rules for p in ("levant", "gulf", "four-jokers"))
    assert (levant.discard_pickup, gulf.discard_pickup, four.discard_pickup) == (
        "new-meld", "free", "must-meld")
    assert (levant.swap_needs_opening, gulf.swap_needs_opening, four.swap_needs_opening) == (
        True, True, False)
    assert (levant.announcements, gulf.announcements, four.announcements) == (True, False, False)
    assert levant.max_meld_size is gulf.max_meld_size is four.max_meld_size is None
    for preset in ("levant", "gulf", "four-jokers"):
        check_players(preset, 5, False)
        with pytest.raises(OptionError, match="2 to 5"):
            check_players(preset, 6, False)


def test_option_values_are_checked() -> None:
    assert make_ruleset("levant", {"max_meld_size": 5}).max_meld_size == 5
    with pytest.raises(OptionError, match=r"max_meld_size: 2 is not valid; .* from 3 to 108"):
        make_ruleset("levant", {"max_meld_size": 2})
    with pytest.raises(OptionError, match="valid: true, false"):
        make_ruleset("gulf", {"announcements": "yes"})
    with pytest.raises(OptionError, match="must-meld"):
        make_ruleset("levant", {"discard_pickup": "meld"})
    # the contradiction names both options; with no-jokers it is fine
    with pytest.raises(OptionError) as e:
        make_ruleset("levant", {"ace_indicator": "single-wild"})
    assert "ace_indicator=single-wild" in str(e.value) and "wilds=indicator" in str(e.value)
    rules = make_ruleset("levant", {"wilds": "no-jokers", "ace_indicator": "single-wild"})
    assert rules.jokers == 0


def test_two_card_discard_is_a_legal_action_with_words_and_notation() -> None:
    state, last = _state_before_last("o11-two-wilds-two-card-discard")
    assert last == {"seat": 1, "discard": ["AC", "AC"]}
    legal = state.legal_actions()
    two = [a for a in legal if isinstance(a, Discard) and a.second is not None]
    assert len(two) == 1 and two[0].to_json() == last
    assert parse_action(last) == two[0]
    said = Sayer("en", ["Rana"] * 4, None, "hand").action(two[0].to_json(), None, "act")
    assert said == "Rana discarded the two wild cards A♣ A♣ (O-11)"
    after = state.apply(two[0])
    assert after.results[-1].multiplier == 4
    assert to_record(after)["rounds"][-1]["actions"][-1] == last


def test_two_card_discard_not_offered_without_the_bonus() -> None:
    state, _ = _state_before_last("o11-two-card-discard-without-bonus-refused")
    assert all(
        not (isinstance(a, Discard) and a.second is not None) for a in state.legal_actions()
    )
    with pytest.raises(ValueError, match="two-wilds"):
        parse_action({"seat": 1, "discard": ["AC"]})


def test_no_missed_announcement_is_offered_without_announcements() -> None:
    for preset in ("gulf", "four-jokers"):
        state = Game.create(preset, {"rounds": 1}, players=2).new_match().deal_seeded(3)
        for _ in range(60):
            legal = state.legal_actions()
            if not legal or state.is_chance:
                break
            assert all(a.announce for a in legal if isinstance(a, Discard)), preset
            state = state.apply(legal[0])


def test_hand_rules_shows_the_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "four-jokers"], capsys)
    assert code == 0
    for line in ("discard_pickup       = must-meld", "swap_needs_opening   = false",
                 "announcements        = false", "max_meld_size        = null"):
        assert line in out
    code, out, _ = run(["rules", "--markdown"], capsys)
    assert "| `max_meld_size` | integer from 3 to 108, or null |" in out


def test_indicator_under_jokers_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["meld", "--rules", "gulf", "--indicator", "7C", "--", "7D", "X", "9D"],
                         capsys)
    assert code == 2 and out == ""
    assert "--indicator 7C" in err and "wilds=jokers" in err


def test_server_takes_the_new_options_and_refuses_contradictions(tmp_path: Path) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 5
    with client(tmp_path / "t.db") as c:
        presets = {p["name"]: p for p in c.get("/api/presets").json()}
        assert presets["levant"]["max_players"] == presets["gulf"]["max_players"] == 5
        body = {"rules": {"preset": "gulf", "options": {"rounds": 1, "max_meld_size": 5,
                                                          "announcements": True}},
                "seats": bots}
        r = c.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        summary = c.get(f"/api/tables/{r.json()['table']}").json()
        assert len(summary["seats"]) == 5 and summary["options"]["max_meld_size"] == 5
        body = {"rules": {"preset": "levant", "options": {"ace_indicator": "single-wild"}},
                "seats": bots[:2]}
        r = c.post("/api/tables", json=body)
        assert r.status_code >= 400
        assert "ace_indicator=single-wild" in r.text and "wilds=indicator" in r.text
