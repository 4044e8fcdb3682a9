"""The server's leak check for Hand and Foot (issue 12): every frame a client gets is its view,
and holds no card of another hand, of a foot or of the stock; the partner's question (HF-10) is
answered out of turn over the WebSocket."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from handgame.core.registry import find_game
from handgame.games.hand_and_foot.actions import Take
from handgame.games.hand_and_foot.rules import PILE_TAKE
from handgame.server.protocol import spectator_view
from server_helpers import Player, client

GAME = find_game("hand-and-foot")


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A plain policy: answer, take the pile, meld, add, draw; else ask or discard at random."""
    legal = view["legal_actions"]
    for verb in ("answer", "take", "meld", "add", "draw"):
        found = [a for a in legal if verb in a]
        if found:
            return rng.choice(found)
    return rng.choice(legal)


def states_by_version(record: dict[str, Any]) -> list[Any]:
    """Every state of a Hand and Foot match's record, index = version (0: before the deal)."""
    state = GAME.read_game(record).new_match(record["rounds"][0]["dealer"])
    states = [state]
    for rnd in record["rounds"]:
        state = state.apply_deal(GAME.parse_deal(rnd["deal"]))
        states.append(state)
        for raw in rnd["actions"]:
            state = state.apply(GAME.parse_action(raw))
            states.append(state)
    return states


def cards_in(obj: Any) -> Counter[str]:
    """Every card string in a JSON value, counted (a card is 2 characters, or X)."""
    found: Counter[str] = Counter()
    if isinstance(obj, dict):
        for v in obj.values():
            found += cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found += cards_in(v)
    elif isinstance(obj, str) and (
        obj == "X" or (len(obj) == 2 and obj[0] in "A23456789TJQK" and obj[1] in "SHDC")
    ):
        found[obj] += 1
    return found


def secret(state: Any, seat: int | None) -> Counter[str]:
    """The cards ``seat`` may not see: the other hands (but for pile cards seen going in), every
    foot not picked up, the stock."""
    rnd = state.round
    out: Counter[str] = Counter()
    if rnd is None or not state.in_round:
        return out
    for i, hand in enumerate(rnd.hands):
        if i != seat:
            out += Counter(str(c) for c in hand) - Counter(str(c) for c in rnd.known[i])
    for foot in rnd.feet:
        out += Counter(str(c) for c in foot)
    out += Counter(str(c) for c in rnd.stock)
    return out


def taken_this_turn(states: list[Any], version: int) -> Counter[str]:
    """The pile cards the seat to play took this turn (every seat saw them go in, HF-6)."""
    rnd = states[version].round
    if rnd is None or not rnd.turn_state.drew:
        return Counter()
    v = version
    while True:  # back to the state before the turn's draw or take
        prev = states[v - 1].round
        if prev is None or prev.index != rnd.index or prev.turn != rnd.turn:
            break
        if not prev.turn_state.drew:
            break
        v -= 1
    before, after = states[v - 1].round, states[v].round
    if before is None or not isinstance(after.actions[-1], Take):
        return Counter()
    return Counter(str(c) for c in before.pile[-1 - PILE_TAKE : -1])


def check_frames(player: Player, states: list[Any]) -> int:
    """Each frame is the seat's view at its version; the stock, the feet and the other hands
    stay hidden (the view's size in cards is what the seat may count)."""
    for frame in player.frames:
        state = states[frame["version"]]
        got = frame["view"]
        if player.seat is None:
            assert got == spectator_view(state)
            assert got["hand"] == [] and got["legal_actions"] == []
        else:
            assert got == state.view(player.seat).to_json()
        assert "stock" not in got and "feet" not in got and "seed" not in str(got)
        rnd = state.round
        if rnd is None or not state.in_round:
            continue
        # every card a frame shows is one this seat may see: its hand, the table, the pile
        public = Counter(str(c) for m in rnd.melds for c in m.cards)
        public += Counter(str(c) for c in rnd.pile)
        public += Counter(str(c) for r in rnd.red_threes for c in r)
        public += Counter(str(c) for k in rnd.known for c in k)  # pile cards taken (HF-6)
        if player.seat is not None:
            public += Counter(str(c) for c in rnd.hands[player.seat])
        # results, the action log and turn_info's pile_left name cards shown elsewhere too
        skip = ("results", "public", "legal_actions", "turn_info")
        shown = cards_in({k: v for k, v in got.items() if k not in skip})
        # the six pile cards still unlaid (HF-8) are among those every seat saw taken
        assert not Counter(got["turn_info"].get("pile_left", [])) - taken_this_turn(
            states, frame["version"]
        )
        # a legal action names only this seat's cards (and the pile's top it may take)
        assert set(cards_in(got["legal_actions"])) <= set(public)
        assert not shown - public, (frame["version"], shown - public)
        # no card of a hand, foot or stock it may not see: more copies than the public and
        # this seat's own would be a leak
        assert not (shown - public) & secret(state, player.seat)
    return len(player.frames)


