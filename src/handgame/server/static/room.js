// The waiting room (docs/web-protocol.md, Rooms): while a table waits for its host, the page
// shows its seats (who has joined, who is ready, the free ones), the room's link to share,
// "Sit here" for a visitor, "I'm ready" for a player, and the host's commands (start, seat a
// bot, free a seat, swap two seats, a seat's new link, public or not, spectators' chat, cancel).
// No turn timer runs before the start: nothing is dealt.
import { sendMessage } from "./client.js";
import { botName, el, seatName, t } from "./i18n.js";
import { hostToken, keep, say, stored, tableId, ui } from "./state.js";
import { me, whoAmI } from "./nav.js";

whoAmI(); // who is logged in, before anyone takes a seat

/** Whether the table waits in its room (the page shows the room, not the felt). */
export function waiting() {
  return Boolean(ui.room && ui.room.waiting && !ui.ended);
}

function host(command) {
  sendMessage({ type: "room", host: hostToken, ...command });
}

function roomLink() {
  return `${location.origin}/play/${encodeURIComponent(tableId)}`;
}

function copyRow(url, attrs) {
  const input = el("input", { type: "text", readonly: true, value: url, dir: "ltr",
    "aria-label": t("room_link"), ...attrs });
  const copy = el("button", { type: "button" }, t("copy"));
  copy.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(url); } catch (e) { input.select(); }
    copy.textContent = t("copied");
  });
  return el("p", { class: "invite" }, input, copy);
}

function seatStatus(i, s) {
  if (s.kind === "open") return t("room_free");
  if (s.kind === "bot") return `${t("bot")}: ${botName(s.bot)}`;
  const ready = ui.room.ready.includes(i);
  return [s.connected ? t("room_here") : t("room_not_here"), ready ? t("room_ready") : null]
    .filter(Boolean).join(" · ");
}

function hostTools(i, s) {
  const n = ui.seats.length;
  const tools = [];
  if (s.kind === "open") {
    tools.push(el("button", { type: "button", "data-seat-bot-add": i,
      onclick: () => host({ do: "bot", seat: i }) }, t("room_seat_bot")));
  } else if (i !== ui.seat) {
    tools.push(el("button", { type: "button", "data-free": i,
      onclick: () => host({ do: "open", seat: i }) }, t("room_free_seat")));
  }
  if (s.kind === "human" && i !== ui.seat) {
    tools.push(el("button", { type: "button", "data-new-link": i,
      onclick: () => host({ do: "link", seat: i }) }, t("room_new_link")));
  }
  const swap = el("select", { "data-swap": i, "aria-label": t("room_move") },
    el("option", { value: "" }, t("room_move")),
    [...Array(n).keys()].filter((k) => k !== i)
      .map((k) => el("option", { value: k }, t("seat", { n: k + 1 }))));
  swap.addEventListener("change", () => {
    if (swap.value !== "") host({ do: "swap", seats: [i, Number(swap.value)] });
  });
  tools.push(swap);
  return el("span", { class: "room-tools" }, tools);
}

function seatRow(i) {
  const s = ui.seats[i] || {};
  const team = ui.view && ui.view.partnership ? i % (ui.view.teams || 2) : null;
  const tags = [];
  if (i === ui.seat) tags.push(t("room_you"));
  const name = s.kind === "open" ? null : el("bdi", { class: "room-name" }, seatName(s.name || ""));
  const take = ui.seat === null && s.kind === "open"
    ? el("button", { type: "button", class: "primary", "data-take": i, onclick: () => join(i) },
      t("room_take")) : null;
  return el("li", { class: "room-seat" + (team !== null ? ` team team-${team}` : ""),
    "data-room-seat": i, "data-kind": s.kind || "" },
  el("strong", {}, t("seat", { n: i + 1 })),
  team !== null ? el("span", { class: "team-tag" }, t("team_of", { n: team + 1 })) : null,
  name, tags.length ? el("span", { class: "tag" }, tags.join(" · ")) : null,
  el("span", { class: "room-status" }, seatStatus(i, s)),
  take, hostToken ? hostTools(i, s) : null);
}

function join(seat) {
  const input = document.getElementById("join-name");
  // a logged-in player's name is its account's (a ranked table takes no other: issue 40)
  const name = (input && input.value.trim()) || me || "";
  if (!name) {
    if (input) input.focus();
    return;
  }
  keep("hand-name", name);
  sendMessage({ type: "join", name, seat });
}

