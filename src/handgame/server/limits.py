"""Per-address limits: a token bucket per client address for each kind of request (tables
made, hints asked) and a count of each address's open WebSocket connections."""

from __future__ import annotations

import time
from collections.abc import Callable

from handgame.server.connection import RateLimiter

#: buckets kept at most; beyond, full (idle) ones are forgotten
MAX_ADDRESSES = 10_000


class AddressBuckets:
    """``rate`` requests a second on average and ``burst`` at once, per client address."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        """No address seen yet."""
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, RateLimiter] = {}
        self.whole = (rate, burst)  # the site's rate and burst (:meth:`share`)

    def share(self, processes: int) -> None:
        """This process's share of a site of ``processes`` processes behind one address
        (each gets a client's connections in turn): the site's rate and burst divided."""
        rate, burst = self.whole
        n = max(1, processes)
        self.rate, self.burst = rate / n, max(1, round(burst / n))
        for bucket in self.buckets.values():
            bucket.rate, bucket.burst = self.rate, float(self.burst)
            bucket.tokens = min(bucket.tokens, bucket.burst)

    def allow(self, address: str | None, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens from the address's bucket if it has that many."""
        key = address or "?"
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= MAX_ADDRESSES:
                self._forget_full()
            bucket = self.buckets[key] = RateLimiter(self.rate, self.burst, self.clock)
        return bucket.allow(cost)

    def _forget_full(self) -> None:
        for key, bucket in list(self.buckets.items()):
            bucket.allow(0.0)  # refill
            if bucket.tokens >= bucket.burst:
                del self.buckets[key]


class AddressCounts:
    """How many things (connections) each address holds now, ``limit`` at most."""

    def __init__(self, limit: int) -> None:
        """Nothing held."""
        self.limit = limit
        self.counts: dict[str, int] = {}

    def take(self, address: str | None) -> bool:
        """Count one more for the address, unless it holds ``limit`` already."""
        key = address or "?"
        if self.counts.get(key, 0) >= self.limit:
            return False
        self.counts[key] = self.counts.get(key, 0) + 1
        return True

    def held(self, address: str | None) -> int:
        """How many the address holds now."""
        return self.counts.get(address or "?", 0)

    def give(self, address: str | None) -> None:
        """Count one less for the address."""
        key = address or "?"
        left = self.counts.get(key, 0) - 1
        if left > 0:
            self.counts[key] = left
        else:
            self.counts.pop(key, None)
