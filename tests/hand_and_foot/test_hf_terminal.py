"""``hand play --rules hand-and-foot`` in the terminal: the plain game through stdin and stdout
(a whole match of one round), its typed actions refused with HF rule ids, and the full-screen
table driven with Textual's pilot (both teams, feet, red threes, the blocked pile, the minimum,
the partner's question as a dialog, HF-10), in English and Arabic."""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hf_helpers import draw, meld, play, start
from rich.console import Console

from handgame import locale
from handgame.cli.commands import build_parser, play_session
from handgame.cli.textplay import TextGame
from handgame.core.cards import parse_cards
from handgame.core.errors import IllegalAction
from handgame.core.record import replay
from handgame.core.registry import find_game
from handgame.games.hand_and_foot import hints as hf_hints
from handgame.games.hand_and_foot.actions import parse_action
from handgame.games.hand_and_foot.state import Game
from handgame.games.hand_and_foot.view import MeldView
from handgame.tui.frames import replay_frames
from handgame.tui.games.hand_and_foot import table as hf_render
from handgame.tui.games.hand_and_foot.parts import typed_action
from handgame.tui.i18n import rule_text, said
from handgame.tui.play_app import PlayApp, play_app
from handgame.tui.registry import table_for
from handgame.tui.replay_app import ReplayApp
from handgame.tui.screens import ChoiceScreen, InfoScreen
from handgame.tui.session import Session, read_json, resume

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["you", "bot 1", "bot 2", "bot 3"]
HF = find_game("hand-and-foot")


def hf_session(
    game: Game, seats: list[str], seed: str, record: Path | None = None, state: Any = None
) -> Session:
    """A terminal session of Hand and Foot."""
    return Session(HF, game, seats, seed, record, state)


def hf_app(session: Session, lang: str = "en", bot_delay: float = 0.3) -> PlayApp:
    """The full-screen game of ``session``."""
    return play_app(session, lang, bot_delay)


def _game(rounds: int = 1) -> Game:
    return Game.create("hand-and-foot", {"rounds": rounds}, 4, True, NAMES)


def test_plain_game_plays_a_match_through_stdin_and_stdout(tmp_path: Path) -> None:
    """A person who always types 1 plays a whole one-round match against random bots."""
    record = tmp_path / "hf.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), PYTHONIOENCODING="utf-8")
    argv = [sys.executable, "-m", "handgame", "play", "--plain", "--rules", "hand-and-foot"]
    argv += ["--seed", "12", "--option", "rounds=1", "--record", str(record)]
    done = subprocess.run(
        argv, input="1\n" * 4000, capture_output=True, text=True, env=env, timeout=600
    )
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "Hand and Foot · hand-and-foot · 4 players · seed 12" in out
    # the table: the minimum, both teams, every seat's count and foot, the pile
    assert "Round 1/1 · Minimum 50 · Stock" in out
    assert "Team 1 · books: 0 clean, 0 dirty · not opened" in out
    assert "Team 2 · books:" in out
    assert "bot:random · 11 cards · foot down" in out
    assert "Discard: " in out and "your hand (11): " in out
    # the partner's question comes to the person (HF-10), who answers yes (option 1)
    assert "bot:random: may I go out? (HF-10)" in out
    assert "human answered yes" in out
    assert "=== match over" in out and "winner: " in out
    assert "Round summary — round 1" in out
    # the record is the match played, and replays to its end
    answer = replay(json.loads(record.read_text(encoding="utf-8")))
    assert answer["error"] is None and answer["finished"] is True
    assert len(answer["rounds"]) == 1


def test_typed_actions_and_refusals_with_rule_ids() -> None:
    assert typed_action("meld KS KH KD | 5S 5H 2C", 1) == {
        "seat": 1,
        "meld": [["KS", "KH", "KD"], ["5S", "5H", "2C"]],
    }
    assert typed_action("add 2C X to 3", 0) == {"seat": 0, "add": ["2C", "X"], "to": 3}
    assert typed_action("answer no", 2) == {"seat": 2, "answer": False}
    lines: list[str] = []
    script = iter(["meld 5S 5D 5C", "discard 5S", "dance", "1", "1", "q"])
    session = hf_session(_game(), ["human", "random", "random", "random"], "5")
    assert TextGame(session, lambda _: next(script), lines.append).run() == 0
    said = "\n".join(lines)
    # seed 5: bot 2 asks first, so seat 0 answers before anything else (HF-10)
    # the refusal from its data: the rule's sentence, the action's cards, the rule's id
    assert f"✗ {locale.word('en', 'rule_HF-10')}: 5♠ 5♦ 5♣ (HF-10)" in said
    assert "✗ unknown action 'dance'" in said
    assert "you answered yes" in said
    assert "✗ a turn begins" not in said
    assert said.endswith("quit.")


