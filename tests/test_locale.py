"""The Arabic and Persian sentences of handgame/locale/messages.json (shared by ``hand play``
and the web UI): their rule ids exist in RULES.md, both languages say the same things."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from handgame import locale
from handgame.core.registry import find_game
from handgame.games.hand.hints import HINT_KINDS, hint_kind
from handgame.games.hand_and_foot import hints as hf_hints
from server_helpers import client
from spec_files import RULES

ROOT = Path(__file__).resolve().parents[1]


def test_every_rule_id_is_in_the_rule_book() -> None:
    book = RULES.read_text(encoding="utf-8")
    defined = set(re.findall(r"^- \*{0,2}([A-Z]+-\d+)\b", book, re.M))
    assert "L-62" in defined
    for lang, tables in locale.messages().items():
        for rule in tables["rules"]:
            assert re.fullmatch(r"[A-Z]+-\d+", rule), (lang, rule)
            assert rule in defined, (lang, rule)
        # a rule cited inside any sentence exists too
        for table in tables.values():
            for said in table.values():
                for cited in locale.RULE_ID.findall(said):
                    assert cited in defined, (lang, cited, said)


def test_arabic_and_persian_have_the_same_keys() -> None:
    data = locale.messages()
    assert set(data) == {"ar", "fa"}
    assert set(data["ar"]) == set(data["fa"]) == set(locale.SECTIONS)
    for section in locale.SECTIONS:
        assert data["ar"][section].keys() == data["fa"][section].keys(), section
        for lang in data:
            assert all(s.strip() for s in data[lang][section].values()), (lang, section)
    # every kind of hint of every game has its sentence, and nothing else is there
    kinds = {kind for _, kind in (*HINT_KINDS, *hf_hints.HINT_KINDS)}
    assert set(data["ar"]["hints"]) == kinds


def test_the_file_is_the_one_served_and_the_web_page_has_no_copy(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        r = c.get("/locale/messages.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.json() == json.loads(locale.text())
    i18n = (ROOT / "src/handgame/server/static/i18n.js").read_text(encoding="utf-8")
    phrases = (ROOT / "src/handgame/server/static/phrases.js").read_text(encoding="utf-8")
    assert "/locale/messages.json" in i18n
    assert locale.messages()["ar"]["rules"]["L-62"] not in i18n + phrases


def test_rule_of_and_hint_kind() -> None:
    assert locale.rule_of("L-62: the discard may be taken only…") == "L-62"
    assert locale.rule_of("not now: a turn starts with a draw (L-61, G-3)") == "L-61"
    assert locale.rule_of("the discard pile is empty") is None
    arabic = locale.sentence("ar", "rules", "L-62")
    assert isinstance(arabic, str) and arabic == locale.messages()["ar"]["rules"]["L-62"]
    assert any("\u0600" <= ch <= "\u06ff" for ch in arabic), arabic  # Arabic script
    assert locale.sentence("en", "rules", "L-62") is None
    assert hint_kind("Then discard 8♣: of all your cards…") == "discard"
    assert hint_kind("Draw from the stock.") == "draw_stock"
    assert hint_kind("something else") is None
    assert hf_hints.hint_kind("Draw two cards from the stock.") == "draw_two"
    assert hf_hints.hint_kind("Your partner asks to go out: answer yes or no.") == "answer_partner"


def test_every_hand_and_foot_rule_has_its_sentence() -> None:
    book = RULES.read_text(encoding="utf-8")
    hf_rules = set(re.findall(r"^- (HF-\d+)\b", book, re.M))
    assert len(hf_rules) == 13
    for lang in ("ar", "fa"):
        assert hf_rules <= set(locale.messages()[lang]["rules"]), lang


def _hint_lines_of_a_match(preset: str, players: int, seed: str, every: int) -> set[str]:
    """The hint lines given to the seat to act at every ``every``-th step of a bots' match."""
    from datetime import UTC, datetime

    from handgame.server.table import Seat, Table

    spec = find_game(preset)
    names = [f"greedy {i}" for i in range(players)]
    game = spec.create(preset, {"rounds": 1}, players, False, names)
    seats = tuple(Seat("bot", n, "greedy") for n in names)
    table = Table("t", game, seats, seed, datetime.now(UTC))
    lines: set[str] = set()
    for i in range(2000):
        seat = table.state.current_seat
        if seat is not None and not table.state.is_chance and i % every == 0:
            lines.update(table.spec.hint(table.state.view(seat)))
        step = table.next_auto()
        if step is None:
            break
        table.commit(step)
    return lines


