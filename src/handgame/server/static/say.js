// A phrase in words, from the glossary (GET /locale/LANG.json): the same rules as the
// terminal's (handgame.locale.Sayer), so both say the same thing the same way. No page, no
// fetch here: tests/test_glossary.py runs this module under node beside the Python sayer.
//
// A phrase is {kind, ...parameters}: the kind is a key of the glossary's words, worded by its
// template ({name} is a parameter); an action ({seat, draw: "stock"}, record notation) is
// worded by its game's action table (act_KIND in a log, do_KIND as a choice or a step). A
// parameter is said by its name (a seat, a meld's index from 0, actions, a word of the
// glossary: params) or else by its shape (a card code, cards, melds, numbers).

const RANKS = "A23456789TJQK";
const SUITS = "SHDC";
const DIGITS = { ar: "٠١٢٣٤٥٦٧٨٩", fa: "۰۱۲۳۴۵۶۷۸۹" };

/** Whether `text` is a card's code: "7D", "TS", "X". */
export function isCard(text) {
  return typeof text === "string" && (text === "X" ||
    (text.length === 2 && RANKS.includes(text[0]) && SUITS.includes(text[1])));
}

/** `text` with its digits in `lang`'s (Arabic-Indic, Persian; as they are for English). */
export function digits(lang, text) {
  const table = DIGITS[lang];
  const s = String(text);
  if (!table) return s;
  let out = "";
  for (const ch of s) out += ch >= "0" && ch <= "9" ? table[Number(ch)] : ch;
  return out;
}

/** The pieces of `template` (strings, and each {name} replaced by `values[name]`, which may
 * be any value: a string, a node...); a name with no value is left as it is. */
export function fillParts(template, values) {
  const out = [];
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf("{", at);
    const close = open < 0 ? -1 : template.indexOf("}", open);
    if (open < 0 || close < 0) {
      out.push(template.slice(at));
      break;
    }
    out.push(template.slice(at, open));
    const name = template.slice(open + 1, close);
    out.push(name in values ? values[name] : `{${name}}`);
    at = close + 1;
  }
  return out.filter((p) => p !== "");
}

/** The kind of an action's wording: the first entry of its game's action table that fits it
 * (as handgame.core.words.action_kind). */
export function actionKind(action, table) {
  for (const entry of table || []) {
    const verb = entry.verb;
    if (!(verb in action)) continue;
    const value = action[verb];
    if ("value" in entry && value !== entry.value) continue;
    if ((entry.fields || []).some((k) => action[k] === undefined || action[k] === null)) continue;
    if (Object.entries(entry.equal || {}).some(([k, v]) => action[k] !== v)) continue;
    if (entry.list && !Array.isArray(value)) continue;
    if ("empty" in entry && (Array.isArray(value) && value.length === 0) !== entry.empty) continue;
    return entry.kind;
  }
  return null;
}

/**
 * Says phrases from one glossary (`english`: the English one, where a word is missing) for
 * one reader: `nameOf(seat)` says a seat, `you` is the reader's seat (a key's @you form is said
 * of it), `game` the game whose action table words actions; `card(code)`, `cards(codes)` and
 * `melds(lists)` show cards (text by default: "7♦", "7♦ 8♦", "7♦ 8♦ 9♦ + K♠ K♥ K♦").
 */
export class Sayer {
  constructor(glossary, english, options = {}) {
    this.g = glossary;
    this.en = english || glossary;
    this.lang = glossary.lang;
    this.nameOf = options.nameOf || ((seat) => `seat ${seat}`);
    this.you = options.you ?? null;
    this.game = options.game || null;
    this.card = options.card || face;
    this.cards = options.cards || ((codes) => codes.map(face).join(" "));
    this.melds = options.melds || ((lists) => lists.map((m) => m.map(face).join(" ")).join(" + "));
  }

  /** The template of `key` (its @you form when `seat` is the reader's). */
  template(key, seat = null) {
    const words = this.g.words;
    if (seat !== null && seat !== undefined && seat === this.you && words[`${key}@you`]) {
      return words[`${key}@you`];
    }
    return words[key] ?? this.en.words[key] ?? key;
  }

  /** `phrase` as pieces (strings, and whatever the renderers make). */
  say(phrase) {
    if (phrase.kind === "action") return this.action(phrase.action, phrase.taken ?? null, "act");
    return this.fill(phrase.kind, phrase);
  }

  /** An action in words: "act" as a log line, "do" as a choice or a step. */
  action(action, taken = null, mood = "act") {
    const kind = actionKind(action, (this.g.actions || {})[this.game] || []);
    if (kind === null) return [JSON.stringify(action)];
    return this.fill(`${mood}_${kind}`, { ...action, taken });
  }

  fill(key, params) {
    const template = this.template(key, params.seat);
    const values = {};
    for (const piece of fillParts(template, {})) {
      if (typeof piece === "string" && piece.startsWith("{") && piece.endsWith("}")) {
        const name = piece.slice(1, -1);
        values[name] = this.value(name, params[name], params);
      }
    }
    return fillParts(template, values).flat(Infinity);
  }

  value(name, value, params) {
    const spec = this.g.params;
    if (value === null || value === undefined) return "";
    if (spec.seats.includes(name) && Number.isInteger(value)) return this.nameOf(value);
    if (spec.indexes.includes(name) && Number.isInteger(value)) return digits(this.lang, value + 1);
    if (spec.actions.includes(name)) {
      const steps = Array.isArray(value) ? value : [value];
      const out = [];
      steps.forEach((step, i) => {
        if (i) out.push(this.template("sep_then"));
        out.push(...this.action(step, params.taken ?? null, "do"));
      });
      return out;
    }
    if (name in spec.words) return this.template(`${spec.words[name]}${value}`);
    return this.shape(value);
  }

  shape(value) {
    if (typeof value === "boolean") return String(value);
    if (Number.isInteger(value)) return digits(this.lang, value);
    if (typeof value === "string") return isCard(value) ? this.card(value) : value;
    if (Array.isArray(value)) {
      if (value.length && value.every(Array.isArray)) return this.melds(value);
      if (value.every(Number.isInteger)) return value.map((v) => digits(this.lang, v)).join(", ");
      return this.cards(value);
    }
    return String(value);
  }
}

/** A card's face as text: "7♦", "T♣", "X" (as the terminal shows it). */
export function face(code) {
  if (code === "X") return "X";
  return code[0] + "♠♥♦♣"[SUITS.indexOf(code[1])];
}

/** Pieces as one text (for the tests and for titles). */
export function text(pieces) {
  return pieces.flat(Infinity).map(String).join("");
}
