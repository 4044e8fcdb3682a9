"""The rules at hand (issue 36): each game's rule book in a few sentences (its words.json
``book``), said from the rule book's rules (their ids in spec/RULES.md) under a table's option
values, in English, Arabic and Persian; the server gives those values (``/api/presets``, a
table's summary)."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from handgame import locale
from handgame.core.registry import find_game, games
from handgame.server.apimodels import option_values
from rule_ids import cited_rules
from server_helpers import client
from spec_files import RULES

LANGS = ("en", "ar", "fa")

#: the badges of the table each game's book explains (rules.js's topics)
TOPICS = {
    "hand": {"minimum", "wild", "opened", "take"},
    "hand-and-foot": {"minimum", "wild", "foot"},
}


def _said(book: list[dict[str, Any]], values: dict[str, Any]) -> list[dict[str, Any]]:
    """The entries said under ``values`` (rules.js's ``fits``)."""

    def fits(entry: dict[str, Any]) -> bool:
        for name, want in entry.get("when", {}).items():
            if want == "!null":
                if values.get(name) is None:
                    return False
            elif values.get(name) != want:
                return False
        return True

    return [e for e in book if fits(e)]


def _values(preset: str, players: int | None = None) -> dict[str, Any]:
    game = find_game(preset)
    info = next(p for p in game.preset_info if p.name == preset)
    return option_values(game.create(preset, {}, players or info.default_players, False, None))


def test_every_book_entry_is_worded_cites_the_rule_book_and_names_options() -> None:
    book_text = RULES.read_text(encoding="utf-8")
    defined = set(cited_rules(book_text))
    assert set(TOPICS) <= {g.name for g in games()}
    for spec in games():
        if spec.name not in TOPICS:
            continue  # a game the tests register (tests/test_third_game.py): no book
        glossary = {lang: locale.glossary(lang) for lang in LANGS}
        book = glossary["en"]["books"][spec.name]
        assert len(book) >= 8, spec.name
        assert all(glossary[lang]["books"][spec.name] == book for lang in LANGS)
        options = {o.name: o for o in spec.options}
        for entry in book:
            key = entry["key"]
            assert key.startswith("book_"), key
            for lang in LANGS:
                text = glossary[lang]["words"][key]
                names = {n for _, n, _, _ in string.Formatter().parse(text) if n}
                assert names <= set(options), (key, lang, names)  # filled from option values
            assert entry["rules"] and set(entry["rules"]) <= defined, (key, entry["rules"])
            for name, want in entry.get("when", {}).items():
                spec_of = options[name]
                if want == "!null":
                    assert spec_of.nullable, (key, name)
                elif spec_of.choices is not None:
                    assert want in spec_of.choices, (key, name, want)
                else:
                    assert spec_of.kind == "bool" and isinstance(want, bool), (key, name, want)


def test_every_preset_has_its_book_and_its_badges_explained() -> None:
    """Each preset says a rule book of its own values (the opening minimum as its option says,
    the wild cards of its deck), and every badge its table shows has a sentence."""
    for spec in games():
        if spec.name not in TOPICS:
            continue
        book = locale.glossary("en")["books"][spec.name]
        for preset in spec.presets:
            values = _values(preset)
            said = _said(book, values)
            assert {e["topic"] for e in said if "topic" in e} >= TOPICS[spec.name], preset
            keys = [e["key"] for e in said]
            assert len(keys) == len(set(keys)) and len(keys) >= 8, (preset, keys)
            if "wilds" in values:  # exactly one sentence says which cards are wild
                wild = [k for k in keys if k.startswith("book_wild_") and "_one" not in k]
                wild = [k for k in wild if k != "book_wild_three"]
                assert len(wild) == 1, (preset, wild)
            words = locale.glossary("ar")["words"]
            for e in said:  # every sentence in Arabic, its placeholders filled by values
                assert words[e["key"]].strip(), e["key"]
    levant, gulf = _said(_book("hand"), _values("levant")), _said(_book("hand"), _values("gulf"))
    assert "book_announce" in {e["key"] for e in levant}
    assert "book_announce" not in {e["key"] for e in gulf}  # gulf plays without (L-71)
    assert "book_limit" in {e["key"] for e in gulf} and "book_rounds" not in {
        e["key"] for e in gulf
    }


def _book(game: str) -> list[dict[str, Any]]:
    book: list[dict[str, Any]] = locale.glossary("en")["books"][game]
    return book


def test_the_server_gives_the_option_values(tmp_path: Path) -> None:
    with client(tmp_path / "t.sqlite") as c:
        presets = {p["name"]: p for p in c.get("/api/presets").json()}
        for name, p in presets.items():
            assert p["values"] == _values(name, p["default_players"]), name
        made = c.post(
            "/api/tables",
            json={
                "rules": {"preset": "levant", "options": {"rounds": 2, "initial_minimum": 61}},
                "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}],
            },
        ).json()
        values = c.get(f"/api/tables/{made['table']}").json()["values"]
        assert values["rounds"] == 2 and values["initial_minimum"] == 61
        assert values["wilds"] == "indicator"
