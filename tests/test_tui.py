"""``hand play``'s Textual app, driven headless with Textual's pilot (and its session alone)."""

from __future__ import annotations

import asyncio
import io
import json
import os
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from handgame import locale
from handgame.cli.commands import build_parser, main, play_session
from handgame.core.cards import Card, parse_cards, standard_deck
from handgame.core.errors import IllegalAction, MeldError
from handgame.core.registry import find_game
from handgame.games.hand.actions import Discard, Draw, LayOff
from handgame.games.hand.deal import Deal
from handgame.games.hand.record import replay
from handgame.games.hand.state import Game, State
from handgame.tui.frames import replay_frames
from handgame.tui.games.hand.commands import meld_problem
from handgame.tui.i18n import rule_text
from handgame.tui.play_app import PlayApp, play_app
from handgame.tui.registry import table_for
from handgame.tui.replay_app import ReplayApp
from handgame.tui.screens import ChoiceScreen, CoverScreen, InfoScreen
from handgame.tui.session import Session, resume

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
HAND = find_game("hand")


def hand_session(
    game: Game, seats: list[str], seed: str, record: Path | None = None, state: Any = None
) -> Session:
    """A terminal session of Hand."""
    return Session(HAND, game, seats, seed, record, state)


def hand_app(session: Session, lang: str = "en", bot_delay: float = 0.3) -> PlayApp:
    """The full-screen game of ``session``."""
    return play_app(session, lang, bot_delay)


def meld_line(app: Any, meld: int) -> int:
    """The line of the table where ``meld`` is drawn."""
    return next(y for y, spots in app.meld_spots.items() if any(m == meld for *_, m in spots))

# ------------------------------------------------------------------------------ helpers


def screen_text(app: Any) -> str:
    """The screen as plain text (no colour), as a terminal of the app's size shows it."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        color_system=None,
        legacy_windows=False,
    )
    console.print(app.screen._compositor.render_update(full=True))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def run_app(app: Any, script: Callable[[Any], Awaitable[None]], size: tuple[int, int]) -> None:
    """Run ``app`` headless at ``size`` and play ``script(pilot)`` in it."""

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(go())


async def settle(pilot: Any) -> None:
    """Wait until the bots have played and the screen is drawn."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def select(pilot: Any, *texts: str) -> None:
    """Select cards of the hand by clicking them (each text once)."""
    app = pilot.app
    taken: list[int] = []
    for text in texts:
        card = Card.parse(text)
        index = next(
            i for i, c in enumerate(app.hand_cards) if c == card and i not in taken
        )
        taken.append(index)
        await pilot.click("#hand", offset=(1 + index * 4, 1))
    assert sorted(app.selected) == sorted(taken)


def scripted_state() -> State:
    """A levant deal for 2 (seat 0 starts) where seat 0 can meld, add, swap, then go out.

    Indicator 7♣: both A♣ are wild. Seat 1 holds cards that make no meld.
    """
    game = Game.create("levant", {"rounds": 1}, 2, False, ["you", "bot:greedy"])
    mine = parse_cards(
        "KS KH KD 9S TS JS QS 5D 6D AC 7D 2D 4H 4S 4C".split()
    )
    theirs = parse_cards("2S 5S 8S 3H 6H 9H 4D 7D TD 3C 6C 9C 2H 8H".split())
    top = parse_cards("5H 8C JC 5C".split())
    indicator = Card.parse("7C")
    rest = Counter(standard_deck(2, 2))
    rest.subtract([*mine, *theirs, *top, indicator])
    stock = (*top, *sorted(rest.elements()))
    state = game.new_match(1).apply_deal(Deal((mine, theirs), stock, indicator))
    return state


# ------------------------------------------------------------------------------ the round


