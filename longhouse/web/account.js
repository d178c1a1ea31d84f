// The account page (/account): the e-mail address and whether it is confirmed, the notices sent to it, a new
// password, and deleting the account. Reached from the settings menu. Every English text is in TEXT.
import { stylesheet } from "./mailpages.js";
import { api } from "./net.js";
import { h, toast } from "./ui.js";

const TEXT = {
  title: "Your account",
  email: "E-mail address",
  emailLead: "Optional. It is used to set a new password if you forget yours, and for the notices you choose below. Nobody else sees it.",
  noMail: "This hall sends no e-mail: its operator has not set it up.",
  address: "Address",
  save: "Save the address",
  remove: "Remove",
  confirmed: "Confirmed",
  waiting: "Waiting for confirmation: open the link we mailed to it.",
  none: "No address yet.",
  notices: "Notices by e-mail",
  noticesLead: "Sent only to a confirmed address; each mail has a link that turns them all off.",
  turn: "It is my turn in a turn-based game",
  invite: "Someone invites me to a table",
  result: "A game I played is over",
  digest: "Gather them into one mail a day instead of a mail each",
  spacing: "At most one mail per table every quarter of an hour.",
  password: "Password",
  old: "Current password",
  fresh: "New password",
  again: "New password again",
  change: "Change the password",
  differ: "The two new passwords differ.",
  changed: "Your password is changed; your other sessions have ended.",
  delete: "Delete the account",
  deleteLead: "For good: your name is freed, your address and settings go, your finished games stay in the archive under a neutral name (\"Deleted player\" and a number) and the ratings are computed again without you.",
  deleteConfirm: "Your password, to delete the account",
  deleteButton: "Delete my account",
  deleteAsk: "Delete your account for good? This cannot be undone.",
};


function passwordInput(id, placeholder, autocomplete = "new-password") {
  return h("input", { type: "password", id, autocomplete, required: true, minlength: "6", maxlength: "200", placeholder });
}

/** @param {HTMLElement} root */
export async function showAccount(root) {
  stylesheet();
  let data;
  try {
    data = await api("/api/account");
  } catch (e) {
    root.replaceChildren(h("section", { class: "account-page" }, h("h1", {}, TEXT.title),
      h("p", { class: "panel", role: "alert", id: "account-refused" }, e.message)));
    return () => {};
  }
  const page = h("section", { class: "account-page", "aria-labelledby": "account-title" });
  const render = () => page.replaceChildren(h("h1", { id: "account-title" }, `${TEXT.title}: ${data.name}`),
    emailPanel(), noticesPanel(), passwordPanel(), deletePanel());

  function emailPanel() {
    const input = h("input", { type: "email", id: "email-address", autocomplete: "email", maxlength: "254",
      value: data.email ? data.email.address : "", placeholder: "name@example.org", disabled: !data.mail });
    const error = h("p", { class: "form-error", id: "email-error", role: "alert" });
    const state = data.email
      ? h("p", { class: `email-state ${data.email.confirmed ? "confirmed" : "waiting"}`, id: "email-state" },
        data.email.confirmed ? `✓ ${TEXT.confirmed}: ${data.email.address}` : TEXT.waiting)
      : h("p", { class: "email-state", id: "email-state" }, TEXT.none);
    const send = async (address) => {
      error.textContent = "";
      try {
        const answer = await api("/api/account/email", { address });
        data = answer;
        render();
        toast(answer.text);
      } catch (e) { error.textContent = e.message; }
    };
    return h("form", { class: "panel account-section", id: "email-form",
      onsubmit: (e) => { e.preventDefault(); send(input.value.trim()); } },
    h("h2", {}, TEXT.email), h("p", { class: "lead" }, data.mail ? TEXT.emailLead : TEXT.noMail),
    h("label", {}, TEXT.address, input), state, error,
    h("div", { class: "row" }, h("button", { type: "submit", class: "primary", id: "email-save", disabled: !data.mail }, TEXT.save),
      data.email ? h("button", { type: "button", id: "email-remove", onclick: () => send("") }, TEXT.remove) : null));
  }

  function noticesPanel() {
    const usable = data.email && data.email.confirmed;
    const box = (key) => {
      const input = h("input", { type: "checkbox", id: `mail-${key}`, checked: data.notices[key], disabled: !data.email });
      input.addEventListener("change", async () => {
        try {
          data = { ...data, ...(await api("/api/account/notices", { [key]: input.checked })) };
        } catch (e) {
          input.checked = !input.checked;
          toast(e.message, "error");
        }
      });
      return h("label", { class: "check" }, input, " ", TEXT[key]);
    };
    return h("fieldset", { class: "panel account-section", id: "notices" },
      h("legend", {}, h("h2", {}, TEXT.notices)),
      h("p", { class: "lead" }, !data.mail ? TEXT.noMail
        : usable ? TEXT.noticesLead : `${TEXT.noticesLead} ${data.email ? TEXT.waiting : TEXT.none}`),
      box("turn"), box("invite"), box("result"), box("digest"), h("p", { class: "hint" }, TEXT.spacing));
  }

  function passwordPanel() {
    const old = passwordInput("old-password", TEXT.old, "current-password");
    const fresh = passwordInput("new-password", TEXT.fresh);
    const again = passwordInput("new-password-again", TEXT.again);
    const error = h("p", { class: "form-error", id: "password-error", role: "alert" });
    const form = h("form", { class: "panel account-section", id: "password-form", onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = "";
      if (fresh.value !== again.value) { error.textContent = TEXT.differ; return; }
      try {
        await api("/api/account/password", { old: old.value, new: fresh.value });
        form.reset();
        toast(TEXT.changed);
      } catch (err) { error.textContent = err.message; }
    } }, h("h2", {}, TEXT.password), h("label", {}, TEXT.old, old), h("label", {}, TEXT.fresh, fresh),
    h("label", {}, TEXT.again, again), error,
    h("div", { class: "row" }, h("button", { type: "submit", id: "password-change" }, TEXT.change)));
    return form;
  }

  function deletePanel() {
    const password = passwordInput("delete-password", TEXT.deleteConfirm, "current-password");
    const error = h("p", { class: "form-error", id: "delete-error", role: "alert" });
    return h("form", { class: "panel account-section danger", id: "delete-form", onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = "";
      if (!window.confirm(TEXT.deleteAsk)) return;
      try {
        await api("/api/account/delete", { password: password.value });
        location.href = "/";
      } catch (err) { error.textContent = err.message; }
    } }, h("h2", {}, TEXT.delete), h("p", { class: "lead" }, TEXT.deleteLead),
    h("label", {}, TEXT.deleteConfirm, password), error,
    h("div", { class: "row" }, h("button", { type: "submit", class: "danger", id: "delete-account" }, TEXT.deleteButton)));
  }

  render();
  root.replaceChildren(page);
  return () => {};
}
