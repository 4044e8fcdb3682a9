"""Hand's rounds stepped natively for N tables (issue 39, ``native/hand_batch.cpp``).

The extension ``_batch_native`` holds each table's round as ints from a turn's start on: it
lists the seat's legal actions (the engine's native draw check, discard rules and turn search:
the same headers as ``_legal_native``), spells them as tokens (:mod:`handgame.rl.tokens`'
numbering), walks the spelling one token at a time (``FastTree``), applies the actions (the
effects of :mod:`handgame.games.hand.turn`'s steps) and writes each decision's observation and
mask. Where it cannot follow the rules exactly it hands the table back to the Python engine
(:meth:`NativeRounds.take_back`: the round as a :class:`Match`, the action still to play):
a taken wild card still restricted (L-66, O-6), the round's end and its scores (L-80…L-93),
a reshuffle (O-9), a turn search answer left to the reference; the Python engine plays on
until the next turn's start it can hand over (:meth:`NativeRounds.load`). Deals, redeal claims
(L-52) and the first turn are always the Python engine's.

The RL layer finds this through ``GameSpec.native_batch`` (:func:`native_batch`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from handgame.core import extensions
from handgame.core.cards import ALL_CARDS
from handgame.core.game import BatchConfig
from handgame.games.hand.actions import Discard, LayMelds, LayOff, SwapWild, draw_of
from handgame.games.hand.dealing import redeal_entitled
from handgame.games.hand.match import Match
from handgame.games.hand.melds import ACE_ONLY, NATURAL, WILD, Meld, analyze
from handgame.games.hand.native import config_of, rules_support
from handgame.games.hand.rounds import Phase, TurnState, evolve
from handgame.games.hand.scoring import end_round, void_result

_NATIVE = extensions.extension("handgame.games.hand._batch_native")

#: the phases in the order the extension codes them (native/hand_batch.cpp PhaseCode)
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)

_ROLES = {1: NATURAL, 2: WILD, 3: ACE_ONLY}
_ENDS: dict[int, str | None] = {-1: None, 0: "low", 1: "high"}


def why_not(config: Any) -> str | None:
    """Why matches of ``config`` are not stepped natively (None: they are)."""
    if _NATIVE.on is None:
        return f"the native batch is not available: {_NATIVE.why_not or 'switched off'}"
    if config.partnership:
        return "partnerships are stepped by the Python engine (L-91)"
    if not 2 <= config.players <= 8:
        return "2 to 8 players"
    return rules_support(config.rules)


def flags(config: Any, max_actions: int) -> tuple[int, ...]:
    """The options the batch reads beside ``native.config``: the opening minimum (L-63), its
    escalation (O-4), announcements (L-70), a swap needing an opening (L-40) or reusing its
    wild (O-7), two-wilds (O-11), going out on the first turn (L-67), the stock ending at
    the players' count (O-10), the stepper's truncation and a spare."""
    rules = config.rules
    return (
        rules.initial_minimum,
        1 if rules.escalating_minimum else 0,
        1 if rules.announcements else 0,
        1 if rules.swap_needs_opening else 0,
        1 if rules.swap_must_reuse else 0,
        1 if "two-wilds" in rules.bonuses else 0,
        1 if rules.first_turn_win else 0,
        1 if rules.stock_end == "players" else 0,
        max_actions,
        0,
    )


def _action(seat: int, kind: int, v: Sequence[int]) -> Any:
    """The engine action of the extension's ints (its Act)."""
    if kind == 0:
        return draw_of(seat, "stock")
    if kind == 1:
        return draw_of(seat, "discard")
    if kind == 2:
        return LayMelds(seat, (tuple(ALL_CARDS[c] for c in v),))
    if kind == 3:
        return LayOff(seat, ALL_CARDS[v[0]], v[1], _ENDS[v[2]])
    if kind == 4:
        return SwapWild(seat, tuple(ALL_CARDS[c] for c in v[1:]), v[0])
    return Discard(seat, ALL_CARDS[v[0]], bool(v[1]), None if v[2] < 0 else ALL_CARDS[v[2]])


#: the engine actions of the extension's ints, made once each (actions are values)
_MADE: dict[tuple[int, ...], Any] = {}
_MADE_MAX = 100_000


def _made(key: tuple[int, ...]) -> Any:
    """The action of ``key`` (seat, kind, its values), remembered."""
    if len(_MADE) >= _MADE_MAX:
        _MADE.clear()
    got = _MADE[key] = _action(key[0], key[1], key[2:])
    return got


#: the melds handed back, by (wilds, rules, cards, roles) identity and values (bounded)
_MELDS: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], tuple[Any, Any, Meld]] = {}
_MELDS_MAX = 100_000


