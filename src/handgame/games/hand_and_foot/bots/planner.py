"""The ``planner`` bot of Hand and Foot: it plays to pick up its foot and go out, for its team.

It reads only its view. Each decision starts from a plan of the hand (:mod:`.plan`: what the
hand can lay on the team's melds, which books that makes, what is left):

- **Going out (HF-10).** When the team may go out after this turn's lays (a clean book and a
  dirty book, every partner's foot picked up, its own too) and the plan leaves at most one card,
  it goes out if its team is ahead by the table as HF-11 counts it (``lead``: the others' hands
  counted at the mean value of the cards unseen). It asks its partner first (``ask``) where
  asking is the rule (HF-10, ``ask_partner=binding``), and lays by the plan: naturals first,
  then each wild card where the plan puts it, then the last card discarded.
- **The foot (HF-9).** Before its foot is picked up it empties its hand whenever the plan can
  (every wild card placed): the foot's eleven cards are the way to going out.
- **Books (HF-5).** Naturals go onto the team's melds and into new melds of three or more; wild
  cards are kept for books: they go on a meld that is dirty already, or where they complete a
  book, the team's biggest clean meld kept clean while the team has no clean book.
- **Open melds for the partner (HF-9, HF-10).** While a partner's foot is down it completes no
  book but in the turn it goes out: every meld stops at five cards (``stop``), so each rank the
  team has melded stays open for the partner to lay two cards on and pick up its foot (the
  seat cannot go out before); its own cards past that wait in hand, to be laid as it goes out.
- **The pile (HF-6).** It takes the pile when it may, unless it is about to go out with a small
  hand and the pile is big.
- **Discard.** A card the plan leaves in hand, in ``greedy``'s order (a black three first, then
  cards the next opponent cannot take the pile with); a wild card only when nothing else is
  left. With a hand of nine cards or fewer it weighs the next draw (:mod:`.endgame`): the
  discard that leaves the best chance of laying the hand down after two cards from the stock
  (its foot picked up, HF-9; or, the foot up, going out with the team's books, HF-10); the
  order above breaks ties and decides when no discard leaves a chance (with ``look=2``,
  ``expert``'s, not the default: first the discard after which four cards, sampled, lay the
  hand down with one discard between, a plan leaving at most two cards).
- **The pile, late (HF-6).** A take after which the hand can be laid down is taken; else, when
  two cards from the stock may lay the hand down, it draws.
- **The partner's question (HF-10).** It answers "yes" when the team, with its own hand counted
  as it is, would be ahead once the asker goes out (or when the round is lost on the stock
  anyway: few cards left in the stock); else "no".

Options (``planner:lead=0,ask=1,keep=1,open=1,odds=1,stop=5,look=1``): ``lead``, the points
the team must be ahead by to go out (negative: go out behind); ``ask=0`` never asks; ``keep=0``
lets wild cards go anywhere (no clean meld kept); ``open=0`` completes books while a partner's
foot is down; ``odds=0`` weighs no draw (the plain discard order; the pile taken by the rule
above); ``stop`` (3 to 6), the cards a meld stops at while a partner's foot is down; ``look=2``
also looks two draws ahead (``expert`` plays ``lead=-10000,look=2``, issue 34). The spec
``planner`` also takes the options of a search at its late draws and discards (``search=N``,
:mod:`.outsearch`, which registers the name)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from handgame.core.bot import Bot
from handgame.core.bot_options import Param, Value
from handgame.core.cards import Card
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.bots.determinize import unseen_cards
from handgame.games.hand_and_foot.bots.endgame import DrawOdds, can_lay_down
from handgame.games.hand_and_foot.bots.greedy import discard_order
from handgame.games.hand_and_foot.bots.plan import Plan, make_plan
from handgame.games.hand_and_foot.rules import BOOK, PILE_TAKE, is_red_three, is_wild, value
from handgame.games.hand_and_foot.view import PlayerView

#: the options of a ``planner`` spec
PARAMS = {
    "lead": Param("whole", -10_000, 10_000),
    "ask": Param("whole", 0, 1),
    "keep": Param("whole", 0, 1),
    "wilds": Param("word", words=("sinks", "free", "books", "none")),
    "open": Param("whole", 0, 1),
    "odds": Param("whole", 0, 1),
    "stop": Param("whole", 3, 6),
    "look": Param("whole", 1, 2),
}
_RANKS = "A23456789TJQK"
#: the discard weighs the next draw's odds (``odds=1``) for hands of at most this many cards
ODDS_HAND = 9


@dataclass(frozen=True)
class Settings:
    """A planner's options (see the module's docstring)."""

    lead: int = 0
    ask: bool = True
    keep: bool = True
    wilds: str = "sinks"
    open: bool = True
    odds: bool = True
    stop: int = 5
    look: int = 1


def _rank(name: str) -> int:
    return _RANKS.index(name) + 1


def unfinished_melds(view: PlayerView, team: int) -> dict[int, tuple[int, int, int]]:
    """The team's unfinished melds: rank -> (index, naturals, wild cards)."""
    out: dict[int, tuple[int, int, int]] = {}
    for m in view.melds:
        if m.team == team and m.kind == "meld":
            wild = sum(1 for c in m.cards if is_wild(c))
            out[_rank(m.rank)] = (m.index, len(m.cards) - wild, wild)
    return out


