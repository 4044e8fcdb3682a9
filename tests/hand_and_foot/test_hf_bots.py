"""Hand and Foot's ``greedy`` bot and the bots registry across games: the name ``greedy``
plays Hand and Hand and Foot alike, greedy chooses only legal actions on its view, follows its
rules of thumb, and beats random play; ``hand simulate`` reports team results."""

from __future__ import annotations

import json

from hf_helpers import play, start

from handgame.cli.commands import main
from handgame.core.cards import Card
from handgame.games.hand_and_foot.actions import Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.bots.greedy import discard_order, greedy_choice
from handgame.play.game_bots import PerGameBot
from handgame.play.registry import make_bot
from handgame.play.simulate import SimulationConfig, simulate

HANDS = [
    "KS KH KD AS AH AD 5C 6C 7C 8C 9C",
    "KC 5S 6S 7S 8S 9S TS JS QS 4H 5H",
    "KS KH JC JD TC 9D 8D 7D 6D 5D 4D",
    "JH TH 9H 8H 7H 6H 5D 4S 6S 7S 8S",
]


def test_greedy_is_one_name_for_both_games() -> None:
    """``make_bot("greedy")`` plays Hand and Hand and Foot: each view goes to its game's bot."""
    from handgame.games.hand.state import Game as HandGame

    bot = make_bot("greedy", 1)
    assert isinstance(bot, PerGameBot) and set(bot.inner) == {"hand", "hand-and-foot"}
    hf = start(HANDS, stock="TD TC JD JC")
    assert bot.choose(hf.view(0)) in hf.view(0).legal_actions
    hand = HandGame.create("levant", {}, 2).new_match().deal_seeded(3)
    seat = hand.current_seat
    assert bot.choose(hand.view(seat)) in hand.view(seat).legal_actions


def test_greedy_draws_then_lays_books_first_then_discards() -> None:
    """With no pile to take it draws; it lays natural melds (the opening, HF-8), keeps its
    wild card, and discards."""
    state = start(HANDS, stock="TD 2C JD JC")
    first = greedy_choice(state.view(0))
    assert isinstance(first, Draw)
    state = state.apply(first)
    laid: list[Card] = []
    for _ in range(10):
        action = greedy_choice(state.view(0))
        if isinstance(action, Discard):
            break
        assert isinstance(action, Meld)
        laid += [c for m in action.melds for c in m]
        state = state.apply(action)
    assert sorted(map(str, laid)) == sorted("AD AH AS KD KH KS".split())
    assert isinstance(action, Discard) and not action.card.rank == 2  # keeps the wild 2C


def test_greedy_takes_the_pile() -> None:
    """HF-6: seat 1 discards KC; seat 2, holding KS KH, takes the pile."""
    state = start(HANDS, stock="TD TC JD JC QD QC", options={"minimums": [0]})
    state = play(state, {"seat": 0, "draw": "stock"}, {"seat": 0, "discard": "5C"},
                 {"seat": 1, "draw": "stock"}, {"seat": 1, "discard": "KC"})  # fmt: skip
    assert isinstance(greedy_choice(state.view(2)), Take)


def test_greedy_discards_a_black_three_first() -> None:
    """HF-3: a black three blocks the pile for the next opponent: the first discard."""
    hands = list(HANDS)
    hands[0] = "3S KH KD AS AH AD 5C 6C 7C 8C 9C"
    state = play(start(hands, stock="TD TC"), {"seat": 0, "draw": "stock"})
    order = discard_order(state.view(0), 0)
    assert str(order[0]) == "3S"


def test_greedy_beats_random_and_simulate_reports_teams() -> None:
    """Two one-round matches: the greedy team wins both; the report has one row per team."""
    config = SimulationConfig(
        bots=("greedy", "random", "greedy", "random"),
        games=2,
        seed="hf-bots",
        preset="hand-and-foot",
        options={"rounds": 1},
    )
    result = simulate(config)
    teams = result.to_json()["teams"]
    assert [t["bots"] for t in teams] == [["greedy#1", "greedy#2"], ["random#1", "random#2"]]
    assert teams[0]["wins"] == 2 and teams[1]["wins"] == 0
    assert "team greedy#1+greedy#2: 2/2 matches won" in result.table()


def test_simulate_cli_hand_and_foot_json(capsys: object) -> None:
    """``hand simulate --rules hand-and-foot --json`` holds the team results."""
    code = main(["simulate", "--rules", "hand-and-foot", "--bots", "greedy,random",
                 "--games", "1", "--rounds", "1", "--json", "--quiet"])  # fmt: skip
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert code == 0
    got = json.loads(out)
    assert got["teams"] == []  # two players, each alone: the bot rows are the teams
    assert sum(b["wins"] for b in got["bots"]) <= 1


def test_a_bot_of_another_game_is_refused_before_the_match(capsys: object) -> None:
    """Issue 34: a bot that does not play Hand and Foot (Hand's ``wary``, Hand's options of
    ``ismcts``) is refused with a clear message before any match is played (exit 2), by
    ``hand simulate`` and ``hand play``, never a crash in the middle of a match."""
    from handgame.core.errors import BotError
    from handgame.play.registry import check_plays, game_bot_names

    for spec, words in (("wary", "plays hand only, not hand-and-foot"),
                        ("ismcts:rollout=fast", "hand-and-foot: bad ismcts option")):
        try:
            check_plays(spec, "hand-and-foot")
        except BotError as e:
            assert words in str(e), str(e)
        else:
            raise AssertionError(f"{spec} was not refused")
        code = main(["simulate", "--rules", "hand-and-foot", "--bots", f"{spec},greedy",
                     "--games", "1", "--quiet"])
        err = capsys.readouterr().err  # type: ignore[attr-defined]
        assert code == 2 and words in err and "Traceback" not in err
    check_plays("greedy", "hand-and-foot")
    check_plays("random", "hand")
    assert "greedy" in game_bot_names("hand-and-foot")
    assert "wary" not in game_bot_names("hand-and-foot") and "wary" in game_bot_names("hand")
