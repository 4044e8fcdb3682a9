"""Words of the terminal game in English, Arabic and Persian: cards, suits and the interface.

Arabic and Persian text is shown as it is (no shaping library): a terminal that shapes and
orders right-to-left text shows it well; :func:`can_show` falls back to English where the
output encoding cannot even hold the letters. The engine's error messages and hint lines are
English (they cite rule ids of ``RULES.md`` and name the cards): in Arabic and Persian,
:func:`rule_text` says the sentence for the error's leading rule (read from its ``rules``, never
from its words) with the cards the message names, and :func:`hint_text` the hint line said
whole, else the sentence for its kind of advice before the line (the sentences from
:mod:`handgame.locale`, the files the web UI uses too).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable

from handgame import locale
from handgame.core.cards import RANKS, SUIT_SYMBOLS, Card
from handgame.core.errors import GameError

LANGS = ("en", "ar", "fa")

SUIT_NAMES: dict[str, tuple[str, str, str, str]] = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    # Levantine names (RULES.md § Cards and notation)
    "ar": ("بستوني", "كبة", "ديناري", "سباتي"),
    "fa": ("پیک", "دل", "خشت", "گشنیز"),
}

RANK_NAMES: dict[str, dict[int, str]] = {
    "en": {1: "ace", 11: "jack", 12: "queen", 13: "king"},
    "ar": {1: "آص", 11: "ولد", 12: "بنت", 13: "شايب"},
    "fa": {1: "آس", 11: "سرباز", 12: "بی‌بی", 13: "شاه"},
}

JOKER_NAME = {"en": "joker", "ar": "جوكر", "fa": "ژوکر"}

# English text -> (Arabic, Persian). Keys are the English words themselves.
_WORDS: dict[str, tuple[str, str]] = {
    "Your hand": ("يدك", "دست شما"),
    "Table": ("الطاولة", "میز"),
    "Discard": ("المرمى", "زمین"),
    "empty": ("فارغ", "خالی"),
    "Indicator": ("الدليل", "نشان"),
    "Wild": ("الجوكر", "وحشی"),
    "no wild cards": ("لا أوراق جوكر", "بدون کارت وحشی"),
    "jokers": ("الجواكر", "ژوکرها"),
    "jokers play as": ("الجوكر يلعب", "ژوکر به جای"),
    "Stock": ("الكومة", "دسته"),
    "Round": ("الجولة", "دور"),
    "cards": ("ورقة", "کارت"),
    "opened": ("نزل", "باز کرده"),
    "not opened": ("لم ينزل", "باز نکرده"),
    "announced": ("أعلن", "اعلام کرد"),
    "total": ("المجموع", "جمع"),
    "to play": ("دوره", "نوبت"),
    "Log": ("السجل", "گزارش"),
    "Hint": ("نصيحة", "راهنمایی"),
    "you": ("أنت", "شما"),
    "by suit": ("حسب النوع", "بر اساس خال"),
    "by rank": ("حسب الرقم", "بر اساس عدد"),
    "draw": ("اسحب", "بکش"),
    "take": ("خذ", "بردار"),
    "meld": ("انزل", "بخوابان"),
    "add": ("أضف", "اضافه کن"),
    "swap": ("بدّل", "عوض کن"),
    "discard": ("ارمِ", "بینداز"),
    "undo": ("تراجع", "برگرد"),
    "redeal": ("أعد التوزيع", "دوباره پخش"),
    "sort": ("رتّب", "مرتب کن"),
    "pile": ("المرمى كله", "همه زمین"),
    "hint": ("نصيحة", "راهنمایی"),
    "quit": ("خروج", "خروج"),
    "select": ("اختر", "انتخاب"),
    "meld target": ("الهدف", "هدف"),
    "Round summary": ("نتيجة الجولة", "نتیجه دور"),
    "went out": ("خلص", "تمام کرد"),
    "partial hand": ("نزول عادي", "دست عادی"),
    "full hand": ("هند", "هند"),
    "penalty": ("العقوبة", "جریمه"),
    "Match": ("المباراة", "بازی"),
    "Match over": ("انتهت المباراة", "بازی تمام شد"),
    "Winner": ("الفائز", "برنده"),
    "no score": ("بلا نتيجة", "بدون امتیاز"),
    "the stock ran out": ("انتهت الكومة", "دسته تمام شد"),
    "press Enter": ("اضغط Enter", "Enter را بزنید"),
    "Pass the terminal to": ("أعطِ الجهاز إلى", "دستگاه را بدهید به"),
    "your turn": ("دورك", "نوبت شما"),
    "waiting for": ("ننتظر", "منتظر"),
    "record": ("السجل", "ثبت"),
    "Replay": ("إعادة", "بازپخش"),
    "step": ("خطوة", "گام"),
    "round": ("جولة", "دور"),
    "deal": ("توزيع", "پخش"),
    "team": ("فريق", "تیم"),
    # Hand and Foot's table
    "Hand and Foot": ("اليد والقدم", "دست و پا"),
    "Minimum": ("الحد الأدنى", "حداقل"),
    "blocked": ("مقفول", "بسته"),
    "in foot": ("رفع قدمه", "پا برداشته"),
    "foot down": ("القدم لم تُرفع", "پا برنداشته"),
    "red threes": ("ثلاثات حمراء", "سه‌های قرمز"),
    "asked: may I go out?": ("سُئل: هل أخلص؟", "پرسیده شد: تمام کنم؟"),
    "may I go out?": ("هل أخلص؟", "تمام کنم؟"),
    "clean book": ("كتاب نظيف", "کتاب تمیز"),
    "dirty book": ("كتاب وسخ", "کتاب کثیف"),
    "Team": ("الفريق", "تیم"),
    "books": ("الكتب", "کتاب‌ها"),
    "clean": ("نظيف", "تمیز"),
    "dirty": ("وسخ", "کثیف"),
    "a draw": ("تعادل", "مساوی"),
    "yes": ("نعم", "بله"),
    "no": ("لا", "نه"),
    "ask partner": ("اسأل شريكك", "از یار بپرس"),
    "log": ("السجل", "گزارش"),
}


def tr(lang: str, text: str) -> str:
    """``text`` (an English interface word) in ``lang``; itself when it has no translation."""
    if lang == "en":
        return text
    pair = _WORDS.get(text)
    if pair is None:
        return text
    return pair[0] if lang == "ar" else pair[1]


#: a card as the engine's messages name it (``KH``, ``TD``)
_CARD_CODE = re.compile(r"\b[AKQJT2-9][SHDC]\b")


def rule_text(lang: str, error: GameError) -> str:
    """An engine error in ``lang``: the sentence of its leading rule (``error.rules``), the
    cards its message names and the rule's id, as the web page says it (no English line); the
    message alone in English or without a sentence."""
    message = str(error)
    rule = error.rules[0] if error.rules else None
    said = locale.sentence(lang, "rules", rule) if lang != "en" else None
    if said is None:
        return message
    named = dict.fromkeys(_CARD_CODE.findall(message))  # in order, once each
    cards = " ".join(Card.parse(c).symbol() for c in named)
    return f"{said}: {cards} ({rule})" if cards else f"{said} ({rule})"


#: the bots' names in Arabic and Persian
_BOTS = {
    "greedy": ("الطمّاع", "حریص"),
    "random": ("العشوائي", "تصادفی"),
    "ismcts": ("الباحث", "جستجوگر"),
}


def player_name(lang: str, name: str) -> str:
    """A player's name in ``lang``: "you" and the bots' names (``bot:greedy 2``) said in it,
    a person's name as it is."""
    if name == "you":
        return tr(lang, "you")
    bot = re.fullmatch(r"bot:(\w+)(?::\S*)?(?: (\d+))?", name)
    if lang == "en" or bot is None or bot.group(1) not in _BOTS:
        return name
    word = _BOTS[bot.group(1)][0 if lang == "ar" else 1]
    return f"{word} {locale.digits(lang, bot.group(2))}" if bot.group(2) else word


