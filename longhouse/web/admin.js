// The admin's page (/admin, for accounts with the admin role): the hall's figures at a glance, accounts
// (find, ban and unban, a password reset link, end every session), open tables (close), an announcement to
// everyone, and the audit log. Every action asks why first; the reason goes to the audit log with it.
import { moderationPanel } from "./moderation.js";
import { api } from "./net.js";
import { N_, date, list as list_, number, t, tn } from "./i18n.js";
import { h, toast } from "./ui.js";

/** @typedef {{ id: number, name: string, guest: boolean, created: number, admin: boolean, moderator?: boolean,
 *   banned: { since: number, by: string, reason: string } | null, sessions: number }} Account */
/** @typedef {{ id: number, at: number, actor: string, action: string, target: string, reason: string,
 *   detail: any }} Entry */

// The audit log's actions in words, each read "<who> <words> <whom>".
// The audit log's actions in words: {actor} did it to {target}.
const ACTIONS = {
  grant: N_("{actor} gave the admin role to {target}"), revoke: N_("{actor} took the admin role from {target}"),
  ban: N_("{actor} banned {target}"), unban: N_("{actor} unbanned {target}"),
  reset_password: N_("{actor} made a password reset link for {target}"),
  reset_used: N_("{actor} set a new password with a reset link for {target}"),
  end_sessions: N_("{actor} ended every session of {target}"), close_table: N_("{actor} closed {target}"),
  announce: N_("{actor} announced to {target}"),
  grant_moderator: N_("{actor} gave the moderator role to {target}"),
  revoke_moderator: N_("{actor} took the moderator role from {target}"),
  warn: N_("{actor} warned {target}"), mute: N_("{actor} muted the chat of {target}"),
  unmute: N_("{actor} lifted the mute of {target}"), dismiss: N_("{actor} dismissed a report about {target}"),
};
// The figures' groups (the server's keys) and a table's status, in words.
const FIGURES = [["sockets", N_("Sockets")], ["tables", N_("Tables")], ["moves", N_("Moves")], ["latency", N_("Move latency")],
  ["commits", N_("Commits")], ["bot queue", N_("Bot queue")], ["errors", N_("Errors logged")], ["refusals", N_("Refusals")]];
const TABLE_STATUS = { waiting: N_("waiting"), running: N_("running"), over: N_("over") };
// The figures' own keys (the metrics' labels and the server's names for its means), in words.
const FIGURE_WORDS = { ...TABLE_STATUS, lobby: N_("lobby"), table: N_("table"), proxied: N_("proxied"), all: N_("all"),
  "mean ms": N_("mean ms"), "moves timed": N_("moves timed"), batches: N_("batches"), "mean moves": N_("mean moves") };

const sessions = (n) => tn("{n} session", "{n} sessions", n);
const sockets = (n) => tn("{n} socket closed here", "{n} sockets closed here", n);

function when(seconds) {
  return date(seconds * 1000, { dateStyle: "short", timeStyle: "short" });
}

// An audit entry's target as the store wrote it ("everyone", "table 12": its English) in the page's words.
function targetWords(e) {
  if (e.action === "announce" && e.target === "everyone") return t("everyone");
  const table = /^table (\d+)$/.exec(e.target);
  return e.action === "close_table" && table ? t("table {table}", { table: table[1] }) : e.target;
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
    placeholder: t("Why? (written to the audit log)") });
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
        h("div", { class: "row" }, h("button", { type: "button", id: "admin-close", onclick: () => dialog.close() }, t("Close"))));
      done.append(said);
    } catch (err) {
      error.textContent = err.message;
      go.disabled = false;
    }
  } }, h("h2", {}, title), ...fields, h("label", {}, t("Reason"), reason), error,
  h("div", { class: "row" }, go, h("button", { type: "button", onclick: () => dialog.close() }, t("Cancel"))));
  dialog.append(form);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  (fields[0] || reason).focus();
}

function figuresPanel() {
  const body = h("div", { class: "admin-figures" });
  const panel = h("section", { class: "panel admin-glance", "aria-labelledby": "glance-title" },
    h("div", { class: "admin-head" }, h("h2", { id: "glance-title" }, t("The hall at a glance")),
      h("span", { class: "admin-note", id: "glance-process" })), body);
  /** @param {any} figures */
  function show(figures) {
    const group = (title, values, empty = t("none")) => h("div", { class: "admin-figure" }, h("h3", {}, title),
      Object.keys(values).length
        ? h("dl", {}, ...Object.entries(values).flatMap(([k, v]) => [h("dt", {}, FIGURE_WORDS[k] ? t(FIGURE_WORDS[k]) : k),
          h("dd", {}, typeof v === "number" ? number(v) : v ?? "–")]))
        : h("p", { class: "admin-note" }, empty));
    body.replaceChildren(...FIGURES.map(([key, title]) => group(t(title), figures[key])));
    panel.querySelector("#glance-process").textContent = t("process: {name}", { name: figures.process });
  }
  return { el: panel, show };
}