def test_scripted_round_against_a_bot(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    session = hand_session(
        scripted_state().game, ["human", "greedy"], "s", record, scripted_state()
    )
    app = hand_app(session, bot_delay=0)
    seen: dict[str, str] = {}

    async def script(pilot: Any) -> None:
        # turn 1: seat 0 opens the round with a discard (L-60)
        assert session.waiting().kind == "human"
        await select(pilot, "2D")
        await pilot.press("x")
        await settle(pilot)
        assert any("bot:greedy" in line for line in session.log_lines()), session.log_lines()
        # turn 2: draw, then lay an opening of three melds
        await pilot.press("d")
        await settle(pilot)
        assert len(app.hand_cards) == 15
        await select(pilot, "KS", "KH", "KD")
        await pilot.press("m")
        await select(pilot, "9S", "TS", "JS")
        await pilot.press("m")
        await select(pilot, "5D", "6D", "AC")
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # A♣ as 4♦ or as 7♦
        await pilot.press("1")
        await pilot.pause()
        assert len(session.staged) == 3 and session.state.round is not None
        seen["table"] = screen_text(app)
        # add Q♠ to the run 9♠ T♠ J♠ (meld 2, index 1), picking the meld with a click
        line = meld_line(app, 1)
        await pilot.click("#table", offset=(6, line))
        assert app.target == 1
        await select(pilot, "QS")
        await pilot.press("a")
        assert "✗" not in app.message.plain, app.message.plain
        # swap: 7♦ takes the wild A♣ out of 5♦ 6♦ A♣ (meld 2), picked with the keyboard
        await pilot.press("down")
        assert app.target == 2
        await select(pilot, "7D")
        await pilot.press("w")
        assert "✗" not in app.message.plain, app.message.plain
        assert Card.parse("AC") in app.hand_cards
        # take the swap back, and do it again
        await pilot.press("u")
        assert Card.parse("AC") not in app.hand_cards and len(session.staged) == 4
        await select(pilot, "7D")
        await pilot.press("w")
        assert len(session.staged) == 5
        await select(pilot, "8C")
        await pilot.press("x")
        await settle(pilot)
        assert not session.staged
        # turn 3: draw, lay 4♠ 4♥ 4♣ A♣ and discard the last card: out
        await pilot.press("d")
        await settle(pilot)
        await select(pilot, "4S", "4H", "4C", "AC")
        await pilot.press("m")
        await pilot.pause()
        last = app.hand_cards[0]
        await select(pilot, str(last))
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, InfoScreen)
        seen["summary"] = screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, InfoScreen)
        seen["over"] = screen_text(app)
        await pilot.press("enter")
        await pilot.pause()

    run_app(app, script, (100, 30))
    assert "[2] 9♠ T♠ J♠" in seen["table"] and "A♣*=7♦" in seen["table"]
    assert "you went out: partial hand" in seen["summary"]
    assert "-30" in seen["summary"] and "Match" in seen["summary"]
    assert "Match over" in seen["over"] and "Winner: you" in seen["over"]
    saved = json.loads(record.read_text(encoding="utf-8"))
    answer = replay(saved)
    assert answer["error"] is None and answer["finished"] and answer["winner"] == 0
    actions = [a for r in saved["rounds"] for a in r["actions"] if a["seat"] == 0]
    verbs = [next(k for k in a if k != "seat") for a in actions]
    assert verbs == [
        "discard", "draw", "meld", "meld", "meld", "add", "swap", "discard", "draw", "meld",
        "discard",
    ]
    assert saved["play"] == {"seed": "s", "seats": ["human", "greedy"]}


# ------------------------------------------------------------------------------ hints, rules


def test_hints_and_illegal_actions() -> None:
    state = scripted_state()
    session = hand_session(state.game, ["human", "greedy"], "s", None, state)
    app = hand_app(session, bot_delay=0)
    said: list[str] = []

    async def script(pilot: Any) -> None:
        await pilot.press("question_mark")
        said.append(app.message.plain)  # first discard
        await pilot.press("d")  # not now: the round starts with a discard
        said.append(app.message.plain)

    run_app(app, script, (80, 24))
    # seat 1 discarded 8♥, which makes no meld with seat 0's cards
    state = scripted_state()
    for action in (Discard(0, Card.parse("2D")), Draw(1, "stock"), Discard(1, Card.parse("8H"))):
        state = state.apply(action)
    session = hand_session(state.game, ["human", "greedy"], "s", None, state)
    app = hand_app(session, bot_delay=0)

    async def script2(pilot: Any) -> None:
        await pilot.press("question_mark")
        said.append(app.message.plain)  # draw
        await pilot.press("t")  # the discard makes no meld: L-62
        said.append(app.message.plain)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("question_mark")
        said.append(app.message.plain)  # open
        await select(pilot, "KS", "KH", "9S")
        await pilot.press("m")
        said.append(app.message.plain)
        await pilot.press("c")
        await select(pilot, "9S", "TS", "JS")
        await pilot.press("m")
        assert app.message.plain.startswith("you laid"), app.message.plain
        await select(pilot, "KS")
        await pilot.press("x")  # an opening of 29 only: L-63
        said.append(app.message.plain)
        await pilot.press("u")
        said.append(app.message.plain)
        assert not session.staged

    run_app(app, script2, (80, 24))
    assert said[0].startswith("Hint: Discard "), said[0]
    assert said[1].startswith("✗ the first player starts the round with a discard"), said[1]
    assert said[1].endswith("(L-60)"), said[1]
    assert said[2].startswith("Hint: Draw from the stock"), said[2]
    assert said[3].startswith("✗ ") and "L-62" in said[3], said[3]
    assert said[4].startswith("Hint: You can go out this turn: lay "), said[4]
    assert "then discard 8♣." in said[4]
    assert said[5].startswith("✗ ") and "L-1" in said[5], said[5]
    # the refusal from its data: the rule's sentence, the cards, the rule ids (L-63...)
    assert said[6].startswith("✗ your first meld of the round must reach the opening"), said[6]
    assert said[6].endswith("(L-63)"), said[6]  # levant's rule only, not gulf's or F-6's
    assert said[7] == "taken back"


