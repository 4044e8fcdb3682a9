// The table's chat (docs/web-protocol.md, Chat): quick phrases (phrases of the glossary, said
// in the page's language by say.js: the same line is "Hello!" in English and its Arabic words
// in Arabic), emoji and short lines of text. A line's text is put in the page as text (a text
// node), never as HTML. Each reader may mute a player (or the spectators) for themselves: kept
// in this browser. Spectators' lines are shown apart, under their own heading.
import { sendMessage } from "./client.js";
import { bdi, el, sayer, seatName, t } from "./i18n.js";
import { keep, nameOf, stored, tableId, ui } from "./state.js";

// the quick phrases offered (glossary keys; the server knows the same list)
const PHRASES = ["chat_hello", "chat_good_luck", "chat_well_played", "chat_thanks", "chat_sorry",
  "chat_one_moment", "chat_hurry", "chat_nice_one", "chat_good_game", "chat_again", "chat_bye"];
const EMOJI = ["👋", "👍", "👏", "😀", "😂", "😮", "😢", "😡", "🎉", "🤝", "☕", "🔥"];
const KEPT = 60; // lines kept on the page

const lines = []; // the chat messages received, in order
const muted = new Set(JSON.parse(stored(`hand-mute-${tableId}`) || "[]"));

/** Who wrote a line, as a mute key: a seat's number, or "s" for the spectators. */
function author(m) {
  return m.spectator ? "s" : String(m.seat);
}

/** "Well played": the last other seat that moved this round, else the next seat. */
function praised() {
  const v = ui.view;
  const actions = (v && v.public && v.public.actions) || [];
  for (let k = actions.length - 1; k >= 0; k--) {
    if (actions[k].seat !== ui.seat) return actions[k].seat;
  }
  const n = ui.seats.length || 2;
  return ((ui.seat ?? 0) + 1) % n;
}

function send(fields) {
  sendMessage({ type: "chat", ...fields });
}

function said(m) {
  if (m.phrase) {
    const words = sayer({ nameOf: (seat) => nameOf(seat) }).say(m.phrase);
    return el("span", { class: "said", "data-phrase": m.phrase.kind }, words);
  }
  if (m.emoji) return el("span", { class: "said emoji" }, m.emoji);
  return el("span", { class: "said", dir: "auto" }, m.text); // a text node: never HTML
}

function lineEl(m) {
  const who = m.spectator
    ? [bdi(seatName(m.name || t("chat_spectator"))), el("span", { class: "tag" }, t("chat_spectator"))]
    : [bdi(seatName(m.name || t("seat", { n: m.seat + 1 })))]; // the name it had when it spoke
  const key = author(m);
  const mine = !m.spectator && m.seat === ui.seat;
  const mute = mine ? null : el("button", { type: "button", class: "mute", "data-mute": key,
    onclick: () => toggleMute(key) }, t("chat_mute"));
  return el("li", { class: "chat-line" + (m.spectator ? " spectator" : ""), "data-chat-seat": key },
    el("span", { class: "who" }, who), ": ", said(m), " ", mute);
}

function toggleMute(key) {
  if (muted.has(key)) muted.delete(key);
  else muted.add(key);
  keep(`hand-mute-${tableId}`, JSON.stringify([...muted]));
  renderChat();
}

/** A chat line from the server. */
export function onChat(m) {
  lines.push(m);
  if (lines.length > KEPT) lines.shift();
  renderChat();
}

function mutedList() {
  if (!muted.size) return null;
  return el("p", { class: "muted-list" }, [...muted].map((key) => el("button", {
    type: "button", "data-unmute": key, onclick: () => toggleMute(key),
  }, `${t("chat_unmute")}: `, key === "s" ? t("chat_spectators") : nameOf(Number(key)))));
}

/** Draws the chat: the players' lines, the spectators' apart, the phrases and the text box. */
export function renderChat() {
  const box = document.getElementById("chat-lines");
  if (!box) return;
  const shown = lines.filter((m) => !muted.has(author(m)));
  const players = shown.filter((m) => !m.spectator).map(lineEl);
  const watchers = shown.filter((m) => m.spectator).map(lineEl);
  box.replaceChildren(...[
    el("ol", { id: "chat-log", class: "chat-log" }, players),
    watchers.length ? el("h3", { class: "chat-apart" }, t("chat_spectators")) : null,
    watchers.length ? el("ol", { id: "chat-spectators", class: "chat-log" }, watchers) : null,
    mutedList()].filter(Boolean));
  const log = document.getElementById("chat-log");
  log.scrollTop = log.scrollHeight;
  const phrases = document.getElementById("chat-phrases");
  phrases.replaceChildren(...PHRASES.map((kind) => {
    const phrase = kind === "chat_well_played" ? { kind, seat: praised() } : { kind };
    return el("button", { type: "button", "data-chat-phrase": kind, onclick: () => send({ phrase }) },
      sayer({ nameOf: (seat) => nameOf(seat) }).say(phrase));
  }));
  document.getElementById("chat-emoji").replaceChildren(...EMOJI.map((e) => el("button", {
    type: "button", class: "emoji", "data-chat-emoji": e, onclick: () => send({ emoji: e }),
  }, e)));
  const off = ui.seat === null && ui.room && ui.room.spectator_chat === "off";
  document.getElementById("chat-form").hidden = off;
  phrases.hidden = off;
  document.getElementById("chat-emoji").hidden = off;
}

/** The chat's form: a line of text sent as it was typed. */
export function setupChat() {
  const form = document.getElementById("chat-form");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("chat-text");
    const text = input.value.trim();
    if (!text) return;
    const fields = { text };
    if (ui.seat === null && stored("hand-name")) fields.name = stored("hand-name");
    if (sendMessage({ type: "chat", ...fields })) input.value = "";
  });
  renderChat();
}
