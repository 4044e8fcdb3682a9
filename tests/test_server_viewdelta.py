"""Issue 37: a bot's view crosses to the worker as what changed since the last one sent for
its seat (``server/viewdelta.py``); the worker's copy must equal the view made for it, for
every decision of seeded matches of both games, and the two sides must drop the same keys."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from handgame.core.registry import find_game
from handgame.server.table import auto_move
from handgame.server.viewdelta import GREW, INSIDE, ViewDeltas, ViewReplica


def decisions(game_name: str, seed: str, players: int, partnership: bool) -> list[tuple[Any, Any]]:
    """(seat, view) of every bot decision of one seeded match of greedy bots."""
    spec = find_game(game_name)
    preset = "levant" if game_name == "hand" else spec.presets[0]
    state = spec.create(preset, None, players, partnership, None).new_match(0)
    out: list[tuple[Any, Any]] = []
    version = 0
    while not state.is_over and version < 1500:
        kind, what = auto_move(state, seed, version, ("greedy",) * players)
        if kind == "deal":
            state = state.apply_deal(what)
        else:
            out.append((state.current_seat, state.view(state.current_seat)))
            state = state.apply(what)
        version += 1
    return out


@pytest.mark.parametrize(
    ("game_name", "players", "partnership"),
    [("hand", 2, False), ("hand", 4, True), ("hand-and-foot", 4, True)],
)
def test_the_worker_rebuilds_every_view_exactly(
    game_name: str, players: int, partnership: bool
) -> None:
    deltas, replica = ViewDeltas(), ViewReplica()
    sent = whole = 0
    for seed in ("d1", "d2"):
        for seat, view in decisions(game_name, seed, players, partnership):
            patch = pickle.loads(pickle.dumps(deltas.patch((seed, seat), view)))
            replica.drop(deltas.dropped())
            assert replica.view((seed, seat), patch) == view
            sent += len(pickle.dumps(patch))
            whole += len(pickle.dumps(view))
    # what crosses is much smaller than the whole views (the point of it)
    assert sent * 3 < whole, (sent, whole)


def test_a_grown_log_sends_only_its_new_items() -> None:
    views = decisions("hand", "d3", 2, False)
    deltas = ViewDeltas()
    first = next(v for s, v in views if s == 0 and v.public.actions)
    seen = len(first.public.actions)
    later = next(v for s, v in views if s == 0 and len(v.public.actions) > seen)
    deltas.patch("k", first)
    whole, fields = deltas.patch("k", later)
    assert not whole
    how, inside = fields["public"]
    grew, items = inside["actions"]
    assert how == INSIDE and grew == GREW and items == later.public.actions[seen:]
    assert "names" not in fields and "preset" not in fields  # the same objects: left out


def test_both_sides_drop_the_same_keys_and_a_change_without_its_view_is_refused() -> None:
    views = [v for _, v in decisions("hand", "d4", 2, False)[:6]]
    deltas, replica = ViewDeltas(size=2), ViewReplica()
    for i, key in enumerate(["a", "b", "c", "a"]):  # "a" dropped for "c", then sent whole
        patch = deltas.patch(key, views[i])
        replica.drop(deltas.dropped())
        assert replica.view(key, patch) == views[i]
        if key == "a" and i == 3:
            assert patch[0]  # whole again: the server had dropped it
    assert list(deltas.last) == ["c", "a"] and set(replica.views) == {"c", "a"}
    with pytest.raises(KeyError, match="no view kept"):
        ViewReplica().view("z", (False, {}))
    deltas.reset()
    assert deltas.patch("c", views[5])[0]  # after a reset (a new worker): whole
