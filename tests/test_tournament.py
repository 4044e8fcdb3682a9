"""``hand simulate --tournament``: round-robin pairs, seat rotation, Bradley–Terry ratings."""

from __future__ import annotations

import io
import json
import math
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest

from handgame.cli.commands import main
from handgame.core.errors import OptionError
from handgame.play.tournament import (
    MEAN_RATING,
    TournamentConfig,
    bradley_terry,
    check_tournament,
    tournament,
)

TINY = ["--rounds", "1", "--seed", "3", "--quiet"]


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_bradley_terry_two_players_is_the_odds() -> None:
    """Without a prior, 3 wins to 1 is odds of 3: 400*log10(3) Elo apart, mean 1500."""
    r = bradley_terry(2, {(0, 1): 3.0, (1, 0): 1.0}, prior=0.0)
    assert r[0] - r[1] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert (r[0] + r[1]) / 2 == pytest.approx(MEAN_RATING)


def test_bradley_terry_orders_a_chain_and_stays_finite() -> None:
    """a beats b always, b beats c always: a > b > c, all finite thanks to the prior."""
    r = bradley_terry(3, {(0, 1): 10.0, (1, 0): 0.0, (1, 2): 10.0, (2, 1): 0.0})
    assert r[0] > r[1] > r[2]
    assert all(math.isfinite(x) for x in r)


def test_tournament_plays_every_pair_with_seats_rotated() -> None:
    config = TournamentConfig(bots=("random", "greedy", "ismcts:iterations=2,depth=1"),
                              games=2, seed="5", options={"rounds": 1})  # fmt: skip
    result = tournament(config)
    assert [(p.first, p.second) for p in result.pairs] == [(0, 1), (0, 2), (1, 2)]
    for p in result.pairs:
        assert p.games == 2
        assert p.first_rounds + p.second_rounds == p.rounds <= 2
    data = result.to_json()
    assert data["format"] == "hand-tournament/1"
    assert [b["bot"] for b in data["bots"]] == list(config.bots)
    again = tournament(config).to_json()
    assert {k: v for k, v in again.items() if k != "timing"} == {
        k: v for k, v in data.items() if k != "timing"
    }


def test_cli_tournament_json_is_reproducible() -> None:
    argv = ["simulate", "--tournament", "random,greedy", "--games", "2", "--json", *TINY]
    code, out, err = _run(*argv)
    assert code == 0, err
    first: dict[str, Any] = json.loads(out)
    code, out, _ = _run(*argv)
    second: dict[str, Any] = json.loads(out)
    first.pop("timing")
    second.pop("timing")
    assert first == second
    assert first["pairs"][0]["bots"] == ["random", "greedy"]
    assert first["config"]["games_per_pair"] == 2


def test_cli_tournament_table() -> None:
    code, out, err = _run("simulate", "--tournament", "random,greedy", "--games", "2", *TINY)
    assert code == 0, err
    assert "rating (Bradley-Terry" in out
    assert "1 pairs x 2 games" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tournament", "random,greedy", "--bots", "random,random"], "leave out --bots"),
        (["--tournament", "random,,greedy"], "empty bot name"),
        (["--tournament", "random,greedy", "--partnership"], "2-player"),
    ],
)
def test_cli_tournament_usage_errors(argv: list[str], message: str) -> None:
    code, _, err = _run("simulate", *argv, "--games", "1", *TINY)
    assert code == 2
    assert message in err


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (("random",), "at least 2"),
        (("random", "random"), "each bot once"),
        (("random", "nosuchbot"), "unknown bot"),
    ],
)
def test_bad_tournament_is_refused_before_playing(bots: tuple[str, ...], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        check_tournament(TournamentConfig(bots=bots, games=1))
