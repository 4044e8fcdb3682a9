"""Random play that forces the rare situations the hand-made cases cover thinly (issue 20).

Every invariant of ``invariants.py`` is checked at every step of each match. Forced here:

* going out on the first lap (L-67, O-10): a deal gives one seat a hand made wholly of melds,
  so it can go out at its first turn; under O-10 it must, under L-67 it must be refused;
* every value of every option (``OPTION_SPECS``: each choice, both booleans, each bonus, a few
  numbers) in one short match each, once per run;
* a natural ace left in an opened loser's hand under ``ace_in_hand`` 10 (O-3);
* every preset × player count × partnership.

``HAND_RARE_SEED`` (default ``rare``) changes every seed of this module.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from handgame import IllegalAction
from handgame.core.cards import Card
from handgame.games.hand import Game, LayMelds
from handgame.games.hand.deal import Deal
from handgame.games.hand.rules import BONUSES, OPTION_SPECS
from handgame.games.hand.state import State
from invariants import CONFIGS, play_random_match

SEED = os.environ.get("HAND_RARE_SEED", "rare")


def _value(card: Card) -> int:
    """A natural card's opening value, T…K 10 (L-30), recomputed here."""
    return 10 if card.rank >= 10 else card.rank


def meld_hand(rng: random.Random, pool: Counter[Card], size: int, wild: Any) -> list[list[Card]]:
    """Runs and sets of natural cards from ``pool`` (no aces, jokers or wild cards) holding
    exactly ``size`` cards and worth at least 60, or [] when this draw failed."""
    usable = Counter({c: n for c, n in pool.items() if 2 <= c.rank <= 13 and not wild(c)})
    melds: list[list[Card]] = []
    left = size
    for _ in range(100):
        if not left:
            break
        if left < 3:
            return []
        length = rng.choice([n for n in (3, 4, 5) if n <= left and left - n != 1 and left - n != 2]
                            or [left])
        if rng.random() < 0.5 and length <= 4:  # a set: one rank, distinct suits (L-12)
            rank = rng.randrange(2, 14)
            suits = [s for s in range(4) if usable[Card.of(rank, s)]]
            if len(suits) < length:
                continue
            cards = [Card.of(rank, s) for s in rng.sample(suits, length)]
        else:  # a run: consecutive ranks of one suit (L-11)
            suit = rng.randrange(4)
            start = rng.randrange(2, 15 - length)
            cards = [Card.of(start + i, suit) for i in range(length)]
            if any(usable[c] == 0 for c in cards):
                continue
        for c in cards:
            usable[c] -= 1
        melds.append(cards)
        left -= length
    if left or sum(_value(c) for m in melds for c in m) < 60:
        return []
    return melds


def forced_deal(state: State, seat: int, rng: random.Random, tag: str) -> tuple[State, list[Any]]:
    """Deal the next round (seeded by ``tag``) and give ``seat`` 14 cards that are all melds."""
    dealt = state.deal_seeded(tag)
    rnd = dealt.round
    assert rnd is not None
    base = rnd.deal
    pool: Counter[Card] = Counter(c for h in base.hands for c in h)
    pool.update(base.stock)
    for _ in range(200):
        melds = meld_hand(rng, pool, 14, rnd.wilds.is_wild)
        if melds:
            break
    else:
        raise AssertionError("no meld hand found")
    rest = list((pool - Counter(c for m in melds for c in m)).elements())
    rng.shuffle(rest)
    hands: list[tuple[Card, ...]] = []
    for s, h in enumerate(base.hands):
        if s == seat:
            hands.append(tuple(c for m in melds for c in m))
        else:
            hands.append(tuple(rest[: len(h)]))
            rest = rest[len(h) :]
    return state.apply_deal(Deal(tuple(hands), tuple(rest), base.indicator, base.discard)), melds


def first_lap_match(seat_of: str, first_turn_win: bool, n: int, seed: str) -> Any:
    """A one-round match whose forced seat (``dealer``: the last of the first lap; ``any``: a
    random seat but the first) holds a hand of melds, every seat going out when it can."""
    rng = random.Random(seed)
    dealer = rng.randrange(n)
    seat = dealer if seat_of == "dealer" else (dealer + rng.randrange(2, n + 1)) % n

    def deal(state: State, i: int) -> State:
        return forced_deal(state, seat, rng, f"{seed}:{i}")[0]

    options = {"rounds": 1, "first_turn_win": first_turn_win}
    run = play_random_match(
        "levant", n, False, seed, options=options, policy="eager", dealer=dealer, deal=deal,
        max_rounds=1, check_successors=False, check_views="turn",
    )
    return run, seat


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("first_turn_win", [True, False], ids=["O-10", "L-67"])
@pytest.mark.parametrize("seat_of", ["dealer", "any"])
def test_first_lap_going_out(seat_of: str, first_turn_win: bool, n: int) -> None:
    """Under O-10 the forced seat goes out at its first turn; under L-67 it tries and is refused
    (``invariants`` also fails any first-lap going out under L-67)."""
    for k in range(3 if first_turn_win else 2):
        run, seat = first_lap_match(seat_of, first_turn_win, n, f"{SEED}:{seat_of}:{n}:{k}")
        res = run.state.results[0]
        if first_turn_win:
            assert res.result == "won" and res.winner == seat, (seat, res, run.events)
            turns = [a for a in run.state.round.actions if a.seat == seat and hasattr(a, "source")]
            assert len(turns) == 1, "went out at its first turn"
        else:
            refused = [e for e in run.events if e.startswith("refused:") and "L-67" in e]
            assert refused, run.events


