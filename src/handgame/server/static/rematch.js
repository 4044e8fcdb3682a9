// Play again (docs/web-protocol.md, Rematch): at the match's end each player says yes or no;
// the next match starts once every player has answered (or the host starts it with those who
// said yes); a player who leaves is replaced by a bot or the table waits, as the host chose.
// Once the server has made the next table, each player who said yes (and every spectator) is
// taken there: the same token holds the same seat at the new table.
import { sendMessage } from "./client.js";
import { el, t } from "./i18n.js";
import { hostToken, nameOf, token, ui } from "./state.js";

let moved = false;

function nextUrl(next) {
  const parts = [];
  if (token && ui.seat !== null) parts.push(`token=${encodeURIComponent(token)}`);
  if (hostToken) parts.push(`host=${encodeURIComponent(hostToken)}`);
  return `/play/${encodeURIComponent(next)}${parts.length ? "#" + parts.join("&") : ""}`;
}

function votes() {
  const room = ui.room || { votes: {} };
  return ui.seats.map((s, i) => (s.kind !== "human" ? null : el("li", { "data-vote": i },
    nameOf(i), ": ", i in room.votes || String(i) in room.votes
      ? t(room.votes[String(i)] ? "rematch_yes" : "rematch_no") : "…"))).filter(Boolean);
}

/** The rematch box of the match summary (drawn again as answers come). */
export function rematchBox() {
  const box = el("div", { id: "rematch", class: "rematch" });
  fill(box);
  return box;
}

function fill(box) {
  const room = ui.room || { votes: {}, decliners: "bots", next: null };
  if (ui.ended) {
    box.replaceChildren();
    return;
  }
  if (room.next) {
    const mine = ui.seat === null || room.votes[String(ui.seat)] !== false;
    box.replaceChildren(el("p", {}, t("rematch_ready"), " ",
      el("a", { href: nextUrl(room.next), "data-next": room.next }, t("rematch_go"))));
    if (mine && !moved) {
      moved = true;
      location.assign(nextUrl(room.next));
      if (location.pathname.endsWith(room.next)) location.reload();
    }
    return;
  }
  const parts = [];
  const answered = ui.seat !== null && String(ui.seat) in room.votes;
  if (ui.seat !== null && !answered) {
    parts.push(el("p", {},
      el("button", { type: "button", class: "primary", id: "play-again",
        onclick: () => sendMessage({ type: "rematch", accept: true }) }, t("play_again")), " ",
      el("button", { type: "button", id: "leave-table",
        onclick: () => sendMessage({ type: "rematch", accept: false }) }, t("leave_table"))));
  } else if (answered) {
    parts.push(el("p", { class: "note" }, t("rematch_waiting")));
  }
  parts.push(el("ul", { class: "votes" }, votes()));
  if (hostToken) {
    const choice = el("select", { id: "rematch-decliners" }, ["bots", "wait"].map((v) =>
      el("option", { value: v, selected: room.decliners === v }, t(`decliners_${v}`))));
    choice.addEventListener("change", () => sendMessage({ type: "room", host: hostToken,
      do: "settings", decliners: choice.value }));
    parts.push(el("p", {}, el("label", {}, t("rematch_decliners"), " ", choice)));
    if (Object.values(room.votes).some(Boolean)) {
      parts.push(el("p", {}, el("button", { type: "button", id: "rematch-now",
        onclick: () => sendMessage({ type: "room", host: hostToken, do: "rematch" }) },
      t("rematch_now"))));
    }
  }
  box.replaceChildren(...parts);
}

/** The room changed (an answer, the next table): the box is drawn again where it is. */
export function renderRematch() {
  const box = document.getElementById("rematch");
  if (box) fill(box);
}
