"""Legality: ``legal_actions()`` is exactly the set of actions ``apply()`` accepts, on random
mid-game states; determinism of deals and records; card notation; ruleset options."""

from __future__ import annotations

import itertools
import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handgame import JOKER, Card, CardError, IllegalAction, OptionError
from handgame.core.cards import ALL_CARDS
from handgame.core.errors import MeldError
from handgame.games.hand import (
    PRESETS,
    ClaimRedeal,
    Discard,
    Draw,
    Game,
    LayMelds,
    LayOff,
    Phase,
    State,
    SwapWild,
    make_ruleset,
)
from handgame.games.hand.melds import analyze
from handgame.games.hand.record import to_record
from handgame.games.hand.rules import BONUSES, OPTION_SPECS
from invariants import CONFIGS, play_random_match, random_state

EXAMPLES = int(os.environ.get("HAND_EXAMPLES", "10"))
common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

CONFIG_LIST = [(preset, n, p) for preset, configs in CONFIGS.items() for n, p in configs]

# option variants that change what is legal (played on levant unless the preset says)
LEGALITY_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("levant", {}),
    ("gulf", {}),
    ("four-jokers", {}),
    ("levant", {"discard_pickup": "new-meld-or-add"}),
    ("levant", {"discard_pickup": "free", "discarded_wild": "wild"}),
    ("levant", {"discarded_wild": "aces-set-only"}),
    ("levant", {"discarded_wild": "never"}),
    ("levant", {"pair_plus_wild": "free", "swap_must_reuse": True}),
    ("levant", {"first_turn_win": True, "escalating_minimum": True}),
    ("levant", {"wilds": "no-jokers"}),
    ("levant", {"wilds": "jokers", "initial_minimum": 0}),
]


# ----------------------------------------------------------------------------- candidates


def _hand(state: State, seat: int) -> tuple[Card, ...]:
    assert state.round is not None
    return state.round.hands[seat]


def candidate_actions(state: State, rng: random.Random, four_card_samples: int = 150) -> list[Any]:
    """A broad set of actions, legal or not, for every seat."""
    rnd = state.round
    assert rnd is not None
    n = state.game.players
    turn = rnd.turn
    out: list[Any] = []
    for seat in range(n):
        out += [Draw(seat, "stock"), Draw(seat, "discard"), ClaimRedeal(seat)]
        for c in sorted(set(_hand(state, seat))):
            out += [Discard(seat, c, True), Discard(seat, c, False)]
    hand = _hand(state, turn)
    distinct = sorted(set(hand))
    for c in (*distinct, *ALL_CARDS[:3]):  # a few cards the seat may not hold
        for i in range(len(rnd.melds) + 1):  # and one meld number past the table
            for end in (None, "low", "high"):
                out.append(LayOff(turn, c, i, end))
            out.append(SwapWild(turn, (c,), i))
    for i, meld in enumerate(rnd.melds):
        if meld.kind == "set" and meld.wild_at:
            same_rank = [c for c in distinct if not rnd.wilds.is_wild(c)]
            for a, b in itertools.combinations(same_rank, 2):
                if rnd.wilds.natural(a).rank == meld.rank == rnd.wilds.natural(b).rank:
                    out.append(SwapWild(turn, (a, b), i))
    hand_sorted = tuple(sorted(hand))
    threes = set(itertools.combinations(hand_sorted, 3))
    out += [LayMelds(turn, (m,)) for m in sorted(threes)]
    fours = sorted(set(itertools.combinations(hand_sorted, 4)))
    rng.shuffle(fours)
    out += [LayMelds(turn, (m,)) for m in fours[:four_card_samples]]
    # every enumerated meld also in a shuffled order (a set in any order is the same meld)
    for a in state.legal_actions(turn):
        if isinstance(a, LayMelds):
            cards = list(a.melds[0])
            rng.shuffle(cards)
            out.append(LayMelds(turn, (tuple(cards),)))
    return out


