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

/** The move buttons that need a word: a discard that announces, or says it does not (L-70,
 * L-71), explained as the announcement badge is (its title, and a tap on its `?`). */
function explainMoves(ui) {
  const v = ui.view;
  if (!v || !(v.legal_actions || []).some((a) => "discard" in a && "announce" in a)) return;
  const text = topicText("announced", v.preset, ui.values);
  for (const b of document.querySelectorAll("#actions button[data-action='discard']")) {
    b.title = text;
  }
}

/** Explains the move buttons each time they are drawn again (hand.js draws them). */
export function watchMoves(ui) {
  const box = document.getElementById("actions");
  if (box) new MutationObserver(() => explainMoves(ui)).observe(box, { childList: true });
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
