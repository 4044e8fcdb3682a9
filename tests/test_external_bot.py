"""The ``external`` bot: the hand-bot/1 protocol over a subprocess's stdin and stdout."""

from __future__ import annotations

import dataclasses
import json
import random
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from handgame.core.cards import Card
from handgame.core.errors import BotError
from handgame.games.hand.actions import Action
from handgame.games.hand.record import replay, summary, to_record
from handgame.games.hand.state import Game, State
from handgame.play.driver import play_match
from handgame.play.external import ExternalBot, parse_spec
from handgame.play.registry import make_bot

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "random_bot.py"

BAD_BOT = r"""
import json, sys, time

mode = sys.argv[1]


def send(obj):
    print(obj if isinstance(obj, str) else json.dumps(obj), flush=True)


for line in sys.stdin:
    m = json.loads(line)
    kind = m["type"]
    if kind == "hello":
        if mode == "exit-at-hello":
            sys.exit(0)
        send({"type": "action", "index": 0} if mode == "no-ready" else {"type": "ready"})
    elif kind == "act":
        v = m["view"]
        if mode == "garbage":
            send("hello there")
        elif mode == "illegal":
            send({"type": "action", "action": {"seat": (v["seat"] + 1) % 2, "draw": "stock"}})
        elif mode == "malformed":
            send({"type": "action", "action": {"fly": "away"}})
        elif mode == "index":
            send({"type": "action", "index": 999})
        elif mode == "timeout":
            time.sleep(30)
        elif mode == "exit":
            print("boom: out of ideas", file=sys.stderr, flush=True)
            sys.exit(3)
        elif mode == "info":
            send({"type": "info", "message": "thinking"})
            send("")
            first = {k: x for k, x in v["legal_actions"][0].items() if k != "seat"}
            send({"type": "action", "action": first})
    elif kind == "redeal?":
        send({"type": "redeal", "claim": False})
    elif kind == "quit":
        break
"""


@pytest.fixture(scope="module")
def bad_bot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bots") / "bad_bot.py"
    path.write_text(BAD_BOT, encoding="utf-8")
    return path


def _dealt(seed: int = 1) -> State:
    return Game.create("levant", {"rounds": 1}, players=2).new_match().deal_seeded(seed)


def _spec(*words: str, options: str = "") -> str:
    return f"external:{options}{shlex.join([sys.executable, *words])}"


# ------------------------------------------------------------------------------ spec syntax


def test_parse_spec() -> None:
    assert parse_spec("python3 bot.py --fast") == ({}, ["python3", "bot.py", "--fast"])
    assert parse_spec("timeout=5:start_timeout=60:log=x.log:./bot 'a b'") == (
        {"timeout": "5", "start_timeout": "60", "log": "x.log"},
        ["./bot", "a b"],
    )
    # a command's own colons are left alone
    assert parse_spec("C:/bots/bot.exe")[1] == ["C:/bots/bot.exe"]
    assert parse_spec("./bot --opt=a:b")[1] == ["./bot", "--opt=a:b"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("external", "needs a command"),
        ("external:timeout=5:", "needs a command"),
        ("external:timeout=soon:./bot", "timeout=soon"),
        ("external:timeout=0:./bot", "timeout=0"),
        ("external:./no/such/bot-program", "cannot start the external bot"),
        ("external:python3 'unclosed", "No closing quotation"),
    ],
)
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message):
        make_bot(spec)


# ------------------------------------------------------------------------------ a real match


