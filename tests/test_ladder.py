"""Issue 17: cheap rollouts, the fitted leaf estimate, the ladder of levels."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from handgame.core.errors import BotError
from handgame.games.hand import Game
from handgame.games.hand.bots import leaf, rollout
from handgame.games.hand.bots.ismcts import fast_rewards
from handgame.games.hand.bots.ladder import LEVELS
from handgame.games.hand.record import to_record
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import State
from handgame.play.driver import play_match
from handgame.play.registry import make_bot
from handgame.server.botspec import check_bot, is_searching

_IN_PLAY = (Phase.DRAW, Phase.PLAY, Phase.FIRST_DISCARD)
FAST = "ismcts:iterations=6,rollout=fast,leaf=fit,tree=1,depth=2"


def _dealt(preset: str = "levant", players: int = 2, seed: str = "r") -> State:
    return Game.create(preset, {"rounds": 1}, players).new_match().deal_seeded(seed)


@pytest.mark.parametrize(("preset", "players"), [("levant", 2), ("gulf", 3), ("four-jokers", 4)])
def test_a_rollout_keeps_every_card_and_leaves_the_state_alone(preset: str, players: int) -> None:
    """A sketch played to the end holds the deck's cards (hands, stock, table, the top
    discard and the discards gone under it); the state it came from is unchanged."""
    state = _dealt(preset, players)
    before = state.round
    sk = rollout.sketch(state)
    total = sum(len(h) for h in sk.hands) + len(sk.stock) + (sk.top is not None)
    rollout.run(sk, 1000)
    assert sk.over
    assert state.round is before and state.round.hands == before.hands
    held = sum(len(h) for h in sk.hands) + len(sk.stock) + sum(len(m.cards) for m in sk.melds)
    # every turn puts one card on the discard pile: it is no longer counted, but was dealt
    assert held <= total
    if sk.winner is not None:
        assert sk.hands[sk.winner] == []
        assert all(sk.hands[s] for s in range(players) if s != sk.winner)


def test_partner_counts_match_the_solver() -> None:
    from handgame.games.hand.solver import partners

    rnd = _dealt().round
    assert rnd is not None
    for hand in rnd.hands:
        counts = rollout.partner_counts(hand, rnd.wilds)
        for card, n in counts.items():
            assert n == partners(card, hand, rnd.wilds)


def test_fast_rewards_are_chances() -> None:
    state = _dealt(players=4)
    state = state.apply(state.legal_actions()[0])  # the first discard
    rewards = fast_rewards(state, 2)
    assert len(rewards) == 4
    assert all(0.0 <= r <= 1.0 for r in rewards)
    if 0.0 < max(rewards) < 1.0:
        assert sum(rewards) == pytest.approx(1.0)


def test_the_fit_recovers_a_planted_weight() -> None:
    """Seats whose first feature is higher go out first more often: the fit says so, and
    beats the uniform guess on the data."""
    rng = random.Random(4)
    true = [2.0] + [0.0] * (len(leaf.FEATURES) - 1)
    samples = []
    for _ in range(400):
        rows = [[rng.random() for _ in leaf.FEATURES] for _ in range(3)]
        p = leaf.chances(rows, true)
        winner = rng.choices(range(3), p)[0]
        samples.append((rows, winner))
    w = leaf.fit(samples)
    assert w[0] > 1.0
    assert leaf.log_loss(samples, w) < leaf.log_loss(samples, [0.0] * len(w))
    assert math.isfinite(sum(w))


def test_the_committed_weights_give_chances() -> None:
    state = _dealt(players=3)
    rnd = state.round
    assert rnd is not None
    rows = [leaf.features(rnd.hands[s], rnd.wilds, state.rules, False, 51, s, 3) for s in range(3)]
    chances = leaf.chances(rows)
    assert sum(chances) == pytest.approx(1.0)
    assert len(leaf.WEIGHTS) == len(leaf.FEATURES)


@pytest.mark.parametrize(
    ("preset", "players", "spec"),
    [
        ("levant", 2, FAST),
        ("gulf", 2, FAST),
        ("four-jokers", 3, FAST),
        ("levant", 2, FAST + ",pair=1,model=greedy"),
        ("levant", 3, FAST + ",pair=1"),
        ("levant", 2, FAST + ",policy=outs,infer=discards,wide=1"),
        ("gulf", 2, FAST + ",pair=1,policy=outs,model=greedy"),
        ("levant", 2, FAST + ",base=efficient"),
        ("four-jokers", 3, FAST + ",pair=1,base=efficient"),
    ],
)
def test_the_fast_search_plays_legally_and_replays(preset: str, players: int, spec: str) -> None:
    """Every move is one of the engine's legal actions (the runner refuses others), and the
    same seed plays the same match (also with paired samples and greedy opponents)."""
    game = Game.create(preset, {"rounds": 1}, players)
    finals = []
    for _ in range(2):
        bots = [make_bot(spec, f"f-{s}") for s in range(players)]
        final = play_match(game, bots, f"fast-{preset}")
        assert final.is_over
        finals.append(to_record(final))
    assert finals[0] == finals[1]


def test_the_ladder_levels_are_bots() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]

    # the specs measured in docs/notes/bots.md, weakest first
    # (each level is a name of Hand and Foot's ladder too: the name makes both games' bots,
    # Hand's is the one checked here; Hand and Foot's: tests/hand_and_foot/test_hf_planner.py)
    def hand(name: str) -> Any:
        return make_bot(name, 1).inner["hand"]  # type: ignore[attr-defined]

    assert [getattr(hand(n), "rate", None) for n in ("easy", "medium")] == [0.75, 0.33]
    assert type(hand("hard")).__name__ == "GreedyBot"
    assert hand("expert").exact.budget.iterations == 150
    assert hand("expert").sketched.budget.iterations == 450
    for name in LEVELS:
        bot = make_bot(name, 1)
        assert hasattr(bot, "choose")
        with pytest.raises(BotError, match="no argument"):
            make_bot(f"{name}:x")
    with pytest.raises(BotError, match="rate from 0 to 1"):
        make_bot("greedy-blunder:2")
    with pytest.raises(BotError, match="rollout=exact"):
        make_bot("ismcts:rollout=quick")


def test_the_server_seats_the_levels() -> None:
    for name in LEVELS:
        assert check_bot(name) == name
    assert is_searching("expert") and not is_searching("hard") and not is_searching("easy")
    with pytest.raises(ValueError, match="takes no argument"):
        check_bot("expert:iterations=5")


def test_a_level_plays_a_round_against_greedy() -> None:
    game = Game.create("levant", {"rounds": 1}, 2)
    final = play_match(game, [make_bot("hard", 1), make_bot("easy", 2)], "ladder")
    assert final.is_over
    assert final.phase is Phase.OVER


@pytest.mark.parametrize("spec", ["ismcts", "expert", "hard", "easy"])
def test_a_search_bot_answers_a_redeal_offer(spec: str) -> None:
    """ismcts borrows greedy's redeal decision; it used to fail with a TypeError (super())."""
    state = _dealt()
    seat = state.current_seat
    assert seat is not None
    assert isinstance(make_bot(spec, 1).wants_redeal(state.view(seat)), bool)


