// The admin's page (/admin, for accounts with the admin role): the hall's figures at a glance, accounts
// (find, ban and unban, a password reset link, end every session), open tables (close), an announcement to
// everyone, and the audit log. Every action asks why first; the reason goes to the audit log with it.
import { moderationPanel } from "./moderation.js";
import { api } from "./net.js";
import { h, toast } from "./ui.js";

/** @typedef {{ id: number, name: string, guest: boolean, created: number, admin: boolean, moderator?: boolean,
 *   banned: { since: number, by: string, reason: string } | null, sessions: number }} Account */
/** @typedef {{ id: number, at: number, actor: string, action: string, target: string, reason: string,
 *   detail: any }} Entry */

// The audit log's actions in words, each read "<who> <words> <whom>".
const ACTIONS = {
  grant: "gave the admin role to", revoke: "took the admin role from", ban: "banned", unban: "unbanned",
  reset_password: "made a password reset link for", reset_used: "set a new password with a reset link for",
  end_sessions: "ended every session of", close_table: "closed", announce: "announced to",
  grant_moderator: "gave the moderator role to", revoke_moderator: "took the moderator role from",
  warn: "warned", mute: "muted the chat of", unmute: "lifted the mute of", dismiss: "dismissed a report about",
};

const sessions = (n) => `${n} session${n === 1 ? "" : "s"}`;

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString([], { dateStyle: "short", timeStyle: "short" });
}

function stylesheet() {
  if (!document.querySelector("link[href='/static/admin.css']")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/admin.css" }));
  }
}

/**
 * Ask why before an action: a dialog with the reason (required); `run(reason)` does the action and says
 * what it did (its words are shown), or throws (the error is shown and the dialog stays).
 * @param {string} title
 * @param {string} button
 * @param {(reason: string) => Promise<string | Node>} run
 * @param {HTMLElement[]} [fields] more inputs above the reason
 */
function ask(title, button, run, fields = []) {
  const reason = h("textarea", { id: "admin-reason", required: true, maxlength: "300", rows: "3",
    placeholder: "Why? (written to the audit log)" });
  const error = h("p", { class: "form-error", role: "alert" });
  const done = h("div", { class: "admin-done", "aria-live": "polite" });
  const go = h("button", { type: "submit", class: "primary", id: "admin-confirm" }, button);
  const dialog = h("dialog", { class: "admin-dialog panel", "aria-label": title });
  const form = h("form", { method: "dialog", onsubmit: async (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    error.textContent = "";
    go.disabled = true;
    try {
      const said = await run(reason.value.trim());
      form.replaceChildren(h("h2", {}, title), done,
        h("div", { class: "row" }, h("button", { type: "button", id: "admin-close", onclick: () => dialog.close() }, "Close")));
      done.append(said);
    } catch (err) {
      error.textContent = err.message;
      go.disabled = false;
    }
  } }, h("h2", {}, title), ...fields, h("label", {}, "Reason", reason), error,
  h("div", { class: "row" }, go, h("button", { type: "button", onclick: () => dialog.close() }, "Cancel")));
  dialog.append(form);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  (fields[0] || reason).focus();
}

function figuresPanel() {
  const body = h("div", { class: "admin-figures" });
  const panel = h("section", { class: "panel admin-glance", "aria-labelledby": "glance-title" },
    h("div", { class: "admin-head" }, h("h2", { id: "glance-title" }, "The hall at a glance"),
      h("span", { class: "admin-note", id: "glance-process" })), body);
  /** @param {any} figures */
  function show(figures) {
    const group = (title, values, empty = "none") => h("div", { class: "admin-figure" }, h("h3", {}, title),
      Object.keys(values).length
        ? h("dl", {}, ...Object.entries(values).flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v ?? "–")]))
        : h("p", { class: "admin-note" }, empty));
    body.replaceChildren(
      group("Sockets", figures.sockets), group("Tables", figures.tables), group("Moves", figures.moves),
      group("Move latency", figures.latency), group("Commits", figures.commits),
      group("Bot queue", figures["bot queue"]), group("Errors logged", figures.errors),
      group("Refusals", figures.refusals));
    panel.querySelector("#glance-process").textContent = `process: ${figures.process}`;
  }
  return { el: panel, show };
}