/** The server gave this visitor a seat: keep its token and open the table as that seat. */
export function joined(m) {
  keep(`hand-seat-${tableId}`, m.token);
  location.replace(`/play/${encodeURIComponent(tableId)}#token=${encodeURIComponent(m.token)}`);
  location.reload();
}

/** The host gave a seat a new link: shown to the host to pass on (in the room, or under the
 * hand during the match). */
export function newLink(m) {
  ui.newLink = m;
  if (waiting()) {
    renderRoom();
    return;
  }
  say(() => el("span", { id: "room-new-link" }, t("room_link_for", { n: m.seat + 1 }), " ",
    copyRow(`${roomLink()}#token=${encodeURIComponent(m.token)}`, { "data-link-of": m.seat })));
}

/** During the match, the host's button on the seat of a player who has gone: a new link for
 * that seat, to give it to someone else. */
export function seatLinkButton(i) {
  const s = ui.seats[i] || {};
  if (!hostToken || waiting() || s.kind !== "human" || i === ui.seat || (s.connected && !s.away)) {
    return null;
  }
  if (ui.view && ui.view.phase === "over") return null;
  return el("button", { type: "button", class: "seat-link", "data-new-link": i,
    onclick: () => host({ do: "link", seat: i }) }, t("room_new_link"));
}

function hostPanel() {
  const room = ui.room;
  const pub = el("input", { type: "checkbox", id: "room-public", checked: room.public });
  pub.addEventListener("change", () => host({ do: "settings", public: pub.checked }));
  const chat = el("select", { id: "room-spectator-chat" },
    ["apart", "off"].map((v) => el("option", { value: v, selected: room.spectator_chat === v },
      t(`room_chat_${v}`))));
  chat.addEventListener("change", () => host({ do: "settings", spectator_chat: chat.value }));
  const free = ui.seats.some((s) => s.kind === "open");
  return el("div", { class: "room-host" },
    el("p", {},
      el("button", { type: "button", class: "primary", id: "room-start", disabled: free,
        onclick: () => host({ do: "start" }) }, t("room_start")),
      " ", el("button", { type: "button", id: "room-cancel",
        onclick: () => host({ do: "cancel" }) }, t("room_cancel"))),
    el("p", {}, el("label", {}, pub, " ", t("room_public")), " ",
      el("label", {}, t("room_spectator_chat"), " ", chat)),
    ui.newLink ? el("div", { id: "room-new-link" },
      el("p", {}, t("room_link_for", { n: ui.newLink.seat + 1 })),
      copyRow(`${roomLink()}#token=${encodeURIComponent(ui.newLink.token)}`,
        { "data-link-of": ui.newLink.seat })) : null);
}

/** Draws the room panel (hidden once the match has started). */
export function renderRoom() {
  const panel = document.getElementById("room-panel");
  const on = waiting();
  document.body.classList.toggle("waiting", on);
  panel.hidden = !on;
  if (!on) return;
  const seats = ui.seats.map((_, i) => seatRow(i));
  const free = ui.seats.some((s) => s.kind === "open");
  const mine = ui.seat !== null;
  const ready = mine && ui.room.ready.includes(ui.seat);
  const nameBox = !mine && free
    ? el("p", {}, el("label", {}, t("room_your_name"), " ",
      el("input", { type: "text", id: "join-name", maxlength: 40,
        value: document.getElementById("join-name")?.value ?? (me || stored("hand-name") || "") })))
    : null;
  panel.replaceChildren(...[
    el("h2", {}, t("room_title")),
    el("p", {}, t("room_link")), copyRow(roomLink(), { id: "room-link" }),
    el("p", { class: "note" }, t("room_no_timer")),
    nameBox,
    el("ol", { class: "room-seats" }, seats),
    mine ? el("p", {}, el("button", { type: "button", id: "room-ready", "aria-pressed": String(ready),
      onclick: () => sendMessage({ type: "ready", ready: !ready }) },
    t(ready ? "room_not_ready" : "room_im_ready"))) : null,
    hostToken ? hostPanel() : el("p", { class: "note" }, t("room_waiting_host"))].filter(Boolean));
}
