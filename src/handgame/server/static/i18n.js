// The UI in English, Arabic and Persian (its words: phrases.js); the language follows the
// browser and can be switched (kept in localStorage). Arabic and Persian pages are laid out
// right to left.
// The Arabic and Persian sentences for the server's rule messages, error codes and hint kinds
// are not here: they come from the package's handgame/locale/messages.json (served at
// /locale/messages.json), which `hand play` reads too.

import { WORDS } from "./phrases.js";

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

const DIGITS = { ar: "٠١٢٣٤٥٦٧٨٩", fa: "۰۱۲۳۴۵۶۷۸۹" };

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

/** A seat's name as the page shows it: the server's default names ("greedy 2" for a bot,
 * "seat 0" for a human) in the current language, a player's own name as it is. */
export function seatName(name) {
  const bot = /^(greedy|random|ismcts)(?::\S*)? (\d+)$/.exec(name);
  if (bot) return t("bot_named", { bot: botName(bot[1]), n: Number(bot[2]) + 1 });
  const seat = /^seat (\d+)$/.exec(name);
  if (seat) return t("seat", { n: Number(seat[1]) + 1 });
  return name;
}

/** A number in the current language's digits (Arabic-Indic, Persian; Latin for English). */
export function num(n) {
  const digits = DIGITS[lang];
  const text = String(n);
  return digits ? text.replace(/[0-9]/g, (d) => digits[Number(d)]) : text;
}

/** The word `key` in the current language, with `{name}` placeholders filled in (numbers in
 * the language's digits). */
export function t(key, vars = {}) {
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, k) => {
    if (!(k in vars)) return `{${k}}`;
    return typeof vars[k] === "number" ? num(vars[k]) : String(vars[k]);
  });
}

function apply() {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? "rtl" : "ltr";
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-label]")) {
    el.setAttribute("aria-label", t(el.dataset.tLabel));
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

const RULE_ID = /\b[A-Z]+-\d+\b/g; // as handgame.locale.RULE_ID: L-62, O-6, HF-3

/** The errors that refuse a move ("Not done: …"); the others are said as they are. */
const REFUSED = new Set(["illegal", "not_your_turn", "stale", "spectator"]);

/**
 * A server text as the page shows it: the terminal's key instructions ("… and press m") are
 * left out, since the page has no keys (melds are counted from 1 in the engine's words, as on
 * the page).
 */
export function pageText(text) {
  return String(text).replace(/\s*\((?:select|pick)[^()]*press [a-z]\)/g, "");
}

/** {ar: {rules: {"L-62": …}, errors: {stale: …}, hints: {draw_stock: …}}, fa: {…}} */
const MESSAGES = await fetch("/locale/messages.json")
  .then((r) => (r.ok ? r.json() : {}))
  .catch(() => ({}));

/** The hint lines said whole in Arabic and Persian: {lines: [{pattern, ar, fa}], steps, then}
 * (handgame/locale/hint_lines.json, which `hand play` reads too). */
const LINES = await fetch("/locale/hint_lines.json")
  .then((r) => (r.ok ? r.json() : {}))
  .catch(() => ({}));

/** Cards of a hint ("T♥ X") as the page writes them ("10♥ Joker"), left to right. */
function cardsOf(text) {
  return el("bdi", { dir: "ltr" }, text.replace(/\bT([♠♥♦♣])/g, "10$1")
    .replace(/(^|\s)X(?=\s|$)/g, (_, sp) => sp + t("joker")));
}

/** A line said whole by the first entry whose pattern matches it (nodes), or null: {N} the
 * group's cards, {N#} a number, {N~} steps joined by "then". */
