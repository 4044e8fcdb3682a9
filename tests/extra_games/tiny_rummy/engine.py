"""Tiny rummy, a game that exists only in the tests: its rules, state, view and record.

One 52-card deck, 2 to 4 players, 5 cards each and an upcard. A turn: draw from the stock or
take the top discard, lay sets of three or more cards of one rank, then discard. A player who
discards their last card goes out: each other seat scores the cards left in its hand. A round
whose stock is empty when a turn begins ends with no score. After ``rounds`` rounds the lowest
total wins (a tie: nobody). It plugs into the package only through the game protocol
(``handgame.core.game``): the tests check that every front end plays it unchanged.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from handgame.core.actions import Action, card_field, seat_and_verb
from handgame.core.cards import Card, cards_str, parse_cards, remove_cards, standard_deck
from handgame.core.errors import ActionError, DealError, IllegalAction, OptionError
from handgame.core.seating import seat_names

PRESET = "tiny"
HAND = 5
DECK = standard_deck(1, 0)
DECK_FIRST = DECK[0]


# ------------------------------------------------------------------------------ actions
@dataclass(frozen=True)
class Draw(Action):
    """Draw the stock's top card, or take the discard pile's."""

    source: str = "stock"
    verb: ClassVar[str] = "draw"

    def to_json(self) -> dict[str, Any]:
        """``{"seat": 0, "draw": "stock" | "discard"}``."""
        return {"seat": self.seat, "draw": self.source}


@dataclass(frozen=True)
class Lay(Action):
    """Lay one set of three or more cards of one rank."""

    cards: tuple[Card, ...] = ()
    verb: ClassVar[str] = "meld"

    def to_json(self) -> dict[str, Any]:
        """``{"seat": 0, "meld": [["7S", "7H", "7D"]]}``."""
        return {"seat": self.seat, "meld": [cards_str(self.cards)]}


@dataclass(frozen=True)
class Discard(Action):
    """Discard one card, ending the turn."""

    card: Card = DECK_FIRST
    verb: ClassVar[str] = "discard"

    def to_json(self) -> dict[str, Any]:
        """``{"seat": 0, "discard": "7S"}``."""
        return {"seat": self.seat, "discard": str(self.card)}


def parse_action(obj: Any) -> Action:
    """An action from its record object; raises ``ActionError``."""
    seat, verb = seat_and_verb(obj, ("draw", "meld", "discard"))
    value = obj[verb]
    if verb == "draw":
        if value not in ("stock", "discard"):
            raise ActionError(f"draw must be 'stock' or 'discard', not {value!r}")
        return Draw(seat, value)
    if verb == "discard":
        return Discard(seat, card_field(value, "discard"))
    if not isinstance(value, list) or len(value) != 1 or not isinstance(value[0], list):
        raise ActionError("meld must be a list of one list of cards")
    return Lay(seat, tuple(sorted(card_field(c, "meld") for c in value[0])))


# ------------------------------------------------------------------------------ deal
@dataclass(frozen=True)
class Deal:
    """A round's deal: each hand and the stock (top first); the stock's top is turned up."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """The deal as a record object."""
        return {"hands": [cards_str(h) for h in self.hands], "stock": cards_str(self.stock)}

    @staticmethod
    def from_json(obj: Any) -> Deal:
        """A deal from its record object; raises ``DealError``."""
        if not isinstance(obj, dict):
            raise DealError("a deal must be an object with hands and stock")
        try:
            hands = tuple(parse_cards(h) for h in obj["hands"])
            stock = parse_cards(obj["stock"])
        except (KeyError, TypeError, ValueError) as e:
            raise DealError(f"a malformed deal: {e}") from None
        if Counter(c for h in hands for c in h) + Counter(stock) != Counter(DECK):
            raise DealError("the deal is not exactly one 52-card deck")
        return Deal(hands, stock)



def shuffle_deal(players: int, seed: int | str) -> Deal:
    """A deal shuffled with ``seed``."""
    cards = list(DECK)
    random.Random(f"tiny:{seed}").shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * HAND : (i + 1) * HAND])) for i in range(players))
    return Deal(hands, tuple(cards[players * HAND :]))


# ------------------------------------------------------------------------------ state
@dataclass(frozen=True)
class Game:
    """A match's configuration."""

    preset: str = PRESET
    options: tuple[tuple[str, Any], ...] = ()
    players: int = 2
    names: tuple[str, ...] = ()
    rounds: int = 2
    partnership: bool = False

    @staticmethod
    def create(
        preset: str = PRESET,
        options: Mapping[str, Any] | None = None,
        players: int = 2,
        partnership: bool = False,
        names: Sequence[str] | None = None,
    ) -> Game:
        """A game; raises ``OptionError``."""
        opts = dict(options or {})
        rounds = opts.pop("rounds", 2)
        if opts:
            raise OptionError(f"unknown option {next(iter(opts))!r}; tiny rummy has: rounds")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            raise OptionError(f"option rounds: {rounds!r} is not a whole number of 1 or more")
        if not isinstance(players, int) or not 2 <= players <= 4 or partnership:
            raise OptionError(f"tiny rummy is played by 2 to 4 players, not {players}")
        items = tuple((options or {}).items())
        return Game(preset, items, players, seat_names(names, players), rounds)

    def new_match(self, dealer: int = 0) -> State:
        """The state before the first deal."""
        return State(self, "deal", dealer % self.players, (0,) * self.players)


