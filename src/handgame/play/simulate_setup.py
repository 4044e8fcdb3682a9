"""What a simulation is made of: its configuration, the seeds and seats of each match, the
bots' labels, and the small summary of one played match (see :mod:`handgame.play.simulate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from handgame.core.errors import BotError
from handgame.core.game import GameSpec
from handgame.core.registry import find_game
from handgame.play.driver import MAX_ACTIONS


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
    jobs: int = 1  # local: processes; ray: CPUs of a local Ray (0: all of them)
    records: str | None = None
    max_actions: int = MAX_ACTIONS
    backend: str = "local"  # where the matches are played: "local" or "ray" (play.backends)
    address: str | None = None  # the Ray cluster's address (None: a local Ray on demand)

    @property
    def players(self) -> int:
        """The number of seats: one per listed bot."""
        return len(self.bots)

    def spec(self) -> GameSpec:
        """The game of ``preset``, from the registry; raises ``OptionError`` when unknown."""
        return find_game(self.preset)

    def game(self, names: Sequence[str] | None = None) -> Any:
        """The match configuration (a :class:`~handgame.core.game.MatchConfig`); raises
        ``OptionError`` for a bad preset or option."""
        seat_names = list(names) if names is not None else None
        return self.spec().create(
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


def bot_failure(label: str, seat: int, what: str, exc: BaseException) -> BotError:
    """A :class:`BotError` naming the bot, its seat and what it was doing."""
    message = str(exc) if isinstance(exc, BotError) else f"{type(exc).__name__}: {exc}"
    return BotError(f"bot {label} (seat {seat}) failed {what}: {message}")


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
    winner: int | None  # a seat, or a team in partnership; None when unfinished or a draw
    rounds: tuple[RoundSummary, ...]
    actions: int
    error: str | None = None
    teams: int = 0  # the number of teams (seat s plays for team s % teams); 0: not known


__all__ = [
    "GameSummary",
    "RoundSummary",
    "SimulationConfig",
    "SimulationError",
    "bot_failure",
    "bot_labels",
    "bot_seed",
    "game_seed",
    "seat_of",
]
