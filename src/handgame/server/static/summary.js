// The round and match summaries: every round that ended since this seat last looked is kept
// (in this browser, per table) and shown in order, each explaining its scores; the match's
// summary once it is over.
import { cardEl } from "./cards.js";
import { holdTimer } from "./client.js";
import { el, num, signed, t, tn } from "./i18n.js";
import { rematchBox } from "./rematch.js";
import { nameOf, tableId, ui } from "./state.js";

const KEY = `hand.seen.${tableId}`;

function stored() {
  try {
    const n = Number(localStorage.getItem(KEY));
    return Number.isInteger(n) && n >= 0 && localStorage.getItem(KEY) !== null ? n : null;
  } catch (e) {
    return null;
  }
}

function store(n) {
  try {
    localStorage.setItem(KEY, String(n));
  } catch (e) {
    /* private mode: not kept */
  }
}

/** Why a seat scored what it did in a round of Hand (L-85, L-86): going out (partial or a
 * full hand), never having opened, or its cards left (doubled after a full hand). */
function whyScore(result, i) {
  const score = result.scores[i];
  if (result.winner === i) return t(result.hand === "full" ? "why_full" : "why_partial");
  const opened = result.opened ? result.opened[i] : true;
  const flat = ((ui.view.options || {}).unopened_penalty ?? null) !== null; // L-85: 100 flat
  if (!opened && flat) return t("why_unopened");
  if (result.multiplier > 1) return t("why_doubled", { m: result.multiplier });
  return score ? t("why_cards") : "";
}

function handRound(result) {
  const v = ui.view;
  const rows = v.names.map((_, i) => {
    const left = ((result.penalty_cards || [])[i] || []);
    return el("tr", { class: result.winner === i ? "winner" : "" }, el("td", {}, nameOf(i)),
      el("td", { class: "n" }, signed(result.scores[i])),
      el("td", { class: "why", "data-why": i }, whyScore(result, i)),
      el("td", { class: "cards-left" }, left.map((c) => cardEl(c, { class: "tiny" }))));
  });
  return [
    el("p", {}, tn("won_round", { name: nameOf(result.winner) })),
    el("table", { class: "scores", "data-summary": "round" },
      el("tr", {}, el("th", {}, t("name")), el("th", {}, t("points")), el("th", {}, t("why")),
        el("th", {}, t("penalty"))),
      rows),
    el("p", { class: "explain" }, t("score_rule_hand")),
  ];
}

function teamRound(result) {
  const v = ui.view;
  const rows = result.scores.map((score, k) => {
    const seats = [...Array(v.players).keys()].filter((i) => i % v.teams === k);
    const books = result.books[k] || { clean: 0, dirty: 0 };
    const out = result.went_out !== null && result.went_out % v.teams === k;
    return el("tr", { class: `team-${k}` },
      el("td", {}, t("team_of", { n: k + 1 }), " ",
        el("small", {}, seats.map((i) => nameOf(i).textContent).join(" & "))),
      el("td", { class: "n" }, `${num(books.clean)} × ${num(500)}`),
      el("td", { class: "n" }, `${num(books.dirty)} × ${num(300)}`),
      el("td", { class: "n" }, `${num(result.red_threes[k] || 0)} × ${num(100)}`),
      el("td", {}, out ? signed(100, true) : ""),
      el("td", { class: "n" }, signed(score)));
  });
  const went = result.went_out !== null ? tn("won_round", { name: nameOf(result.went_out) }) : null;
  return [
    went ? el("p", {}, went) : null,
    el("table", { class: "scores", "data-summary": "round" },
      el("tr", {}, el("th", {}, t("name")), el("th", {}, t("clean_books")),
        el("th", {}, t("dirty_books")), el("th", {}, t("red_threes_pts")),
        el("th", {}, t("went_out")), el("th", {}, t("points"))),
      rows),
    el("p", { class: "explain" }, t("score_rule_hf")),
  ].filter(Boolean);
}

function roundParts(result, number) {
  if (result.result === "void") {
    // the reason in words: the stock ran out (L-81), a redeal (L-52)
    const why = ["stock", "redeal"].includes(result.reason) ? t(`void_${result.reason}`)
      : String(result.reason || "");
    // a void round is a round too: its heading is numbered like the others
    const head = el("h2", { "data-round": number, "data-void": "" },
      t("round_void", { n: number, reason: why }));
    return [head];
  }
  const head = el("h2", { "data-round": number }, t("round_over", { n: number }));
  const team = Array.isArray(result.books);
  return [head, ...(team ? teamRound(result) : handRound(result))];
}

function matchParts() {
  const v = ui.view;
  const parts = [el("h2", { "data-summary": "match" }, t("match_over"))];
  let best = null;
  if (!v.team_totals) best = v.totals.indexOf(Math.min(...v.totals));
  if (best !== null && !Array.isArray((v.results[0] || {}).books)) {
    parts.push(el("p", {}, tn("winner", { name: nameOf(best) })));
  } else if (v.team_totals) {
    // the highest team total wins in Hand and Foot (HF-12), the lowest in Hand's partnerships
    const high = Array.isArray((v.results[0] || {}).books);
    const pick = high ? Math.max(...v.team_totals) : Math.min(...v.team_totals);
    const k = v.team_totals.indexOf(pick);
    parts.push(el("p", {}, tn("winner", { name: t("team_of", { n: k + 1 }) })));
  }
  return parts;
}

/** Queues the summaries of the rounds that ended since last shown (and of the match). */
export function queueSummaries(previous) {
  const v = ui.view;
  const n = v.results.length;
  if (ui.resultsSeen === null) ui.resultsSeen = stored() ?? n;
  if (ui.resultsSeen > n) ui.resultsSeen = n;
  const missed = n - ui.resultsSeen;
  if (missed > 1) ui.summaryQueue.push(el("p", { class: "missed" }, t("missed_rounds")));
  for (let k = ui.resultsSeen; k < n; k++) ui.summaryQueue.push(...roundParts(v.results[k], k + 1));
  ui.resultsSeen = n;
  store(n);
  if (v.phase === "over" && !ui.overShown && (previous || missed)) {
    ui.overShown = true;
    ui.summaryQueue.push(...matchParts());
    ui.summaryQueue.push({ scores: true });
    const id = encodeURIComponent(tableId);
    ui.summaryQueue.push(el("p", { class: "after-match" }, el("a", { href: `/replay/${id}` }, t("replay")),
      " ", el("a", { href: `/api/tables/${id}/record`, download: `hand-${tableId}.json`,
        class: "button", "data-download": "" }, t("download_record"))));
    ui.summaryQueue.push(rematchBox());
  }
}

/** Opens the summary dialog with what is queued (the scores drawn now). */
export function showSummaries(scoresPanel) {
  if (!ui.summaryQueue.length) return;
  const dialog = document.getElementById("summary");
  const parts = ui.summaryQueue.flatMap((p) => (p instanceof Node ? [p] : scoresPanel()));
  ui.summaryQueue = [];
  const body = document.getElementById("summary-body");
  if (dialog.open) body.append(...parts);
  else body.replaceChildren(...parts);
  if (!dialog.open) {
    if (!dialog.dataset.watched) {
      // no turn timer runs while a summary is open: the server holds it until it closes
      dialog.dataset.watched = "1";
      dialog.addEventListener("close", () => holdTimer(false));
    }
    dialog.showModal();
    holdTimer(true);
  }
}
