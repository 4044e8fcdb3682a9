"""Bot-against-bot simulation: play many seeded matches and summarise each bot's results.

``simulate(SimulationConfig(bots=("greedy", "random"), games=100, seed=1))`` plays 100 matches
and returns a :class:`SimulationResult` (``.to_json()``, ``.table()``). Game ``i`` (1, 2, …)
shuffles with the seed ``f"{seed}-{i}"`` and seats bot ``k`` (in the order listed) at seat
``(k + i - 1) % players``, so over a multiple of ``players`` games every bot plays every seat
equally often; in partnership (4 bots, teams 0+2 and 1+3) the listed bots 1 and 3 are partners
of 0 and 2 and stay opposite. Each bot is made afresh for every match with the seed
``f"{seed}-{i}-{seat}"``. Results are aggregated in game order, so they are the same whatever
the number of worker processes (``jobs``).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from handgame.core import seating
from handgame.core.bot import Bot
from handgame.core.errors import BotError, OptionError
from handgame.core.record import dumps
from handgame.games.hand.actions import Action, Discard
from handgame.games.hand.record import summary as replay_summary
from handgame.games.hand.record import to_record
from handgame.games.hand.state import Game, State
from handgame.games.hand.view import PlayerView
from handgame.play.driver import MAX_ACTIONS, play_match
from handgame.play.registry import make_bot

#: z of a two-sided 95% normal interval
Z95 = 1.959963984540054


class SimulationError(RuntimeError):
    """A bot failed during a match (crash, illegal action, timeout); names the bot and game."""


@dataclass(frozen=True)
class SimulationConfig:
    """What to simulate: the bots (one per seat), the number of games, seed and ruleset."""

    bots: tuple[str, ...]
    games: int = 100
    seed: str = "0"
    preset: str = "levant"
    options: dict[str, Any] = field(default_factory=dict)
    partnership: bool = False
    jobs: int = 1
    records: str | None = None
    max_actions: int = MAX_ACTIONS

    @property
    def players(self) -> int:
        """The number of seats: one per listed bot."""
        return len(self.bots)

    def game(self, names: Sequence[str] | None = None) -> Game:
        """The match configuration; raises ``OptionError`` for a bad preset or option."""
        seat_names = list(names) if names is not None else None
        return Game.create(
            self.preset, dict(self.options), self.players, self.partnership, seat_names
        )


def bot_labels(specs: Sequence[str]) -> list[str]:
    """A label per listed bot: its spec, with ``#1``, ``#2``… when a spec is listed twice."""
    clean = [s.strip() for s in specs]
    labels = []
    for k, spec in enumerate(clean):
        if clean.count(spec) > 1:
            labels.append(f"{spec}#{clean[: k + 1].count(spec)}")
        else:
            labels.append(spec)
    return labels


def seat_of(bot: int, game: int, players: int) -> int:
    """The seat of listed bot ``bot`` in game ``game`` (1-based): ``(bot + game - 1) % players``."""
    return (bot + game - 1) % players


def game_seed(seed: str, game: int) -> str:
    """The seed of game ``game`` (1-based): ``f"{seed}-{game}"``."""
    return f"{seed}-{game}"


def bot_seed(seed: str, game: int, seat: int) -> str:
    """The seed of the bot at ``seat`` in game ``game``."""
    return f"{seed}-{game}-{seat}"


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# ------------------------------------------------------------------------- one match


@dataclass(frozen=True)
class RoundSummary:
    """One deal of a match: its winner seat (None when void), scores and number of turns."""

    winner: int | None
    scores: tuple[int, ...]
    turns: int


@dataclass(frozen=True)
class GameSummary:
    """One match as the aggregate needs it (small, so that workers can send it back)."""

    number: int
    seed: str
    seat_bots: tuple[int, ...]  # the listed bot at each seat
    finished: bool
    winner: int | None  # a seat, or a team in partnership; None when unfinished
    rounds: tuple[RoundSummary, ...]
    actions: int
    error: str | None = None


