"""What a taken wild card may do (O-6 ``aces-set-only``, L-66), and rounds with no wild card.

O-6 ``discarded_wild=aces-set-only``: a wild card taken from the discard pile may be laid only
in a set of aces, and it is owed on the table this turn (L-62).

Levant, indicator 7C (the aces of clubs are wild, L-21), opening minimum 10: seat 0 opens the
round by discarding its AC; seat 1 takes it. ``obligations.read_meld`` decides, meld by meld,
whether the taken copy itself is laid (the mutants ``obligations:34``, ``:35``, ``:42`` count a
meld without it, or with the twin, or a set of another rank, as laying it).
"""

from __future__ import annotations

from collections import Counter

import pytest

from hand_deals import cards, dealt
from handgame.core.cards import JOKER, Card
from handgame.core.errors import IllegalAction, MeldError
from handgame.games.hand.actions import Discard, Draw, LayMelds, LayOff
from handgame.games.hand.dealing import redeal_entitled
from handgame.games.hand.melds import analyze
from handgame.games.hand.rules import make_ruleset
from handgame.games.hand.state import Game, State
from handgame.games.hand.wilds import wilds_for

OPTIONS = {"discarded_wild": "aces-set-only", "initial_minimum": 10}


def _taken(seat_1: str) -> State:
    """Seat 1 holding ``seat_1`` has just taken seat 0's discarded AC."""
    state = dealt("levant", OPTIONS,
                  ["AC 2H 3H 4D 9S 9D TC JC QH KH KD 2S 3S 4C 5C", seat_1], "7C", "JD")
    state = state.apply(Discard(0, Card.parse("AC"), True))
    return state.apply(Draw(1, "discard"))


def _discards(state: State) -> list[Discard]:
    return [a for a in state.legal_actions() if isinstance(a, Discard)]