def _round_key(state: State) -> Any:
    """The state without the action log: what an action did, not how it was written."""
    rnd = state.round
    if rnd is None:
        return (state.phase,)
    return (
        state.phase, state.totals, state.results, rnd.hands, rnd.melds, rnd.owners, rnd.opened,
        rnd.discard_pile, rnd.stock, rnd.turn, rnd.turn_state, rnd.announced, rnd.missed,
    )


def normalise(state: State, action: Any) -> Any:
    """The enumerated spelling of an action that means the same thing.

    * ``Discard(announce=False)`` with more than 4 cards in hand is ``announce=True``
      (nobody is left with three cards or fewer, L-70), and so is any discard when the
      rules have no announcements (``announce`` is ignored, L-71);
    * ``LayOff`` with an explicit end that is the only fitting one is ``end=None``;
    * a set is the same meld in any order.
    """
    rnd = state.round
    assert rnd is not None
    if isinstance(action, Discard) and not action.announce:
        plays_out = len(rnd.hands[action.seat]) > 4 or not state.rules.announcements
        if action.seat == rnd.turn and plays_out:
            return Discard(action.seat, action.card, True)
    if isinstance(action, LayOff) and action.end is not None:
        plain = LayOff(action.seat, action.card, action.to, None)
        try:
            a_state = state.apply(action)
            p_state = state.apply(plain)
        except IllegalAction:
            return action
        if _round_key(a_state) == _round_key(p_state):
            return plain
    if isinstance(action, LayMelds):
        melds = []
        for m in action.melds:
            try:
                kind = analyze(m, rnd.wilds, state.rules).kind
            except MeldError:
                kind = None
            melds.append(tuple(sorted(m)) if kind == "set" else m)
        return LayMelds(action.seat, tuple(melds))
    return action


def check_exact_legality(state: State, rng: random.Random) -> tuple[int, int]:
    """Every legal action applies; every candidate applies iff it is (normalised) legal."""
    legal = state.legal_actions()
    for a in legal:
        try:
            state.apply(a)
        except IllegalAction as e:  # pragma: no cover - a failure
            raise AssertionError(f"enumerated {a} refused: {e}") from None
    legal_norm = {normalise(state, a) for a in legal}
    accepted = 0
    candidates = candidate_actions(state, rng)
    for a in candidates:
        try:
            state.apply(a)
            ok = True
        except IllegalAction as e:
            ok = False
            reason = str(e)
        expected = normalise(state, a) in legal_norm
        if ok and not expected:
            raise AssertionError(
                f"{a} applies but is not in legal_actions() "
                f"(phase {state.phase.value}, record: {json.dumps(to_record(state))})"
            )
        if expected and not ok:
            raise AssertionError(f"{a} is in legal_actions() but refused: {reason}")
        if not ok:
            assert reason, f"{a} refused with an empty message"
        accepted += ok
    check_multi_meld(state, legal, rng)
    return accepted, len(candidates)


def check_multi_meld(state: State, legal: list[Any], rng: random.Random, pairs: int = 30) -> None:
    """Laying two melds in one action is laying them one after the other (the enumeration
    lists one meld per action; a record may name several, RECORD.md § Actions)."""
    melds = [a for a in legal if isinstance(a, LayMelds)]
    combos = list(itertools.combinations(melds, 2))
    rng.shuffle(combos)
    for a, b in combos[:pairs]:
        both = LayMelds(a.seat, (a.melds[0], b.melds[0]))
        try:
            together = state.apply(both)
        except IllegalAction:
            together = None
        try:
            one_by_one = state.apply(a).apply(LayMelds(b.seat, b.melds))
        except IllegalAction:
            one_by_one = None
        if (together is None) != (one_by_one is None):
            raise AssertionError(
                f"{both} {'applies' if together else 'is refused'} but laying the melds one "
                f"after the other {'applies' if one_by_one else 'is refused'} "
                f"(record: {json.dumps(to_record(state))})"
            )
        if together is not None and one_by_one is not None:
            assert _round_key(together) == _round_key(one_by_one), f"{both} differs from steps"