def _meld(cards: Sequence[int], roles: Sequence[int], wilds: Any, rules: Any) -> Meld:
    """``melds.analyze`` of a meld the batch holds (its cards and resolved roles), remembered
    by the round's wild cards and ruleset objects (no hashing of them at every handover)."""
    key = (id(wilds), id(rules), tuple(cards), tuple(roles))
    got = _MELDS.get(key)
    if got is not None and got[0] is wilds and got[1] is rules:
        return got[2]
    shown = tuple(ALL_CARDS[c] for c in cards)
    meld = analyze(shown, wilds, rules, tuple(_ROLES[r] for r in roles))
    if len(_MELDS) >= _MELDS_MAX:
        _MELDS.clear()
    _MELDS[key] = (wilds, rules, meld)
    return meld


class NativeRounds:
    """``n`` tables of matches of ``config`` stepped natively while they can be (the tables
    not native are the caller's, on the Python engine)."""

    def __init__(self, spec: BatchConfig) -> None:
        """The batch of ``spec.n`` tables; observations of ``spec.size`` entries at the
        blocks' offsets ``spec.at`` (``spec.phases``: the phase block's names, in order; any
        other phase the entry after)."""
        config, phases = spec.config, spec.phases
        why = why_not(config)
        if why is not None:
            raise RuntimeError(why)
        self.config = config
        self.batch = _NATIVE.on.Batch(
            spec.n, config.players, flags(config, spec.max_actions), spec.at, spec.size,
            spec.slots, tuple(phases.index(p) if p in phases else len(phases) for p in PHASES),
        )  # fmt: skip
        self._base: list[Match | None] = [None] * spec.n

    def loadable(self, state: Match) -> bool:
        """Whether ``state`` (waiting on its seat to act) is one the batch takes: a first
        discard, draw or play decision with no redeal to claim (L-52)."""
        rnd = state.round
        if rnd is None or len(rnd.melds) > 64:
            return False
        if rnd.turns_done == 0 and state.rules.redeal_pairs:
            # a seat entitled to a redeal may claim it now (L-52): the Python engine's
            if any(redeal_entitled(state, s) for s in range(state.game.players)):
                return False
        if state.phase in (Phase.DRAW, Phase.FIRST_DISCARD):
            return True
        ts = rnd.turn_state
        # a taken wild card still restricted (L-66, O-6) is the Python engine's
        return state.phase is Phase.PLAY and (ts.restriction is None or ts.taken_used)

    def load(self, i: int, state: Match, actions: int) -> bool:
        """Table ``i`` from the engine's ``state`` (after ``actions`` engine actions of its
        match); True when it is native now (False: handed back at once, the caller plays on)."""
        rnd = state.round
        assert rnd is not None
        ts = rnd.turn_state
        self._base[i] = state
        status = self.batch.load(
            i,
            config_of(state.rules, rnd.wilds),
            rnd.turn,
            len(state.results) + 1,
            -1 if rnd.wilds.wild is None else int(rnd.wilds.wild),
            rnd.hands,
            rnd.known,
            rnd.stock,
            rnd.discard_pile,
            [m.as_play_ints for m in rnd.melds],
            rnd.owners[: len(rnd.melds)],
            rnd.opened,
            rnd.laid_before,
            tuple(-1 if a is None else a for a in rnd.announced),
            rnd.missed,
            state.totals,
            (
                rnd.turns_done,
                rnd.last_opening,
                -1 if rnd.pile_top_by is None else rnd.pile_top_by,
                actions,
                PHASES.index(state.phase.value),
                {None: 0, "stock": 1, "discard": 2}[ts.drew],
                -1 if ts.taken is None else int(ts.taken),
                ts.taken_from_opened,
                ts.taken_used,
                ts.laid_value,
                ts.all_laid_value,
                ts.provisional,
                ts.touched_other,
                ts.opened_now,
                ts.l44_pending,
                ts.reuse_owed,
            ),
            ts.laid,
        )
        return bool(status == 0)

    def round_end(self, i: int, max_actions: int) -> tuple[Match, int] | None:
        """Table ``i`` handed back at a discard ending its round with no score (the stock at
        the players' count, O-10, L-81): the match after the round (``end_round``, as
        ``turn._discard`` ends it) and its engine actions, when it waits for the next deal
        (the round's own values then read by nothing); None otherwise (:meth:`take_back`)."""
        if not self.batch.void_end(i):
            return None
        base = self._base[i]
        assert base is not None and base.round is not None
        log, pending, actions = self.batch.played(i)
        if pending is None or actions + 1 >= max_actions:
            return None
        seat, kind, *v = pending
        if not base.rules.announcements:
            v = (v[0], 1, v[2])  # no announcements: the flag is ignored (L-71)
        made = _MADE
        played = [made.get(key) or _made(key) for key in log]
        final = (seat, kind, *v)
        played.append(made.get(final) or _made(final))
        rnd = evolve(base.round, actions=(*base.round.actions, *played))
        state = end_round(base.replace(round=rnd), void_result(rnd, "stock"))
        if state.phase is not Phase.DEAL:
            return None  # the match's end: its last observation reads the whole round
        self._base[i] = None
        self.batch.release(i)
        return state, actions + 1

    def take_back(self, i: int) -> tuple[Match, Any, int, bool]:
        """Table ``i``'s match as the engine's state now, the action still to play, the
        match's engine actions so far and whether one is pending (the handover)."""
        base = self._base[i]
        assert base is not None
        self._base[i] = None
        self.batch.release(i)
        (
            phase, turn, hands, known, stock, pile, melds, owners, opened, laid_before,
            announced, missed, counts, tf, pending, log,
        ) = self.batch.snapshot(i)  # fmt: skip
        turns_done, last_opening, pile_top_by, actions = counts
        rnd = base.round
        assert rnd is not None
        rules, wilds = base.rules, rnd.wilds
        cards = ALL_CARDS
        table = tuple(_meld(cs, rs, wilds, rules) for cs, rs in melds)
        if tf is None:
            ts = TurnState()
        else:
            drew, taken, from_opened, used, laid, laid_value, all_laid, prov, touched, now, l44, owed = tf  # noqa: E501
            ts = TurnState(
                drew={1: "stock", 2: "discard"}[drew],
                taken=None if taken < 0 else cards[taken],
                taken_from_opened=bool(from_opened),
                taken_used=bool(used),
                laid=tuple(laid),
                laid_value=laid_value,
                all_laid_value=all_laid,
                provisional=bool(prov),
                touched_other=bool(touched),
                opened_now=bool(now),
                l44_pending=bool(l44),
                reuse_owed=owed,
            )
        made = _MADE
        played = tuple(made.get(key) or _made(key) for key in log)
        new = evolve(
            rnd,
            hands=tuple(tuple(cards[c] for c in h) for h in hands),
            known=tuple(tuple(cards[c] for c in k) for k in known),
            stock=tuple(cards[c] for c in stock),
            discard_pile=tuple(cards[c] for c in pile),
            melds=table,
            owners=tuple(owners),
            opened=tuple(bool(o) for o in opened),
            laid_before=tuple(bool(b) for b in laid_before),
            announced=tuple(None if a < 0 else a for a in announced),
            missed=tuple(bool(m) for m in missed),
            turn=turn,
            turns_done=turns_done,
            last_opening=last_opening,
            pile_top_by=None if pile_top_by < 0 else pile_top_by,
            turn_state=ts,
            actions=(*rnd.actions, *played),
        )
        state = base.replace(phase=Phase(phase), round=new)
        action = None if pending is None else _action(pending[0], pending[1], pending[2:])
        return state, action, actions, pending is not None

    def release(self, i: int) -> None:
        """Table ``i`` is the caller's from now on (a new match, before it is loaded)."""
        self._base[i] = None
        self.batch.release(i)

    def native(self, i: int) -> bool:
        """Whether table ``i`` is stepped natively now."""
        return bool(self.batch.status(i) == 0)

    def seat(self, i: int) -> int:
        """The seat to decide at native table ``i``."""
        return int(self.batch.seat(i))

    def seats(self) -> list[int]:
        """The seat to decide at every table (meaningful at the native ones)."""
        got: list[int] = self.batch.seats()
        return got

    def step(self, tokens: Any, active: Any) -> list[int]:
        """Each native table with ``active[i]`` takes ``tokens[i]`` (int64 and bool arrays);
        the tables handed back to the engine (:meth:`take_back`). A masked-out token raises
        ValueError before any table is stepped."""
        got: list[int] = self.batch.step(tokens, active)
        return got

    def observe(self, obs: Any, masks: Any) -> None:
        """The native tables' observations and masks into their rows of ``obs`` (float32)
        and ``masks`` (int8); the other rows are left as they are."""
        self.batch.observe(obs, masks)


def native_batch(spec: BatchConfig) -> NativeRounds | str:
    """``GameSpec.native_batch``: the native batch of ``spec``'s tables, or why there is
    none."""
    why = why_not(spec.config)
    if why is not None:
        return why
    return NativeRounds(spec)


__all__ = ["PHASES", "NativeRounds", "flags", "native_batch", "why_not"]
