"""Units of the engine: the exact "can the opening still be reached" count (HF-8) against a
brute-force search, resampling hidden cards, the words of actions, the registry entry."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hf_helpers import draw, meld, play, start

from handgame.core.cards import Card, parse_cards
from handgame.core.errors import IllegalAction
from handgame.core.registry import find_game
from handgame.games.hand_and_foot.actions import parse_action
from handgame.games.hand_and_foot.finish import max_lay_value
from handgame.games.hand_and_foot.melds import check_add, meld_rank
from handgame.games.hand_and_foot.rounds import TeamMeld
from handgame.games.hand_and_foot.rules import is_wild, value
from handgame.locale import Sayer

POOL = parse_cards("KS KH KD KC KS QS QH QD 9S 9H 5S 5D 2C 2D X X".split())


def _brute(hand: tuple[Card, ...], melds: tuple[TeamMeld, ...]) -> int:
    """The best value laid by single steps: a 3-card new meld or one card added (HF-4)."""

    @cache
    def best(hand: tuple[Card, ...], melds: tuple[TeamMeld, ...]) -> int:
        top = 0
        distinct = sorted(set(hand))
        for i, m in enumerate(melds):
            for c in distinct:
                try:
                    check_add(m, i, (c,))
                except IllegalAction:
                    continue
                rest = list(hand)
                rest.remove(c)
                grown = (*melds[:i], TeamMeld(0, m.rank, (*m.cards, c)), *melds[i + 1 :])
                top = max(top, value(c) + best(tuple(rest), grown))
        for a in range(len(hand)):
            for b in range(a + 1, len(hand)):
                for d in range(b + 1, len(hand)):
                    three = (hand[a], hand[b], hand[d])
                    try:
                        rank = meld_rank(three)
                    except IllegalAction:
                        continue
                    if any(m.rank == rank and not m.is_book for m in melds):
                        continue
                    rest = tuple(c for k, c in enumerate(hand) if k not in (a, b, d))
                    new = (*melds, TeamMeld(0, rank, three))
                    top = max(top, sum(value(c) for c in three) + best(rest, new))
        return top

    return best(tuple(sorted(hand)), melds)


@pytest.mark.parametrize("seed", range(150))
def test_max_lay_value_is_exact(seed: int) -> None:
    """HF-8's reachability check: the closed form equals a search over every sequence. The
    melds of five and six naturals have less room for wild cards before their book than three
    (HF-4, HF-5): the soak's game hf-0-1408 (6 players) found a turn left with no legal action
    when the count gave them three."""
    rng = random.Random(seed)
    cards = list(POOL)
    rng.shuffle(cards)
    hand = tuple(cards[: rng.randint(2, 8)])
    melds: tuple[TeamMeld, ...] = ()
    if rng.random() < 0.6:
        existing = rng.choice(
            [
                parse_cards(["KC", "KC", "2S"]),
                parse_cards(["9D", "9D", "9C", "2H"]),
                parse_cards(["5H", "5C", "X", "5H", "5C", "2S"]),
                parse_cards(["QC"] * 7),
                parse_cards(["KC", "KC", "KH", "KD", "KS", "2S"]),
                parse_cards(["9D", "9D", "9C", "9H", "9S"]),
                parse_cards(["5H", "5C", "5H", "5C", "5D", "5S"]),
            ]
        )
        naturals = [c for c in existing if not is_wild(c)]
        melds = (TeamMeld(0, naturals[0].rank, tuple(existing)),)
    assert max_lay_value(hand, (), melds, 0) == _brute(hand, melds), (hand, melds)


def test_resample_deals_again_only_hidden_cards() -> None:
    """``resample`` keeps the seat's hand and everything public, and deals the rest again."""
    from test_hf_rules import BASE, BASE_STOCK

    s = start(BASE, None, "4C", BASE_STOCK)
    other = s.resample(0, random.Random(1))
    assert other.round.hands[0] == s.round.hands[0]
    assert other.round.hands[1] != s.round.hands[1]
    assert other.round.feet[0] != s.round.feet[0]
    assert other.view(0).to_json() == s.view(0).to_json()


def test_words() -> None:
    """Each verb in words, once (the action table of words.json), as a log line and as a
    choice."""
    say = Sayer("en", ["Rana", "Omid", "Rana", "Omid"], None, "hand-and-foot")
    said = [
        say.action(parse_action(a).to_json(), "KD", "act")
        for a in (
            {"seat": 0, "draw": "stock"},
            {"seat": 0, "take": ["KS", "KH"]},
            {"seat": 0, "take": [], "to": 2},
            {"seat": 0, "meld": [["QS", "QH", "2C"]]},
            {"seat": 0, "add": ["X"], "to": 1},
            {"seat": 0, "ask": "go-out"},
            {"seat": 2, "answer": False},
            {"seat": 0, "discard": "3C"},
        )
    ]
    assert said == [
        "Rana drew two cards from the stock",
        "Rana took the pile, laying K♦ with K♠ K♥",
        "Rana took the pile, adding K♦ to meld 3",  # melds counted from 1 for people
        "Rana laid Q♠ Q♥ 2♣",
        "Rana added X to meld 2",
        "Rana asked: may I go out?",
        "Rana answered no",
        "Rana discarded 3♣",
    ]
    assert say.action({"seat": 0, "draw": "stock"}, "KD", "do") == "draw two cards from the stock"


def test_registered() -> None:
    """The registry finds the game by its name, aliases and preset; its spec is complete."""
    spec = find_game("hand-and-foot")
    assert find_game("hf") is spec and find_game("handandfoot") is spec
    assert spec.out_of_turn_verbs == ("answer",) and set(spec.bots()) == {
        "greedy", "ismcts", "planner", "greedy-blunder", "easy", "medium", "hard", "expert"}
    game = spec.create("hand-and-foot", None, 4, False, None)
    assert game.partnership and game.players == 4
    state = game.new_match(0)
    assert spec.hands(state) == []
    state = state.apply_deal(state.seeded_deal("x"))
    assert state.current_seat == 1 and spec.hint(state.view(1))
    assert spec.hint(state.view(0)) == [{"kind": "hint_not_turn"}]
    s = play(state, draw(1))
    with pytest.raises(IllegalAction) as info:
        s.apply(parse_action(meld(1, "X X X")))
    assert info.value.rules == ("HF-4",)
