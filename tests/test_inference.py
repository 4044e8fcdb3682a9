"""Issue 17: determinization that reads the discards a seat passed up (bots/inference.py)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from handgame.core.cards import Card
from handgame.core.errors import BotError
from handgame.games.hand import Game
from handgame.games.hand.actions import Discard, Draw, LayMelds
from handgame.games.hand.bots import inference
from handgame.games.hand.bots.determinize import game_of, sample_state
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds
from handgame.play.driver import play_match
from handgame.play.registry import make_bot

NO_WILDS = Wilds(None, None)


def _hand(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


@pytest.mark.parametrize(
    ("card", "hand", "melds"),
    [
        ("5S", "5H 5D 9C", True),  # a set of three suits
        ("5S", "5H 5H 9C", False),  # one other suit twice: no set
        ("5S", "5S 5H KC", False),  # the same suit again: no set
        ("5S", "6S 7S", True),  # a run above
        ("5S", "4S 6S", True),  # a run around it
        ("5S", "3S 4S", True),  # a run below
        ("5S", "3S 7S", False),  # gaps both sides
        ("5S", "6H 7H", False),  # another suit
        ("AS", "KS QS", True),  # the ace high
        ("AS", "2S 3S", True),  # the ace low
        ("KS", "AS 2S", False),  # no run round the corner
    ],
)
def test_could_meld_knows_sets_and_runs(card: str, hand: str, melds: bool) -> None:
    """A passed-up card is read against the sets and runs two natural cards make with it."""
    assert inference.could_meld(Card.parse(card), _hand(hand), NO_WILDS) is melds


def test_could_meld_counts_a_wild_with_one_near_partner() -> None:
    """With the round's wild card, one near partner is enough; the wild card itself is
    never read as passed up (whether it may be taken is a rule of its own)."""
    wilds = Wilds(Card.parse("2C"), None)
    assert inference.could_meld(Card.parse("5S"), _hand("2C 6S"), wilds)
    assert inference.could_meld(Card.parse("5S"), _hand("2C 5H"), wilds)
    assert not inference.could_meld(Card.parse("5S"), _hand("2C 9S"), wilds)
    assert not inference.could_meld(Card.parse("2C"), _hand("2D 2H"), wilds)


def _views(preset: str, seed: str, players: int = 2) -> list[tuple[State, PlayerView]]:
    """Every draw decision of a seeded greedy match, with the drawing seat's view."""
    game = Game.create(preset, {"rounds": 1}, players)
    state = game.new_match().deal_seeded(seed)
    bots = [make_bot("greedy", f"{seed}:{s}") for s in range(players)]
    out: list[tuple[State, PlayerView]] = []
    in_play = (Phase.DRAW, Phase.PLAY, Phase.FIRST_DISCARD)
    while state.round is not None and state.phase in in_play:
        seat = state.round.turn
        view = state.view(seat)
        if state.phase is Phase.DRAW:
            out.append((state, view))
        state = state.apply(bots[seat].choose(view))
    return out


def _passes_by_hand(state: State) -> list[list[Card]]:
    """The passes read straight from the round's actions, for comparison."""
    rnd = state.round
    assert rnd is not None
    passes: list[list[Card]] = [[] for _ in rnd.hands]
    opened = [False] * len(rnd.hands)
    top: Card | None = None
    for action in rnd.actions:
        if isinstance(action, Discard):
            top = action.card
        elif isinstance(action, Draw):
            if action.source == "stock" and top is not None and opened[action.seat]:
                passes[action.seat].append(top)
            top = None
        elif isinstance(action, LayMelds):
            opened[action.seat] = True
    return passes


def test_passed_up_reads_the_stock_draws_after_opening() -> None:
    """Each seat's passes are the tops it drew over after it opened; the viewer's own are
    not read, and under F-4's ``must-meld`` nothing is."""
    seen = 0
    for seed in ("pu1", "pu2", "pu3"):
        for state, view in _views("levant", seed):
            passes = inference.passed_up(view)
            expected = _passes_by_hand(state)
            expected[view.seat or 0] = []
            assert [list(p) for p in passes] == expected
            seen += sum(map(len, passes))
    assert seen > 20  # the matches did have passes to read
    for _state, view in _views("four-jokers", "pu1"):
        assert not any(inference.passed_up(view))