def test_first_lap_by_hand() -> None:
    """One forced position by hand: the dealer, last of the first lap, holds 14 cards of melds
    and draws; laying them all (going out with the discard) is refused under L-67 and legal
    under O-10."""
    for ftw in (False, True):
        game = Game.create("levant", {"first_turn_win": ftw}, 3)
        rng = random.Random("by-hand")
        state, melds = forced_deal(game.new_match(2), 2, rng, "by-hand")
        while state.current_seat != 2 or state.phase.value != "play":
            actions = [a for a in state.legal_actions() if a.seat == state.current_seat]
            draw = [a for a in actions if getattr(a, "source", None) == "stock"]
            state = state.apply((draw or [a for a in actions if a.verb == "discard"])[0])
        lay = LayMelds(2, tuple(tuple(m) for m in melds))
        if ftw:
            after = state.apply(lay)
            assert len(after.round.hands[2]) == 1  # type: ignore[union-attr]
        else:
            with pytest.raises(IllegalAction) as e:
                state.apply(lay)
            assert "L-67" in str(e.value)


def option_values() -> list[tuple[str, Any]]:
    """Every value of every option: each choice, both booleans, each bonus, a few numbers."""
    numbers: dict[str, list[Any]] = {
        "initial_minimum": [0, 31, 71],
        "win_partial": [-30, 0],
        "win_full": [-60, -100],
        "unopened_penalty": [None, 100],
        "full_hand_multiplier": [1, 3],
        "rounds": [1, 2],
        "penalty_limit": [None, 80],
    }
    out: list[tuple[str, Any]] = []
    for name, spec in OPTION_SPECS.items():
        if spec.kind == "choice":
            out += [(name, v) for v in spec.choices]
        elif spec.kind == "bool":
            out += [(name, True), (name, False)]
        elif spec.kind == "set":
            out += [(name, [b]) for b in BONUSES] + [(name, list(BONUSES))]
        else:
            out += [(name, v) for v in numbers.get(name, [None])]
    return out


COMPANIONS: dict[tuple[str, str], dict[str, Any]] = {
    # values (by repr) that need another option to make a valid rule set
    ("ace_indicator", "'single-wild'"): {"wilds": "no-jokers"},
    ("rounds", "None"): {"penalty_limit": 100},
    ("penalty_limit", "None"): {"rounds": 1},
}


def _game_for(name: str, value: Any) -> tuple[str, dict[str, Any]]:
    """The first preset that accepts the option value (with its companions)."""
    options = {name: value, **COMPANIONS.get((name, repr(value)), {})}
    if name not in ("rounds", "penalty_limit"):
        options.setdefault("rounds", 1)
    errors = []
    for preset in ("levant", "four-jokers", "gulf"):
        try:
            Game.create(preset, options, 3)
        except Exception as e:  # a typed error: this preset refuses it
            errors.append(f"{preset}: {e}")
            continue
        return preset, options
    raise AssertionError(f"no preset accepts {options}: {errors}")


@pytest.mark.parametrize("name, value", option_values(), ids=lambda x: str(x))
def test_each_option_value(name: str, value: Any) -> None:
    """Every option value in a short checked match (3 players, one deal, weighted play; every
    third value uniform play, so missed announcements and stock-outs come up too)."""
    preset, options = _game_for(name, value)
    index = [f"{n}={v!r}" for n, v in option_values()].index(f"{name}={value!r}")
    policy = "uniform" if index % 3 == 2 else "weighted"
    run = play_random_match(
        preset, 3, False, f"{SEED}:{name}:{value}", options=options, policy=policy,
        max_rounds=1, max_steps=1000, check_successors=False, check_views="turn",
    )
    assert run.steps > 0


def test_ace_left_in_hand() -> None:
    """O-3: under ``ace_in_hand`` 10 a natural ace left in an opened loser's hand costs 10; the
    invariants recompute every score, and the situation must come up."""
    seen = 0
    for k in range(40):
        run = play_random_match(
            "levant", 4, False, f"{SEED}:ace:{k}", options={"rounds": 1, "ace_in_hand": 10},
            check_successors=False, check_views=False,
        )
        for res in run.state.results:
            if res.result != "won":
                continue
            for s, cards in enumerate(res.penalties):
                if s != res.winner and res.opened[s] and any(c[0] == "A" for c in cards):
                    seen += 1
        if seen >= 2:
            return
    raise AssertionError("no natural ace left in an opened loser's hand in 40 matches")


MATRIX = [(p, n, t) for p, configs in CONFIGS.items() for n, t in configs]


@pytest.mark.parametrize("preset, players, partnership", MATRIX)
def test_every_config(preset: str, players: int, partnership: bool) -> None:
    """Every preset × player count × partnership, at this run's seed, views checked at every
    step for every seat."""
    options = {"penalty_limit": 60} if preset == "gulf" else {"rounds": 1}
    run = play_random_match(
        preset, players, partnership, f"{SEED}:{preset}:{players}:{partnership}",
        options=options, check_successors=False, max_rounds=1,
    )
    assert run.steps > 0
