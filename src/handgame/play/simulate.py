"""Bot-against-bot simulation: play many seeded matches and summarise each bot's results.

``simulate(SimulationConfig(bots=("greedy", "random"), games=100, seed=1))`` plays 100 matches
and returns a :class:`SimulationResult` (``.to_json()``, ``.table()``). Game ``i`` (1, 2, …)
shuffles with the seed ``f"{seed}-{i}"`` and seats bot ``k`` (in the order listed) at seat
``(k + i - 1) % players``, so over a multiple of ``players`` games every bot plays every seat
equally often; in partnership (4 bots, teams 0+2 and 1+3) the listed bots 1 and 3 are partners
of 0 and 2 and stay opposite. Each bot is made afresh for every match with the seed
``f"{seed}-{i}-{seat}"``. Results are aggregated in game order, so they are the same whatever
plays the matches: this process, ``jobs`` worker processes or Ray tasks (``backend="ray"``,
``address``), each a backend of :mod:`handgame.play.backends`.

This module plays the matches, through the game's registry entry only (any registered game);
the configuration is in :mod:`handgame.play.simulate_setup` and the statistics and report in
:mod:`handgame.play.simulate_stats` (their public names are importable from here too).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Generator
from pathlib import Path
from typing import Any

from handgame.core import seating
from handgame.core.bot import Bot
from handgame.core.errors import BotError, OptionError
from handgame.core.game import GameSpec
from handgame.core.record import dumps
from handgame.play.backends import BACKENDS, Backend, BackendError, open_backend
from handgame.play.driver import play_match
from handgame.play.registry import check_plays, make_bot
from handgame.play.simulate_setup import (
    GameSummary,
    RoundSummary,
    SimulationConfig,
    SimulationError,
    bot_failure,
    bot_labels,
    bot_seed,
    game_seed,
    seat_of,
)
from handgame.play.simulate_stats import (
    Z95,
    BotStats,
    ProgressBar,
    SimulationResult,
    to_json_text,
    wilson,
)

# ------------------------------------------------------------------------- one match


class _Guard(Bot):
    """Wraps a bot so that any failure becomes a :class:`BotError` naming it and its seat."""

    def __init__(self, inner: Bot, label: str, seat: int) -> None:
        """Guard ``inner``, known as ``label`` at ``seat``."""
        self.inner = inner
        self.label = label
        self.seat = seat
        self.name = label

    def _fail(self, what: str, exc: BaseException) -> BotError:
        return bot_failure(self.label, self.seat, what, exc)

    def choose(self, view: Any) -> Any:
        """The inner bot's choice, checked to be legal."""
        try:
            action = self.inner.choose(view)
        except Exception as exc:
            raise self._fail("choosing an action", exc) from exc
        if action not in view.legal_actions:
            raise BotError(f"bot {self.label} (seat {self.seat}) chose an illegal action: {action}")
        return action

    def wants_redeal(self, view: Any) -> bool:
        """The inner bot's redeal decision."""
        try:
            return bool(self.inner.wants_redeal(view))
        except Exception as exc:
            raise self._fail("deciding on a redeal", exc) from exc

    def match_over(self, summary: dict[str, Any]) -> None:
        """Tell the inner bot the match's outcome, when it has a ``match_over`` hook."""
        hook = getattr(self.inner, "match_over", None)
        if hook is None:
            return
        try:
            hook(summary)
        except Exception as exc:
            raise self._fail("at the end of the match", exc) from exc

    def close(self) -> None:
        """Close the inner bot."""
        try:
            self.inner.close()
        except Exception as exc:
            raise self._fail("closing", exc) from exc


