"""Hand and Foot's ``planner`` (the ``expert`` level) and the ladder (issue 34): the plan's
arithmetic, going out when the team may and is ahead, the partner's answer by what the team
holds (HF-10), and the ladder's names playing either game."""

from __future__ import annotations

import dataclasses

from hf_helpers import play, start
from test_hf_records import GO_ACTIONS, GO_FEET, GO_HANDS, GO_STOCK

from handgame.core.cards import Card
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Discard
from handgame.games.hand_and_foot.bots.ladder import LEVELS
from handgame.games.hand_and_foot.bots.plan import make_plan
from handgame.games.hand_and_foot.bots.planner import PlannerBot, Settings, lead_if_out
from handgame.games.hand_and_foot.view import MeldView
from handgame.play.registry import check_plays, make_bot
from handgame.play.simulate import SimulationConfig, simulate


def cards(text: str) -> list[Card]:
    """``"KS KH X"`` as cards."""
    return [Card.parse(c) for c in text.split()]


def test_a_plan_lays_naturals_and_makes_pairs_melds_with_wild_cards() -> None:
    """HF-4, HF-5: naturals onto the team's unfinished meld of their rank (a book of seven),
    three of a rank a new meld, a pair made a meld with a wild card (``sinks``), a single kept;
    with ``none`` the pair and the wild card stay in hand."""
    hand = cards("KS KH QS QH QD 9S 9H 5C 2C 3S")
    kings = {13: (0, 5, 0)}  # the team's meld 0: five natural kings
    plan = make_plan(hand, kings, "sinks")
    assert plan.books_clean == 1 and plan.books_dirty == 0
    assert plan.wild_to == {9: 1}  # 9S 9H 2C
    assert sorted(map(str, plan.left)) == ["3S", "5C"]
    assert plan.laid == 2 + 3 + 3
    assert plan.laid_value == 20 + 30 + 20 + 20  # K K, Q Q Q, 9 9, the 2C
    kept = make_plan(hand, kings, "none")
    assert sorted(map(str, kept.left)) == ["2C", "3S", "5C", "9H", "9S"]
    free = make_plan(cards("KS 2C X"), {13: (0, 4, 0)}, "free")
    assert free.books_dirty == 1 and not free.left  # K + 2C + X: 4 + 3 = a dirty book


def _going_out_state(upto: int = 13) -> object:
    state = start(GO_HANDS, GO_FEET, "TC", GO_STOCK, dealer=3)
    return play(state, *GO_ACTIONS[:upto])


def test_the_planner_asks_and_goes_out_when_the_team_may() -> None:
    """HF-10: seat 0 has drawn; its team has a clean and a dirty book and both feet are up:
    the planner asks its partner, the partner (a planner too) says yes, and seat 0 lays its
    cards and goes out."""
    state = _going_out_state()
    bots = {0: PlannerBot(1), 2: PlannerBot(2)}
    first = bots[0].choose(state.view(0))
    assert isinstance(first, Ask)
    for _ in range(30):
        if not state.in_round:
            break
        seat = state.to_act()
        action = bots[seat].choose(state.view(seat))
        assert action in state.view(seat).legal_actions
        if isinstance(action, Answer):
            assert action.yes
        state = state.apply(action)
    assert state.results and state.results[0].went_out == 0


def test_the_partner_answers_by_what_the_team_holds() -> None:
    """HF-10: asked to go out, the partner says yes while its team would be ahead, and no when
    the other team's books on the table (or its own hand, counted as it is) put it behind."""
    state = _going_out_state(14)  # seat 0 asked; seat 2 answers
    view = state.view(2)
    bot = PlannerBot(3)
    assert lead_if_out(view, None) > 0
    assert bot.choose(view) == Answer(2, True)
    books = tuple(
        MeldView(len(view.melds) + k, 1, r, tuple(cards(" ".join(f"{r}{s}" for s in "SHDCSHD"))),
                 "clean")
        for k, r in enumerate("567")
    )
    behind = dataclasses.replace(view, melds=view.melds + books)
    assert lead_if_out(behind, None) < 0 and bot.choose(behind) == Answer(2, False)
    two_books = dataclasses.replace(view, melds=view.melds + books[:2])
    assert lead_if_out(two_books, None) > 0 and bot.choose(two_books) == Answer(2, True)
    jokers = dataclasses.replace(two_books, hand=tuple(cards("X X X 2S 2H 2D 2C " * 3)))
    assert lead_if_out(jokers, None) < 0 and bot.choose(jokers) == Answer(2, False)


def test_the_ladder_names_play_either_game() -> None:
    """Issue 34: easy, medium, hard and expert are specs of Hand and of Hand and Foot alike;
    each plays a Hand and Foot match to its end through ``hand simulate``."""
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    for level in LEVELS:
        check_plays(level, "hand-and-foot")
        check_plays(level, "hand")
        make_bot(level, 0).close()
    config = SimulationConfig(
        bots=("expert", "hard", "medium", "easy"), games=2, seed="ladder-test",
        preset="hand-and-foot", options={"rounds": 1},
    )  # fmt: skip
    result = simulate(config).to_json()
    assert result["finished"] == 2


