"""A simulation's statistics and report: each bot's results with Wilson intervals, the match
totals, the plain-text table and JSON (``hand-simulate/1``), and the progress bar.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass, field
from typing import Any, TextIO

from handgame.core import seating
from handgame.play.simulate_setup import GameSummary, SimulationConfig, bot_labels

#: z of a two-sided 95% normal interval
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


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
    teams: int = 0  # the number of teams of the games (seat s plays for team s % teams)
    backend: str = "serial"  # the backend that played them (serial, processes, ray)
    workers: int = 1  # the matches it played at once (processes, or the Ray cluster's CPUs)

    def team_members(self) -> list[list[int]]:
        """The listed bots of each team, when the bots play in teams (partners stay partners:
        listed bots k and k + teams share a team in every game), else ``[]``."""
        n = self.config.players
        if not 0 < self.teams < n:
            return []
        return [list(range(t, n, self.teams)) for t in range(self.teams)]

    def team_json(self) -> list[dict[str, Any]]:
        """Each team's match wins with their 95% interval (the wins of its listed bots)."""
        out = []
        for members in self.team_members():
            first = self.bots[members[0]]
            low, high = wilson(first.wins, first.games)
            out.append(
                {
                    "bots": [self.bots[k].label for k in members],
                    "games": first.games,
                    "wins": first.wins,
                    "win_rate": _ratio(first.wins, first.games),
                    "win_ci95": [round(low, 4), round(high, 4)],
                }
            )
        return out

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
        teams = game.teams or (2 if cfg.partnership else cfg.players)
        self.teams = teams
        for seat, k in enumerate(game.seat_bots):
            stats = self.bots[k]
            stats.games += 1
            stats.seats[seat] += 1
            if game.winner is not None:
                mine = seating.team_of(seat, teams) if teams < cfg.players else seat
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
            "teams": self.team_json(),
            "timing": {
                "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games_per_second, 3),
                "jobs": self.workers,
                "backend": self.backend,
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
        draws = self.games - sum(t["wins"] for t in self.team_json())
        for t in self.team_json():
            lines.append(
                f"team {'+'.join(t['bots'])}: {t['wins']}/{t['games']} matches won, "
                f"{_pct(t['win_rate'])}% (95% CI {_ci(t['win_ci95'])})"
            )
        if self.team_json() and draws:
            lines.append(f"{draws} matches drawn or unfinished")
        lines.append("")
        lines.append(
            f"{self.games} games ({cfg.preset}, {cfg.players} players{team}), seed {cfg.seed}: "
            f"{self.deals} deals, {self.scored_rounds} rounds with a winner, "
            f"{self.deals - self.scored_rounds} void"
            + (f", {self.games - self.finished} unfinished" if self.finished < self.games else "")
        )
        lines.append(
            f"mean turns per round {'-' if turns is None else f'{turns:.1f}'}; "
            f"{self.games_per_second:.2f} games/s ({self.seconds:.1f} s, {self._where()})"
        )
        return "\n".join(lines)

    def _where(self) -> str:
        return _where_text(self.backend, self.workers)


def _where_text(backend: str, workers: int) -> str:
    """Where the matches were played, for the table's last line: ``2 jobs``, ``ray, 4 CPUs``."""
    if backend == "ray":
        return f"ray, {workers} CPU{'s' if workers != 1 else ''}"
    return f"{workers} job{'s' if workers != 1 else ''}"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _ci(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}"


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
    "Z95",
    "BotStats",
    "ProgressBar",
    "SimulationResult",
    "to_json_text",
    "wilson",
]
