// The UI in English, Arabic and Persian (its words: phrases.js); the language follows the
// browser and can be switched (kept in localStorage). Arabic and Persian pages are laid out
// right to left.
// Every word comes from the glossary (phrases.js: GET /locale/LANG.json, which `hand play`
// reads too); phrases (a hint, a refusal's rule, an action) are said by say.js.

import { GLOSSARY, WORDS } from "./phrases.js";
import { Sayer, digits, fillParts, isCard } from "./say.js";

export const LANGUAGES = { en: "English", ar: "العربية", fa: "فارسی" };
const RTL = new Set(["ar", "fa"]);
const KEY = "hand.lang";

export let lang = "en";

function pick() {
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch (e) {
    stored = null;
  }
  if (stored && WORDS[stored]) return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (WORDS[base]) return base;
  }
  return "en";
}

/** A preset's name in the current language (the preset's own name where there is none). */
export function presetName(name) {
  const key = `preset_${name}`;
  return WORDS.en[key] ? t(key) : name;
}

/** A preset's one-line summary in the current language (the server's English where there is
 * no translation). */
export function presetSummary(preset) {
  const key = `summary_${preset.name}`;
  return lang !== "en" && WORDS[lang][key] ? t(key) : preset.summary;
}

/** A bot's name (`greedy`, `ismcts:iterations=200`…) in the current language. */
export function botName(spec) {
  const base = String(spec).split(":")[0];
  return WORDS.en[`bot_${base}`] ? t(`bot_${base}`) : String(spec);
}

function isWhole(text) {
  return text !== "" && [...text].every((ch) => ch >= "0" && ch <= "9");
}

/** A seat's name as the page shows it: the server's default names ("greedy 2" for a bot, the
 * notation the server writes: the bot's spec and its seat; "seat 0" for a human) in the current
 * language, a player's own name as it is. */
export function seatName(name) {
  const [head, number, ...rest] = String(name).split(" ");
  if (rest.length || number === undefined || !isWhole(number)) return name;
  const bot = head.split(":")[0];
  if (WORDS.en[`bot_${bot}`]) return t("bot_named", { bot: botName(bot), n: Number(number) + 1 });
  if (head === "seat") return t("seat", { n: Number(number) + 1 });
  return name;
}

/** A number in the current language's digits (Arabic-Indic, Persian; Latin for English). */
export function num(n) {
  return digits(lang, n);
}

/** A signed number (a score, a total: "-25", "+10" with `plus`) kept left to right in a
 * right-to-left page: the bidi algorithm would put the sign on the number's right. */
export function signed(n, plus = false) {
  const text = plus && n > 0 ? `+${num(n)}` : num(n);
  return el("bdi", { dir: "ltr", class: "signed" }, text);
}

/** The key of `key`'s form for its count `n` where `words` has one: key@1, key@2, key@few (3 to
 * 10), else `key` (as handgame.locale.count_form picks it). */
function countForm(words, key, vars) {
  const n = vars.n;
  if (!Number.isInteger(n) || !words) return key;
  if (words[`${key}@${n}`]) return `${key}@${n}`;
  if (n >= 3 && n <= 10 && words[`${key}@few`]) return `${key}@few`;
  return key;
}

/** The word `key` in the current language, with `{name}` placeholders filled in (numbers in
 * the language's digits). */
export function t(key, vars = {}) {
  const text = (WORDS[lang] && WORDS[lang][countForm(WORDS[lang], key, vars)])
    || WORDS.en[countForm(WORDS.en, key, vars)] || key;
  const values = {};
  for (const [k, v] of Object.entries(vars)) values[k] = typeof v === "number" ? num(v) : String(v);
  return fillParts(text, values).join("");
}

const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** A card as text: "10♥", "Joker" (a word: no emoji font needed); a text that is not a card
 * (what a wild stands for in a set, "any SC") as its suits, "♠/♣". */
export function cardText(card) {
  if (card === "X") return t("joker");
  if (!isCard(card)) {
    const text = String(card ?? "");
    const suits = text.startsWith("any ") ? [...text.slice(4)] : [];
    return suits.length && suits.every((c) => c in SUIT_SIGNS)
      ? suits.map((c) => SUIT_SIGNS[c]).join("/") : text;
  }
  const r = card[0] === "T" ? "10" : card[0];
  return r + SUIT_SIGNS[card[1]];
}

