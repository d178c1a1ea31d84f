// The table page's hall bar: time control, who is away (the status line), the invitation link of a private
// table, Rematch after the game, and the confirmation before giving up a seat in a running game.
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
    const field = h("input", { id: "invite-link", readonly: true, value: url, "aria-label": "invitation link", size: "34" });
    const copy = h("button", { type: "button", id: "copy-invite", onclick: async () => {
      field.select();
      try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch { document.execCommand("copy"); }
    } }, "Copy");
    return [h("span", { class: "badge private" }, "private"), " Invite: ", field, copy];
  }

  return {
    el,
    // Leave and Watch ask first while the game runs (the seat then goes to a bot).
    guarded(button, tableStatus) {
      running = tableStatus === "running";
      button.addEventListener("click", (e) => {
        if (running && !window.confirm("Leave your seat in this running game? A bot will play it from now on; you can take it back with Join.")) {
          e.stopImmediatePropagation();
          e.preventDefault();
        }
      }, { capture: true });
      return button;
    },
    // Resign asks first, and says what it means.
    resign(button) {
      button.addEventListener("click", (e) => {
        if (!window.confirm("Resign this game? It counts as your loss at once (you are ranked last), and you cannot take the seat back.")) {
          e.stopImmediatePropagation();
          e.preventDefault();
        }
      }, { capture: true });
      return button;
    },
    update(msg, awayText) {
      const t = msg.table;
      running = t.status === "running";
      time.textContent = t.time_control && t.time_control.key !== "untimed" ? timeTitle(t.time_control) : "";
      status.textContent = t.status === "running" ? awayText : "";
      invite.replaceChildren(...(msg.invite ? inviteLink(msg.invite) : []));
      const played = (t.players || []).includes(msg.you.name);
      const parts = [];
      if (t.rematch_of) parts.push(h("a", { href: `/replay/${t.rematch_of}`, class: "small" }, `rematch of table ${t.rematch_of}`));
      const resigned = (t.resigned || []).map((seat) => (t.players || [])[seat]).filter(Boolean);
      if (t.status === "over" && resigned.length) parts.push(h("span", { class: "resigned-note" }, `${resigned.join(" and ")} resigned`));
      if (t.status === "over" && t.players) {  // the game leads on: its replay, with the analysis
        parts.push(h("a", { href: `/replay/${t.id}`, class: "button", id: "see-replay" }, "Replay and analysis"));
      }
      if (t.status === "over" && played && t.scores !== undefined) {  // not after an abandoned game
        parts.push(h("button", { class: "primary", id: "rematch", onclick: () => command("rematch", []),
          title: "a new table with the same players, seats rotated; it starts when everybody has accepted" },
        t.rematch ? `Join the rematch (table ${t.rematch})` : "Rematch"));
      }
      rematch.replaceChildren(...parts);
    },
  };
}
