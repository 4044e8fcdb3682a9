// The rules at hand (issue 36): a game's rule book in a few sentences (each game's words.json
// `book`, in the glossary's `books`), the ones a table's option values call for, each with its
// rule ids (spec/RULES.md); and the badges of the table explained by those sentences, on hover
// (a title) and on a tap or a click (a small note beside the badge).
import { GLOSSARY } from "./phrases.js";
import { el, gameOf, num, presetName, t } from "./i18n.js";

/** Whether a book entry is said under these option values (`!null`: any value but null). */
function fits(when, values) {
  return Object.entries(when || {}).every(([name, want]) =>
    (want === "!null" ? values[name] !== null && values[name] !== undefined : values[name] === want));
}

/** The entries of a preset's rule book said under `values`: [{key, rules, topic?}]. */
export function bookOf(preset, values) {
  const book = (GLOSSARY.en.books || {})[gameOf(preset)] || [];
  return book.filter((entry) => fits(entry.when, values || {}));
}

/** One entry's sentence, its placeholders filled from the option values. */
function sentence(entry, values) {
  const vars = {};
  for (const [name, v] of Object.entries(values || {})) {
    vars[name] = Array.isArray(v) ? v.map((x) => num(x)).join(", ") : v;
  }
  return t(entry.key, vars);
}

/** The rule ids of an entry, as the rule book writes them: "(L-11, L-12)". */
function cited(entry) {
  return el("bdi", { class: "rule", dir: "ltr" }, `(${entry.rules.join(", ")})`);
}

/** The rule book of a preset under `values`, as a list. */
export function bookList(preset, values) {
  return el("ol", { class: "rule-book", "data-book-of": preset },
    bookOf(preset, values).map((entry) => el("li", { "data-book": entry.key,
      "data-rules": entry.rules.join(" ") }, sentence(entry, values), " ", cited(entry))));
}

/** Opens the rules dialog (`#rules`) for a preset under `values`. */
export function openRules(preset, values) {
  const dialog = document.getElementById("rules");
  document.getElementById("rules-title").textContent = t("rules_of", { game: presetName(preset) });
  document.getElementById("rules-body").replaceChildren(bookList(preset, values),
    el("p", { class: "note" }, t("rules_source")));
  dialog.dataset.preset = preset;
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0; // from its title (the focus on its button scrolled it to the end)
}

/** What a topic's badge means at this table: its book sentences with their rule ids, as text
 * ("" where the book says nothing of it). */
export function topicText(topic, preset, values) {
  return bookOf(preset, values).filter((e) => e.topic === topic)
    // the ids isolated left to right (U+2066…U+2069): "(L-20, L-21)" in an Arabic sentence too
    .map((e) => `${sentence(e, values)} \u2066(${e.rules.join(", ")})\u2069`).join(" ");
}

/** Makes `node` explain itself: `text` on hover (its title) and on a tap (see setupExplain). */
export function explained(node, text) {
  if (!node || !text) return node;
  node.title = text;
  node.dataset.explain = "1";
  return node;
}

function hideNote() {
  const note = document.getElementById("explain");
  if (note) note.hidden = true;
}

/** A small "?" beside a control that does something when tapped (a move button): a tap on it
 * shows `text` as a badge's (its note), a pointer resting on it its title; the control itself
 * keeps its action. `name` says what it explains (its data-info). */
export function infoButton(name, text) {
  return explained(el("button", { type: "button", class: "info", "data-info": name,
    "aria-label": t("explain_this") }, "?"), text);
}

/** A tap or click on an explained badge shows what it means in a note beside it (a second tap,
 * a tap elsewhere or Escape hides it). */
export function setupExplain() {
  const note = el("div", { id: "explain", class: "explain-note", role: "status", hidden: true });
  document.body.append(note);
  document.addEventListener("click", (e) => {
    const node = e.target.closest && e.target.closest("[data-explain]");
    if (!node || (!note.hidden && note.dataset.for === node.title)) { hideNote(); return; }
    note.textContent = node.title;
    note.dataset.for = node.title;
    note.hidden = false;
    const box = node.getBoundingClientRect();
    const width = Math.min(320, window.innerWidth - 16);
    note.style.inlineSize = `${width}px`;
    note.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - width - 8))}px`;
    const below = box.bottom + 6;
    note.style.top = `${below + 120 < window.innerHeight ? below : Math.max(8, box.top - 126)}px`;
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hideNote();
    // a badge that is not a button (the wild box) says itself with Enter or Space too
    const node = e.target.closest && e.target.closest("[data-explain][role='button']");
    if (node && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); node.click(); }
  });
}
