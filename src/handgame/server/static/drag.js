// Dragging hand cards with a mouse, a pen or a finger (pointer events: touch screens send no
// HTML5 drag events). A press on a hand card that moves a few pixels becomes a drag of that card
// (or of the whole selection, if the card is selected), drawn under the pointer; a drop on:
// - another place in the hand moves the cards there (the hand's order is the player's);
// - a meld lays the card off (or swaps the selected cards for its wild card);
// - the new-meld zone (or this seat's own meld area) lays the cards as a new meld;
// - the discard pile discards the card.
// A drop is a move of the page (arrange.js: melds, lay-offs and swaps are laid out until the turn
// is confirmed). Where more than one move fits (a lay-off at either end, a wild card's place, a
// discard with or without announcing), the cards are selected and the buttons ask; the prompt
// says what the choice means (on hover, and on a tap: choiceNote). Only the
// targets that some legal action fits take a drop (highlighted while dragging, targets.js).
// A finger or a pen held still on a card shows what it means (meaning.js); a mouse pointer
// resting on it shows the same words as its tooltip.
import { play } from "./arrange.js";
import { el, t } from "./i18n.js";
import { renderActions, renderHand } from "./hand.js";
import { hideMeaning, showMeaning } from "./meaning.js";
import { explained, infoButton, topicText } from "./rules.js";
import { say, selectCards, ui } from "./state.js";
import { clearTargets, dropActions, dropAllowed, dropTargetAt, markTargets } from "./targets.js";

const START = 8; // pixels a press moves before it is a drag
const LONG = 550; // milliseconds a still press takes to show the card's meaning
let press = null; // {id, x, y, node, index, dragging, long, timer}
let ghost = null;
let swallowClick = false;

function startDrag(i) {
  const indices = ui.selected.has(i) ? [...ui.selected].sort((a, b) => a - b) : [i];
  ui.drag = { held: i, indices, cards: indices.map((j) => ui.order[j]) };
  markTargets();
  for (const j of indices) {
    const node = document.querySelector(`#hand .card[data-index="${j}"]`);
    if (node) node.classList.add("dragging");
  }
  const held = document.querySelector(`#hand .card[data-index="${i}"]`);
  ghost = document.createElement("div");
  ghost.className = "drag-ghost";
  ghost.setAttribute("aria-hidden", "true");
  if (held) ghost.append(held.cloneNode(true));
  if (indices.length > 1) ghost.dataset.count = String(indices.length);
  document.body.append(ghost);
}

function moveGhost(x, y) {
  if (ghost) ghost.style.transform = `translate(${x}px, ${y}px)`;
}

function endDrag() {
  if (ghost) ghost.remove();
  ghost = null;
  if (!ui.drag) return;
  ui.drag = null;
  clearTargets();
  renderHand();
}

function over(node) {
  const target = dropTargetAt(node);
  const ok = dropAllowed(target, ui.drag);
  const hit = ok ? target.el : null;
  if (ui.dragOver !== hit) {
    if (ui.dragOver) ui.dragOver.classList.remove("drop-over");
    if (hit) hit.classList.add("drop-over");
    ui.dragOver = hit;
  }
}

/** The end of a meld nearer the point (its cards lie low to high along the line). */
function nearestEnd(x, node) {
  const r = node.getBoundingClientRect();
  let f = (x - r.left) / (r.width || 1);
  if (getComputedStyle(node).direction === "rtl") f = 1 - f;
  return f < 0.5 ? "low" : "high";
}

function drop(node, x) {
  const drag = ui.drag;
  const target = dropTargetAt(node);
  if (!dropAllowed(target, drag)) {
    endDrag();
    return;
  }
  const fits = dropActions(target, drag);
  const at = target.kind === "hand" ? dropPlace(node, x) : null; // before the hand is redrawn
  endDrag();
  if (target.kind === "hand") {
    reorder(drag, at);
    return;
  }
  let chosen = fits;
  if (target.kind === "meld" && fits.length > 1) {
    const end = nearestEnd(x, target.el);
    const there = fits.filter((a) => "add" in a && a.end === end);
    if (there.length === 1) chosen = there;
  }
  if (chosen.length === 1) {
    play(chosen[0]);
    return;
  }
  // more than one move fits: select the cards, the buttons ask
  const held = ui.order[drag.held];
  selectCards(target.kind === "new" || chosen.some((a) => "swap" in a) ? drag.cards : [held]);
  renderHand();
  renderActions();
  const why = choiceKind(chosen);
  say(() => choiceNote(why));
}

/** What the choice between these moves is about: "announce" (a discard with or without its
 * announcement, L-70, L-71), "end" (a lay-off at either end of a run, L-11, L-13), "meld" (the
 * same cards laid as different melds: a wild card's place, L-13), "swap" (a lay-off, or the
 * meld's wild card taken, L-40), else "other". */
