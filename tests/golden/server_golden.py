"""Seeded web-server matches, played through the public HTTP and WebSocket API only, and their
records: the server's half of the golden records (``tests/test_golden.py``).

Each case makes a table with a fixed seed (``create_app(seed_source=...)``), lets its bots play
and, for a human seat, plays the first legal action of that seat's view whenever it is the
seat's turn; the finished match's record is the answer. Only the public API is used, so the same
script ran on the code before the many-games layout made the golden files:

    python tests/golden/server_golden.py        # regenerate tests/golden/records/server-*.json
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from handgame.server.app import create_app
from handgame.server.hub import Settings

HERE = Path(__file__).resolve().parent

#: name: (seed, POST /api/tables body); a human seat is played from its view
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "server-levant-bots": (
        "golden-server-1",
        {
            "rules": {"preset": "levant", "options": {"rounds": 2}},
            "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}],
        },
    ),
    "server-gulf-3-bots": (
        "golden-server-2",
        {
            "rules": {"preset": "gulf", "options": {"rounds": 1}},
            "seats": [{"kind": "bot", "bot": "random"}] * 3,
        },
    ),
    "server-four-jokers-partners": (
        "golden-server-3",
        {
            "rules": {"preset": "four-jokers", "options": {"rounds": 1}, "partnership": True},
            "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}] * 2,
        },
    ),
    "server-levant-human": (
        "golden-server-4",
        {
            "rules": {"preset": "levant", "options": {"rounds": 1}},
            "seats": [{"kind": "human", "name": "Sara"}, {"kind": "bot", "bot": "greedy"}],
        },
    ),
}


def _wait_finished(c: TestClient, table: str, limit: float = 120.0) -> None:
    """Poll the table's summary until its match is over."""
    end = time.monotonic() + limit
    while not c.get(f"/api/tables/{table}").json()["finished"]:
        if time.monotonic() > end:
            raise TimeoutError(f"table {table} did not finish")
        time.sleep(0.02)


def _play_human(c: TestClient, table: str, seat: int, token: str) -> None:
    """Play ``seat``: the first legal action of its view whenever the turn is the seat's."""
    with c.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        acted = -1
        while True:
            m = ws.receive_json()
            if m["type"] != "state":
                continue
            view = m["view"]
            if view.get("phase") == "over":
                return
            legal = [a for a in view["legal_actions"] if "redeal" not in a]
            if view.get("turn") == seat and legal and m["version"] > acted:
                acted = m["version"]
                ws.send_json(
                    {
                        "type": "action",
                        "id": f"g-{m['version']}",
                        "version": m["version"],
                        "action": legal[0],
                    }
                )


def server_record(name: str) -> dict[str, Any]:
    """The finished record of the case ``name``."""
    seed, body = CASES[name]
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            database_url=f"sqlite:///{tmp}/golden.sqlite",
            bot_delay=0.0,
            turn_timeout=None,
            rate=10_000.0,
            burst=10_000,
        )
        with TestClient(create_app(settings, seed_source=lambda: seed)) as c:
            made = c.post("/api/tables", json=body).json()
            table = made["table"]
            for s in made["seats"]:
                _play_human(c, table, s["seat"], s["token"])
            _wait_finished(c, table)
            record: dict[str, Any] = c.get(f"/api/tables/{table}/record").json()
            return record


def main() -> None:
    """Write every case's record as ``records/NAME.json``."""
    names = sys.argv[1:] or list(CASES)
    for name in names:
        record = server_record(name)
        path = HERE / "records" / f"{name}.json"
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{path.name}: {sum(len(r['actions']) for r in record['rounds'])} actions")


if __name__ == "__main__":
    main()
