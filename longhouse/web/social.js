// Friends, blocks and reports in the page: the lobby's friends list and notices (invitations, a moderator's
// words), the menu beside a player's name (in the chat, at a seat), the report dialog, and the player page's
// buttons. The server's rules: docs/hall.md "Friends, blocks and reports".
import { api } from "./net.js";
import { t } from "./i18n.js";
import { h, tableUrl, toast } from "./ui.js";

// A report's reason holds this many characters (the server's limits, reports.SHORTEST and LONGEST).
export const REASON_MIN = 3;
export const REASON_MAX = 300;

// The texts (one place), in the page's language (i18n.js has its catalog before this module runs).
const T = {
  friends: t("Friends"),
  noFriends: t("You follow nobody yet. Follow players from their page (their name is a link) or with /follow NAME."),
  offline: t("offline"), inLobby: t("in the lobby"), online: t("online"),
  atTable: (id, title, seated) => (title
    ? (seated ? t("plays at table {table} · {title}", { table: id, title }) : t("watches table {table} · {title}", { table: id, title }))
    : (seated ? t("plays at table {table}", { table: id }) : t("watches table {table}", { table: id }))),
  invite: t("Invite"), inviteTitle: (name, id) => t("Invite {name} to table {table}", { name, table: id }),
  go: t("Go to the table"), dismiss: t("Dismiss"),
  report: t("Report…"), block: t("Block"), unblock: t("Unblock"), follow: t("Follow"), unfollow: t("Unfollow"),
  page: t("Player page"),
  reportTitle: (name) => t("Report {name}", { name }),
  reportLead: t("Tell the moderators what happened. The chat around it, the table and the move go with your report; "
    + "the player is not told who reported them."),
  reason: t("What happened?"), send: t("Send the report"), cancel: t("Cancel"),
  menu: (name) => t("Actions for {name}", { name }),
};

/**
 * The report dialog: a reason, then `send(reason)` (which files it and says what to tell); errors stay in it.
 * @param {string} name
 * @param {(reason: string) => Promise<string | void>} send
 */
export function reportDialog(name, send) {
  const reason = h("textarea", { id: "report-reason", required: true, minlength: String(REASON_MIN),
    maxlength: String(REASON_MAX), rows: "4", placeholder: T.reason, "aria-label": T.reason });
  const error = h("p", { class: "form-error", role: "alert" });
  const go = h("button", { type: "submit", class: "primary", id: "report-send" }, T.send);
  const dialog = h("dialog", { class: "report-dialog panel", "aria-label": T.reportTitle(name) });
  const form = h("form", { method: "dialog", onsubmit: async (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    go.disabled = true;
    try {
      const said = await send(reason.value.trim());
      dialog.close();
      if (said) toast(said);
    } catch (err) {
      error.textContent = err.message;
      go.disabled = false;
    }
  } }, h("h2", {}, T.reportTitle(name)), h("p", { class: "lead" }, T.reportLead), reason, error,
  h("div", { class: "row" }, go, h("button", { type: "button", onclick: () => dialog.close() }, T.cancel)));
  dialog.append(form);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  reason.focus();
}

// An open name menu sits still on the screen: it closes when what is under it scrolls.
addEventListener("scroll", (e) => {
  for (const open of document.querySelectorAll("details.person-menu[open]")) {
    if (!open.contains(/** @type {Node} */ (e.target))) open.removeAttribute("open");
  }
}, true);

/**
 * The small menu beside another player's name (a chat line's, a seat's): their page, report, block.
 * @param {string} name
 * @param {{ report: (name: string) => void, block: (name: string) => void }} actions
 */
export function personMenu(name, actions) {
  const menu = h("details", { class: "person-menu" });
  const close = () => menu.removeAttribute("open");
  const summary = h("summary", { "aria-label": T.menu(name), title: T.menu(name) }, "⋯");
  const items = h("div", { class: "person-menu-items", role: "menu" },
    h("a", { role: "menuitem", href: `/player/${encodeURIComponent(name)}` }, T.page),
    h("button", { type: "button", role: "menuitem", class: "report", onclick: () => { close(); actions.report(name); } }, T.report),
    h("button", { type: "button", role: "menuitem", class: "block", onclick: () => { close(); actions.block(name); } }, T.block));
  menu.append(summary, items);
  // placed on the screen, not in the scrolling chat (which would cut it off): below the name, or above it
  // when the screen ends first; it closes when the page scrolls or another is opened
  menu.addEventListener("toggle", () => {
    if (!menu.open) return;
    for (const other of document.querySelectorAll("details.person-menu[open]")) if (other !== menu) other.removeAttribute("open");
    const at = summary.getBoundingClientRect();
    const height = items.offsetHeight;
    const below = at.bottom + 4 + height <= innerHeight;
    items.style.left = `${Math.max(4, Math.min(at.left, innerWidth - items.offsetWidth - 4))}px`;
    items.style.top = `${below ? at.bottom + 4 : Math.max(4, at.top - height - 4)}px`;
  });
  return menu;
}