def screen_text(app: Any) -> str:
    """The screen as plain text, as a terminal of the app's size shows it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(app.screen._compositor.render_update(full=True))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


async def _settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def play_until_question(pilot: Any, app: PlayApp, turns: int = 40) -> bool:
    """Draw and discard the first card each turn until the partner's question comes."""
    for _ in range(turns):
        if isinstance(app.screen, ChoiceScreen):
            return True
        if isinstance(app.screen, InfoScreen):
            await pilot.press("enter")
        else:
            await pilot.press("d")
            await _settle(pilot)
            await pilot.press("x")
        await _settle(pilot)
    return isinstance(app.screen, ChoiceScreen)


def test_tui_shows_the_table_and_asks_the_partner(tmp_path: Path) -> None:
    record = tmp_path / "hf.json"
    session = hf_session(_game(), ["human", "random", "random", "random"], "5", record)
    app = hf_app(session, bot_delay=0)

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await _settle(pilot)
            # seed 5: bot 2 asks "may I go out?" before seat 0's first turn
            assert isinstance(app.screen, ChoiceScreen)
            text = screen_text(app)
            assert "bot 2: may I go out? (HF-10)" in text
            assert "1. yes" in text and "2. no" in text and "play on" not in text
            await pilot.press("escape")  # the answer is required: the question stays
            await _settle(pilot)
            assert isinstance(app.screen, ChoiceScreen)
            await pilot.press("2")
            await _settle(pilot)
            assert any(line == "you answered no" for line in session.log_lines())
            text = screen_text(app)
            for part in ("Hand and Foot · Round 1/1 · Minimum 50", "Team 1 · books: 0 clean",
                         "Team 2 · books:", "bot 1 · 12 cards · foot down · red threes 3♦",
                         "▶ you · 11 cards", "Your hand (11)", "g ask partner"):
                assert part in text, part
            # a refusal names its rule: a turn starts with a draw (HF-6)
            await pilot.press("x")
            await _settle(pilot)
            assert "✗ " in screen_text(app) and "(HF-6)" in screen_text(app)
            await pilot.press("d")
            await _settle(pilot)
            assert len(app.hand_cards) == 13
            # three odd cards make no meld (HF-4)
            for i in (0, 5, 10):
                await pilot.click("#hand", offset=(1 + i * 4, 1))
            await pilot.press("m")
            await _settle(pilot)
            assert "HF-4" in screen_text(app) or "HF-8" in screen_text(app)
            await pilot.press("c", "x")
            await _settle(pilot)
            await play_until_question(pilot, app, 6)
            await pilot.press("q")

    asyncio.run(go())
    saved = read_json(record)
    assert saved["play"]["seats"][0] == "human"
    again = resume(record)
    assert again.state.view(0).to_json() == session.state.view(0).to_json()


def test_tui_in_arabic() -> None:
    session = hf_session(_game(), ["human", "random", "random", "random"], "5")
    app = hf_app(session, "ar", bot_delay=0)

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await _settle(pilot)
            text = screen_text(app)
            assert "هل أخلّص؟" in text and "نعم" in text
            await pilot.press("1")
            await _settle(pilot)
            text = screen_text(app)
            for word in ("اليد والقدم", "الحد الأدنى", "الفريق", "القدم تنتظر", "الثلاثات الحمراء"):
                assert word in text, word
            await pilot.press("d")
            await _settle(pilot)
            await pilot.press("x")  # discard the cursor's card: the turn ends
            await _settle(pilot)
            assert any(line.startswith("you discarded") for line in session.log_lines())
            await pilot.press("q")

    asyncio.run(go())