class CapturingBot(ExternalBot):
    """Keeps every message sent to the program."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.sent: list[dict[str, Any]] = []
        super().__init__(*args, **kwargs)

    def _send(self, message: dict[str, Any], check: bool = True) -> None:
        self.sent.append(json.loads(json.dumps(message)))
        super()._send(message, check)


def _hide(state: State, seat: int, rng: random.Random) -> State:
    """The same state with every card ``seat`` cannot see dealt again at random.

    The other seats keep the cards everyone saw them take (``known``); the rest of their hands
    and the stock are shuffled together and dealt back in the same sizes.
    """
    rnd = state.round
    assert rnd is not None
    pool: list[Card] = list(rnd.stock)
    kept: dict[int, list[Card]] = {}
    for other, hand in enumerate(rnd.hands):
        if other == seat:
            continue
        rest = list(hand)
        known = list(rnd.known[other]) if rnd.known else []
        for card in known:
            rest.remove(card)
        kept[other] = known
        pool.extend(rest)
    rng.shuffle(pool)
    hands = list(rnd.hands)
    for other, known in kept.items():
        size = len(rnd.hands[other]) - len(known)
        hands[other] = tuple(known + pool[:size])
        pool = pool[size:]
    new_round = dataclasses.replace(rnd, hands=tuple(hands), stock=tuple(pool))
    return state.replace(round=new_round)


@pytest.mark.parametrize("players", [2, 3])
def test_match_against_random_hides_other_hands(players: int) -> None:
    game = Game.create("levant", {"rounds": 1}, players=players)
    seat = 1
    bot = CapturingBot([sys.executable, str(EXAMPLE)], seed="t-1")
    bots = [make_bot("random", s) for s in range(players)]
    bots[seat] = bot
    rng = random.Random(0)
    checked = [0]
    changed = [0]  # messages whose hidden cards the check did deal differently

    def check(before: State, action: Action, after: State) -> None:
        rnd = before.round
        assert rnd is not None
        for message in bot.sent[checked[0] :]:
            if "view" not in message:
                continue
            sent_view = message["view"]
            assert sent_view == json.loads(json.dumps(before.view(seat).to_json()))
            assert sent_view["hand"] == [str(c) for c in rnd.hands[seat]]
            # nothing in the message depends on the cards the seat cannot see
            hidden = _hide(before, seat, rng)
            assert json.loads(json.dumps(hidden.view(seat).to_json())) == sent_view
            assert hidden.round is not None
            changed[0] += hidden.round.hands != rnd.hands
            text = json.dumps(message)
            for other, hand in enumerate(rnd.hands):
                if other != seat and len(hand) > 2:
                    assert json.dumps([str(c) for c in hand]) not in text
        checked[0] = len(bot.sent)

    try:
        state = play_match(game, bots, "ext-1", on_action=check)
        bot.match_over(summary(state))
    finally:
        bot.close()
    assert state.is_over
    assert changed[0] > 10
    assert bot.bot_name == "example-random"
    assert bot.process.returncode == 0  # it read quit and left
    kinds = [m["type"] for m in bot.sent]
    assert kinds[0] == "hello" and kinds[-2:] == ["result", "quit"]
    assert "act" in kinds
    hello = bot.sent[0]
    assert hello["protocol"] == "hand-bot/1" and hello["seat"] == seat and hello["seed"] == "t-1"
    assert hello["game"]["players"] == players and hello["game"]["options"]["rounds"] == 1
    final = bot.sent[-2]
    assert final["final"] is True and final["winner"] == state.winner
    answer = replay(to_record(state))
    assert answer["error"] is None and answer["finished"] and answer["winner"] == state.winner


def test_example_bot_is_reproducible() -> None:
    game = Game.create("levant", {"rounds": 1}, players=2)
    records = []
    for _ in range(2):
        bots = [make_bot(_spec(str(EXAMPLE)), "s"), make_bot("random", "r")]
        try:
            records.append(to_record(play_match(game, bots, "same")))
        finally:
            for b in bots:
                b.close()
    assert records[0] == records[1]


# ------------------------------------------------------------------------------ misbehaving


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("garbage", "answered act with a line that is not JSON: 'hello there'"),
        ("illegal", r"chose an illegal action \{\"seat\":0,\"draw\":\"stock\"\}"),
        ("malformed", "answered act with a malformed action"),
        ("index", "index 999, out of range"),
        ("no-ready", "answered hello with a message of type 'action'; expected 'ready'"),
        ("exit-at-hello", r"exited before answering hello \(exit code 0\)"),
        ("exit", r"exited before answering act \(exit code 3\).*boom: out of ideas"),
        ("timeout", r"did not answer act within 0.5 s"),
    ],
)
def test_misbehaving_bot(bad_bot: Path, mode: str, message: str) -> None:
    state = _dealt()
    seat = state.current_seat
    assert seat is not None
    bot = make_bot(_spec(str(bad_bot), mode, options="timeout=0.5:start_timeout=5:"))
    assert isinstance(bot, ExternalBot)
    try:
        with pytest.raises(BotError, match=message) as info:
            bot.choose(state.view(seat))
        assert str(info.value).startswith("external bot '")
        assert f"at seat {seat}" in str(info.value)
        assert bot.process.poll() is not None  # the program was ended
        with pytest.raises(BotError, match="closed"):
            bot.choose(state.view(seat))
    finally:
        bot.close()


def test_info_lines_and_seatless_actions(bad_bot: Path) -> None:
    state = _dealt()
    seat = state.current_seat
    assert seat is not None
    view = state.view(seat)
    bot = make_bot(_spec(str(bad_bot), "info"))
    try:
        assert bot.choose(view) == view.legal_actions[0]
        assert bot.choose(view) == view.legal_actions[0]
    finally:
        bot.close()


def test_log_option(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    state = _dealt()
    seat = state.current_seat
    assert seat is not None
    bot = make_bot(_spec(str(EXAMPLE), options=f"log={log}:"))
    try:
        assert bot.choose(state.view(seat)) in state.legal_actions()
    finally:
        bot.close()
    lines = log.read_text(encoding="utf-8").splitlines()
    directions = [line.split(" ", 2)[1] for line in lines]
    assert directions == [">", "<", ">", "<", ">"]  # hello, ready, act, action, quit


def test_simulate_with_external_bot(tmp_path: Path) -> None:
    from handgame.play.simulate import SimulationConfig, simulate

    config = SimulationConfig(
        bots=(_spec(str(EXAMPLE)), "random"), games=1, seed="x", options={"rounds": 1}
    )
    result = simulate(config)
    assert result.games == 1 and sum(b.wins for b in result.bots) == 1


def test_simulate_reports_a_failing_external_bot(bad_bot: Path) -> None:
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from handgame.cli.commands import main

    spec = _spec(str(bad_bot), "garbage")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["simulate", "--bot", spec, "--bot", "random", "--games", "2", "--seed", "9",
                     "--rounds", "1", "--quiet"])  # fmt: skip
    assert code == 1 and out.getvalue() == ""
    message = err.getvalue()
    assert message.startswith(f"hand: error: bot {spec} (seat ")
    assert "not JSON: 'hello there'" in message and "seed '9-1'" in message


def test_doc_quotes_the_example() -> None:
    doc = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    assert f"```python\n{EXAMPLE.read_text(encoding='utf-8')}```" in doc
    assert "import handgame" not in EXAMPLE.read_text(encoding="utf-8")
