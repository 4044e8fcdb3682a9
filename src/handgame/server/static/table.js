// The table as this seat sees it: the seats around the felt (you at the bottom), the piles, the
// melds by owner (a seat in Hand, a team in Hand and Foot; a click on one lays off or swaps the
// selected cards), the scores, the log, the turn timer and the round's summaries. Game-generic:
// what a view does not hold (an indicator, books, feet, red threes) is simply not drawn.
// The replay page draws its frames with the same functions (drawTable): every hand face up
// (`ui.hands`), seat `ui.bottom` at the bottom, no move of its own. The felt's skeleton is built
// here too (FELT), for both pages.
import { play, renderArranged } from "./arrange.js";
import { backsEl, cardChip, cardEl, isCard, sameCards } from "./cards.js";
import { renderActions, renderHand } from "./hand.js";
import { botName, el, num, presetName, seatName, signed, t, tn } from "./i18n.js";
import { cardMeaning } from "./meaning.js";
import { seatLinkButton } from "./room.js";
import { explained, topicText } from "./rules.js";
import { isWild, nameOf, renderNote, selectedCards, token, ui } from "./state.js";
import { showSummaries } from "./summary.js";
import { clearTargets, markTargets } from "./targets.js";
import { actionLine, addedCards, takenCards } from "./words.js";

/** The felt's skeleton: the seats' rows, the piles (stock, discard, indicator, what is wild) and
 * the melds, filled by drawTable. One source for both pages that draw a table (play.html and
 * replay.html hold an empty `#felt`); built when this module loads, before either page's main. */
const FELT = `
<div class="seat-row">
  <div id="seats-left" class="seats seats-left"></div>
  <div id="seats-top" class="seats seats-top"></div>
  <div id="seats-right" class="seats seats-right"></div>
</div>
<div class="middle">
  <div class="piles">
    <div class="pile-box" id="stock-box">
      <span class="back big"></span>
      <span class="pile-label"><span data-t="stock">Stock</span> <strong id="stock"></strong></span>
    </div>
    <button type="button" class="pile-box" id="discard-box">
      <span id="pile" class="pile"></span>
      <span class="pile-label"><span data-t="discard_pile">Discard pile</span> <span id="pile-note"></span></span>
    </button>
    <div class="pile-box" id="indicator-box">
      <span id="indicator"></span>
      <span class="pile-label" data-t="indicator">Indicator</span>
    </div>
    <div class="wild-info" id="wild-box" role="button" tabindex="0"><span id="wild"></span><span id="joker-as"></span><span class="legend" data-t="wild_mark">W = a wild card</span></div>
  </div>
  <div id="melds" class="melds"></div>
  <div id="new-meld" class="dropzone" hidden></div>
</div>`;

/** Builds the felt's skeleton in the page's `#felt` (once: a page that has it keeps it). */
export function buildFelt() {
  const felt = document.getElementById("felt");
  if (!felt || felt.childElementCount) return;
  const template = document.createElement("template");
  template.innerHTML = FELT.trim();
  felt.replaceChildren(template.content);
}

buildFelt();

/** The team of a seat (in a partnership), else null. */
export function teamOf(i) {
  const v = ui.view;
  if (!v || !v.partnership) return null;
  const teams = v.teams || 2;
  return i % teams;
}

/** The last action of each seat in this round's log (index into the log, or -1). */
function lastMoves() {
  const v = ui.view;
  const actions = (v && v.public && v.public.actions) || [];
  const last = new Array(v ? v.players : 0).fill(-1);
  actions.forEach((a, i) => { last[a.seat] = i; });
  return last;
}

/** What a badge of this table means (rules.js: its book sentences and rule ids). */
function why(topic) {
  return ui.view ? topicText(topic, ui.view.preset, ui.values) : "";
}

