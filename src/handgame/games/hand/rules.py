"""Rulesets: a preset is a named set of option values (RULES.md § Ruleset options).

Code never branches on a preset's name, only on option values. ``Ruleset.preset("levant",
{"initial_minimum": 71})`` gives the `levant` options with one override; unknown names and
out-of-range values are refused with :class:`OptionError`, whose message lists the valid ones.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from handgame.core.errors import OptionError
from handgame.core.options import OptionSpec

BONUSES = ("wild-discard", "one-color", "one-suit", "two-wilds")


def _choice(name: str, choices: tuple[Any, ...], rule: str, doc: str) -> OptionSpec:
    return OptionSpec(name, "choice", rule, doc, choices=choices)


def _flag(name: str, rule: str, doc: str) -> OptionSpec:
    return OptionSpec(name, "bool", rule, doc)


def _number(
    name: str, low: int, high: int, rule: str, doc: str, nullable: bool = False
) -> OptionSpec:
    return OptionSpec(name, "int", rule, doc, minimum=low, maximum=high, nullable=nullable)


OPTION_SPECS: dict[str, OptionSpec] = {
    s.name: s
    for s in (
        _choice("jokers", (0, 2, 4), "L-2, G-2, F-2, O-2", "jokers in the deck (2 decks of 52)"),
        _choice(
            "wilds",
            ("indicator", "jokers", "no-jokers"),
            "L-20…L-22, O-2",
            "wild cards: aces of the indicator suit, jokers only, or indicator aces and no jokers",
        ),
        _choice(
            "ace_indicator",
            ("redraw", "single-wild"),
            "O-2",
            "with no-jokers, an ace indicator is turned again, or the other identical ace is wild",
        ),
        _choice(
            "deal",
            ("14+1", "13+upcard"),
            "L-51, G-3",
            "14 each and a 15th to the first player, or 13 each and an upcard",
        ),
        _choice(
            "wild_limit",
            ("one", "one-per-three"),
            "L-23, G-5",
            "one wild per meld, or one in a 3-card meld and two in 4+ (never all wild)",
        ),
        _number("initial_minimum", 0, 1000, "L-63, G-6, F-6, O-4", "the opening minimum"),
        _flag(
            "escalating_minimum",
            "O-4",
            "each opening must exceed the previous opening of the round",
        ),
        _choice(
            "opening_values",
            ("standard", "gulf"),
            "L-3, L-30, G-6",
            "card values for the opening count",
        ),
        _choice("ace_low_value", (11, 1), "O-3", "an ace in A-2-3 in the opening count"),
        _choice("ace_high_value", (11, 10), "O-3", "an ace in Q-K-A in the opening count"),
        _choice(
            "penalty_values", ("standard", "gulf"), "L-85, G-7, F-9", "card values left in hand"
        ),
        _choice("ace_in_hand", (11, 10), "O-3", "a natural ace left in hand"),
        _choice(
            "discard_pickup",
            ("new-meld", "new-meld-or-add", "must-meld", "free"),
            "L-62, O-5, F-4, G-10",
            "what a player who takes the top discard must do with it (must-meld: lay some new "
            "meld that turn, with or without it)",
        ),
        _choice(
            "discarded_wild",
            ("natural", "aces-set-only", "never", "wild"),
            "L-66, O-6",
            "how a discarded wild card may be used by the player who takes it",
        ),
        _flag("swap_must_reuse", "O-7", "a wild taken by a swap must go back on the table"),
        _flag(
            "swap_needs_opening",
            "L-40, F-8",
            "only a player who has opened (or opens this turn) may take a wild from the table",
        ),
        _choice(
            "pair_plus_wild",
            ("restricted", "free"),
            "L-44, O-8",
            "adding a third equal card to two-equal-plus-wild",
        ),
        _choice(
            "stock_end", ("players", "empty", "reshuffle"), "L-81, O-9", "when the stock runs out"
        ),
        _flag("first_turn_win", "L-67, O-10", "going out on one's first turn"),
        _flag(
            "announcements",
            "L-70, L-71",
            "a player left with three cards or fewer announces it (a missed one bars going out)",
        ),
        _number(
            "max_meld_size",
            3,
            108,
            "beyond the sources (Jawaker: 5)",
            "the most cards a meld may hold (null: no limit)",
            nullable=True,
        ),
        OptionSpec("bonuses", "set", "O-11", "full-hand multipliers", choices=BONUSES),
        _number("win_partial", -1000, 1000, "L-85, G-7, F-9", "the winner's score, partial hand"),
        _number("win_full", -1000, 1000, "L-86, G-7, F-9", "the winner's score, full hand"),
        _number(
            "unopened_penalty",
            0,
            1000,
            "L-85, G-7, F-9",
            "fixed penalty of a player who never opened (null: count the cards)",
            nullable=True,
        ),
        _number(
            "full_hand_multiplier", 1, 10, "L-86, G-8, F-9", "penalty multiplier of a full hand"
        ),
        _number(
            "rounds",
            1,
            1000,
            "L-90, F-10",
            "scored rounds in a match (null: no limit, penalty_limit ends the match)",
            nullable=True,
        ),
        _number(
            "penalty_limit",
            1,
            100_000,
            "G-9",
            "the match ends when a total reaches this (null: rounds ends it)",
            nullable=True,
        ),
        _choice("dealer", ("loser", "rotate"), "L-50, O-1", "who deals the next round"),
        _flag("redeal_pairs", "L-52", "four pairs entitle a player to a redeal"),
    )
}


@dataclass(frozen=True)
class Ruleset:
    """A complete set of option values (one per row of the RULES.md option table)."""

    jokers: int = 2
    wilds: str = "indicator"
    ace_indicator: str = "redraw"
    deal: str = "14+1"
    wild_limit: str = "one"
    initial_minimum: int = 51
    escalating_minimum: bool = False
    opening_values: str = "standard"
    ace_low_value: int = 11
    ace_high_value: int = 11
    penalty_values: str = "standard"
    ace_in_hand: int = 11
    discard_pickup: str = "new-meld"
    discarded_wild: str = "natural"
    swap_must_reuse: bool = False
    swap_needs_opening: bool = True
    pair_plus_wild: str = "restricted"
    stock_end: str = "players"
    first_turn_win: bool = False
    announcements: bool = True
    max_meld_size: int | None = None
    bonuses: tuple[str, ...] = ()
    win_partial: int = -30
    win_full: int = -60
    unopened_penalty: int | None = 100
    full_hand_multiplier: int = 2
    rounds: int | None = 7
    penalty_limit: int | None = None
    dealer: str = "loser"
    redeal_pairs: bool = True

    def __hash__(self) -> int:
        # Rulesets key many caches: the hash is computed once (from the values' text, so the
        # same in every process, pickles included) and kept beside the fields.
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = zlib.crc32(repr(dataclasses.astuple(self)).encode())
            object.__setattr__(self, "_hash", cached)
        return cached

    def options(self) -> dict[str, Any]:
        """All option values by name, as JSON-ready values."""
        cached: dict[str, Any] | None = self.__dict__.get("_options")
        if cached is None:
            cached = dataclasses.asdict(self)
            object.__setattr__(self, "_options", cached)
        out = dict(cached)  # a fresh dict each call: callers may change theirs
        out["bonuses"] = list(self.bonuses)
        return out

    def replace(self, overrides: Mapping[str, Any]) -> Ruleset:
        """A ruleset with some options changed; raises :class:`OptionError` on a bad one."""
        changes: dict[str, Any] = {}
        for name, value in overrides.items():
            spec = OPTION_SPECS.get(name)
            if spec is None:
                valid = ", ".join(OPTION_SPECS)
                raise OptionError(f"unknown option {name!r}; valid options: {valid}")
            changes[name] = spec.check(value)
        if changes.get("wilds") == "no-jokers" and "jokers" not in changes:
            changes["jokers"] = 0
        rules = dataclasses.replace(self, **changes)
        rules.validate()
        return rules

    def validate(self) -> None:
        """Refuse combinations of options that cannot be played."""
        if self.wilds == "no-jokers" and self.jokers != 0:
            raise OptionError(
                f"option wilds=no-jokers contradicts jokers={self.jokers}: no-jokers plays a "
                "104-card deck, jokers=0 (O-2); give jokers=0 or leave jokers out",
                rules=("O-2",),
            )
        for spec in OPTION_SPECS.values():  # the numbers' bounds (a ruleset built directly)
            spec.check_range(getattr(self, spec.name))
        if self.rounds is None and self.penalty_limit is None:
            raise OptionError(
                "options rounds and penalty_limit: a match ends after its rounds (L-90) or at "
                "a penalty limit (G-9); both null is a match that never ends",
                rules=("L-90", "G-9"),
            )
        if self.ace_indicator == "single-wild" and self.wilds != "no-jokers":
            raise OptionError(
                f"option ace_indicator=single-wild applies only with wilds=no-jokers, not with "
                f"wilds={self.wilds} (O-2): the two options contradict each other",
                rules=("O-2",),
            )


@dataclass(frozen=True)
class Preset:
    """A named ruleset with the player counts it allows."""

    name: str
    rules: Ruleset
    min_players: int
    max_players: int
    default_players: int
    summary: str
    minimum_rules: tuple[str, ...] = ("L-63",)  # the rules that set its opening minimum


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "levant",
            Ruleset(),
            2,
            5,
            4,
            "Jordan / Lebanon / Palestine: 106 cards, wild-card indicator, 14+1 deal, "
            "51 opening, 7 rounds",
        ),
        Preset(
            "gulf",
            Ruleset(
                jokers=4,
                wilds="jokers",
                deal="13+upcard",
                wild_limit="one-per-three",
                opening_values="gulf",
                penalty_values="gulf",
                discard_pickup="free",
                discarded_wild="wild",
                pair_plus_wild="free",
                win_partial=0,
                win_full=0,
                unopened_penalty=None,
                rounds=None,
                announcements=False,
                penalty_limit=200,
                dealer="rotate",
                redeal_pairs=False,
            ),
            2,
            5,
            4,
            "Saudi / Gulf: 108 cards, 4 jokers wild, 13-card deal, 51 opening with A=15 / "
            "joker=25, game to 200",
            ("L-63", "G-6"),
        ),
        Preset(
            "four-jokers",
            Ruleset(
                jokers=4,
                wilds="jokers",
                wild_limit="one-per-three",
                initial_minimum=52,
                discard_pickup="must-meld",
                discarded_wild="wild",
                swap_needs_opening=False,
                announcements=False,
                rounds=9,
                dealer="rotate",
                redeal_pairs=False,
            ),
            2,
            5,
            4,
            "2-5 players, 108 cards, jokers wild, 14+1 deal, 52 opening, 9 rounds",
            ("L-63", "F-6"),
        ),
    )
}


def get_preset(name: str) -> Preset:
    """The preset of that name; raises :class:`OptionError` listing the valid ones."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise OptionError(f"unknown preset {name!r}; valid presets: {', '.join(PRESETS)}") from None


def make_ruleset(preset: str = "levant", options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset of a preset with option overrides."""
    rules = get_preset(preset).rules
    if options:
        if not isinstance(options, Mapping):
            raise OptionError("rules.options must be an object of option names and values")
        rules = rules.replace(options)
    return rules


def check_players(preset: str, players: int, partnership: bool) -> None:
    """Refuse a player count the preset does not allow (L-1, G-1, F-1)."""
    p = get_preset(preset)
    if not isinstance(players, int) or isinstance(players, bool):
        raise OptionError("players must be a whole number")
    if partnership and players != 4:
        raise OptionError("partnership play needs exactly 4 players (L-1)", rules=("L-1",))
    if not p.min_players <= players <= p.max_players:
        raise OptionError(
            f"{p.name} is played by {p.min_players} to {p.max_players} players, not {players}"
        )
