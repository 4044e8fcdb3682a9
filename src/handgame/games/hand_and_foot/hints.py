"""Advice for the seat to act, from what it may see: shared by ``hand play`` and the web UI.

The advice is the ``planner``'s (the ``expert`` level, :mod:`.bots.planner`) as phrases
(:mod:`handgame.core.words`; worded from Hand and Foot's ``words.json``): the whole turn it
would play (drawn ahead on a state sampled from the view: its hidden cards at random, never
read; the turn's steps read only the seat's hand and the table), each step with its reason, and
the cards it would keep:

- the partner's question (HF-10): yes or no, by the team's lead;
- the draw: take the pile (HF-6) or draw two, and why;
- going out this turn (HF-10), or picking up the foot (HF-9), step by step;
- the opening (HF-8): the melds that reach the minimum, or what is missing;
- each lay of the turn (new melds, cards added, books made, HF-4, HF-5); a meld the turn
  lays is said whole, with the cards the turn adds to it (the page numbers only the melds
  on the table, so no step names a meld by a number it does not show yet);
- the wild cards kept for books;
- the discard, and why.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from handgame.core.cards import Card
from handgame.core.words import Phrase, phrase
from handgame.games.hand_and_foot.actions import Add, Answer, Ask, Discard, Meld, Take
from handgame.games.hand_and_foot.bots.determinize import sample_state
from handgame.games.hand_and_foot.bots.greedy import discard_order
from handgame.games.hand_and_foot.bots.planner import PlannerBot, lead_if_out, unfinished_melds
from handgame.games.hand_and_foot.finish import max_lay_value
from handgame.games.hand_and_foot.rounds import Phase, TeamMeld
from handgame.games.hand_and_foot.rules import BOOK, is_black_three, is_wild, value
from handgame.games.hand_and_foot.view import PlayerView

#: the most steps of the turn the hint draws ahead
_STEPS = 40


def _rank(name: str) -> int:
    return "A23456789TJQK".index(name) + 1


def _turn(view: PlayerView) -> tuple[list[tuple[PlayerView, Any]], str]:
    """The planner's steps for the rest of this turn, each with the seat's view before it,
    drawn ahead on a sampled state (an ``Ask`` answered yes by the sample), and how it ends:
    ``out`` (going out, HF-10), ``foot`` (the hand emptied, the foot picked up, HF-9) or
    ``turn``."""
    seat = view.seat
    assert seat is not None
    state = sample_state(view, random.Random(0))  # hidden cards at random, never read
    bot = PlannerBot(0)
    steps: list[tuple[PlayerView, Any]] = []
    for _ in range(_STEPS):
        if not state.in_round:
            return steps, "out"
        actor = state.to_act()
        if actor is not None and actor != seat:  # the partner answers the sample's question
            state = state.apply(Answer(actor, True))
            continue
        before = state.view(seat)
        action = bot.choose(before)
        steps.append((before, action))
        rnd = state.round
        assert rnd is not None
        picked = rnd.picked[seat]
        state = state.apply(action)
        after = state.round
        if not state.in_round and (after is None or not after.picked[seat] or picked):
            return steps, "out" if state.results and state.results[-1].went_out == seat else "turn"
        if not picked and after is not None and after.picked[seat]:
            return steps, "foot"  # the rest of the turn is the foot's cards, unseen yet
        if isinstance(action, Discard):
            return steps, "turn"
    return steps, "turn"


def _folded(turn: list[tuple[PlayerView, Any]], shown: int) -> list[tuple[PlayerView, Any]]:
    """The turn's steps with each add to a meld laid earlier in the same turn folded into
    that lay (HF-4: a new meld is laid with 3 to 7 cards, so the lay may hold them all): the
    page shows the ``shown`` melds on the table when the hint is asked, numbered from 1, and a
    meld the hint lays has no number there yet, so no step names one."""
    out: list[tuple[PlayerView, Any]] = []
    laid: dict[int, tuple[int, int]] = {}  # a meld laid this turn: (its step in out, its place)
    count = shown
    for before, action in turn:
        if isinstance(action, Meld):
            for j in range(len(action.melds)):
                laid[count + j] = (len(out), j)
            count += len(action.melds)  # new melds go to the end of the table's (HF-4)
        elif isinstance(action, Add) and action.to in laid:
            at, j = laid[action.to]
            first, meld = out[at]
            melds = list(meld.melds)
            melds[j] = (*melds[j], *action.cards)
            out[at] = (first, dataclasses.replace(meld, melds=tuple(melds)))
            continue
        out.append((before, action))
    return out


def _lay(view: PlayerView, action: Meld | Add) -> Phrase:
    """A lay of the turn with its reason: a new meld takes the rank's later cards (HF-4); an
    add that makes a book says which (HF-5)."""
    if isinstance(action, Meld):
        cards = action.melds[0]
        rank = next(c.rank for c in cards if not is_wild(c))
        wild = any(is_wild(c) for c in cards)
        if len(cards) == BOOK:  # laid whole, a book at once (HF-5)
            return phrase("hint_hf_lay_dirty" if wild else "hint_hf_lay_clean", cards=cards)
        kind = "hint_hf_lay_wild" if wild and len(cards) == 3 else "hint_hf_lay"
        return phrase(kind, cards=cards, ranks=rank)
    card = action.cards[0]
    meld = view.melds[action.to]
    if len(meld.cards) + 1 == BOOK:
        dirty = is_wild(card) or any(is_wild(c) for c in meld.cards)
        kind = "hint_hf_add_dirty" if dirty else "hint_hf_add_clean"
        return phrase(kind, card=card, to=action.to)
    return phrase("hint_hf_add", card=card, to=action.to)


def _discard(view: PlayerView, card: Card) -> Phrase:
    """The discard with its reason: a black three or a wild card blocks the pile (HF-3), a
    rank the next opponent's team has unfinished cannot take it (HF-4, HF-6)."""
    seat = view.seat
    assert seat is not None
    if is_black_three(card):
        return phrase("hint_hf_discard_black", card=card)
    if is_wild(card):
        return phrase("hint_hf_discard_wild", card=card)
    nxt = next(
        (s for k in range(1, view.players) if (s := (seat + k) % view.players) % view.teams
         != seat % view.teams),
        (seat + 1) % view.players,
    )  # fmt: skip
    theirs = {
        _rank(m.rank) for m in view.melds if m.team == nxt % view.teams and m.kind == "meld"
    }
    if view.options.get("pile_pickup") == "pair" and card.rank in theirs:
        return phrase("hint_hf_discard_unfinished", card=card, ranks=card.rank)
    return phrase("hint_hf_discard", card=card)


