// The moderators' queue, part of the admin page (/admin; a moderator sees only this part): the open reports,
// oldest first, each with its reason and context (the chat lines around it, the table and its version), and the
// actions — warn, mute for a time, ban, dismiss — each asking why first; the handled reports below.
import { api } from "./net.js";
import { h } from "./ui.js";

/** @typedef {{ id: number, reporter: string, target: string, reason: string, created: number, status: string,
 *   handled_by: string | null, outcome: string | null, muted_until: number | null, banned: boolean,
 *   reports: number, context: { where: string, table: number | null, game?: string, version?: number,
 *   seat?: number | null, status?: string, line: number | null,
 *   lines: { from: string | null, text: string, time: number }[] } }} Report */

// How long a mute can be chosen for, in minutes.
const MUTES = [[15, "15 minutes"], [60, "1 hour"], [24 * 60, "1 day"], [7 * 24 * 60, "1 week"]];
const WHERE = { table: "at a table", lobby: "in the lobby", page: "from their page" };

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString([], { dateStyle: "short", timeStyle: "short" });
}

function clock(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
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
    count.textContent = `${open.reports.length} open`;
    list.replaceChildren(...(open.reports.length ? open.reports.map(row)
      : [h("li", { class: "admin-note" }, "No open report. Reports players make from a chat line, a seat or a page come here.")]));
    handled.replaceChildren(...done.reports.slice(0, 20).map((r) => h("li", {},
      h("span", { class: `badge ${r.status}` }, r.status), " ", h("bdi", {}, r.target), " ",
      h("span", { class: "admin-note" }, `by ${r.handled_by}: ${r.outcome || ""} (reported by ${r.reporter})`))));
  }
  /** @param {Report} r @param {string} action @param {string} title @param {string} button @param {HTMLElement[]} [fields] */
  const act = (r, action, title, button, fields = [], extra = () => ({})) => ask(title, button, async (reason) => {
    const answer = await api("/api/mod/act", { action, report: r.id, reason, ...extra() });
    await Promise.all([load(), reloadLog()]);
    return {
      warn: `${r.target} is warned.`, mute: `${r.target}'s chat is muted until ${answer.until ? when(answer.until) : ""}.`,
      ban: `${r.target} is banned.`, dismiss: "The report is dismissed.",
    }[action];
  }, fields);
  /** @param {Report} r */
  function row(r) {
    const c = r.context;
    const where = c.table ? h("a", { href: `/table/${c.table}` }, `table ${c.table}`) : null;
    const lines = h("ol", { class: "mod-lines" }, c.lines.map((line) => h("li", {
      class: line.time === c.line && line.from === r.target ? "reported" : line.from === r.target ? "theirs" : "" },
    h("time", { class: "admin-note" }, clock(line.time)), " ",
    line.from ? h("b", {}, h("bdi", {}, line.from), ":") : h("span", { class: "admin-note" }, "•"), " ", line.text)));
    const minutes = h("select", { id: "mute-minutes", "aria-label": "for how long" },
      MUTES.map(([m, label]) => h("option", { value: String(m), selected: m === 60 }, label)));
    return h("li", { class: "mod-report panel", dataset: { report: r.id, target: r.target } },
      h("div", { class: "who-line" }, h("a", { href: `/player/${encodeURIComponent(r.target)}`, dir: "auto" }, r.target),
        r.reports > 1 ? h("span", { class: "badge" }, `${r.reports} reports`) : null,
        r.muted_until ? h("span", { class: "badge muted" }, `muted until ${when(r.muted_until)}`) : null,
        r.banned ? h("span", { class: "badge banned" }, "banned") : null),
      h("p", { class: "mod-reason" }, h("q", {}, r.reason)),
      h("p", { class: "admin-note" }, `Reported by ${r.reporter} ${WHERE[c.where] || ""}, ${when(r.created)}`,
        where ? ", " : "", where, c.table ? ` (${c.game}, move ${c.version}, ${c.status}${c.seat !== null && c.seat !== undefined ? `, seat ${c.seat + 1}` : ""})` : ""),
      c.lines.length ? h("details", { class: "mod-context", open: true }, h("summary", {}, `The chat (${c.lines.length} lines)`), lines)
        : h("p", { class: "admin-note" }, "No chat lines went with it."),
      h("div", { class: "row" },
        h("button", { type: "button", class: "warn", onclick: () => act(r, "warn", `Warn ${r.target}`, "Warn") }, "Warn"),
        h("button", { type: "button", class: "mute", onclick: () => act(r, "mute", `Mute ${r.target}'s chat`, "Mute",
          [h("label", {}, "For", minutes)], () => ({ minutes: Number(minutes.value) })) }, "Mute…"),
        h("button", { type: "button", class: "danger ban", onclick: () => act(r, "ban", `Ban ${r.target}`, "Ban") }, "Ban"),
        h("button", { type: "button", class: "dismiss", onclick: () => act(r, "dismiss", `Dismiss the report about ${r.target}`, "Dismiss") },
          "Dismiss")));
  }
  const el = h("section", { class: "panel moderation", "aria-labelledby": "mod-title" },
    h("div", { class: "admin-head" }, h("h2", { id: "mod-title" }, "Reports"), count),
    list, h("h3", {}, "Handled"), handled);
  return { el, load };
}
