// The replay viewer of a finished match: every step, with every hand shown.
import { cardEl, cardText } from "./cards.js";
import { bdi, el, setupLanguage, t } from "./i18n.js";
import { actionLine } from "./words.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let frames = [];
let at = 0;

function nameOf(v, i) {
  return bdi(v.names[i] || t("seat", { n: i + 1 }));
}

function stepText(f, prev) {
  const v = f.view;
  const s = f.step;
  if ("deal" in s) return el("span", {}, t("round", { n: v.round_number }));
  // a draw from the discard pile takes the card on top of the pile before it
  const pile = prev ? prev.view.discard_pile : [];
  const taken = pile.length ? pile[pile.length - 1] : null;
  return actionLine(s, (i) => nameOf(v, i), taken);
}

function render() {
  if (!frames.length) return;
  const f = frames[at];
  const v = f.view;
  document.getElementById("slider").value = String(at);
  document.getElementById("step").textContent = t("step", { n: at + 1, m: frames.length });
  document.getElementById("what").replaceChildren(stepText(f, frames[at - 1]));
  document.getElementById("stock").textContent = t("stock_count", { n: v.stock_count });
  const pile = v.discard_pile;
  document.getElementById("pile").replaceChildren(
    ...(pile.length ? [cardEl(pile[pile.length - 1]), ` ×${pile.length}`] : ["—"]));
  document.getElementById("indicator").replaceChildren(v.indicator ? cardEl(v.indicator, { class: "small" }) : "—");
  document.getElementById("wild").replaceChildren(v.wild ? cardEl(v.wild, { class: "small" }) : "—");
  document.getElementById("hands").replaceChildren(...f.hands.map((h, i) =>
    el("div", { class: "owner-melds" + (v.turn === i ? " turn" : ""), "data-replay-hand": i },
      el("strong", {}, nameOf(v, i)), h.map((c) => cardEl(c, { class: "small" })))));
  document.getElementById("melds").replaceChildren(...v.melds.map((m) =>
    el("span", { class: "meld", title: m.text }, el("bdi", { class: "num" }, nameOf(v, m.owner), ` #${m.index + 1}`),
      m.cards.map((c, i) => m.stands_for[i]
        ? el("span", { class: "wildcard" }, cardEl(c, { class: "small" }),
          el("bdi", { class: "as", dir: "ltr" }, "=" + cardText(m.stands_for[i])))
        : cardEl(c, { class: "small" })))));
  document.getElementById("scores").replaceChildren(el("table", { class: "scores" },
    v.names.map((_, i) => el("tr", {}, el("td", {}, nameOf(v, i)), el("td", {}, v.totals[i])))));
  document.body.dataset.step = String(at);
}

function go(i) {
  at = Math.max(0, Math.min(frames.length - 1, i));
  render();
}

async function main() {
  setupLanguage(render);
  const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  if (!r.ok) {
    document.getElementById("what").textContent = r.status === 403 ? t("not_finished")
      : t("error", { message: r.status });
    document.body.dataset.ready = "error";
    return;
  }
  frames = (await r.json()).frames;
  const slider = document.getElementById("slider");
  slider.max = String(frames.length - 1);
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(at - 1));
  document.getElementById("next").addEventListener("click", () => go(at + 1));
  document.getElementById("last").addEventListener("click", () => go(frames.length - 1));
  document.addEventListener("keydown", (e) => {
    const rtl = document.documentElement.dir === "rtl";
    if (e.key === "ArrowRight") go(at + (rtl ? -1 : 1));
    if (e.key === "ArrowLeft") go(at + (rtl ? 1 : -1));
  });
  render();
  document.body.dataset.ready = "1";
}

main();
