// The account page (/account): the e-mail address and whether it is confirmed, the notices sent to it, a new
// password, and deleting the account. Reached from the settings menu. Every text is in TEXT (marked N_, shown by t).
import { stylesheet } from "./mailpages.js";
import { api } from "./net.js";
import { N_, t } from "./i18n.js";
import { h, toast } from "./ui.js";

const TEXT = {
  title: N_("Your account"),
  email: N_("E-mail address"),
  emailLead: N_("Optional. It is used to set a new password if you forget yours, and for the notices you choose below. Nobody else sees it."),
  noMail: N_("This hall sends no e-mail: its operator has not set it up."),
  address: N_("Address"),
  save: N_("Save the address"),
  remove: N_("Remove"),
  waiting: N_("Waiting for confirmation: open the link we mailed to it."),
  none: N_("No address yet."),
  notices: N_("Notices by e-mail"),
  noticesLead: N_("Sent only to a confirmed address; each mail has a link that turns them all off."),
  turn: N_("It is my turn in a turn-based game"),
  invite: N_("Someone invites me to a table"),
  result: N_("A game I played is over"),
  digest: N_("Gather them into one mail a day instead of a mail each"),
  spacing: N_("At most one mail per table every quarter of an hour."),
  password: N_("Password"),
  old: N_("Current password"),
  fresh: N_("New password"),
  again: N_("New password again"),
  change: N_("Change the password"),
  differ: N_("The two new passwords differ."),
  changed: N_("Your password is changed; your other sessions have ended."),
  delete: N_("Delete the account"),
  deleteLead: N_("For good: your name is freed, your address and settings go, your finished games stay in the archive under a neutral name (\"Deleted player\" and a number) and the ratings are computed again without you."),
  deleteConfirm: N_("Your password, to delete the account"),
  deleteButton: N_("Delete my account"),
  deleteAsk: N_("Delete your account for good? This cannot be undone."),
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
    root.replaceChildren(h("section", { class: "account-page" }, h("h1", {}, t(TEXT.title)),
      h("p", { class: "panel", role: "alert", id: "account-refused" }, e.message)));
    return () => {};
  }
  const page = h("section", { class: "account-page", "aria-labelledby": "account-title" });
  const render = () => page.replaceChildren(h("h1", { id: "account-title" }, t("Your account: {name}", { name: data.name })),
    emailPanel(), noticesPanel(), passwordPanel(), deletePanel());

  function emailPanel() {
    const input = h("input", { type: "email", id: "email-address", autocomplete: "email", maxlength: "254",
      value: data.email ? data.email.address : "", placeholder: t("name@example.org"), disabled: !data.mail });
    const error = h("p", { class: "form-error", id: "email-error", role: "alert" });
    const state = data.email
      ? h("p", { class: `email-state ${data.email.confirmed ? "confirmed" : "waiting"}`, id: "email-state" },
        data.email.confirmed ? "✓ " + t("Confirmed: {address}", { address: data.email.address }) : t(TEXT.waiting))
      : h("p", { class: "email-state", id: "email-state" }, t(TEXT.none));
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
    h("h2", {}, t(TEXT.email)), h("p", { class: "lead" }, data.mail ? t(TEXT.emailLead) : t(TEXT.noMail)),
    h("label", {}, t(TEXT.address), input), state, error,
    h("div", { class: "row" }, h("button", { type: "submit", class: "primary", id: "email-save", disabled: !data.mail }, t(TEXT.save)),
      data.email ? h("button", { type: "button", id: "email-remove", onclick: () => send("") }, t(TEXT.remove)) : null));
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
      return h("label", { class: "check" }, input, " ", t(TEXT[key]));
    };
    return h("fieldset", { class: "panel account-section", id: "notices" },
      h("legend", {}, h("h2", {}, t(TEXT.notices))),
      h("p", { class: "lead" }, !data.mail ? t(TEXT.noMail)
        : usable ? t(TEXT.noticesLead) : `${t(TEXT.noticesLead)} ${data.email ? t(TEXT.waiting) : t(TEXT.none)}`),
      box("turn"), box("invite"), box("result"), box("digest"), h("p", { class: "hint" }, t(TEXT.spacing)));
  }

  function passwordPanel() {
    const old = passwordInput("old-password", t(TEXT.old), "current-password");
    const fresh = passwordInput("new-password", t(TEXT.fresh));
    const again = passwordInput("new-password-again", t(TEXT.again));
    const error = h("p", { class: "form-error", id: "password-error", role: "alert" });
    const form = h("form", { class: "panel account-section", id: "password-form", onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = "";
      if (fresh.value !== again.value) { error.textContent = t(TEXT.differ); return; }
      try {
        await api("/api/account/password", { old: old.value, new: fresh.value });
        form.reset();
        toast(t(TEXT.changed));
      } catch (err) { error.textContent = err.message; }
    } }, h("h2", {}, t(TEXT.password)), h("label", {}, t(TEXT.old), old), h("label", {}, t(TEXT.fresh), fresh),
    h("label", {}, t(TEXT.again), again), error,
    h("div", { class: "row" }, h("button", { type: "submit", id: "password-change" }, t(TEXT.change))));
    return form;
  }

  function deletePanel() {
    const password = passwordInput("delete-password", t(TEXT.deleteConfirm), "current-password");
    const error = h("p", { class: "form-error", id: "delete-error", role: "alert" });
    return h("form", { class: "panel account-section danger", id: "delete-form", onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = "";
      if (!window.confirm(t(TEXT.deleteAsk))) return;
      try {
        await api("/api/account/delete", { password: password.value });
        location.href = "/";
      } catch (err) { error.textContent = err.message; }
    } }, h("h2", {}, t(TEXT.delete)), h("p", { class: "lead" }, t(TEXT.deleteLead)),
    h("label", {}, t(TEXT.deleteConfirm), password), error,
    h("div", { class: "row" }, h("button", { type: "submit", class: "danger", id: "delete-account" }, t(TEXT.deleteButton))));
  }

  render();
  root.replaceChildren(page);
  return () => {};
}
