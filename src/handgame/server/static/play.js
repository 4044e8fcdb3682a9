// A table: one seat's (or a spectator's) page, over the WebSocket of docs/web-protocol.md.
// Every move button is built from the view's legal_actions, which are sent as they are.
import { bySuit, byRank, cardEl, cardText, sameCards } from "./cards.js";
import { bdi, el, errorText, hintLine, setupLanguage, t, tn } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = new URLSearchParams(location.hash.slice(1)).get("token");

const ui = {
  seat: null,
  seats: [],
  view: null,
  version: -1,
  order: [], // the hand as shown
  selected: new Set(), // indices into order
  sort: "suit",
  note: null, // {node, error}: a text, a node, or a function making it (again on a language switch)
  resultsSeen: null,
  overShown: false,
  deadline: null, // when the turn timer runs out (this browser's clock), from the server
  sent: 0,
  drag: null, // a drag of hand cards: {held, indices, cards} (indices into order, held among them)
  dragOver: null, // the drop target under the pointer, highlighted
};
let socket = null;
let retry = 0;

function nameOf(i) {
  const v = ui.view;
  const name = (v && v.names[i]) || (ui.seats[i] && ui.seats[i].name) || t("seat", { n: i + 1 });
  return bdi(name);
}

function selectedCards() {
  return [...ui.selected].sort((a, b) => a - b).map((i) => ui.order[i]);
}

function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  ui.sent += 1;
  socket.send(JSON.stringify({ type: "action", id: `c-${ui.sent}-${ui.version}`,
    version: ui.version, action }));
}

function say(node, error = false) {
  ui.note = { node, error };
  renderNote();
}

function renderNote() {
  const box = document.getElementById("announce");
  box.className = "announce" + (ui.note && ui.note.error ? " error" : "");
  const node = ui.note ? ui.note.node : "";
  box.replaceChildren(typeof node === "function" ? node() : node);
}

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

function sortHand(hand) {
  return [...hand].sort(ui.sort === "rank" ? byRank : bySuit);
}

function handPanel() {
  return ui.order.map((c, i) => {
    const dragged = ui.drag && ui.drag.indices.includes(i);
    const node = cardEl(c, { tag: "button", type: "button", draggable: "true", "data-index": i,
      class: (ui.selected.has(i) ? "selected" : "") + (dragged ? " dragging" : ""),
      "aria-pressed": ui.selected.has(i) ? "true" : "false" });
    node.addEventListener("dragstart", (event) => dragStart(event, i));
    node.addEventListener("dragend", dragEnd);
    node.addEventListener("click", () => {
      if (ui.selected.has(i)) ui.selected.delete(i); else ui.selected.add(i);
      renderHand();
      renderActions();
    });
    return node;
  });
}

// Drag and drop (HTML5; the clicks and the keyboard work as before): a hand card, or the selected
// cards when the card held is one of them, dropped
// - elsewhere in the hand: a custom order (kept until the hand changes or the player sorts);
// - on a meld: lays the card held off there (at the end nearer the drop point, where both ends
//   take it), or swaps the cards for its wild card, as a click on the meld does;
// - on the new-meld zone or this seat's meld area: melds the cards, as "Meld selected" does;
// - on the discard pile: discards the card held.
// A drop sends one of the view's legal_actions; where several fit (the arrangements of a meld, a
// discard with or without announcing), the cards are selected and the buttons ask. Only the
// targets that some legal action fits take a drop (highlighted while dragging); elsewhere a drop
// does nothing.

function dragStart(event, i) {
  const indices = ui.selected.has(i) ? [...ui.selected].sort((a, b) => a - b) : [i];
  ui.drag = { held: i, indices, cards: indices.map((j) => ui.order[j]) };
  event.dataTransfer.effectAllowed = "move";
  event.dataTransfer.setData("text/plain", ui.drag.cards.join(" "));
  markTargets();
  // fade the cards dragged once the browser has taken its picture of the one held
  setTimeout(() => {
    if (!ui.drag) return;
    for (const j of ui.drag.indices) {
      const node = document.querySelector(`#hand .card[data-index="${j}"]`);
      if (node) node.classList.add("dragging");
    }
  }, 0);
}