function seatEl(i, last) {
  const v = ui.view;
  const p = ui.seats[i] || {};
  const meta = []; // [badge, what it means]
  if (v && v.opened && v.opened.length === v.players && v.opened[i]) meta.push([t("opened"), why("opened")]);
  if (v && v.announced && v.announced[i] !== null) meta.push([t("announced"), why("announced")]);
  if (v && v.feet_picked) meta.push([t(v.feet_picked[i] ? "foot_up" : "foot_waiting"), why("foot")]);
  if (v && v.dealer === i) meta.push([t("dealer"), t("explain_dealer")]);
  if (p.kind !== "bot" && p.away) meta.push([t("standing_in"), ""]); // a bot plays it meanwhile
  else if (p.kind === "human" && !p.connected) meta.push([t("offline"), t("explain_offline")]);
  const team = teamOf(i);
  const count = v ? v.hand_counts[i] : 0;
  const name = seatName((v && v.names[i]) || (p && p.name) || "");
  const extra = [];
  const threes = v && v.red_threes ? v.red_threes[i] : [];
  if (threes && threes.length) {
    extra.push(el("span", { class: "threes", title: t("red_threes") },
      threes.map((c) => cardEl(c, { class: "tiny" }))));
  }
  const actions = (v && v.public && v.public.actions) || [];
  if (last[i] >= 0 && i !== ui.seat) {
    const taken = takenCards(actions, v.public.upcard);
    extra.push(el("span", { class: "last-move", "data-last": last[i] },
      actionLine(actions[last[i]], nameOf, taken[last[i]], v.preset)));
  }
  const turn = v && (v.to_act ?? v.turn) === i;
  return el("div", {
    title: p.kind === "bot" ? `${t("bot")}: ${botName(p.bot)}` : null,
    class: "seat" + (turn ? " turn" : "") + (ui.seat === i ? " me" : "") +
      (team !== null ? ` team team-${team}` : ""),
    "data-seat": i,
  },
  el("span", { class: "avatar", "aria-hidden": "true" }, (name.trim()[0] || "?").toUpperCase()),
  el("div", { class: "who" }, nameOf(i),
    team !== null ? el("span", { class: "team-tag" }, t("team_of", { n: team + 1 })) : null,
    el("div", { class: "meta" }, t("cards_n", { n: count }), meta.flatMap(([badge, text]) =>
      [" · ", explained(el("span", { class: "tag" }, badge), text)]))),
  handOf(i, count),
  extra, seatLinkButton(i));
}

/** A seat's cards: face down (the backs) at play, face up in a replay (every hand shown); none
 * for this seat's own (its hand is the dock's). */
function handOf(i, count) {
  if (ui.hands) {
    return el("div", { class: "seat-hand", "data-replay-hand": i },
      ui.hands[i].map((c) => cardEl(c, { class: "tiny", wild: isWild(c) })));
  }
  return i === ui.seat ? null : backsEl(count);
}

/** Where the other seats sit, from this seat's left round to its right: [left, top, right]. */
function placed(n) {
  const me = ui.seat ?? ui.bottom ?? 0;
  const others = [];
  for (let k = 1; k < n; k++) others.push((me + k) % n);
  if (ui.seat === null && ui.bottom === undefined) others.unshift(me);
  if (others.length === 1) return [[], others, []];
  if (others.length === 2) return [[others[0]], [], [others[1]]];
  return [[others[0]], others.slice(1, -1), [others[others.length - 1]]];
}

function renderSeats() {
  const v = ui.view;
  const n = v ? v.players : ui.seats.length;
  const last = lastMoves();
  const [left, top, right] = placed(n);
  document.getElementById("seats-left").replaceChildren(...left.map((i) => seatEl(i, last)));
  document.getElementById("seats-top").replaceChildren(...top.map((i) => seatEl(i, last)));
  document.getElementById("seats-right").replaceChildren(...right.map((i) => seatEl(i, last)));
  const bottom = ui.seat ?? ui.bottom;
  document.getElementById("me").replaceChildren(bottom === null || bottom === undefined ? ""
    : seatEl(bottom, last));
}

function meldEl(m, fresh) {
  const cards = m.cards.map((c, i) => {
    const as = (m.stands_for || [])[i];
    return cardEl(c, { class: "small", as: as || null, wild: !as && isWild(c),
      title: cardMeaning(c, as || null) });
  });
  const kind = m.kind === "clean" || m.kind === "dirty" ? ` book ${m.kind}` : "";
  const title = m.text || `${m.rank || ""} ${m.kind || ""}`.trim();
  const node = el("button", { type: "button", class: "meld" + kind + (fresh ? " fresh" : ""),
    "data-meld": m.index, title, "aria-label": `#${m.index + 1} ${title}` },
  el("span", { class: "num" }, `#${num(m.index + 1)}`), cards,
  kind ? el("span", { class: "book-tag" }, t(m.kind === "clean" ? "clean_books" : "dirty_books")) : null);
  node.addEventListener("click", () => meldClicked(m.index));
  return node;
}