function choiceKind(moves) {
  if (moves.some((a) => "discard" in a && "announce" in a)) return "announce";
  if (moves.some((a) => "swap" in a)) return "swap";
  if (moves.length && moves.every((a) => "add" in a)) {
    const ends = new Set(moves.map((a) => a.end));
    if (ends.size > 1 && !ends.has(undefined)) return "end";
  }
  if (moves.length && moves.every((a) => "meld" in a)) return "meld";
  return "other";
}

/** The prompt of a drop that more than one move fits, and what the choice means: on hover (its
 * title), on a tap or a click on it or on its "?" (rules.js's note), with the rule ids. */
function choiceNote(kind) {
  const v = ui.view;
  const book = kind === "announce" && v ? topicText("announced", v.preset, ui.values) : "";
  const why = `${t(`choose_${kind}`)}${book ? ` ${book}` : ""}`;
  return explained(el("span", { class: "choose", "data-choose": kind },
    t("drop_choose"), " ", infoButton(`choose_${kind}`, why)), why);
}

/** The place in the hand a drop means: before (or after) the card dropped on, else the end. */
function dropPlace(node, x) {
  const on = node.closest("#hand .card[data-index]");
  if (!on) return ui.order.length;
  const j = Number(on.dataset.index);
  const r = on.getBoundingClientRect();
  const mid = r.left + r.width / 2;
  const rtl = getComputedStyle(document.getElementById("hand")).direction === "rtl";
  return (rtl ? x < mid : x > mid) ? j + 1 : j;
}

/** Moves the cards dragged to place `at` (an index in the order before the move). */
function reorder(drag, at) {
  const moving = new Set(drag.indices);
  const items = ui.order.map((c, j) => ({ c, j, sel: ui.selected.has(j) }));
  const next = [
    ...items.slice(0, at).filter((x) => !moving.has(x.j)),
    ...drag.indices.map((j) => items[j]),
    ...items.slice(at).filter((x) => !moving.has(x.j)),
  ];
  ui.order = next.map((x) => x.c);
  ui.selected = new Set(next.flatMap((x, k) => (x.sel ? [k] : [])));
  renderHand();
  renderActions();
}

function onDown(event) {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  hideMeaning();
  const node = event.target instanceof Element ? event.target.closest(".card") : null;
  if (!node || !node.closest("#hand, #melds, #pile, #indicator")) return;
  const index = node.matches("#hand .card[data-index]") ? Number(node.dataset.index) : null;
  press = { id: event.pointerId, x: event.clientX, y: event.clientY, node, index,
    dragging: false, long: false };
  // a finger or a pen held still says what the card means (a mouse has the card's tooltip)
  if (event.pointerType === "mouse") return;
  press.timer = setTimeout(() => {
    if (press && !press.dragging) {
      press.long = true;
      showMeaning(node);
    }
  }, LONG);
}

function onMove(event) {
  if (!press || event.pointerId !== press.id) return;
  if (!press.dragging) {
    const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) >= START;
    if (press.index === null || !far) return;
    clearTimeout(press.timer);
    hideMeaning(); // a card held still, then moved: its meaning was said, now it is dragged
    press.dragging = true;
    startDrag(press.index);
  }
  event.preventDefault();
  moveGhost(event.clientX, event.clientY);
  over(document.elementFromPoint(event.clientX, event.clientY));
}

function onUp(event) {
  if (!press || event.pointerId !== press.id) return;
  clearTimeout(press.timer);
  const done = press;
  press = null;
  if (done.dragging || done.long) {
    swallowClick = true; // the click that ends a drag or a long press is not a selection
    setTimeout(() => { swallowClick = false; }, 0);
  }
  if (done.dragging) drop(document.elementFromPoint(event.clientX, event.clientY), event.clientX);
}

function onCancel(event) {
  if (!press || event.pointerId !== press.id) return;
  clearTimeout(press.timer);
  press = null;
  endDrag();
}

/** Listens for presses on the page (once): drags of hand cards, long presses on cards. */
export function setupDrag() {
  document.addEventListener("pointerdown", onDown);
  document.addEventListener("pointermove", onMove, { passive: false });
  document.addEventListener("pointerup", onUp);
  document.addEventListener("pointercancel", onCancel);
  document.addEventListener("click", (event) => {
    if (swallowClick) {
      event.stopPropagation();
      event.preventDefault();
      swallowClick = false;
    }
  }, true);
  document.addEventListener("contextmenu", (event) => {
    // a long press on a card shows its meaning, not the browser's menu
    if (event.target instanceof Element && event.target.closest(".card")) event.preventDefault();
  });
}