function apply() {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? "rtl" : "ltr";
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-label]")) {
    el.setAttribute("aria-label", t(el.dataset.tLabel));
  }
  for (const el of document.querySelectorAll("[data-t-placeholder]")) {
    el.setAttribute("placeholder", t(el.dataset.tPlaceholder));
  }
}

/** Set the language from storage or the browser; fill the selector; call `onChange` on a switch. */
export function setupLanguage(onChange) {
  lang = pick();
  apply();
  const select = document.getElementById("lang");
  if (select) {
    select.replaceChildren();
    for (const [code, label] of Object.entries(LANGUAGES)) {
      const o = document.createElement("option");
      o.value = code;
      o.textContent = label;
      o.selected = code === lang;
      select.append(o);
    }
    select.addEventListener("change", () => {
      lang = select.value;
      try {
        localStorage.setItem(KEY, lang);
      } catch (e) {
        /* private mode: not kept */
      }
      apply();
      if (onChange) onChange();
    });
  }
}

/** An element with text content and attributes. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** A player's name, isolated from the text around it (right-to-left or not). */
export function bdi(name) {
  return el("bdi", {}, name);
}

/** The errors that refuse a move ("Not done: …"); the others are said as they are. */
const REFUSED = new Set(["illegal", "not_held", "not_your_turn", "stale", "spectator"]);

/** Cards as one left-to-right text: "3♦ 4♦ 5♦" (10 for the ten). */
function cardsRun(codes) {
  return el("bdi", { dir: "ltr" }, codes.map(cardText).join(" "));
}

/** The sayer of the current language (say.js), cards shown as the page shows them. */
export function sayer(options = {}) {
  return new Sayer(GLOSSARY[lang], GLOSSARY.en, {
    card: (c) => el("bdi", { dir: "ltr" }, cardText(c)),
    cards: cardsRun,
    melds: (lists) => el("bdi", { dir: "ltr" }, lists.map((m) => m.map(cardText).join(" ")).join(" | ")),
    nameOf: (seat) => bdi(t("seat", { n: seat + 1 })),
    ...options,
  });
}

/** The game of a preset (its action table words its actions); the first game for none. */
export function gameOf(preset) {
  const games = GLOSSARY.en.games || {};
  return games[preset] || Object.values(games)[0] || null;
}

/**
 * A server `error` message in the current language, from its data: the sentence of its code
 * (stale, not your turn…), else of its leading rule (the message's `rules`), with the cards it
 * is about (`cards`) and its rule ids; the server's English message is its tooltip (for a bug
 * report). An error with neither a sentence nor a rule (input the server could not read) shows
 * its message.
 */
export function errorText(m) {
  const text = String(m.message || "");
  const rules = Array.isArray(m.rules) ? m.rules : [];
  const id = rules.length ? rules[0] : null;
  const byCode = m.code && m.code !== "illegal" && WORDS.en[`error_${m.code}`] ? t(`error_${m.code}`) : null;
  const sentence = byCode || (id ? t(WORDS.en[`rule_${id}`] ? `rule_${id}` : "refused") : null);
  // "Not done:" for a move refused; other errors (no table, a wrong link…) say only what they are
  const wrap = (message) => (REFUSED.has(m.code) ? t("error", { message }) : message);
  if (sentence === null) {
    return el("span", { "data-error": m.code || "" }, wrap(text));
  }
  const cards = [...new Set(Array.isArray(m.cards) ? m.cards : [])];
  return el("span", { "data-error": m.code || "", "data-rule": id || "", title: text },
    wrap(sentence),
    cards.length ? [": ", el("bdi", { class: "cards", dir: "ltr" }, cards.map(cardText).join(" "))] : null,
    rules.length && !byCode ? [" ", el("bdi", { class: "rule", dir: "ltr" }, `(${rules.join(", ")})`)] : null);
}

/** One phrase of the server's hint (its kind and parameters), in the current language. */
export function hintLine(phrase, preset = null) {
  const said = sayer({ game: gameOf(preset) }).say(phrase);
  return el("p", { "data-hint": phrase.kind }, said);
}

/** Like `t`, as nodes: a placeholder's value may be a node (a `<bdi>` name, a card). */
export function tn(key, vars = {}) {
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  const values = {};
  for (const [k, v] of Object.entries(vars)) {
    values[k] = v instanceof Node ? v : typeof v === "number" ? num(v) : String(v ?? `{${k}}`);
  }
  return el("span", {}, fillParts(text, values));
}