function dragEnd() {
  if (!ui.drag) return;
  ui.drag = null;
  clearTargets();
  renderHand();
}

/** Whether the cards dragged are still where they were in the hand. */
function dragCurrent(drag) {
  return drag.indices.every((j, k) => ui.order[j] === drag.cards[k]);
}

/** The drop target an element is in: a meld, the new-meld zone, the discard pile, the hand. */
function dropTargetAt(node) {
  if (!(node instanceof Element)) return null;
  const meld = node.closest("#melds .meld[data-meld]");
  if (meld) return { kind: "meld", el: meld, index: Number(meld.dataset.meld) };
  const zone = node.closest("#new-meld") ||
    (ui.seat !== null && node.closest(`#melds .owner-melds[data-owner="${ui.seat}"]`));
  if (zone) return { kind: "new", el: zone };
  const pile = node.closest("#discard-box");
  if (pile) return { kind: "discard", el: pile };
  const hand = node.closest("#hand");
  if (hand) return { kind: "hand", el: hand };
  return null;
}

/** The legal actions a drop of `drag` on `target` may mean (none for the hand: a reorder). */
function dropActions(target, drag) {
  const v = ui.view;
  if (!v || ui.seat === null || !drag || !dragCurrent(drag)) return [];
  const held = ui.order[drag.held];
  const legal = v.legal_actions;
  if (target.kind === "meld") {
    return legal.filter((a) => ("add" in a && a.to === target.index && a.add === held) ||
      ("swap" in a && a.at === target.index && sameCards(a.swap, drag.cards)));
  }
  if (target.kind === "new") {
    return legal.filter((a) => "meld" in a && sameCards(a.meld.flat(), drag.cards));
  }
  if (target.kind === "discard") return legal.filter((a) => "discard" in a && a.discard === held);
  return [];
}

function dropAllowed(target, drag) {
  if (!target || !drag) return false;
  if (target.kind === "hand") return dragCurrent(drag);
  return dropActions(target, drag).length > 0;
}

function markTargets() {
  clearTargets();
  const nodes = document.querySelectorAll("#melds .meld[data-meld], #new-meld, #discard-box, #hand");
  for (const node of nodes) {
    if (dropAllowed(dropTargetAt(node), ui.drag)) node.classList.add("drop-ok");
  }
  document.body.classList.add("dragging-cards");
}

function clearTargets() {
  for (const node of document.querySelectorAll(".drop-ok, .drop-over")) {
    node.classList.remove("drop-ok", "drop-over");
  }
  document.body.classList.remove("dragging-cards");
  ui.dragOver = null;
}

function onDragOver(event) {
  if (!ui.drag) return;
  const target = dropTargetAt(event.target);
  const ok = dropAllowed(target, ui.drag);
  const node = ok ? target.el : null;
  if (ui.dragOver !== node) {
    if (ui.dragOver) ui.dragOver.classList.remove("drop-over");
    if (node) node.classList.add("drop-over");
    ui.dragOver = node;
  }
  if (ok) {
    event.preventDefault(); // a drop here is taken
    event.dataTransfer.dropEffect = "move";
  }
}

/** The end of a meld nearer the point (its cards lie low to high along the line). */
function nearestEnd(event, node) {
  const r = node.getBoundingClientRect();
  let f = (event.clientX - r.left) / (r.width || 1);
  if (getComputedStyle(node).direction === "rtl") f = 1 - f;
  return f < 0.5 ? "low" : "high";
}