def test_every_hint_line_is_said_whole_in_arabic_and_persian() -> None:
    """Each line the hints give (Hand under levant and gulf, Hand and Foot) matches a pattern of
    hint_lines.json: said whole, its cards and numbers kept, in Arabic and Persian (issue 14)."""
    lines: set[str] = set()
    for preset, players, seed in (
        ("levant", 2, "h1"),
        ("gulf", 3, "h2"),
        ("hand-and-foot", 4, "h3"),
    ):
        lines |= _hint_lines_of_a_match(preset, players, seed, 3)
    lines.add("It is not your turn.")
    assert len(lines) > 10
    for line in lines:
        for lang in ("ar", "fa"):
            said = locale.hint_line(lang, line)
            assert said is not None, (lang, line)
            assert not any(w in said for w in ("press", "meld", "the ")), (lang, said)
    # the cards and the numbers stay, in the language's digits (meld numbers count from 1)
    line = "Add 5♦ to meld 4: it leaves your hand for good (select it, pick the meld, press a)."
    assert locale.hint_line("ar", line) == "أضف 5♦ إلى المجموعة ٤: تخرج من يدك نهائيًا."
    assert (
        locale.hint_line("fa", line)
        == "5♦ را به دستهٔ ۴ بیفزایید: برای همیشه از دستتان بیرون می‌رود."
    )
    assert locale.hint_line("en", line) is None


def test_the_terminal_log_in_arabic_and_persian() -> None:
    """The terminal's log lines (both games' words for actions, rounds) said in Arabic and
    Persian, with their cards, numbers and the players' names (issue 14)."""
    from handgame.tui.i18n import log_text, player_name

    assert player_name("ar", "bot:greedy 2") == "الطمّاع ٢"
    assert player_name("fa", "bot:ismcts") == "جستجوگر"
    assert (
        player_name("ar", "Sara") == "Sara" and player_name("en", "bot:greedy 2") == "bot:greedy 2"
    )
    line = "bot:greedy 2 put T♥ in meld 1 and took its wild card"
    assert log_text("ar", line) == "الطمّاع ٢ وضع T♥ في المجموعة ١ وأخذ ورقتها البديلة"
    # "you" takes the verb in the second person (not "you drew" said as "you he-drew")
    assert log_text("fa", "you drew from the stock: 7♦ X") == "شما از کپه برداشتید: 7♦ X"
    assert log_text("ar", "you drew from the stock: 7♦ X") == "أنت سحبتَ من الكومة: 7♦ X"
    assert log_text("ar", "bot:greedy 2 drew from the stock") == "الطمّاع ٢ سحب من الكومة"
    assert log_text("en", line) == line
    # every line a bots' match logs is said (the terminal's session, both games)
    from handgame.games.hand.text import describe as hand_describe
    from handgame.games.hand_and_foot.text import describe as hf_describe

    for preset, describe in (("levant", hand_describe), ("hand-and-foot", hf_describe)):
        lines = _log_lines_of_a_match(preset, 4, describe)
        assert len(lines) > 20
        for line in lines:
            for lang in ("ar", "fa"):
                assert locale.log_line(lang, line) is not None, (lang, line)


def _log_lines_of_a_match(preset: str, players: int, describe: Any) -> list[str]:
    """The log lines (``describe``) of a bots' round."""
    from datetime import UTC, datetime

    from handgame.server.table import Seat, Table

    spec = find_game(preset)
    names = [f"bot:greedy {i + 1}" for i in range(players)]
    game = spec.create(preset, {"rounds": 1}, players, False, names)
    table = Table("t", game, tuple(Seat("bot", n, "greedy") for n in names), "l", datetime.now(UTC))
    lines = []
    for _ in range(3000):
        step = table.next_auto()
        if step is None:
            break
        before = table.state
        table.commit(step)
        if step.stored.kind == "action":
            action = spec.parse_action(step.stored.data)
            pile = tuple(before.view(None).discard_pile)
            lines.append(describe(action, pile, names[action.seat]))
    return lines
