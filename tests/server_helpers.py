"""Helpers of the server tests: an app on a SQLite file, clients that play from their views."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
from fastapi.testclient import TestClient

from handgame.games.hand.actions import parse_action
from handgame.games.hand.deal import Deal
from handgame.games.hand.record import read_game
from handgame.games.hand.state import State
from handgame.server.app import create_app
from handgame.server.hub import Settings

TIMEOUT = 20.0


def settings(path: Path, **changes: Any) -> Settings:
    """Fast settings on a SQLite file: no bot delay, no turn timer, one address's limits
    raised."""
    base: dict[str, Any] = {
        "database_url": f"sqlite:///{path}",
        "bot_delay": 0.0,
        "turn_timeout": None,
        "rate": 10_000.0,
        "burst": 10_000,
        # every test client is one address: the per-address shares are raised (tests of them
        # set their own)
        "address_rate": 10_000.0,
        "address_burst": 10_000,
        "max_tables_per_address": 100_000,
    }
    base.update(changes)
    return Settings(**base)


@contextmanager
def client(path: Path, seed: str = "test-seed", **changes: Any) -> Iterator[TestClient]:
    """A test client of an app on ``path`` (its lifespan runs: tables resume)."""
    app = create_app(settings(path, **changes), seed_source=lambda: seed)
    with TestClient(app) as c:
        yield c


def recv(ws: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The next message on a test WebSocket, or a failure after ``timeout`` seconds."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    import json

    result: dict[str, Any] = json.loads(message["text"])
    return result


def table_body(seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    """A POST /api/tables body for a levant match of one scored round."""
    return {"rules": {"preset": "levant", "options": {"rounds": 1, **options}}, "seats": seats}


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A plain policy on a view's legal actions: lay what it can, else draw or discard at random."""
    legal = [a for a in view["legal_actions"] if "redeal" not in a]
    melds = [a for a in legal if "meld" in a]
    if melds:
        return max(melds, key=lambda a: sum(len(m) for m in a["meld"]))
    adds = [a for a in legal if "add" in a]
    if adds:
        return adds[0]
    draws = [a for a in legal if "draw" in a]
    if draws:
        return rng.choice(draws)
    return rng.choice(legal)


class Player:
    """A test client on one seat (or a spectator): every frame it got, by version."""

    def __init__(self, ws: Any, seat: int | None):
        """Read the welcome message."""
        self.ws = ws
        self.seat = seat
        self.frames: list[dict[str, Any]] = []  # the state messages, in order
        self.others: list[dict[str, Any]] = []  # every other message
        welcome = recv(ws)
        assert welcome["type"] == "welcome", welcome
        assert welcome["seat"] == seat
        self.welcome = welcome

    @property
    def version(self) -> int:
        """The version of the last state message."""
        return self.frames[-1]["version"] if self.frames else -1

    @property
    def view(self) -> dict[str, Any]:
        """The last view."""
        return self.frames[-1]["view"]  # type: ignore[no-any-return]

    def read(self) -> dict[str, Any]:
        """One message, kept."""
        m = recv(self.ws)
        (self.frames if m["type"] == "state" else self.others).append(m)
        return m

    def read_to(self, version: int) -> None:
        """Read until the state message of ``version``."""
        while self.version < version:
            self.read()

    def send(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a message and read to its answer (an ack, an error or a pong)."""
        self.ws.send_json(message)
        while True:
            m = self.read()
            if m["type"] in ("ack", "error", "pong") and m.get("id") == message.get("id"):
                return m

    def act(self, rng: random.Random) -> dict[str, Any]:
        """Play one action of the last view; the answer."""
        action = choose(self.view, rng)
        return self.send(
            {
                "type": "action",
                "id": f"{self.seat}-{self.version}",
                "version": self.version,
                "action": action,
            }
        )


def play_out(
    spectator: Player, humans: dict[int, Player], seed: str = "h", stop_at: int | None = None
) -> None:
    """Play the humans' turns until the match is over (or past version ``stop_at``)."""
    acted: set[tuple[int, int]] = set()
    while True:
        if not spectator.frames:
            spectator.read()
            continue
        view = spectator.view
        if view["phase"] == "over" or (stop_at is not None and spectator.version >= stop_at):
            return
        turn = view["turn"]
        if turn in humans and (turn, spectator.version) not in acted:
            acted.add((turn, spectator.version))
            h = humans[turn]
            h.read_to(spectator.version)
            if h.version == spectator.version:
                rng = random.Random(f"{seed}:{turn}:{h.version}")
                answer = h.act(rng)
                assert answer["type"] == "ack" or answer["code"] == "stale", answer
        spectator.read()


def states_by_version(record: dict[str, Any]) -> list[State]:
    """Every state of a finished match's record, index = version (0: before the first deal)."""
    state = read_game(record).new_match(record["rounds"][0]["dealer"])
    states = [state]
    for rnd in record["rounds"]:
        state = state.apply_deal(Deal.from_json(rnd["deal"]))
        states.append(state)
        for raw in rnd["actions"]:
            state = state.apply(parse_action(raw))
            states.append(state)
    return states


def play_sockets(socks: dict[int, Any], seed: str = "35", seconds: float = 240) -> None:
    """Play every seat of ``socks`` (its own ``websockets`` connection, by seat) with
    :func:`choose` until the match is over."""
    import json
    import time

    rng = random.Random(seed)
    views: dict[int, dict[str, Any]] = {}
    sent: set[tuple[int, int]] = set()
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, "the match did not end"
        for seat, ws in socks.items():
            try:
                m = json.loads(ws.recv(timeout=0.05))
            except TimeoutError:
                continue
            if m["type"] == "state":
                views[seat] = m
        if any(v["view"]["phase"] == "over" for v in views.values()):
            return
        for seat, m in views.items():
            view = m["view"]
            acting = view.get("to_act", view["turn"])
            legal = [a for a in view["legal_actions"] if "redeal" not in a]
            if acting != seat or not legal or (seat, m["version"]) in sent:
                continue
            sent.add((seat, m["version"]))
            action = choose(view, rng)
            socks[seat].send(
                json.dumps({"type": "action", "version": m["version"], "action": action})
            )