def test_hand_and_foot_frames_hide_hands_feet_and_stock(tmp_path: Path) -> None:
    seats = [
        {"kind": "human", "name": "Sara"},
        {"kind": "bot", "bot": "random"},
        {"kind": "human", "name": "Ali"},
        {"kind": "bot", "bot": "random"},
    ]
    body = {"rules": {"preset": "hand-and-foot", "options": {"rounds": 1}}, "seats": seats}
    with client(tmp_path / "t.sqlite", seed="hf-leak") as c:
        made = c.post("/api/tables", json=body).json()
        tid = made["table"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        with (
            c.websocket_connect(f"/ws/tables/{tid}") as ws_s,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws0,
            c.websocket_connect(f"/ws/tables/{tid}?token={tokens[2]}") as ws2,
        ):
            spectator = Player(ws_s, None)
            humans = {0: Player(ws0, 0), 2: Player(ws2, 2)}
            rng = random.Random(3)
            acted: set[tuple[int, int]] = set()
            while True:
                if not spectator.frames:
                    spectator.read()
                    continue
                view = spectator.view
                if view["phase"] == "over":
                    break
                seat = view["to_act"]
                if seat in humans and (seat, spectator.version) not in acted:
                    acted.add((seat, spectator.version))
                    h = humans[seat]
                    h.read_to(spectator.version)
                    action = choose(h.view, rng)
                    answer = h.send(
                        {
                            "type": "action",
                            "id": f"{seat}-{h.version}",
                            "version": h.version,
                            "action": action,
                        }
                    )
                    assert answer["type"] == "ack", answer
                spectator.read()
            final = spectator.version
            for h in humans.values():
                h.read_to(final)
        record = c.get(f"/api/tables/{tid}/record").json()
    states = states_by_version(record)
    assert len(states) == final + 1 and states[-1].is_over
    frames = sum(check_frames(p, states) for p in (spectator, *humans.values()))
    assert frames >= 3 * (final - spectator.frames[0]["version"])
    verbs = Counter(
        next(k for k in a if k != "seat") for r in record["rounds"] for a in r["actions"]
    )
    assert verbs["draw"] and verbs["discard"] and verbs["meld"], verbs


def test_a_table_seats_the_search_bot_for_hand_and_foot(tmp_path: Path) -> None:
    """``ismcts`` at a Hand and Foot table: its moves are searched in the worker processes
    and reach the human's seat (seat 1 plays first, HF-2)."""
    seats = [
        {"kind": "human", "name": "Sara"},
        {"kind": "bot", "bot": "ismcts:iterations=2,depth=1"},
        {"kind": "bot", "bot": "greedy"},
        {"kind": "bot", "bot": "ismcts:iterations=2,depth=1"},
    ]
    body = {"rules": {"preset": "hand-and-foot", "options": {"rounds": 1}}, "seats": seats}
    with client(tmp_path / "t.sqlite", seed="hf-ismcts") as c:
        made = c.post("/api/tables", json=body).json()
        assert "table" in made, made
        tid = made["table"]
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:
            spectator = Player(ws, None)
            while not spectator.frames or spectator.view["to_act"] != 0:
                spectator.read()
            assert spectator.view["phase"] in ("draw", "play")
            actions = spectator.view["public"]["actions"]
    assert [a["seat"] for a in actions if "discard" in a][:3] == [1, 2, 3]


def test_the_bots_offered_are_the_games_own_ladder(tmp_path: Path) -> None:
    """Issue 34: ``/api/presets`` offers each game's own ladder (``GameSpec.levels``): at
    Hand and Foot ``hard`` is its own (the planner), no Hand-only agent is offered, and a seat
    given no bot gets the game's default level; Hand keeps its trained agent, at 2 players."""
    from handgame.play.registry import make_bot, offered_bots

    with client(tmp_path / "t.sqlite") as c:
        presets = {p["name"]: p for p in c.get("/api/presets").json()}
        hf = presets["hand-and-foot"]
        assert [b["spec"] for b in hf["bots"]] == ["random", "easy", "medium", "hard", "expert"]
        assert hf["default_bot"] == "hard"
        levant = {b["spec"]: b["players"] for b in presets["levant"]["bots"]}
        assert list(levant)[:5] == ["random", "easy", "medium", "hard", "expert"]
        assert levant["policy:levant-2p"] == [2] and levant["expert"] == []
        seats = [{"kind": "human", "name": "Sara"}, {"kind": "bot"}, {"kind": "bot", "bot": "hard"},
                 {"kind": "bot", "bot": "expert"}]
        body = {"rules": {"preset": "hand-and-foot", "options": {"rounds": 1}}, "seats": seats}
        made = c.post("/api/tables", json=body)
        assert made.status_code == 201 or made.status_code == 200, made.text
        table = c.get(f"/api/tables/{made.json()['table']}").json()
        assert [s.get("bot") for s in table["seats"][1:]] == ["hard", "hard", "expert"]
    # the level's bot is the game's own: Hand and Foot's hard is its planner, Hand's is greedy
    levels = GAME.levels()
    assert list(levels) == ["easy", "medium", "hard", "expert"]
    assert levels["hard"].startswith("planner") and levels["medium"] == "greedy"
    assert find_game("levant").levels()["hard"] == "greedy"
    hard = make_bot("hard", 1)
    assert [o.spec for o in offered_bots("hand-and-foot")] == [b["spec"] for b in hf["bots"]]
    hard.close()