def test_the_table_shows_feet_red_threes_books_and_the_blocked_pile() -> None:
    """The drawing of a view: a foot picked up (HF-9), red threes (HF-3), a book (HF-5), the
    pile blocked by a black three (HF-3) and the round's minimum (HF-8)."""
    hands = ["3H 3D KS KH KD KC QS QH QD JS JH", "3H AS AH 9S 9H 8S 8H 7S 7H 6S 6H"]
    feet = ["3H 3D AS AH AD 6S 6H 6D 7S 7H 7D", "5S 5H 5D 5C 6C 6D 7C 7D 8C 8D 9C"]
    stock = "3H JD 9S 7C 3D 9H 9D 4S 4H 5C 5D"
    s = start(hands, feet, "TC", stock, {"players": 2, "decks": 4}, dealer=1)
    s = play(s, draw(0), meld(0, "KS KH KD KC", "QS QH QD", "JS JH JD", "9S 9H 9D"))
    view = s.view(1)
    seat0 = hf_render.seat_line(view, 0, "en").plain
    assert "seat 0 · 11 cards · in foot · red threes 3♥ 3♦ 3♥ 3♦ 3♥ 3♦" in seat0
    assert "foot down" in hf_render.seat_line(view, 1, "en").plain
    table, spots = hf_render.table_text(view, 0, "en")
    assert "Team 1 · books: 0 clean, 0 dirty · opened" in table.plain
    assert "  >[1] K♠ K♥ K♦ K♣  4/7" in table.plain  # melds numbered from 1
    assert [m for line in sorted(spots) for _, _, m in spots[line]] == [0, 1, 2, 3]
    assert len(spots) == 4  # one a line; packed into 80 columns, two lines
    packed, spots = hf_render.table_text(view, 0, "en", 80)
    assert len(spots) == 2 and max(len(line) for line in packed.plain.splitlines()) <= 80
    line = min(spots)
    a, b, meld_index = spots[line][0]
    assert meld_index == 0 and packed.plain.splitlines()[line][a:b] == ">[1] K♠ K♥ K♦ K♣  4/7"
    header = hf_render.header_text(view, "en").plain
    assert "Minimum 50" in header and "blocked" not in header
    seven = tuple(parse_cards("KS KH KD KC KS KH KD".split()))
    dirty = tuple(parse_cards("KS KH KD KC 2C X KD".split()))
    booked = replace(
        view, melds=(MeldView(0, 0, "K", seven, "clean"), MeldView(1, 0, "K", dirty, "dirty"))
    )
    assert "[1] K♠ K♥ K♦ K♣ K♠ K♥ K♦  clean book" in hf_render.meld_line(
        booked, 0, None, "en"
    ).plain
    assert "2♣* X* K♦  dirty book" in hf_render.meld_line(booked, 1, None, "en").plain
    assert "كتاب مخلوط" in hf_render.meld_line(booked, 1, None, "ar").plain
    blocked = start(hands, feet, "3S", stock, {"players": 2, "decks": 4}, dealer=1)
    header = hf_render.header_text(blocked.view(0), "en").plain
    assert "Discard: 3♠ (1) blocked" in header
    assert "blocked (HF-3)" in hf_render.pile_text(blocked.view(0), "en").plain


def test_hand_play_makes_and_resumes_a_hand_and_foot_session(tmp_path: Path) -> None:
    record = tmp_path / "hf.json"
    argv = ["play", "--rules", "hand-and-foot", "--seed", "3", "--record", str(record)]
    session = play_session(build_parser().parse_args(argv))
    assert isinstance(session, Session)
    # 4 seats (HF-1); the default opponents are the game's own default level, its hard (its
    # planner, not Hand's greedy: issue 34)
    assert session.seats == ["human", "hard", "hard", "hard"]
    assert find_game("hand-and-foot").levels()["hard"].startswith("planner")
    session.deal()
    again = play_session(build_parser().parse_args(["play", "--resume", str(record)]))
    assert isinstance(again, Session) and again.seed == "3"
    assert again.state.view(0).to_json() == session.state.view(0).to_json()
    fa = hf_render.header_text(again.state.view(0), "fa").plain
    assert "دست و پا" in fa and "کمینه 50" in fa


def test_tui_fits_80_by_24_and_a_click_targets_a_meld() -> None:
    """Seat 0's four melds (and its foot picked up, HF-9) beside the other team at 80×24; a
    click on a meld makes it the target, ↑ ↓ move the target through the team's melds."""
    hands = ["3H 3D KS KH KD KC QS QH QD JS JH", "3H AS AH 9S 9H 8S 8H 7S 7H 6S 6H"]
    feet = ["3H 3D AS AH AD 6S 6H 6D 7S 7H 7D", "5S 5H 5D 5C 6C 6D 7C 7D 8C 8D 9C"]
    stock = "3H JD 9S 7C 3D 9H 9D 4S 4H 5C 5D"
    state = start(hands, feet, "TC", stock, {"players": 2, "decks": 4}, dealer=1)
    state = play(state, draw(0), meld(0, "KS KH KD KC", "QS QH QD", "JS JH JD", "9S 9H 9D"))
    session = hf_session(state.game, ["human", "random"], "t", None, state)
    app = hf_app(session, bot_delay=0)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _settle(pilot)
            text = screen_text(app)
            assert "Team 1 · books: 0 clean, 0 dirty · opened" in text
            assert "seat 0 · 11 cards · in foot · red threes" in text
            assert "Team 2 · books: 0 clean, 0 dirty · not opened" in text
            assert ">[4] 9♠ 9♥ 9♦  3/7" in text  # the last meld is the target (from 1)
            assert app.meld_order() == [0, 1, 2, 3]
            line, spots = next((y, s) for y, s in sorted(app.meld_spots.items()))
            a, _, first = spots[0]
            await pilot.click("#table", offset=(a + 2, line))
            await pilot.pause()
            assert app.target == first == 0
            await pilot.press("down")
            assert app.target == 1
            await pilot.press("up", "up")
            assert app.target == 3
            await pilot.press("q")

    asyncio.run(go())