def table_points(view: PlayerView, team: int) -> int:
    """A team's points on the table as HF-11 counts them: its melds, books and red threes."""
    points = 0
    for m in view.melds:
        if m.team == team:
            points += sum(value(c) for c in m.cards)
            if m.kind == "clean":
                points += 500
            elif m.kind == "dirty":
                points += 300
    for seat, reds in enumerate(view.red_threes):
        if seat % view.teams == team:
            points += 100 * len(reds)
    return points


def _mean_unseen(view: PlayerView) -> tuple[float, float]:
    """The mean HF-7 value of a card the seat has not seen (red threes apart), and the share of
    red threes among them."""
    unseen = unseen_cards(view)
    plain = [c for c in unseen if not is_red_three(c)]
    mean = sum(value(c) for c in plain) / len(plain) if plain else 10.0
    return mean, (len(unseen) - len(plain)) / max(1, len(unseen))


def lead_if_out(view: PlayerView, plan: Plan | None) -> float:
    """The team's lead over the best other team if a player of the team went out now (+100,
    HF-11): with ``plan``, the seat itself goes out by it (its lays and books added, its hand
    emptied); without, the seat to play does (a partner answering the question: its lays
    counted at the mean unseen value, the answering seat's own hand exactly). The others' hands
    count at the mean value of the cards unseen, each foot not picked up its red threes
    expected."""
    seat = view.seat
    assert seat is not None
    teams = view.teams
    mean, red_share = _mean_unseen(view)
    points = [float(table_points(view, t)) for t in range(teams)]
    me = seat % teams
    out = seat if plan is not None else view.turn
    for s in range(view.players):
        t = s % teams
        if s == out:
            if plan is None:  # the asker lays all but the card it discards
                points[t] += max(0, view.hand_counts[s] - 1) * mean
        elif s == seat:
            points[t] -= sum(value(c) for c in view.hand)
        else:
            points[t] -= view.hand_counts[s] * mean
        if not view.feet_picked[s]:
            points[t] -= 100 * 11 * red_share
    if plan is not None:
        points[me] += plan.laid_value + 500 * plan.books_clean + 300 * plan.books_dirty
    points[me] += 100
    others = [p for t, p in enumerate(points) if t != me]
    return points[me] - max(others) if others else points[me]


