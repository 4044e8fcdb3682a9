// The first game's guide (issue 36): on a table made by the lobby's "First game" (its link
// carries `guide=1`), a box in the dock walks the newcomer through a round: draw, meld, open,
// lay off, discard, go out. Each step is ticked off when this seat's moves in the round's log
// (or its view) show it done; the step to learn now is explained (with its rule ids), and the
// move the server advises (GET /api/tables/ID/advice: the greedy bot's choice from this seat's
// view) can be shown (its cards selected) or played. Played as a player's own move: a meld, a
// lay-off or a swap is laid out (arrange.js), and the guide then asks for the arrangement bar's
// Confirm (lit), which plays the turn. The deal is the same every time (handgame.server.guide),
// so the round the guide walks through is too.
import { openingCount, play } from "./arrange.js";
import { rankOf } from "./cards.js";
import { renderActions, renderHand } from "./hand.js";
import { el, t, tn } from "./i18n.js";
import { keep, nameOf, selectCards, stored, tableId, token, ui } from "./state.js";
import { addedCards, moveLabel, verbOf } from "./words.js";

const KEY = `hand-guide-${tableId}`;
if (new URLSearchParams(location.hash.slice(1)).get("guide") === "1") keep(KEY, "1");

/** Whether this table is a first game with its guide. */
export const guided = stored(KEY) === "1";

/** The steps, in order: [name, whether this view shows it done, the rule ids it teaches]. */
const STEPS = [
  ["draw", (mine) => mine.some((a) => "draw" in a || "take" in a), ["L-61"]],
  ["meld", (mine) => mine.some((a) => "meld" in a), ["L-11", "L-12"]],
  ["open", (mine, v) => Boolean(v.opened && v.opened[ui.seat]), ["L-63"]],
  ["add", (mine) => mine.some((a) => "add" in a || "swap" in a), ["L-10", "L-40"]],
  ["discard", (mine) => mine.some((a) => "discard" in a), ["L-61", "L-65"]],
  ["out", (mine, v) => (v.results || []).some((r) => r.winner === ui.seat), ["L-80"]],
];

const done = new Set(JSON.parse(stored(`${KEY}-done`) || "[]")); // kept over a reload
let advised = null; // {version, action} for this seat, from the server
let asked = null; // the version advice was last asked for

function tick(v) {
  const mine = ((v.public && v.public.actions) || []).filter((a) => a.seat === ui.seat);
  for (const [name, shown] of STEPS) if (!done.has(name) && shown(mine, v)) done.add(name);
  keep(`${KEY}-done`, JSON.stringify([...done]));
}