def test_hint_best_opening_and_discard() -> None:
    game = Game.create("levant", {"rounds": 1}, 2, False, ["you", "bot:greedy"])
    session = hand_session(game, ["human", "greedy"], "1")
    while session.waiting().kind != "human":
        if session.waiting().kind == "deal":
            session.deal()
        else:
            session.play_step(session.bot_step())
    session.act(Draw(0, "stock"))
    hint = session.hint(0)  # phrases: a kind and its cards and counts, never a sentence
    assert [h["kind"] for h in hint] == ["hint_open", "hint_then_discard"]
    assert hint[0]["value"] == 63 and hint[0]["minimum"] == 51
    said = [session.sayer("en").say(h) for h in hint]
    assert said[0].startswith("Open with K♠ K♥ K♣ + A♥ A♦ A♣: it counts 63, the minimum is 51")
    assert said[1].startswith("Then discard ")


def test_hint_uses_only_the_view() -> None:
    """The hint gives the same advice whatever the hidden cards are."""
    state = scripted_state()
    other = scripted_state()
    rnd = other.round
    assert rnd is not None
    # shuffle the stock and swap it with the bot's hand: nothing the human sees changes
    cards = list(rnd.hands[1] + rnd.stock)
    cards.reverse()
    hidden = other.replace(
        round=rnd.__class__(**{**rnd.__dict__, "hands": (rnd.hands[0], tuple(sorted(cards[:14]))),
                               "stock": tuple(cards[14:])})
    )
    a = hand_session(state.game, ["human", "greedy"], "s", None, state).hint(0)
    b = hand_session(hidden.game, ["human", "greedy"], "s", None, hidden).hint(0)
    assert a == b and a[0]["kind"] == "hint_discard"


# ------------------------------------------------------------------------------ resume


