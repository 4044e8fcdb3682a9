// The account corner of a page's header (issue 40): a guest sees "Log in"; an account holder
// its name (its profile), and both the leaderboard. Guests stay first-class: nothing else
// changes for them.
import { el, t } from "./i18n.js";

export let me = null; // the account logged in ({name}) or null

/** Who is logged in (GET /api/account). */
export async function whoAmI() {
  try {
    const r = await fetch("/api/account");
    me = r.ok ? (await r.json()).name : null;
  } catch (e) {
    me = null;
  }
  return me;
}

/** Fill the header's #account-nav. */
export function renderNav() {
  const nav = document.getElementById("account-nav");
  if (!nav) return;
  const board = el("a", { href: "/leaderboard", "data-nav": "leaderboard" }, t("leaderboard"));
  nav.replaceChildren(board, " ", me
    ? el("a", { href: `/players/${encodeURIComponent(me)}`, "data-nav": "me" },
      t("signed_in_as", { name: me }))
    : el("a", { href: "/account", "data-nav": "log-in" }, t("log_in")));
}

/** A POST of JSON from this page (its Origin is the site's: the server checks it). */
export async function postJSON(path, body) {
  const r = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body), credentials: "same-origin",
  });
  let answer = {};
  try { answer = await r.json(); } catch (e) { answer = {}; }
  return { ok: r.ok, status: r.status, answer };
}

/** An error answer's words. */
export function detailText(answer) {
  const d = answer && answer.detail;
  return typeof d === "string" ? d : JSON.stringify(d ?? "");
}
