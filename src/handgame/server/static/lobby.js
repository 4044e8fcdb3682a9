// The lobby: make a table (preset, options, players, partnership, each seat a human or a bot)
// and hand out its seats' links; a table with friends is a waiting room (the maker is its host
// and goes there; friends take its free seats from its link or from the list). The open tables:
// public rooms to join and public matches to watch (GET /api/tables), looked at again often.
import { botName, el, num, presetName, presetSummary, seatName, setupLanguage, t } from "./i18n.js";
import { openRules } from "./rules.js";
import { me, renderNav, whoAmI } from "./nav.js";

// the turn timer choices (seconds; 0: none, for one human against bots only)
const TIMERS = [30, 60, 120, 300, 0];
let presets = [];
let made = null;
let roundsTyped = false; // the player typed the rounds: a change of preset keeps them
const seats = []; // {kind, name, bot}

function chosenPreset() {
  return presets.find((p) => p.name === document.getElementById("preset").value);
}

/** The bots a seat may be given at the chosen preset and player count, weakest first: the
 * server's list for the preset (/api/presets: random, the game's own ladder, the trained
 * agents shipped for the game, each at the player counts it plays). */
function offeredBots() {
  const preset = chosenPreset();
  const n = Number(document.getElementById("players").value || 4);
  return ((preset && preset.bots) || [])
    .filter((b) => !b.players.length || b.players.includes(n)).map((b) => b.spec);
}

function defaultBot() {
  const preset = chosenPreset();
  return (preset && preset.default_bot) || "random";
}

/** A ranked table (an account holder's choice, issue 40): the preset's rules, the turn timer on,
 * every other seat a friend's with an account (no bot). */
function ranked() {
  return !!me && document.getElementById("ranked").checked;
}

function partnership() {
  return document.getElementById("partnership").checked;
}

function humans() {
  return seats.filter((s) => s.kind === "human").length;
}

/** The maker's seat: the first human one (the others are friends' free seats in a room). */
function firstHuman() {
  return seats.findIndex((s) => s.kind === "human");
}

function seatRow(i) {
  const s = seats[i];
  if (ranked()) s.kind = "human";
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
  if (s.kind === "human" && i !== firstHuman()) {
    row.append(el("span", { class: "friend", "data-friend-seat": i }, t("friend_seat")));
  } else if (s.kind === "human") {
    const name = el("input", { type: "text", maxlength: 40, placeholder: t("name"),
      value: s.name || "", "data-seat-name": i, "aria-label": t("name") });
    name.addEventListener("input", () => { s.name = name.value; });
    row.append(name);
  } else {
    const offered = offeredBots();
    if (!offered.includes(s.bot)) s.bot = offered.includes(defaultBot()) ? defaultBot() : offered[0];
    const bot = el("select", { "data-seat-bot": i, "aria-label": t("bot") },
      offered.map((b) => el("option", { value: b, selected: s.bot === b }, botName(b))));
    bot.addEventListener("change", () => { s.bot = bot.value; });
    row.append(bot);
  }
  return row;
}

function renderSeats() {
  const n = Number(document.getElementById("players").value || 4);
  while (seats.length < n) seats.push(seats.length === 0
    ? { kind: "human", name: "", bot: defaultBot() } : { kind: "bot", name: "", bot: defaultBot() });
  seats.length = n;
  const p = document.getElementById("partnership");
  p.disabled = n !== 4;
  if (n !== 4) p.checked = false;
  document.getElementById("seats").replaceChildren(...seats.map((_, i) => seatRow(i)));
  document.getElementById("public-box").hidden = humans() < 2 || ranked();
  document.getElementById("ranked-box").hidden = !me;
  document.getElementById("ranked-note").hidden = !ranked();
  document.getElementById("rounds").disabled = ranked();
  document.getElementById("play-now").disabled = ranked();
  for (const select of document.querySelectorAll("[data-seat-kind]")) select.disabled = ranked();
  renderTimer();
}