/** A click on a meld: lays off the cards selected there, or swaps them for its wild. */
function meldClicked(index) {
  const v = ui.view;
  if (!v || !v.legal_actions) return; // a spectator, a replay: no move
  const sel = selectedCards();
  const fits = v.legal_actions.filter((a) =>
    ("add" in a && a.to === index && sameCards(addedCards(a), sel)) ||
    ("swap" in a && a.at === index && sameCards(a.swap, sel)));
  if (fits.length === 1) play(fits[0]);
}

/** The melds touched by the last action (flashed). */
function freshMelds() {
  const v = ui.view;
  const actions = (v && v.public && v.public.actions) || [];
  const a = actions[actions.length - 1];
  const out = new Set();
  if (!a) return out;
  if ("add" in a || ("take" in a && a.to !== undefined)) out.add(a.to);
  if ("swap" in a) out.add(a.at);
  if ("meld" in a || ("take" in a && a.to === undefined)) {
    const k = a.meld ? a.meld.length : 1;
    for (const m of v.melds.slice(-k)) out.add(m.index);
  }
  return out;
}

function meldsPanel() {
  const v = ui.view;
  if (!v || !v.melds.length) return [el("span", { class: "empty" }, t("no_melds"))];
  const fresh = freshMelds();
  const out = [];
  const byTeam = v.melds.some((m) => "team" in m);
  const owners = byTeam ? v.teams : v.players;
  for (let owner = 0; owner < owners; owner++) {
    const mine = v.melds.filter((m) => (byTeam ? m.team : m.owner) === owner);
    if (!mine.length) continue;
    let label;
    if (byTeam) {
      const seats = [...Array(v.players).keys()].filter((i) => i % v.teams === owner);
      const ours = ui.seat !== null && seats.includes(ui.seat);
      label = el("strong", {}, ours ? t("your_team") : t("team_of", { n: owner + 1 }),
        " ", el("small", {}, seats.map((i) => nameOf(i).textContent).join(" & ")));
    } else {
      label = el("strong", {}, nameOf(owner));
    }
    const team = byTeam ? owner : teamOf(owner);
    const books = byTeam && v.books ? v.books[owner] : null;
    out.push(el("div", { class: "owner-melds" + (team !== null ? ` team-${team}` : ""),
      "data-owner": byTeam ? "" : owner, "data-team": byTeam ? owner : "" },
    el("div", { class: "owner" }, label, books
      ? el("span", { class: "books", "data-books": owner },
        `${t("books")}: ${t("books_n", { clean: books.clean, dirty: books.dirty })}`)
      : null),
    el("div", { class: "meld-row" }, mine.map((m) => meldEl(m, fresh.has(m.index))))));
  }
  return out;
}

function logPanel() {
  const v = ui.view;
  if (!v || !v.public) return [];
  const actions = v.public.actions;
  // what a take from the pile took: the discard before it (or the upcard)
  const taken = takenCards(actions, v.public.upcard);
  return actions.map((a, i) => el("li", { "data-log": i, value: i + 1 },
    actionLine(a, nameOf, taken[i], v.preset))).reverse();
}

export function scoresPanel() {
  const v = ui.view;
  if (!v) return [];
  const rows = v.names.map((_, i) => el("tr", {}, el("td", {}, nameOf(i)),
    el("td", { class: "n" }, signed(v.totals[i]))));
  if (v.team_totals) {
    v.team_totals.forEach((s, k) => rows.push(el("tr", { class: `team-${k}` },
      el("td", {}, t("team", { n: k + 1 })), el("td", { class: "n" }, signed(s)))));
  }
  return [el("table", { class: "scores" },
    el("tr", {}, el("th", {}, t("name")), el("th", {}, t("total"))), rows)];
}

