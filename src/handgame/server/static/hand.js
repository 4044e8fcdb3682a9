// This seat's hand and its moves: the cards (a click selects), the move buttons, built from the
// view's legal_actions (sent as they are), and the hint.
import { byRank, cardEl, sameCards } from "./cards.js";
import { play } from "./arrange.js";
import { el, hintLine, t, tn } from "./i18n.js";
import { cardMeaning } from "./meaning.js";
import { infoButton, topicText } from "./rules.js";
import { isWild, nameOf, say, selectCards, selectedCards, sortHand, tableId, token, ui }
  from "./state.js";
import { addedCards, moveLabel, verbOf } from "./words.js";

function handPanel() {
  return ui.order.map((c, i) => {
    const dragged = ui.drag && ui.drag.indices.includes(i);
    // dragging is drag.js's (pointer events: its listeners are on the document)
    const node = cardEl(c, { tag: "button", type: "button", "data-index": i,
      style: `--i: ${i}`, title: cardMeaning(c),
      wild: isWild(c),
      class: (ui.selected.has(i) ? "selected" : "") + (dragged ? " dragging" : "") +
        (ui.arrived.has(i) ? " arrive" : ""),
      "aria-pressed": ui.selected.has(i) ? "true" : "false" });
    node.addEventListener("click", () => {
      if (ui.selected.has(i)) ui.selected.delete(i); else ui.selected.add(i);
      renderHand();
      renderActions();
    });
    return node;
  });
}

export function renderHand() {
  document.getElementById("hand").replaceChildren(...handPanel());
}

function actionButton(label, action, primary = false) {
  const b = el("button", { type: "button", class: primary ? "primary" : "",
    "data-action": verbOf(action) }, label);
  b.addEventListener("click", () => play(action));
  return b;
}

function actionsPanel() {
  const v = ui.view;
  if (!v || ui.seat === null) return [];
  const sel = selectedCards();
  const out = [];
  const melds = [];
  const adds = [];
  const discards = []; // the discard buttons of the selection
  let announces = false; // whether one of them says it does not announce (L-70, L-71)
  for (const a of v.legal_actions) {
    if ("draw" in a) {
      const b = actionButton(moveLabel(a), a, true);
      b.dataset.draw = a.draw;
      out.push(b);
    } else if ("take" in a || "redeal" in a || "ask" in a || "answer" in a) {
      out.push(actionButton(moveLabel(a), a, "answer" in a && a.answer));
    } else if ("meld" in a) {
      melds.push(a);
    } else if ("add" in a) {
      adds.push(a);
    } else if ("swap" in a && sel.length && sameCards(a.swap, sel)) {
      out.push(actionButton(moveLabel(a), a));
    } else if ("discard" in a && sel.length && sameCards([].concat(a.discard), sel)) {
      const b = actionButton(moveLabel(a), a, a.announce !== false);
      discards.push(b);
      if ("announce" in a) announces = true; // (the announcing one says nothing of it)
      out.push(b);
    }
  }
  // a discard that announces, or says it does not (L-70, L-71): explained on hover (the
  // buttons' title) and, since a tap on them plays, by a "?" beside them (a tap shows it)
  const why = announces ? topicText("announced", v.preset, ui.values) : "";
  if (why) {
    for (const b of discards) b.title = why;
    out.splice(out.indexOf(discards[discards.length - 1]) + 1, 0, infoButton("announce", why));
  }
  out.push(...addButtons(adds, sel));
  const takeable = v.legal_actions.some((a) => "draw" in a && a.draw === "discard");
  if (v.turn === ui.seat && v.phase === "draw" && v.discard_pile.length && !takeable &&
      "indicator" in v) {
    // the rules do not let this seat take the discard now (L-62): the button is there all the
    // same, and the server's answer says why
    const take = { seat: ui.seat, draw: "discard" };
    const b = actionButton(moveLabel(take), take);
    b.dataset.draw = "discard";
    b.dataset.legal = "false";
    b.title = t("why_not");
    out.push(b);
  }
  if (melds.length) out.push(...meldButtons(melds, sel));
  if (v.turn === ui.seat && v.phase !== "draw" && !out.length) {
    out.push(el("span", { class: "help" }, t("select_hint")));
  }
  return out;
}