def test_the_hint_is_the_planners_turn_in_words() -> None:
    """Hand and Foot's hint (issue 34) reads the view only and says the expert's turn as
    phrases: going out step by step (HF-10), the partner's answer with the team's lead, the take
    of the pile (HF-6), the opening (HF-8) and the discard with its reason; each is worded in
    English, Arabic and Persian."""
    from test_hf_records import pile_record

    from handgame import locale
    from handgame.games.hand_and_foot import hints
    from handgame.games.hand_and_foot.record import play_record

    out = hints.hint(_going_out_state().view(0))
    assert [p["kind"] for p in out] == ["hint_hf_go_out_ask"], out
    assert out[0]["steps"] and all("ask" not in s for s in out[0]["steps"]), out
    said = locale.say("en", out[0], game="hand-and-foot")
    assert said.startswith("You can go out this turn: "), said
    assert said.endswith("Ask your partner first (HF-10)."), said
    asked = hints.hint(_going_out_state(14).view(2))
    assert asked[0]["kind"] == "hint_hf_answer_yes" and asked[0]["lead"] >= 0, asked
    assert hints.hint(_going_out_state(14).view(1)) == [{"kind": "hint_not_turn"}]
    rec = pile_record("KS KH AD 9S 9H AC 7D 8D JC JD QC", "AC AS AH")
    rec["rounds"][0]["actions"] = rec["rounds"][0]["actions"][:8]
    state, error = play_record(rec)
    assert error is None and state is not None
    took = hints.hint(state.view(0))
    assert took == [
        {"kind": "hint_hf_take", "cards": ["KS", "KH"], "card": "KD", "more": 4}
    ], took
    assert locale.say("en", took[0], game="hand-and-foot") == (
        "Take the pile with K♠ K♥: K♦ makes a new meld and 4 more cards come with it (HF-6)."
    )
    after = state.apply(PlannerBot(0).choose(state.view(0)))  # the take
    lines = hints.hint(after.view(0))
    kinds = [p["kind"] for p in lines]
    assert kinds[0] in ("hint_hf_open", "hint_hf_open_laid"), lines
    assert kinds[-1].startswith("hint_hf_discard"), lines
    for lang in ("en", "ar", "fa"):
        for p in lines + took + out + asked:
            text = locale.say(lang, p, game="hand-and-foot")
            assert "{" not in text and (lang == "en" or "Take" not in text), (lang, text)


def test_melds_stay_open_while_the_partners_foot_is_down() -> None:
    """Issue 34: while a partner's foot is down (HF-9) ``expert`` completes no book but in the
    turn it goes out: a meld stops at six cards (``stop=6``; ``expert``'s default ``stop=5``: at
    five, room for two of the partner's cards), so its rank stays open for the partner's cards;
    the seventh waits in hand (``held``, not a card to throw away). ``open=0`` (``hard``)
    completes it."""
    hand = cards("KS KH 5C 9D")
    kings = {13: (0, 5, 0)}
    capped = make_plan(hand, kings, "sinks", cap=True)
    assert capped.books_clean == 0 and capped.laid == 1
    assert [str(c) for c in capped.held] == ["KH"] or [str(c) for c in capped.held] == ["KS"]
    assert sorted(map(str, capped.left)) == ["5C", "9D"]
    assert make_plan(cards("KS 2C"), {13: (0, 5, 0)}, "free", cap=True).books_dirty == 0
    at_five = make_plan(hand, kings, "sinks", cap=True, stop=5)
    assert at_five.laid == 0 and sorted(map(str, at_five.held)) == ["KH", "KS"]
    three = make_plan(cards("QS QH QD QC 2C"), {}, "sinks", cap=True, stop=5)
    assert [(p.rank, p.size) for p in three.piles] == [(12, 4)]  # four queens, no wild card on
    state = _going_out_state()
    view = state.view(0)
    five = MeldView(90, 0, "K", tuple(cards("KS KH KD KC KS")), "meld")
    legal = (Add(0, (Card.parse("KS"),), 90), Add(0, (Card.parse("KH"),), 90),
             *(Discard(0, c) for c in cards("KS KH 5C 9D")))
    base = dataclasses.replace(
        view, hand=tuple(cards("KS KH 5C 9D")), melds=(*view.melds, five), legal_actions=legal
    )
    down = dataclasses.replace(base, feet_picked=(True, True, False, True))
    six = PlannerBot(1, Settings(stop=6))
    first = six.choose(down)
    assert isinstance(first, Add) and first.to == 90  # the sixth king
    held = PlannerBot(1).choose(down)  # stop=5: the meld of five takes no king
    assert isinstance(held, Discard) and held.card.rank != 13
    after = dataclasses.replace(
        down,
        melds=(*view.melds, dataclasses.replace(five, cards=(*five.cards, Card.parse("KH")))),
        hand=tuple(cards("KS 5C 9D")),
        legal_actions=(Add(0, (Card.parse("KS"),), 90),
                       *(Discard(0, c) for c in cards("KS 5C 9D"))),
    )
    kept = six.choose(after)
    assert isinstance(kept, Discard) and kept.card != Card.parse("KS")  # the book waits
    hard = PlannerBot(1, dataclasses.replace(PlannerBot(1).settings, open=False))
    assert hard.choose(after) == Add(0, (Card.parse("KS"),), 90)  # open=0: the book now


def test_the_expert_goes_out_behind() -> None:
    """HF-10 (issue 34, 2026-12-07): the ``expert`` level goes out whenever the team may, even
    behind on the table (``lead=-10000``; ``look=2``), where the plain planner keeps playing."""
    view = _going_out_state().view(0)
    books = tuple(
        MeldView(len(view.melds) + k, 1, r, tuple(cards(" ".join(f"{r}{s}" for s in "SHDCSHD"))),
                 "clean")
        for k, r in enumerate("5678")
    )
    behind = dataclasses.replace(view, melds=view.melds + books)
    assert not isinstance(PlannerBot(1).choose(behind), Ask)
    expert = make_bot("expert", 1)
    inner = getattr(expert, "inner", {}).get("hand-and-foot", expert)
    assert isinstance(inner, PlannerBot)
    assert inner.settings.lead == -10_000 and inner.settings.look == 2
    assert isinstance(expert.choose(behind), Ask)
