// The table page's hall bar: time control, who is away (the status line), the invitation link of a private
// table, Rematch after the game, and the confirmation before giving up a seat in a running game.
import { list, t, tn } from "./i18n.js";
import { timeTitle } from "./time_controls.js";
import { h, tableUrl } from "./ui.js";

export function hallBar(tableId, command) {
  const time = h("span", { class: "hall-time" });
  const status = h("span", { class: "hall-status", role: "status", "aria-live": "polite" });
  const invite = h("span", { class: "hall-invite" });
  const rematch = h("span", { class: "hall-rematch" });
  const el = h("div", { class: "hall-bar" }, time, status, invite, rematch);
  let running = false;

  function inviteLink(token) {
    const url = location.origin + tableUrl(tableId, token);
    const field = h("input", { id: "invite-link", readonly: true, value: url, "aria-label": t("invitation link"), size: "34" });
    const copy = h("button", { type: "button", id: "copy-invite", onclick: async () => {
      field.select();
      try { await navigator.clipboard.writeText(url); copy.textContent = t("Copied"); } catch { document.execCommand("copy"); }
    } }, t("Copy"));
    return [h("span", { class: "badge private" }, t("private")), " ", t("Invite:"), " ", field, copy];
  }

  return {
    el,
    // Leave and Watch ask first while the game runs (the seat then goes to a bot).
    guarded(button, tableStatus) {
      running = tableStatus === "running";
      button.addEventListener("click", (e) => {
        if (running && !window.confirm(t("Leave your seat in this running game? A bot will play it from now on; you can take it back with Join."))) {
          e.stopImmediatePropagation();
          e.preventDefault();
        }
      }, { capture: true });
      return button;
    },
    // Resign asks first, and says what it means.
    resign(button) {
      button.addEventListener("click", (e) => {
        if (!window.confirm(t("Resign this game? It counts as your loss at once (you are ranked last), and you cannot take the seat back."))) {
          e.stopImmediatePropagation();
          e.preventDefault();
        }
      }, { capture: true });
      return button;
    },
    update(msg, awayText) {
      const tb = msg.table;
      running = tb.status === "running";
      time.textContent = tb.time_control && tb.time_control.key !== "untimed" ? timeTitle(tb.time_control) : "";
      status.textContent = tb.status === "running" ? awayText : "";
      invite.replaceChildren(...(msg.invite ? inviteLink(msg.invite) : []));
      const played = (tb.players || []).includes(msg.you.name);
      const parts = [];
      if (tb.rematch_of) {
        parts.push(h("a", { href: `/replay/${tb.rematch_of}`, class: "small" }, t("rematch of table {table}", { table: tb.rematch_of })));
      }
      const resigned = (tb.resigned || []).map((seat) => (tb.players || [])[seat]).filter(Boolean);
      if (tb.status === "over" && resigned.length) {
        parts.push(h("span", { class: "resigned-note" }, tn("{names} resigned", "{names} resigned", resigned.length, { names: list(resigned) })));
      }
      if (tb.status === "over" && tb.players) {  // the game leads on: its replay, with the analysis
        parts.push(h("a", { href: `/replay/${tb.id}`, class: "button", id: "see-replay" }, t("Replay and analysis")));
      }
      if (tb.status === "over" && played && tb.scores !== undefined) {  // not after an abandoned game
        parts.push(h("button", { class: "primary", id: "rematch", onclick: () => command("rematch", []),
          title: t("a new table with the same players, seats rotated; it starts when everybody has accepted") },
        tb.rematch ? t("Join the rematch (table {table})", { table: tb.rematch }) : t("Rematch")));
      }
      rematch.replaceChildren(...parts);
    },
  };
}
