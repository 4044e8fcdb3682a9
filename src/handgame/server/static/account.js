// The account page (issue 40): log in or create an account; once in, log out, change the
// password, delete the account. The session is an HttpOnly cookie: this page never sees it.
import { setupLanguage, t } from "./i18n.js";
import { detailText, me, postJSON, renderNav, whoAmI } from "./nav.js";

function render() {
  renderNav();
  document.getElementById("guest").hidden = !!me;
  document.getElementById("member").hidden = !me;
  if (me) {
    document.getElementById("member-name").textContent = t("signed_in_as", { name: me });
    document.getElementById("my-profile").href = `/players/${encodeURIComponent(me)}`;
  }
}

async function enter(path) {
  const error = document.getElementById("account-error");
  error.textContent = "";
  const { ok, answer } = await postJSON(path, {
    name: document.getElementById("account-name").value,
    password: document.getElementById("account-password").value,
  });
  if (!ok) { error.textContent = detailText(answer); return; }
  document.getElementById("account-password").value = "";
  const back = new URLSearchParams(location.search).get("next");
  if (back && back.startsWith("/") && !back.startsWith("//")) { location.assign(back); return; }
  await whoAmI();
  render();
}

async function main() {
  setupLanguage(render);
  await whoAmI();
  render();
  document.getElementById("account-form").addEventListener("submit", (e) => {
    e.preventDefault();
    enter("/api/account/login");
  });
  document.getElementById("register").addEventListener("click", () => {
    if (document.getElementById("account-form").reportValidity()) enter("/api/account/register");
  });
  document.getElementById("log-out").addEventListener("click", async () => {
    await postJSON("/api/account/logout", {});
    await whoAmI();
    render();
  });
  document.getElementById("password-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const said = document.getElementById("password-said");
    const { ok, answer } = await postJSON("/api/account/password", {
      old: document.getElementById("old-password").value,
      new: document.getElementById("new-password").value,
    });
    said.textContent = ok ? t("password_changed") : detailText(answer);
    if (ok) e.target.reset();
  });
  document.getElementById("delete-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const { ok, answer } = await postJSON("/api/account/delete", {
      password: document.getElementById("delete-password").value,
    });
    if (!ok) { document.getElementById("delete-error").textContent = detailText(answer); return; }
    await whoAmI();
    render();
  });
  document.body.dataset.ready = "1";
}

main();
