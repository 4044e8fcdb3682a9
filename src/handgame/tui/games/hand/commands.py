"""Hand's keys at the terminal table: what draw, take, meld, add, swap, discard and redeal do with
the selected cards and the target meld (an action, a choice among actions, or why not, as
phrases of Hand's words)."""

from __future__ import annotations

from typing import Any

from handgame.core.cards import SUIT_SYMBOLS, Card
from handgame.core.errors import MeldError
from handgame.core.words import phrase
from handgame.games.hand.actions import ClaimRedeal, Discard, Draw, LayMelds, LayOff, SwapWild
from handgame.games.hand.meldgen import candidate_melds
from handgame.games.hand.melds import Meld, analyze
from handgame.games.hand.state import State
from handgame.tui.i18n import sayer
from handgame.tui.parts import Choose, Keys, Refuse


def meld_words(meld: Meld) -> str:
    """A meld for people: its cards with suit symbols, each wild card with what it stands for
    (``7♦ A♣=8♦ 9♦``; in a set, the suits it may be: ``X=7♠/♣``)."""
    parts = []
    for i, c in enumerate(meld.cards):
        if i not in meld.wild_at:
            parts.append(c.symbol())
            continue
        sf = meld.stands_for(i)
        if sf is not None:
            parts.append(f"{c.symbol()}={sf.symbol()}")
        else:
            rank = "A23456789TJQK"[meld.rank - 1]
            suits = "/".join(SUIT_SYMBOLS["SHDC".index(s)] for s in meld.missing_suits())
            parts.append(f"{c.symbol()}={rank}{suits}")
    return " ".join(parts)


def meld_options(state: State, cards: list[Card]) -> list[tuple[Card, ...]]:
    """The ways to lay exactly ``cards`` as one new meld (runs in ascending order)."""
    rnd = state.round
    if rnd is None or not cards:
        return []
    ts = rnd.turn_state
    restriction = ts.restriction if not ts.taken_used and ts.taken in cards else None
    want = sorted(cards)
    out = [
        m.cards
        for m in candidate_melds(tuple(cards), rnd.wilds, state.rules, restriction)
        if sorted(m.cards) == want
    ]
    return sorted(set(out))


def meld_problem(state: State, cards: list[Card]) -> MeldError:
    """Why ``cards`` make no meld: the engine's error (its words and its rule ids)."""
    rnd = state.round
    assert rnd is not None
    natural = sorted(cards, key=lambda c: (rnd.wilds.is_wild(c), c.suit, c.rank))
    try:
        analyze(tuple(natural), rnd.wilds, state.rules)
    except MeldError as e:
        return e
    message = "these cards make no meld in any order (L-11, L-12)"
    return MeldError(message, rules=("L-11", "L-12"), cards=cards)


def command(name: str, argument: str | None, keys: Keys) -> Any:
    """What Hand's key command ``name`` does (see the module's docstring)."""
    seat, state = keys.seat, keys.state
    chosen = list(keys.selected)
    if name == "draw":
        return Draw(seat, argument or "stock")
    if name == "redeal":
        return ClaimRedeal(seat)
    if name == "discard":
        cards = chosen or ([keys.under_cursor] if keys.under_cursor is not None else [])
        announce = argument != "quiet"
        if len(cards) == 2:  # the two wild cards of the two-wilds bonus (O-11)
            return Discard(seat, cards[0], announce, cards[1])
        if len(cards) != 1:
            return Refuse(phrase("tui_one_to_discard"))
        return Discard(seat, cards[0], announce)
    if name == "meld":
        return _meld(state, seat, chosen)
    if name == "add":
        return _add(keys, chosen)
    if name == "swap":
        if not chosen or keys.target is None:
            return Refuse(phrase("tui_natural_and_meld"))
        want = sorted(chosen)
        for a in state.legal_actions(seat):
            if isinstance(a, SwapWild) and a.at == keys.target and sorted(a.cards) == want:
                return a
        return SwapWild(seat, tuple(chosen), keys.target)
    return Refuse(phrase("tui_not_now"))


def _meld(state: State, seat: int, cards: list[Card]) -> Any:
    """Lay the selected cards as a new meld (asking which way when a wild could go twice)."""
    if len(cards) < 3:
        return Refuse(phrase("tui_three_to_meld"))
    options = meld_options(state, cards)
    if not options:
        return Refuse(meld_problem(state, cards))
    if len(options) == 1:
        return LayMelds(seat, (options[0],))
    rnd = state.round
    assert rnd is not None
    return Choose(
        phrase("tui_which_meld"),
        tuple(
            (meld_words(analyze(o, rnd.wilds, state.rules)), LayMelds(seat, (o,)))
            for o in options
        ),
    )


def _add(keys: Keys, cards: list[Card]) -> Any:
    """Add the selected card to the target meld (asking for the end where it matters)."""
    if not cards and keys.under_cursor is not None:
        cards = [keys.under_cursor]
    if len(cards) != 1 or keys.target is None:
        return Refuse(phrase("tui_card_and_meld"))
    card, to = cards[0], keys.target
    legal = keys.state.legal_actions(keys.seat)
    ends = [a for a in legal if isinstance(a, LayOff) and a.card == card and a.to == to]
    if len(ends) > 1:
        say = sayer(keys.lang, keys.view.names, keys.seat, "hand")
        options = tuple((say.action(a.to_json(), None, "do"), a) for a in ends)
        return Choose(phrase("tui_which_end", to=to), options)
    return ends[0] if ends else LayOff(keys.seat, card, to, None)