function accountsPanel(reload) {
  const prefix = h("input", { type: "search", id: "account-prefix", placeholder: "The start of a name",
    "aria-label": "find accounts by the start of their name", maxlength: "40" });
  const list = h("ul", { class: "admin-accounts", id: "accounts" });
  async function find() {
    const { accounts } = await api(`/api/admin/accounts?prefix=${encodeURIComponent(prefix.value.trim())}`);
    list.replaceChildren(...(accounts.length ? accounts.map(row) : [h("li", { class: "admin-note" }, "No account.")]));
  }
  /** @param {string} path @param {Account} a @param {string} title @param {string} button @param {(r: any) => string | Node} said */
  const act = (path, a, title, button, said) => ask(title, button, async (reason) => {
    const answer = await api(`/api/admin/${path}`, { name: a.name, reason });
    await Promise.all([find(), reload()]);
    return said(answer);
  });
  /** @param {Account} a */
  function row(a) {
    const flags = [a.guest && h("span", { class: "badge" }, "guest"), a.admin && h("span", { class: "badge admin" }, "admin"),
      a.moderator && h("span", { class: "badge moderator" }, "moderator"),
      a.banned && h("span", { class: "badge banned", title: `by ${a.banned.by}: ${a.banned.reason}` }, "banned")];
    const buttons = [
      a.banned
        ? h("button", { type: "button", onclick: () => act("unban", a, `Unban ${a.name}`, "Unban", () => `${a.name} may sign in again.`) }, "Unban")
        : !a.admin && h("button", { type: "button", class: "danger", onclick: () => act("ban", a, `Ban ${a.name}`, "Ban",
          (r) => `${a.name} is banned: ${sessions(r.sessions)} ended, ${r.sockets} sockets closed here.`) }, "Ban"),
      !a.guest && !a.banned && h("button", { type: "button", onclick: () => act("reset", a, `Reset ${a.name}'s password`,
        "Make a link", (r) => resetLink(r)) }, "Reset password"),
      h("button", { type: "button", disabled: !a.sessions, onclick: () => act("end-sessions", a, `End every session of ${a.name}`,
        "End sessions", (r) => `${sessions(r.sessions)} ended, ${r.sockets} sockets closed here.`) }, "End sessions"),
      !a.guest && !a.banned && h("button", { type: "button", class: "moderator-role", onclick: () => ask(
        a.moderator ? `Take the moderator role from ${a.name}` : `Make ${a.name} a moderator`, a.moderator ? "Take it back" : "Make a moderator",
        async (reason) => {
          await api("/api/admin/moderator", { name: a.name, grant: !a.moderator, reason });
          await Promise.all([find(), reload()]);
          return a.moderator ? `${a.name} is no longer a moderator.` : `${a.name} is a moderator: the admin page shows them the reports.`;
        }) }, a.moderator ? "No longer a moderator" : "Make a moderator"),
    ];
    return h("li", { class: "admin-account", dataset: { name: a.name } },
      h("div", { class: "who-line" }, h("a", { href: `/player/${encodeURIComponent(a.name)}` }, a.name), ...flags),
      h("div", { class: "admin-note" }, `${sessions(a.sessions)} · since ${when(a.created)}`,
        a.banned ? ` · banned ${when(a.banned.since)} by ${a.banned.by}: ${a.banned.reason}` : ""),
      h("div", { class: "row" }, ...buttons));
  }
  const form = h("form", { class: "row", role: "search", onsubmit: (e) => { e.preventDefault(); find(); } },
    prefix, h("button", { type: "submit", class: "primary" }, "Find"));
  const el = h("section", { class: "panel", "aria-labelledby": "accounts-title" },
    h("h2", { id: "accounts-title" }, "Accounts"), form, list);
  return { el, find };
}

function resetLink(answer) {
  const link = `${location.origin}${answer.link}`;
  const field = h("input", { type: "text", readonly: true, value: link, id: "reset-link", "aria-label": "the reset link" });
  return h("div", {}, h("p", {}, `Hand this link to ${answer.name}. It works once, for ${answer.hours} hours:`), field,
    h("button", { type: "button", onclick: async () => { field.select(); await navigator.clipboard?.writeText(link); toast("Copied"); } }, "Copy"));
}

