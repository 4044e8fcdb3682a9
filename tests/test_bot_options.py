"""One grammar for bot specs (``core/bot_options.py``): ``hand simulate`` (the registry) and
the server's tables read ``ismcts``'s options with the same parser, the server narrowing the
ranges to its caps; bad specs get a message that says what is wrong and what is taken."""

from __future__ import annotations

import pytest

from handgame.core.bot_options import Param, parse_options, spec_text
from handgame.core.errors import BotError
from handgame.games.hand.bots.ismcts import PARAMS, IsmctsBot
from handgame.play.registry import bot_params, make_bot
from handgame.server.botspec import check_bot
from handgame.server.settings import Settings

LEVEL_SEARCH = "ismcts:iterations=40,rollout=fast,leaf=fit,tree=1,depth=4"


def test_the_server_seats_every_option_hand_simulate_takes() -> None:
    """``rollout``, ``leaf`` and ``tree`` (Hand's) are taken at a table as by the registry,
    and the seated bot is the one ``make_bot`` makes."""
    assert check_bot(LEVEL_SEARCH) == LEVEL_SEARCH
    assert check_bot(" ismcts: tree = 0 ; leaf=hand", game="hand") == "ismcts:tree=0,leaf=hand"
    inner = make_bot(LEVEL_SEARCH).inner["hand"]  # type: ignore[attr-defined]
    assert isinstance(inner, IsmctsBot)
    assert (inner.rollout, inner.leaf, inner.budget.tree, inner.depth) == ("fast", "fit", 1, 4)
    assert inner.budget.iterations == 40
    assert set(PARAMS) <= set(bot_params("ismcts") or {})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:rollout=quick", "use rollout=exact|fast|auto"),
        ("ismcts:leaf=deep", "use leaf=hand|fit"),
        ("ismcts:tree=-1", "tree must be at least 0"),
        ("ismcts:tree=x", "tree must be a whole number"),
        ("ismcts:c=inf", "c must be a number"),
        ("ismcts:speed=3", "use iterations=N, ms=X"),
        ("ismcts:depth", "bad ismcts option 'depth'"),
        ("ismcts:depth=2,depth=3", "depth is given twice"),
        ("ismcts:iterations=0", "iterations must be (at least 1|from 1 to 1000)"),
    ],
)
def test_bad_specs_are_refused_alike_by_both(spec: str, message: str) -> None:
    """The registry and the server give the same clear message (a ``BotError``, a
    ``ValueError``), never a traceback of the bot's own."""
    with pytest.raises(BotError, match=message):
        make_bot(spec)
    with pytest.raises(ValueError, match=message):
        check_bot(spec)


def test_the_server_narrows_the_ranges_to_its_caps() -> None:
    with pytest.raises(ValueError, match="depth must be from 1 to 50"):
        check_bot("ismcts:depth=51")
    assert make_bot("ismcts:depth=51")  # the registry has no server caps
    assert check_bot("ismcts:depth=51", Settings(max_depth=60)) == "ismcts:depth=51"
    with pytest.raises(ValueError, match="ms must be from 1 to"):
        check_bot("ismcts:ms=100000000")
    with pytest.raises(ValueError, match="ms must be a number"):
        check_bot("ismcts:ms=1e3")


def test_a_table_refuses_options_its_games_bot_does_not_take() -> None:
    """Hand and Foot's ``ismcts`` has no ``rollout``: a Hand and Foot table refuses it at once
    (not at the bot's first move); a Hand table seats it. The levels are both games' (issue
    34): every table seats them. The ``greedy-blunder`` bot is not a table's."""
    with pytest.raises(ValueError, match="hand-and-foot"):
        check_bot("ismcts:rollout=fast", game="hand-and-foot")
    assert check_bot("ismcts:rollout=fast", game="hand") == "ismcts:rollout=fast"
    assert check_bot("ismcts:tree=2,depth=2", game="hand-and-foot") == "ismcts:tree=2,depth=2"
    for level in ("easy", "medium", "hard", "expert"):  # the ladder is both games'
        assert check_bot(level, game="hand-and-foot") == level
        assert check_bot(level, game="hand") == level
    assert check_bot("random", game="hand-and-foot") == "random"


def test_a_normalized_spec_reads_back_to_the_same_values() -> None:
    params = {
        "x": Param("number", -1, 1e6),
        "n": Param("whole", 0),
        "w": Param("word", words=("a", "b")),
    }
    for argument in ("x=250,n=3,w=b", "x=250.5", "x=0.000000001", "x=-0.25,n=0"):
        values = parse_options(argument, "bot", params)
        again = parse_options(spec_text("bot", values).partition(":")[2], "bot", params)
        assert again == values
    assert spec_text("bot", parse_options("x=250.50", "bot", params)) == "bot:x=250.5"
    with pytest.raises(BotError, match="bot 'greedy' takes no argument"):
        parse_options("fast", "greedy", {})