def test_informed_samples_agree_with_the_view_and_with_the_passes() -> None:
    """An informed sample keeps everything the view shows (its own hand, the counts, the
    cards known to be held) and, over many samples, its hands could have melded far fewer of
    the passed-up discards than plain samples' — about as few as the real hands."""
    plain = informed = real = positions = 0
    for seed in ("is1", "is2", "is3", "is4"):
        for state, view in _views("levant", seed):
            passes = inference.passed_up(view)
            if not any(passes):
                continue
            rnd = state.round
            assert rnd is not None
            positions += 1
            real += inference.misfits(rnd.hands, passes, rnd.wilds)
            rng = random.Random(seed)
            for _ in range(10):
                s = inference.sample_informed(view, rng, passes)
                r = s.round
                assert r is not None
                assert r.hands[view.seat or 0] == tuple(view.hand)
                assert [len(h) for h in r.hands] == list(view.hand_counts)
                assert len(r.stock) == view.stock_count
                for seat, known in enumerate(rnd.known):
                    assert not Counter(known) - Counter(r.hands[seat])
                assert s.view(view.seat or 0).hand == view.hand
                informed += inference.misfits(r.hands, passes, r.wilds)
                p = sample_state(view, rng).round
                assert p is not None
                plain += inference.misfits(p.hands, passes, p.wilds)
    assert positions > 20
    assert informed * 3 < plain  # the passes do steer the deal


def test_informed_sampling_is_seeded() -> None:
    """The same seed gives the same informed sample."""
    _state, view = next(
        (s, v) for s, v in _views("levant", "sd1") if any(inference.passed_up(v))
    )
    a = inference.sample_informed(view, random.Random(7))
    b = inference.sample_informed(view, random.Random(7))
    assert a.round is not None and b.round is not None
    assert a.round.hands == b.round.hands and a.round.stock == b.round.stock


def test_discard_samples_keep_the_view_and_agree_with_the_last_discards() -> None:
    """A sample weighed by each seat's last discard keeps everything the view shows, and its
    hands regret their last discards less than plain samples' do (``discard_regret``)."""
    plain = weighed = positions = 0
    for seed in ("ds1", "ds2"):
        for _state, view in _views("levant", seed):
            thrown = inference.last_discards(view)
            seats = [s for s, c in enumerate(thrown) if c is not None]
            if not seats:
                continue
            positions += 1
            game = game_of(view)
            rng = random.Random(seed)
            draw = inference.discard_sampler(view)
            for _ in range(4):
                for sample, kind in ((draw(rng), "weighed"), (sample_state(view, rng), "plain")):
                    r = sample.round
                    assert r is not None
                    assert r.hands[view.seat or 0] == tuple(view.hand)
                    assert [len(h) for h in r.hands] == list(view.hand_counts)
                    assert len(r.stock) == view.stock_count
                    regret = 0
                    for s in seats:
                        card = thrown[s]
                        assert card is not None
                        regret += inference.discard_regret(r.hands[s], card, r.wilds, game.rules)
                    if kind == "weighed":
                        weighed += regret
                    else:
                        plain += regret
    assert positions > 20
    assert weighed < plain  # the last discards do steer the deal


def test_ismcts_takes_infer_passes_and_refuses_other_words() -> None:
    """``infer=passes`` plays legal matches (the runner refuses any other action); an unknown
    word is a clear error naming the choices."""
    spec = "ismcts:iterations=6,rollout=fast,leaf=fit,tree=1,depth=2,infer=passes"
    game = Game.create("levant", {"rounds": 1}, 2)
    final = play_match(game, [make_bot(spec, 1), make_bot("greedy", 2)], "infer")
    assert final.is_over
    with pytest.raises(BotError, match=r"infer=none\|passes"):
        make_bot("ismcts:infer=guess")
