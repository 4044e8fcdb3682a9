"""The words of an option's refusal, and the options as data (issue 20: the survivors of
``rules.py`` in ``scripts/mutate.py``; docs/notes/mutation.md).

A table, a record or the command line that names a bad option gets one sentence that says the
value it read and every value it accepts; these tests pin those sentences, since a player reads
them (``hand play --option``, ``POST /api/tables``).
"""

from __future__ import annotations

import json

import pytest

from handgame.core.errors import OptionError
from handgame.games.hand.rules import OPTION_SPECS, PRESETS, check_players, make_ruleset


def refusal(options: dict[str, object]) -> str:
    """The words of the refusal of these options on the levant preset."""
    with pytest.raises(OptionError) as caught:
        make_ruleset("levant", options)
    return str(caught.value)


@pytest.mark.parametrize(
    ("value", "shown"), [(3, "3"), (None, "null"), (True, "true"), (False, "false"), ("2", "2")]
)
def test_a_choice_refused_names_the_value_and_every_choice(value: object, shown: str) -> None:
    """``jokers`` takes 0, 2 or 4 (L-2, O-2): the value read, in JSON's words, then all three."""
    assert refusal({"jokers": value}) == f"option jokers: {shown} is not valid; valid: 0, 2, 4"


def test_an_integer_option_refused_says_an_integer() -> None:
    """``initial_minimum`` (L-63, O-4) takes an integer only; ``rounds`` (L-90) also null."""
    assert refusal({"initial_minimum": "51"}) == (
        "option initial_minimum: 51 is not valid; valid: an integer from 0 to 1000")
    assert refusal({"initial_minimum": None}) == (
        "option initial_minimum: null is not valid; valid: an integer from 0 to 1000")
    assert refusal({"rounds": 2.5}) == (
        "option rounds: 2.5 is not valid; valid: an integer from 1 to 1000 or null"
    )


def test_an_unknown_option_lists_every_option() -> None:
    """A misspelt option is refused with the whole list of names, comma separated."""
    assert refusal({"joker": 2}) == (
        "unknown option 'joker'; valid options: " + ", ".join(OPTION_SPECS))


def test_the_smallest_meld_limit_is_three() -> None:
    """``max_meld_size`` 3 is allowed (a meld has three cards at least, L-40); 2 is not."""
    assert make_ruleset("levant", {"max_meld_size": 3}).max_meld_size == 3
    assert refusal({"max_meld_size": 2}) == (
        "option max_meld_size: 2 is not valid; valid: an integer from 3 to 108 or null"
    )


def test_the_options_are_every_option_once_as_json() -> None:
    """``Ruleset.options()`` names each option once, JSON-ready (bonuses as a list), and makes
    the same ruleset again: what records and the server store."""
    ruleset = make_ruleset("gulf", {"bonuses": ["one-suit"]})
    options = ruleset.options()
    assert set(options) == set(OPTION_SPECS)
    assert options["bonuses"] == ["one-suit"]
    assert json.loads(json.dumps(options)) == options
    assert make_ruleset("gulf", options) == ruleset
    assert options is not ruleset.options()  # a copy: the caller may change it


@pytest.mark.parametrize("players", ["4", True, 4.0])
def test_a_player_count_that_is_not_a_whole_number_is_refused(players: object) -> None:
    """The player count (L-1, G-1, F-1) must be an int: a string, a bool or a float is refused
    in words before any range is checked."""
    with pytest.raises(OptionError, match=r"^players must be a whole number$"):
        check_players("levant", players, False)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_each_preset_takes_its_player_counts_and_no_other(name: str) -> None:
    """Each preset is played by its own range of players (L-1, G-1, F-1): both ends are
    accepted, one fewer and one more are refused in words that give the range."""
    preset = PRESETS[name]
    low, high = preset.min_players, preset.max_players
    check_players(name, low, False)
    check_players(name, high, False)
    for players in (low - 1, high + 1):
        with pytest.raises(OptionError) as caught:
            check_players(name, players, False)
        assert str(caught.value) == (
            f"{name} is played by {low} to {high} players, not {players}")