function onDrop(event) {
  const drag = ui.drag;
  const target = dropTargetAt(event.target);
  if (!dropAllowed(target, drag)) return;
  event.preventDefault();
  const fits = dropActions(target, drag);
  const at = target.kind === "hand" ? dropPlace(event) : null; // before the hand is drawn again
  dragEnd();
  if (target.kind === "hand") {
    reorder(drag, at);
    return;
  }
  let chosen = fits;
  if (target.kind === "meld" && fits.length > 1) {
    const end = nearestEnd(event, target.el);
    const there = fits.filter((a) => "add" in a && a.end === end);
    if (there.length === 1) chosen = there;
  }
  if (chosen.length === 1) {
    send(chosen[0]);
    return;
  }
  // more than one move fits: select the cards, the buttons ask
  const held = ui.order[drag.held];
  const cards = target.kind === "new" || chosen.some((a) => "swap" in a) ? drag.cards : [held];
  ui.selected = new Set();
  for (const c of cards) {
    const i = ui.order.findIndex((x, j) => x === c && !ui.selected.has(j));
    if (i >= 0) ui.selected.add(i);
  }
  renderHand();
  renderActions();
  say(() => t("drop_choose"));
}

/** The place in the hand a drop means: before (or after) the card dropped on, else the end. */
function dropPlace(event) {
  const over = event.target.closest("#hand .card[data-index]");
  if (!over) return ui.order.length;
  const j = Number(over.dataset.index);
  const r = over.getBoundingClientRect();
  const mid = r.left + r.width / 2;
  const rtl = getComputedStyle(document.getElementById("hand")).direction === "rtl";
  return (rtl ? event.clientX < mid : event.clientX > mid) ? j + 1 : j;
}

/** Moves the cards dragged to place `at` (an index in the order before the move). */
function reorder(drag, at) {
  const moving = new Set(drag.indices);
  const items = ui.order.map((c, j) => ({ c, j, sel: ui.selected.has(j) }));
  const next = [
    ...items.slice(0, at).filter((x) => !moving.has(x.j)),
    ...drag.indices.map((j) => items[j]),
    ...items.slice(at).filter((x) => !moving.has(x.j)),
  ];
  ui.order = next.map((x) => x.c);
  ui.selected = new Set(next.flatMap((x, k) => (x.sel ? [k] : [])));
  renderHand();
  renderActions();
}

function actionButton(label, action, primary = false) {
  const b = el("button", { type: "button", class: primary ? "primary" : "",
    "data-action": Object.keys(action).find((k) => k !== "seat") }, label);
  b.addEventListener("click", () => send(action));
  return b;
}

function actionsPanel() {
  const v = ui.view;
  if (!v || ui.seat === null) return [];
  const sel = selectedCards();
  const out = [];
  const melds = [];
  for (const a of v.legal_actions) {
    if ("draw" in a) {
      const b = actionButton(t(a.draw === "stock" ? "draw_stock" : "draw_discard"), a, true);
      b.dataset.draw = a.draw;
      out.push(b);
    } else if ("redeal" in a) {
      out.push(actionButton(t("redeal"), a));
    } else if ("meld" in a) {
      melds.push(a);
    } else if ("add" in a && sel.length === 1 && a.add === sel[0]) {
      const vars = { card: cardText(a.add), m: a.to + 1, end: a.end };
      out.push(actionButton(t(a.end ? "add_end" : "add", vars), a));
    } else if ("swap" in a && sel.length && sameCards(a.swap, sel)) {
      out.push(actionButton(t("swap", { m: a.at + 1 }), a));
    } else if ("discard" in a && sel.length === 1 && a.discard === sel[0]) {
      const key = a.announce === false ? "discard_silent" : "discard";
      out.push(actionButton(t(key, { card: cardText(a.discard) }), a, a.announce !== false));
    }
  }
  const takeable = v.legal_actions.some((a) => "draw" in a && a.draw === "discard");
  if (v.turn === ui.seat && v.phase === "draw" && v.discard_pile.length && !takeable) {
    // the rules do not let this seat take the discard now (L-62): the button is there all the
    // same, and the server's answer says why
    const b = actionButton(t("draw_discard"), { seat: ui.seat, draw: "discard" });
    b.dataset.draw = "discard";
    b.dataset.legal = "false";
    b.title = t("why_not");
    out.push(b);
  }
  if (melds.length) {
    const fits = melds.filter((a) => sameCards(a.meld.flat(), sel));
    if (fits.length > 1) {
      // the same cards make more than one meld (a wild card's place in a run, L-13): one
      // button per meld, its cards in the order they would lie
      for (const a of fits) {
        const cards = a.meld.map((m) => m.map(cardText).join(" ")).join(" | ");
        const b = actionButton(tn("meld_as", { cards: el("bdi", { dir: "ltr" }, cards) }), a, true);
        b.dataset.meldCards = a.meld.flat().join(" ");
        out.push(b);
      }
    } else if (fits.length === 1) {
      out.push(actionButton(t("meld"), fits[0], true));
    } else {
      out.push(el("button", { type: "button", class: "primary", "data-action": "meld",
        disabled: true }, t("meld")));
    }
  }
  if (v.turn === ui.seat && v.phase !== "draw" && !out.length) {
    out.push(el("span", {}, t("select_hint")));
  }
  return out;
}