def bot_failure(label: str, seat: int, what: str, exc: BaseException) -> BotError:
    """A :class:`BotError` naming the bot, its seat and what it was doing."""
    message = str(exc) if isinstance(exc, BotError) else f"{type(exc).__name__}: {exc}"
    return BotError(f"bot {label} (seat {seat}) failed {what}: {message}")


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

    def choose(self, view: PlayerView) -> Action:
        """The inner bot's choice, checked to be legal."""
        try:
            action: Action = self.inner.choose(view)
        except Exception as exc:
            raise self._fail("choosing an action", exc) from exc
        if action not in view.legal_actions:
            raise BotError(f"bot {self.label} (seat {self.seat}) chose an illegal action: {action}")
        return action

    def wants_redeal(self, view: PlayerView) -> bool:
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


def _summarise(number: int, seed: str, seat_bots: tuple[int, ...], state: State) -> GameSummary:
    rounds = []
    for result, log in zip(state.results, state.log, strict=False):
        turns = sum(1 for a in log.actions if isinstance(a, Discard))
        winner = result.winner if result.result == "won" else None
        rounds.append(RoundSummary(winner, tuple(result.scores), turns))
    actions = sum(len(log.actions) for log in state.log)
    return GameSummary(number, seed, seat_bots, state.is_over, state.winner, tuple(rounds), actions)


def play_game(config: SimulationConfig, number: int) -> GameSummary:
    """Play game ``number`` (1-based) of ``config``; a bot failure comes back as ``error``."""
    players = config.players
    labels = bot_labels(config.bots)
    seat_bots = [0] * players
    for k in range(players):
        seat_bots[seat_of(k, number, players)] = k
    seed = game_seed(config.seed, number)
    game = config.game([f"bot:{labels[k]}" for k in seat_bots])
    bots: list[_Guard] = []
    state: State | None = None
    last: list[State] = []
    error: str | None = None
    try:
        for seat, k in enumerate(seat_bots):
            try:
                inner = make_bot(config.bots[k], bot_seed(config.seed, number, seat))
            except Exception as exc:
                raise bot_failure(labels[k], seat, "to start", exc) from exc
            bots.append(_Guard(inner, labels[k], seat))

        def keep(_before: State, _action: Action, after: State) -> None:
            last[:] = [after]

        state = play_match(game, bots, seed, 0, keep, config.max_actions)
        outcome = replay_summary(state)
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
    final = state if state is not None else (last[0] if last else None)
    if config.records is not None and final is not None:
        path = Path(config.records) / f"game-{number:06d}.json"
        extra = {"simulate": {"game": number, "seed": seed, "bots": list(config.bots)}}
        path.write_text(dumps(to_record(final, extra)) + "\n", encoding="utf-8")
        if error is not None:
            error += f"; the record up to the failure is {path}"
    if final is None:
        return GameSummary(number, seed, tuple(seat_bots), False, None, (), 0, error)
    summary = _summarise(number, seed, tuple(seat_bots), final)
    if error is not None:
        return GameSummary(
            number, seed, summary.seat_bots, False, None, summary.rounds, summary.actions, error
        )
    return summary


def _worker(job: tuple[SimulationConfig, int]) -> GameSummary:
    config, number = job
    return play_game(config, number)


def _summaries(config: SimulationConfig) -> Iterator[GameSummary]:
    """Every game's summary, in game order (several processes when ``config.jobs > 1``)."""
    numbers = range(1, config.games + 1)
    jobs = max(1, min(config.jobs, config.games))
    if jobs == 1:
        for n in numbers:
            yield play_game(config, n)
        return
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(jobs) as pool:
        try:
            yield from pool.imap(_worker, ((config, n) for n in numbers), chunksize=1)
        finally:
            pool.terminate()


# ------------------------------------------------------------------------- aggregate


