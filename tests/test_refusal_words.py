"""The words of every refusal in the record cases (tests/records/cases), one by one (issue 20).

The record cases check where a record is refused and that the message cites the case's rule;
these tests pin the whole sentence a player reads (the same text the terminal and the web page
show beside the rule ids they carry as data, ``GameError.rules``). Each sentence was
read against RULES.md. Mutants that change only the words of a refusal
(``scripts/mutate.py``: turn:14…16, turn:18, turn:22 and the like) fail here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from handgame.games.hand.record import play_record

CASES = Path(__file__).resolve().parent / "records" / "cases"

REFUSALS = {
    'deal-not-the-deck': (
        'the deal is not exactly the 106-card deck (too many: KH×1; missing: 2S×1)'
    ),
    'f4-must-meld-nothing-laid-refused': (
        'the discard KD was taken: a new meld must be laid this turn, with or without it '
        '(F-4)'
    ),
    'f4-new-meld-override-refused': (
        'the discard KD was taken: it must be laid this turn in a new meld with at least two '
        'cards from hand (L-62)'
    ),
    'f6-opening-51-refused': (
        'an opening must total at least 52; these melds count 51 (L-63, F-6)'
    ),
    'f8-swap-needs-opening-refused': (
        'before opening a player may not add to melds on the table nor take wild cards from '
        'them, unless going out this turn (L-63, L-64)'
    ),
    'g3-first-discards-without-draw': (
        'not now: a turn starts with a draw from the stock or the discard pile (L-61, G-3)'
    ),
    'g5-two-jokers-three-card': (
        'too many wild cards: at most one wild card in a three-card meld and two in a longer '
        'one, never all wild (G-5)'
    ),
    'g6-opening-50': (
        'an opening must total at least 51; these melds count 50 (L-63, G-6)'
    ),
    'l11-no-wrap-add': (
        '2S does not fit the run QS KS AS: a card is added only at either end of a run, as '
        'the next card of its suit, with no wrap-around from K to A to 2; melds are never '
        'rearranged (L-11, L-42)'
    ),
    'l11-no-wrap-meld': (
        'not a run: a run is 3 to 13 consecutive cards of one suit in ascending order, the '
        'ace high (Q-K-A) or low (A-2-3) but never in the middle (L-11, L-13); AS is not a '
        "wild card this round (wild: both AC (aces of the indicator's suit); jokers play as "
        'natural AC; L-21, L-22, L-25, O-2)'
    ),
    'l12-identical-cards-in-set': (
        'not a set: a set is 3 or 4 cards of one rank, all of different suits; two identical '
        'cards never stand in one set (L-12)'
    ),
    'l13-run-not-ascending': (
        'not a run: a run is 3 to 13 consecutive cards of one suit in ascending order, the '
        'ace high (Q-K-A) or low (A-2-3) but never in the middle (L-11, L-13)'
    ),
    'l20-joker-indicator': (
        'X cannot be the indicator (L-20, O-2)'
    ),
    'l21-joker-not-wild': (
        'not a meld: a run needs one suit and consecutive ranks (L-11), a set one rank in '
        'different suits (L-12); X is not a wild card this round (wild: both AC (aces of the '
        "indicator's suit); jokers play as natural AC; L-21, L-22, L-25, O-2)"
    ),
    'l22-ace-indicator-ace-natural': (
        'not a meld: a run needs one suit and consecutive ranks (L-11), a set one rank in '
        'different suits (L-12); AC is not a wild card this round (wild: jokers; L-21, L-22, '
        'L-25, O-2)'
    ),
    'l23-two-wilds': (
        'too many wild cards: a meld holds at most one wild card (L-23)'
    ),
    'l31-wild-low-end-opening-49': (
        'an opening must total at least 51; these melds count 49 (L-63)'
    ),
    'l32-wild-in-set-opening-50': (
        'an opening must total at least 51; these melds count 50 (L-63)'
    ),
    'l40-swap-pair-one-card-refused': (
        'to take the wild card of the set 5S 5C AC(5HD) put 5H and 5D in its place (L-40: all '
        'missing suits, making a set of four)'
    ),
    'l40-swap-wrong-card': (
        '8H is not the card a wild card stands for in 7D AC(8D) 9D (L-40)'
    ),
    'l42-no-reread-wild': (
        '7C does not fit the run 9C TC AS(JC): a card is added only at either end of a run, '
        'as the next card of its suit, with no wrap-around from K to A to 2; melds are never '
        'rearranged (L-11, L-42)'
    ),
    'l44-single-to-pair-refused': (
        'a single missing card may be added to a set of two equal cards and a wild only when '
        'going out this turn or when a player is left with one card (L-44)'
    ),
    'l44-no-announcements-refused': (
        'a single missing card may be added to a set of two equal cards and a wild only when '
        'going out this turn or when a player is left with one card (L-44)'
    ),
    'l44b-other-player-missed-announcement-refused': (
        'a single missing card may be added to a set of two equal cards and a wild only when '
        'going out this turn or when a player is left with one card (L-44)'
    ),
    'l50-wrong-dealer': (
        'seat 2 deals this round, not seat 1 (L-50)'
    ),
    'l52-redeal-after-discard': (
        "a redeal is claimed only before the round's first discard (L-52)"
    ),
    'l52-redeal-not-entitled': (
        'a redeal needs four pairs of identical cards, three pairs and a wild card, or two '
        'pairs and two jokers (L-52)'
    ),
    'l52-redeal-then-wrong-dealer': (
        'seat 0 deals this round, not seat 1 (L-50)'
    ),
    'l60-first-player-draws': (
        'not now: the first player opens the round with a discard (L-60)'
    ),
    'l61-discard-without-draw': (
        'not now: a turn starts with a draw from the stock or the discard pile (L-61, G-3)'
    ),
    'l61-draw-twice': (
        'not now: the card is drawn already: lay cards or discard (L-61)'
    ),
    'l62-take-discard-add-refused': (
        'the discard 9S was taken: it must be laid this turn in a new meld with at least two '
        'cards from hand (L-62)'
    ),
    'l63-add-before-opening': (
        'before opening a player may not add to melds on the table nor take wild cards from '
        'them, unless going out this turn (L-63, L-64)'
    ),
    'l63-opening-50': (
        'an opening must total at least 51; these melds count 50 (L-63)'
    ),
    'l63-swap-before-opening': (
        'before opening a player may not add to melds on the table nor take wild cards from '
        'them, unless going out this turn (L-63, L-64)'
    ),
    'l65-meld-all-cards': (
        'a turn always ends with a discard: keep a card to discard (L-65)'
    ),
    'l65-two-cards-draw-third': (
        'a turn always ends with a discard: keep a card to discard (L-65)'
    ),
    'l66-discarded-wild-as-wild': (
        'not a meld: a run needs one suit and consecutive ranks (L-11), a set one rank in '
        'different suits (L-12); the discarded wild AC taken from the pile plays only as its '
        'own natural card (L-66)'
    ),
    'l66-twin-own-copy-as-wild-refused': (
        'the discard AC was taken: it must be laid this turn in a new meld with at least two '
        'cards from hand (L-62)'
    ),
    'l66-twin-restriction-stays': (
        'not a meld: a run needs one suit and consecutive ranks (L-11), a set one rank in '
        'different suits (L-12); the discarded wild AC taken from the pile plays only as its '
        'own natural card (L-66)'
    ),
    'l67-out-on-first-turn': (
        'this would leave only the card to discard, going out: no player may go out before '
        'every player has completed one turn (L-67)'
    ),
    'l71-missed-announce-no-out': (
        'this would leave only the card to discard, going out: a player who did not announce '
        'three cards or fewer may not go out on the next turn (L-71)'
    ),
    'l80-action-after-out': (
        'the round has already ended: it ends at once when a player goes out (L-80)'
    ),
    'l81-stock-players-extra-action': (
        'the round has already ended: the stock ran out (L-81, O-9)'
    ),
    'max-meld-size-add-sixth-refused': (
        '9S cannot be added to TS JS QS KS AS: a meld holds at most 5 cards (option '
        'max_meld_size)'
    ),
    'max-meld-size-six-card-run-refused': (
        'a meld holds at most 5 cards (option max_meld_size)'
    ),
    'o1-rotate-wrong-dealer': (
        'seat 1 deals this round, not seat 0 (O-1)'
    ),
    'o11-two-card-discard-without-bonus-refused': (
        'a turn ends with the discard of one card (L-61); two wild cards go together only '
        'under the two-wilds bonus (O-11)'
    ),
    'o2-single-wild-without-no-jokers-refused': (
        'option ace_indicator=single-wild applies only with wilds=no-jokers, not with '
        'wilds=indicator (O-2): the two options contradict each other'
    ),
    'o2-wilds-jokers-ace-natural': (
        'not a meld: a run needs one suit and consecutive ranks (L-11), a set one rank in '
        'different suits (L-12); AC is not a wild card this round (wild: jokers; L-21, L-22, '
        'L-25, O-2)'
    ),
    'o3-ace-low-1-refused': (
        'an opening must total at least 51; these melds count 41 (L-63)'
    ),
    'o4-escalating-refused': (
        'an opening must total at least 57; these melds count 56 (L-63, O-4 '
        'escalating)'
    ),
    'o4-minimum-71-refused': (
        'an opening must total at least 71; these melds count 61 (L-63)'
    ),
    'o5-discarder-unopened': (
        'the discard 9S was taken: it must be laid this turn in a new meld, or added to a '
        'meld when its discarder has opened (L-62, O-5)'
    ),
    'o6-aces-set-only-refused': (
        'a discarded wild card may be taken only for a set of aces (O-6)'
    ),
    'o6-discarded-wild-never': (
        'a discarded wild card may never be taken (O-6)'
    ),
    'o7-swap-must-reuse-refused': (
        'a wild card taken by a swap must be used on the table at once (O-7)'
    ),
    'o8-open-by-the-add-restricted-refused': (
        'before opening a player may not add to melds on the table nor take wild cards from '
        'them, unless going out this turn (L-63, L-64)'
    ),
    'o2-no-jokers-jokers-not-given-joker-dealt-refused': (
        'the deal is not exactly the 104-card deck (too many: X×2)'
    ),
    'o2-no-jokers-with-four-jokers-refused': (
        'option wilds=no-jokers contradicts jokers=4: no-jokers plays a 104-card deck, '
        'jokers=0 (O-2); give jokers=0 or leave jokers out'
    ),
    'o2-no-jokers-with-jokers-refused': (
        'option wilds=no-jokers contradicts jokers=2: no-jokers plays a 104-card deck, '
        'jokers=0 (O-2); give jokers=0 or leave jokers out'
    ),
    'record-partnership-needs-four': (
        'partnership play needs exactly 4 players (L-1)'
    ),
    'record-players-one': (
        'four-jokers is played by 2 to 5 players, not 1'
    ),
    'record-players-out-of-range': (
        'levant is played by 2 to 5 players, not 6'
    ),
    'record-rules-unknown-option': (
        "unknown option 'jokerz'; valid options: jokers, wilds, ace_indicator, deal, "
        'wild_limit, initial_minimum, escalating_minimum, opening_values, '
        'ace_low_value, ace_high_value, penalty_values, ace_in_hand, discard_pickup, '
        'discarded_wild, swap_must_reuse, swap_needs_opening, pair_plus_wild, '
        'stock_end, first_turn_win, announcements, max_meld_size, bonuses, win_partial, '
        'win_full, unopened_penalty, full_hand_multiplier, rounds, penalty_limit, '
        'dealer, redeal_pairs'
    ),
    'record-rules-unknown-preset': (
        "unknown preset 'levantine'; valid presets: levant, gulf, four-jokers"
    ),
    'record-rules-value-of-wrong-kind': (
        'option initial_minimum: 51 is not valid; valid: an integer from 0 to 1000'
    ),
    'record-rules-value-out-of-range': (
        'option jokers: 3 is not valid; valid: 0, 2, 4'
    ),
}


def test_every_refused_case_is_listed() -> None:
    refused = set()
    for path in CASES.glob("*.json"):
        if play_record(json.loads(path.read_text(encoding="utf-8"))["record"])[1] is not None:
            refused.add(path.stem)
    assert refused == set(REFUSALS)


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_the_words_of_a_refusal(case: str) -> None:
    record = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))["record"]
    error = play_record(record)[1]
    assert error is not None and error["message"] == REFUSALS[case]


def test_a_refusal_cites_the_rules_of_its_own_preset() -> None:
    """An opening below the minimum cites L-63 and the preset's own rule (G-6 at gulf, F-6 at
    four-jokers), never another preset's: levant's cites no G-6 nor F-6 (issue 36, B12)."""
    cited = {
        case: play_record(json.loads((CASES / f"{case}.json").read_text("utf-8"))["record"])[1]
        for case in ("l63-opening-50", "g6-opening-50", "f6-opening-51-refused")
    }
    assert {case: e["message"].rsplit("(", 1)[1] for case, e in cited.items() if e} == {
        "l63-opening-50": "L-63)",
        "g6-opening-50": "L-63, G-6)",
        "f6-opening-51-refused": "L-63, F-6)",
    }