def test_quit_and_resume(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    state = scripted_state()
    session = hand_session(state.game, ["human", "greedy"], "s", record, state)
    app = hand_app(session, bot_delay=0)

    async def first(pilot: Any) -> None:
        await select(pilot, "2D")
        await pilot.press("x")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        await select(pilot, "KS", "KH", "KD")
        await pilot.press("m")  # staged, not saved
        await pilot.press("q")

    run_app(app, first, (80, 24))
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert [next(k for k in a if k != "seat") for a in saved["rounds"][0]["actions"]] == [
        "discard", "draw", "discard", "draw",
    ]
    resumed = resume(record)
    assert resumed.seats == ["human", "greedy"] and resumed.seed == "s"
    assert resumed.state.round is not None and session.staged
    assert resumed.state.round.hands == session.committed().round.hands  # type: ignore[attr-defined]
    app2 = hand_app(resumed, bot_delay=0)
    seen: list[str] = []

    async def second(pilot: Any) -> None:
        assert resumed.waiting().kind == "human"
        assert len(app2.hand_cards) == 15
        await select(pilot, "KS", "KH", "KD")
        await pilot.press("m")
        await select(pilot, "9S", "TS", "JS")
        await pilot.press("m")
        await select(pilot, "8C")
        await pilot.press("x")
        await settle(pilot)
        seen.append(screen_text(app2))
        await pilot.press("q")

    run_app(app2, second, (80, 24))
    answer = replay(json.loads(record.read_text(encoding="utf-8")))
    assert answer["error"] is None
    assert "you laid K♠ K♥ K♦" in "\n".join(resumed.log_lines())
    assert "opened" in seen[0]


def test_resume_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "g.json"
    args = build_parser().parse_args(
        ["play", "--seed", "4", "--opponents", "random", "--option", "rounds=1",
         "--record", str(record), "--names", "Rana,Omid"]
    )
    session = play_session(args)
    session.save()
    assert session.game.names == ("Rana", "Omid") and session.seats == ["human", "random"]
    again = play_session(build_parser().parse_args(["play", "--resume", str(record)]))
    assert again.seats == ["human", "random"] and again.seed == "4"
    # the same file again without --resume is refused, as are bad flags
    for argv, words in [
        (["play", "--record", str(record)], "exists already"),
        (["play", "--opponents", "nobot"], "unknown bot"),
        (["play", "--opponents", "greedy,greedy", "--players", "2"], "--opponents names 2"),
        (["play", "--names", "A,B,C"], "--names gives 3 names"),
        (["play", "--resume", str(tmp_path / "missing.json")], "cannot read the record"),
        (["play", "--lang", "de"], "invalid choice"),
        (["replay", str(record), "--show"], "has no deal to show"),
        (["replay", "-", "--show"], "needs a record file"),
    ]:
        terminal = argv[0] == "play"  # the full-screen game's checks (it is never started here)
        monkeypatch.setattr(
            "handgame.cli.common.is_terminal", lambda terminal=terminal: terminal
        )
        code = main(argv)
        _, err = capsys.readouterr()
        assert code == 2, (argv, err)
        assert words in err and err.count("\n") == 1 and "Traceback" not in err, err


# ------------------------------------------------------------------------------ languages


def test_rule_text_reads_the_rule_ids_of_the_error() -> None:
    """A refusal is said from the error's data: the sentence of its leading rule, the cards it
    is about, its rule ids; never from its words (issue 33)."""
    sentence = locale.word("ar", "rule_L-62")
    quiet = IllegalAction("the discard makes no meld here", rules=("L-62",))
    assert rule_text("ar", quiet) == f"{sentence} (L-62)"  # no English line (issue 14)
    led = IllegalAction("not now (L-61), and the discard makes no meld", rules=("L-62", "L-61"))
    assert rule_text("ar", led) == f"{sentence} (L-62, L-61)"
    carded = IllegalAction("whatever the words", rules=("L-62",), cards=("KH", "TD", "KH"))
    assert rule_text("ar", carded) == f"{sentence}: K♥ T♦ (L-62)"  # its cards, once
    english = locale.word("en", "rule_L-62")
    assert rule_text("en", led) == f"{english} (L-62, L-61)"
    assert rule_text("ar", IllegalAction("no rule here")) == "no rule here"
    state = scripted_state()
    state = state.apply(Discard(0, Card.parse("2D")))
    problem = meld_problem(state, parse_cards(["KS", "KH", "9S"]))
    assert isinstance(problem, MeldError) and problem.rules[:1] == ("L-11",)


def test_which_end_is_worded_as_the_action() -> None:
    """A wild card that fits either end of a run: the choice names the whole action."""
    state = scripted_state()
    for action in (Discard(0, Card.parse("2D")), Draw(1, "stock"), Discard(1, Card.parse("8H"))):
        state = state.apply(action)
    session = hand_session(state.game, ["human", "greedy"], "s", None, state)
    app = hand_app(session, bot_delay=0)
    seen: list[str] = []

    async def script(pilot: Any) -> None:
        await pilot.press("d")
        await settle(pilot)
        await select(pilot, "KS", "KH", "KD")
        await pilot.press("m")
        await select(pilot, "9S", "TS", "JS")
        await pilot.press("m")
        line = meld_line(app, 1)
        await pilot.click("#table", offset=(6, line))
        await select(pilot, "AC")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        seen.append(screen_text(app))
        await pilot.press("2")
        await pilot.pause()

    run_app(app, script, (100, 30))
    assert "1. add A♣ to meld 2 at the low end" in seen[0], seen[0]  # melds counted from 1
    assert "2. add A♣ to meld 2 at the high end" in seen[0], seen[0]
    assert session.staged[-1] == LayOff(0, Card.parse("AC"), 1, "high")


def test_arabic_and_persian_labels() -> None:
    for lang, words in [("ar", ["أوراقك", "آص سباتي", "الكومة", "أنت"]),
                        ("fa", ["دست شما", "آس گشنیز", "کپه", "شما"])]:
        state = scripted_state()
        session = hand_session(state.game, ["human", "greedy"], "s", None, state)
        app = hand_app(session, lang=lang, bot_delay=0)
        seen: list[str] = []

        async def script(pilot: Any, app: Any = app, seen: list[str] = seen) -> None:
            seen.append(screen_text(app))

        run_app(app, script, (100, 30))
        flat = " ".join(seen[0].split())  # a long header may wrap
        for word in words:
            assert word in flat, (lang, word, seen[0])


def test_rule_messages_and_hints_in_arabic_and_persian() -> None:
    """A refused move: the rule's sentence (handgame/locale/messages.json, as on the web), its
    id, then the engine's English message; a hint line: its kind's sentence, then the line."""
    said: dict[str, list[str]] = {}
    for lang in ("ar", "fa", "en"):
        # seat 1 discarded 8♥, which makes no meld with seat 0's cards
        state = scripted_state()
        for action in (
            Discard(0, Card.parse("2D")),
            Draw(1, "stock"),
            Discard(1, Card.parse("8H")),
        ):
            state = state.apply(action)
        session = hand_session(state.game, ["human", "greedy"], "s", None, state)
        app = hand_app(session, lang=lang, bot_delay=0)
        lines = said.setdefault(lang, [])

        async def script(pilot: Any, app: Any = app, lines: list[str] = lines) -> None:
            await pilot.press("t")  # the discard makes no meld: L-62
            lines.append(app.message.plain)
            await pilot.press("question_mark")
            lines.append(app.message.plain)

        run_app(app, script, (100, 30))
    english = said["en"][0].removeprefix("✗ ")
    assert "L-62" in english
    for lang in ("ar", "fa"):
        refused, hint = said[lang]
        rule = locale.word(lang, "rule_L-62")
        assert refused.startswith(f"✗ {rule}") and refused.endswith("(L-62, L-63, L-66)"), refused
        assert english not in refused and "8♥" in refused, refused  # the card, no English
        # the hint said whole in the language, the card named, no English line (issue 14)
        assert hint.startswith(f"{locale.word(lang, 'tui_hint')}: "), hint
        assert "8♥" in hint and "L-62" in hint and "Draw from" not in hint, hint
    assert said["en"][1].startswith("Hint: Draw from the stock"), said["en"][1]


# ------------------------------------------------------------------------------ hot-seat


def test_hot_seat_hides_the_hand() -> None:
    game = Game.create("levant", {"rounds": 1}, 2, False, ["Rana", "Omid"])
    session = hand_session(game, ["human", "human"], "h")
    app = hand_app(session, bot_delay=0)
    seen: list[str] = []

    async def script(pilot: Any) -> None:
        assert isinstance(app.screen, CoverScreen)
        seen.append(screen_text(app))
        await pilot.press("enter")
        await pilot.pause()
        seen.append(screen_text(app))
        await select(pilot, str(app.hand_cards[0]))
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, CoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        seen.append(screen_text(app))

    run_app(app, script, (80, 24))
    first = session.state.round
    assert first is not None
    assert "Pass the terminal to Omid" in seen[0] and "Your hand" not in seen[0]
    assert "Your hand (15)" in seen[1] and "Omid" in seen[1]
    assert "Your hand (14)" in seen[2] and "Rana" in seen[2]


# ------------------------------------------------------------------------------ replay


def test_replay_show_steps_through_a_game(tmp_path: Path) -> None:
    game = Game.create("levant", {"rounds": 1}, 2, False, ["bot:greedy", "bot:random"])
    from handgame.games.hand.record import to_record
    from handgame.play.driver import play_match
    from handgame.play.registry import make_bot

    final = play_match(game, [make_bot("greedy", 1), make_bot("random", 2)], "r")
    spec, frames, error = replay_frames(to_record(final))
    assert error is None and frames[-1][0].is_over
    app = ReplayApp(table_for(spec), frames, error)
    seen: list[str] = []

    async def script(pilot: Any) -> None:
        await pilot.press("n", "n", "n")
        seen.append(screen_text(app))
        await pilot.press("v")
        seen.append(screen_text(app))
        await pilot.press("end")
        seen.append(screen_text(app))

    run_app(app, script, (80, 24))
    assert f"step 4/{len(frames)}" in seen[0] and "drew from the stock" in seen[0]
    assert "bot:random" in seen[1]
    assert "Winner:" in seen[2]


# ------------------------------------------------------------------------------ snapshot


def test_main_screen_snapshot() -> None:
    game = Game.create("levant", {"rounds": 1}, 2, False, ["you", "bot:greedy"])
    session = hand_session(game, ["human", "greedy"], "snapshot")
    app = hand_app(session, bot_delay=0)
    seen: list[str] = []

    async def script(pilot: Any) -> None:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("right", "space", "right", "right", "space")
        await pilot.pause()
        seen.append(screen_text(app))

    run_app(app, script, (100, 30))
    path = SNAPSHOTS / "main_screen.txt"
    if os.environ.get("HAND_UPDATE_SNAPSHOTS"):  # only on request: a missing one fails
        path.parent.mkdir(exist_ok=True)
        path.write_text(seen[0] + "\n", encoding="utf-8")
    assert path.exists(), f"no snapshot {path}: make it with HAND_UPDATE_SNAPSHOTS=1"
    assert seen[0] + "\n" == path.read_text(encoding="utf-8")


def test_fits_80_by_24() -> None:
    game = Game.create("levant", {"rounds": 1}, 4, False, None)
    session = hand_session(game, ["human", "greedy", "greedy", "greedy"], "small")
    app = hand_app(session, bot_delay=0)
    seen: list[str] = []

    async def script(pilot: Any) -> None:
        seen.append(screen_text(app))

    run_app(app, script, (80, 24))
    lines = seen[0].splitlines()
    assert len(lines) == 24 and max(len(line) for line in lines) <= 80
    text = seen[0]
    for word in ("Stock", "Discard", "Your hand", "d draw", "q quit"):
        assert word in text, word


def test_redeal_offer_out_of_turn() -> None:
    """Seed 31 deals seat 0 four pairs while seat 1 starts: the game offers a redeal (L-52)."""
    game = Game.create("levant", {"rounds": 1}, 2, False, ["you", "bot:greedy"])
    session = hand_session(game, ["human", "greedy"], "31")
    app = hand_app(session, bot_delay=0)

    async def script(pilot: Any) -> None:
        assert isinstance(app.screen, ChoiceScreen)
        # the choice is worded by handgame.games.hand.text, like every action
        assert "1. show your pairs and claim a redeal (L-52)" in screen_text(app)
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, InfoScreen)  # the round summary: no score
        assert "no score: a redeal (L-52)" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)

    run_app(app, script, (80, 24))
    assert session.state.results[0].reason == "redeal"
    assert len(session.state.log) == 1 and session.state.round is not None
    assert any("claimed a redeal" in line for line in session.log_lines())


