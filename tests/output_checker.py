"""Every output of the server checked against the truth rebuilt from the finished record (issue
31): for any game (Hand, Hand and Foot), any seat or a spectator, any version.

The truth is the finished match's record played through the engine (:func:`truth`): the state
at every version. Against it each output is checked two ways:

- *as the seat's view*: a state frame equals the view of that seat at its version, a hint is
  the game's hint of that view, a record mid-match is what the seat saw of each deal (checked
  field by field from the true deal, not by the server's code);
- *independently of the view function*: no output holds more copies of a card than the seat may
  see (its own hand, the table, the pile, the laid red threes, the cards seen going into a hand,
  the indicator and wild cards) where that card is hidden from it (the other hands but for the
  cards seen going in, every foot, the stock) — multisets, so a leaked 7D beside a seen 7D is
  still a leak. For Hand, :func:`view_checker.message_problems` checks each frame field by field
  as well.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from handgame.core.game import GameSpec
from handgame.core.record import game_of
from view_checker import cards_in, message_problems


@dataclass
class Truth:
    """A finished match played again: its game, its record, its state at every version, the
    version of each round's deal."""

    spec: GameSpec
    record: dict[str, Any]
    states: list[Any] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)  # the version of each round's deal
    actions: list[tuple[int, int]] = field(default_factory=list)  # version -> (round, count)


def truth(record: dict[str, Any]) -> Truth:
    """The state at every version of a finished record (index = version; 0: before the deal)."""
    spec = game_of(record)
    state = spec.read_game(record).new_match(record["rounds"][0]["dealer"])
    out = Truth(spec, record, [state])
    out.actions.append((-1, 0))
    for r, rnd in enumerate(record["rounds"]):
        state = state.apply_deal(spec.parse_deal(rnd["deal"]))
        out.states.append(state)
        out.deals.append(len(out.states) - 1)
        out.actions.append((r, 0))
        for k, raw in enumerate(rnd["actions"]):
            state = state.apply(spec.parse_action(raw))
            out.states.append(state)
            out.actions.append((r, k + 1))
    return out


def _in_round(state: Any) -> bool:
    return state.round is not None and not state.is_chance and not state.is_over


def _names(cards: Any) -> Counter[str]:
    return Counter(str(c) for c in cards)


def hidden(state: Any, seat: int | None) -> Counter[str]:
    """The cards ``seat`` may not see now: the other hands (less the cards seen going in), every
    foot not picked up, the stock (read from the state's fields, not from a view)."""
    rnd = state.round
    out: Counter[str] = Counter()
    if not _in_round(state):
        return out
    for i, hand in enumerate(rnd.hands):
        if i != seat:
            out += _names(hand) - _names(rnd.known[i])
    for i, foot in enumerate(getattr(rnd, "feet", ())):
        if not getattr(rnd, "picked", (False,) * len(rnd.hands))[i]:
            out += _names(foot)
    out += _names(rnd.stock)
    return out


def visible(state: Any, seat: int | None) -> Counter[str]:
    """The most copies of each card ``seat`` may see at once now (its hand, the table)."""
    rnd = state.round
    out: Counter[str] = Counter()
    if rnd is None:
        return out
    if seat is not None and _in_round(state):
        out += _names(rnd.hands[seat])
    for m in rnd.melds:
        out += _names(m.cards)
        if hasattr(m, "stands_for"):
            out += Counter(str(m.stands_for(p)) for p in m.wild_at if m.stands_for(p) is not None)
    out += _names(getattr(rnd, "discard_pile", ()) or getattr(rnd, "pile", ()))
    for r in getattr(rnd, "red_threes", ()):
        out += _names(r)
    for k in rnd.known:
        out += _names(k)
    wilds = getattr(rnd, "wilds", None)
    for c in (
        getattr(rnd.deal, "indicator", None),
        getattr(wilds, "wild", None),
        getattr(wilds, "joker_as", None),
        getattr(rnd.deal, "discard", None),
    ):
        if c is not None:
            out[str(c)] += 1
    return out