function accountsPanel(reload) {
  const prefix = h("input", { type: "search", id: "account-prefix", placeholder: t("The start of a name"),
    "aria-label": t("find accounts by the start of their name"), maxlength: "40" });
  const list = h("ul", { class: "admin-accounts", id: "accounts" });
  async function find() {
    const { accounts } = await api(`/api/admin/accounts?prefix=${encodeURIComponent(prefix.value.trim())}`);
    list.replaceChildren(...(accounts.length ? accounts.map(row) : [h("li", { class: "admin-note" }, t("No account."))]));
  }
  /** @param {string} path @param {Account} a @param {string} title @param {string} button @param {(r: any) => string | Node} said */
  const act = (path, a, title, button, said) => ask(title, button, async (reason) => {
    const answer = await api(`/api/admin/${path}`, { name: a.name, reason });
    await Promise.all([find(), reload()]);
    return said(answer);
  });
  /** @param {Account} a */
  function row(a) {
    const flags = [a.guest && h("span", { class: "badge" }, t("guest")), a.admin && h("span", { class: "badge admin" }, t("admin")),
      a.moderator && h("span", { class: "badge moderator" }, t("moderator")),
      a.banned && h("span", { class: "badge banned", title: t("by {name}: {reason}", { name: a.banned.by, reason: a.banned.reason }) },
        t("banned"))];
    const name = a.name;
    const buttons = [
      a.banned
        ? h("button", { type: "button", onclick: () => act("unban", a, t("Unban {name}", { name }), t("Unban"),
          () => t("{name} may sign in again.", { name })) }, t("Unban"))
        : !a.admin && h("button", { type: "button", class: "danger", onclick: () => act("ban", a, t("Ban {name}", { name }), t("Ban"),
          (r) => t("{name} is banned: {sessions} ended, {sockets}.", { name, sessions: sessions(r.sessions), sockets: sockets(r.sockets) })) },
        t("Ban")),
      !a.guest && !a.banned && h("button", { type: "button", onclick: () => act("reset", a, t("Reset {name}'s password", { name }),
        t("Make a link"), (r) => resetLink(r)) }, t("Reset password")),
      h("button", { type: "button", disabled: !a.sessions, onclick: () => act("end-sessions", a, t("End every session of {name}", { name }),
        t("End sessions"), (r) => t("{sessions} ended, {sockets}.", { sessions: sessions(r.sessions), sockets: sockets(r.sockets) })) },
      t("End sessions")),
      !a.guest && !a.banned && h("button", { type: "button", class: "moderator-role", onclick: () => ask(
        a.moderator ? t("Take the moderator role from {name}", { name }) : t("Make {name} a moderator", { name }),
        a.moderator ? t("Take it back") : t("Make a moderator"),
        async (reason) => {
          await api("/api/admin/moderator", { name: a.name, grant: !a.moderator, reason });
          await Promise.all([find(), reload()]);
          return a.moderator ? t("{name} is no longer a moderator.", { name })
            : t("{name} is a moderator: the admin page shows them the reports.", { name });
        }) }, a.moderator ? t("No longer a moderator") : t("Make a moderator")),
    ];
    return h("li", { class: "admin-account", dataset: { name: a.name } },
      h("div", { class: "who-line" }, h("a", { href: `/player/${encodeURIComponent(a.name)}` }, a.name), ...flags),
      h("div", { class: "admin-note" }, t("{sessions} · since {when}", { sessions: sessions(a.sessions), when: when(a.created) }),
        a.banned ? " · " + t("banned {when} by {name}: {reason}", { when: when(a.banned.since), name: a.banned.by,
          reason: a.banned.reason }) : ""),
      h("div", { class: "row" }, ...buttons));
  }
  const form = h("form", { class: "row", role: "search", onsubmit: (e) => { e.preventDefault(); find(); } },
    prefix, h("button", { type: "submit", class: "primary" }, t("Find")));
  const el = h("section", { class: "panel", "aria-labelledby": "accounts-title" },
    h("h2", { id: "accounts-title" }, t("Accounts")), form, list);
  return { el, find };
}

function resetLink(answer) {
  const link = `${location.origin}${answer.link}`;
  const field = h("input", { type: "text", readonly: true, value: link, id: "reset-link", "aria-label": t("the reset link") });
  return h("div", {}, h("p", {}, tn("Hand this link to {name}. It works once, for {n} hour:",
    "Hand this link to {name}. It works once, for {n} hours:", answer.hours, { name: answer.name })), field,
  h("button", { type: "button", onclick: async () => { field.select(); await navigator.clipboard?.writeText(link); toast(t("Copied")); } },
    t("Copy")));
}

