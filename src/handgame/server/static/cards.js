// Cards: "QS" (rank A 2-9 T J Q K, suit S H D C) and "X" (a joker).
import { el } from "./i18n.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_ORDER = "SHDC";
const RANKS = "A23456789TJQK";

export function rankOf(card) {
  return card === "X" ? 99 : RANKS.indexOf(card[0]) + 1;
}

export function suitOf(card) {
  return card === "X" ? 9 : SUIT_ORDER.indexOf(card[1]);
}

/** A card as text: "10♥", "🃏". */
export function cardText(card) {
  if (card === "X") return "🃏";
  const r = card[0] === "T" ? "10" : card[0];
  return r + SUITS[card[1]];
}

/** A card as an element (always left to right inside: "10♥" reads the same in any language). */
export function cardEl(card, attrs = {}) {
  const color = card === "X" ? "joker" : card[1] === "H" || card[1] === "D" ? "red" : "black";
  const cls = `card ${color}` + (attrs.class ? ` ${attrs.class}` : "");
  return el(card === undefined ? "span" : attrs.tag || "span",
    { ...attrs, tag: null, class: cls, dir: "ltr", "data-card": card, title: card },
    cardText(card));
}

export function bySuit(a, b) {
  return suitOf(a) - suitOf(b) || rankOf(a) - rankOf(b);
}

export function byRank(a, b) {
  return rankOf(a) - rankOf(b) || suitOf(a) - suitOf(b);
}

/** Whether two lists hold the same cards (as multisets). */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}
