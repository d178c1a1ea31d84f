// The moderators' queue, part of the admin page (/admin; a moderator sees only this part): the open reports,
// oldest first, each with its reason and context (the chat lines around it, the table and its version), and the
// actions — warn, mute for a time, ban, dismiss — each asking why first; the handled reports below.
import { api } from "./net.js";
import { N_, date, t, tn } from "./i18n.js";
import { h } from "./ui.js";

/** @typedef {{ id: number, reporter: string, target: string, reason: string, created: number, status: string,
 *   handled_by: string | null, outcome: string | null, muted_until: number | null, banned: boolean,
 *   reports: number, context: { where: string, table: number | null, game?: string, version?: number,
 *   seat?: number | null, status?: string, line: number | null,
 *   lines: { from: string | null, text: string, time: number }[] } }} Report */

// How long a mute can be chosen for, in minutes.
const MUTES = [[15, N_("15 minutes")], [60, N_("1 hour")], [24 * 60, N_("1 day")], [7 * 24 * 60, N_("1 week")]];
const WHERE = { table: N_("at a table"), lobby: N_("in the lobby"), page: N_("from their page") };
// A handled report's status (the store's words), as the list shows it.
const STATUS = { open: N_("open"), warned: N_("warned"), muted: N_("muted"), banned: N_("banned"), dismissed: N_("dismissed") };
// A reported table's status.
const TABLE_STATUS = { waiting: N_("waiting"), running: N_("running"), over: N_("over") };

function when(seconds) {
  return date(seconds * 1000, { dateStyle: "short", timeStyle: "short" });
}

function clock(seconds) {
  return date(seconds * 1000, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

const word = (table, key) => (table[key] ? t(table[key]) : key);

/** A reported table's game, move and status (and the seat the reported player held). */
function tableNote(c) {
  const seat = c.seat !== null && c.seat !== undefined;
  const status = word(TABLE_STATUS, c.status);
  return seat ? t("{game}, move {move}, {status}, seat {seat}", { game: c.game, move: c.version, status, seat: c.seat + 1 })
    : t("{game}, move {move}, {status}", { game: c.game, move: c.version, status });
}

/**
 * @param {(title: string, button: string, run: (reason: string) => Promise<string | Node>, fields?: HTMLElement[]) => void} ask
 *   the admin page's dialog that asks why first
 * @param {() => Promise<void>} reloadLog
 */
export function moderationPanel(ask, reloadLog) {
  const list = h("ol", { class: "mod-queue", id: "mod-queue" });
  const handled = h("ol", { class: "mod-handled", id: "mod-handled" });
  const count = h("span", { class: "badge", id: "mod-count" });
  async function load() {
    const [open, done] = await Promise.all([api("/api/mod/queue"), api("/api/mod/queue?status=handled")]);
    count.textContent = tn("{n} open", "{n} open", open.reports.length);
    list.replaceChildren(...(open.reports.length ? open.reports.map(row)
      : [h("li", { class: "admin-note" }, t("No open report. Reports players make from a chat line, a seat or a page come here."))]));
    handled.replaceChildren(...done.reports.slice(0, 20).map((r) => h("li", {},
      h("span", { class: `badge ${r.status}` }, word(STATUS, r.status)), " ", h("bdi", {}, r.target), " ",
      h("span", { class: "admin-note" }, t("by {moderator}: {reason} (reported by {reporter})",
        { moderator: r.handled_by, reason: r.outcome || "", reporter: r.reporter })))));
  }
  /** @param {Report} r @param {string} action @param {string} title @param {string} button @param {HTMLElement[]} [fields] */
  const act = (r, action, title, button, fields = [], extra = () => ({})) => ask(title, button, async (reason) => {
    const answer = await api("/api/mod/act", { action, report: r.id, reason, ...extra() });
    await Promise.all([load(), reloadLog()]);
    const name = r.target;
    return {
      warn: () => t("{name} is warned.", { name }),
      mute: () => t("{name}'s chat is muted until {until}.", { name, until: answer.until ? when(answer.until) : "" }),
      ban: () => t("{name} is banned.", { name }), dismiss: () => t("The report is dismissed."),
    }[action]();
  }, fields);
  /** @param {Report} r */
  function row(r) {
    const c = r.context;
    const where = c.table ? h("a", { href: `/table/${c.table}` }, t("table {table}", { table: c.table })) : null;
    const lines = h("ol", { class: "mod-lines" }, c.lines.map((line) => h("li", {
      class: line.time === c.line && line.from === r.target ? "reported" : line.from === r.target ? "theirs" : "" },
    h("time", { class: "admin-note" }, clock(line.time)), " ",
    line.from ? h("b", {}, h("bdi", {}, line.from), ":") : h("span", { class: "admin-note" }, "•"), " ", line.text)));
    const minutes = h("select", { id: "mute-minutes", "aria-label": t("for how long") },
      MUTES.map(([m, label]) => h("option", { value: String(m), selected: m === 60 }, t(String(label)))));
    return h("li", { class: "mod-report panel", dataset: { report: r.id, target: r.target } },
      h("div", { class: "who-line" }, h("a", { href: `/player/${encodeURIComponent(r.target)}`, dir: "auto" }, r.target),
        r.reports > 1 ? h("span", { class: "badge" }, tn("{n} report", "{n} reports", r.reports)) : null,
        r.muted_until ? h("span", { class: "badge muted" }, t("muted until {until}", { until: when(r.muted_until) })) : null,
        r.banned ? h("span", { class: "badge banned" }, t("banned")) : null),
      h("p", { class: "mod-reason" }, h("q", {}, r.reason)),
      h("p", { class: "admin-note" }, t("Reported by {name} {where}, {when}",
        { name: r.reporter, where: WHERE[c.where] ? t(WHERE[c.where]) : "", when: when(r.created) }),
      where ? ", " : "", where, c.table ? ` (${tableNote(c)})` : ""),
      c.lines.length ? h("details", { class: "mod-context", open: true },
        h("summary", {}, tn("The chat ({n} line)", "The chat ({n} lines)", c.lines.length)), lines)
        : h("p", { class: "admin-note" }, t("No chat lines went with it.")),
      h("div", { class: "row" },
        h("button", { type: "button", class: "warn", onclick: () => act(r, "warn", t("Warn {name}", { name: r.target }), t("Warn")) }, t("Warn")),
        h("button", { type: "button", class: "mute", onclick: () => act(r, "mute", t("Mute {name}'s chat", { name: r.target }), t("Mute"),
          [h("label", {}, t("For"), minutes)], () => ({ minutes: Number(minutes.value) })) }, t("Mute…")),
        h("button", { type: "button", class: "danger ban", onclick: () => act(r, "ban", t("Ban {name}", { name: r.target }), t("Ban")) }, t("Ban")),
        h("button", { type: "button", class: "dismiss", onclick: () => act(r, "dismiss", t("Dismiss the report about {name}", { name: r.target }), t("Dismiss")) },
          t("Dismiss"))));
  }
  const el = h("section", { class: "panel moderation", "aria-labelledby": "mod-title" },
    h("div", { class: "admin-head" }, h("h2", { id: "mod-title" }, t("Reports")), count),
    list, h("h3", {}, t("Handled")), handled);
  return { el, load };
}
