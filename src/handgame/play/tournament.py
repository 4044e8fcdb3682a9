"""A round-robin tournament of bots: every pair plays head to head, and a rating per bot.

``tournament(TournamentConfig(bots=("random", "greedy", "ismcts"), games=40, seed="1"))``
plays, for every pair of listed bots, a 2-player simulation of ``games`` matches
(:func:`handgame.play.simulate.simulate`: seats rotated every match, seeded and reproducible)
with the seed ``f"{seed}/{i}-{j}"`` (``i < j``: the pair's positions in the list). A bot's
result against another is its rounds won among the pair's rounds with a winner (void rounds
left out), with a 95% Wilson interval. The ratings are a Bradley–Terry model fitted to every
pair's round wins by maximum likelihood (Hunter's MM iterations, with half a win added each
way to every pair so that a bot that never lost still gets a finite rating), on the Elo scale
(400 × log10 of the strength, the mean rating 1500): a difference of 100 means about 64%.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from handgame.core.errors import BotError, OptionError
from handgame.core.registry import find_game
from handgame.play.registry import check_plays
from handgame.play.simulate import SimulationConfig, SimulationResult, simulate, wilson
from handgame.play.simulate_setup import bot_labels

#: the mean of the ratings (Elo scale)
MEAN_RATING = 1500.0
#: the virtual wins added each way to every pair before fitting (a prior that keeps ratings
#: finite)
PRIOR_WINS = 0.5


@dataclass(frozen=True)
class TournamentConfig:
    """What to play: the bots, matches per pair, seed, ruleset and worker processes."""

    bots: tuple[str, ...]
    games: int = 100
    seed: str = "0"
    preset: str = "levant"
    options: dict[str, Any] = field(default_factory=dict)
    jobs: int = 1

    def pairs(self) -> list[tuple[int, int]]:
        """The pairs of listed bots, ``(i, j)`` with ``i < j``, in playing order."""
        return list(combinations(range(len(self.bots)), 2))

    def pair_config(self, i: int, j: int) -> SimulationConfig:
        """The 2-player simulation of the pair ``(i, j)``."""
        return SimulationConfig(
            bots=(self.bots[i], self.bots[j]),
            games=self.games,
            seed=f"{self.seed}/{i}-{j}",
            preset=self.preset,
            options=dict(self.options),
            jobs=self.jobs,
        )


@dataclass
class PairResult:
    """One pair's head-to-head results (``first`` < ``second``, listed positions)."""

    first: int
    second: int
    rounds: int = 0  # rounds with a winner
    first_rounds: int = 0  # of which ``first`` won
    games: int = 0
    first_wins: int = 0  # matches won
    second_wins: int = 0
    seconds: float = 0.0

    @property
    def second_rounds(self) -> int:
        """Rounds won by ``second``."""
        return self.rounds - self.first_rounds

    def won(self, k: int) -> int:
        """Rounds won by listed bot ``k`` (one of the pair)."""
        return self.first_rounds if k == self.first else self.second_rounds

    def to_json(self, labels: list[str]) -> dict[str, Any]:
        """As a JSON object (rates are the first bot's)."""
        low, high = wilson(self.first_rounds, self.rounds)
        return {
            "bots": [labels[self.first], labels[self.second]],
            "games": self.games,
            "match_wins": [self.first_wins, self.second_wins],
            "rounds_with_winner": self.rounds,
            "rounds_won": [self.first_rounds, self.second_rounds],
            "round_win_rate": round(self.first_rounds / self.rounds, 4) if self.rounds else None,
            "round_win_ci95": [round(low, 4), round(high, 4)],
        }


def bradley_terry(
    n: int, wins: dict[tuple[int, int], float], prior: float = PRIOR_WINS, sweeps: int = 10_000
) -> list[float]:
    """Bradley–Terry ratings (Elo scale, mean :data:`MEAN_RATING`) of ``n`` players from
    ``wins[(i, j)]``: how often ``i`` beat ``j``. Every pair that met gets ``prior`` wins each
    way; players who never met anyone keep the mean."""
    games: dict[tuple[int, int], float] = {}
    won = [0.0] * n
    for (i, j), w in wins.items():
        key = (min(i, j), max(i, j))
        games[key] = games.get(key, 0.0) + w
        won[i] += w
    met: set[int] = set()
    for i, j in list(games):
        if games[(i, j)] > 0:
            games[(i, j)] += 2 * prior
            won[i] += prior
            won[j] += prior
            met.update((i, j))
    strength = [1.0] * n
    for _ in range(sweeps):
        worst = 0.0
        for i in sorted(met):
            denom = 0.0
            for (a, b), g in games.items():
                if i in (a, b):
                    other = b if i == a else a
                    denom += g / (strength[i] + strength[other])
            new = won[i] / denom if denom > 0 else strength[i]
            worst = max(worst, abs(math.log(new / strength[i])))
            strength[i] = new
        if met:  # fix the scale: geometric mean 1
            mean_log = sum(math.log(strength[i]) for i in met) / len(met)
            for i in met:
                strength[i] /= math.exp(mean_log)
        if worst < 1e-10:
            break
    return [MEAN_RATING + 400.0 * math.log10(s) for s in strength]


