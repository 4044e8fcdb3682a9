"""Hand and Foot's ruleset: the options of RULES.md § Hand and Foot options, checked, and the
card facts the rules use (HF-1, HF-3, HF-7, HF-8, HF-12).

A ruleset is the preset ``hand-and-foot`` plus overrides by name; an unknown name or a value
out of range is refused with an :class:`~handgame.core.errors.OptionError` listing the valid
ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from handgame.core.cards import JOKER_CODE, Card
from handgame.core.errors import OptionError
from handgame.core.options import OptionSpec

#: the preset's name (``rules.preset`` of a record)
PRESET = "hand-and-foot"
#: the option names, in the order of the rule book's table
OPTION_NAMES = (
    "players",
    "decks",
    "minimums",
    "pile_pickup",
    "ask_partner",
    "untouched_foot",
    "rounds",
    # beyond the rule book's table: its [assumed] readings of HF-6 and HF-11 made options
    # (DEVELOPERS.md: an [assumed] choice is an option), the book's reading the default
    "pile_meld",
    "pile_take",
    "foot_red_threes",
)
#: the player counts HF-1 allows
PLAYER_COUNTS = (2, 3, 4, 6)
#: the bounds of the integer options: decks (HF-1), a round's minimum (HF-8), rounds (HF-12),
#: cards taken with the pile (HF-6: never more than the largest pile can hold)
MAX_DECKS, MAX_MINIMUM, MAX_ROUNDS = 12, 10_000, 1000
MAX_PILE_TAKE = 54 * MAX_DECKS
#: each option's values, bounds and rule ids (RULES.md § Hand and Foot options), in that order
OPTION_SPECS: dict[str, OptionSpec] = {
    s.name: s
    for s in (
        OptionSpec(
            "players",
            "choice",
            "HF-1",
            "seats: 4 or 6 in teams of two (partners opposite), 2 or 3 each for themselves",
            choices=PLAYER_COUNTS,
        ),
        OptionSpec(
            "decks",
            "int",
            "HF-1",
            "54-card decks (two jokers each) shuffled together; by default players + 1",
            minimum=2,
            maximum=MAX_DECKS,
        ),
        OptionSpec(
            "minimums",
            "ints",
            "HF-8",
            "each round's opening minimum; later rounds use the last",
            minimum=0,
            maximum=MAX_MINIMUM,
            length=(1, MAX_ROUNDS),
        ),
        OptionSpec(
            "pile_pickup",
            "choice",
            "HF-6",
            "taking the pile needs a pair of its top card's rank, or also a meld it adds to",
            choices=("pair", "pair-or-add"),
        ),
        OptionSpec(
            "ask_partner",
            "choice",
            "HF-10",
            "a player asks the partner before going out, and the answer binds; or never asks",
            choices=("binding", "off"),
        ),
        OptionSpec(
            "untouched_foot",
            "choice",
            "HF-11",
            "a foot never picked up is free, or its cards count against the team",
            choices=("free", "counts"),
        ),
        OptionSpec("rounds", "int", "HF-12", "rounds in a match", minimum=1, maximum=MAX_ROUNDS),
        OptionSpec(
            "pile_meld",
            "choice",
            "HF-6",
            "[assumed] the pile's top card is laid with two naturals of its rank from hand, or "
            "with any two or more hand cards that make a new meld with it",
            choices=("naturals", "any"),
        ),
        OptionSpec(
            "pile_take",
            "int",
            "HF-6",
            "[assumed] the cards taken with the pile in all, its top card included",
            minimum=1,
            maximum=MAX_PILE_TAKE,
        ),
        OptionSpec(
            "foot_red_threes",
            "choice",
            "HF-11",
            "[assumed] a red three in a foot never picked up costs 100 always (a stock end "
            "too), or only when the round ends by a player going out",
            choices=("always", "going-out"),
        ),
    )
}
assert tuple(OPTION_SPECS) == OPTION_NAMES

#: cards a seat is dealt: 11 in hand, 11 in the foot (HF-2)
HAND_SIZE = 11
#: the ranks a meld may have (HF-4): A K Q J 10 9 8 7 6 5 4, as Card ranks
MELD_RANKS = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
#: a meld of this many cards is a book (HF-5)
BOOK = 7
#: cards taken with the pile in all, its top card included (HF-6 [assumed]: seven)
PILE_TAKE = 7


@dataclass(frozen=True)
class Rules:
    """The options in force (RULES.md § Hand and Foot options)."""

    players: int = 4
    decks: int = 5
    minimums: tuple[int, ...] = (50, 90, 120, 150)
    pile_pickup: str = "pair"
    ask_partner: str = "binding"
    untouched_foot: str = "free"
    rounds: int = 4
    #: HF-6 [assumed]: the pile's top card is laid with two ``naturals`` of its rank from hand,
    #: or (``any``) with any two or more hand cards that make a new meld with it (HF-4)
    pile_meld: str = "naturals"
    #: HF-6 [assumed]: the cards taken with the pile in all, its top card included
    pile_take: int = PILE_TAKE
    #: HF-11 [assumed]: a red three in a foot never picked up costs 100 ``always`` (a stock end
    #: too, HF-13), or only when the round ends by a player ``going-out`` (the source's words)
    foot_red_threes: str = "always"

    @cached_property
    def teams(self) -> int:
        """How many teams: two of two at 4 seats, three of two at 6, else one per seat (HF-1)."""
        return self.players // 2 if self.players in (4, 6) else self.players

    def minimum(self, round_index: int) -> int:
        """The opening minimum of the round ``round_index`` (from 0); later rounds use the last
        (HF-8)."""
        return self.minimums[min(round_index, len(self.minimums) - 1)]

    def options(self) -> dict[str, Any]:
        """Every option's value, by name."""
        return {
            "players": self.players,
            "decks": self.decks,
            "minimums": list(self.minimums),
            "pile_pickup": self.pile_pickup,
            "ask_partner": self.ask_partner,
            "untouched_foot": self.untouched_foot,
            "rounds": self.rounds,
            "pile_meld": self.pile_meld,
            "pile_take": self.pile_take,
            "foot_red_threes": self.foot_red_threes,
        }


