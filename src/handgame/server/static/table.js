// The table as this seat sees it: the seats, the piles, the melds (a click on one lays off or
// swaps the selected cards), the scores, the log, the turn timer and the round's summaries.
import { cardEl, cardText, sameCards } from "./cards.js";
import { send } from "./client.js";
import { renderActions, renderHand } from "./hand.js";
import { el, t, tn } from "./i18n.js";
import { nameOf, renderNote, selectedCards, tableId, ui } from "./state.js";
import { clearTargets, markTargets } from "./targets.js";
import { actionLine, takenCards } from "./words.js";

function seatsPanel() {
  const v = ui.view;
  const n = v ? v.players : ui.seats.length;
  const boxes = [];
  for (let i = 0; i < n; i++) {
    const p = ui.seats[i] || {};
    const meta = [];
    if (v) meta.push(t("cards_n", { n: v.hand_counts[i] }));
    if (v && v.opened[i]) meta.push(t("opened"));
    if (v && v.announced[i] !== null) meta.push(t("announced"));
    if (p.kind === "bot") meta.push(p.bot);
    else if (p.away) meta.push(t("away"));
    else if (p.kind === "human" && !p.connected) meta.push(t("offline"));
    boxes.push(el("div", {
      class: "seat" + (v && v.turn === i ? " turn" : "") + (ui.seat === i ? " me" : ""),
      "data-seat": i,
    }, nameOf(i), el("div", { class: "meta" }, meta.join(" · "))));
  }
  return boxes;
}

function meldEl(m) {
  const cards = m.cards.map((c, i) => {
    const as = m.stands_for[i];
    if (!as) return cardEl(c, { class: "small" });
    return el("span", { class: "wildcard", title: t("stands_for", { card: cardText(as) }) },
      cardEl(c, { class: "small" }), el("bdi", { class: "as", dir: "ltr" }, "=" + cardText(as)));
  });
  const node = el("span", { class: "meld", "data-meld": m.index, title: m.text },
    el("span", { class: "num" }, `#${m.index + 1}`), cards);
  node.addEventListener("click", () => meldClicked(m.index));
  return node;
}

/** A click on a meld: lays off the card selected there, or swaps the cards for its wild. */
function meldClicked(index) {
  const v = ui.view;
  if (!v) return;
  const sel = selectedCards();
  const fits = v.legal_actions.filter((a) =>
    ("add" in a && a.to === index && sel.length === 1 && a.add === sel[0]) ||
    ("swap" in a && a.at === index && sameCards(a.swap, sel)));
  if (fits.length === 1) send(fits[0]);
}

function meldsPanel() {
  const v = ui.view;
  if (!v || !v.melds.length) return [el("span", {}, t("no_melds"))];
  const out = [];
  for (let owner = 0; owner < v.players; owner++) {
    const mine = v.melds.filter((m) => m.owner === owner);
    if (!mine.length) continue;
    out.push(el("div", { class: "owner-melds", "data-owner": owner },
      el("strong", {}, nameOf(owner)), mine.map(meldEl)));
  }
  return out;
}

function logPanel() {
  const v = ui.view;
  if (!v || !v.public) return [];
  const actions = v.public.actions;
  // a draw from the discard pile takes the card of the discard before it
  const taken = takenCards(actions);
  return actions.map((a, i) => el("li", { "data-log": i }, actionLine(a, nameOf, taken[i])))
    .reverse();
}

function scoresPanel() {
  const v = ui.view;
  if (!v) return [];
  const rows = v.names.map((_, i) => el("tr", {}, el("td", {}, nameOf(i)), el("td", {}, v.totals[i])));
  if (v.team_totals) {
    v.team_totals.forEach((s, k) => rows.push(el("tr", {}, el("td", {}, t("team", { n: k + 1 })),
      el("td", {}, s))));
  }
  return [el("table", { class: "scores" },
    el("tr", {}, el("th", {}, t("name")), el("th", {}, t("total"))), rows)];
}

