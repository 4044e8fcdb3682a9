// A turn arranged, then confirmed (issue 36; docs/web-protocol.md, Arranging a turn). During the
// meld phase the seat's melds, lay-offs and swaps are laid out here, not played: each one asks the
// server for a preview (this seat's view after the steps so far, sent to no one else), and the
// page shows that view. Any step can be taken back; "Confirm" (or the discard, or any move that
// is not arranged) sends them all as one turn, checked by the rules step by step, stored, then
// shown to everyone. A live counter says what is laid toward the opening minimum and its rule.
import { sendSteps, send } from "./client.js";
import { cardText, el, errorText, num, t } from "./i18n.js";
import { say, sortHand, ui } from "./state.js";
import { moveLabel } from "./words.js";

/** The verbs a seat arranges before confirming (the games' `arranged_verbs`). */
const ARRANGED = ["meld", "add", "swap"];
let redraw = () => {};

/** The page's redraw after the shown view changes (play.js gives table.js's render). */
export function setupArrange(render) {
  redraw = render;
}

function verb(action) {
  return ARRANGED.find((k) => k in action) || null;
}

/** Whether this seat is laying out its turn (it is to act, after its draw). */
function arranging() {
  const v = ui.committed;
  return Boolean(v && ui.seat !== null && v.turn === ui.seat && (v.to_act ?? v.turn) === ui.seat &&
    v.phase !== "draw" && !(v.legal_actions || []).some((a) => "draw" in a));
}

/** Plays a move of the page: an arranged step is laid out (previewed), anything else ends the
 * arrangement by sending it as the turn's last step (or alone when nothing is arranged). */
export function play(action) {
  if (busy()) return; // the buttons are those of a view about to change

  if (verb(action) && arranging()) {
    const before = ui.view.melds.length;
    ui.arranged.push({ action, before });
    preview();
    return;
  }
  if (ui.arranged.length) {
    confirm(action);
    return;
  }
  send(action);
}

/** Whether a preview is on its way, or a turn sent whose last step has not come back yet (its
 * steps come one version each: the views between are not the seat's to act on). */
export function busy() {
  return Boolean(ui.previewing || (ui.turnSent && ui.version < ui.turnUntil));
}

function preview() {
  if (!ui.arranged.length) {
    ui.previewing = null;
    show(ui.committed);
    return;
  }
  ui.previewing = sendSteps("preview", ui.arranged.map((s) => s.action));
  renderArranged();
}

/** Sends the arrangement (and `last`, if given) as the turn. */
export function confirm(last = null) {
  const steps = ui.arranged.map((s) => s.action);
  if (last) steps.push(last);
  if (!steps.length) return;
  ui.turnSteps = ui.arranged; // laid out again if the turn is refused
  ui.arranged = [];
  ui.previewing = null;
  ui.turnSent = sendSteps("turn", steps);
  ui.turnUntil = ui.version + steps.length;
  renderArranged();
}

/** Takes step `k` back, with the later steps that name a meld laid at or after it (their
 * indices would move); the server checks the rest again (a step refused then is dropped). */
export function takeBack(k) {
  const gone = ui.arranged[k];
  if (!gone) return;
  ui.arranged = ui.arranged.filter((s, i) => i < k || (i > k && !namesMeldFrom(s.action, gone.before)));
  say("");
  preview();
}

function namesMeldFrom(action, first) {
  const index = "add" in action ? action.to : "swap" in action ? action.at : -1;
  return index >= first;
}

/** Takes every arranged step back: the table as the server holds it. */
export function takeAllBack() {
  ui.arranged = [];
  say("");
  preview();
}

/** The server's answer to a preview: the view shown, if it answers the last one asked. */
export function onPreview(m) {
  if (m.id !== ui.previewing || m.version !== ui.version) return;
  ui.previewing = null;
  show(m.view);
}

/** A refusal of a preview or a turn: a step refused is dropped (the later ones are checked
 * again); a step that would show new cards (a foot, HF-9) is played with the turn at once.
 * True when the error was about the arrangement. */
