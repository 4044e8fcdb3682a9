"""Issue 38: the efficient discard (bots/efficiency.py) and ``ismcts:base=efficient``."""

from __future__ import annotations

from collections import Counter

from handgame.core.cards import Card
from handgame.games.hand import Game
from handgame.games.hand.actions import Discard
from handgame.games.hand.bots.determinize import unseen_cards
from handgame.games.hand.bots.efficiency import efficient_discard, improving_draws
from handgame.games.hand.bots.greedy import greedy_step
from handgame.games.hand.rounds import Phase
from handgame.games.hand.rules import Ruleset
from handgame.games.hand.solver import best_arrangement
from handgame.games.hand.turn import turn_problem
from handgame.games.hand.wilds import Wilds
from handgame.play.registry import make_bot

NO_WILDS = Wilds(None, None)
IN_PLAY = (Phase.DRAW, Phase.PLAY, Phase.FIRST_DISCARD)


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def _brute(rest: list[Card], unseen: Counter[Card], wilds: Wilds, rules: Ruleset) -> int:
    """The improving draws counted over every unseen card, no card skipped."""
    key = tuple(sorted(rest))
    base = len(best_arrangement(key, wilds, rules).left)
    score = 0
    for x, n in unseen.items():
        after = len(best_arrangement(tuple(sorted((*key, x))), wilds, rules).left)
        score += n * max(0, base + 1 - after)
    return score


def test_the_discard_keeps_the_pair_with_live_outs() -> None:
    """Two pairs and a loose king: the king goes; of two near pairs, the one whose outs are
    all gone (seen) is broken rather than the one still live."""
    rules = Game.create("levant", {"rounds": 1}, 2).rules
    hand = _cards("5S 6S 9H 9D KC")
    everything = Counter(_cards("4S 7S 9S 9C 3H 2D"))
    assert efficient_discard(hand, everything, NO_WILDS, rules, hand) == Card.parse("KC")
    # the 4S and 7S are gone: 5S 6S has no out left, 9H 9D still two
    no_run_outs = Counter(_cards("9S 9C 3H 2D"))
    hand2 = _cards("5S 6S 9H 9D")
    assert efficient_discard(hand2, no_run_outs, NO_WILDS, rules, hand2) in _cards("5S 6S")
    # a meld is never broken while a loose card is left
    hand3 = _cards("5S 6S 7S KC")
    assert efficient_discard(hand3, everything, NO_WILDS, rules, hand3) == Card.parse("KC")


def test_a_wild_card_is_kept_unless_it_is_all_there_is() -> None:
    rules = Game.create("levant", {"rounds": 1}, 2).rules
    wilds = Wilds(Card.parse("2C"), None)
    hand = _cards("2C 5S 9H")
    assert efficient_discard(hand, Counter(), wilds, rules, hand) != Card.parse("2C")
    assert efficient_discard(hand, Counter(), wilds, rules, _cards("2C")) is None


def test_skipping_far_cards_changes_no_count() -> None:
    """Only cards near the hand are tried as draws; over the discards of seeded greedy
    matches (wild cards in play) the counts equal those of trying every unseen card."""
    checked = 0
    for preset in ("levant", "four-jokers"):
        game = Game.create(preset, {"rounds": 1}, 2)
        state = game.new_match().deal_seeded(f"eff-{preset}")
        while state.round is not None and state.phase in IN_PLAY:
            action, after = greedy_step(state)
            rnd = state.round
            if isinstance(action, Discard) and checked < 40:
                hand = list(rnd.hands[rnd.turn])
                unseen = Counter(unseen_cards(state.view(rnd.turn)))
                rest = list(hand)
                rest.remove(action.card)
                _, score = improving_draws(rest, unseen, rnd.wilds, state.rules)
                assert score == _brute(rest, unseen, rnd.wilds, state.rules)
                allowed = [c for c in set(hand) if turn_problem(state, c, True) is None]
                card = efficient_discard(hand, unseen, rnd.wilds, state.rules, allowed)
                assert card is None or card in allowed
                checked += 1
            state = after
    assert checked >= 20


def test_base_efficient_changes_the_discards() -> None:
    """``base=efficient`` makes the efficient discard the move the search must beat: with a
    margin no search overturns, the bot discards as :func:`efficient_discard` does."""
    game = Game.create("levant", {"rounds": 1}, 2)
    state = game.new_match().deal_seeded("eff-base")
    spec = "ismcts:iterations=8,rollout=fast,leaf=fit,tree=1,depth=2,margin=1"
    bot = make_bot(spec + ",base=efficient", "b")
    plain = make_bot(spec, "b")
    differs = seen = 0
    while state.round is not None and state.phase in IN_PLAY and seen < 30:
        action, after = greedy_step(state)
        rnd = state.round
        if isinstance(action, Discard) and rnd.opened[rnd.turn]:
            view = state.view(rnd.turn)
            hand = list(rnd.hands[rnd.turn])
            allowed = [c for c in set(hand) if turn_problem(state, c, True) is None]
            want = efficient_discard(hand, unseen_cards(view), rnd.wilds, state.rules, allowed)
            got = bot.choose(view)
            if want is not None and len(view.legal_actions) > 1:
                assert got == Discard(rnd.turn, want, True)
                assert plain.choose(view) == action  # greedy's, as before
                differs += want != action.card
                seen += 1
        state = after
    assert seen >= 5 and differs >= 1
