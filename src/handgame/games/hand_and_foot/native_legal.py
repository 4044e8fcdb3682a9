"""The native path of Hand and Foot's legal steps (issue 34), beside the Python one.

``native/hf_legal.cpp`` is a port of :func:`handgame.games.hand_and_foot.listing.play_steps`
(with ``after_lay`` and ``finish.max_lay_value``): the same steps, in the same order, as the
same action values. Built by the package build (``pip install .``; ``python native/build.py``
in a checkout) into ``_legal_native`` in this package; without the build, or with
``HANDGAME_NATIVE=0``, the Python listing is used, and ``HANDGAME_NATIVE=1`` requires the build
(:mod:`handgame.core.extensions`, the one loader). The
state goes over as ints: card codes, the table's melds as (team, rank, size, wild cards)
(converted once per table), the turn in progress, the pile's top and the cards that would come
with it. ``tests/hand_and_foot/test_hf_native.py`` checks the two paths equal.
"""

from __future__ import annotations

from typing import Any

from handgame.core import extensions
from handgame.core.actions import Action
from handgame.core.cards import ALL_CARDS, Card
from handgame.games.hand_and_foot.actions import Add, Ask, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.finish import feet_picked
from handgame.games.hand_and_foot.match import Match
from handgame.games.hand_and_foot.rounds import Phase, TeamMeld
from handgame.games.hand_and_foot.rules import Rules

_NATIVE = extensions.extension("handgame.games.hand_and_foot._legal_native")
#: the version of the extension's API (its line of core/extensions.py); another is not used
LEGAL_VERSION = _NATIVE.extension.version
_on: Any = _NATIVE.on


def native_available() -> bool:
    """Whether the native extension is built and loaded (whatever path is in use)."""
    return _NATIVE.available()


def path() -> str:
    """``native`` or ``python``: the path Hand and Foot's listing takes now."""
    return "native" if _on is not None else "python"


def use_native(on: bool) -> bool:
    """Switch between the native and the Python listing (tests); returns the previous
    setting."""
    global _on
    before = _NATIVE.use(on)
    _on = _NATIVE.on
    return before


_LAST: list[Any] = [None, []]  # the last table converted, and its conversion
_RULES: list[Any] = [None, ()]  # the last rules converted, and their options' tuple


def _options(rules: Rules) -> tuple[bool, bool, int, bool]:
    """The options the native listing reads, as it takes them (remembered for the last
    rules: a match keeps one)."""
    if _RULES[0] is rules:
        got: tuple[bool, bool, int, bool] = _RULES[1]
        return got
    out = (
        rules.pile_pickup == "pair-or-add",
        rules.pile_meld == "any",
        rules.pile_take,
        rules.ask_partner != "off" and rules.teams < rules.players,
    )
    _RULES[0], _RULES[1] = rules, out
    return out


def _table(melds: tuple[TeamMeld, ...]) -> list[tuple[int, int, int, int]]:
    if _LAST[0] is melds:
        got: list[tuple[int, int, int, int]] = _LAST[1]
        return got
    out = [(m.team, m.rank, len(m.cards), m.wilds) for m in melds]
    _LAST[0], _LAST[1] = melds, out
    return out


# one action value per seat and step, made on first use (actions are immutable values)
_MADE: dict[int, dict[tuple[int, int, int, int], Action]] = {}


def _action(seat: int, kind: int, a: int, b: int, c: int) -> Action:
    cards: tuple[Card, ...] = ALL_CARDS
    got: Action
    if kind == 0:
        got = Draw(seat)
    elif kind == 1:
        got = Take(seat, (cards[a], cards[b]))
    elif kind == 2:
        got = Meld(seat, ((cards[a], cards[b], cards[c]),))
    elif kind == 3:
        got = Add(seat, (cards[a],), b)
    elif kind == 4:
        got = Ask(seat)
    else:
        got = Discard(seat, cards[a])
    _MADE.setdefault(seat, {})[(kind, a, b, c)] = got
    return got


def play_steps(state: Match) -> list[Action] | None:
    """The seat to act's legal steps from the native code, or None when the native path is
    off or the turn is one the Python side lists (a take onto a meld, ``pair-or-add``)."""
    ext = _on
    if ext is None:
        return None
    rnd = state.round
    assert rnd is not None
    rules = state.rules
    seat = rnd.turn
    team = seat % rules.teams
    ts = rnd.turn_state
    pile = rnd.pile
    more = rules.pile_take - 1
    steps = ext.play_steps(
        0 if state.phase is Phase.DRAW else 1,
        seat,
        rules.teams,
        rnd.hands[seat],
        _table(rnd.melds),
        (ts.opened_before, ts.laid_any, ts.laid_value, ts.asked, ts.forbidden),
        ts.pile_left,
        rnd.picked[seat],
        feet_picked(rules, rnd, team),
        rules.minimum(rnd.index),
        _options(rules),
        pile[-1] if pile else -1,
        pile[max(0, len(pile) - 1 - more) : -1],
    )
    if steps and steps[0][0] == 9:
        return None
    made = _MADE.get(seat) or _MADE.setdefault(seat, {})
    get = made.get
    return [get(s) or _action(seat, *s) for s in steps]


def max_lay_value(
    hand: tuple[Card, ...], pile_left: tuple[Card, ...], melds: tuple[TeamMeld, ...], team: int
) -> int | None:
    """``finish.max_lay_value`` natively, or None when the native path is off."""
    if _on is None:
        return None
    got: int = _on.max_lay_value(hand, pile_left, _table(melds), team)
    return got


__all__ = ["max_lay_value", "native_available", "path", "play_steps", "use_native"]