def _draw(view: PlayerView) -> Phrase:
    """The draw: the planner's take of the pile (HF-6), or two from the stock and why not."""
    choice = PlannerBot(0).choose(view)
    pile = view.discard_pile
    if isinstance(choice, Take):
        if choice.to is not None:
            return phrase("hint_hf_take_to", action=choice, taken=pile[-1])
        more = min(int(view.options.get("pile_take", 7)) - 1, len(pile) - 1)
        kind = ("hint_hf_take_alone", "hint_hf_take_one")[more] if more < 2 else "hint_hf_take"
        return phrase(kind, cards=choice.cards, card=pile[-1], more=more)
    if any(isinstance(a, Take) for a in view.legal_actions):
        return phrase("hint_hf_draw_close")
    if not pile:
        return phrase("hint_draw_two")
    top = pile[-1]
    if view.pile_blocked:
        return phrase("hint_hf_draw_blocked", card=top)
    seat = view.seat
    assert seat is not None
    if top.rank in unfinished_melds(view, seat % view.teams):
        return phrase("hint_hf_draw_unfinished", card=top, ranks=top.rank)
    return phrase("hint_hf_draw_no_pair", ranks=top.rank)


def hint(view: PlayerView) -> list[Phrase]:
    """Advice for the view's seat (see the module's docstring)."""
    seat = view.seat
    legal = list(view.legal_actions)
    if seat is None or not legal:
        return [phrase("hint_not_turn")]
    if any(isinstance(a, Answer) for a in legal):
        lead = round(lead_if_out(view, None))
        if PlannerBot(0).choose(view).yes:
            return [phrase("hint_hf_answer_yes", lead=max(lead, 0))]
        return [phrase("hint_hf_answer_no", trail=max(-lead, 0))]
    if view.phase == Phase.DRAW.value:
        return [_draw(view)]
    turn, end = _turn(view)
    turn = _folded(turn, len(view.melds))
    steps = [a for _, a in turn]
    lays = [a for a in steps if isinstance(a, Meld | Add)]
    said = [a for a in steps if not isinstance(a, Ask)]
    if end == "out" and said:
        asks = any(isinstance(a, Ask) for a in steps)
        return [phrase("hint_hf_go_out_ask" if asks else "hint_hf_go_out", steps=said)]
    if end == "foot" and said:
        return [phrase("hint_hf_foot", steps=said)]
    lines: list[Phrase] = []
    team = seat % view.teams
    info = view.turn_info
    need = view.minimum
    laid = int(info.get("laid_value", 0))
    if not info.get("opened_before") and laid < need:  # the team's opening, this turn (HF-8)
        worth = sum(value(c) for a in lays for c in _cards(a))
        if lays and laid + worth >= need:
            melds = [_cards(a) for a in lays]
            if laid:
                lines.append(
                    phrase(
                        "hint_hf_open_laid",
                        melds=melds,
                        value=laid + worth,
                        laid=laid,
                        minimum=need,
                    )
                )
            else:
                lines.append(phrase("hint_hf_open", melds=melds, value=worth, minimum=need))
        else:
            best = laid + max_lay_value(
                view.hand, tuple(Card.parse(c) for c in info.get("pile_left", ())),
                tuple(TeamMeld(m.team, _rank(m.rank), m.cards) for m in view.melds), team,
            )  # fmt: skip
            lines.append(phrase("hint_hf_cannot_open", value=best, minimum=need))
    else:
        lines += [_lay(v, a) for v, a in turn if isinstance(a, Meld | Add)][:3]
    discard = next((a for a in steps if isinstance(a, Discard)), None)
    kept = sorted({c for c in view.hand if is_wild(c)} - {c for a in lays for c in _cards(a)})
    if kept and discard is not None and not is_wild(discard.card):
        lines.append(phrase("hint_hf_keep", cards=kept))
    if discard is not None:
        lines.append(_discard(view, discard.card))
    elif not lines:
        lines.append(_discard(view, discard_order(view, seat)[0]))
    return lines


def _cards(action: Meld | Add) -> tuple[Card, ...]:
    return action.melds[0] if isinstance(action, Meld) else action.cards


__all__ = ["hint"]
