// A table: one seat's (or a spectator's) page, over the WebSocket of docs/web-protocol.md.
// Every move button is built from the view's legal_actions, which are sent as they are.
// The page's modules:
// - state.js: the table, the token, what the page shows (the hand's order, the selection…);
// - client.js: the WebSocket (connecting again, sending actions, the turn timer);
// - table.js: the table drawn (seats, piles, melds, scores, log, timer);
// - summary.js: the round and match summaries (kept and shown in order);
// - sound.js: the optional sounds (off by default);
// - hand.js: the hand, the move buttons and the hint;
// - arrange.js: the turn's melds, lay-offs and swaps laid out (previewed), taken back, confirmed;
// - drag.js, targets.js, meaning.js: dragging hand cards onto the table (mouse, pen, finger), and
//   a long press saying what a card means;
// - words.js (shared with replay.js): an action in words;
// - rules.js: the rules panel, the badges explained; guide.js: the first game's guide;
// - room.js: the waiting room (before the start); chat.js: the chat; rematch.js: play again.
// This one ties them together: the server's messages, the page's buttons.
import { onArrangeError, onCommitted, onPreview, setupArrange } from "./arrange.js";
import { sameCards } from "./cards.js";
import { onChat, renderChat, setupChat } from "./chat.js";
import { connect, setDeadline } from "./client.js";
import { setupDrag } from "./drag.js";
import { renderGuide } from "./guide.js";
import { hint, sortBy } from "./hand.js";
import { errorText, setupLanguage, t } from "./i18n.js";
import { renderRematch } from "./rematch.js";
import { openRules, setupExplain } from "./rules.js";
import { joined, newLink, renderRoom } from "./room.js";
import { say, sortHand, tableId, ui } from "./state.js";
import { setupSound, sound } from "./sound.js";
import { queueSummaries } from "./summary.js";
import { render, renderTimer } from "./table.js";

/** The hand cards (indices into the new order) that were not in the old hand: they arrive. */
function arrivals(before, order) {
  const left = [...before];
  const out = new Set();
  order.forEach((c, i) => {
    const k = left.indexOf(c);
    if (k >= 0) left.splice(k, 1);
    else out.add(i);
  });
  return out;
}

/** The room as the server says it (the room panel, the rematch box, the chat's options). */
function onRoom(room) {
  if (room === undefined) return;
  ui.room = room;
  renderRoom();
  renderRematch();
  renderChat();
}

function onState(message) {
  ui.ended = message.ended || ui.ended;
  const previous = ui.view;
  ui.version = message.version;
  ui.view = message.view;
  ui.committed = message.view;
  const hand = ui.view.hand;
  ui.arrived = new Set();
  if (!previous || !sameCards(previous.hand, hand) || previous.hand.length !== hand.length) {
    ui.order = sortHand(hand);
    if (previous && previous.hand.length) ui.arrived = arrivals(previous.hand, ui.order);
    ui.selected = new Set();
    ui.drag = null;
  }
  setDeadline(message);
  const acting = ui.view.to_act ?? ui.view.turn;
  const before = previous ? previous.to_act ?? previous.turn : null;
  if (acting === ui.seat && ui.seat !== null && previous && before !== acting) {
    say(t("your_turn"), false, true);
    sound("turn");
  } else if (ui.note && ui.note.turnNote && (acting !== ui.seat || ui.view.phase === "over")) {
    say(""); // "Your turn" goes once the turn has passed (or the match is over)
  }
  if (previous && ui.view.public && previous.public &&
      ui.view.public.actions.length !== previous.public.actions.length) sound("card");
  queueSummaries(previous);
  if (message.ended) say(t("table_ended"), true); // its host, the operator or the server ended it
  render();
  renderGuide();
  onCommitted(); // an arrangement still being laid out is checked again at this version
}

function onMessage(m) {
  if (m.type === "welcome") {
    ui.seat = m.seat;
    ui.seats = m.seats;
    onRoom(m.room);
    if (ui.seat === null) {
      ui.bottom = 0; // a spectator sees seat 1 at the bottom, as the replay draws it
      say(t("spectator"));
    }
    else if (ui.note && (ui.note.lost || ui.note.node === t("connecting"))) say(""); // back
  } else if (m.type === "seats") {
    ui.seats = m.seats;
    setDeadline(m);
    onRoom(m.room);
    render();
  } else if (m.type === "chat") {
    onChat(m);
  } else if (m.type === "joined") {
    joined(m);
  } else if (m.type === "link") {
    newLink(m);
  } else if (m.type === "reseated") {
    ui.seat = m.seat;
    render();
  } else if (m.type === "state") {
    if (m.resync || m.version > ui.version) onState(m);
    renderRoom();
  } else if (m.type === "preview") {
    onPreview(m);
  } else if (m.type === "error") {
    if (!onArrangeError(m)) say(() => errorText(m), true);
  } else if (m.type === "ack") {
    if (ui.note && ui.note.error) say("");
  }
}

function onLost() {
  say(t("disconnected"), true);
  ui.note.lost = true; // said until the server welcomes this page again
}

async function main() {
  setupLanguage(() => { render(); renderRoom(); renderChat(); renderRematch(); renderGuide(); });
  say(t("connecting"));
  document.getElementById("sort-suit").addEventListener("click", () => sortBy("suit"));
  document.getElementById("sort-rank").addEventListener("click", () => sortBy("rank"));
  document.getElementById("hint").addEventListener("click", hint);
  setupArrange(() => { render(); renderGuide(); }); // the guide follows a turn laid out
  setupDrag();
  setupExplain();
  document.getElementById("rules-open").addEventListener("click", () => {
    if (ui.view) openRules(ui.view.preset, ui.values || {});
  });
  setupSound();
  setupChat();
  document.getElementById("discard-box").addEventListener("click", () => {
    if (ui.view && ui.view.discard_pile.length) document.getElementById("pile-all").showModal();
  });
  try {
    const summary = await (await fetch(`/api/tables/${encodeURIComponent(tableId)}`)).json();
    ui.seats = summary.seats || [];
    ui.values = summary.values || {}; // the table's option values: the rules panel's
  } catch (e) {
    // the welcome message brings the seats
  }
  setInterval(renderTimer, 500);
  connect(onMessage, onLost);
}

main();