export function onArrangeError(m) {
  if (m.id && m.id === ui.turnSent) {
    // refused (nothing was stored): the steps are laid out again, the refusal said as any
    ui.turnSent = null;
    if (m.code !== "stale" && m.version === ui.version && arranging()) {
      ui.arranged = ui.turnSteps || [];
      preview();
    }
    renderArranged();
    return false;
  }
  if (!m.id || m.id !== ui.previewing) return false;
  ui.previewing = null;
  if (m.code === "reveals") {
    say(t("arrange_reveals"));
    confirm();
    return true;
  }
  if (m.code === "stale") {
    ui.arranged = [];
    show(ui.committed);
    return false;
  }
  const k = Number.isInteger(m.step) ? m.step : ui.arranged.length - 1;
  ui.arranged.splice(k, 1);
  say(() => errorText(m), true);
  preview();
  return true;
}

/** A new version from the server: the arrangement is kept while the seat still lays out its
 * turn (checked again at the new version), else it is gone (sent as a turn, or overtaken). */
export function onCommitted() {
  if (ui.turnSent && ui.version < ui.turnUntil) {
    renderArranged(); // the turn's steps are arriving: the last one ends it
    return;
  }
  ui.turnSent = null;
  ui.turnSteps = [];
  ui.previewing = null;
  if (ui.arranged.length && arranging()) preview();
  else ui.arranged = [];
}

/** Shows a view (the server's, or a preview), keeping the order the player gave the hand; a
 * preview's log is the table's (the steps laid out are not played: the bar lists them). */
function show(view) {
  const base = ui.committed;
  if (view !== base && view.public && base && base.public) {
    view = { ...view, public: { ...view.public, actions: base.public.actions } };
  }
  const left = [...view.hand];
  const order = [];
  for (const c of ui.order) {
    const k = left.indexOf(c);
    if (k >= 0) {
      order.push(c);
      left.splice(k, 1);
    }
  }
  ui.view = view;
  ui.order = [...order, ...sortHand(left)];
  ui.selected = new Set();
  redraw();
}

/** The opening counter: what is laid toward the minimum this turn, of the minimum, and the rule
 * that sets it; null when the seat's side had opened before this turn (or it is not its turn). */
export function openingCount() {
  const v = ui.view;
  const base = ui.committed;
  if (!v || !base || ui.seat === null || !arranging() || typeof v.minimum !== "number") return null;
  const side = v.teams ? ui.seat % v.teams : ui.seat;
  if (base.opened && base.opened[side]) return null;
  const turn = (v.public && v.public.turn) || v.turn_info || {};
  const laid = turn.laid_value || 0;
  return { laid, minimum: v.minimum, rules: v.minimum_rules || [], reached: laid >= v.minimum };
}

function counterEl() {
  const c = openingCount();
  if (!c) return null;
  const rule = c.rules.length ? `(${c.rules.join(", ")})` : "";
  const title = c.rules.length ? t(`rule_${c.rules[0]}`) : null;
  return el("span", { class: "opening" + (c.reached ? " reached" : ""), id: "opening",
    "data-laid": c.laid, "data-minimum": c.minimum, title, role: "status" },
  t("opening_count", { laid: num(c.laid), minimum: num(c.minimum) }),
  rule ? [" ", el("bdi", { class: "rule", dir: "ltr" }, rule)] : null);
}

/** The arrangement bar: the steps laid out (each can be taken back), confirm, the counter. */
export function renderArranged() {
  const box = document.getElementById("arranged");
  if (!box) return;
  const steps = ui.arranged.map((s, k) => el("li", { class: "step", "data-step": k },
    el("span", {}, moveLabel({ ...s.action, seat: ui.seat }, { showCards: true })),
    button(t("arrange_take_back"), () => takeBack(k), { "data-take-back": k,
      "aria-label": `${t("arrange_take_back")}: ${stepText(s.action)}` })));
  const parts = [counterEl()];
  if (steps.length) {
    parts.push(el("span", { class: "arranged-note" }, t("arranged_note")),
      el("ol", { class: "steps" }, steps),
      button(t("arrange_confirm"), () => confirm(), { class: "primary", id: "confirm" }),
      button(t("arrange_take_all"), takeAllBack, { id: "take-all-back" }));
  }
  box.replaceChildren(...parts.filter(Boolean));
  box.hidden = !box.childNodes.length;
  document.body.dataset.arranged = String(ui.arranged.length);
  document.body.dataset.busy = busy() ? "1" : "";
}

function stepText(action) {
  const cards = "meld" in action ? action.meld.flat() : [].concat(action.add || action.swap || []);
  return cards.map(cardText).join(" ");
}

function button(label, onClick, attrs = {}) {
  const b = el("button", { type: "button", ...attrs }, label);
  b.addEventListener("click", onClick);
  return b;
}
