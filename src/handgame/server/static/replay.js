// The replay viewer of a finished match: every step, with every hand shown.
import { cardEl, cardText } from "./cards.js";
import { bdi, el, setupLanguage, t, tn } from "./i18n.js";

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
  const name = nameOf(v, s.seat);
  if ("draw" in s) {
    if (s.draw === "stock") return tn("act_draw_stock", { name });
    const pile = prev ? prev.view.discard_pile : [];
    return tn("act_draw_discard", { name, card: pile.length ? cardEl(pile[pile.length - 1], { class: "small" }) : "" });
  }
  if ("meld" in s) {
    return tn("act_meld", { name, melds: el("bdi", { dir: "ltr" },
      s.meld.map((m) => m.map(cardText).join(" ")).join(" | ")) });
  }
  if ("add" in s) return tn("act_add", { name, card: cardEl(s.add, { class: "small" }), m: s.to + 1 });
  if ("swap" in s) {
    return tn("act_swap", { name, cards: el("bdi", { dir: "ltr" }, s.swap.map(cardText).join(" ")), m: s.at + 1 });
  }
  if ("discard" in s) return tn("act_discard", { name, card: cardEl(s.discard, { class: "small" }) });
  if ("redeal" in s) return tn("act_redeal", { name });
  return el("span", {}, JSON.stringify(s));
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