def _shown(value: Any) -> str:
    """A value as an error names it (a huge number by its size, a long list cut)."""
    if _whole(value) and abs(value) > 10**18:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value) if not isinstance(value, list | tuple) or len(value) <= 8 else "a list"
    return text if len(text) <= 80 else text[:77] + "..."


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _choice(name: str, value: Any, valid: tuple[str, ...], rule: str) -> str:
    if value not in valid:
        raise OptionError(
            f"option {name}: {value!r} is not one of {', '.join(valid)} ({rule})", rules=(rule,)
        )
    return str(value)


def make_rules(preset: str, options: Mapping[str, Any], players: int) -> Rules:
    """The ruleset of ``preset`` with ``options`` for ``players`` seats; raises ``OptionError``."""
    if preset != PRESET:
        raise OptionError(f"unknown preset {preset!r}; this game's preset is {PRESET!r}")
    if not isinstance(options, Mapping):
        raise OptionError("options must be an object of option names and values")
    unknown = sorted(str(k) for k in options if k not in OPTION_NAMES)
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0]!r}; the options of {PRESET} are "
            f"{', '.join(OPTION_NAMES)}"
        )
    n = options.get("players", players)
    if not _whole(n) or n not in PLAYER_COUNTS:
        raise OptionError(
            f"players: {n!r} is not one of 2, 3, 4, 6 (HF-1)", rules=("HF-1",)
        )
    if n != players:
        raise OptionError(
            f"option players={n} contradicts the {players} seats of the game (HF-1)",
            rules=("HF-1",),
        )
    decks = options.get("decks", n + 1)
    need = HAND_SIZE * 2 * n + 3
    if not _whole(decks) or not 2 <= decks <= MAX_DECKS:
        raise OptionError(
            f"decks: {_shown(decks)} is not a whole number from 2 to {MAX_DECKS} (HF-1)",
            rules=("HF-1",),
        )
    if decks * 54 < need:
        raise OptionError(
            f"decks: {decks} decks ({decks * 54} cards) cannot deal 22 cards to {n} players "
            f"with a discard and a draw ({need} cards) (HF-1, HF-2)",
            rules=("HF-1", "HF-2"),
        )
    minimums = options.get("minimums", [50, 90, 120, 150])
    if (
        not isinstance(minimums, list | tuple)
        or not minimums
        or len(minimums) > MAX_ROUNDS
        or not all(_whole(m) and 0 <= m <= MAX_MINIMUM for m in minimums)
    ):
        raise OptionError(
            f"minimums: {_shown(minimums)} is not a list of whole numbers from 0 to "
            f"{MAX_MINIMUM}, one per round ({MAX_ROUNDS} at most) (HF-8)",
            rules=("HF-8",),
        )
    rounds = options.get("rounds", 4)
    if not _whole(rounds) or not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(
            f"rounds: {_shown(rounds)} is not a whole number from 1 to {MAX_ROUNDS} (HF-12)",
            rules=("HF-12",),
        )
    take = options.get("pile_take", PILE_TAKE)
    if not _whole(take) or not 1 <= take <= MAX_PILE_TAKE:
        raise OptionError(
            f"pile_take: {_shown(take)} is not a whole number from 1 to {MAX_PILE_TAKE} (the "
            "cards taken with the pile in all, its top card included, HF-6)",
            rules=("HF-6",),
        )
    for name, value in (
        ("decks", decks),
        ("minimums", minimums),
        ("rounds", rounds),
        ("pile_take", take),
    ):
        OPTION_SPECS[name].check(value)  # the upper bounds (and the list's length)
    return Rules(
        players=n,
        decks=decks,
        minimums=tuple(minimums),
        pile_pickup=_choice(
            "pile_pickup", options.get("pile_pickup", "pair"), ("pair", "pair-or-add"), "HF-6"
        ),
        ask_partner=_choice(
            "ask_partner", options.get("ask_partner", "binding"), ("binding", "off"), "HF-10"
        ),
        untouched_foot=_choice(
            "untouched_foot", options.get("untouched_foot", "free"), ("free", "counts"), "HF-11"
        ),
        rounds=rounds,
        pile_meld=_choice(
            "pile_meld", options.get("pile_meld", "naturals"), ("naturals", "any"), "HF-6"
        ),
        pile_take=take,
        foot_red_threes=_choice(
            "foot_red_threes",
            options.get("foot_red_threes", "always"),
            ("always", "going-out"),
            "HF-11",
        ),
    )


