// A player's page (issue 40): each game's rating with its history (an inline SVG plot), the
// bot level it reaches, the matches (ranked and unranked) with their replay and record links,
// each game's statistics (rounds, rounds won, Hands made, average penalty or score, books).
// Every name is put in as text, never as markup.
import { botName, el, num, presetName, seatName, setupLanguage, signed, t } from "./i18n.js";
import { renderNav, whoAmI } from "./nav.js";

const SVG = "http://www.w3.org/2000/svg";
let profile = null;

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** A rating's history as a line (25.0, the start, drawn as a dashed line). */
function plot(history) {
  const w = 320, h = 120, pad = 14;
  const values = [25, ...history.map((p) => p.rating)];
  const lo = Math.min(...values) - 1, hi = Math.max(...values) + 1;
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / (hi - lo);
  const chart = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "rating-plot", role: "img",
    "aria-label": t("rating_history") });
  chart.append(svg("line", { x1: pad, x2: w - pad, y1: y(25), y2: y(25), class: "start" }));
  chart.append(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "),
    class: "line" }));
  values.forEach((v, i) => chart.append(svg("circle", { cx: x(i), cy: y(v), r: 3 })));
  return chart;
}

/** A game's statistics as a list of terms and figures (Hand's Hands and penalty; Hand and
 * Foot's team score and books). */
function statsOf(g) {
  const hf = g.game === "hand-and-foot";
  const rows = [["matches", t("matches"), num(g.matches)],
    ["rounds", t("stats_rounds"), num(g.rounds)],
    ["rounds_won", t("stats_rounds_won"), num(g.rounds_won)]];
  if (!hf) rows.push(["hands", t("stats_hands"), num(g.hands)]);
  rows.push(["average", t(hf ? "stats_score" : "stats_penalty"),
    g.average === null ? "–" : signed(g.average)]);
  if (hf) {
    rows.push(["books", t("stats_books"),
      `${num(g.clean_books)} ${t("stats_clean")} · ${num(g.dirty_books)} ${t("stats_dirty")}`]);
  }
  return el("div", { class: "game-stats", "data-stats": g.game },
    el("h3", {}, presetName(g.game === "hand" ? "levant" : g.game), " — ", t("statistics")),
    el("dl", {}, ...rows.flatMap(([key, term, value]) => [el("dt", {}, term),
      el("dd", { "data-stat": key }, value)])));
}

function render() {
  renderNav();
  if (!profile) return;
  document.getElementById("player-name").textContent = profile.name;
  const s = profile.stats;
  document.getElementById("player-stats").textContent =
    `${t("matches")}: ${num(s.matches)} · ${t("ranked")}: ${num(s.rated)} · ${t("won")}: ${num(s.won)}`;
  const ratings = profile.ratings.map((r) => el("div", { class: "rating", "data-game": r.game },
    el("h3", {}, presetName(r.game === "hand" ? "levant" : r.game), " — ", t("rating"), " ",
      el("strong", { "data-rating": r.game }, num(r.rating)),
      el("small", {}, ` ±${num(Math.round(3 * r.sigma * 10) / 10)}`)),
    r.level ? el("p", {}, t("plays_like", { bot: botName(r.level) })) : null,
    el("p", {}, t("rating_history")), plot(r.history)));
  document.getElementById("player-ratings").replaceChildren(...(ratings.length ? ratings
    : [el("p", { class: "none" }, t("no_matches"))]));
  document.getElementById("player-games").replaceChildren(...(s.games || []).map(statsOf));
  const head = el("tr", {}, el("th", {}, t("game")), el("th", {}, t("players")),
    el("th", {}, t("place")), el("th", {}, ""));
  const rows = profile.matches.map((m) => el("tr", { "data-match": m.table },
    el("td", { "data-kind": m.ranked ? "ranked" : "unranked" }, presetName(m.preset),
      ` · ${t(m.ranked ? "ranked" : "unranked")}`),
    el("td", {}, el("bdi", {}, m.players.map(seatName).join(" · "))),
    el("td", {}, m.place ? num(m.place) : "–"),
    el("td", {}, m.replay ? el("a", { href: m.replay, "data-replay": m.table }, t("replay")) : "",
      " ", m.record ? el("a", { href: m.record, "data-record": m.table }, t("record")) : "")));
  document.getElementById("player-matches").replaceChildren(head, ...rows);
}

async function main() {
  setupLanguage(render);
  await whoAmI();
  const name = decodeURIComponent(location.pathname.split("/").pop());
  const r = await fetch(`/api/players/${encodeURIComponent(name)}`);
  if (r.ok) profile = await r.json();
  else document.getElementById("player-name").textContent = t("no_player");
  render();
  document.body.dataset.ready = "1";
}

main();
