"""The fast path of the observation and the mask: the same arrays as :func:`encode.encode` and
:class:`tokens.ActionTree`, built with a few numpy calls instead of one Python step per entry.

:func:`encode.encode` and :func:`tokens.tokens_of` stay the definitions (readable, one entry
at a time); ``tests/rl/test_fast_path.py`` checks over thousands of steps of Hand and of Hand
and Foot that this module gives the same observations and masks, bit for bit.

What makes it fast:

- every card entry of the view (hand, known cards, pile, table, melds) is one index into the
  observation, and all of them are counted by one ``np.bincount``; the other entries are
  written by one fancy assignment;
- the part that depends on the view only (the *base*) is built once per view: while a seat
  spells an action, each step copies the base and adds its prefix tokens;
- an action's tokens are spelt once per distinct action (:func:`spell`, a bounded memo of
  :func:`tokens.tokens_of`: actions are immutable values).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from handgame.core import table_native
from handgame.core.game import TableView
from handgame.rl.encode import MELD_SLOTS, N_CARDS, PHASES, obs_size, offsets
from handgame.rl.tokens import N_ACTIONS, PASS, tokens_of

_SPELT: dict[Any, tuple[int, ...]] = {}
#: the same by the action object's identity (engines share the instances they list often):
#: id -> (the object, kept alive so that its id is not reused, its tokens)
_BY_ID: dict[int, tuple[Any, tuple[int, ...]]] = {}
_SPELT_MAX = 200_000


def spell(action: Any) -> tuple[int, ...]:
    """``tokens_of(action)``, remembered per action value (actions are immutable)."""
    known = _BY_ID.get(id(action))
    if known is not None and known[0] is action:
        return known[1]
    try:
        got = _SPELT.get(action)
    except TypeError:  # an unhashable stand-in: spell it every time
        return tokens_of(action)
    if got is None:
        got = tokens_of(action)
        if len(_SPELT) >= _SPELT_MAX:
            _SPELT.clear()
        _SPELT[action] = got
    if len(_BY_ID) >= _SPELT_MAX:
        _BY_ID.clear()
    _BY_ID[id(action)] = (action, got)
    return got


class FastTree:
    """:class:`tokens.ActionTree` with its spellings remembered and its walk on indices: the
    same prefixes, masks and actions (``tests/rl/test_fast_path.py``)."""

    __slots__ = ("_actions", "_at", "_hi", "_lo", "_seqs", "prefix")

    def __init__(self, legal: Sequence[Any], can_pass: bool = False) -> None:
        """The tree of ``legal`` (the engine's ``legal_actions`` of the seat to act)."""
        by_id = _BY_ID
        seqs: list[tuple[int, ...]] = []
        for a in legal:  # spell(a), its identity lookup inlined (the common case)
            known = by_id.get(id(a))
            seqs.append(known[1] if known is not None and known[0] is a else spell(a))
        actions: list[Any] = list(legal)
        if can_pass:
            seqs.append((PASS,))
            actions.append(None)
        n = len(seqs)
        if not n:
            raise ValueError("a decision with no legal action")
        if n > 1:
            order = sorted(range(n), key=seqs.__getitem__)
            seqs = [seqs[i] for i in order]
            actions = [actions[i] for i in order]
            if len(set(seqs)) != n:
                for i, (s, t) in enumerate(itertools.pairwise(seqs)):
                    if s == t:
                        raise ValueError(
                            f"two legal actions spell the same tokens: {actions[i]}"
                        )
        self._seqs: list[tuple[int, ...]] = seqs
        self._actions: list[Any] = actions
        self._lo, self._hi = 0, n
        self._at = 0
        self.prefix: tuple[int, ...] = ()

    def next_tokens(self) -> list[int]:
        """The tokens that may follow the prefix, in increasing order."""
        at = self._at
        lo, hi = self._lo, self._hi
        seqs = self._seqs
        if hi - lo == 1:
            return [seqs[lo][at]]
        out: list[int] = []
        last = -1
        for s in seqs[lo:hi]:  # sorted: equal tokens are adjacent
            t = s[at]
            if t != last:
                out.append(t)
                last = t
        return out

    @property
    def done(self) -> bool:
        """Whether the prefix spells a whole action."""
        return self._hi - self._lo == 1 and len(self._seqs[self._lo]) == self._at

    @property
    def action(self) -> Any:
        """The spelt action (None for PASS); only when :attr:`done`."""
        if not self.done:
            raise ValueError("the action is not spelt out yet")
        return self._actions[self._lo]

    def push(self, token: int) -> None:
        """Take ``token`` (one of :meth:`next_tokens`); raises ``ValueError`` otherwise."""
        at = self._at
        seqs = self._seqs
        lo, hi = self._lo, self._hi
        while lo < hi and seqs[lo][at] != token:
            lo += 1
        end = lo
        while end < hi and seqs[end][at] == token:
            end += 1
        if lo == end:
            from handgame.rl.tokens import token_name

            raise ValueError(f"the token {token} ({token_name(token)}) is masked out")
        self._lo, self._hi = lo, end
        self._at = at + 1
        self.prefix = (*self.prefix, token)

    def advance(self) -> None:
        """Take every token that is the only choice, until a choice or the action's end."""
        seqs = self._seqs
        lo, hi, at = self._lo, self._hi, self._at
        if hi - lo == 1:  # one action left: the rest of its spelling at once
            seq = seqs[lo]
            if len(seq) > at:
                self.prefix = seq
                self._at = len(seq)
            return
        first, last = seqs[lo], seqs[hi - 1]
        start = at
        while first[at] == last[at]:  # sorted: the ends agree iff every one does
            at += 1
        if at > start:
            self.prefix = first[:at]
            self._at = at

    def take_forced(self) -> bool:
        """:meth:`advance`; whether the action is then spelt whole."""
        self.advance()
        return self._hi - self._lo == 1 and len(self._seqs[self._lo]) == self._at

    def take(self, token: int) -> bool:
        """:meth:`push` then :meth:`advance`; whether the action is then spelt whole."""
        self.push(token)
        self.advance()
        return self._hi - self._lo == 1 and len(self._seqs[self._lo]) == self._at


def table_of(view: Any, seat: int) -> TableView:
    """The :class:`~handgame.core.game.TableView` read off a full view, as :func:`encode.encode`
    reads it (for a view from elsewhere: a bot's, a game without ``table_view``)."""
    public = getattr(view, "public", None)
    known = public.known if public is not None else getattr(view, "known", ())
    melds = view.melds
    return TableView(
        phase=view.phase,
        hand=view.hand,
        known=tuple(known or ()),
        discard_pile=tuple(view.discard_pile),
        wild=getattr(view, "wild", None),
        meld_cards=tuple(m.cards for m in melds),
        meld_owners=tuple(getattr(m, "owner", getattr(m, "team", 0)) for m in melds),
        hand_counts=tuple(view.hand_counts),
        opened=tuple(view.opened),
        totals=tuple(view.totals),
        turn=view.turn,
        stock_count=view.stock_count,
        round_number=view.round_number,
    )


def _base_arrays(
    table: TableView, seat: int, players: int
) -> tuple[list[int], list[int], list[float]]:
    """The card entries (indices to count) and the other entries (index, value) of ``table``."""
    at = offsets(players)
    h = at["hand"]
    cards: list[int] = [h + c for c in table.hand]
    put_at: list[int] = []
    put: list[float] = []
    k = at["known"]
    for s, held in enumerate(table.known):
        if s != seat and held:
            base = k + ((s - seat) % players - 1) * N_CARDS
            cards += [base + c for c in held]
    pile = table.discard_pile
    if pile:
        d = at["discard_pile"]
        cards += [d + c for c in pile]
        put_at.append(at["pile_top"] + int(pile[-1]))
        put.append(1.0)
    wild = table.wild
    if wild is not None:
        put_at.append(at["wild"] + int(wild))
        put.append(1.0)
    if table.meld_cards:
        meld_cards, meld_put = _meld_entries(table.meld_cards, table.meld_owners, seat, players)
        cards += meld_cards
        put_at += meld_put
        put += [1.0] * len(meld_put)
    b = at["hand_counts"]
    for s, n in enumerate(table.hand_counts[:players]):
        put_at.append(b + (s - seat) % players)
        put.append(n / 10.0)
    b = at["opened"]
    for s, opened in enumerate(table.opened[:players]):
        put_at.append(b + (s - seat) % players)
        put.append(1.0 if opened else 0.0)
    b = at["totals"]
    for s, total in enumerate(table.totals[:players]):
        put_at.append(b + (s - seat) % players)
        put.append(total / 100.0)
    if table.turn is not None:
        put_at.append(at["to_move"] + (table.turn - seat) % players)
        put.append(1.0)
    sc = at["scalars"]
    put_at += [sc, sc + 1, sc + 2, at["phase"] + _PHASE.get(table.phase, len(PHASES))]
    put += [table.stock_count / 100.0, len(pile) / 10.0, table.round_number / 10.0, 1.0]
    return cards, put_at, put


_PHASE = {p: i for i, p in enumerate(PHASES)}
_OTHER_PHASE = len(PHASES)
#: the meld entries of the last tables seen: (melds, owners, seat, players) -> entries
_MELDS: dict[tuple[Any, ...], tuple[list[int], list[int]]] = {}


def _meld_entries(
    meld_cards: tuple[tuple[int, ...], ...], meld_owners: tuple[int, ...], seat: int, players: int
) -> tuple[list[int], list[int]]:
    """The card entries and the owner entries of the table's melds, remembered: the melds
    change only when a seat lays or adds, and comparing tuples of the same card tuples is
    cheap."""
    key = (meld_cards, meld_owners, seat, players)
    got = _MELDS.get(key)
    if got is not None:
        return got
    at = offsets(players)
    t, slots, owners = at["table"], at["melds"], at["meld_owner"]
    cards: list[int] = []
    put_at: list[int] = []
    for i, (mc, owner) in enumerate(zip(meld_cards, meld_owners, strict=True)):
        r = (owner - seat) % players if 0 <= owner < players else 0
        base = t + r * N_CARDS
        cards += [base + c for c in mc]
        if i < MELD_SLOTS:
            base = slots + i * N_CARDS
            cards += [base + c for c in mc]
            put_at.append(owners + i * players + r)
    if len(_MELDS) >= 4096:
        _MELDS.clear()
    _MELDS[key] = (cards, put_at)
    return cards, put_at


@functools.cache
def _offsets_tuple(players: int) -> tuple[int, ...]:
    """The blocks' offsets in the layout's order (what the native writer takes)."""
    return tuple(offsets(players).values())


def native_encode(
    out: np.ndarray,
    table: TableView,
    seat: int,
    players: int,
    prefix: Sequence[int] = (),
    offer: bool = False,
) -> None:
    """The observation written into ``out`` (float32, zeroed first) by the native writer
    (``native/table.cpp``); only when :data:`NATIVE` is true."""
    phase = _PHASE.get(table.phase, len(PHASES))
    table_native.encode(
        out, table, seat, players, _offsets_tuple(players), MELD_SLOTS, phase, prefix, offer
    )


#: whether the native writer is built (``HANDGAME_NATIVE=0``: the numpy path)
NATIVE = table_native.encode is not None


def base_observation(table: TableView, seat: int, players: int) -> np.ndarray:
    """The observation of ``seat`` with no prefix and no offer (``encode(view, seat,
    players)`` of the view ``table`` was read from)."""
    size = obs_size(players)
    cards, put_at, put = _base_arrays(table, seat, players)
    if cards:
        out = np.bincount(cards, minlength=size).astype(np.float32)
    else:
        out = np.zeros(size, dtype=np.float32)
    # the put entries are in blocks of their own: none is also a card entry, none repeats
    out[put_at] = put
    return out


class Encoder:
    """Observations of one environment's seats: the base of the last view kept, so the steps
    of one spelling cost a copy and a few entries."""

    __slots__ = ("_at", "_base", "_size", "_view", "_with", "players")

    def __init__(self, players: int) -> None:
        """An encoder for observations of ``players`` seats."""
        self.players = players
        self._size = obs_size(players)
        self._at = _offsets_tuple(players)
        self._view: Any = None
        self._with = -1
        self._base: np.ndarray | None = None

    def base(self, table: TableView, seat: int) -> np.ndarray:
        """The base observation of ``seat`` from ``table`` (kept until another one comes)."""
        if table is not self._view or seat != self._with or self._base is None:
            self._base = base_observation(table, seat, self.players)
            self._view, self._with = table, seat
        return self._base

    def encode(
        self, table: TableView, seat: int, prefix: Sequence[int] = (), offer: bool = False
    ) -> np.ndarray:
        """``encode.encode(view, seat, players, prefix, offer)`` of the view ``table`` was
        read from: the same array."""
        if NATIVE:
            out = np.empty(self._size, dtype=np.float32)
            table_native.encode(
                out, table, seat, self.players, self._at, MELD_SLOTS,
                _PHASE.get(table.phase, _OTHER_PHASE), prefix, offer,
            )  # fmt: skip
            return out
        out = self.base(table, seat).copy()
        self.finish(out, prefix, offer)
        return out

    def encode_into(
        self, out: np.ndarray, table: TableView, seat: int, prefix: Sequence[int], offer: bool
    ) -> None:
        """:meth:`encode` written into ``out`` (a contiguous float32 row)."""
        if NATIVE:
            table_native.encode(
                out, table, seat, self.players, self._at, MELD_SLOTS,
                _PHASE.get(table.phase, _OTHER_PHASE), prefix, offer,
            )  # fmt: skip
        else:
            out[:] = self.base(table, seat)
            self.finish(out, prefix, offer)

    def finish(self, out: np.ndarray, prefix: Sequence[int], offer: bool) -> None:
        """Write the offer flag and the prefix entries into a copy of the base."""
        at = offsets(self.players)
        if offer:
            out[at["scalars"] + 3] = 1.0
        if prefix:
            counts = at["prefix_counts"]
            for token in prefix:
                out[counts + token] += 1.0
            out[at["prefix_last"] + prefix[-1]] = 1.0


def mask_of(tokens: Sequence[int], out: np.ndarray | None = None) -> np.ndarray:
    """The int8 mask with ``tokens`` set (into ``out``, zeroed first, when given)."""
    if out is None:  # a bytearray set token by token, then seen as an array: no fancy index
        buf = bytearray(_NO_TOKENS)
        for t in tokens:
            buf[t] = 1
        return np.frombuffer(buf, dtype=np.int8)
    out[:] = 0
    out[list(tokens)] = 1
    return out


_NO_TOKENS = bytes(N_ACTIONS)
