"""The glossary (issue 33: words as data). What the engines say leaves them as phrases (a kind
and its parameters) and actions as record notation; each front end words them from one
glossary per language (``handgame.locale.glossary``: ``locale/words.json`` and each game's
``words.json``), served to the web page and read by the terminal. These tests check that every
kind has a wording in English, Arabic and Persian, that both front ends use the same glossary and
word a phrase the same way (the page's ``say.js`` run under node beside the Python sayer), that
the terminal and the page say the same thing with the same word, and that no regular expression
reads meaning out of text."""

from __future__ import annotations

import json
import random
import re
import shutil
import string
import subprocess
from pathlib import Path
from typing import Any

import pytest

from handgame import locale
from handgame.core.errors import GameError
from handgame.core.registry import find_game, games
from handgame.core.words import action_kind
from handgame.play.driver import Driver
from handgame.play.random_bot import RandomBot
from handgame.tui.registry import table_for
from rule_ids import cited_rules
from server_helpers import client
from spec_files import RULES

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src/handgame"
STATIC = SRC / "server/static"
LANGS = ("en", "ar", "fa")


def _sources() -> dict[str, dict[str, Any]]:
    """Every words document: the shared one and each registered game's."""
    out = {"shared": locale.shared()}
    for g in games():
        out[g.name] = dict(g.words())
    return out