function summaryOf(result, number) {
  const v = ui.view;
  const parts = [];
  if (result.result === "void") {
    parts.push(el("h2", {}, t("round_void", { n: number, reason: result.reason })));
    return parts;
  }
  parts.push(el("h2", {}, t("round_over", { n: number })));
  parts.push(el("p", {}, tn("won_round", { name: nameOf(result.winner) })));
  const rows = v.names.map((_, i) => el("tr", {}, el("td", {}, nameOf(i)),
    el("td", {}, result.scores[i]),
    el("td", {}, ((result.penalty_cards || [])[i] || []).map((c) => cardEl(c, { class: "small" })))));
  parts.push(el("table", { class: "scores", "data-summary": "round" },
    el("tr", {}, el("th", {}, t("name")), el("th", {}, t("points")), el("th", {}, t("penalty"))),
    rows));
  return parts;
}

function showSummary(parts) {
  const dialog = document.getElementById("summary");
  document.getElementById("summary-body").replaceChildren(...parts);
  if (!dialog.open) dialog.showModal();
}

/** Shows the summary of a round just over, and of the match when it is (once each). */
export function maybeSummaries(previous) {
  const v = ui.view;
  const n = v.results.length;
  if (ui.resultsSeen === null) ui.resultsSeen = n;
  const parts = [];
  if (n > ui.resultsSeen) parts.push(...summaryOf(v.results[n - 1], n));
  ui.resultsSeen = n;
  if (v.phase === "over" && !ui.overShown && previous) {
    ui.overShown = true;
    const best = v.team_totals ? null : v.totals.indexOf(Math.min(...v.totals));
    parts.push(el("h2", { "data-summary": "match" }, t("match_over")));
    if (best !== null) parts.push(el("p", {}, tn("winner", { name: nameOf(best) })));
    parts.push(...scoresPanel());
    parts.push(el("p", {}, el("a", { href: `/replay/${tableId}` }, t("replay"))));
  }
  if (parts.length) showSummary(parts);
}

export function renderTimer() {
  const box = document.getElementById("timer");
  if (ui.deadline === null) {
    box.textContent = "";
    delete box.dataset.left;
    return;
  }
  const s = Math.max(0, Math.ceil((ui.deadline - Date.now()) / 1000));
  box.textContent = t("timer", { s });
  box.dataset.left = String(s);
  box.classList.toggle("urgent", s <= 10);
}

/** Draws the whole page from the state (after each message, and on a language switch). */
export function render() {
  const v = ui.view;
  document.getElementById("seats").replaceChildren(...seatsPanel());
  if (!v) return;
  document.getElementById("round").textContent = t("round", { n: v.round_number });
  const turn = document.getElementById("turn");
  if (v.turn === null) turn.replaceChildren();
  else if (v.turn === ui.seat) turn.replaceChildren(t("your_turn"));
  else turn.replaceChildren(tn("turn_of", { name: nameOf(v.turn) }));
  document.getElementById("stock").textContent = t("stock_count", { n: v.stock_count });
  const pile = v.discard_pile;
  document.getElementById("pile").replaceChildren(
    ...(pile.length ? [cardEl(pile[pile.length - 1]), ` ×${pile.length}`] : ["—"]));
  for (const [id, card] of [["indicator", v.indicator], ["wild", v.wild], ["joker-as", v.joker_as]]) {
    document.getElementById(id).replaceChildren(card ? cardEl(card, { class: "small" }) : "—");
  }
  document.getElementById("melds").replaceChildren(...meldsPanel());
  const zone = document.getElementById("new-meld");
  zone.hidden = ui.seat === null;
  zone.textContent = t("drop_new_meld");
  document.getElementById("scores").replaceChildren(...scoresPanel());
  document.getElementById("log").replaceChildren(...logPanel());
  if (ui.drag) {
    markTargets(); // the hand is not drawn again while its cards are dragged
  } else {
    clearTargets();
    renderHand();
  }
  renderActions();
  renderNote();
  renderTimer();
  document.body.dataset.version = String(ui.version);
  document.body.dataset.turn = v.turn === null ? "" : String(v.turn);
  document.body.dataset.phase = v.phase;
}
