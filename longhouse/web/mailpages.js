// The pages the hall's mails link to: confirming an address (/mail/confirm#TOKEN), turning notice mails off
// (/unsubscribe#TOKEN), and asking for a password reset link (/forgot). A token sits after '#': the browser
// never sends it in a request line; it goes in the body of the one POST, made when the page is opened (the
// confirmation) or when its button is pressed (unsubscribing: a mail scanner that opens links changes nothing).
import { api } from "./net.js";
import { N_, t } from "./i18n.js";
import { h } from "./ui.js";

const TEXT = {
  confirmTitle: N_("Your e-mail address"),
  confirming: N_("Confirming…"),
  toAccount: N_("To your account"),
  toLobby: N_("To the lobby"),
  noToken: N_("This address holds no link: open the one in the mail."),
  unsubscribeTitle: N_("Notice mails"),
  unsubscribeLead: N_("Turn every notice mail of this account off (your turn, invitations, results, the digest)."),
  unsubscribeButton: N_("Turn notice mails off"),
  forgotTitle: N_("Forgot your password?"),
  forgotLead: N_("Give the e-mail address you confirmed on your account: we mail a link to set a new password."),
  address: N_("E-mail address"),
  send: N_("Mail me a link"),
  noAddress: N_("No address on your account? An admin can make you a reset link."),
};

// The account pages' stylesheet (account.css), added once.
export function stylesheet() {
  if (!document.querySelector("link[href='/static/account.css']")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/account.css" }));
  }
}

/**
 * @param {HTMLElement} root
 * @param {"div" | "form"} tag
 * @param {{ [name: string]: any }} attrs
 * @param {...any} children
 */
function page(root, tag, attrs, ...children) {
  stylesheet();
  const box = h(tag, { class: "signin panel mail-page", ...attrs }, ...children);
  root.replaceChildren(h("div", { class: "center" }, box));
  return box;
}

const result = () => h("p", { class: "lead", id: "mail-result", role: "status" });
const error = () => h("p", { class: "form-error", id: "mail-error", role: "alert" });

/** @param {HTMLElement} root */
export async function showConfirm(root) {
  const token = location.hash.slice(1);
  const said = result(), wrong = error();
  page(root, "div", {}, h("h1", {}, t(TEXT.confirmTitle)), said, wrong,
    h("div", { class: "row" }, h("a", { class: "button primary", href: "/account" }, t(TEXT.toAccount)),
      h("a", { class: "button", href: "/" }, t(TEXT.toLobby))));
  if (!token) { wrong.textContent = t(TEXT.noToken); return () => {}; }
  said.textContent = t(TEXT.confirming);
  history.replaceState(null, "", location.pathname);  // the token leaves the address bar and the history
  try {
    const answer = await api("/api/mail/confirm", { token });
    said.textContent = t("{address} is confirmed. You can choose the notices it gets in your account's settings.",
      { address: answer.confirmed });
  } catch (e) {
    said.textContent = "";
    wrong.textContent = e.message;
  }
  return () => {};
}

/** @param {HTMLElement} root */
export function showUnsubscribe(root) {
  const token = location.hash.slice(1);
  const said = result(), wrong = error();
  const button = h("button", { type: "button", class: "primary", id: "unsubscribe", disabled: !token, onclick: async () => {
    wrong.textContent = "";
    try {
      said.textContent = (await api("/api/mail/unsubscribe", { token })).text;
      button.disabled = true;
      history.replaceState(null, "", location.pathname);
    } catch (e) { wrong.textContent = e.message; }
  } }, t(TEXT.unsubscribeButton));
  page(root, "div", {}, h("h1", {}, t(TEXT.unsubscribeTitle)), h("p", { class: "lead" }, t(TEXT.unsubscribeLead)), said, wrong,
    h("div", { class: "row" }, button, h("a", { class: "button", href: "/" }, t(TEXT.toLobby))));
  if (!token) wrong.textContent = t(TEXT.noToken);
  return () => {};
}

/** @param {HTMLElement} root */
export function showForgot(root) {
  const input = h("input", { type: "email", id: "forgot-address", autocomplete: "email", required: true,
    maxlength: "254", placeholder: t("name@example.org") });
  const said = result(), wrong = error();
  page(root, "form", { id: "forgot-form", onsubmit: async (e) => {
    e.preventDefault();
    wrong.textContent = "";
    try {
      said.textContent = (await api("/api/mail/forgot", { address: input.value.trim() })).text;
    } catch (err) { said.textContent = ""; wrong.textContent = err.message; }
  } }, h("h1", {}, t(TEXT.forgotTitle)), h("p", { class: "lead" }, t(TEXT.forgotLead)),
  h("label", {}, t(TEXT.address), input), said, wrong,
  h("div", { class: "row" }, h("button", { type: "submit", class: "primary", id: "forgot-send" }, t(TEXT.send)),
    h("a", { class: "button", href: "/" }, t(TEXT.toLobby))),
  h("p", { class: "hint" }, t(TEXT.noAddress)));
  input.focus();
  return () => {};
}
