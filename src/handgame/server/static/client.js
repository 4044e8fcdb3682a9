// The table's WebSocket (docs/web-protocol.md, hand-web/1): connecting (again, with `since`,
// after a drop), sending actions, and the turn timer each message carries.
import { tableId, token, ui } from "./state.js";

let socket = null;
let retry = 0;

/** Sends one action (one of the view's legal_actions, as it is) for the version shown. */
export function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  ui.sent += 1;
  socket.send(JSON.stringify({ type: "action", id: `c-${ui.sent}-${ui.version}`,
    version: ui.version, action }));
}

/** Sends a turn's steps at once (`kind`: "preview", answered to this page alone, or "turn", which
 * plays them: docs/web-protocol.md, Arranging a turn); the message's id, or null if not sent. */
export function sendSteps(kind, actions) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return null;
  ui.sent += 1;
  const id = `${kind[0]}-${ui.sent}-${ui.version}`;
  socket.send(JSON.stringify({ type: kind, id, version: ui.version, actions }));
  return id;
}

/** Sends a room message (join, room, ready, chat, rematch: docs/web-protocol.md, Rooms). */
export function sendMessage(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  ui.sent += 1;
  socket.send(JSON.stringify({ id: `r-${ui.sent}`, ...message }));
  return true;
}

/** A round or match summary opened (`reading`) or closed: the server holds this seat's turn
 * timer meanwhile (docs/web-protocol.md, pause and resume); said again after a reconnection. */
export function holdTimer(reading) {
  ui.holding = reading;
  if (socket && socket.readyState === WebSocket.OPEN && token) {
    socket.send(JSON.stringify({ type: reading ? "pause" : "resume" }));
  }
}

// The server sends the turn timer with every state and seats message: the seconds left
// (turn_remaining) are counted down on this browser's clock, so a clock set wrong does not matter.
export function setDeadline(message) {
  if (!("turn_remaining" in message)) return;
  const left = message.turn_remaining;
  ui.deadline = typeof left === "number" ? Date.now() + left * 1000 : null;
  if (typeof left !== "number") ui.deadlineTotal = null;
  else if (ui.deadlineTotal === null || left > ui.deadlineTotal) ui.deadlineTotal = left;
}

/**
 * Connects to the table, and again after a drop (with `since`, the last version shown);
 * `onMessage(m)` gets every server message, `onLost()` is called when the socket drops (and a
 * reconnection is on its way: not after a wrong token or an unknown table).
 */
export function connect(onMessage, onLost) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const q = new URLSearchParams();
  if (token) q.set("token", token);
  if (ui.version >= 0) q.set("since", String(ui.version));
  socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}?${q}`);
  socket.addEventListener("open", () => {
    retry = 0;
    if (ui.holding && token) socket.send(JSON.stringify({ type: "pause" }));
  });
  socket.addEventListener("message", (event) => {
    const m = JSON.parse(event.data);
    onMessage(m);
    if (m.type === "error" && (m.code === "bad_token" || m.code === "unknown_table")) {
      socket.onclose = null;
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4403 || event.code === 4404) return;
    onLost();
    retry = Math.min(retry + 1, 6);
    setTimeout(() => connect(onMessage, onLost), 250 * 2 ** retry);
  });
}
