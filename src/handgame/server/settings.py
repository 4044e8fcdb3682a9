"""How the server runs: the ``hand serve`` flags as one object every part of the hub reads."""

from __future__ import annotations

from dataclasses import dataclass, field

from handgame.server.storage import default_database_url


@dataclass
class Settings:
    """How the server runs (``hand serve`` flags)."""

    database_url: str = field(default_factory=default_database_url)
    turn_timeout: float | None = 60.0  # seconds a human has for each decision (None: no limit)
    bot_delay: float = 0.6  # seconds before each bot move, so that people can follow
    stand_in: str = "greedy"  # the bot that plays for an absent human
    # trained agents' files a table may seat as policy:PATH (hand serve --policy PATH)
    policies: tuple[str, ...] = ()
    max_message_bytes: int = 4096  # the largest client message read
    rate: float = 20.0  # client messages per second, on average, per connection
    burst: int = 40  # client messages at once, per connection
    max_dropped: int = 200  # messages refused for the rate before the connection is closed
    outbox: int = 4096  # messages waiting for a slow client before it is dropped
    # seconds a finished table stays in memory once no client is connected to it (0: dropped
    # at once; None: kept); it is still served from storage and reloaded when asked for
    evict_after: float | None = 30.0