function said(line, entries) {
  for (const entry of entries) {
    const found = new RegExp(entry.pattern, "u").exec(line);
    if (!found || !entry[lang]) continue;
    const out = [];
    let last = 0;
    for (const m of entry[lang].matchAll(/\{(\d+)([#~]?)\}/g)) {
      out.push(entry[lang].slice(last, m.index));
      const value = found[Number(m[1])] || "";
      if (m[2] === "#") out.push(num(value));
      else if (m[2] === "~") {
        value.split("; then ").forEach((step, k) => {
          if (k) out.push(LINES.then[lang]);
          out.push(said(step, LINES.steps || []) || step);
        });
      } else out.push(cardsOf(value));
      last = m.index + m[0].length;
    }
    out.push(entry[lang].slice(last));
    return el("span", {}, out);
  }
  return null;
}

/** The sentence of `section` (rules, errors, hints) for `key` in the current language, or null. */
function sentenceFor(section, key) {
  const table = lang !== "en" && MESSAGES[lang] && MESSAGES[lang][section];
  return (table && key && table[key]) || null;
}

/**
 * A server `error` message in the current language: for Arabic and Persian, a sentence for its
 * code (stale, not your turn…) or for its rule id (the message's `rules`, or the id at the start
 * of its text, else the first one in it), with the cards it names and the rule id kept, and the
 * server's English message as its tooltip; the English message alone when there is no such
 * sentence.
 */
export function errorText(m) {
  const text = pageText(String(m.message || ""));
  const lead = text.match(/^\s*([A-Z]+-\d+)\b/);
  const ids = Array.isArray(m.rules) && m.rules.length ? m.rules : text.match(RULE_ID) || [];
  const id = lead ? lead[1] : ids[0] || null;
  const byCode = m.code && m.code !== "illegal" ? sentenceFor("errors", m.code) : null;
  const sentence = byCode || sentenceFor("rules", id);
  // "Not done:" for a move refused; other errors (no table, a wrong link…) say only what they are
  const wrap = (message) => (REFUSED.has(m.code) ? t("error", { message }) : message);
  if (sentence === null) {
    return el("span", { "data-error": m.code || "" }, wrap(text));
  }
  // the cards the server's message names, shown with the sentence ("K♥ 8♠")
  const named = [...new Set(text.match(/\b[AKQJT2-9][SHDC]\b/g) || [])];
  const cards = named.map((c) => (c[0] === "T" ? "10" : c[0]) + { S: "♠", H: "♥", D: "♦", C: "♣" }[c[1]]);
  // the server's English message is kept as the refusal's tooltip (for a bug report), not shown
  return el("span", { "data-error": m.code || "", "data-rule": id || "", title: text },
    wrap(sentence),
    cards.length ? [": ", el("bdi", { class: "cards", dir: "ltr" }, cards.join(" "))] : null,
    id ? [" ", el("bdi", { class: "rule", dir: "ltr" }, `(${id})`)] : null);
}

/**
 * One line of the server's hint, with its kind of advice (`kind`, from handgame.hints.hint_kind,
 * sent beside each line): in Arabic and Persian the line said whole (hint_lines.json), else a
 * sentence for that kind with the English line as its tooltip; the English line alone otherwise.
 */
export function hintLine(raw, kind = null) {
  const whole = lang === "en" ? null : said(String(raw), LINES.lines || []);
  if (whole !== null) return el("p", { "data-hint": `hint_${kind}`, "data-whole": "1" }, whole);
  const line = pageText(raw);
  const sentence = kind ? sentenceFor("hints", kind) : null;
  if (sentence === null) {
    return el("p", { lang: "en", dir: "ltr" }, line);
  }
  return el("p", { "data-hint": `hint_${kind}`, title: line }, sentence);
}

/** Like `t`, as nodes: a placeholder's value may be a node (a `<bdi>` name, a card). */
export function tn(key, vars = {}) {
  const text = t(key, {});
  const out = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    out.push(text.slice(last, m.index));
    const v = vars[m[1]];
    out.push(v instanceof Node ? v : typeof v === "number" ? num(v) : String(v ?? m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return el("span", {}, out);
}