/** The lay-off buttons: a legal add of exactly the selected cards, or (Hand and Foot, which
 * lists one card at a time) of several selected cards each of which that meld takes. */
function addButtons(adds, sel) {
  const out = [];
  if (!sel.length) return out;
  const exact = adds.filter((a) => sameCards(addedCards(a), sel));
  for (const a of exact) out.push(actionButton(moveLabel(a), a));
  if (exact.length || sel.length < 2 || !adds.length || !Array.isArray(adds[0].add)) return out;
  const targets = new Set(adds.map((a) => a.to));
  for (const to of targets) {
    const here = adds.filter((a) => a.to === to).map((a) => a.add[0]);
    if (sel.every((c) => here.includes(c))) {
      const a = { seat: ui.seat, add: sel, to };
      out.push(actionButton(moveLabel(a), a));
    }
  }
  return out;
}

function meldButtons(melds, sel) {
  const out = [];
  const fits = melds.filter((a) => sameCards(a.meld.flat(), sel));
  if (fits.length > 1) {
    // the same cards make more than one meld (a wild card's place in a run, L-13): one
    // button per meld, its cards in the order they would lie
    for (const a of fits) {
      const b = actionButton(moveLabel(a, { showCards: true }), a, true);
      b.dataset.meldCards = a.meld.flat().join(" ");
      out.push(b);
    }
  } else if (fits.length === 1) {
    out.push(actionButton(moveLabel(fits[0]), fits[0], true));
  } else if (sel.length > 3 && Array.isArray(melds[0].meld[0]) && !("indicator" in ui.view)) {
    // Hand and Foot lists new melds of three cards; a longer one is sent as selected, and the
    // server says why if it is not one (HF-4)
    out.push(actionButton(t("meld"), { seat: ui.seat, meld: [sel] }, true));
  } else {
    out.push(el("button", { type: "button", class: "primary", "data-action": "meld",
      disabled: true }, t("meld")));
  }
  return out;
}

/** The partner's question (HF-10), as a dialog with the answers, while it waits for this seat. */
function renderQuestion() {
  const v = ui.view;
  const dialog = document.getElementById("question");
  if (!dialog) return;
  const answers = v && ui.seat !== null ? v.legal_actions.filter((a) => "answer" in a) : [];
  if (!answers.length) {
    if (dialog.open) dialog.close();
    return;
  }
  document.getElementById("question-text").replaceChildren(
    tn("partner_asks", { name: nameOf(v.turn) }));
  document.getElementById("question-buttons").replaceChildren(...answers.map((a) => {
    const b = actionButton(moveLabel(a), a, a.answer);
    b.dataset.answer = String(a.answer);
    b.addEventListener("click", () => dialog.close());
    return b;
  }));
  if (!dialog.open && !document.getElementById("summary").open) dialog.showModal();
}

export function renderActions() {
  document.getElementById("actions").replaceChildren(...actionsPanel());
  renderQuestion();
}

/** The Hint button: the engine's advice from the server, else a simple one made here. */
export async function hint() {
  if (token && ui.seat !== null) {
    // the engine's advice, made by the server from this seat's view only
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hint`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (r.ok) {
        const body = await r.json();
        if (Array.isArray(body.hint) && body.hint.length) {
          say(() => el("div", { class: "hint" }, body.hint.map((phrase) => hintLine(phrase, ui.view && ui.view.preset))));
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
    want = addedCards(legal.find((a) => "add" in a));
  } else if (legal.some((a) => "draw" in a)) {
    say(moveLabel({ draw: "stock" }));
    return;
  } else if (legal.some((a) => "discard" in a)) {
    const discards = legal.filter((a) => "discard" in a && !Array.isArray(a.discard))
      .map((a) => a.discard);
    want = [discards.sort(byRank).pop()];
  }
  selectCards(want || []);
  renderHand();
  renderActions();
}

/** The hand sorted again (by suit or by rank): the selection is dropped. */
export function sortBy(sort) {
  ui.sort = sort;
  ui.order = sortHand(ui.order);
  ui.selected = new Set();
  renderHand();
  renderActions();
}