@dataclass
class BotStats:
    """One listed bot's results over the simulation."""

    label: str
    spec: str
    games: int = 0
    wins: int = 0
    rounds: int = 0  # rounds with a winner it played
    rounds_won: int = 0
    score: int = 0  # the sum of its scores over the rounds with a winner
    seats: list[int] = field(default_factory=list)  # games played at each seat

    def to_json(self) -> dict[str, Any]:
        """As a JSON object."""
        win_low, win_high = wilson(self.wins, self.games)
        round_low, round_high = wilson(self.rounds_won, self.rounds)
        return {
            "bot": self.label,
            "spec": self.spec,
            "games": self.games,
            "wins": self.wins,
            "win_rate": _ratio(self.wins, self.games),
            "win_ci95": [round(win_low, 4), round(win_high, 4)],
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "round_win_rate": _ratio(self.rounds_won, self.rounds),
            "round_win_ci95": [round(round_low, 4), round(round_high, 4)],
            "mean_score_per_round": _ratio(self.score, self.rounds),
            "seats": list(self.seats),
        }


def _ratio(a: float, b: float) -> float | None:
    return round(a / b, 4) if b else None


@dataclass
class SimulationResult:
    """What a simulation found: per-bot statistics, match totals and timing."""

    config: SimulationConfig
    bots: list[BotStats]
    games: int = 0
    finished: int = 0
    deals: int = 0
    scored_rounds: int = 0
    turns_scored: int = 0  # turns in rounds with a winner
    turns_all: int = 0
    seconds: float = 0.0

    @staticmethod
    def empty(config: SimulationConfig) -> SimulationResult:
        """A result with no game yet."""
        labels = bot_labels(config.bots)
        stats = [
            BotStats(label, spec.strip(), seats=[0] * config.players)
            for label, spec in zip(labels, config.bots, strict=True)
        ]
        return SimulationResult(config, stats)

    def add(self, game: GameSummary) -> None:
        """Count one finished match."""
        cfg = self.config
        self.games += 1
        self.finished += game.finished
        for seat, k in enumerate(game.seat_bots):
            stats = self.bots[k]
            stats.games += 1
            stats.seats[seat] += 1
            if game.winner is not None:
                mine = seating.team_of(seat, 2) if cfg.partnership else seat
                stats.wins += mine == game.winner
        for rnd in game.rounds:
            self.deals += 1
            self.turns_all += rnd.turns
            if rnd.winner is None:
                continue
            self.scored_rounds += 1
            self.turns_scored += rnd.turns
            for seat, k in enumerate(game.seat_bots):
                stats = self.bots[k]
                stats.rounds += 1
                stats.rounds_won += rnd.winner == seat
                stats.score += rnd.scores[seat]

    @property
    def games_per_second(self) -> float:
        """Matches played per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """Everything as one JSON object; only ``timing`` differs between identical runs."""
        cfg = self.config
        return {
            "format": "hand-simulate/1",
            "config": {
                "bots": list(cfg.bots),
                "games": cfg.games,
                "seed": cfg.seed,
                "preset": cfg.preset,
                "options": dict(cfg.options),
                "players": cfg.players,
                "partnership": cfg.partnership,
            },
            "games": self.games,
            "finished": self.finished,
            "unfinished": self.games - self.finished,
            "deals": self.deals,
            "rounds_with_winner": self.scored_rounds,
            "void_deals": self.deals - self.scored_rounds,
            "mean_turns_per_round": _ratio(self.turns_scored, self.scored_rounds),
            "mean_turns_per_deal": _ratio(self.turns_all, self.deals),
            "bots": [b.to_json() for b in self.bots],
            "timing": {
                "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games_per_second, 3),
                "jobs": cfg.jobs,
            },
        }

    def table(self) -> str:
        """The results as a plain-text table with a summary line."""
        cfg = self.config
        head = ["bot", "games", "wins", "win%", "95% CI", "rounds won", "round%", "95% CI",
                "score/rnd"]  # fmt: skip
        rows = [head]
        for b in self.bots:
            j = b.to_json()
            rows.append(
                [
                    b.label,
                    str(b.games),
                    str(b.wins),
                    _pct(j["win_rate"]),
                    _ci(j["win_ci95"]),
                    f"{b.rounds_won}/{b.rounds}",
                    _pct(j["round_win_rate"]),
                    _ci(j["round_win_ci95"]),
                    _num(j["mean_score_per_round"]),
                ]
            )
        widths = [max(len(r[c]) for r in rows) for c in range(len(head))]
        lines = []
        for n, r in enumerate(rows):
            cells = [r[0].ljust(widths[0])] + [
                v.rjust(w) for v, w in zip(r[1:], widths[1:], strict=True)
            ]
            lines.append("  ".join(cells).rstrip())
            if n == 0:
                lines.append("  ".join("-" * w for w in widths))
        turns = _ratio(self.turns_scored, self.scored_rounds)
        team = "; partnership: teams 0+2 / 1+3 (listed bots 1+3, 2+4)" if cfg.partnership else ""
        lines.append("")
        lines.append(
            f"{self.games} games ({cfg.preset}, {cfg.players} players{team}), seed {cfg.seed}: "
            f"{self.deals} deals, {self.scored_rounds} rounds with a winner, "
            f"{self.deals - self.scored_rounds} void"
            + (f", {self.games - self.finished} unfinished" if self.finished < self.games else "")
        )
        lines.append(
            f"mean turns per round {'-' if turns is None else f'{turns:.1f}'}; "
            f"{self.games_per_second:.2f} games/s ({self.seconds:.1f} s, {cfg.jobs} job"
            f"{'s' if cfg.jobs != 1 else ''})"
        )
        return "\n".join(lines)


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _ci(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}"


# ------------------------------------------------------------------------- the driver


def check_config(config: SimulationConfig) -> None:
    """Refuse a bad configuration before playing; raises ``ValueError`` (exit code 2)."""
    if config.players < 2:
        raise OptionError(f"simulate needs at least 2 bots, one per seat; got {config.players}")
    if config.partnership and config.players != 4:
        raise OptionError(f"a partnership game needs 4 bots, not {config.players}")
    if config.games < 1:
        raise OptionError(f"games must be 1 or more, not {config.games}")
    if config.jobs < 1:
        raise OptionError(f"jobs must be 1 or more, not {config.jobs}")
    config.game()  # preset, options and player count
    for spec in config.bots:
        try:
            make_bot(spec, 0).close()
        except BotError as exc:
            raise OptionError(str(exc)) from None


ProgressCallback = Callable[[int, int, float], None]


def simulate(
    config: SimulationConfig, progress: ProgressCallback | None = None
) -> SimulationResult:
    """Play ``config.games`` matches; raises :class:`SimulationError` when a bot fails.

    ``progress(done, total, seconds)`` is called after each match, in game order.
    """
    check_config(config)
    if config.records is not None:
        Path(config.records).mkdir(parents=True, exist_ok=True)
    result = SimulationResult.empty(config)
    start = time.perf_counter()
    if progress is not None:
        progress(0, config.games, 0.0)
    for summary in _summaries(config):
        if summary.error is not None:
            raise SimulationError(summary.error)
        result.add(summary)
        result.seconds = time.perf_counter() - start
        if progress is not None:
            progress(result.games, config.games, result.seconds)
    result.seconds = time.perf_counter() - start
    return result


class ProgressBar:
    """A one-line progress bar redrawn with carriage returns (for a terminal)."""

    def __init__(self, stream: TextIO = sys.stderr, width: int = 30) -> None:
        """A bar of ``width`` characters on ``stream``."""
        self.stream = stream
        self.width = width
        self.shown = False

    def __call__(self, done: int, total: int, seconds: float) -> None:
        """Redraw for ``done`` of ``total`` games after ``seconds``."""
        filled = self.width * done // max(total, 1)
        rate = done / seconds if seconds > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games  {rate:.2f} games/s  eta {eta:.0f} s ")
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        """End the bar's line."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def to_json_text(result: SimulationResult) -> str:
    """The result as indented JSON text."""
    return json.dumps(result.to_json(), indent=2, ensure_ascii=False)


__all__ = [
    "BotStats",
    "GameSummary",
    "ProgressBar",
    "SimulationConfig",
    "SimulationError",
    "SimulationResult",
    "bot_labels",
    "play_game",
    "simulate",
    "wilson",
]