def log_text(lang: str, line: str) -> str:
    """A line of the terminal's log in ``lang`` (:func:`handgame.locale.log_line`, with the
    players' names said in it too), the line itself in English or where no pattern says it."""
    said = locale.log_line(lang, line, lambda name: player_name(lang, name))
    return line if said is None else said


def hint_text(lang: str, line: str, kind_of: Callable[[str], str | None]) -> str:
    """A hint line (English, naming the cards) in ``lang``: the sentence for its kind of advice
    (``kind_of``: the game's ``hint_kind``) and the English line after it;
    the line alone in English or without a sentence."""
    whole = locale.hint_line(lang, line)  # the line said whole, with its cards
    if whole is not None:
        return whole
    said = locale.sentence(lang, "hints", kind_of(line)) if lang != "en" else None
    if said is None:
        return line
    return f"{said} — {line}"


def card_face(card: Card) -> str:
    """The card as shown on its face: ``7♦``, ``T♣``, ``X`` (the same in every language)."""
    return card.symbol()


def card_name(card: Card, lang: str = "en") -> str:
    """The card in words: ``queen of spades``, ``بنت بستوني``, ``بی‌بی پیک``."""
    if card.is_joker:
        return JOKER_NAME[lang]
    rank = RANK_NAMES[lang].get(card.rank, RANKS[card.rank - 1] if card.rank != 10 else "10")
    suit = SUIT_NAMES[lang][card.suit]
    if lang == "en":
        return f"{rank} of {suit}"
    return f"{rank} {suit}"


def suit_label(suit: int, lang: str = "en") -> str:
    """A suit's symbol and name, e.g. ``♣ clubs``."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[lang][suit]}"


def can_show(lang: str, encoding: str | None) -> bool:
    """Whether text of ``lang`` can be written in ``encoding`` (None: assume UTF-8)."""
    if lang == "en":
        return True
    try:
        codecs.lookup(encoding or "utf-8")
        sample = SUIT_NAMES[lang][0] + tr(lang, "Your hand")
        sample.encode(encoding or "utf-8")
    except (LookupError, UnicodeEncodeError):
        return False
    return True
