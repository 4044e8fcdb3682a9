"""The Arabic and Persian sentences of handgame/locale/messages.json (shared by ``hand play``
and the web UI): their rule ids exist in RULES.md, both languages say the same things."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from handgame import locale
from handgame.games.hand.hints import HINT_KINDS, hint_kind
from handgame.games.hand_and_foot import hints as hf_hints
from server_helpers import client

SHARED = Path(os.environ.get("HAND_SHARED") or Path(__file__).resolve().parents[2] / "shared")
ROOT = Path(__file__).resolve().parents[1]


def test_every_rule_id_is_in_the_rule_book() -> None:
    book = (SHARED / "RULES.md").read_text(encoding="utf-8")
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
    assert "/locale/messages.json" in i18n
    assert locale.messages()["ar"]["rules"]["L-62"] not in i18n


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
    book = (SHARED / "RULES.md").read_text(encoding="utf-8")
    hf_rules = set(re.findall(r"^- (HF-\d+)\b", book, re.M))
    assert len(hf_rules) == 13
    for lang in ("ar", "fa"):
        assert hf_rules <= set(locale.messages()[lang]["rules"]), lang
