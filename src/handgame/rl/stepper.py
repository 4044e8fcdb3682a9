"""One match walked token by token: the engine below every RL environment of the package.

A :class:`Stepper` holds a match state of any registered game (found with ``find_game``), the
driver's declined offers (``handgame.play.driver.Driver``: one seat to decide at a time, deals
shuffled from the match seed) and the :class:`~handgame.rl.tokens.ActionTree` of the decision
in progress. Steps nobody chooses — deals, and actions that are the only legal one — are made
at once, so it always waits on a seat with a real choice, or the match is over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from handgame.core.game import MatchState, TableView
from handgame.core.registry import find_game
from handgame.play.driver import Driver, bot_action, bot_claim
from handgame.rl.observe import FastTree, table_of
from handgame.rl.tokens import ActionTree

#: a match stops (truncated) after this many engine actions
MAX_ACTIONS = 20_000


def make_config(
    preset: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    partnership: bool = False,
) -> Any:
    """The match configuration of ``preset`` through the games registry (raises ``OptionError``)."""
    spec = find_game(preset)
    return spec.create(preset, dict(options) if options else None, players, partnership, None)


class Stepper:
    """A match of ``config``, dealt from ``seed``, waiting on one seat's next token."""

    def __init__(
        self,
        config: Any,
        seed: int | str,
        max_actions: int = MAX_ACTIONS,
        reference: bool = False,
        hold: Callable[[MatchState], bool] | None = None,
    ) -> None:
        """A new match; it moves at once to the first decision with a choice. ``reference``:
        walk the spellings with :class:`ActionTree` (the definition) rather than its fast twin
        :class:`~handgame.rl.observe.FastTree` (the same masks: ``tests/rl/test_fast_path.py``)."""
        self.config = config
        self.reference = reference
        self._table_view = None if reference else find_game(config.preset).table_view
        self.players: int = config.players
        self.max_actions = max_actions
        self.state: MatchState = config.new_match(0)
        self.driver = Driver(lambda seat: None, seed)
        self.actions = 0
        self.seat: int | None = None
        self.offer = False
        self._view: Any = None
        self._table: TableView | None = None
        self.tree: ActionTree | FastTree | None = None
        self._mask: list[int] | None = None  # the tree's next tokens, until it moves
        self.fresh = False  # a decision with no token chosen yet (its forced ones aside)
        #: asked at each seat's turn before its actions are listed: True stops the stepper
        #: there (``held``, no tree), the turn being someone else's to step (a native batch)
        self.hold = hold
        self.held = False
        self._settle()

    @property
    def over(self) -> bool:
        """Whether the match is finished."""
        return self.state.is_over

    @property
    def view(self) -> Any:
        """The full view of the seat to decide (``state.view(seat)``), built on first use;
        None when no seat has a decision."""
        if self._view is None and self.seat is not None:
            self._view = self.state.view(self.seat)
        return self._view

    @property
    def table(self) -> TableView | None:
        """The :class:`~handgame.core.game.TableView` of the seat to decide (from the game's
        ``table_view`` where it has one, else from :attr:`view`); None with no decision."""
        if self._table is None and self.seat is not None:
            if self._table_view is not None:
                self._table = self._table_view(self.state, self.seat)
            else:
                self._table = table_of(self.view, self.seat)
        return self._table

    def table_of(self, seat: int) -> TableView:
        """The :class:`~handgame.core.game.TableView` of any ``seat`` now."""
        if seat == self.seat:
            table = self.table
            assert table is not None
            return table
        if self._table_view is not None:
            return self._table_view(self.state, seat)
        return table_of(self.state.view(seat), seat)

    @property
    def truncated(self) -> bool:
        """Whether the match was stopped unfinished after ``max_actions`` engine actions."""
        return not self.state.is_over and self.actions >= self.max_actions

    @property
    def prefix(self) -> tuple[int, ...]:
        """The tokens chosen so far in the action being spelt."""
        return self.tree.prefix if self.tree is not None else ()

    def mask(self) -> list[int]:
        """The tokens the seat to decide may choose now, in increasing order (one list until
        the next token: a batched env checks the tokens, then writes the masks; not to be
        changed)."""
        got = self._mask
        if got is None:
            got = self._mask = self.tree.next_tokens() if self.tree is not None else []
        return got

    def returns(self) -> tuple[float, ...]:
        """Each seat's result: the game's ``returns()`` when over, zeros else."""
        return tuple(self.state.returns()) if self.state.is_over else (0.0,) * self.players

    def push(self, token: int) -> Any:
        """The seat to decide chooses ``token``; the engine action it completed, if any
        (``None`` while spelling or for a declined offer); raises ``ValueError`` if masked."""
        tree = self.tree
        if tree is None:
            raise ValueError("no seat has a decision: the match is over")
        self._mask = None
        self.fresh = False
        if isinstance(tree, FastTree):
            if not tree.take(token):
                return None
        else:
            tree.push(token)
            tree.advance()
            if not tree.done:
                return None
        action = tree.action
        self._act(action)
        self._settle()
        return action

    def play(self, action: Any) -> None:
        """The seat to decide takes the engine ``action`` whole (None: declines its offer), as
        a bot does; it must be one of the view's legal actions."""
        if self.tree is None:
            raise ValueError("no seat has a decision: the match is over")
        self._act(action)
        self._settle()

    def resume(
        self,
        state: MatchState,
        actions: int,
        action: Any = None,
        play: bool = False,
        hold: bool = True,
    ) -> None:
        """Go on from ``state`` of this very match after ``actions`` engine actions (a table a
        native batch hands back, issue 39), first applying ``action`` when ``play``: to the
        next decision with a choice, as a step does (``hold``: False lists the first turn
        whatever :attr:`hold` says)."""
        self.state = state
        self.actions = actions
        if play:
            self.state = state.apply(action)
            self.actions += 1
        self._settle(hold)

    def bots_play(self, bots: Mapping[int, Any], seat: int) -> None:
        """The ``bots`` (by seat) take their decisions, from their views, until ``seat``
        decides or the match ends."""
        while self.seat is not None and self.seat != seat:
            who, view = self.seat, self.view
            bot = bots[who]
            if self.offer:
                self.play(bot_claim(bot, self.state, who, view=view))
            else:
                self.play(bot_action(bot, self.state, who, view=view))

    def _act(self, action: Any) -> None:
        assert self.seat is not None
        if action is None:
            self.driver.decline(self.state, self.seat)
        else:
            self.state = self.state.apply(action)
            self.actions += 1

    def _settle(self, hold: bool = True) -> None:
        """Make every step with no choice, until a seat has one (or the match ends, or
        :attr:`hold` holds a turn; ``hold``: False lists the first turn in any case)."""
        driver = self.driver
        self.held = False
        while True:
            self.seat, self.tree, self.offer = None, None, False
            self._view = self._table = self._mask = None
            state = self.state
            if state.is_over or self.actions >= self.max_actions:
                return
            d = driver.decision(state)
            kind = d.kind
            if kind == "deal":
                self.state = state.apply_deal(driver.deal(state))
                continue
            seat = d.seat
            assert seat is not None
            self.seat = seat
            offer = self.offer = kind == "offer"
            if not offer and self.hold is not None:
                if hold and self.hold(state):
                    self.held = True
                    return
                hold = True
            if self.reference:
                tree: ActionTree | FastTree = ActionTree(self.view.legal_actions, can_pass=offer)
                tree.advance()
                done = tree.done
            else:  # the view's legal actions, without building the rest of the view
                legal = state.legal_actions(seat)
                if len(legal) == 1 and not offer:  # no choice: no spelling to walk
                    self._act(legal[0])
                    continue
                tree = FastTree(legal, can_pass=offer)
                done = tree.take_forced()
            self.tree = tree
            if not done:
                self.fresh = True
                return
            self._act(tree.action)