def test_replay_show_steps_through_a_hand_and_foot_record(tmp_path: Path) -> None:
    record = tmp_path / "hf.json"
    seats = ["human", "random", "random", "random"]
    session = Session(HF, _game(), seats, "5", record, stage=False)  # as the plain game plays
    lines: list[str] = []
    script = iter(["1"] * 30 + ["q"])
    TextGame(session, lambda _: next(script), lines.append).run()
    spec, frames, error = replay_frames(read_json(record))
    assert error is None and frames[0][1] is None
    assert frames[-1][0].view(0).to_json() == session.state.view(0).to_json()
    app = ReplayApp(table_for(spec), frames, error)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "Replay: step 1/" in screen_text(app)
            assert "Team 1 · books" in screen_text(app)
            await pilot.press("end")
            assert app.index == len(frames) - 1
            await pilot.press("v")
            title = next(x for x in screen_text(app).splitlines() if "Your hand" in x)
            assert app.seat == 1 and title.endswith("· bot 1")
            await pilot.press("q")

    asyncio.run(go())


def test_the_search_bot_plays_hand_and_foot_in_the_terminal(tmp_path: Path) -> None:
    """``--opponents ismcts,...``: the search bot plays Hand and Foot's seats to the match's end."""
    record = tmp_path / "hf.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), PYTHONIOENCODING="utf-8")
    argv = [sys.executable, "-m", "handgame", "play", "--plain", "--rules", "hand-and-foot"]
    argv += ["--opponents", "ismcts:iterations=2,greedy,ismcts:iterations=2"]
    argv += ["--seed", "5", "--option", "rounds=1", "--record", str(record)]
    done = subprocess.run(
        argv, input="1\n" * 4000, capture_output=True, text=True, env=env, timeout=900
    )
    assert done.returncode == 0, done.stderr
    assert "=== match over" in done.stdout
    answer = replay(json.loads(record.read_text(encoding="utf-8")))
    assert answer["error"] is None and answer["finished"] is True


def test_refusals_and_hints_in_arabic_and_persian() -> None:
    state = start(["KS KH KD QS QH QD JS JH 9S 9H 5D", "AS AH 9D 8S 8H 7S 7H 6S 6H 5S 5H"],
                  None, "4C", "", {"players": 2})
    with pytest.raises(IllegalAction) as refused:
        state.apply(parse_action({"seat": 0, "discard": "5D"}))
    error = refused.value
    assert error.rules == ("HF-6",)
    for lang in ("ar", "fa"):
        refused = rule_text(lang, error)
        assert refused.startswith(locale.word(lang, "rule_HF-6")), refused
        assert refused.endswith("(HF-6)") and str(error) not in refused, refused  # no English
        (line,) = hf_hints.hint(state.view(0))
        assert line == {"kind": "hint_hf_draw_no_pair", "ranks": 4}, line
        # said whole in the language (issue 14), its reason, rank and rule too: no English
        hint = said(lang, line)
        assert hint.startswith(locale.word(lang, "do_draw_two")) and hint.endswith("(HF-6)."), hint
        assert locale.word(lang, "ranks_4") in hint, hint
        assert not any(w in hint for w in ("Draw", "stock", "pile", "4s")), hint


def test_u_takes_back_a_meld_of_the_turn() -> None:
    """``u`` in the full-screen game takes back the turn's melds and adds until it ends, as in
    Hand (it did nothing: issue 36, B12); the other seats see nothing of a staged step."""
    session = hf_session(_game(), ["human", "random", "random", "random"], "7")
    assert any(key == "u" for key, _ in session.parts.keys_help)
    assert "u:undo" in session.parts.bindings
    for _ in range(400):  # play on (person: first legal action) until a meld is legal
        w = session.waiting()
        if w.kind == "deal":
            session.deal()
        elif w.kind == "bot":
            session.play_step(session.bot_step())
        elif w.kind == "summary":
            session.summary_seen()
        else:
            view = session.state.view(w.seat)
            melds = [a for a in view.legal_actions if a.verb == "meld"]
            if melds and w.seat == 0:
                break
            session.act(view.legal_actions[-1] if view.phase == "play" else view.legal_actions[0])
    else:
        pytest.fail("no meld came to seat 0")
    before = session.state
    hand = before.view(0).hand
    session.act(melds[0])
    assert session.staged == [melds[0]] and len(session.state.view(0).hand) < len(hand)
    assert session.committed() is before  # the record and the others: nothing yet
    assert session.undo() is True
    assert session.state is before and session.staged == []
    assert session.undo() is False  # nothing more to take back