async function hint() {
  if (token && ui.seat !== null) {
    // the engine's advice, made by the server from this seat's view only
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hint`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (r.ok) {
        const body = await r.json();
        if (Array.isArray(body.hint) && body.hint.length) {
          say(() => el("div", { class: "hint" }, body.hint.map((line, i) => hintLine(line, (body.kinds || [])[i]))));
          return;
        }
      }
    } catch (e) {
      // fall back to the client-side hint below
    }
  }
  localHint();
}

function localHint() {
  const v = ui.view;
  if (!v || ui.seat === null || !v.legal_actions.length) { say(t("hint_none")); return; }
  const legal = v.legal_actions;
  const melds = legal.filter((a) => "meld" in a);
  let want = null;
  if (melds.length) {
    const best = melds.reduce((x, y) => (y.meld.flat().length > x.meld.flat().length ? y : x));
    want = best.meld.flat();
  } else if (legal.some((a) => "add" in a)) {
    want = [legal.find((a) => "add" in a).add];
  } else if (legal.some((a) => "draw" in a)) {
    say(t("draw_stock"));
    return;
  } else if (legal.some((a) => "discard" in a)) {
    const discards = legal.filter((a) => "discard" in a).map((a) => a.discard);
    want = [discards.sort(byRank).pop()];
  }
  ui.selected = new Set();
  for (const c of want || []) {
    const i = ui.order.findIndex((x, j) => x === c && !ui.selected.has(j));
    if (i >= 0) ui.selected.add(i);
  }
  renderHand();
  renderActions();
}

function actionText(a) {
  const name = nameOf(a.seat);
  if ("draw" in a) {
    return a.draw === "stock" ? tn("act_draw_stock", { name })
      : tn("act_draw_discard", { name, card: "" });
  }
  if ("meld" in a) {
    return tn("act_meld", { name, melds: el("bdi", { dir: "ltr" },
      a.meld.map((m) => m.map(cardText).join(" ")).join(" | ")) });
  }
  if ("add" in a) return tn("act_add", { name, card: cardEl(a.add, { class: "small" }), m: a.to + 1 });
  if ("swap" in a) {
    return tn("act_swap", { name, cards: el("bdi", { dir: "ltr" }, a.swap.map(cardText).join(" ")),
      m: a.at + 1 });
  }
  if ("discard" in a) return tn("act_discard", { name, card: cardEl(a.discard, { class: "small" }) });
  if ("redeal" in a) return tn("act_redeal", { name });
  return el("span", {}, JSON.stringify(a));
}

function logPanel() {
  const v = ui.view;
  if (!v || !v.public) return [];
  const actions = v.public.actions;
  // A taken discard is named by the card before it on the pile: show it as "took the discard".
  return actions.map((a, i) => {
    let node;
    if ("draw" in a && a.draw === "discard") {
      const prev = [...actions.slice(0, i)].reverse().find((b) => "discard" in b);
      node = prev ? tn("act_draw_discard", { name: nameOf(a.seat),
        card: cardEl(prev.discard, { class: "small" }) })
        : tn("act_draw_discard", { name: nameOf(a.seat), card: "" });
    } else {
      node = actionText(a);
    }
    return el("li", { "data-log": i }, node);
  }).reverse();
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

function maybeSummaries(previous) {
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

function renderHand() {
  document.getElementById("hand").replaceChildren(...handPanel());
}

function renderActions() {
  document.getElementById("actions").replaceChildren(...actionsPanel());
}

// The server sends the turn timer with every state and seats message: the seconds left
// (turn_remaining) are counted down on this browser's clock, so a clock set wrong does not matter.
function setDeadline(message) {
  if (!("turn_remaining" in message)) return;
  const left = message.turn_remaining;
  ui.deadline = typeof left === "number" ? Date.now() + left * 1000 : null;
}

function renderTimer() {
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

function render() {
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

function onState(message) {
  const previous = ui.view;
  ui.version = message.version;
  ui.view = message.view;
  const hand = ui.view.hand;
  if (!previous || !sameCards(previous.hand, hand) || previous.hand.length !== hand.length) {
    ui.order = sortHand(hand);
    ui.selected = new Set();
    ui.drag = null;
  }
  setDeadline(message);
  const seat = ui.view.turn;
  if (seat === ui.seat && previous && previous.turn !== seat) say(t("your_turn"));
  maybeSummaries(previous);
  render();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const q = new URLSearchParams();
  if (token) q.set("token", token);
  if (ui.version >= 0) q.set("since", String(ui.version));
  socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}?${q}`);
  socket.addEventListener("open", () => { retry = 0; });
  socket.addEventListener("message", (event) => {
    const m = JSON.parse(event.data);
    if (m.type === "welcome") {
      ui.seat = m.seat;
      ui.seats = m.seats;
      if (ui.seat === null) say(t("spectator"));
      else if (ui.note && ui.note.node === t("connecting")) say("");
    } else if (m.type === "seats") {
      ui.seats = m.seats;
      setDeadline(m);
      render();
    } else if (m.type === "state") {
      if (m.resync || m.version > ui.version) onState(m);
    } else if (m.type === "error") {
      say(() => errorText(m), true);
      if (m.code === "bad_token" || m.code === "unknown_table") socket.onclose = null;
    } else if (m.type === "ack") {
      if (ui.note && ui.note.error) say("");
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4403 || event.code === 4404) return;
    say(t("disconnected"), true);
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 250 * 2 ** retry);
  });
}

async function main() {
  setupLanguage(render);
  say(t("connecting"));
  document.getElementById("sort-suit").addEventListener("click", () => {
    ui.sort = "suit"; ui.order = sortHand(ui.order); ui.selected = new Set(); renderHand(); renderActions();
  });
  document.getElementById("sort-rank").addEventListener("click", () => {
    ui.sort = "rank"; ui.order = sortHand(ui.order); ui.selected = new Set(); renderHand(); renderActions();
  });
  document.getElementById("hint").addEventListener("click", hint);
  document.addEventListener("dragenter", onDragOver);
  document.addEventListener("dragover", onDragOver);
  document.addEventListener("drop", onDrop);
  try {
    const summary = await (await fetch(`/api/tables/${encodeURIComponent(tableId)}`)).json();
    ui.seats = summary.seats || [];
  } catch (e) {
    // the welcome message brings the seats
  }
  setInterval(renderTimer, 500);
  connect();
}

main();
