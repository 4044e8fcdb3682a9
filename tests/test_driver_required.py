"""The driver and a required out-of-turn decision (Hand and Foot's partner's answer, HF-10):
with ``offer_people=False`` (the server) it stops for a person's answer instead of looping, and a
bot answers it with ``choose``; Hand's optional redeal offers work as before."""

from __future__ import annotations

import threading
from typing import Any

from handgame.core.bot import Bot
from handgame.core.registry import find_game
from handgame.play.driver import Decision, Driver, is_required, next_decision


class _First(Bot):
    """Always the first legal action; never takes an optional offer."""

    name = "first"

    def choose(self, view: Any) -> Any:
        """The first legal action."""
        return view.legal_actions[0]

    def wants_redeal(self, view: Any) -> bool:
        """Passes every optional offer."""
        return False


class _No(_First):
    """Answers "no" when asked (the second of ``[yes, no]``)."""

    def choose(self, view: Any) -> Any:
        """``answer: false`` when that is legal, else the first legal action."""
        answers = [a for a in view.legal_actions if a.verb == "answer"]
        return answers[-1] if answers else view.legal_actions[0]


def _asked() -> Any:
    """A Hand and Foot state right after seat 1 (the first player) asked "may I go out?"."""
    spec = find_game("hand-and-foot")
    game = spec.create("hand-and-foot", None, 4, True, None)
    state = game.new_match(0)
    state = state.apply_deal(state.seeded_deal("driver:0"))
    assert state.current_seat == 1
    ask = next(a for a in state.legal_actions(1) if a.verb == "ask")
    return state.apply(ask)


def _in_thread(fn: Any) -> Any:
    """``fn()`` run in a thread; fails instead of hanging when it does not return."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the driver loops on a required decision"
    return out[0]


def test_a_required_answer_is_named_and_marked() -> None:
    state = _asked()
    assert state.out_of_turn() == (3,)
    d = next_decision(state)
    assert d == Decision("offer", 3, required=True)
    assert is_required(state, 3)
    # declining it changes nothing: the answer is still awaited (HF-10)
    assert next_decision(state, {3}) == Decision("offer", 3, required=True)


def test_the_server_driver_waits_for_a_persons_answer() -> None:
    state = _asked()
    bot = _First(0)
    driver = Driver(lambda s: None if s == 3 else bot, "x", offer_people=False)
    assert _in_thread(lambda: driver.auto(state)) is None
    assert driver.decision(state) == Decision("offer", 3, required=True)
    driver.decline(state, 3)  # a pass does not end the question
    assert _in_thread(lambda: driver.decision(state)).seat == 3
    answered = state.apply(next(a for a in state.legal_actions(3) if a.verb == "answer"))
    assert driver.decision(answered) == Decision("turn", 1)


def test_a_bot_answers_with_choose_even_when_it_passes_offers() -> None:
    state = _asked()
    for bot, yes in ((_First(0), True), (_No(0), False)):
        for offer_people in (True, False):
            driver = Driver(lambda s, b=bot: b, "x", offer_people=offer_people)
            step = _in_thread(lambda d=driver: d.auto(state))
            assert step is not None and step[0] == "action"
            action = step[1]
            assert action.verb == "answer" and action.seat == 3 and action.yes is yes


def test_hands_optional_offers_are_not_required() -> None:
    spec = find_game("levant")
    game = spec.create("levant", None, 2, False, None)
    state = game.new_match(0)
    # seed 31 deals seat 0 four pairs (L-52), as in tests/test_tui.py
    dealt = state.apply_deal(Driver(lambda s: None, "31").deal(state))
    assert dealt.out_of_turn() == (0,)
    seat = 0
    d = next_decision(dealt)
    assert d == Decision("offer", seat, required=False)
    # the server's driver lets a person claim unasked: it moves on to the turn
    driver = Driver(lambda s: None, "x", offer_people=False)
    assert driver.decision(dealt).kind == "turn"