@pytest.mark.parametrize("spec", ["wary", "wary:hold=1", "wary:danger=0,passed=60"])
def test_wary_plays_legal_matches(spec: str) -> None:
    """wary's re-weighed discards and held melds are legal (the match runner refuses any
    other action)."""
    game = Game.create("levant", {"rounds": 1}, 2)
    final = play_match(game, [make_bot(spec, 1), make_bot("greedy", 2)], "wary")
    assert final.is_over


@pytest.mark.parametrize(
    ("spec", "differs"), [("wary:hold=1", "LayMelds"), ("wary:passed=60", "Discard")]
)
def test_wary_options_change_the_play_they_name(spec: str, differs: str) -> None:
    """On the same views as ``greedy``, ``hold=1`` replaces some of its lays (by a discard)
    and ``passed`` some of its discards, and nothing else; every choice is legal."""
    changed: set[str] = set()
    for g in range(30):
        state = Game.create("levant", {"rounds": 1}, 2).new_match().deal_seeded(f"w{g}")
        wary, greedy = make_bot(spec, g), make_bot("greedy", g)
        while state.round is not None and state.phase in _IN_PLAY:
            view = state.view(state.round.turn)
            mine, theirs = wary.choose(view), greedy.choose(view)
            if mine != theirs:
                changed.add(type(theirs).__name__)
                assert mine in view.legal_actions
            state = state.apply(theirs)
    assert changed == {differs}


def test_wary_refuses_unknown_options() -> None:
    """A wary option out of range is a clear error, not a traceback."""
    with pytest.raises(BotError, match="hold"):
        make_bot("wary:hold=2")


def test_expert_rolls_out_cheaply_at_two_players_and_exactly_at_more() -> None:
    """``rollout=auto`` (the expert's): the fast rollout at a 2-player table, the engine's
    greedy at 3 and 4 players and under F-4's ``must-meld`` pickup (four-jokers, whose draws
    the sketch misjudges); a fixed ``rollout`` is kept at every size and rule."""
    from handgame.games.hand.bots.ismcts import IsmctsBot
    from handgame.games.hand.bots.ladder import EXACT, SEARCH

    assert EXACT == "ismcts:iterations=150," + ",".join(f"{k}={v}" for k, v in SEARCH.items())
    expert = IsmctsBot(1, iterations=150, **SEARCH)  # type: ignore[arg-type]
    sizes = [expert.rollout_for(_dealt("levant", n)) for n in (2, 3, 4)]
    assert sizes == ["fast", "exact", "exact"]
    assert IsmctsBot(1, rollout="fast").rollout_for(_dealt("levant", 4)) == "fast"
    by_preset = {p: expert.rollout_for(_dealt(p, 2)) for p in ("levant", "gulf", "four-jokers")}
    assert by_preset == {"levant": "fast", "gulf": "fast", "four-jokers": "exact"}
    # the rule, not the preset's name: levant with F-4's pickup rolls out exactly too
    must_meld = Game.create("levant", {"rounds": 1, "discard_pickup": "must-meld"}, 2)
    assert expert.rollout_for(must_meld.new_match().deal_seeded("r")) == "exact"
    assert IsmctsBot(1, rollout="fast").rollout_for(_dealt("four-jokers", 2)) == "fast"


@pytest.mark.parametrize(
    ("preset", "players", "spec"),
    [
        ("levant", 2, "SKETCHED"),
        ("gulf", 2, "SKETCHED"),
        ("four-jokers", 2, "EXACT"),
        ("levant", 3, "EXACT"),
    ],
)
def test_expert_plays_as_its_tables_searcher(preset: str, players: int, spec: str) -> None:
    """``expert`` is the bigger paired search where the cheap rollout sketches the table and
    the issue-17 search elsewhere: a seeded match plays move for move as that spec's bot."""
    from handgame.games.hand.bots import ladder

    game = Game.create(preset, {"rounds": 1}, players)
    records = []
    for first in ("expert", getattr(ladder, spec)):
        specs = [first] + ["greedy"] * (players - 1)
        bots = [make_bot(s, f"x-{i}") for i, s in enumerate(specs)]
        records.append(to_record(play_match(game, bots, f"expert-{preset}")))
    assert records[0] == records[1]
