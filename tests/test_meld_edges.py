"""Lay-offs, ends and swaps at the limits of runs and sets (L-11, L-12, L-40, L-42; issue 20).

Through ``legal_actions``/``apply`` on hand-made deals, and through the state-free meld
utilities (``melds.fitting_ends``, ``add_card``, ``swap``) that ``hand meld`` and the engine
share. Each test names the mutants of ``scripts/mutate.py`` it kills.
"""

from __future__ import annotations

import pytest

from hand_deals import cards, dealt
from handgame.core.cards import Card
from handgame.core.errors import IllegalAction, MeldError
from handgame.games.hand.actions import Discard, Draw, LayMelds, LayOff
from handgame.games.hand.melds import Meld, add_card, analyze, fitting_ends, swap
from handgame.games.hand.rules import make_ruleset
from handgame.games.hand.state import State
from handgame.games.hand.wilds import wilds_for

LEVANT = make_ruleset("levant")
WILDS = wilds_for(LEVANT, Card.parse("7C"))  # both AC wild; jokers natural AC (L-21)


def _meld(text: str) -> Meld:
    return analyze(cards(text), WILDS, LEVANT)


def test_a_wild_card_fits_an_ace_run_at_one_end_and_is_listed_without_an_end() -> None:
    """L-11, L-42: on the run AH 2H 3H a wild card fits only above (as 4H), on QS KS AS only
    below (as JS): no card goes past an ace, and no wrap. Each lay-off has a single place, so
    it is listed without an end, as every such lay-off is (melds:155, melds:158, melds:159:
    the other end offered too made it two actions, one of them refused)."""
    state = dealt("levant", {},
                   ["JS JH JD TS TH TD 9S 9H 9D AC 5C 6D 8C 2S 4D",
                    "AH 2H 3H QS KS AS KH KD KC 7D 5S 8D 6C 4S"], "7C", "2C 3C")
    for action in (Discard(0, Card.parse("4D"), True), Draw(1, "stock"),
                   LayMelds(1, (cards("AH 2H 3H"), cards("QS KS AS"), cards("KH KD KC"))),
                   Discard(1, Card.parse("2C"), True), Draw(0, "stock"),
                   LayMelds(0, (cards("JS JH JD"), cards("TS TH TD"), cards("9S 9H 9D")))):
        state = state.apply(action)
    ace = Card.parse("AC")
    on_runs = [a for a in state.legal_actions() if isinstance(a, LayOff) and a.card == ace
               and a.to in (0, 1)]
    assert on_runs == [LayOff(0, ace, 0, None), LayOff(0, ace, 1, None)], on_runs
    for lay, written in zip(on_runs, ("AH 2H 3H AC", "AC QS KS AS"), strict=True):
        after = state.apply(lay).round
        assert after is not None and after.melds[lay.to].cards == cards(written)


def test_lay_offs_at_the_limits_of_a_run_and_a_set() -> None:
    """L-11, L-42, L-12: on the run 2H…KH the ace of hearts fits at either end (low as 1,
    high as 14), so it is offered at each end and refused without one; a set of four takes no
    fifth card; a lay-off on a set may name an end, which a set ignores, but only 'low' or
    'high' (melds:174…189, melds:197…201, melds:227)."""
    state = dealt("levant", {},
                   ["2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH KS 5C",
                    "KS KD KC KH QS QD QC 6D 8C 2S 4S 7D 9C 3D"], "7C", "3C QH")
    run = cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    for action in (Discard(0, Card.parse("5C"), True), Draw(1, "stock"),
                   LayMelds(1, (cards("KS KD KC KH"), cards("QS QD QC"))),
                   Discard(1, Card.parse("2S"), True), Draw(0, "stock"),
                   LayMelds(0, (run,))):
        state = state.apply(action)
    ace, king, queen = Card.parse("AH"), Card.parse("KS"), Card.parse("QH")
    lay_offs = {(a.card, a.to, a.end) for a in state.legal_actions() if isinstance(a, LayOff)}
    assert {(ace, 2, "low"), (ace, 2, "high")} <= lay_offs, lay_offs
    assert not any(c == king for c, _, _ in lay_offs), lay_offs
    low = state.apply(LayOff(0, ace, 2, "low")).round
    high = state.apply(LayOff(0, ace, 2, "high")).round
    assert low is not None and low.melds[2].cards == (ace, *run)
    assert high is not None and high.melds[2].cards == (*run, ace)
    refusals = {
        LayOff(0, ace, 2, None): f"AH could go at either end of {_meld_text(state, 2)}: say "
                                 "which end",
        LayOff(0, king, 0, None): "a set holds at most 4 cards, one of each suit (L-12)",
        LayOff(0, queen, 1, "middle"): "end must be 'low' or 'high'",
    }
    for action, words in refusals.items():
        try:
            state.apply(action)
        except IllegalAction as e:
            assert str(e) == words, (action, str(e))
        else:
            raise AssertionError(f"{action} was accepted")
    for end in ("low", "high", None):
        after = state.apply(LayOff(0, queen, 1, end)).round
        assert after is not None and after.melds[1].cards == cards("QS QD QC QH"), end