@dataclass(frozen=True)
class State:
    """A whole match at one moment (immutable)."""

    game: Game
    phase: str  # deal | draw | play | over
    dealer: int
    totals: tuple[int, ...]
    results: tuple[dict[str, Any], ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()
    melds: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    turn: int = 0
    deal: Deal | None = None
    actions: tuple[Action, ...] = ()
    log: tuple[tuple[int, Deal, tuple[Action, ...]], ...] = ()
    winner: int | None = None
    known: tuple[tuple[Card, ...], ...] = field(default=())

    @property
    def is_chance(self) -> bool:
        """A deal is next."""
        return self.phase == "deal"

    @property
    def is_over(self) -> bool:
        """The match is over."""
        return self.phase == "over"

    @property
    def in_round(self) -> bool:
        """A round is in play."""
        return self.phase in ("draw", "play")

    @property
    def current_seat(self) -> int | None:
        """The seat whose turn it is."""
        return self.turn if self.in_round else None

    @property
    def deal_count(self) -> int:
        """Deals so far, the current one included."""
        return len(self.log) + (1 if self.in_round else 0)

    def out_of_turn(self) -> tuple[int, ...]:
        """Nobody decides out of turn in this game."""
        return ()

    def to_act(self, declined: Collection[int] = ()) -> int | None:
        """The seat to decide."""
        return self.current_seat

    def seeded_deal(self, seed: int | str) -> Deal:
        """The next deal shuffled with ``seed``."""
        return shuffle_deal(self.game.players, seed)

    def apply_deal(self, deal: Any) -> State:
        """The state after ``deal``."""
        if not self.is_chance:
            raise IllegalAction("no deal is due now")
        if not isinstance(deal, Deal) or len(deal.hands) != self.game.players:
            raise DealError(f"the deal must have {self.game.players} hands")
        up, stock = deal.stock[0], deal.stock[1:]
        n = self.game.players
        return dataclasses.replace(
            self, phase="draw", hands=deal.hands, stock=stock, pile=(up,), melds=(),
            turn=(self.dealer + 1) % n, deal=deal, actions=(), known=((),) * n,
        )

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal next action (of ``seat`` only, when given)."""
        if not self.in_round or (seat is not None and seat != self.turn):
            return []
        me = self.turn
        if self.phase == "draw":
            out: list[Action] = []
            if self.stock:
                out.append(Draw(me, "stock"))
            if self.pile:
                out.append(Draw(me, "discard"))
            return out
        hand = self.hands[me]
        by_rank: dict[int, list[Card]] = {}
        for c in hand:
            by_rank.setdefault(c.rank, []).append(c)
        lays: list[Action] = [
            Lay(me, tuple(sorted(cs))) for cs in by_rank.values() if len(cs) >= 3 and len(hand) > 3
        ]
        return lays + [Discard(me, c) for c in sorted(set(hand))]

    def apply(self, action: Any) -> State:
        """The state after ``action``; raises ``IllegalAction``."""
        if action not in self.legal_actions():
            who = f"seat {self.turn}" if self.in_round else "nobody"
            raise IllegalAction(f"not a legal action now ({who} is to {self.phase}) (T-1)",
                                rules=("T-1",))
        me = self.turn
        hands = list(self.hands)
        known = list(self.known)
        new = dataclasses.replace(self, actions=(*self.actions, action))
        if isinstance(action, Draw):
            if action.source == "stock":
                card, stock, pile = self.stock[0], self.stock[1:], self.pile
            else:
                card, stock, pile = self.pile[-1], self.stock, self.pile[:-1]
                known[me] = (*known[me], card)
            hands[me] = tuple(sorted((*hands[me], card)))
            return dataclasses.replace(new, phase="play", hands=tuple(hands), stock=stock,
                                       pile=pile, known=tuple(known))
        if isinstance(action, Lay):
            hands[me] = remove_cards(hands[me], action.cards) or ()
            known[me] = tuple((Counter(known[me]) - Counter(action.cards)).elements())
            return dataclasses.replace(new, hands=tuple(hands),
                                       melds=(*self.melds, (me, action.cards)),
                                       known=tuple(known))
        hands[me] = remove_cards(hands[me], (action.card,)) or ()
        known[me] = tuple((Counter(known[me]) - Counter((action.card,))).elements())
        new = dataclasses.replace(new, hands=tuple(hands), pile=(*self.pile, action.card),
                                  known=tuple(known))
        if not hands[me]:
            scores = tuple(len(h) for h in hands)
            return new.end_round({"dealer": self.dealer, "winner": me, "scores": list(scores)})
        if not new.stock:
            none = [0] * self.game.players
            return new.end_round({"dealer": self.dealer, "winner": None, "scores": none})
        return dataclasses.replace(new, phase="draw", turn=(me + 1) % self.game.players)

    def end_round(self, result: dict[str, Any]) -> State:
        """The round scored; the next deal or the match's end."""
        assert self.deal is not None
        totals = tuple(t + s for t, s in zip(self.totals, result["scores"], strict=True))
        results = (*self.results, result)
        log = (*self.log, (self.dealer, self.deal, self.actions))
        nxt = dataclasses.replace(
            self, totals=totals, results=results, log=log, phase="deal",
            dealer=(self.dealer + 1) % self.game.players,
        )
        if len(results) < self.game.rounds:
            return nxt
        low = min(totals)
        winner = totals.index(low) if totals.count(low) == 1 else None
        return dataclasses.replace(nxt, phase="over", winner=winner)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (None: a spectator)."""
        n = self.game.players
        return View(
            seat=seat,
            phase=self.phase,
            players=n,
            names=self.game.names,
            preset=self.game.preset,
            options=dict(self.game.options),
            hand=self.hands[seat] if seat is not None and self.hands else (),
            hand_counts=tuple(len(h) for h in self.hands) if self.hands else (0,) * n,
            discard_pile=self.pile,
            melds=tuple(MeldView(i, o, cs) for i, (o, cs) in enumerate(self.melds)),
            opened=tuple(any(o == s for o, _ in self.melds) for s in range(n)),
            totals=self.totals,
            turn=self.current_seat,
            stock_count=len(self.stock),
            round_number=len(self.results) + (1 if self.in_round else 0),
            known=self.known,
            results=self.results,
            legal_actions=tuple(self.legal_actions(seat)) if seat is not None else (),
        )

    def resample(self, seat: int, rng: random.Random) -> State:
        """The other hands (but for the cards seen going in) and the stock dealt again."""
        if not self.in_round:
            return self
        others = [s for s in range(self.game.players) if s != seat]
        unseen = list(self.stock)
        for s in others:
            unseen.extend((Counter(self.hands[s]) - Counter(self.known[s])).elements())
        rng.shuffle(unseen)
        hands = list(self.hands)
        for s in others:
            need = len(self.hands[s]) - len(self.known[s])
            hands[s] = tuple(sorted((*self.known[s], *unseen[:need])))
            unseen = unseen[need:]
        return dataclasses.replace(self, hands=tuple(hands), stock=tuple(unseen))

    def returns(self) -> tuple[float, ...]:
        """1 for the winner, 0 else."""
        return tuple(1.0 if s == self.winner else 0.0 for s in range(self.game.players))


@dataclass(frozen=True)
class MeldView:
    """A meld on the table."""

    index: int
    owner: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class View:
    """What one seat may see."""

    seat: int | None
    phase: str
    players: int
    names: tuple[str, ...]
    preset: str
    options: dict[str, Any]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    discard_pile: tuple[Card, ...]
    melds: tuple[MeldView, ...]
    opened: tuple[bool, ...]
    totals: tuple[int, ...]
    turn: int | None
    stock_count: int
    round_number: int
    known: tuple[tuple[Card, ...], ...]
    results: tuple[dict[str, Any], ...]
    legal_actions: tuple[Action, ...]

    def to_json(self) -> dict[str, Any]:
        """The view as JSON."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "players": self.players,
            "names": list(self.names),
            "hand": cards_str(self.hand),
            "hand_counts": list(self.hand_counts),
            "discard_pile": cards_str(self.discard_pile),
            "melds": [{"owner": m.owner, "cards": cards_str(m.cards)} for m in self.melds],
            "totals": list(self.totals),
            "turn": self.turn,
            "stock_count": self.stock_count,
            "round_number": self.round_number,
            "known": [cards_str(k) for k in self.known],
            "results": list(self.results),
            "legal_actions": [a.to_json() for a in self.legal_actions],
        }