# ------------------------------------------------------------------------------ card facts


def _is_wild(card: Card) -> bool:
    """Jokers and 2s are wild (HF-3)."""
    return card.is_joker or card.rank == 2


def _is_red_three(card: Card) -> bool:
    """3♥ and 3♦ (HF-3)."""
    return card.rank == 3 and card.suit in (1, 2)


def _is_black_three(card: Card) -> bool:
    """3♠ and 3♣ (HF-3)."""
    return card.rank == 3 and card.suit in (0, 3)


def _value(card: Card) -> int:
    """A card's value (HF-7): joker 50, A and 2 20, K…8 10, 7…4 5, black three 5, red three 0."""
    if card.is_joker:
        return 50
    rank = card.rank
    if rank in (1, 2):
        return 20
    if rank >= 8:
        return 10
    if rank >= 4:
        return 5
    return 0 if _is_red_three(card) else 5


# The card facts above, worked out once for each of the 53 cards (a card is its int code):
# the engine asks them millions of times a match.
_EVERY_CARD = tuple(Card(code) for code in range(JOKER_CODE + 1))
_WILD = tuple(_is_wild(c) for c in _EVERY_CARD)
_RED_THREE = tuple(_is_red_three(c) for c in _EVERY_CARD)
_BLACK_THREE = tuple(_is_black_three(c) for c in _EVERY_CARD)
_VALUE = tuple(_value(c) for c in _EVERY_CARD)


def is_wild(card: Card) -> bool:
    """Jokers and 2s are wild (HF-3)."""
    return _WILD[card]


def is_red_three(card: Card) -> bool:
    """3♥ and 3♦ (HF-3)."""
    return _RED_THREE[card]


def is_black_three(card: Card) -> bool:
    """3♠ and 3♣ (HF-3)."""
    return _BLACK_THREE[card]


def value(card: Card) -> int:
    """A card's value (HF-7): joker 50, A and 2 20, K…8 10, 7…4 5, black three 5, red three 0."""
    return _VALUE[card]


def rank_name(rank: int) -> str:
    """A rank as written on a card: ``A``, ``T``, ``7``."""
    return "A23456789TJQK"[rank - 1]