def test_a_meld_without_the_taken_wild_leaves_it_owed() -> None:
    """A run without the AC opens, but the AC is still owed: no discard is legal (L-62) until
    it is laid in a set of aces."""
    state = _taken("AS AD 5S 6S 7S 8H 8D 2C 3C 9H TH JH QS KS")
    state = state.apply(LayMelds(1, (cards("5S 6S 7S"),)))
    assert not _discards(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(Discard(1, Card.parse("8H"), True))
    assert "L-62" in refused.value.rules
    state = state.apply(LayMelds(1, (cards("AS AD AC"),)))
    assert _discards(state)


def test_the_twin_laid_as_a_wild_card_leaves_the_taken_one_owed() -> None:
    """Holding the twin AC, seat 1 may lay one AC as an ordinary wild card in a run: that is
    the twin (the taken one may go only into a set of aces), so the taken AC is still owed."""
    state = _taken("AC AS AD 5S 6S 8H 8D 2C 3C 9H TH JH QS KS")
    state = state.apply(LayMelds(1, (cards("5S 6S AC"),)))
    assert not _discards(state)
    state = state.apply(LayMelds(1, (cards("AS AD AC"),)))
    assert _discards(state)


def test_the_taken_wild_goes_into_no_set_but_of_aces() -> None:
    """A set of eights with the only AC (the taken one) is refused, citing O-6."""
    state = _taken("AS AD 5S 6S 7S 8H 8D 2C 3C 9H TH JH QS KS")
    with pytest.raises(IllegalAction) as refused:
        state.apply(LayMelds(1, (cards("8H 8D AC"),)))
    assert "O-6" in refused.value.rules


def test_the_taken_wild_is_added_to_no_meld_but_a_set_of_aces() -> None:
    """Seat 1 opens with 5S 6S 7S, then adds its only AC (the taken one) to that run: refused,
    citing O-6 alone (not only later, as a turn that cannot finish, L-62). Kills ``turn:89``…
    ``turn:98``, which let the add through to the L-62 dead end."""
    state = _taken("AS AD 5S 6S 7S 8H 8D 2C 3C 9H TH JH QS KS")
    state = state.apply(LayMelds(1, (cards("5S 6S 7S"),)))
    for end in ("low", "high"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(LayOff(1, Card.parse("AC"), 0, end))
        assert refused.value.rules == ("O-6",), refused.value
    assert not any(isinstance(a, LayOff) and a.card == Card.parse("AC")
                   for a in state.legal_actions())


def test_the_taken_wild_added_to_a_set_is_refused_by_the_rule_it_breaks() -> None:
    """Seat 1 opens with AS AD AH and 8S 8H 8D. Its only AC added to the eights breaks O-6
    (a set of aces only); added to the aces it breaks L-62 alone (the taken card goes into a
    new meld): each refusal cites its own rule (kills ``turn:99``…``turn:103``, which read the
    set of aces as any set, or any set as one of aces)."""
    state = _taken("AS AD AH AS AD 8S 8H 8D 2C 3C 9H TH JH QS")
    state = state.apply(LayMelds(1, (cards("AS AD AH"), cards("8S 8H 8D"))))
    for to, rule in ((0, "L-62"), (1, "O-6")):
        with pytest.raises(IllegalAction) as refused:
            state.apply(LayOff(1, Card.parse("AC"), to, None))
        assert refused.value.rules == (rule,), refused.value
    state = state.apply(LayMelds(1, (cards("AS AD AC"),)))  # a new set of aces: owed no more
    assert _discards(state)


def _taken_joker(seat_1: str) -> State:
    """L-66 (``discarded_wild=natural``), indicator AC (jokers wild, L-22), opening minimum 10:
    seat 1 holding ``seat_1`` has just taken the joker seat 0 opened the round by discarding."""
    state = dealt("levant", {"discarded_wild": "natural", "initial_minimum": 10},
                  ["X 2H 3H 4D 9S 9D TC JC QH KH KD 2S 3S 4C 5C", seat_1], "AC", "JD")
    return state.apply(Discard(0, JOKER, True)).apply(Draw(1, "discard"))


def test_a_meld_with_a_taken_joker_as_its_ace_takes_lay_offs() -> None:
    """L-66 (``discarded_wild=natural``, jokers wild): seat 1 takes seat 0's joker and lays it
    as the ace of QS KS X (it may stand only for an ace). The meld is then a run like any other:
    JS goes on at the low end, on either path (kills ``melds:22`` under ``--native``: the
    ace-only position handed to the native turn search under a role it does not know)."""
    state = _taken_joker("JS QS KS 5S 6S 7S 8H 8D 2C 3C 9H TH JH AD")
    state = state.apply(LayMelds(1, (cards("QS KS X"),)))
    assert state.round is not None and state.round.melds[0].roles() == ("natural", "natural",
                                                                         "ace")
    assert LayOff(1, Card.parse("JS"), 0, None) in state.legal_actions()
    after = state.apply(LayOff(1, Card.parse("JS"), 0, None))
    assert after.round is not None and after.round.melds[0].cards == cards("JS QS KS X")


def test_the_words_of_a_taken_joker_and_of_a_round_without_wild_cards() -> None:
    """L-66 (``discarded_wild=natural``): a joker taken from the pile stands only for an ace,
    and the refusal says so; in a round with no wild card at all (``wilds=jokers``, no
    jokers), a card that would have to be wild is named with "no wild cards"."""
    state = _taken_joker("AS AD 5S 6S 7S 8H 8D 2C 3C 9H TH JH QS KS")
    with pytest.raises(IllegalAction) as refused:
        state.apply(LayMelds(1, (cards("5S 6S X"),)))
    assert str(refused.value).endswith(
        "; the discarded wild X taken from the pile plays only as an ace (L-66)")
    rules = make_ruleset("levant", {"wilds": "jokers", "jokers": 0})
    with pytest.raises(MeldError) as bad:
        analyze(cards("5S 6S AC"), wilds_for(rules, None), rules)
    assert "AC is not a wild card this round (no wild cards; L-21" in str(bad.value)


def test_a_round_without_wild_cards_entitles_to_a_redeal_only_with_four_pairs() -> None:
    """L-52 in a round with no wild card (``wilds=jokers``, no jokers): three pairs and a wild
    card cannot happen, so only four pairs entitle a seat to a redeal (seeded deals, among
    them hands of exactly three pairs)."""
    game = Game.create("levant", {"rounds": 1, "wilds": "jokers", "jokers": 0,
                                  "redeal_pairs": True}, players=4)
    three = 0
    for i in range(200):
        state = game.new_match().deal_seeded(f"no-wild-redeal:{i}")
        rnd = state.round
        assert rnd is not None and rnd.wilds.wild is None
        for seat in range(4):
            pairs = sum(n // 2 for n in Counter(rnd.hands[seat]).values())
            three += pairs == 3
            assert redeal_entitled(state, seat) == (pairs >= 4)
    assert three > 0
