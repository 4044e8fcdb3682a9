// Drag and drop (HTML5; the clicks and the keyboard work as before): a hand card, or the selected
// cards when the card held is one of them, dropped
// - elsewhere in the hand: a custom order (kept until the hand changes or the player sorts);
// - on a meld: lays the card held off there (at the end nearer the drop point, where both ends
//   take it), or swaps the cards for its wild card, as a click on the meld does;
// - on the new-meld zone or this seat's meld area: melds the cards, as "Meld selected" does;
// - on the discard pile: discards the card held.
// A drop sends one of the view's legal_actions; where several fit (the arrangements of a meld, a
// discard with or without announcing), the cards are selected and the buttons ask. Only the
// targets that some legal action fits take a drop (highlighted while dragging, targets.js);
// elsewhere a drop does nothing.
import { send } from "./client.js";
import { t } from "./i18n.js";
import { renderActions, renderHand } from "./hand.js";
import { say, selectCards, ui } from "./state.js";
import { clearTargets, dropActions, dropAllowed, dropTargetAt, markTargets } from "./targets.js";

function dragStart(event, i) {
  const indices = ui.selected.has(i) ? [...ui.selected].sort((a, b) => a - b) : [i];
  ui.drag = { held: i, indices, cards: indices.map((j) => ui.order[j]) };
  event.dataTransfer.effectAllowed = "move";
  event.dataTransfer.setData("text/plain", ui.drag.cards.join(" "));
  markTargets();
  // fade the cards dragged once the browser has taken its picture of the one held
  setTimeout(() => {
    if (!ui.drag) return;
    for (const j of ui.drag.indices) {
      const node = document.querySelector(`#hand .card[data-index="${j}"]`);
      if (node) node.classList.add("dragging");
    }
  }, 0);
}

function dragEnd() {
  if (!ui.drag) return;
  ui.drag = null;
  clearTargets();
  renderHand();
}

/** The hand card a dragstart is on, or null. */
function handCardOf(event) {
  const node = event.target;
  return node instanceof Element ? node.closest("#hand .card[data-index]") : null;
}

function onDragOver(event) {
  if (!ui.drag) return;
  const target = dropTargetAt(event.target);
  const ok = dropAllowed(target, ui.drag);
  const node = ok ? target.el : null;
  if (ui.dragOver !== node) {
    if (ui.dragOver) ui.dragOver.classList.remove("drop-over");
    if (node) node.classList.add("drop-over");
    ui.dragOver = node;
  }
  if (ok) {
    event.preventDefault(); // a drop here is taken
    event.dataTransfer.dropEffect = "move";
  }
}

/** The end of a meld nearer the point (its cards lie low to high along the line). */
function nearestEnd(event, node) {
  const r = node.getBoundingClientRect();
  let f = (event.clientX - r.left) / (r.width || 1);
  if (getComputedStyle(node).direction === "rtl") f = 1 - f;
  return f < 0.5 ? "low" : "high";
}

function onDrop(event) {
  const drag = ui.drag;
  const target = dropTargetAt(event.target);
  if (!dropAllowed(target, drag)) return;
  event.preventDefault();
  const fits = dropActions(target, drag);
  const at = target.kind === "hand" ? dropPlace(event) : null; // before the hand is drawn again
  dragEnd();
  if (target.kind === "hand") {
    reorder(drag, at);
    return;
  }
  let chosen = fits;
  if (target.kind === "meld" && fits.length > 1) {
    const end = nearestEnd(event, target.el);
    const there = fits.filter((a) => "add" in a && a.end === end);
    if (there.length === 1) chosen = there;
  }
  if (chosen.length === 1) {
    send(chosen[0]);
    return;
  }
  // more than one move fits: select the cards, the buttons ask
  const held = ui.order[drag.held];
  selectCards(target.kind === "new" || chosen.some((a) => "swap" in a) ? drag.cards : [held]);
  renderHand();
  renderActions();
  say(() => t("drop_choose"));
}

/** The place in the hand a drop means: before (or after) the card dropped on, else the end. */
function dropPlace(event) {
  const over = event.target.closest("#hand .card[data-index]");
  if (!over) return ui.order.length;
  const j = Number(over.dataset.index);
  const r = over.getBoundingClientRect();
  const mid = r.left + r.width / 2;
  const rtl = getComputedStyle(document.getElementById("hand")).direction === "rtl";
  return (rtl ? event.clientX < mid : event.clientX > mid) ? j + 1 : j;
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

/** Listens for drags on the page (once): of hand cards, over and onto the drop targets. */
export function setupDrag() {
  document.addEventListener("dragstart", (event) => {
    const card = handCardOf(event);
    if (card) dragStart(event, Number(card.dataset.index));
  });
  document.addEventListener("dragend", dragEnd);
  document.addEventListener("dragenter", onDragOver);
  document.addEventListener("dragover", onDragOver);
  document.addEventListener("drop", onDrop);
}
