// The lobby: make a table (preset, options, players, partnership, each seat a human or a bot)
// and hand out its seats' links.
import { el, presetName, setupLanguage, t } from "./i18n.js";

const BOTS = ["greedy", "random", "ismcts", "easy", "medium", "hard", "expert"];
let presets = [];
let made = null;
const seats = []; // {kind, name, bot}

function seatRow(i) {
  const s = seats[i];
  const kind = el("select", { "aria-label": t("seat", { n: i + 1 }), "data-seat-kind": i },
    el("option", { value: "human", selected: s.kind === "human" }, t("human")),
    el("option", { value: "bot", selected: s.kind === "bot" }, t("bot")));
  kind.addEventListener("change", () => { s.kind = kind.value; renderSeats(); });
  const row = el("div", { class: "seat-row" }, el("strong", {}, t("seat", { n: i + 1 })), kind);
  if (s.kind === "human") {
    const name = el("input", { type: "text", maxlength: 40, placeholder: t("name"),
      value: s.name || "", "data-seat-name": i, "aria-label": t("name") });
    name.addEventListener("input", () => { s.name = name.value; });
    row.append(name);
  } else {
    const bot = el("select", { "data-seat-bot": i, "aria-label": t("bot") },
      BOTS.map((b) => el("option", { value: b, selected: s.bot === b }, b)));
    bot.addEventListener("change", () => { s.bot = bot.value; });
    row.append(bot);
  }
  return row;
}

function renderSeats() {
  const n = Number(document.getElementById("players").value || 4);
  while (seats.length < n) seats.push(seats.length === 0
    ? { kind: "human", name: "", bot: "greedy" } : { kind: "bot", name: "", bot: "greedy" });
  seats.length = n;
  document.getElementById("seats").replaceChildren(...seats.map((_, i) => seatRow(i)));
  const p = document.getElementById("partnership");
  p.disabled = n !== 4;
  if (n !== 4) p.checked = false;
}

function renderPlayers() {
  const preset = presets.find((p) => p.name === document.getElementById("preset").value);
  if (!preset) return;
  const select = document.getElementById("players");
  const current = Number(select.value) || preset.default_players;
  select.replaceChildren();
  for (let n = preset.min_players; n <= preset.max_players; n++) {
    select.append(el("option", { value: n, selected: n === current }, n));
  }
  document.getElementById("preset-summary").textContent = preset.summary;
  renderSeats();
}

function renderInvites() {
  const box = document.getElementById("invites");
  if (!made) { box.hidden = true; return; }
  box.hidden = false;
  const rows = made.seats.map((s) => {
    const input = el("input", { type: "text", readonly: true, value: s.url, dir: "ltr",
      "data-invite": s.seat });
    const copy = el("button", { type: "button" }, t("copy"));
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(s.url); } catch (e) { input.select(); }
      copy.textContent = t("copied");
    });
    return el("div", { class: "invite" }, el("strong", {}, t("seat", { n: s.seat + 1 })), input,
      copy, el("a", { href: s.url, "data-open-seat": s.seat }, t("open_seat", { n: s.seat + 1 })));
  });
  rows.push(el("div", { class: "invite" },
    el("a", { href: `/play/${made.table}`, "data-watch": "" }, t("watch"))));
  document.getElementById("links").replaceChildren(...rows);
}

async function create(event, now = false) {
  event.preventDefault();
  const error = document.getElementById("lobby-error");
  error.textContent = "";
  const options = {};
  const rounds = document.getElementById("rounds").value;
  if (rounds) options.rounds = Number(rounds);
  // "Play now": this player in seat 1, bots in every other seat, straight to the table
  const chosen = now
    ? seats.map((s, i) => (i === 0 ? { ...s, kind: "human" } : { ...s, kind: "bot" }))
    : seats;
  const body = {
    rules: { preset: document.getElementById("preset").value, options },
    partnership: document.getElementById("partnership").checked,
    seats: chosen.map((s) => s.kind === "human"
      ? { kind: "human", name: s.name || null } : { kind: "bot", bot: s.bot }),
  };
  const r = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await r.json();
  if (!r.ok) {
    const detail = answer.detail;
    error.textContent = typeof detail === "string" ? detail : JSON.stringify(detail);
    return;
  }
  made = answer;
  if (now && made.seats.length) {
    location.assign(made.seats[0].url);
    return;
  }
  renderInvites();
}

async function main() {
  setupLanguage(() => { renderSeats(); renderInvites(); });
  presets = await (await fetch("/api/presets")).json();
  const select = document.getElementById("preset");
  for (const p of presets) select.append(el("option", { value: p.name }, presetName(p.name)));
  select.addEventListener("change", renderPlayers);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("new-table").addEventListener("submit", create);
  document.getElementById("play-now").addEventListener("click", (e) => create(e, true));
  document.getElementById("rounds").placeholder = t("rounds_default");
  renderPlayers();
  document.body.dataset.ready = "1";
}

main();