function tablesPanel(reload) {
  const list = h("ul", { class: "admin-tables", id: "open-tables" });
  const numberField = h("input", { type: "text", inputmode: "numeric", pattern: "[0-9]+", id: "table-number", required: true,
    "aria-label": t("table number"), placeholder: t("Table number") });
  const close = (id) => ask(t("Close table {table}", { table: id }), t("Close the table"), async (reason) => {
    const { outcome } = await api("/api/admin/close", { table: id, reason });
    await reload();
    const said = { abandoned: () => t("Table {table} is closed: archived as abandoned, not rated.", { table: id }),
      removed: () => t("Table {table} is removed.", { table: id }),
      asked: () => t("The process holding table {table} has been asked to close it.", { table: id }) }[outcome];
    return said ? said() : outcome;
  });
  function show(tables) {
    list.replaceChildren(...(tables.length ? tables.map((table) => h("li", { dataset: { table: table.id } },
      h("a", { href: `/table/${table.id}` }, `#${table.id}`), " ", h("span", {}, table.game), " ",
      h("span", { class: `badge ${table.status}` }, TABLE_STATUS[table.status] ? t(TABLE_STATUS[table.status]) : table.status), " ",
      h("span", { class: "admin-note" }, table.players.length ? list_(table.players) : t("nobody seated")),
      h("button", { type: "button", class: "danger", onclick: () => close(table.id) }, t("Close"))))
      : [h("li", { class: "admin-note" }, t("No open table."))]));
  }
  const form = h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); if (numberField.value) close(Number(numberField.value)); } },
    numberField, h("button", { type: "submit" }, t("Close a table by number")));
  return { el: h("section", { class: "panel", "aria-labelledby": "tables-title" },
    h("h2", { id: "tables-title" }, t("Open tables")), list, form), show };
}

function announcePanel(reload) {
  const text = h("input", { type: "text", id: "announce-text", maxlength: "400", required: true,
    placeholder: t("The hall restarts at 22:00"), "aria-label": t("what to announce") });
  const form = h("form", { class: "row", onsubmit: (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    const line = text.value.trim();
    ask(t("Announce to every lobby and table"), t("Announce"), async (reason) => {
      const answer = await api("/api/admin/announce", { text: line, reason });
      text.value = "";
      await reload();
      return t("Announced: “{text}”", { text: answer.announced });
    });
  } }, text, h("button", { type: "submit", class: "primary", id: "announce" }, t("Announce")));
  return h("section", { class: "panel", "aria-labelledby": "announce-title" },
    h("h2", { id: "announce-title" }, t("Announce")), form);
}

/**
 * A translated sentence with elements in it: each `{name}` of `text` becomes `nodes[name]`, the words between
 * stay text (in the order the language puts them).
 * @param {string} text
 * @param {Record<string, Node>} nodes
 */
function sentence(text, nodes) {
  return text.split(/(\{\w+\})/).filter(Boolean).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part);
    return name && nodes[name[1]] ? nodes[name[1]] : h("span", { class: "action" }, part);
  });
}

function logPanel() {
  const list = h("ol", { class: "admin-log", id: "audit-log" });
  const older = h("button", { type: "button", class: "link", hidden: true }, t("Older entries"));
  let last = null;
  /** @param {Entry} e */
  const row = (e) => h("li", {}, h("time", { class: "admin-note" }, when(e.at)), " ",
    ...sentence(ACTIONS[e.action] ? t(ACTIONS[e.action]) : `{actor} ${e.action} {target}`,
      { actor: h("b", {}, e.actor), target: h("span", { class: "target" }, targetWords(e)) }),
    e.detail && e.detail.text ? h("q", {}, e.detail.text) : "",
    h("div", { class: "why" }, t("Why: {reason}", { reason: e.reason })));
  async function load(before = null) {
    const { entries } = await api(`/api/admin/log${before ? `?before=${before}` : ""}`);
    if (!before) list.replaceChildren();
    list.append(...entries.map(row));
    last = entries.length ? entries[entries.length - 1].id : last;
    older.hidden = entries.length < 100;
  }
  older.addEventListener("click", () => load(last));
  return { el: h("section", { class: "panel admin-audit", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, t("Audit log")), list, older), load };
}

/** @param {HTMLElement} root */
export async function showAdmin(root, me) {
  stylesheet();
  if (!me.admin && !me.moderator) {
    root.replaceChildren(h("section", { class: "missing panel", role: "alert" }, h("h1", {}, t("For admins only")),
      h("p", {}, t("This page is for the hall's admins and moderators."))));
    return () => {};
  }
  if (!me.admin) {  // a moderator: the reports only
    const reports = moderationPanel(ask, async () => {});
    root.replaceChildren(h("div", { class: "admin" }, h("h1", {}, t("Moderation")), h("div", { class: "admin-grid" }, reports.el)));
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
  root.replaceChildren(h("div", { class: "admin" }, h("h1", {}, t("Admin")),
    h("div", { class: "admin-grid" }, glance.el, reports.el, accounts.el, tables.el, announcePanel(() => reload()), log.el)));
  await Promise.all([reload(), accounts.find()]);
  const timer = setInterval(() => { if (!document.querySelector("dialog[open]")) reload().catch(() => {}); }, 10000);
  return () => clearInterval(timer);
}