@settings(max_examples=EXAMPLES * 3, **common)
@given(
    config=st.sampled_from(CONFIG_LIST),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 160),
)
def test_legal_actions_exact(config: tuple[str, int, bool], seed: int, steps: int) -> None:
    """On random mid-game states, apply() accepts exactly the enumerated actions."""
    preset, n, p = config
    options = {"penalty_limit": 60} if preset == "gulf" else {"rounds": 1}
    state = random_state(preset, n, p, seed, steps, options)
    if state.is_over:
        return
    check_exact_legality(state, random.Random(seed))


@settings(max_examples=EXAMPLES * 2, **common)
@given(
    variant=st.sampled_from(LEGALITY_OPTIONS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 160),
)
def test_legal_actions_exact_options(
    variant: tuple[str, dict[str, Any]], seed: int, steps: int
) -> None:
    """The same under options that change what is legal (O-5, O-6, O-7, O-8, O-10, O-4, O-2)."""
    preset, options = variant
    opts = {"rounds": 1, **options} if preset != "gulf" else {"penalty_limit": 60, **options}
    state = random_state(preset, 4, False, seed, steps, opts)
    if state.is_over:
        return
    check_exact_legality(state, random.Random(seed))


@settings(max_examples=EXAMPLES * 2, **common)
@given(
    variant=st.sampled_from(LEGALITY_OPTIONS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(4, 160),
    take=st.booleans(),
    lays=st.integers(0, 2),
)
def test_legal_actions_exact_mid_turn(
    variant: tuple[str, dict[str, Any]], seed: int, steps: int, take: bool, lays: int
) -> None:
    """Mid-turn states: after taking the top discard (L-62, O-5, L-66, O-6) and after laying
    one or two melds (an opening in progress, L-63), where the turn has obligations."""
    preset, options = variant
    opts = {"rounds": 1, **options} if preset != "gulf" else {"penalty_limit": 60, **options}
    state = random_state(preset, 3, False, seed, steps, opts)
    rng = random.Random(seed)
    for _ in range(8):  # on to a draw phase
        if state.phase is Phase.DRAW or state.is_over or state.is_chance:
            break
        state = state.apply(rng.choice(state.legal_actions(state.current_seat)))
    if state.phase is not Phase.DRAW:
        return
    turn = state.current_seat
    assert turn is not None
    legal = state.legal_actions(turn)
    draw = Draw(turn, "discard") if take and Draw(turn, "discard") in legal else Draw(turn, "stock")
    state = state.apply(draw)
    for _ in range(lays):
        melds = [a for a in state.legal_actions(turn) if isinstance(a, LayMelds)]
        if not melds:
            break
        state = state.apply(rng.choice(melds))
    check_exact_legality(state, rng)


def test_play_phase_states_are_covered() -> None:
    """The generator of mid-game states does reach the play phase with melds on the table."""
    seen_play = seen_melds = 0
    for seed in range(6):
        for steps in (15, 40, 70):
            s = random_state("levant", 4, False, seed, steps, {"rounds": 1})
            if s.phase is Phase.PLAY:
                seen_play += 1
                assert s.round is not None
                seen_melds += bool(s.round.melds)
                check_exact_legality(s, random.Random(seed))
    assert seen_play >= 3
    assert seen_melds >= 1


def test_actions_out_of_turn_and_phase_refused() -> None:
    """Nothing applies between rounds or after the match; other seats cannot act (L-4)."""
    game = Game.create("levant", {"rounds": 1}, 3)
    state = game.new_match(0)
    with pytest.raises(IllegalAction):
        state.apply(Draw(1, "stock"))
    state = state.deal_seeded("x")
    turn = state.current_seat
    assert turn == 1 and state.phase is Phase.FIRST_DISCARD
    for seat in range(3):
        if seat != turn:
            card = _hand(state, seat)[0]
            with pytest.raises(IllegalAction):
                state.apply(Discard(seat, card))
    with pytest.raises(IllegalAction):
        state.apply(Draw(turn, "stock"))  # L-60: the first player starts by discarding
    with pytest.raises(IllegalAction):
        state.apply(Discard(7, _hand(state, turn)[0]))  # no such seat


# ----------------------------------------------------------------------------- determinism


@pytest.mark.parametrize(("preset", "players", "partnership"), CONFIG_LIST)
def test_same_seed_same_record(preset: str, players: int, partnership: bool) -> None:
    """The same seed gives the same deals, the same play and the same record JSON."""
    opts = {"penalty_limit": 60} if preset == "gulf" else {"rounds": 1}
    records = []
    for _ in range(2):
        run = play_random_match(
            preset, players, partnership, 7, options=opts, check=False, max_steps=100
        )
        records.append(json.dumps(to_record(run.state), sort_keys=True))
    assert records[0] == records[1]
    other = play_random_match(
        preset, players, partnership, 8, options=opts, check=False, max_steps=100
    )
    assert json.dumps(to_record(other.state), sort_keys=True) != records[0]


def test_deal_seeded_is_deterministic() -> None:
    game = Game.create("four-jokers", {}, 5)
    a = game.new_match(2).deal_seeded("seed")
    b = game.new_match(2).deal_seeded("seed")
    c = game.new_match(2).deal_seeded("other")
    assert a.round is not None and b.round is not None and c.round is not None
    assert a.round.deal == b.round.deal
    assert a.round.deal != c.round.deal


# ----------------------------------------------------------------------------- cards

SUIT_SYMBOLS = dict(zip("SHDC", "♠♥♦♣", strict=True))


def test_card_notation_round_trip() -> None:
    """All 53 cards print and parse back; alternative spellings parse the same."""
    assert len(ALL_CARDS) == 53
    assert len({str(c) for c in ALL_CARDS}) == 53
    for c in ALL_CARDS:
        text = str(c)
        assert Card.parse(text) == c
        assert Card.parse(text.lower()) == c
        assert Card.parse(f" {text} ") == c
        assert Card.parse(c.symbol()) == c
        if not c.is_joker:
            assert Card.parse(text[0] + SUIT_SYMBOLS[text[1]]) == c
            if text[0] == "T":
                assert Card.parse("10" + text[1]) == c
                assert Card.parse("10" + text[1].lower()) == c
    assert Card.parse("10H") == Card.parse("TH")
    assert Card.parse("T♦") == Card.parse("TD")
    assert Card.parse("JK") == JOKER == Card.parse("X") == Card.parse("x") == Card.parse("jk")
    assert Card.parse("qs") == Card.parse("QS")
    assert str(Card.parse("10♣")) == "TC"


@pytest.mark.parametrize(
    "text",
    ["", " ", "S", "1S", "11H", "0D", "ZZ", "AZ", "A", "10", "XX", "JKR", "QSS", "Q S", "♠Q", "TT",
     "1", "KE", "Q♤", "🂡"],
)
def test_unknown_cards_raise(text: str) -> None:
    with pytest.raises(CardError):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 12, 1.5, ["AS"], b"AS"])
