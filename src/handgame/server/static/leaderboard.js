// A game's leaderboard (issue 40): its rated players, ordered by the rating they have at least
// (mu - 3 sigma), beside the bot levels' published ratings, which anchor the scale.
import { botName, el, num, presetName, setupLanguage, t } from "./i18n.js";
import { me, renderNav, whoAmI } from "./nav.js";

// a game by the preset that names it in the lobby's words
const GAMES = [["hand", "levant"], ["hand-and-foot", "hand-and-foot"]];
let board = null;

function render() {
  renderNav();
  const select = document.getElementById("board-game");
  for (const o of select.options) o.textContent = presetName(o.dataset.preset);
  if (!board) return;
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("player")),
    el("th", {}, t("rating")), el("th", {}, t("sure_rating")), el("th", {}, t("matches")),
    el("th", {}, t("level")));
  const rows = board.players.map((p, i) => el("tr", { "data-leader": p.name },
    el("td", {}, num(i + 1)),
    el("td", {}, el("a", { href: `/players/${encodeURIComponent(p.name)}` }, el("bdi", {}, p.name))),
    el("td", {}, num(p.rating)), el("td", {}, num(p.low)), el("td", {}, num(p.matches)),
    el("td", { "data-level": p.level || "" }, p.level ? botName(p.level) : "–")));
  document.getElementById("board").replaceChildren(head, ...(rows.length ? rows
    : [el("tr", {}, el("td", { colspan: 6, class: "none" }, t("no_matches")))]));
  // "you play at the level of hard": the logged-in player's row, read against the bots'
  const mine = board.players.find((p) => p.name === me);
  document.getElementById("my-level").textContent = mine && mine.level
    ? t("you_play_like", { bot: botName(mine.level) }) : "";
  const bots = board.bots.map((b) => el("tr", { "data-bot": b.bot },
    el("td", {}, botName(b.bot)), el("td", {}, num(b.rating)), el("td", {}, num(b.low))));
  document.getElementById("bots").replaceChildren(
    el("tr", {}, el("th", {}, t("bot")), el("th", {}, t("rating")), el("th", {}, t("sure_rating"))),
    ...bots);
}

async function load() {
  const game = document.getElementById("board-game").value;
  const r = await fetch(`/api/leaderboard/${encodeURIComponent(game)}`);
  board = r.ok ? await r.json() : null;
  render();
}

async function main() {
  const select = document.getElementById("board-game");
  const asked = new URLSearchParams(location.search).get("game") || "hand";
  for (const [game, preset] of GAMES) {
    select.append(el("option", { value: game, "data-preset": preset, selected: game === asked },
      game));
  }
  setupLanguage(render);
  await whoAmI();
  select.addEventListener("change", load);
  await load();
  document.body.dataset.ready = "1";
}

main();