class _Tally:
    """Counts each deal's actions and turns as a match is played (the driver's ``on_action``);
    a turn ends with an action whose verb is one of the game's ``turn_end_verbs``."""

    def __init__(self, turn_end_verbs: Collection[str]) -> None:
        """An empty tally; ``turn_end_verbs``: the verbs that end a turn."""
        self.turn_end_verbs = turn_end_verbs
        self.actions: list[int] = []  # per deal, in deal order
        self.turns: list[int] = []
        self.last: Any = None  # the state after the last action

    def __call__(self, before: Any, action: Any, after: Any) -> None:
        """Count ``action``, played from ``before`` to ``after``."""
        deal = before.deal_count - 1
        while len(self.actions) <= deal:
            self.actions.append(0)
            self.turns.append(0)
        self.actions[deal] += 1
        if getattr(action, "verb", None) in self.turn_end_verbs:
            self.turns[deal] += 1
        self.last = after


def _summarise(
    number: int, seed: str, seat_bots: tuple[int, ...], state: Any, spec: GameSpec, tally: _Tally
) -> GameSummary:
    """The summary of a match from the game's replay answer of ``state`` (RECORD.md
    § Replaying) and the tally of its finished deals."""
    outcome = spec.summary(state, None)
    players = len(seat_bots)
    team_totals = outcome.get("team_totals")
    teams = len(team_totals) if team_totals else players
    rounds = []
    for index, result in enumerate(outcome["rounds"]):
        turns = tally.turns[index] if index < len(tally.turns) else 0
        rounds.append(RoundSummary(*_round_outcome(result, players), turns))
    actions = sum(tally.actions[: len(rounds)])
    return GameSummary(
        number, seed, seat_bots, state.is_over, outcome["winner"], tuple(rounds), actions,
        teams=teams,
    )


def _round_outcome(result: dict[str, Any], players: int) -> tuple[int | None, tuple[int, ...]]:
    """A round of the replay answer as (the seat that won it or went out, or None; each
    seat's score): scores listed per team (Hand and Foot, RECORD.md) are each seat's team's."""
    if result.get("result") == "won":
        winner = result.get("winner")
    else:
        winner = result.get("went_out")  # Hand and Foot: the seat that went out (HF-10)
    scores = tuple(result.get("scores", ()))
    if scores and len(scores) < players:
        scores = tuple(scores[seating.team_of(s, len(scores))] for s in range(players))
    return winner, scores


def play_game(config: SimulationConfig, number: int) -> GameSummary:
    """Play game ``number`` (1-based) of ``config``; a bot failure comes back as ``error``."""
    players = config.players
    labels = bot_labels(config.bots)
    seat_bots = [0] * players
    for k in range(players):
        seat_bots[seat_of(k, number, players)] = k
    seed = game_seed(config.seed, number)
    spec = config.spec()
    game = config.game([f"bot:{labels[k]}" for k in seat_bots])
    bots: list[_Guard] = []
    state: Any = None
    tally = _Tally(spec.turn_end_verbs)
    error: str | None = None
    try:
        for seat, k in enumerate(seat_bots):
            try:
                inner = make_bot(config.bots[k], bot_seed(config.seed, number, seat))
            except Exception as exc:
                raise bot_failure(labels[k], seat, "to start", exc) from exc
            bots.append(_Guard(inner, labels[k], seat))
        state = play_match(game, bots, seed, 0, tally, config.max_actions)
        outcome = spec.summary(state, None)
        for guard in bots:
            guard.match_over(outcome)
    except BotError as exc:
        error = f"{exc} (game {number}, seed {seed!r})"
    finally:
        for bot in bots:
            try:
                bot.close()
            except BotError as exc:
                error = error or f"{exc} (game {number}, seed {seed!r})"
    final = state if state is not None else tally.last
    if config.records is not None and final is not None:
        path = Path(config.records) / f"game-{number:06d}.json"
        extra = {"simulate": {"game": number, "seed": seed, "bots": list(config.bots)}}
        path.write_text(dumps(spec.to_record(final, extra)) + "\n", encoding="utf-8")
        if error is not None:
            error += f"; the record up to the failure is {path}"
    if final is None:
        return GameSummary(number, seed, tuple(seat_bots), False, None, (), 0, error)
    summary = _summarise(number, seed, tuple(seat_bots), final, spec, tally)
    if error is not None:
        return GameSummary(
            number, seed, summary.seat_bots, False, None, summary.rounds, summary.actions, error
        )
    return summary


