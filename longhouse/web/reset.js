// The password reset link's page (/reset#TOKEN, made by an admin or mailed: /forgot): set a new password, then play. The token
// sits after '#', so the browser never sends it in a request line; it goes in the body of the one POST.
import { api } from "./net.js";
import { t } from "./i18n.js";
import { h } from "./ui.js";

// "…ask for one on the page Forgot your password? or ask an admin": the link's words inside the sentence
function noLink() {
  const [before, after] = t("This address holds no reset link: ask for one on the page {link} or ask an admin.").split("{link}");
  return [before, h("a", { href: "/forgot" }, t("Forgot your password?")), after ?? ""];
}

/** @param {HTMLElement} root */
export function showReset(root) {
  const token = location.hash.slice(1);
  const password = h("input", { type: "password", id: "new-password", autocomplete: "new-password", required: true,
    minlength: "6", maxlength: "200", placeholder: t("New password") });
  const again = h("input", { type: "password", id: "new-password-again", autocomplete: "new-password", required: true,
    minlength: "6", maxlength: "200", placeholder: t("The same again") });
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h("form", { class: "signin panel", onsubmit: async (e) => {
    e.preventDefault();
    error.textContent = "";
    if (password.value !== again.value) { error.textContent = t("The two passwords differ."); return; }
    try {
      const me = await api("/api/reset", { token, password: password.value });
      history.replaceState(null, "", "/");  // the token leaves the address bar and the history
      form.replaceChildren(h("h1", {}, t("Your password is set")),
        h("p", { class: "lead" }, t("You are signed in as {name}; your other sessions have ended.", { name: me.name })),
        h("a", { class: "button primary", href: "/", onclick: () => { location.href = "/"; } }, t("To the lobby")));
    } catch (err) {
      error.textContent = err.message;
    }
  } }, h("h1", {}, t("Set a new password")),
  token ? h("p", { class: "lead" }, t("This link works once. Choose a new password for your account."))
    : h("p", { class: "form-error" }, ...noLink()),
  h("label", {}, t("New password"), password), h("label", {}, t("New password again"), again), error,
  h("div", { class: "row" }, h("button", { type: "submit", class: "primary", id: "set-password", disabled: !token }, t("Set the password"))));
  root.replaceChildren(h("div", { class: "center" }, form));
  password.focus();
  return () => {};
}