class PlannerBot(Bot):
    """Hand and Foot played to go out (see the module's docstring)."""

    name = "planner"

    def __init__(self, seed: int | str = 0, settings: Settings | None = None) -> None:
        """A planner with ``settings`` (the defaults: go out when ahead, ask, keep a meld
        clean)."""
        super().__init__(seed)
        self.settings = settings or Settings()

    # --- the decision --------------------------------------------------------------------
    def choose(self, view: Any) -> Any:
        """The planner's step for the view's seat."""
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if any(isinstance(a, Answer) for a in legal):
            return self._answer(view, legal)
        if any(isinstance(a, Draw | Take) for a in legal):
            return self._draw(view, legal)
        return self._play(view, legal)

    def _answer(self, view: PlayerView, legal: list[Any]) -> Any:
        seat = view.seat
        yes = lead_if_out(view, None) > 0 or view.stock_count < 8
        return next(a for a in legal if isinstance(a, Answer) and a.yes == yes and a.seat == seat)

    def _draw(self, view: PlayerView, legal: list[Any]) -> Any:
        takes = [a for a in legal if isinstance(a, Take)]
        draw = next((a for a in legal if isinstance(a, Draw)), None)
        if not takes:
            assert draw is not None
            return draw
        seat = view.seat
        assert seat is not None
        team = seat % view.teams
        if self.settings.odds:
            # a take after which the hand can be laid down (the foot, HF-9; going out, HF-10)
            books = view.books[team] if view.feet_picked[seat] else None
            for take in takes:
                if can_lay_down(*_after_take(view, take, team), books):
                    return take
            # no take lays the hand down, two cards from the stock may: draw them
            if draw is not None and len(view.hand) <= ODDS_HAND:
                melds = unfinished_melds(view, team)
                if DrawOdds(unseen_cards(view), melds, books).chance(view.hand) > 0:
                    return draw
        near_out = (
            view.feet_picked[seat]
            and len(view.hand) <= 3
            and self._team_may_go_out(view, team)
            and len(view.discard_pile) > 4
        )
        if near_out and draw is not None:
            return draw
        # the take that keeps wild cards in hand: naturals only, if it can
        return min(takes, key=lambda a: (sum(1 for c in a.cards if is_wild(c)), a.to is not None))

    @staticmethod
    def _team_may_go_out(view: PlayerView, team: int, plan: Plan | None = None) -> bool:
        """HF-10's conditions but the cards: every foot of the team picked up, a clean book and
        a dirty book (counting ``plan``'s), and no "no" from the partner this turn."""
        if view.turn_info.get("no_going_out"):
            return False
        if not all(view.feet_picked[s] for s in range(view.players) if s % view.teams == team):
            return False
        clean, dirty = view.books[team]
        if plan is not None:
            clean += plan.books_clean
            dirty += plan.books_dirty
        return clean >= 1 and dirty >= 1

    def _plans(self, view: PlayerView, team: int) -> list[Plan]:
        """The plans worth comparing: every wild card placed, with each unfinished meld (or
        none) kept clean."""
        melds = unfinished_melds(view, team)
        plans = [make_plan(view.hand, melds)]
        for rank in melds:
            plans.append(make_plan(view.hand, melds, protect=rank))
        return plans

    def _play(self, view: PlayerView, legal: list[Any]) -> Any:
        seat = view.seat
        assert seat is not None
        team = seat % view.teams
        melds = unfinished_melds(view, team)
        # going out: a plan that leaves at most one card and gives the team its books
        if view.feet_picked[seat]:
            outs = [
                p
                for p in self._plans(view, team)
                if len(p.left) <= 1 and self._team_may_go_out(view, team, p)
            ]
            if outs:
                plan = max(outs, key=lambda p: p.laid_value + 500 * p.books_clean)
                if lead_if_out(view, plan) > self.settings.lead:
                    ask = next((a for a in legal if isinstance(a, Ask)), None)
                    if (
                        ask is not None
                        and self.settings.ask
                        and not view.turn_info.get("asked")
                        and len(view.hand) >= 2
                    ):
                        return ask
                    step = self._step_of(view, legal, plan, melds, final=True)
                    if step is not None:
                        return step
        else:
            free = make_plan(view.hand, melds)
            if len(free.left) <= 1:  # the hand can be emptied: the foot comes up (HF-9)
                step = self._step_of(view, legal, free, melds, final=True)
                if step is not None:
                    return step
        # the ordinary turn: naturals down, wild cards kept for books
        protect = self._protected(view, team, melds)
        # a partner's foot down: every meld kept open for it (no book but going out)
        cap = self.settings.open and not all(
            view.feet_picked[s] for s in range(view.players) if s % view.teams == team
        )
        need_dirty = view.books[team][1] == 0 and not cap
        stop = self.settings.stop
        plan = make_plan(view.hand, melds, self.settings.wilds, protect, need_dirty, cap, stop)
        holding = view.feet_picked[seat]
        if not holding or len(view.hand) > 2:
            step = self._step_of(view, legal, plan, melds, final=False, cap=stop if cap else 0)
            if step is not None:
                return step
        return self._discard(view, legal, plan)

    def _protected(
        self, view: PlayerView, team: int, melds: dict[int, tuple[int, int, int]]
    ) -> int | None:
        """The meld kept clean: the team's biggest clean unfinished meld while it has no clean
        book (HF-10 needs one)."""
        if not self.settings.keep or view.books[team][0] >= 1:
            return None
        clean = [(nat, rank) for rank, (_, nat, wil) in melds.items() if wil == 0]
        return max(clean)[1] if clean else None

    def _step_of(
        self,
        view: PlayerView,
        legal: list[Any],
        plan: Plan,
        melds: dict[int, tuple[int, int, int]],
        final: bool,
        cap: int = 0,
    ) -> Any | None:
        """The next legal step of ``plan``: a natural onto its meld, a new meld of naturals, a
        pair with its wild card, a wild card onto its meld; with ``final``, the last card's
        discard once the plan's lays are done; with ``cap``, no step that makes a meld bigger
        than ``cap`` cards."""
        adds = [a for a in legal if isinstance(a, Add)]
        if cap:
            size = {index: nat + wil for index, nat, wil in melds.values()}
            adds = [a for a in adds if size.get(a.to, 0) + len(a.cards) <= min(cap, BOOK - 1)]
        news = [a for a in legal if isinstance(a, Meld)]
        by_index = {index: rank for rank, (index, _, _) in melds.items()}
        planned = {p.rank for p in plan.piles if p.laid > p.wilds_laid}
        for add in adds:
            card = add.cards[0]
            if not is_wild(card) and by_index.get(add.to) == card.rank:
                return add
        for new in news:
            cards = new.melds[0]
            if all(not is_wild(c) for c in cards) and cards[0].rank in planned:
                return new
        for new in news:
            cards = new.melds[0]
            rank = next(c.rank for c in cards if not is_wild(c))
            if any(is_wild(c) for c in cards) and plan.wild_to.get(rank, 0) > 0:
                if rank not in melds:
                    return new
        wild_adds = sorted(
            (a for a in adds if is_wild(a.cards[0]) and plan.wild_to.get(by_index.get(a.to, 0), 0)),
            key=lambda a: value(a.cards[0]),
        )
        if wild_adds:
            return wild_adds[0]
        if final:
            discards = [a for a in legal if isinstance(a, Discard)]
            if len(view.hand) == 1 and discards:
                return discards[0]
            lays = [a for a in legal if isinstance(a, Add | Meld)]
            if lays and len(plan.left) == 0 and len(view.hand) <= BOOK:
                return lays[0]
            if len(view.hand) == len(plan.left) == 1 and discards:
                return discards[0]
        return None

    def _discard(self, view: PlayerView, legal: list[Any], plan: Plan) -> Any:
        discards = {a.card: a for a in legal if isinstance(a, Discard)}
        if not discards:  # the opening or the foot needs more cards down: lay anyway
            lays = [a for a in legal if isinstance(a, Add | Meld)]
            return max(lays, key=lambda a: _lay_value(a))
        seat = view.seat
        assert seat is not None
        spare = set(plan.left)
        order = discard_order(view, seat)
        if self.settings.odds and len(view.hand) <= ODDS_HAND:
            # late in the round: keep the cards that give the best chance of laying the hand
            # down after the next draw (the foot picked up, HF-9; or going out, HF-10)
            team = seat % view.teams
            books = view.books[team] if view.feet_picked[seat] else None
            odds = DrawOdds(unseen_cards(view), unfinished_melds(view, team), books)
            ranked = [c for c in order if c in spare and not is_wild(c)]
            ranked += [c for c in order if c not in spare and not is_wild(c)]
            ranked += [c for c in order if is_wild(c)]
            choices = [c for c in ranked if c in discards]
            card, chance = odds.best_discard(view.hand, choices)
            if chance > 0:
                return discards[card]
            if self.settings.look == 2:
                # no discard gives a chance after one draw: the best after two
                card, chance = odds.best_discard2(view.hand, choices, self.rng)
                if chance > 0:
                    return discards[card]
        for card in order:
            if card in discards and card in spare and not is_wild(card):
                return discards[card]
        for card in order:
            if card in discards and not is_wild(card):
                return discards[card]
        return discards[order[0]] if order[0] in discards else next(iter(discards.values()))