def _worker(job: tuple[SimulationConfig, int]) -> GameSummary:
    config, number = job
    return play_game(config, number)


def _summaries(config: SimulationConfig, backend: Backend) -> Generator[GameSummary]:
    """Every game's summary, in game order, played by ``backend``."""
    jobs = ((config, n) for n in range(1, config.games + 1))
    yield from backend.imap(_worker, jobs)


def open_simulation_backend(config: SimulationConfig) -> Backend:
    """The backend that plays ``config``'s matches (:mod:`handgame.play.backends`): local
    (``jobs`` processes, at most one per game) or Ray (``jobs`` CPUs for a local Ray, 0: all).
    Raises :class:`BackendError` when it cannot start."""
    if config.backend == "local":
        return open_backend("local", min(config.jobs, config.games))
    return open_backend(config.backend, config.jobs or None, config.address)


# ------------------------------------------------------------------------- the driver


def check_config(config: SimulationConfig) -> None:
    """Refuse a bad configuration before playing; raises ``ValueError`` (exit code 2)."""
    if config.players < 2:
        raise OptionError(f"simulate needs at least 2 bots, one per seat; got {config.players}")
    if config.partnership and config.players != 4:
        raise OptionError(f"a partnership game needs 4 bots, not {config.players}")
    if config.games < 1:
        raise OptionError(f"games must be 1 or more, not {config.games}")
    if config.backend not in BACKENDS:
        choices = ", ".join(BACKENDS)
        raise OptionError(f"unknown backend {config.backend!r}; choose one of: {choices}")
    if config.jobs < (0 if config.backend == "ray" else 1):
        raise OptionError(f"jobs must be 1 or more, not {config.jobs}")
    if config.address is not None and config.backend != "ray":
        raise OptionError("--address is for --backend ray (the address of a Ray cluster)")
    config.game()  # preset, options and player count
    game = config.spec().name
    for spec in config.bots:  # every bot plays this game, or the run stops here (not mid-match)
        try:
            check_plays(spec, game)
        except BotError as exc:
            raise OptionError(str(exc), rules=exc.rules) from None


ProgressCallback = Callable[[int, int, float], None]


def simulate(
    config: SimulationConfig, progress: ProgressCallback | None = None
) -> SimulationResult:
    """Play ``config.games`` matches on ``config.backend``; raises :class:`SimulationError`
    when a bot fails, :class:`BackendError` when the backend cannot start.

    ``progress(done, total, seconds)`` is called after each match, in game order.
    """
    check_config(config)
    if config.records is not None:
        Path(config.records).mkdir(parents=True, exist_ok=True)
    result = SimulationResult.empty(config)
    backend = open_simulation_backend(config)  # a local Ray's start is not in the timing
    start = time.perf_counter()
    summaries = _summaries(config, backend)
    try:
        result.backend, result.workers = backend.name, backend.workers
        if progress is not None:
            progress(0, config.games, 0.0)
        for summary in summaries:
            if summary.error is not None:
                raise SimulationError(summary.error)
            result.add(summary)
            result.seconds = time.perf_counter() - start
            if progress is not None:
                progress(result.games, config.games, result.seconds)
    finally:
        summaries.close()  # ends the backend's work in flight now, not when collected
        backend.close()
    result.seconds = time.perf_counter() - start
    return result


__all__ = [
    "BACKENDS",
    "Z95",
    "BackendError",
    "BotStats",
    "GameSummary",
    "ProgressBar",
    "ProgressCallback",
    "RoundSummary",
    "SimulationConfig",
    "SimulationError",
    "SimulationResult",
    "bot_failure",
    "bot_labels",
    "bot_seed",
    "check_config",
    "game_seed",
    "open_simulation_backend",
    "play_game",
    "seat_of",
    "simulate",
    "to_json_text",
    "wilson",
]