def _meld_text(state: State, index: int) -> str:
    rnd = state.round
    assert rnd is not None
    return rnd.melds[index].describe()


@pytest.mark.parametrize(("run", "card", "ends"), [
    ("2D 3D 4D", "5D", ["high"]),          # a run from 2: only the next card above
    ("2D 3D 4D", "AD", ["low"]),           # the ace below a 2 (low ace, L-11)
    ("JD QD KD", "TD", ["low"]),           # a run to K: only the card below
    ("JD QD KD", "AD", ["high"]),          # the ace above a K (high ace)
    ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH", ["low", "high"]),
    ("3D 4D 5D 6D 7D 8D 9D TD JD QD KD", "AD", ["high"]),  # the ace not below a 3
    ("2D 3D 4D", "2D", []),                # a twin of the first card fits nowhere
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH", []),  # thirteen cards: full
    ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "AH", []),
    ("9S 9H 9D 9C", "AC", []),             # a wild card on a set of four
    ("9S 9H 9D", "AC", [None]),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AC", []),  # a wild card on a full run
    ("5D AC 7D 8D", "AC", []),             # one wild card at most (L-23)
    ("5D 6D 7D 8D", "AC", ["low", "high"]),
])
def test_a_natural_card_fits_a_run_only_where_it_is_next(run: str, card: str,
                                                          ends: list[str]) -> None:
    """L-11, L-12, L-23, L-42: a natural card fits a run only as the next card of its suit at
    an end, the ace at either end of a run from 2 to K; nothing fits a full meld; a wild card
    fits within the wild limit. ``fitting_ends`` is exact: going_out counts the melds a wild
    card fits (melds:147, melds:150…153, melds:168…178, melds:184)."""
    assert fitting_ends(_meld(run), Card.parse(card), WILDS, LEVANT) == ends


def test_nothing_is_added_to_a_run_of_thirteen() -> None:
    """L-11: a run is at most 13 cards; the ace does not go past A…K (melds:213, melds:214)."""
    full = _meld("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    with pytest.raises(MeldError) as refused:
        add_card(full, Card.parse("AH"), "high", WILDS, LEVANT)
    assert str(refused.value).startswith("AH does not fit the run "), str(refused.value)
    assert refused.value.rules == ("L-11", "L-42")


def test_a_swap_from_a_set_puts_every_missing_suit_of_its_rank() -> None:
    """L-40: taking the wild card of the set 9S 9H AC needs 9D and 9C; a card of another rank
    in the right suit is refused with the same words (melds:242)."""
    sets = _meld("9S 9H AC")
    new, taken = swap(sets, cards("9D 9C"), WILDS, LEVANT)
    assert taken == cards("AC") and sorted(new.cards) == sorted(cards("9S 9H 9D 9C"))
    with pytest.raises(MeldError) as refused:
        swap(sets, cards("9D 5C"), WILDS, LEVANT)
    assert "put 9D and 9C in its place" in str(refused.value), str(refused.value)
    assert refused.value.rules == ("L-40",)