def _names(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# ------------------------------------------------------------------ every word, every language
def test_every_language_has_every_word() -> None:
    """Each words document has the same keys in en, ar and fa (an ``@you`` form beside its
    key), no empty word, and the same parameters in each language."""
    for source, doc in _sources().items():
        keys = {lang: {k for k in doc.get(lang, {}) if "@" not in k} for lang in LANGS}
        assert keys["en"] == keys["ar"] == keys["fa"], (source, keys["en"] ^ keys["ar"])
        for lang in LANGS:
            for key, template in doc.get(lang, {}).items():
                assert template.strip(), (source, lang, key)
                base = key.partition("@")[0]
                assert base in doc[lang], (source, lang, key)
                if key.endswith(("@1", "@2", "@few")):  # a count's form may say it in words
                    assert _names(template) <= _names(doc["en"][base]), (source, lang, key)
                else:
                    assert _names(template) == _names(doc["en"][base]), (source, lang, key)


def test_no_key_is_worded_twice() -> None:
    """A key belongs to one words document (the shared one or one game's)."""
    seen: dict[str, str] = {}
    for source, doc in _sources().items():
        for key in doc.get("en", {}):
            assert key not in seen, (key, seen.get(key), source)
            seen[key] = source


def test_every_rule_id_is_in_the_rule_book() -> None:
    book = RULES.read_text(encoding="utf-8")
    defined = set(re.findall(r"^- \*{0,2}([A-Z]+-\d+)\b", book, re.M))
    assert "L-62" in defined
    for lang in LANGS:
        for key, said in locale.glossary(lang)["words"].items():
            if key.startswith("rule_"):
                assert key.removeprefix("rule_") in defined or key == "rule_T-1", key
            for cited in cited_rules(said):
                assert cited in defined or cited == "T-1", (lang, key, cited)


def _matches(spec: Any, seed: int, steps: int = 600) -> Any:
    """The states of a seeded random match of ``spec``'s default preset."""
    info = spec.preset_info[0]
    game = spec.create(info.name, {"rounds": 1}, info.default_players, False, None)
    state = game.new_match(0)
    driver = Driver(lambda seat: RandomBot(f"{seed}:{seat}"), seed)
    for _ in range(steps):
        yield state
        step = driver.auto(state)
        if step is None:
            return
        kind, what = step
        state = state.apply_deal(what) if kind == "deal" else state.apply(what)


def _kinds(phrase: Any, found: set[str]) -> None:
    if isinstance(phrase, dict) and "kind" in phrase:
        found.add(phrase["kind"])


def test_every_kind_has_a_wording() -> None:
    """Every kind the engines and the terminal parts say (hints, log lines, round ends), every
    action of seeded matches (through its game's action table, as a log line and as a choice)
    and every rule a refusal cites has its words in en, ar and fa (a rule without a sentence of
    its own is said by ``refused``)."""
    words = {lang: locale.glossary(lang)["words"] for lang in LANGS}
    for spec in games():
        table = locale.glossary("en")["actions"][spec.name]
        parts = table_for(spec)
        kinds: set[str] = set()
        for seed in range(3):
            before = None
            for state in _matches(spec, seed):
                if state.is_chance:
                    before = None
                    continue
                if before is not None and not before.is_chance:
                    for p in parts.after_lines(before, state):
                        _kinds(p, kinds)
                if not state.is_over:
                    seat = state.to_act()
                    if seat is not None and random.Random(seed).random() < 0.3:
                        for h in spec.hint(state.view(seat)):
                            _kinds(h, kinds)
                            for key in ("action", "steps"):
                                for a in h.get(key, []) if key == "steps" else [h.get(key)]:
                                    if a:
                                        assert action_kind(a, table), (spec.name, a)
                    for a in state.legal_actions(seat) if seat is not None else ():
                        kind = action_kind(a.to_json(), table)
                        assert kind is not None, (spec.name, a)
                        kinds |= {f"act_{kind}", f"do_{kind}"}
                before = state
            if state.results:
                _kinds(parts.round_line(state), kinds)
        for lang in LANGS:
            missing = {k for k in kinds if k not in words[lang]}
            assert not missing, (spec.name, lang, missing)
    for lang in LANGS:
        assert "refused" in words[lang] and "hint_not_turn" in words[lang]


def test_every_word_the_front_ends_use_is_in_the_glossary() -> None:
    """The keys the terminal asks for (``tr(lang, "…")``, the parts' prompts and keys lines)
    and the keys the page asks for (``t("…")``, ``tn("…")``) are all in the glossary."""
    words = locale.glossary("en")["words"]
    used: set[str] = set()
    for path in (SRC / "tui").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\btr\(\s*[\w.]*lang,\s*[\"']([\w-]+)[\"']", text))
        used |= set(re.findall(r"\bphrase\(\s*[\"']([\w-]+)[\"']", text))
    for spec in games():
        parts = table_for(spec)
        used |= set(parts.prompts.values()) | {w for _, w in parts.keys_help}
    for path in STATIC.glob("*.js"):
        used |= set(re.findall(r"\btn?\(\s*\"([\w-]+)\"", path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used - {"action"} if k not in words)  # "action": an action
    assert not missing, missing


# ------------------------------------------------------------------ one glossary, two front ends
def test_the_page_gets_the_glossary_the_terminal_reads(tmp_path: Path) -> None:
    """``GET /locale/LANG.json`` is ``handgame.locale.glossary(LANG)``, which the terminal says
    its words from (``handgame.tui.i18n``); the page's scripts hold no words of their own."""
    with client(tmp_path / "t.sqlite") as c:
        for lang in LANGS:
            r = c.get(f"/locale/{lang}.json")
            assert r.status_code == 200 and r.headers["content-type"].startswith(
                "application/json"
            )
            assert r.json() == json.loads(json.dumps(locale.glossary(lang)))
        assert c.get("/locale/de.json").status_code == 404
    assert "/locale/${lang}.json" in (STATIC / "phrases.js").read_text(encoding="utf-8")
    arabic = re.compile(r"[\u0600-\u065f\u066a-\u06ef\u06fa-\u06ff]")  # letters, not digits
    for path in STATIC.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        letters = arabic.findall(text.replace("العربية", "").replace("فارسی", ""))
        assert not letters, path.name  # the languages' own names, in i18n.js, and no more
    i18n = (SRC / "tui/i18n.py").read_text(encoding="utf-8")
    assert "locale.word(" in i18n and not arabic.search(i18n)


NODE_SAY = """
import { Sayer, text } from "%(say)s";
import { readFileSync } from "node:fs";
const [glossaries, cases] = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const out = cases.map(([lang, names, you, game, phrase]) => {
  const s = new Sayer(glossaries[lang], glossaries.en, {
    nameOf: (seat) => names[seat], you, game });
  return text(s.say(phrase));
});
console.log(JSON.stringify(out));
"""


def _said_cases() -> list[tuple[str, list[str], int | None, str, dict[str, Any]]]:
    """Phrases of both games in every language: hints of seeded matches, actions as log lines,
    round ends."""
    cases = []
    for spec in games()[:2]:
        table = locale.glossary("en")["actions"][spec.name]
        for state in _matches(spec, 5, 200):
            if state.is_chance or state.is_over:
                continue
            seat = state.to_act()
            view = state.view(seat)
            names = list(view.names)
            for lang in LANGS:
                for a in view.legal_actions[:3]:
                    if action_kind(a.to_json(), table):
                        phrase = {"kind": "action", "action": a.to_json(), "taken": "7D"}
                        cases.append((lang, names, seat, spec.name, phrase))
            if len(cases) > 150:
                break
        for state in _matches(spec, 7, 120):
            if not state.is_chance and not state.is_over:
                seat = state.to_act()
                for h in spec.hint(state.view(seat)):
                    for lang in LANGS:
                        cases.append((lang, ["you", "bot:greedy 2"], seat, spec.name, h))
    return cases


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_and_the_terminal_word_a_phrase_alike(tmp_path: Path) -> None:
    """The page's sayer (``static/say.js``, run under node) and the terminal's
    (``handgame.locale.Sayer``) word the same phrases with the same glossary to the same text:
    actions as log lines, hints (cards as faces, the seat to act as "you")."""
    cases = _said_cases()
    assert len(cases) > 100
    glossaries = {lang: locale.glossary(lang) for lang in LANGS}
    script = tmp_path / "say.mjs"
    script.write_text(NODE_SAY % {"say": (STATIC / "say.js").as_uri()}, encoding="utf-8")
    data = tmp_path / "cases.json"
    data.write_text(json.dumps([glossaries, cases], ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(
        ["node", str(script), str(data)], capture_output=True, text=True, check=True, timeout=60
    )
    page = json.loads(out.stdout)
    # the page says a seat with its own names; give both the same: the names as they are
    terminal = []
    for lang, names, you, game, phrase in cases:
        sayer = locale.Sayer(lang, names, you, game)
        sayer.seat = lambda seat, names=names: names[seat]  # type: ignore[method-assign]
        terminal.append(sayer.say(phrase))
    assert page == terminal


# ------------------------------------------------------------------ the same word for the thing
#: a word of the terminal and a word of the page that name the same thing: the same in ar, fa
SAME = [
    ("tui_discard", "discard_pile"),
    ("tui_key_pile", "discard_pile"),
    ("tui_total", "total"),
    ("tui_match_over", "match_over"),
    ("tui_went_out", "went_out"),
    ("tui_your_turn", "your_turn"),
    ("tui_hint", "hint"),
    ("tui_key_hint", "hint"),
    ("tui_key_log", "log"),
    ("tui_you", "you"),
    ("tui_in_foot", "foot_up"),
    ("tui_foot_down", "foot_waiting"),
    ("tui_red_threes", "red_threes"),
    ("tui_title", "preset_hand-and-foot"),
]

#: each language's one word for a thing, and the words that must not stand for it anywhere
ONE_WORD = {
    "ar": {"الكومة": ("المرمى",), "البديلة": ("وحشي",), "مخلوط": ("وسخ",), "تلميح": ("نصيحة",)},
    "fa": {"کپه": (), "دورریخته": ("زمین",), "همه‌کاره": ("وحشی",), "آمیخته": ("کثیف",),
           "پاک": ("تمیز",)},
}


def test_the_terminal_and_the_page_say_a_thing_with_one_word() -> None:
    """In Arabic and Persian the terminal's word for a thing is the page's (the stock, the
    discard pile, the hint, the foot…), and no other word stands for it anywhere in the
    glossary (Persian "دسته" is a meld, never the stock; issue 33)."""
    for lang in ("ar", "fa"):
        for terminal, page in SAME:
            assert locale.word(lang, terminal) == locale.word(lang, page), (lang, terminal)
        words = locale.glossary(lang)["words"]
        for one, others in ONE_WORD[lang].items():
            for other in others:
                bad = [k for k, v in words.items() if other in v]
                assert not bad, (lang, one, other, bad)
        assert locale.word(lang, "stock") == locale.word(lang, "stock")
    assert locale.word("fa", "stock") == "کپه" and "دسته" in locale.word("fa", "melds")
    assert "کپه" in locale.word("fa", "act_draw_stock")


# ------------------------------------------------------------------ data, not text
def test_no_regular_expression_reads_text() -> None:
    """No module of the glossary, the terminal or the server imports ``re``; no page script
    has a regular expression: meaning travels as data (issue 33)."""
    for folder in ("locale", "tui", "server"):
        for path in (SRC / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"^\s*(import re\b|from re import)", text, re.M), path
    for path in STATIC.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        literal = re.search(r"[=(,:]\s*/[^/*\s][^/\n]*/[gimsuy]*[.,);]", text)
        assert "RegExp" not in text and not literal, (path.name, literal)


def test_a_refusal_names_its_rules_and_cards_as_data() -> None:
    """Every refusal of seeded matches' stale and out-of-turn actions carries as data the rule
    ids its message cites, and the cards it is about (the action's, when it names none)."""
    checked = 0
    for spec in games()[:2]:
        pool: list[Any] = []
        for state in _matches(spec, 11, 300):
            if state.is_chance or state.is_over:
                continue
            for other in pool[-8:]:
                try:
                    state.apply(other)
                except GameError as e:
                    assert e.rules == cited_rules(e.message), (e.message, e.rules)
                    checked += 1
            pool.extend(state.legal_actions(state.to_act())[:2])
    assert checked > 100
    refusal = find_game("levant").create("levant", {}, 2, False, None).new_match(0)
    with pytest.raises(GameError) as e:
        refusal.apply(find_game("levant").parse_action({"seat": 0, "discard": "7D"}))
    assert e.value.cards == ("7D",)


def test_a_count_is_said_in_the_form_of_its_number(tmp_path: Path) -> None:
    """"1 card", not "1 cards" (issue 36, B5); Arabic's one, two, three to ten and more; the
    terminal (``locale.word``) and the page (``t`` of static/i18n.js, its ``countForm`` run
    under node) pick the same form."""
    said = {n: locale.word("en", "cards_n", n=n) for n in (0, 1, 2, 14)}
    assert said == {0: "0 cards", 1: "1 card", 2: "2 cards", 14: "14 cards"}
    assert locale.word("en", "stock_count", n=1) == "1 card"
    ar = [locale.word("ar", "cards_n", n=n) for n in (1, 2, 3, 11)]
    assert ar == ["ورقة واحدة", "ورقتان", "٣ أوراق", "١١ ورقة"]
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    start = source.index("function countForm(")
    body = source[start : source.index("\n}\n", start) + 2]
    assert "countForm(WORDS[lang], key, vars)" in source
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    cases = [(lang, key, n) for lang in LANGS for key in ("cards_n", "stock_count", "hint")
             for n in (0, 1, 2, 3, 10, 11, None)]
    words = {lang: locale.glossary(lang)["words"] for lang in LANGS}
    script = tmp_path / "count.mjs"
    script.write_text(
        body + "\nimport { readFileSync } from 'node:fs';\n"
        "const [words, cases] = JSON.parse(readFileSync(process.argv[2], 'utf-8'));\n"
        "console.log(JSON.stringify(cases.map(([l, k, n]) => countForm(words[l], k, {n}))));\n",
        encoding="utf-8",
    )
    data = tmp_path / "count.json"
    data.write_text(json.dumps([words, cases], ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(["node", str(script), str(data)], capture_output=True, text=True,
                         check=True, timeout=60)
    page = json.loads(out.stdout)
    terminal = [locale.count_form(words[lang], key, {"n": n}) for lang, key, n in cases]
    assert page == terminal and "cards_n@few" in page


#: words that name the digits a person types at the plain game (typed as Latin digits)
TYPED_DIGITS = ("plain_type_number", "plain_no_choice")


def test_arabic_and_persian_words_write_their_own_digits() -> None:
    """No Latin digit in an Arabic or Persian word but in a rule id (L-63) or a typed number:
    the score footnotes and rule sentences do not mix ``100`` with ``١٠٠`` (issue 36, B9)."""
    rule_id = re.compile(r"\b[A-Z]{1,2}-\d+")
    for source, doc in _sources().items():
        for lang in ("ar", "fa"):
            for key, template in doc.get(lang, {}).items():
                if key in TYPED_DIGITS:
                    continue
                text = rule_id.sub("", re.sub(r"\{[^}]*\}", "", template))
                assert not re.search("[0-9]", text), (source, lang, key, template)


#: a card code standing alone in a sentence ("AH", "7D", "X"): what a player should never read
CARD_CODE = re.compile(r"(?<![\w-])(?:[2-9TJQKA][SHDC]|X)(?![\w-])")


def _card(card: Any) -> str:
    """A card as a front end draws it (here a mark: whatever is left as a code was not)."""
    return "🂠"


def test_refusals_and_hints_show_cards_never_their_codes() -> None:
    """The words (``locale.Sayer``, and say.js alike: the test above) of refusals of seeded
    matches' stale and out-of-turn actions, and of hints, in every language: every card is
    drawn by the front end (the page: ``A♥``, the joker's word), none is left as its code in an
    engine's English ("seat 2 does not hold QH KH AH", "the discard AH may be taken…": issue
    36, B4 and B12)."""
    checked = 0
    for spec in games()[:2]:
        pool: list[Any] = []
        for n, state in enumerate(_matches(spec, 13, 300)):
            if state.is_chance or state.is_over:
                continue
            said: list[str] = []
            for other in pool[-6:]:
                try:
                    state.apply(other)
                except GameError as e:
                    said += [locale.Sayer(lang, game=spec.name, face=_card).refusal(e)
                             for lang in LANGS]
            if n % 5 == 0:
                view = state.view(state.to_act())
                for h in spec.hint(view):
                    said += [locale.Sayer(lang, view.names, None, spec.name, _card).say(h)
                             for lang in LANGS]
            for text in said:
                assert not CARD_CODE.search(text), text
                checked += 1
            pool.extend(state.legal_actions(state.to_act())[:2])
    assert checked > 300