def _leaves(obj: Any) -> list[Any]:
    """The lists of plain values and the single strings of a JSON value: each a place cards
    may be written (a hand, a meld, a log entry's cards)."""
    if isinstance(obj, dict):
        return [x for k, v in obj.items() for x in (_leaves(k) + _leaves(v))]
    if isinstance(obj, list):
        if all(not isinstance(v, (dict, list)) for v in obj):
            return [obj]
        return [x for v in obj for x in _leaves(v)]
    return [obj] if isinstance(obj, str) else []


def leaks(output: Any, state: Any, seat: int | None) -> Counter[str]:
    """The hidden cards an output shows beyond what the seat may see (empty: no leak), place by
    place (a log that names a card the pile shows too is no leak)."""
    seen, secret = visible(state, seat), hidden(state, seat)
    found: Counter[str] = Counter()
    for leaf in _leaves(output):
        found |= (cards_in(leaf) - seen) & secret
    return found


def frame_problems(message: dict[str, Any], t: Truth, seat: int | None) -> list[str]:
    """What is wrong with a WebSocket message a seat (None: a spectator) got."""
    version = message.get("version")
    if not isinstance(version, int) or not 0 <= version < len(t.states):
        return [f"a {message.get('type')} message at an unknown version {version}"]
    state = t.states[version]
    out: list[str] = []
    if message.get("type") == "state":
        want = state.view(seat).to_json()
        if message["view"] != want:
            out.append(f"the frame at version {version} is not the seat's view")
        if t.spec.name == "hand":
            out += message_problems(message, state, seat)
    found = leaks(message, state, seat)
    if found:
        out.append(f"a {message.get('type')} message at {version} shows hidden {dict(found)}")
    return out


def record_problems(got: dict[str, Any], t: Truth, version: int, seat: int) -> list[str]:
    """A seat's record mid-match, field by field against the true deals: its own hand as it
    held it once dealt, the public cards of the deal, nothing else; the actions as they are."""
    out: list[str] = []
    last_round, count = t.actions[version]
    if got.get("redacted_for") != seat:
        out.append(f"redacted_for = {got.get('redacted_for')!r}, not {seat}")
    if len(got["rounds"]) != last_round + 1:
        return [*out, f"{len(got['rounds'])} rounds, the match has had {last_round + 1}"]
    for r, rnd in enumerate(got["rounds"]):
        true_round = t.record["rounds"][r]
        true_deal = true_round["deal"]
        dealt = t.states[t.deals[r]].round
        want_actions = true_round["actions"][: count if r == last_round else None]
        if rnd["actions"] != want_actions:
            out.append(f"round {r}: the actions are not the match's")
        if rnd["dealer"] != true_round["dealer"]:
            out.append(f"round {r}: the dealer is not the match's")
        for key, value in rnd["deal"].items():
            where = f"round {r}: deal.{key}"
            if key == "hands":
                for i, hand in enumerate(value):
                    if i == seat:
                        if Counter(hand) != _names(dealt.hands[seat]):
                            out.append(f"{where}[{i}] is not the hand the seat was dealt")
                    elif hand is not None:
                        out.append(f"{where}[{i}] shows another seat's hand")
            elif key in ("indicator", "discard"):
                if value != true_deal.get(key):
                    out.append(f"{where} = {value!r}, the deal's is {true_deal.get(key)!r}")
            elif key == "red_threes":  # laid face up at the deal (HF-3)
                if value != [[str(c) for c in x] for x in dealt.red_threes]:
                    out.append(f"{where} is not the red threes laid")
            elif cards_in(value):
                out.append(f"{where} holds cards {dict(cards_in(value))}")
    return out


def summary_problems(got: dict[str, Any], t: Truth, version: int) -> list[str]:
    """The public summary at ``version``: that version, no hidden card."""
    state = t.states[version]
    out = [] if got["version"] == version else [f"summary at {got['version']}, not {version}"]
    found = leaks(got, state, None)
    return out + ([f"the summary shows hidden {dict(found)}"] if found else [])
