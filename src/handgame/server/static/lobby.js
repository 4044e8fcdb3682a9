// The lobby: make a table (preset, options, players, partnership, each seat a human or a bot)
// and hand out its seats' links.
import { botName, el, num, presetName, presetSummary, setupLanguage, t } from "./i18n.js";

// the bots by level, weakest first ("greedy" is the level hard, and plays every game);
// policy:levant-2p: the trained agent shipped with the package (docs/rl.md; Hand, 2 players)
const BOTS = ["random", "easy", "medium", "greedy", "expert", "policy:levant-2p"];
// the turn timer choices (seconds; 0: none, for one human against bots only)
const TIMERS = [30, 60, 120, 300, 0];
let presets = [];
let made = null;
let roundsTyped = false; // the player typed the rounds: a change of preset keeps them
const seats = []; // {kind, name, bot}

function partnership() {
  return document.getElementById("partnership").checked;
}

function humans() {
  return seats.filter((s) => s.kind === "human").length;
}

function seatRow(i) {
  const s = seats[i];
  const kind = el("select", { "aria-label": t("seat", { n: i + 1 }), "data-seat-kind": i },
    el("option", { value: "human", selected: s.kind === "human" }, t("human")),
    el("option", { value: "bot", selected: s.kind === "bot" }, t("bot")));
  kind.addEventListener("change", () => { s.kind = kind.value; renderSeats(); });
  // in a partnership, seats 1 and 3 play against seats 2 and 4 (the team is shown on the row)
  const team = partnership() ? i % 2 : null;
  const row = el("div", { class: "lobby-seat" + (team !== null ? ` team team-${team}` : ""),
    "data-team": team ?? "" },
  el("strong", {}, t("seat", { n: i + 1 })),
  team !== null ? el("span", { class: "team-tag" }, t("team_of", { n: team + 1 })) : null, kind);
  if (s.kind === "human") {
    const name = el("input", { type: "text", maxlength: 40, placeholder: t("name"),
      value: s.name || "", "data-seat-name": i, "aria-label": t("name") });
    name.addEventListener("input", () => { s.name = name.value; });
    row.append(name);
  } else {
    const bot = el("select", { "data-seat-bot": i, "aria-label": t("bot") },
      BOTS.map((b) => el("option", { value: b, selected: s.bot === b }, botName(b))));
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
  const p = document.getElementById("partnership");
  p.disabled = n !== 4;
  if (n !== 4) p.checked = false;
  document.getElementById("seats").replaceChildren(...seats.map((_, i) => seatRow(i)));
  renderTimer();
}

/** The turn timer choices: "none" only while one human at most plays (against bots). */
function renderTimer(onlyMe = false) {
  const select = document.getElementById("timer");
  const current = select.value === "" ? 60 : Number(select.value);
  const offAllowed = onlyMe || humans() <= 1;
  select.replaceChildren(...TIMERS.map((s) => el("option", {
    value: s, disabled: s === 0 && !offAllowed,
    selected: s === (current === 0 && !offAllowed ? 60 : current),
  }, s === 0 ? t("timer_off") : s < 120 ? t("seconds", { n: s }) : t("minutes", { n: s / 60 }))));
}

/** The rounds of the preset chosen (the field shows them; the player may change them). */
function renderRounds(preset) {
  const rounds = document.getElementById("rounds");
  rounds.placeholder = preset.rounds === null && preset.penalty_limit !== null
    ? t("to_points", { n: preset.penalty_limit }) : "";
  if (!roundsTyped) rounds.value = preset.rounds === null ? "" : String(preset.rounds);
}

function renderPlayers() {
  const preset = presets.find((p) => p.name === document.getElementById("preset").value);
  if (!preset) return;
  const select = document.getElementById("players");
  const current = Number(select.value) || preset.default_players;
  select.replaceChildren();
  const counts = preset.player_counts && preset.player_counts.length
    ? preset.player_counts
    : Array.from({ length: preset.max_players - preset.min_players + 1 }, (_, i) => preset.min_players + i);
  const chosen = counts.includes(current) ? current : preset.default_players;
  for (const n of counts) {
    select.append(el("option", { value: n, selected: n === chosen }, num(n)));
  }
  document.getElementById("preset-summary").textContent = presetSummary(preset);
  renderRounds(preset);
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
  const preset = presets.find((p) => p.name === document.getElementById("preset").value);
  const rounds = document.getElementById("rounds").value;
  if (rounds && !(preset && String(preset.rounds) === rounds)) options.rounds = Number(rounds);
  // "Play now": this player in seat 1, bots in every other seat, straight to the table
  const chosen = now
    ? seats.map((s, i) => (i === 0 ? { ...s, kind: "human" } : { ...s, kind: "bot" }))
    : seats;
  const body = {
    rules: { preset: document.getElementById("preset").value, options },
    partnership: partnership(),
    seats: chosen.map((s) => s.kind === "human"
      ? { kind: "human", name: s.name || null } : { kind: "bot", bot: s.bot }),
    turn_timeout: Number(document.getElementById("timer").value),
  };
  const r = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await r.json();
  if (!r.ok) {
    const detail = answer.detail;
    error.textContent = typeof detail === "string" ? detail
      : (Array.isArray(detail) ? detail.map((d) => d.msg || "").join("; ") : JSON.stringify(detail));
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
  setupLanguage(() => {
    for (const o of document.getElementById("preset").options) o.textContent = presetName(o.value);
    renderPlayers();
    renderInvites();
  });
  presets = await (await fetch("/api/presets")).json();
  const select = document.getElementById("preset");
  for (const p of presets) select.append(el("option", { value: p.name }, presetName(p.name)));
  select.dataset.filled = "1";
  select.addEventListener("change", renderPlayers);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("partnership").addEventListener("change", renderSeats);
  document.getElementById("rounds").addEventListener("input", () => { roundsTyped = true; });
  document.getElementById("new-table").addEventListener("submit", create);
  document.getElementById("play-now").addEventListener("click", (e) => create(e, true));
  renderPlayers();
  document.body.dataset.ready = "1";
}

main();
