// The replay viewer of a finished match: every step drawn as the table is at play (table.js's
// drawTable, the play page's renderer), every hand face up; the match's record to download.
import { bdi, el, num, seatName, setupLanguage, signed, t } from "./i18n.js";
import { setupExplain } from "./rules.js";
import { tableId, ui } from "./state.js";
import { drawTable } from "./table.js";
import { actionLine } from "./words.js";

let frames = [];
let at = 0;
let timer = null; // autoplay

function nameOf(v, i) {
  return bdi(v.names[i] ? seatName(v.names[i]) : t("seat", { n: i + 1 }));
}

function stepText(f, prev) {
  const v = f.view;
  const s = f.step;
  if ("deal" in s) return el("span", {}, t("round", { n: v.round_number }));
  // a draw from the discard pile takes the card on top of the pile before it
  const pile = prev ? prev.view.discard_pile : [];
  const taken = pile.length ? pile[pile.length - 1] : null;
  return actionLine(s, (i) => nameOf(v, i), taken, v.preset);
}

function render() {
  if (!frames.length) return;
  const f = frames[at];
  const v = f.view;
  document.getElementById("slider").value = String(at);
  document.getElementById("step").textContent = t("step", { n: at + 1, m: frames.length });
  document.getElementById("what").replaceChildren(stepText(f, frames[at - 1]));
  ui.view = v;
  ui.hands = f.hands;
  ui.seats = v.names.map((name) => ({ name }));
  drawTable();
  // the results of the rounds over by this step
  const results = v.results || [];
  document.getElementById("round-result").replaceChildren(...(results.length ? [
    el("table", { class: "scores", "data-round-results": results.length },
      el("tr", {}, el("th", {}, t("round", { n: "" })),
        ...(results[0].scores.length === v.names.length ? v.names.map((_, i) => el("th", {}, nameOf(v, i)))
          : results[0].scores.map((_, k) => el("th", {}, t("team_of", { n: k + 1 }))))),
      results.map((r, k) => el("tr", {}, el("td", {}, num(k + 1)),
        r.scores.map((x) => el("td", { class: "n" }, signed(x)))))),
  ] : []));
  document.body.dataset.step = String(at);
}

function go(i) {
  at = Math.max(0, Math.min(frames.length - 1, i));
  render();
  if (at === frames.length - 1) autoplay(false);
}

/** Autoplay on or off: a step every `speed` milliseconds. */
function autoplay(on) {
  const button = document.getElementById("play");
  clearInterval(timer);
  timer = null;
  if (on) {
    const speed = Number(document.getElementById("speed").value);
    timer = setInterval(() => go(at + 1), speed);
  }
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.textContent = t(on ? "pause" : "autoplay");
}

/** The round selector: the first step of each round (its deal). */
function fillRounds() {
  const select = document.getElementById("round-jump");
  select.replaceChildren();
  frames.forEach((f, i) => {
    if ("deal" in f.step) {
      select.append(el("option", { value: i }, t("round", { n: f.view.round_number })));
    }
  });
}

async function main() {
  setupLanguage(() => { render(); fillRounds(); autoplay(timer !== null); });
  setupExplain();
  const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  if (!r.ok) {
    document.getElementById("what").textContent = r.status === 403 ? t("not_finished")
      : t("error", { message: r.status });
    document.body.dataset.ready = "error";
    return;
  }
  frames = (await r.json()).frames;
  try { // the table's option values: its badges explain themselves from them (rules.js)
    ui.values = (await (await fetch(`/api/tables/${encodeURIComponent(tableId)}`)).json()).values || {};
  } catch (e) {
    // the badges are drawn all the same
  }
  ui.bottom = 0; // seat 1 at the bottom, as at play; no seat of its own (ui.seat stays null)
  const download = document.getElementById("download");
  download.href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  download.setAttribute("download", `hand-${tableId}.json`);
  download.hidden = false;
  document.getElementById("discard-box").addEventListener("click", () => {
    if (ui.view && ui.view.discard_pile.length) document.getElementById("pile-all").showModal();
  });
  const slider = document.getElementById("slider");
  slider.max = String(frames.length - 1);
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(at - 1));
  document.getElementById("next").addEventListener("click", () => go(at + 1));
  document.getElementById("last").addEventListener("click", () => go(frames.length - 1));
  document.getElementById("play").addEventListener("click", () => autoplay(timer === null));
  document.getElementById("speed").addEventListener("change", () => { if (timer) autoplay(true); });
  const jump = document.getElementById("round-jump");
  jump.addEventListener("change", () => go(Number(jump.value)));
  fillRounds();
  document.addEventListener("keydown", (e) => {
    const rtl = document.documentElement.dir === "rtl";
    if (e.key === "ArrowRight") go(at + (rtl ? -1 : 1));
    if (e.key === "ArrowLeft") go(at + (rtl ? 1 : -1));
  });
  render();
  document.body.dataset.ready = "1";
}

main();
