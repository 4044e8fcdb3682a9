// The table page's state: which table, this seat's token, the last view and what the page
// shows of it (the hand's order, the selection, a drag, the note). Shared by play.js's modules.
import { byRank, bySuit } from "./cards.js";
import { bdi, seatName, t } from "./i18n.js";

export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const fragment = new URLSearchParams(location.hash.slice(1));
/** This seat's token: the link's, else the one this browser got taking a seat of the room. */
export const token = fragment.get("token") || stored(`hand-seat-${tableId}`);
/** The host's token (the lobby's link to the host's own seat carries it; kept here after). */
export const hostToken = fragment.get("host") || stored(`hand-host-${tableId}`);
if (fragment.get("host")) keep(`hand-host-${tableId}`, fragment.get("host"));

/** A value this browser keeps (localStorage), or null. */
export function stored(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

/** Keeps a value in this browser (localStorage; null forgets it). */
export function keep(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (e) {
    // a browser that keeps nothing: the link still holds the token
  }
}

export const ui = {
  seat: null,
  seats: [],
  room: null, // the table's room (waiting, public, ready, votes, next), from the server
  ended: null, // why the table ended early ({by, reason}), from the last state
  view: null,
  values: {}, // the table's option values (GET /api/tables/ID): the rules panel words them
  version: -1,
  order: [], // the hand as shown
  selected: new Set(), // indices into order
  sort: "suit",
  note: null, // {node, error}: a text, a node, or a function making it (again on a language switch)
  resultsSeen: null,
  summaryQueue: [], // the summaries to show, in order (kept while one is open)
  overShown: false,
  lastTop: undefined, // the discard pile's top card last drawn (a new one arrives, animated)
  arrived: new Set(), // hand cards new since the last view (animated)
  deadlineTotal: null, // the turn timer's length when it started (for the ring)
  deadline: null, // when the turn timer runs out (this browser's clock), from the server
  sent: 0,
  holding: false, // a summary is open: the server holds this seat's turn timer
  committed: null, // the server's last view (ui.view is a preview while a turn is laid out)
  arranged: [], // the turn's steps laid out, not yet played: {action, before} (arrange.js)
  previewing: null, // the id of the preview asked for and not yet answered
  turnSent: null, // the id of the turn sent and not yet played
  turnUntil: -1, // the version its last step makes
  drag: null, // a drag of hand cards: {held, indices, cards} (indices into order, held among them)
  dragOver: null, // the drop target under the pointer, highlighted
};

/** A seat's name (a `<bdi>`): from the view, else the seats, else "Seat n". */
export function nameOf(i) {
  const v = ui.view;
  const name = (v && v.names[i]) || (ui.seats[i] && ui.seats[i].name) || t("seat", { n: i + 1 });
  return bdi(seatName(name));
}

/** Whether a card is wild at this table (Hand: the view's `wild`; Hand and Foot: the jokers and
 * its `wild_ranks`). */
export function isWild(card) {
  const v = ui.view;
  if (!v) return false;
  if (v.wild) return card === v.wild;
  if (v.wild_ranks) return card === "X" || v.wild_ranks.includes(card[0]);
  return false;
}

/** The cards selected, in the hand's order. */
export function selectedCards() {
  return [...ui.selected].sort((a, b) => a - b).map((i) => ui.order[i]);
}

/** Selects these cards of the hand (and nothing else). */
export function selectCards(cards) {
  ui.selected = new Set();
  for (const c of cards) {
    const i = ui.order.findIndex((x, j) => x === c && !ui.selected.has(j));
    if (i >= 0) ui.selected.add(i);
  }
}

export function sortHand(hand) {
  return [...hand].sort(ui.sort === "rank" ? byRank : bySuit);
}

/** Shows a note under the hand (a text, a node, or a function making one, kept for a switch). */
export function say(node, error = false, turnNote = false) {
  ui.note = { node, error, turnNote };
  renderNote();
}

export function renderNote() {
  const box = document.getElementById("announce");
  box.className = "announce" + (ui.note && ui.note.error ? " error" : "");
  const node = ui.note ? ui.note.node : "";
  box.replaceChildren(typeof node === "function" ? node() : node);
}
