"""Issue 15, finding 4: a restarted server answers before it has reloaded every unfinished table,
and a table asked for first is loaded on demand; the rest are reloaded in the background."""

from __future__ import annotations

import time
from pathlib import Path

from server_helpers import client, table_body

TABLES = 40


def test_a_restart_answers_before_every_table_is_reloaded(tmp_path: Path) -> None:
    db = tmp_path / "many.sqlite"
    with client(db) as c:
        ids = [
            c.post("/api/tables", json=table_body([{"kind": "human"}] * 2)).json()["table"]
            for _ in range(TABLES)
        ]
    with client(db) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert c.get("/api/presets").status_code == 200
        loaded_at_first_answer = len(hub.tables)
        # the last table made is asked for first: it is there at once, loaded on demand
        summary = c.get(f"/api/tables/{ids[-1]}").json()
        assert summary["table"] == ids[-1] and not summary["finished"]
        deadline = time.monotonic() + 60
        while len(hub.tables) < TABLES and time.monotonic() < deadline:
            time.sleep(0.05)
        assert set(hub.tables) >= set(ids)  # every unfinished table came back
    assert loaded_at_first_answer < TABLES, "the first request waited for the whole reload"