/**
 * What a page with a socket does from a name's menu: report over the socket (`/report NAME @TIME reason`,
 * so the chat around the line goes with it), block with `/ignore` (and hide their lines here at once).
 * @param {any} me
 * @param {(msg: any) => void} send
 * @param {() => Element} lines the chat's list of lines
 */
export function socketActions(me, send, lines) {
  /** @param {string} name @param {number | null} at */
  const report = (name, at = null) => reportDialog(name, async (reason) => {
    send({ type: "chat", text: `/report ${name}${at ? ` @${at}` : ""} ${reason}` });
  });
  const block = (name) => {
    send({ type: "command", name: "ignore", args: [name] });
    for (const li of lines().querySelectorAll("li[data-from]")) {
      if (/** @type {HTMLElement} */ (li).dataset.from === name) li.remove();
    }
  };
  return {
    report, block,
    // the menu of a chat line's name (none for one's own lines and the hall's)
    line: (line) => line.from && line.from !== me.name
      ? personMenu(line.from, { report: (name) => report(name, line.time || null), block }) : null,
    seat: (name) => name !== me.name ? personMenu(name, { report: (n) => report(n), block }) : null,
  };
}

// A name as a link to its page, isolated from the text around it (a right-to-left name stays whole).
function nameLink(name) {
  return h("a", { href: `/player/${encodeURIComponent(name)}`, class: "player-link", dir: "auto" }, name);
}

/**
 * The lobby's friends list: who of those followed is online and where, with an invitation to one's own table.
 * @param {(name: string, args: string[]) => void} command
 */
export function friendsPanel(command) {
  const list = h("ul", { class: "friends-list", id: "friends" });
  const el = h("section", { class: "panel friends", "aria-labelledby": "friends-title" },
    h("h2", { id: "friends-title" }, T.friends), list);
  let friends = [];
  let myTable = null;
  function render() {
    list.replaceChildren(...(friends.length ? friends.map((f) => {
      const where = !f.online ? T.offline : f.table ? h("a", { href: tableUrl(f.table) }, T.atTable(f.table, f.title, f.seated))
        : T.inLobby;
      return h("li", { class: f.online ? "online" : "offline", dataset: { name: f.name } },
        h("span", { class: "dot", "aria-hidden": "true" }), nameLink(f.name),
        h("span", { class: "sr-only" }, f.online ? ` (${T.online})` : ` (${T.offline})`),
        h("small", { class: "where" }, where),
        myTable && f.table !== myTable ? h("button", { type: "button", class: "link invite", title: T.inviteTitle(f.name, myTable),
          onclick: () => command("invite", [f.name, String(myTable)]) }, T.invite) : null);
    }) : [h("li", { class: "empty" }, T.noFriends)]));
  }
  render();
  return {
    el,
    show(list_) { friends = list_; render(); },
    // the table this player sits at (an open one), where an invitation goes
    setMyTable(id) { if (id !== myTable) { myTable = id; render(); } },
  };
}

// The notices the lobby shows on top: an invitation (with its table), a moderator's words, a report handled.
export function noticesPanel() {
  const el = h("div", { class: "notices", id: "notices", "aria-live": "polite" });
  return {
    el,
    add(n) {
      const card = h("div", { class: `notice panel notice-${n.kind}`, role: n.kind === "invitation" ? "status" : "alert",
        dataset: { kind: n.kind } }, h("p", {}, n.text));
      const dismiss = h("button", { type: "button", class: "link", onclick: () => card.remove() }, T.dismiss);
      card.append(h("div", { class: "row" }, n.kind === "invitation"
        ? h("a", { href: tableUrl(n.table, n.invite), class: "button primary" }, T.go) : null, dismiss));
      el.append(card);
    },
  };
}

/**
 * The player page's buttons (for someone signed in, on another's page): follow, block, report.
 * @param {string} name
 */
export async function playerButtons(name) {
  const box = h("div", { class: "row player-social", id: "player-social" });
  let mine;
  try { mine = await api("/api/social"); } catch { return box; }  // not signed in: no buttons
  if (mine.name === name) return box;
  const followed = mine.followed.includes(name);
  const blocked = mine.blocked.includes(name);
  const act = async (what, body = {}) => {
    const answer = await api(`/api/social/${what}`, { name, ...body });
    toast(answer.said);
    box.replaceWith(await playerButtons(name));
    return answer.said;
  };
  // (Element.append writes null as the text "null": what is left out is filtered away)
  box.append(...[
    blocked ? null : h("button", { type: "button", id: "follow", class: followed ? "" : "primary",
      onclick: () => act(followed ? "unfollow" : "follow") }, followed ? T.unfollow : T.follow),
    h("button", { type: "button", id: "block", class: blocked ? "" : "danger",
      onclick: () => act(blocked ? "unblock" : "block") }, blocked ? T.unblock : T.block),
    h("button", { type: "button", id: "report",
      onclick: () => reportDialog(name, async (reason) => { await act("report", { reason }); }) }, T.report),
  ].filter(Boolean));
  return box;
}