async function fetchAdvice(version) {
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/advice`, {
      headers: { Authorization: `Bearer ${token}` } });
    if (r.status === 429) { // asked too often (the hints' limit): once more in a moment
      setTimeout(() => { if (ui.version === version) fetchAdvice(version); }, 800);
      return;
    }
    if (!r.ok) return;
    const body = await r.json();
    if (body.version === version && ui.version === version) {
      advised = { version, action: body.action };
      renderGuide();
    }
  } catch (e) {
    // no advice this time: the steps are still explained
  }
}

/** The cards an advised move lays or lets go. */
function cardsOf(action) {
  if ("meld" in action) return action.meld.flat();
  if ("add" in action) return addedCards(action);
  if ("swap" in action) return action.swap;
  if ("discard" in action) return [].concat(action.discard);
  return [];
}

/** "Show me": the advised move's cards selected, its button lit. */
function showMe(action) {
  selectCards(cardsOf(action));
  renderHand();
  renderActions();
  const verb = verbOf(action);
  for (const b of document.querySelectorAll("#actions button[data-action]")) {
    b.classList.toggle("guide-lit", b.dataset.action === verb);
  }
}

/** Whether the turn laid out may be confirmed: something is laid out and, before this seat
 * opens, its melds reach the opening minimum (L-63: 51 points by default). */
function confirmable() {
  const c = openingCount();
  return ui.arranged.length > 0 && (!c || c.reached);
}

/** The next meld to lay out toward the opening, from the turn laid out so far (the preview's
 * own moves, this seat's view only): the one of the most cards, then the highest. */
function nextMeld(v) {
  const size = (a) => a.meld.flat().length * 100 + a.meld.flat().reduce((n, c) => n + rankOf(c), 0);
  const melds = (v.legal_actions || []).filter((a) => "meld" in a);
  return melds.reduce((best, a) => (!best || size(a) > size(best) ? a : best), null);
}

function adviceRow(v) {
  const acting = v.to_act ?? v.turn;
  if (v.phase === "over") return null;
  if (acting !== ui.seat) {
    return el("p", { class: "guide-wait" }, tn("guide_wait", { name: nameOf(acting) }));
  }
  if (ui.arranged.length && !confirmable()) { // laid out, short of the opening minimum (L-63)
    const c = openingCount();
    const more = nextMeld(v);
    return el("p", { class: "guide-advice", "data-advice": "reach" },
      el("strong", {}, t("guide_advice")), " ", t("guide_reach", { laid: c.laid, n: c.minimum }),
      " ", el("bdi", { class: "rule", dir: "ltr" }, `(${(c.rules.length ? c.rules : ["L-63"]).join(", ")})`),
      more ? [" ", moveLabel(more), " ", el("button", { type: "button", id: "guide-play",
        class: "primary", onclick: () => play(more) }, t("guide_play"))] : null);
  }
  if (ui.arranged.length) { // laid out, not yet played: the bar's Confirm plays it
    return el("p", { class: "guide-advice", "data-advice": "confirm" },
      el("strong", {}, t("guide_advice")), " ", t("guide_confirm"));
  }
  if (!advised || advised.version !== ui.version) {
    if (asked !== ui.version) { // asked once per version
      asked = ui.version;
      fetchAdvice(ui.version);
    }
    return null;
  }
  if (!advised.action) return null;
  const action = advised.action;
  return el("p", { class: "guide-advice", "data-advice": verbOf(action) },
    el("strong", {}, t("guide_advice")), " ", moveLabel(action), " ",
    cardsOf(action).length ? el("button", { type: "button", id: "guide-show",
      onclick: () => showMe(action) }, t("guide_show")) : null, " ",
    el("button", { type: "button", id: "guide-play", class: "primary",
      onclick: () => play(action) }, t("guide_play")));
}

/** Draws the guide (after each state, and on a language switch); nothing on other tables. */
export function renderGuide() {
  const box = document.getElementById("guide");
  const v = ui.view;
  if (!box || !guided || !v || ui.seat === null) return;
  box.hidden = false;
  tick(v);
  const next = STEPS.find(([name]) => !done.has(name));
  const over = v.phase === "over";
  const won = done.has("out");
  const explain = next && !over
    ? el("p", { class: "guide-now", "data-guide-step": next[0] },
      t(`guide_${next[0]}`, { n: (ui.values || {}).initial_minimum ?? 51 }), " ",
      el("bdi", { class: "rule", dir: "ltr" }, `(${next[2].join(", ")})`))
    : el("p", { class: "guide-now", "data-guide-end": won ? "won" : "over" },
      t(won ? "guide_won" : "guide_over"));
  box.replaceChildren(
    el("div", { class: "guide-head" }, el("strong", {}, t("guide_title")), " ",
      el("ol", { class: "guide-steps" }, STEPS.map(([name]) => el("li", {
        "data-step": name, "data-done": done.has(name) ? "1" : null,
        class: next && next[0] === name ? "now" : null,
      }, t(`guide_name_${name}`))))),
    explain, over ? null : adviceRow(v));
  const confirm = document.getElementById("confirm"); // the arrangement bar's (arrange.js)
  if (confirm) confirm.classList.toggle("guide-lit", confirmable());
  document.body.dataset.guide = won ? "won" : next ? next[0] : "done";
}