function renderPiles() {
  const v = ui.view;
  document.getElementById("stock").textContent = num(v.stock_count);
  const pile = v.discard_pile;
  const shown = pile.slice(-4);
  const box = document.getElementById("pile");
  const top = pile.length ? pile[pile.length - 1] : null;
  const changed = top !== ui.lastTop;
  ui.lastTop = top;
  box.replaceChildren(...shown.map((c, k) => cardEl(c, {
    class: k === shown.length - 1 ? "top" + (changed ? " arrive" : "") : "under",
    wild: isWild(c) })));
  const note = [];
  if (pile.length) note.push(el("span", { class: "count" }, `×${num(pile.length)}`));
  if (v.pile_blocked) {
    note.push(explained(el("span", { class: "blocked", "data-blocked": "1" }, t("pile_blocked")),
      t("pile_blocked_why")));
  }
  document.getElementById("pile-note").replaceChildren(...note);
  document.getElementById("discard-box").classList.toggle("is-blocked", Boolean(v.pile_blocked));
  document.getElementById("pile-all-cards").replaceChildren(...pile.map((c) => cardEl(c, { class: "small" })));
  // the indicator and what is wild: only where the game has them (no empty boxes)
  const ind = document.getElementById("indicator-box");
  ind.hidden = !v.indicator;
  document.getElementById("indicator").replaceChildren(v.indicator ? cardEl(v.indicator, { class: "small" }) : "");
  const wild = [];
  if (v.wild) {
    wild.push(v.wild === "X" ? t("wild_jokers") : tn("wild_is", { card: cardChip(v.wild) }));
  } else if (v.wild_ranks) {
    wild.push(t("wild_ranks"));
  }
  document.getElementById("wild").replaceChildren(...wild);
  document.getElementById("joker-as").replaceChildren(v.joker_as && isCard(v.joker_as)
    ? tn("joker_plays", { card: cardChip(v.joker_as) }) : "");
  const wildBox = document.getElementById("wild-box");
  wildBox.hidden = !wild.length;
  explained(wildBox, `${why("wild")} ${t("explain_wild_mark")}`.trim());
}

export function renderTimer() {
  const box = document.getElementById("timer");
  const ring = document.querySelector(".seat.turn .avatar");
  if (ui.deadline === null) {
    box.textContent = "";
    delete box.dataset.left;
    if (ring) ring.style.removeProperty("--left");
    return;
  }
  const s = Math.max(0, Math.ceil((ui.deadline - Date.now()) / 1000));
  explained(box, t("explain_timer")).textContent = t("timer", { s });
  box.dataset.left = String(s);
  box.classList.toggle("urgent", s <= 10);
  if (ring && ui.deadlineTotal) ring.style.setProperty("--left", String(s / ui.deadlineTotal));
}

/** Draws the table (seats, the bar's pills, piles, melds, scores, log) from `ui.view`: the play
 * page's and the replay's. */
export function drawTable() {
  const v = ui.view;
  renderSeats();
  if (!v) return;
  document.getElementById("game").textContent = presetName(v.preset);
  document.getElementById("round").textContent = t("round", { n: v.round_number });
  const min = document.getElementById("minimum");
  min.hidden = typeof v.minimum !== "number";
  if (!min.hidden) explained(min, why("minimum")).textContent = t("minimum", { n: v.minimum });
  const turn = document.getElementById("turn");
  const acting = v.to_act ?? v.turn;
  if (acting === null || acting === undefined) turn.replaceChildren();
  else if (acting === ui.seat) turn.replaceChildren(t("your_turn"));
  else turn.replaceChildren(tn("turn_of", { name: nameOf(acting) }));
  turn.classList.toggle("mine", acting === ui.seat && acting !== null);
  renderPiles();
  document.getElementById("melds").replaceChildren(...meldsPanel());
  const zone = document.getElementById("new-meld");
  zone.hidden = ui.seat === null;
  zone.textContent = t("drop_new_meld");
  document.getElementById("scores").replaceChildren(...scoresPanel());
  document.getElementById("log").replaceChildren(...logPanel());
}

/** Draws the whole page from the state (after each message, and on a language switch). */
export function render() {
  const v = ui.view;
  drawTable();
  document.body.classList.toggle("spectator", ui.seat === null && !token); // no hand, no moves
  if (!v) return;
  const acting = v.to_act ?? v.turn;
  if (ui.drag) {
    markTargets(); // the hand is not drawn again while its cards are dragged
  } else {
    clearTargets();
    renderHand();
  }
  renderActions();
  renderArranged();
  renderNote();
  renderTimer();
  showSummaries(scoresPanel);
  document.body.dataset.version = String(ui.version);
  document.body.dataset.turn = v.turn === null ? "" : String(v.turn);
  document.body.dataset.toAct = acting === null || acting === undefined ? "" : String(acting);
  document.body.dataset.phase = v.phase;
  document.body.dataset.round = v.round_number === undefined ? "" : String(v.round_number);
}