@dataclass
class TournamentResult:
    """Every pair's results, the ratings and timing."""

    config: TournamentConfig
    pairs: list[PairResult]
    seconds: float = 0.0

    @property
    def labels(self) -> list[str]:
        """A label per listed bot."""
        return bot_labels(self.config.bots)

    def ratings(self) -> list[float]:
        """The Bradley–Terry rating of each listed bot (Elo scale)."""
        wins: dict[tuple[int, int], float] = {}
        for p in self.pairs:
            wins[(p.first, p.second)] = float(p.first_rounds)
            wins[(p.second, p.first)] = float(p.second_rounds)
        return bradley_terry(len(self.config.bots), wins)

    def pair(self, i: int, j: int) -> PairResult | None:
        """The results of listed bots ``i`` and ``j`` (either order), when played."""
        for p in self.pairs:
            if {p.first, p.second} == {i, j}:
                return p
        return None

    def to_json(self) -> dict[str, Any]:
        """Everything as one JSON object; only ``timing`` differs between identical runs."""
        cfg = self.config
        labels = self.labels
        ratings = self.ratings()
        bots = []
        for k, label in enumerate(labels):
            played = [p for p in self.pairs if k in (p.first, p.second)]
            rounds = sum(p.rounds for p in played)
            won = sum(p.won(k) for p in played)
            bots.append(
                {
                    "bot": label,
                    "spec": cfg.bots[k],
                    "rating": round(ratings[k], 1),
                    "rounds": rounds,
                    "rounds_won": won,
                }
            )
        return {
            "format": "hand-tournament/1",
            "config": {
                "bots": list(cfg.bots),
                "games_per_pair": cfg.games,
                "seed": cfg.seed,
                "preset": cfg.preset,
                "options": dict(cfg.options),
            },
            "rating": "Bradley-Terry on rounds won, Elo scale, mean 1500, prior 0.5 win each way",
            "bots": bots,
            "pairs": [p.to_json(labels) for p in self.pairs],
            "timing": {"seconds": round(self.seconds, 3), "jobs": cfg.jobs},
        }

    def table(self) -> str:
        """The pairwise table (row bot's rounds won against the column bot, with its 95%
        interval) and the ratings, best first."""
        labels = self.labels
        n = len(labels)
        head = ["", *labels]
        rows = [head]
        for i in range(n):
            row = [labels[i]]
            for j in range(n):
                p = self.pair(i, j) if i != j else None
                if p is None or not p.rounds:
                    row.append("-")
                    continue
                won = p.won(i)
                low, high = wilson(won, p.rounds)
                row.append(f"{100 * won / p.rounds:.1f} ({100 * low:.0f}-{100 * high:.0f})")
            rows.append(row)
        widths = [max(len(r[c]) for r in rows) for c in range(n + 1)]
        lines = ["rounds won by the row's bot against the column's, % (95% interval):"]
        for r in rows:
            lines.append("  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip())
        lines.append("")
        lines.append("rating (Bradley-Terry on rounds won, Elo scale, mean 1500):")
        data = self.to_json()["bots"]
        order = sorted(range(n), key=lambda k: (-data[k]["rating"], k))
        width = max(len(x) for x in labels)
        for k in order:
            b = data[k]
            lines.append(
                f"  {labels[k].ljust(width)}  {b['rating']:7.1f}  "
                f"{b['rounds_won']}/{b['rounds']} rounds won"
            )
        lines.append("")
        games = sum(p.games for p in self.pairs)
        lines.append(
            f"{len(self.pairs)} pairs x {self.config.games} games ({self.config.preset}, "
            f"2 players), seed {self.config.seed}: {games} games in {self.seconds:.1f} s"
        )
        return "\n".join(lines)


TournamentProgress = Callable[[int, int, float], None]


def check_tournament(config: TournamentConfig) -> None:
    """Refuse a bad tournament before playing (``OptionError``)."""
    if len(config.bots) < 2:
        raise OptionError(f"a tournament needs at least 2 bots; got {len(config.bots)}")
    clean = [b.strip() for b in config.bots]
    if len(set(clean)) != len(clean):
        raise OptionError("a tournament lists each bot once (a bot does not play itself)")
    if config.games < 1:
        raise OptionError(f"games must be 1 or more, not {config.games}")
    game = find_game(config.preset).name
    for spec in config.bots:  # every bot, before any pair plays: one that plays this game
        try:
            check_plays(spec, game)
        except BotError as exc:
            raise OptionError(str(exc), rules=exc.rules) from None


def tournament(
    config: TournamentConfig, progress: TournamentProgress | None = None
) -> TournamentResult:
    """Play every pair; ``progress(done, total, seconds)`` after each match (all pairs)."""
    check_tournament(config)
    pairs = config.pairs()
    total = len(pairs) * config.games
    result = TournamentResult(config, [])
    elapsed = 0.0
    for n, (i, j) in enumerate(pairs):
        offset = n * config.games
        base = elapsed

        def step(done: int, _total: int, seconds: float, offset: int = offset,
                 base: float = base) -> None:  # fmt: skip
            if progress is not None:
                progress(offset + done, total, base + seconds)

        sim = simulate(config.pair_config(i, j), step)
        result.pairs.append(_pair_result(i, j, sim))
        elapsed += sim.seconds
        result.seconds = elapsed
    return result


def _pair_result(i: int, j: int, sim: SimulationResult) -> PairResult:
    a, b = sim.bots
    return PairResult(i, j, a.rounds, a.rounds_won, sim.games, a.wins, b.wins, sim.seconds)


__all__ = [
    "MEAN_RATING",
    "PairResult",
    "TournamentConfig",
    "TournamentResult",
    "bradley_terry",
    "check_tournament",
    "tournament",
]
