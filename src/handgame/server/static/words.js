// The one place that puts an action into words, for every page: the table's log and its move
// buttons (play.js and its modules) and the replay viewer's steps (replay.js). An action is in
// record notation, as the server sends it (docs/web-protocol.md, RECORD.md § Actions):
//   {"seat": 0, "draw": "stock" | "discard"}
//   {"seat": 0, "meld": [["4D", "AS", "6D"], …]}
//   {"seat": 0, "add": "3D", "to": 0, "end"?: "low" | "high"}
//   {"seat": 0, "swap": ["5D"], "at": 0}
//   {"seat": 0, "discard": "8S", "announce"?: false}
//   {"seat": 0, "redeal": true}
// and Hand and Foot's (RECORD.md § Hand and Foot):
//   {"seat": 0, "take": ["KS", "KD"]} or {"seat": 0, "take": [], "to": 2}
//   {"seat": 0, "add": ["5D"], "to": 1} (a list of cards)
//   {"seat": 0, "ask": "go-out"}, {"seat": 2, "answer": true | false}
// The server sends no words of its own for actions (a view's public log is actions only): a log
// line is the game's action table's words (the glossary's act_KIND, as in the terminal), a
// button is the page's own label (draw_stock, add...), in the current language.
import { cardText } from "./cards.js";
import { el, gameOf, sayer, t, tn } from "./i18n.js";

/** Cards as one left-to-right text: "3♦ 4♦ 5♦". */
export function cardsText(cards) {
  return el("bdi", { dir: "ltr" }, cards.map(cardText).join(" "));
}

/** Melds as one left-to-right text: "4♦ A♠ 6♦ | 2♠ 2♥ 2♣". */
export function meldsText(melds) {
  return el("bdi", { dir: "ltr" }, melds.map((m) => m.map(cardText).join(" ")).join(" | "));
}

/** The cards an add lays: Hand's one card ("3D") or Hand and Foot's list. */
export function addedCards(action) {
  return Array.isArray(action.add) ? action.add : [action.add];
}

/** The verb of an action: "draw", "take", "meld", "add", "swap", "ask", "answer", "discard",
 * "redeal" (or undefined). */
export function verbOf(action) {
  return Object.keys(action).find((k) => k !== "seat");
}

/**
 * What a seat did, as a line of the log: "Sara discarded 8♠", worded by the game's action table
 * (the glossary's act_KIND: the same words the terminal's log says). `nameOf(seat)` gives the
 * seat's name (a node); `taken` is the card a take from the discard pile took, when it is known
 * (the action does not name it); `preset`: the game's (its action table), by default the view's.
 */
export function actionLine(action, nameOf, taken = null, preset = null) {
  const said = sayer({ nameOf, game: gameOf(preset) }).action(action, taken, "act");
  return el("span", {}, said);
}

/**
 * For each action of a round's log, the card a draw from the discard pile took: the card of the
 * discard before it, or the round's upcard (G-3) before any discard (null for other actions).
 */
export function takenCards(actions, upcard = null) {
  let top = upcard;
  return actions.map((a) => {
    if ("discard" in a) {
      top = Array.isArray(a.discard) ? a.discard[a.discard.length - 1] : a.discard;
      return null;
    }
    return ("draw" in a && a.draw === "discard") || "take" in a ? top : null;
  });
}

/**
 * What a move button does, for this seat: "Discard 8♠", "Add 3♦ to meld 1". A meld is "Meld
 * selected" unless `showCards` (several melds of the same cards: each button shows its cards).
 */
export function moveLabel(action, { showCards = false } = {}) {
  const a = action;
  if ("draw" in a) return t(a.draw === "stock" ? "draw_stock" : "draw_discard");
  if ("redeal" in a) return t("redeal");
  if ("meld" in a) return showCards ? tn("meld_as", { cards: meldsText(a.meld) }) : t("meld");
  if ("take" in a) {
    return a.take.length ? t("take_with", { cards: a.take.map(cardText).join(" ") })
      : t("take_to", { m: a.to + 1 });
  }
  if ("ask" in a) return t("ask");
  if ("answer" in a) return t(a.answer ? "answer_yes" : "answer_no");
  if ("add" in a) {
    const card = addedCards(a).map(cardText).join(" ");
    return t(a.end ? "add_end" : "add", { card, m: a.to + 1, end: a.end ? t(`end_${a.end}`) : "" });
  }
  if ("swap" in a) return t("swap", { m: a.at + 1 });
  if ("discard" in a) {
    const card = [].concat(a.discard).map(cardText).join(" ");
    return t(a.announce === false ? "discard_silent" : "discard", { card });
  }
  return JSON.stringify(a);
}
