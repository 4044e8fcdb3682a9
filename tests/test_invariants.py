"""The view checker of ``invariants.py`` itself: it must catch each kind of leak (a check that
cannot fail proves nothing), and must not cry wolf over public cards that merely equal hidden
ones (two decks: a meld 7D 8D 9D beside a stock of the other 7D 8D 9D)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from invariants import check_view, random_state


@pytest.fixture(scope="module")
def state() -> State:
    """A 3-player levant state in the play phase, with melds on the table."""
    for steps in range(120, 400, 7):
        s = random_state("levant", 3, False, "checker", steps)
        rnd = s.round
        if rnd is not None and rnd.melds and len(rnd.stock) >= 3 and s.phase.value == "play":
            return s
    raise AssertionError("no state with melds found")


def leaking(monkeypatch: pytest.MonkeyPatch, change: Callable[[dict[str, Any], State], None]):
    """Make every view's JSON pass through ``change`` (given the state's round)."""
    original = PlayerView.to_json
    holder: dict[str, State] = {}

    def to_json(self: PlayerView) -> dict[str, Any]:
        js = original(self)
        change(js, holder["state"])
        return js

    monkeypatch.setattr(PlayerView, "to_json", to_json)
    return holder


def test_an_honest_view_passes(state: State) -> None:
    for seat in range(3):
        check_view(state, seat, state.legal_actions(), "honest")


@pytest.mark.parametrize(
    "leak, message",
    [
        (
            lambda js, s: js.__setitem__("extra", [str(c) for c in s.round.hands[1]]),
            "not in its hand",
        ),
        (lambda js, s: js.__setitem__("extra", [str(c) for c in s.round.stock]), "not in its hand"),
        (
            lambda js, s: js["public"]["actions"].append(
                {"seat": 1, "draw": "stock", "card": "7D"}
            ),
            "drawn card",
        ),
        (lambda js, s: js["melds"][0]["cards"].append(str(s.round.stock[0])), "melds differ"),
        (lambda js, s: js["public"]["known"][1].append(str(s.round.hands[1][0])), "known cards"),
        (lambda js, s: js.__setitem__("discard_pile", [str(s.round.stock[0])]), "discard pile"),
    ],
    ids=["other-hand", "stock", "drawn-card", "meld", "known", "discard-pile"],
)
def test_each_leak_is_caught(
    state: State, monkeypatch: pytest.MonkeyPatch, leak: Any, message: str
) -> None:
    holder = leaking(monkeypatch, leak)
    holder["state"] = state
    rnd = state.round
    assert rnd is not None
    # seat 0 looks; seat 1's cards and the stock must not reach it (the stock check needs a
    # list that is not a part of seat 0's own hand)
    if message == "not in its hand":
        assert any(
            not any(c == d for d in rnd.hands[0]) for c in (*rnd.hands[1], *rnd.stock)
        ), "pick another state: seat 0 holds copies of every card"
    with pytest.raises(AssertionError, match=message):
        check_view(state, 0, None, "leak")


def test_public_cards_equal_to_the_stock_are_no_leak() -> None:
    # the soak's game 2026-2421 (levant, 3 players), step 390: the stock is 8D 7D 9D and the
    # table holds the meld 7D 8D 9D of the other deck; the first checker called it a leak
    s = random_state("levant", 3, False, "2026-2421", 390, {"rounds": 1})
    rnd = s.round
    assert rnd is not None
    stock = sorted(str(c) for c in rnd.stock)
    assert any(sorted(str(c) for c in m.cards) == stock for m in rnd.melds)
    for seat in range(3):
        check_view(s, seat, s.legal_actions(), "two decks")