function tablesPanel(reload) {
  const list = h("ul", { class: "admin-tables", id: "open-tables" });
  const number = h("input", { type: "text", inputmode: "numeric", pattern: "[0-9]+", id: "table-number", required: true,
    "aria-label": "table number", placeholder: "Table number" });
  const close = (id) => ask(`Close table ${id}`, "Close the table", async (reason) => {
    const { outcome } = await api("/api/admin/close", { table: id, reason });
    await reload();
    return { abandoned: `Table ${id} is closed: archived as abandoned, not rated.`, removed: `Table ${id} is removed.`,
      asked: `The process holding table ${id} has been asked to close it.` }[outcome] || outcome;
  });
  function show(tables) {
    list.replaceChildren(...(tables.length ? tables.map((t) => h("li", { dataset: { table: t.id } },
      h("a", { href: `/table/${t.id}` }, `#${t.id}`), " ", h("span", {}, t.game), " ",
      h("span", { class: `badge ${t.status}` }, t.status), " ",
      h("span", { class: "admin-note" }, t.players.join(", ") || "nobody seated"),
      h("button", { type: "button", class: "danger", onclick: () => close(t.id) }, "Close")))
      : [h("li", { class: "admin-note" }, "No open table.")]));
  }
  const form = h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); if (number.value) close(Number(number.value)); } },
    number, h("button", { type: "submit" }, "Close a table by number"));
  return { el: h("section", { class: "panel", "aria-labelledby": "tables-title" },
    h("h2", { id: "tables-title" }, "Open tables"), list, form), show };
}

function announcePanel(reload) {
  const text = h("input", { type: "text", id: "announce-text", maxlength: "400", required: true,
    placeholder: "The hall restarts at 22:00", "aria-label": "what to announce" });
  const form = h("form", { class: "row", onsubmit: (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    const line = text.value.trim();
    ask("Announce to every lobby and table", "Announce", async (reason) => {
      const answer = await api("/api/admin/announce", { text: line, reason });
      text.value = "";
      await reload();
      return `Announced: “${answer.announced}”`;
    });
  } }, text, h("button", { type: "submit", class: "primary", id: "announce" }, "Announce"));
  return h("section", { class: "panel", "aria-labelledby": "announce-title" },
    h("h2", { id: "announce-title" }, "Announce"), form);
}

function logPanel() {
  const list = h("ol", { class: "admin-log", id: "audit-log" });
  const older = h("button", { type: "button", class: "link", hidden: true }, "Older entries");
  let last = null;
  /** @param {Entry} e */
  const row = (e) => h("li", {}, h("time", { class: "admin-note" }, when(e.at)), " ",
    h("b", {}, e.actor), " ", h("span", { class: "action" }, ACTIONS[e.action] || e.action), " ",
    h("span", { class: "target" }, e.target),
    e.detail && e.detail.text ? h("q", {}, e.detail.text) : "",
    h("div", { class: "why" }, "Why: ", e.reason));
  async function load(before = null) {
    const { entries } = await api(`/api/admin/log${before ? `?before=${before}` : ""}`);
    if (!before) list.replaceChildren();
    list.append(...entries.map(row));
    last = entries.length ? entries[entries.length - 1].id : last;
    older.hidden = entries.length < 100;
  }
  older.addEventListener("click", () => load(last));
  return { el: h("section", { class: "panel admin-audit", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, "Audit log"), list, older), load };
}

/** @param {HTMLElement} root */
export async function showAdmin(root, me) {
  stylesheet();
  if (!me.admin && !me.moderator) {
    root.replaceChildren(h("section", { class: "missing panel", role: "alert" }, h("h1", {}, "For admins only"),
      h("p", {}, "This page is for the hall's admins and moderators.")));
    return () => {};
  }
  if (!me.admin) {  // a moderator: the reports only
    const reports = moderationPanel(ask, async () => {});
    root.replaceChildren(h("div", { class: "admin" }, h("h1", {}, "Moderation"), h("div", { class: "admin-grid" }, reports.el)));
    await reports.load();
    const timer = setInterval(() => { if (!document.querySelector("dialog[open]")) reports.load().catch(() => {}); }, 10000);
    return () => clearInterval(timer);
  }
  const glance = figuresPanel();
  const log = logPanel();
  const tables = tablesPanel(() => reload());
  const accounts = accountsPanel(() => reload());
  const reports = moderationPanel(ask, () => log.load());
  async function reload() {
    const [overview] = await Promise.all([api("/api/admin/overview"), log.load(), reports.load()]);
    glance.show(overview.figures);
    tables.show(overview.tables);
  }
  root.replaceChildren(h("div", { class: "admin" }, h("h1", {}, "Admin"),
    h("div", { class: "admin-grid" }, glance.el, reports.el, accounts.el, tables.el, announcePanel(() => reload()), log.el)));
  await Promise.all([reload(), accounts.find()]);
  const timer = setInterval(() => { if (!document.querySelector("dialog[open]")) reload().catch(() => {}); }, 10000);
  return () => clearInterval(timer);
}