def test_non_text_cards_raise(value: Any) -> None:
    with pytest.raises(CardError):
        Card.parse(value)


@given(st.text(max_size=4))
@settings(max_examples=EXAMPLES * 20, deadline=None)
def test_card_parse_is_total(text: str) -> None:
    """Any text either parses to a card whose notation parses back, or raises CardError."""
    try:
        card = Card.parse(text)
    except CardError as e:
        assert str(e)
        return
    assert Card.parse(str(card)) == card


# ----------------------------------------------------------------------------- options


def test_unknown_option_lists_valid_ones() -> None:
    with pytest.raises(OptionError) as e:
        make_ruleset("levant", {"no_such_option": 1})
    msg = str(e.value)
    assert "no_such_option" in msg
    for name in OPTION_SPECS:
        assert name in msg


def test_unknown_preset_lists_valid_ones() -> None:
    with pytest.raises(OptionError) as e:
        make_ruleset("hand-and-feet", {})
    for name in PRESETS:
        assert name in str(e.value)
    with pytest.raises(OptionError):
        Game.create("nope")


def _choice_specs() -> list[Any]:
    return [s for s in OPTION_SPECS.values() if s.kind == "choice"]


@pytest.mark.parametrize("spec", _choice_specs(), ids=lambda s: s.name)
def test_bad_choice_value_lists_valid_ones(spec: Any) -> None:
    with pytest.raises(OptionError) as e:
        make_ruleset("levant", {spec.name: "not-a-value"})
    msg = str(e.value)
    assert spec.name in msg
    for choice in spec.choices:
        assert str(choice) in msg


