"""The game protocol: what every game offers the driver, the bots, the servers and the front ends.

Modelled on OpenSpiel's: a game's match is an immutable state with explicit chance (the deal),
``legal_actions`` and ``apply``; a seat's ``view`` is everything that seat may see (and
``view(None)`` what a spectator may see); ``returns`` scores a finished match. On top of that,
:meth:`MatchState.to_act` names exactly one seat for every decision, including the decisions a
seat makes out of turn (Hand's redeal claim, L-52; Hand and Foot's partner's answer, HF-10):
the driver (``handgame.play.driver``) asks that seat, and a seat that passes on an optional
out-of-turn decision is *declined* until the next deal.

A game registers a :class:`GameSpec` with :func:`handgame.core.registry.register_game`; front
ends find it by name, alias or preset (``find_game("levant")``) and use only what is here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

from handgame.core.bot import BotFactory
from handgame.core.options import OptionSpec
from handgame.core.words import Phrase


@runtime_checkable
class Deal(Protocol):
    """A chance outcome: one round's deal, with its record notation."""

    def to_json(self) -> dict[str, Any]:
        """The deal as a record object."""
        ...


@runtime_checkable
class MatchState(Protocol):
    """A whole match at one moment; immutable (``apply`` returns the next state)."""

    @property
    def is_chance(self) -> bool:
        """True when the next step is a deal (a chance outcome)."""
        ...

    @property
    def is_over(self) -> bool:
        """True when the match is finished."""
        ...

    @property
    def current_seat(self) -> int | None:
        """The seat whose turn it is, or None between rounds and after the match."""
        ...

    @property
    def deal_count(self) -> int:
        """How many deals the match has had (the one in play included)."""
        ...

    def out_of_turn(self) -> tuple[int, ...]:
        """Seats other than the turn's with an optional decision open now, in seat order."""
        ...

    def to_act(self, declined: Collection[int] = ()) -> int | None:
        """The one seat to decide now: the first out-of-turn seat not in ``declined``, else
        the seat whose turn it is; None at a deal or when the match is over."""
        ...

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """Every legal next action (of ``seat`` only, when given)."""
        ...

    def apply(self, action: Any) -> MatchState:
        """The state after ``action``; raises ``IllegalAction`` carrying its rule ids."""
        ...

    def seeded_deal(self, seed: int | str) -> Deal:
        """The next round's deal, shuffled with ``seed`` (the chance outcome; not applied)."""
        ...

    def apply_deal(self, deal: Any) -> MatchState:
        """The state after the chance outcome ``deal``."""
        ...

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see; ``None``: what a spectator may see (no hand at all)."""
        ...

    def resample(self, seat: int, rng: random.Random) -> MatchState:
        """A state ``seat`` cannot tell from this one, the cards it has not seen dealt again
        at random by ``rng`` (OpenSpiel's ``resample_from_infostate``)."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Each seat's result of a finished match: 1 for a winner (or its team), 0 else."""
        ...


class MatchConfig(Protocol):
    """A match's fixed configuration: rules, seats, partnership; starts the match."""

    @property
    def preset(self) -> str:
        """The preset it was made from."""
        ...

    @property
    def players(self) -> int:
        """How many seats."""
        ...

    @property
    def partnership(self) -> bool:
        """Whether the seats play in teams."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's name."""
        ...

    @property
    def options(self) -> tuple[tuple[str, Any], ...]:
        """The option overrides it was made with, as (name, value) pairs."""
        ...

    def new_match(self, dealer: int = 0) -> Any:
        """The state before the first deal."""
        ...


class TableView(NamedTuple):
    """The part of a seat's view that a learning agent's observation reads, as plain values:
    cheap enough to build at every step (no legal actions, no text). Each field is the value of
    the seat's full view (``state.view(seat)``) of the same name, so it hides what the view
    hides; ``handgame.rl`` checks that both give the same observation."""

    #: the view's phase (``draw``, ``play``...)
    phase: str
    #: the seat's cards (empty outside a round)
    hand: tuple[int, ...]
    #: per seat, the cards everyone saw go into its hand and still there (empty if none)
    known: tuple[tuple[int, ...], ...]
    #: the discard pile, bottom first
    discard_pile: tuple[int, ...]
    #: the round's wild card, if the game has one
    wild: int | None
    #: each table meld's cards, in the view's order
    meld_cards: tuple[tuple[int, ...], ...]
    #: each table meld's owner (a seat, or a team's index where teams own melds)
    meld_owners: tuple[int, ...]
    #: the view's ``hand_counts``, ``opened`` and ``totals``
    hand_counts: tuple[int, ...]
    opened: tuple[bool, ...]
    totals: tuple[int, ...]
    #: whose turn, or None
    turn: int | None
    stock_count: int
    round_number: int


@dataclass(frozen=True)
class BatchConfig:
    """What a game's native batch steps and where it writes (``GameSpec.native_batch``)."""

    #: the matches' configuration (the game's :class:`MatchConfig`)
    config: Any
    #: how many tables
    n: int
    #: the observation's blocks' offsets, in the order of ``handgame.rl.observation``
    at: tuple[int, ...]
    #: an observation's entries
    size: int
    #: the meld slots an observation has
    slots: int
    #: the phase block's names, in order (any other phase: the entry after them)
    phases: tuple[str, ...]
    #: a match's engine actions at the most (then it is truncated)
    max_actions: int


@dataclass(frozen=True)
class PresetInfo:
    """A preset as a lobby lists it: its name, player counts, a one-line summary, and its
    option values (at its default player count)."""

    name: str
    min_players: int
    max_players: int
    default_players: int
    summary: str
    #: the player counts allowed, when not every count from min to max is (Hand and Foot)
    player_counts: tuple[int, ...] = ()
    #: the player count at which seats may also play in two partnerships (Hand: 4), if any
    partnership_players: int | None = None
    #: the preset's option values by name (:attr:`GameSpec.options` says what each means)
    values: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def counts(self) -> tuple[int, ...]:
        """Every player count the preset allows, in order."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))


@dataclass(frozen=True)
class GameSpec:
    """A registered game: its names and the functions the rest of the package calls."""

    #: the game's own name (``hand``)
    name: str
    #: a title for people
    title: str
    #: other names that find it
    aliases: tuple[str, ...]
    #: the preset names of ``rules.preset`` that select this game, default first
    presets: tuple[str, ...]
    #: ``create(preset, options, players, partnership, names)``: a :class:`MatchConfig`;
    #: raises ``OptionError``
    create: Callable[[str, Mapping[str, Any] | None, int, bool, Sequence[str] | None], Any]
    #: reads one action of the record notation; raises ``ActionError``
    parse_action: Callable[[Any], Any]
    #: reads one deal of the record notation; raises ``DealError``
    parse_deal: Callable[[Any], Any]
    #: the record document of a match so far (``extra``: fields to keep beside it)
    to_record: Callable[[Any, dict[str, Any] | None], dict[str, Any]]
    #: a record played through the engine: (final state or None, first error or None)
    play_record: Callable[[Any], tuple[Any, dict[str, Any] | None]]
    #: the replay answer of a record (RECORD.md § Replaying); never raises
    replay: Callable[[Any], dict[str, Any]]
    #: each preset's player counts and summary, in the order of ``presets``
    preset_info: tuple[PresetInfo, ...]
    #: the match configuration a record names (rules, seats); raises ``RecordError``
    read_game: Callable[[Any], Any]
    #: the replay answer of a state (RECORD.md § Replaying) with an error or None
    summary: Callable[[Any, dict[str, Any] | None], dict[str, Any]]
    #: advice for a seat from its view only: phrases (:mod:`handgame.core.words`: a kind and
    #: its parameters, worded by each front end from the glossary), never sentences
    hint: Callable[[Any], list[Phrase]]
    #: every option of the game's rulesets: values, bounds, rule ids (overrides are checked
    #: against them; ``hand rules GAME`` and the lobby list them)
    options: tuple[OptionSpec, ...] = ()
    #: ``check_meld(preset, options, cards, indicator)``: the kind of one meld and what it
    #: counts toward an opening, ``(kind, value)``; raises ``MeldError`` for a meld the rules
    #: refuse and ``OptionError``/``CardError`` for bad input (``hand meld``); None: the game
    #: has no such check
    check_meld: Callable[[str, Mapping[str, Any], Sequence[Any], Any], tuple[str, int]] | None = (
        None
    )
    #: the verbs of actions a seat may take out of turn (Hand: ``redeal``, L-52)
    out_of_turn_verbs: tuple[str, ...] = ()
    #: the verbs of actions that end a seat's turn (``hand simulate`` counts turns by them)
    turn_end_verbs: tuple[str, ...] = ()
    #: the verbs of a turn's steps a seat may arrange and take back before it confirms them
    #: (melds, lay-offs, swaps): a front end lays them out privately and sends them together
    arranged_verbs: tuple[str, ...] = ()
    #: the game's own bots by name (loaded on first use)
    bots: Callable[[], Mapping[str, BotFactory]] = field(default=lambda: {})
    #: the game's ladder: each level's name (one of :attr:`bots`) and the bot spec it plays,
    #: weakest first (loaded on first use); what the front ends offer by level
    levels: Callable[[], Mapping[str, str]] = field(default=lambda: {})
    #: the level a front end seats when nobody chose one (one of :attr:`levels`; "": the first)
    default_level: str = ""
    #: every seat's cards of a state in record notation, for showing a finished match whole
    #: (the web replay); ``[]`` before the first deal
    hands: Callable[[Any], list[list[str]]] = field(default=lambda state: [])
    #: a seat's view to a whole state that agrees with it, the cards the seat has not seen
    #: dealt at random by the ``random.Random`` given (a determinization, for searching bots:
    #: :mod:`handgame.core.search`); None when the game has none
    sample_state: Callable[[Any, random.Random], Any] | None = None
    #: ``table_view(state, seat)``: the :class:`TableView` of ``seat`` (the same values as
    #: ``state.view(seat)``, built cheaply, for the RL environment's every step); None: the
    #: environment reads the full view
    table_view: Callable[[Any, int], TableView] | None = None
    #: ``native_batch(batch)``: the :class:`BatchConfig`'s tables stepped natively for the
    #: batched RL environment (issue 39), or a string saying why not; None: the game has none
    #: (``handgame.rl.vector``)
    native_batch: Callable[[BatchConfig], Any] | None = None
    #: a round's deal in record notation as a seat saw it dealt, made from that seat's view
    #: just after the deal (the cards it did not see: null); the default shows none of it
    seen_deal: Callable[[Any], dict[str, Any] | None] = field(default=lambda view: None)
    #: the game's words: its action table (``actions``: which kind of wording each action
    #: has) and its words by language (``en``, ``ar``, ``fa``: kind -> template), added to the
    #: glossary (:mod:`handgame.locale`); :func:`handgame.core.words.package_words` reads a
    #: game package's ``words.json``
    words: Callable[[], Mapping[str, Any]] = field(default=lambda: {})

    def names(self) -> tuple[str, ...]:
        """Every name that finds this game: its name, aliases and presets."""
        return (self.name, *self.aliases, *self.presets)

    def seat_record(self, state: Any, seat: int | None) -> dict[str, Any]:
        """The record of the match so far as ``seat`` may see it (None: a spectator): every
        round's deal as :attr:`seen_deal` makes it from the seat's own view of that deal, the
        actions as they are (each is public: a draw names no card), ``redacted_for`` the seat.

        Nothing is blanked by field name: what is shown is built from the view, so a field the
        view does not hold cannot reach the record."""
        record = self.to_record(state, None)
        game = state.game
        rounds = []
        for rnd in record["rounds"]:
            dealt = game.new_match(rnd["dealer"]).apply_deal(self.parse_deal(rnd["deal"]))
            rounds.append({**rnd, "deal": self.seen_deal(dealt.view(seat))})
        return {**record, "rounds": rounds, "redacted_for": seat}

    def preset(self, name: str) -> PresetInfo:
        """The entry of :attr:`preset_info` named ``name`` (a KeyError when not one)."""
        for info in self.preset_info:
            if info.name == name:
                return info
        raise KeyError(name)


def round_hands(state: Any) -> list[list[str]]:
    """A :attr:`GameSpec.hands` for a game whose state keeps its round's ``hands``: every seat's
    cards (the last round's, between rounds and after the match)."""
    rnd = state.round
    return [[str(c) for c in h] for h in rnd.hands] if rnd is not None else []