def _after_take(
    view: PlayerView, take: Take, team: int
) -> tuple[list[Card], dict[int, tuple[int, int, int]]]:
    """The hand and the team's unfinished melds after ``take`` (HF-6: the top card melded with
    the take's cards, or added to the team's meld; the next six cards of the pile into hand)."""
    pile = view.discard_pile
    top = pile[-1]
    hand = list(view.hand)
    for card in take.cards:
        hand.remove(card)
    more = int(view.options.get("pile_take", PILE_TAKE)) - 1
    hand += pile[max(0, len(pile) - 1 - more) : -1]
    melds = unfinished_melds(view, team)
    cards = [top, *take.cards]
    wild = sum(1 for c in cards if is_wild(c))
    if take.to is None:
        melds[top.rank] = (-1, len(cards) - wild, wild)
    else:
        index, nat, wil = melds[top.rank]
        melds[top.rank] = (index, nat + len(cards) - wild, wil + wild)
    if sum(melds[top.rank][1:]) >= BOOK:
        del melds[top.rank]
    return hand, melds


def _lay_value(action: Add | Meld) -> int:
    cards: list[Card] = (
        [c for m in action.melds for c in m] if isinstance(action, Meld) else list(action.cards)
    )
    return sum(value(c) for c in cards)


def settings_of(values: Mapping[str, Value]) -> Settings:
    """The :class:`Settings` of a spec's options (:data:`PARAMS`; the others ignored)."""
    return Settings(
        lead=int(values.get("lead", 0)),
        ask=bool(values.get("ask", 1)),
        keep=bool(values.get("keep", 1)),
        wilds=str(values.get("wilds", "sinks")),
        open=bool(values.get("open", 1)),
        odds=bool(values.get("odds", 1)),
        stop=int(values.get("stop", 5)),
        look=int(values.get("look", 1)),
    )


__all__ = ["PARAMS", "PlannerBot", "Settings", "lead_if_out", "settings_of", "table_points"]