@pytest.mark.parametrize("spec", _choice_specs(), ids=lambda s: s.name)
def test_every_choice_value_accepted(spec: Any) -> None:
    for choice in spec.choices:
        extra: dict[str, Any] = {}
        if spec.name == "ace_indicator":
            extra = {"wilds": "no-jokers"}
        if spec.name == "jokers" and choice == 0:
            extra = {"wilds": "indicator"}
        rules = make_ruleset("levant", {spec.name: choice, **extra})
        assert getattr(rules, spec.name) == choice


@pytest.mark.parametrize(
    ("name", "value", "valid"),
    [
        ("jokers", 3, ["0", "2", "4"]),
        ("jokers", "2", ["0", "2", "4"]),
        ("wilds", "all", ["indicator", "jokers", "no-jokers"]),
        ("escalating_minimum", "yes", ["true", "false"]),
        ("first_turn_win", 1, ["true", "false"]),
        ("initial_minimum", "51", ["integer"]),
        ("initial_minimum", True, ["integer"]),
        ("rounds", 7.5, ["integer", "null"]),
        ("unopened_penalty", "100", ["integer", "null"]),
        ("bonuses", ["double"], list(BONUSES)),
        ("bonuses", 3, list(BONUSES)),
        ("ace_in_hand", 1, ["11", "10"]),
    ],
)
def test_bad_option_value(name: str, value: Any, valid: list[str]) -> None:
    with pytest.raises(OptionError) as e:
        make_ruleset("levant", {name: value})
    msg = str(e.value)
    assert name in msg
    for v in valid:
        assert v in msg, f"{v!r} not listed in {msg!r}"


def test_option_overrides_apply() -> None:
    rules = make_ruleset("gulf", {"initial_minimum": 71, "bonuses": ["one-suit", "wild-discard"]})
    assert rules.initial_minimum == 71
    assert set(rules.bonuses) == {"one-suit", "wild-discard"}
    assert rules.wilds == "jokers"  # the rest of the preset is kept
    assert make_ruleset("levant", {"wilds": "no-jokers"}).jokers == 0
    with pytest.raises(OptionError):
        make_ruleset("levant", {"wilds": "no-jokers", "jokers": 2})
    with pytest.raises(OptionError):
        make_ruleset("levant", {"rounds": 0})


@pytest.mark.parametrize(
    ("preset", "players", "partnership"),
    [("levant", 1, False), ("levant", 6, False), ("four-jokers", 6, False),
     ("levant", 3, True), ("four-jokers", 5, True), ("gulf", 6, False), ("levant", True, False)],
)
def test_bad_player_counts(preset: str, players: Any, partnership: bool) -> None:
    with pytest.raises(OptionError):
        Game.create(preset, {}, players, partnership)
