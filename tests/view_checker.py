"""What a seat may know, checked field by field in everything it is sent (hidden information).

One checker for every test that looks for leaks: the random-play invariants
(``invariants.check_view``) and the server's frames and messages (``test_server``). It walks
*every* field of a view or message — nested objects, mixed lists, single strings — and treats
any string that :meth:`Card.parse` accepts as a card. Each field that may hold cards is compared
with what the state says it must hold; any other field must hold none. Cards are compared as
multisets (Counters), never as sets: with two decks a leaked stock 7D whose twin sits in the
seat's own hand is still a leak.

What a seat may know (RULES.md L-2, L-61, L-62; docs/web-protocol.md): its own hand (none for a
spectator or between rounds), the melds on the table and the cards their wild cards stand for,
the discard pile, the indicator and wild cards, the round's public log (no card drawn from the
stock), the cards seen going into a hand (``known``), the taken discard, its own legal actions
(each made of cards from its own hand), and the penalty cards shown at the end of each won round.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from handgame.core.cards import Card
from handgame.core.errors import CardError
from handgame.games.hand.actions import Draw
from handgame.games.hand.rounds import Phase
from handgame.games.hand.state import State


@lru_cache(maxsize=8192)
def card_name(text: str) -> str | None:
    """The card a string names (as ``Card.parse`` reads it: ``7d``, ``10H``, ``JK``…), or None."""
    try:
        return str(Card.parse(text))
    except (CardError, ValueError):
        return None


def cards_in(obj: Any) -> Counter[str]:
    """Every card string anywhere in a JSON value (keys too), counted: a multiset."""
    found: Counter[str] = Counter()
    stack = [obj]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            name = card_name(value)
            if name is not None:
                found[name] += 1
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
    return found


def _names(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def _no_cards(value: Any, where: str, out: list[str]) -> None:
    found = cards_in(value)
    if found:
        out.append(f"{where} holds cards {dict(found)}; no card may appear there")


def _exact(value: Any, want: Any, where: str, out: list[str]) -> None:
    if value != want:
        extra = dict(cards_in(value) - cards_in(want))
        out.append(f"{where} = {value!r}, the table says {want!r} (cards beyond it: {extra})")


def public_action(action: Any) -> dict[str, Any]:
    """An action as everyone may see it: a draw never names the card drawn (L-61)."""
    if isinstance(action, Draw):
        return {"seat": action.seat, "draw": action.source}
    out: dict[str, Any] = action.to_json()
    return out


def _check_melds(value: Any, state: State, out: list[str]) -> None:
    rnd = state.round
    melds = rnd.melds if rnd is not None else ()
    if not isinstance(value, list) or len(value) != len(melds):
        out.append(f"melds: {len(melds)} on the table, the view has {value!r}")
        _no_cards(value, "melds", out)
        return
    for i, (got, meld) in enumerate(zip(value, melds, strict=True)):
        if not isinstance(got, dict):
            out.append(f"melds[{i}] is not an object")
            continue
        stands = [
            (str(meld.stands_for(p)) if meld.stands_for(p) is not None else None)
            for p in range(len(meld.cards))
        ]
        for key, v in got.items():
            where = f"melds[{i}].{key}"
            if key == "cards":
                _exact(v, _names(meld.cards), where, out)
            elif key == "stands_for":
                # what a wild card plays as: a natural card, or "any …" for a set's free suit
                if not isinstance(v, list) or len(v) != len(stands):
                    out.append(f"{where} = {v!r}: not one entry per card")
                    continue
                for p, (s, want) in enumerate(zip(v, stands, strict=True)):
                    if p not in meld.wild_at:
                        _exact(s, None, f"{where}[{p}]", out)
                    elif want is not None:
                        _exact(s, want, f"{where}[{p}]", out)
                    else:
                        _no_cards(s, f"{where}[{p}]", out)
            else:
                _no_cards(v, where, out)


def _check_public(
    value: Any, state: State, in_round: bool, out: list[str], cache: dict[str, Any] | None
) -> None:
    rnd = state.round
    if not in_round or rnd is None:
        _no_cards(value, "public", out)
        return
    if not isinstance(value, dict):
        out.append(f"public = {value!r}: not an object")
        return
    for key, v in value.items():
        where = f"public.{key}"
        if key == "known":
            _exact(v, [_names(k) for k in rnd.known], where, out)
        elif key == "turn" and isinstance(v, dict):
            taken = rnd.turn_state.taken
            for k2, v2 in v.items():
                if k2 == "taken":
                    _exact(v2, str(taken) if taken is not None else None, f"{where}.taken", out)
                else:
                    _no_cards(v2, f"{where}.{k2}", out)
        elif key == "actions":
            _check_log(v, rnd.actions, out, cache)
        elif key == "upcard":
            # the card turned up at the deal (G-3): everyone saw it
            up = rnd.deal.discard
            _exact(v, str(up) if up is not None else None, where, out)
        else:
            _no_cards(v, where, out)


def _check_log(value: Any, actions: Any, out: list[str], cache: dict[str, Any] | None) -> None:
    """The public log, entry by entry; with ``cache`` only the entries not checked before (the
    log is append-only within a round)."""
    if not isinstance(value, list) or len(value) != len(actions):
        out.append(f"public.actions: {len(actions)} actions, the view has {value!r}")
        _no_cards(value, "public.actions", out)
        return
    start = 0
    if cache is not None:
        seen = cache.get("log")
        if seen is not None and len(seen) <= len(value) and value[: len(seen)] == seen:
            start = len(seen)
        cache["log"] = value
    for i in range(start, len(value)):
        _exact(value[i], public_action(actions[i]), f"public.actions[{i}]", out)


def _check_results(value: Any, state: State, out: list[str]) -> None:
    if not isinstance(value, list) or len(value) != len(state.results):
        out.append(f"results: {len(state.results)} rounds ended, the view has {value!r}")
        _no_cards(value, "results", out)
        return
    for i, (got, res) in enumerate(zip(value, state.results, strict=True)):
        if not isinstance(got, dict):
            out.append(f"results[{i}] is not an object")
            continue
        for key, v in got.items():
            where = f"results[{i}].{key}"
            if key == "penalty_cards" and res.result == "won":
                # every hand is shown when a round is won (L-85)
                _exact(v, [list(p) for p in res.penalties], where, out)
            else:
                _no_cards(v, where, out)


def view_problems(
    js: dict[str, Any],
    state: State,
    seat: int | None,
    cache: dict[str, Any] | None = None,
) -> list[str]:
    """Everything in the view ``js`` of ``seat`` (None: a spectator) that it may not know."""
    out: list[str] = []
    rnd = state.round
    in_round = rnd is not None and state.phase not in (Phase.DEAL, Phase.OVER)
    own = rnd.hands[seat] if rnd is not None and in_round and seat is not None else ()
    own_count = Counter(_names(own))
    for key, value in js.items():
        if card_name(key) is not None:
            out.append(f"the view has a key {key!r} that is a card: it holds cards")
        if key == "hand":
            _exact(value, _names(own), "hand", out)
        elif key == "discard_pile":
            _exact(value, _names(rnd.discard_pile) if rnd is not None else [], key, out)
        elif key in ("indicator", "wild", "joker_as"):
            card = None
            if rnd is not None:
                card = {
                    "indicator": rnd.deal.indicator,
                    "wild": rnd.wilds.wild,
                    "joker_as": rnd.wilds.joker_as,
                }[key]
            _exact(value, str(card) if card is not None else None, key, out)
        elif key == "melds":
            _check_melds(value, state, out)
        elif key == "legal_actions":
            if not isinstance(value, list):
                out.append(f"legal_actions = {value!r}: not a list")
                continue
            for i, a in enumerate(value):
                # every card an action names comes from the seat's own hand (L-60…L-66)
                beyond = cards_in(a) - own_count
                if beyond:
                    out.append(f"legal_actions[{i}] = {a!r} names {dict(beyond)}, not in hand")
                if not isinstance(a, dict) or a.get("seat") != seat:
                    out.append(f"legal_actions[{i}] = {a!r} is not an action of seat {seat}")
        elif key == "public":
            _check_public(value, state, in_round, out, cache)
        elif key == "results":
            _check_results(value, state, out)
        else:
            _no_cards(value, key, out)
    return out


def knowable(state: State, seat: int | None) -> Counter[str]:
    """The most copies of each card ``seat`` may see at once in ``state``: its hand, the table,
    the pile, the cards known to be in hands, the indicator and wilds, and any one round's
    shown hands."""
    got: Counter[str] = Counter()
    rnd = state.round
    if rnd is not None:
        if seat is not None and state.phase not in (Phase.DEAL, Phase.OVER):
            got.update(_names(rnd.hands[seat]))
        for m in rnd.melds:
            got.update(_names(m.cards))
            got.update(str(m.stands_for(p)) for p in m.wild_at if m.stands_for(p) is not None)
        got.update(_names(rnd.discard_pile))
        for s, k in enumerate(rnd.known):
            if s != seat:
                got.update(_names(k))
        for c in (rnd.deal.indicator, rnd.wilds.wild, rnd.wilds.joker_as):
            if c is not None:
                got[str(c)] += 1
    for r in state.results:
        shown: Counter[str] = Counter(c for p in r.penalties for c in p)
        got |= shown
    return got


def message_problems(
    message: dict[str, Any],
    state: State,
    seat: int | None,
    cache: dict[str, Any] | None = None,
) -> list[str]:
    """What a server message to ``seat`` shows that the seat may not know: a state message's
    view field by field, every other field (and every other message) as a card multiset
    within what the seat may see at once."""
    out: list[str] = []
    for key, value in message.items():
        if key == "view" and isinstance(value, dict):
            out += view_problems(value, state, seat, cache)
        elif message.get("type") == "state":
            _no_cards(value, key, out)
    if message.get("type") != "state":
        beyond = cards_in(message) - knowable(state, seat)
        if beyond:
            out.append(f"a {message.get('type')} message shows {dict(beyond)} beyond the table")
    return out
