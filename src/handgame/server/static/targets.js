// Where a drag of hand cards may be dropped, and what a drop there means (see drag.js): a meld,
// the new-meld zone (or this seat's meld area), the discard pile, the hand. Only the targets
// that some legal action fits take a drop; they are highlighted while dragging.
import { sameCards } from "./cards.js";
import { ui } from "./state.js";

/** Whether the cards dragged are still where they were in the hand. */
export function dragCurrent(drag) {
  return drag.indices.every((j, k) => ui.order[j] === drag.cards[k]);
}

/** The drop target an element is in: a meld, the new-meld zone, the discard pile, the hand. */
export function dropTargetAt(node) {
  if (!(node instanceof Element)) return null;
  const meld = node.closest("#melds .meld[data-meld]");
  if (meld) return { kind: "meld", el: meld, index: Number(meld.dataset.meld) };
  const zone = node.closest("#new-meld") ||
    (ui.seat !== null && node.closest(`#melds .owner-melds[data-owner="${ui.seat}"]`));
  if (zone) return { kind: "new", el: zone };
  const pile = node.closest("#discard-box");
  if (pile) return { kind: "discard", el: pile };
  const hand = node.closest("#hand");
  if (hand) return { kind: "hand", el: hand };
  return null;
}

/** The legal actions a drop of `drag` on `target` may mean (none for the hand: a reorder). */
export function dropActions(target, drag) {
  const v = ui.view;
  if (!v || ui.seat === null || !drag || !dragCurrent(drag)) return [];
  const held = ui.order[drag.held];
  const legal = v.legal_actions;
  if (target.kind === "meld") {
    return legal.filter((a) => ("add" in a && a.to === target.index && a.add === held) ||
      ("swap" in a && a.at === target.index && sameCards(a.swap, drag.cards)));
  }
  if (target.kind === "new") {
    return legal.filter((a) => "meld" in a && sameCards(a.meld.flat(), drag.cards));
  }
  if (target.kind === "discard") return legal.filter((a) => "discard" in a && a.discard === held);
  return [];
}

export function dropAllowed(target, drag) {
  if (!target || !drag) return false;
  if (target.kind === "hand") return dragCurrent(drag);
  return dropActions(target, drag).length > 0;
}

/** Highlights the targets that take a drop of the cards dragged now. */
export function markTargets() {
  clearTargets();
  const nodes = document.querySelectorAll("#melds .meld[data-meld], #new-meld, #discard-box, #hand");
  for (const node of nodes) {
    if (dropAllowed(dropTargetAt(node), ui.drag)) node.classList.add("drop-ok");
  }
  document.body.classList.add("dragging-cards");
}

export function clearTargets() {
  for (const node of document.querySelectorAll(".drop-ok, .drop-over")) {
    node.classList.remove("drop-ok", "drop-over");
  }
  document.body.classList.remove("dragging-cards");
  ui.dragOver = null;
}