/** The turn timer choices: "none" only while one human at most plays (against bots). */
function renderTimer(onlyMe = false) {
  const select = document.getElementById("timer");
  const current = select.value === "" ? 60 : Number(select.value);
  const offAllowed = (onlyMe || humans() <= 1) && !ranked();
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
  const preset = chosenPreset();
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
  const preset = chosenPreset();
  const rounds = document.getElementById("rounds").value;
  if (rounds && !(preset && String(preset.rounds) === rounds)) options.rounds = Number(rounds);
  // "Play now": this player in seat 1, bots in every other seat, straight to the table
  const chosen = now
    ? seats.map((s, i) => (i === 0 ? { ...s, kind: "human" } : { ...s, kind: "bot" }))
    : seats;
  // friends: a waiting room, the maker in the first human seat, the other human seats free
  const room = !now && chosen.filter((s) => s.kind === "human").length >= 2;
  const mine = chosen.findIndex((s) => s.kind === "human");
  const body = {
    rules: { preset: document.getElementById("preset").value, options },
    partnership: partnership(),
    seats: chosen.map((s, i) => s.kind !== "human"
      ? { kind: "bot", bot: offeredBots().includes(s.bot) ? s.bot : defaultBot() }
      : room && i !== mine ? { kind: "open" } : { kind: "human", name: s.name || null }),
    turn_timeout: Number(document.getElementById("timer").value),
  };
  if (room) body.room = { public: document.getElementById("public").checked };
  if (ranked() && !now) {
    body.ranked = true;
    body.rules.options = {};
    body.room = { public: true };
    delete body.seats[mine].name;
  }
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
  try { localStorage.setItem(`hand-host-${made.table}`, made.host_token); } catch (e) { /* kept nowhere */ }
  if (room) {
    const own = made.seats[0];
    const hash = own ? `token=${encodeURIComponent(own.token)}&` : "";
    location.assign(`/play/${made.table}#${hash}host=${encodeURIComponent(made.host_token)}`);
    return;
  }
  if (now && made.seats.length) {
    location.assign(made.seats[0].url);
    return;
  }
  renderInvites();
}

function seatNames(table) {
  return table.seats.filter((s) => s.kind !== "open")
    .map((s) => (s.kind === "bot" ? botName(s.bot) : seatName(s.name || ""))).join(" · ");
}

/** How a listed table's match ends: its rounds (its own, else its preset's) or its points. */
function endsText(table) {
  const preset = presets.find((p) => p.name === table.preset) || {};
  const rounds = table.options.rounds ?? preset.rounds;
  if (typeof rounds === "number") return `${t("rounds")}: ${num(rounds)}`;
  return preset.penalty_limit ? t("to_points", { n: preset.penalty_limit }) : "";
}

function listed(table, join) {
  const href = `/play/${encodeURIComponent(table.table)}`;
  return el("li", { "data-listed": table.table },
    el("strong", {}, presetName(table.preset)), table.ranked ? ` · ${t("ranked")}` : "",
    " · ", endsText(table),
    table.partnership ? ` · ${t("partnership")}` : "", " · ",
    el("span", {}, t("players"), ": ", num(table.seats.length)), " ",
    join ? el("span", { class: "free" }, t("free_seats", { n: table.free })) : null, " ",
    el("bdi", { class: "names" }, seatNames(table)), " ",
    el("a", { href, class: "button", [join ? "data-join" : "data-watch-listed"]: table.table },
      t(join ? "join" : "watch")));
}

let lastList = null;

function renderList() {
  if (!lastList) return;
  const rooms = lastList.waiting.filter((r) => r.free > 0);
  document.getElementById("rooms-list").replaceChildren(...(rooms.length
    ? rooms.map((r) => listed(r, true)) : [el("li", { class: "none" }, t("no_open_tables"))]));
  const live = lastList.playing;
  document.getElementById("live-list").replaceChildren(...(live.length
    ? live.map((r) => listed(r, false)) : [el("li", { class: "none" }, t("no_live_matches"))]));
}

async function refreshList() {
  try {
    const r = await fetch("/api/tables");
    if (r.ok) lastList = await r.json();
  } catch (e) {
    // the list is looked at again in a moment
  }
  renderList();
}

/** The first game (issue 36): a table against the easy bot with the guide, the same deal every
 * time (POST /api/first-game); its seat's link is opened at once. */
async function firstGame() {
  const error = document.getElementById("lobby-error");
  error.textContent = "";
  try {
    const r = await fetch("/api/first-game", { method: "POST" });
    const body = await r.json();
    if (!r.ok) { error.textContent = t("error", { message: body.detail || r.status }); return; }
    location.assign(body.seats[0].url);
  } catch (e) {
    error.textContent = t("error", { message: String(e) });
  }
}

async function main() {
  setupLanguage(() => {
    for (const o of document.getElementById("preset").options) o.textContent = presetName(o.value);
    renderNav();
    renderPlayers();
    renderInvites();
    renderList();
  });
  await whoAmI();
  renderNav();
  presets = await (await fetch("/api/presets")).json();
  const select = document.getElementById("preset");
  for (const p of presets) select.append(el("option", { value: p.name }, presetName(p.name)));
  select.dataset.filled = "1";
  select.addEventListener("change", renderPlayers);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("partnership").addEventListener("change", renderSeats);
  document.getElementById("ranked").addEventListener("change", renderSeats);
  document.getElementById("rounds").addEventListener("input", () => { roundsTyped = true; });
  document.getElementById("new-table").addEventListener("submit", create);
  document.getElementById("play-now").addEventListener("click", (e) => create(e, true));
  document.getElementById("first-game").addEventListener("click", firstGame);
  document.getElementById("rules-open").addEventListener("click", () => {
    const preset = presets.find((p) => p.name === select.value);
    if (preset) openRules(preset.name, preset.values || {});
  });
  renderPlayers();
  await refreshList();
  setInterval(refreshList, 4000);
  document.body.dataset.ready = "1";
}

main();
