"""The view checker (``view_checker.py``, used by ``invariants.check_view`` and the server
tests) itself: it must catch each kind of leak — a list, a single string, a mixed list, a
nested field, a card whose twin the seat may see, a drawn card in the log, between rounds — (a
check that cannot fail proves nothing), and must not cry wolf over public cards that merely
equal hidden ones (two decks: a meld 7D 8D 9D beside a stock of the other 7D 8D 9D)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from handgame.games.hand.actions import Draw
from handgame.games.hand.state import Game, State
from handgame.games.hand.view import PlayerView
from invariants import check_view, choose_action, random_state
from view_checker import cards_in, message_problems, view_problems


@pytest.fixture(scope="module")
def state() -> State:
    """A 3-player levant state in the play phase, with melds on the table, a stock draw in the
    log, and a card of seat 0 whose twin is in the stock."""
    for steps in range(120, 600, 7):
        s = random_state("levant", 3, False, "checker", steps)
        rnd = s.round
        if (
            rnd is not None
            and rnd.melds
            and len(rnd.stock) >= 3
            and s.phase.value == "play"
            and set(rnd.hands[0]) & set(rnd.stock)
            and set(rnd.stock) - set(rnd.hands[0])
            and any(isinstance(a, Draw) and a.source == "stock" for a in rnd.actions)
        ):
            return s
    raise AssertionError("no state with melds found")


@pytest.fixture(scope="module")
def between_rounds() -> State:
    """A 3-player levant state just after a round was won (the next deal is due)."""
    for seed in range(50):
        rng = random.Random(seed)
        s = Game.create("levant", {}, 3).new_match(0).deal_seeded(f"between:{seed}")
        while not s.is_chance:
            s = s.apply(choose_action(rng, s, s.legal_actions(), "weighted"))
        rnd = s.round
        if s.results[-1].result == "won" and rnd is not None and len(rnd.stock) >= 3:
            return s
    raise AssertionError("no state between rounds found")


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


def hidden(s: State) -> str:
    """A stock card that seat 0 does not hold."""
    rnd = s.round
    assert rnd is not None
    return str(next(c for c in rnd.stock if c not in rnd.hands[0]))


def twin(s: State) -> str:
    """A stock card whose twin (the same card of the other deck) seat 0 holds."""
    rnd = s.round
    assert rnd is not None
    return str(next(c for c in rnd.stock if c in rnd.hands[0]))


def first_stock_draw(s: State) -> int:
    """The index in the log of the first draw from the stock."""
    rnd = s.round
    assert rnd is not None
    return next(i for i, a in enumerate(rnd.actions) if isinstance(a, Draw) and a.source == "stock")


def test_an_honest_view_passes(state: State, between_rounds: State) -> None:
    for s in (state, between_rounds):
        for seat in range(3):
            check_view(s, seat, s.legal_actions(), "honest")
            assert view_problems(s.view(None).to_json(), s, None) == []


LEAKS: dict[str, tuple[Callable[[dict[str, Any], State], Any], str]] = {
    # a list of another seat's cards, or of the stock, in a field of its own
    "other-hand": (
        lambda js, s: js.__setitem__("extra", [str(c) for c in s.round.hands[1]]),
        "extra holds cards",
    ),
    "stock-list": (
        lambda js, s: js.__setitem__("extra", [str(c) for c in s.round.stock]),
        "extra holds cards",
    ),
    # a single card string: the leak mutant of issue 20 (the next stock card as one field)
    "scalar": (lambda js, s: js.__setitem__("next", hidden(s)), "next holds cards"),
    "scalar-in-options": (
        lambda js, s: js["options"].__setitem__("peek", hidden(s)),
        "options holds cards",
    ),
    "mixed-list": (
        lambda js, s: js.__setitem__("extra", [3, None, hidden(s), {"n": 1}]),
        "extra holds cards",
    ),
    "nested": (
        lambda js, s: js["public"]["turn"].__setitem__("x", {"a": [{"b": hidden(s)}]}),
        "public.turn.x holds cards",
    ),
    "nested-in-meld": (
        lambda js, s: js["melds"][0].__setitem__("next", [[hidden(s)]]),
        r"melds\[0\].next holds cards",
    ),
    "key": (lambda js, s: js.__setitem__(hidden(s), 1), "holds cards"),
    # a card whose twin the seat holds: the same name, one copy too many
    "twin-in-hand": (lambda js, s: js["hand"].append(twin(s)), "hand"),
    "twin-scalar": (lambda js, s: js.__setitem__("top", twin(s)), "top holds cards"),
    "twin-in-action": (
        lambda js, s: js["legal_actions"].append({"seat": 0, "meld": [[twin(s)] * 2]}),
        "not in hand",
    ),
    "drawn-card": (
        lambda js, s: js["public"]["actions"][first_stock_draw(s)].__setitem__("card", "7D"),
        r"public.actions\[\d+\]",
    ),
    "meld": (lambda js, s: js["melds"][0]["cards"].append(hidden(s)), r"melds\[0\].cards"),
    "stands-for": (
        lambda js, s: js["melds"][0]["stands_for"].__setitem__(0, hidden(s)),
        r"melds\[0\].stands_for",
    ),
    "known": (
        lambda js, s: js["public"]["known"][1].append(str(s.round.hands[1][0])),
        "public.known",
    ),
    "taken": (
        lambda js, s: js["public"]["turn"].__setitem__("taken", hidden(s)),
        "public.turn.taken",
    ),
    "discard-pile": (lambda js, s: js.__setitem__("discard_pile", [hidden(s)]), "discard_pile"),
    "indicator": (lambda js, s: js.__setitem__("indicator", hidden(s)), "indicator"),
    "action-card": (
        lambda js, s: js["legal_actions"].append({"seat": 0, "discard": hidden(s)}),
        "not in hand",
    ),
}


@pytest.mark.parametrize("kind", list(LEAKS))
def test_each_leak_is_caught(state: State, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    leak, message = LEAKS[kind]
    holder = leaking(monkeypatch, leak)
    holder["state"] = state
    with pytest.raises(AssertionError, match=message):
        check_view(state, 0, None, "leak")


@pytest.mark.parametrize("kind", ["twin-in-hand", "twin-scalar", "twin-in-action"])
def test_a_twin_leak_is_invisible_to_sets(state: State, kind: str) -> None:
    """The twin leaks add no card *name* the seat could not see: a set comparison (the old
    server check) misses them; the multiset checker does not."""
    honest = state.view(0).to_json()
    leaked = state.view(0).to_json()
    LEAKS[kind][0](leaked, state)
    assert set(cards_in(leaked)) == set(cards_in(honest))
    assert view_problems(leaked, state, 0) != []


@pytest.mark.parametrize("where", ["extra", "results", "options"])
def test_a_stock_leak_between_rounds_is_caught(between_rounds: State, where: str) -> None:
    s = between_rounds
    rnd = s.round
    assert rnd is not None and s.results
    stock = [str(c) for c in rnd.stock]
    js = s.view(1).to_json()
    if where == "extra":
        js["extra"] = stock[:1]
    elif where == "results":
        js["results"][-1]["next_deal"] = stock[0]
    else:
        js["options"]["left"] = stock
    assert any(where in p for p in view_problems(js, s, 1)), view_problems(js, s, 1)


def test_messages_are_checked_as_multisets(state: State) -> None:
    rnd = state.round
    assert rnd is not None
    frame = {"type": "state", "version": 3, "view": state.view(0).to_json()}
    assert message_problems(frame, state, 0) == []
    assert message_problems({**frame, "peek": hidden(state)}, state, 0)
    ack = {"type": "ack", "id": "a", "version": 3, "echo": {"discard": str(rnd.hands[0][0])}}
    assert message_problems(ack, state, 0) == []
    # the seat holds one copy of the twin, the table shows no other: two copies is a leak
    copies = sum(1 for c in rnd.hands[0] if str(c) == twin(state))
    shown = sum(str(c) == twin(state) for m in rnd.melds for c in m.cards)
    shown += sum(str(c) == twin(state) for c in rnd.discard_pile)
    ack["echo"] = {"cards": [twin(state)] * (copies + shown + 1)}
    assert message_problems(ack, state, 0)
    assert message_problems({"type": "error", "message": "no", "x": hidden(state)}, state, 0)


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
