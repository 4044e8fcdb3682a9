// What a card means at this table, said on a long press (drag.js) and as a card's tooltip: its
// name, and whether it is wild — in a meld, the card it stands for there; Hand's jokers, the card
// they play as (levant's indicator, L-21, L-22); Hand and Foot's jokers and 2s (HF-3).
import { cardText, el, t } from "./i18n.js";
import { isWild, ui } from "./state.js";

/** The sentence of a card (`as`: what it stands for in a meld, if it is wild there). */
export function cardMeaning(card, as = null) {
  const name = cardText(card);
  const v = ui.view;
  if (as) return t("card_wild_as", { card: name, as: as.startsWith("any") ? t("card_any") : cardText(as) });
  if (card === "X" && v && v.joker_as && !isWild(card)) {
    return t("card_plays_as", { card: name, as: cardText(v.joker_as) });
  }
  if (isWild(card)) return t("card_wild", { card: name });
  return t("card_natural", { card: name });
}

let timer = null;

/** Shows the meaning of a card node (a hand, meld, pile or indicator card) beside it. */
export function showMeaning(node) {
  hideMeaning();
  const card = node.dataset.card;
  if (!card) return;
  const as = node.dataset.as || null;
  const tip = el("div", { id: "card-meaning", class: "card-meaning", role: "status" },
    cardMeaning(card, as));
  document.body.append(tip);
  const r = node.getBoundingClientRect();
  const w = tip.offsetWidth;
  const x = Math.min(Math.max(4, r.left + r.width / 2 - w / 2), innerWidth - w - 4);
  const y = r.top - tip.offsetHeight - 8;
  tip.style.left = `${x}px`;
  tip.style.top = `${y < 4 ? r.bottom + 8 : y}px`;
  timer = setTimeout(hideMeaning, 4000);
}

export function hideMeaning() {
  clearTimeout(timer);
  const tip = document.getElementById("card-meaning");
  if (tip) tip.remove();
}