def test_the_same_bot_twice_is_named_by_its_seat(tmp_path: Path) -> None:
    """``hand play --players 3``: the two bots of the game's default level are "bot:hard 2" and
    "bot:hard 3" (not "bot:hard #1" and "bot:hard"); in Arabic, by the bot's name (issue 14;
    the default is the game's level ``hard``, Hand's ``greedy``, issue 34)."""
    args = build_parser().parse_args(
        ["play", "--players", "3", "--seed", "1", "--record", str(tmp_path / "g.json")]
    )
    session = play_session(args)
    assert session.game.names == ("you", "bot:hard 2", "bot:hard 3")
    from handgame.tui.i18n import player_name

    assert [player_name("ar", n) for n in session.game.names] == ["أنت", "صعب ٢", "صعب ٣"]


def test_which_meld_shows_cards_not_codes() -> None:
    """The "Which meld?" dialog's choices: suit symbols, each wild with what it stands for."""
    from handgame.core.cards import Card, parse_cards
    from handgame.games.hand.melds import analyze
    from handgame.games.hand.rules import make_ruleset
    from handgame.games.hand.wilds import wilds_for
    from handgame.tui.games.hand.commands import meld_words

    rules = make_ruleset("levant", {})
    wilds = wilds_for(rules, Card.parse("7C"))  # the aces of clubs are wild
    assert meld_words(analyze(parse_cards(["7D", "AC", "9D"]), wilds, rules)) == "7♦ A♣=8♦ 9♦"
    assert meld_words(analyze(parse_cards(["5D", "5S", "AC"]), wilds, rules)) == "5♦ 5♠ A♣=5♥/♣"
