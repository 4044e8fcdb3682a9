// Cards: "QS" (rank A 2-9 T J Q K, suit S H D C) and "X" (a joker). A card is drawn as an SVG
// playing card (crisp at any size, no emoji font needed: the suits and the joker's star are
// paths); in running text (the log, the buttons) it is a short coloured "10♥".
import { cardText, el } from "./i18n.js";
import { isCard } from "./say.js";

export { cardText, isCard };

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_ORDER = "SHDC";
const RANKS = "A23456789TJQK";

// the suits in a 100 × 100 box
const PIPS = {
  H: "M50 92C18 64 2 46 8 26C14 6 40 4 50 24C60 4 86 6 92 26C98 46 82 64 50 92Z",
  D: "M50 4L88 50L50 96L12 50Z",
  S: "M50 4C80 32 98 46 92 64C87 80 66 82 55 70C57 82 62 90 70 96H30C38 90 43 82 45 70" +
    "C34 82 13 80 8 64C2 46 20 32 50 4Z",
  C: "M50 6A20 20 0 0 1 68 40A20 20 0 1 1 56 72C58 84 62 90 70 96H30C38 90 42 84 44 72" +
    "A20 20 0 1 1 32 40A20 20 0 0 1 50 6Z",
};
const STAR = "M50 6L61 38H95L68 58L78 92L50 72L22 92L32 58L5 38H39Z";

export function rankOf(card) {
  return card === "X" ? 99 : RANKS.indexOf(card[0]) + 1;
}

export function suitOf(card) {
  return card === "X" ? 9 : SUIT_ORDER.indexOf(card[1]);
}

function colorOf(card) {
  return card === "X" ? "joker" : card[1] === "H" || card[1] === "D" ? "red" : "black";
}

function pip(suit, x, y, size, flip = false) {
  const k = size / 100;
  const turn = flip ? ` rotate(180 ${50} ${50})` : "";
  return `<path d="${PIPS[suit]}" transform="translate(${x} ${y}) scale(${k})${turn}"/>`;
}

/** The SVG face of a card (a 100 × 140 box). */
function faceSvg(card) {
  const frame = '<rect x="1.5" y="1.5" width="97" height="137" rx="9" class="edge"/>';
  if (card === "X") {
    return `<svg viewBox="0 0 100 140" aria-hidden="true">${frame}` +
      `<path d="${STAR}" transform="translate(20 38) scale(.6)" class="star"/>` +
      '<text x="10" y="24" class="idx jk">J</text><text x="10" y="40" class="idx jk">K</text>' +
      '<text x="50" y="124" class="word">JOKER</text></svg>';
  }
  const r = card[0] === "T" ? "10" : card[0];
  const s = card[1];
  const court = "JQK".includes(card[0]);
  const middle = court
    ? `<rect x="24" y="30" width="52" height="80" rx="5" class="court"/>` +
      `<text x="50" y="86" class="big">${r}</text>`
    : pip(s, 22, 42, 56);
  return `<svg viewBox="0 0 100 140" aria-hidden="true">${frame}` +
    `<text x="${r === "10" ? 5 : 9}" y="27" class="idx">${r}</text>${pip(s, 8, 31, 18)}` +
    `${middle}<g transform="rotate(180 50 70)"><text x="${r === "10" ? 5 : 9}" y="27" ` +
    `class="idx">${r}</text>${pip(s, 8, 31, 18)}</g></svg>`;
}

/**
 * A card as an element: an SVG playing card, its text kept for screen readers and tests
 * ("10♥"). `attrs.wild`: mark it as a wild card; `attrs.as`: what a wild stands for (a card or
 * "any SC"), shown on the card.
 */
export function cardEl(card, attrs = {}) {
  const { wild = false, as = null, tag = "span", ...rest } = attrs;
  const cls = `card ${colorOf(card)}` + (wild || as ? " wild" : "") +
    (rest.class ? ` ${rest.class}` : "");
  const label = cardText(card) + (as ? ` = ${cardText(as)}` : "");
  const node = el(tag, { title: label, ...rest, class: cls, dir: "ltr", "data-card": card,
    "data-as": as, "aria-label": label });
  if (isCard(card)) node.insertAdjacentHTML("beforeend", faceSvg(card));
  node.append(el("span", { class: "sr" }, cardText(card)));
  if (as) node.append(el("span", { class: "as" }, "=" + cardText(as)));
  else if (wild) node.append(el("span", { class: "as w", "aria-hidden": "true" }, "W"));
  return node;
}

/** A card in running text: "10♥" in its suit's colour. */
export function cardChip(card) {
  return el("span", { class: `chip ${colorOf(card)}`, dir: "ltr", "data-card": card },
    cardText(card));
}

/** `n` card backs, fanned (at most `max` drawn), with the count. */
export function backsEl(n, max = 7) {
  const shown = Math.min(n, max);
  const backs = Array.from({ length: shown }, () => el("span", { class: "back" }));
  return el("span", { class: "fan", "data-count": n, "aria-hidden": "true" }, backs);
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
