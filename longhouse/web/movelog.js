// The move log in words, readable: a seat's steps in a row (a turn, a hunt's picks) make one numbered entry,
// headings (a new hunt, a round, the end) stand out, and one's own private steps (picks, draws) can be
// folded away. Screen readers hear each new public line once, through a polite live region.
import { t } from "./i18n.js";
import { COLOURS, SYMBOLS, h } from "./ui.js";

// Events that open a new part of the game rather than belonging to a seat's turn.
const HEADINGS = new Set(["new_hunt", "hunt_start", "hunt_end", "round", "game_over", "end", "season", "turn_order"]);

function seatOf(e) {
  const s = e.data ? e.data.seat : undefined;
  return Number.isInteger(s) ? s : null;
}

// Group events: a heading alone; consecutive events of one seat together.
export function groupEvents(events) {
  const groups = [];
  let current = null;
  for (const e of events) {
    const seat = seatOf(e);
    if (HEADINGS.has(e.kind) || seat === null) {
      current = null;
      groups.push({ heading: true, seat, events: [e] });
      continue;
    }
    if (!current || current.seat !== seat) {
      current = { heading: false, seat, events: [] };
      groups.push(current);
    }
    current.events.push(e);
  }
  return groups;
}

export function moveLog() {
  let events = [];
  let hidePrivate = true;
  const lines = h("ol", { class: "log-lines", tabindex: "0", "aria-label": t("moves") });
  // hidden until a private event comes (before the game has any, it would be a button with no words)
  const toggle = h("button", { type: "button", class: "link log-toggle", id: "log-private", hidden: true,
    "aria-pressed": "true", onclick: () => { hidePrivate = !hidePrivate; render(); } });
  const announce = h("div", { class: "sr-only", "aria-live": "polite", id: "announce" });
  const el = h("section", { class: "panel log", id: "panel-moves" },
    h("div", { class: "log-head" }, h("h2", {}, t("Moves")), toggle), lines, announce);

  function render() {
    const anyPrivate = events.some((e) => e.private);
    toggle.hidden = !anyPrivate;
    toggle.textContent = hidePrivate ? t("show my picks and draws") : t("hide my picks and draws");
    toggle.setAttribute("aria-pressed", hidePrivate ? "true" : "false");
    const shown = hidePrivate ? events.filter((e) => !e.private) : events;
    lines.replaceChildren(...groupEvents(shown).map((g) => {
      const colour = g.seat !== null ? COLOURS[g.seat] : null;
      const cls = [g.heading ? "head" : "turn", colour ? `seat-${colour}` : "", `ev-${g.events[0].kind}`];
      const mark = colour && !g.heading ? h("span", { class: "log-sym", "aria-hidden": "true" }, SYMBOLS[g.seat]) : null;
      if (g.events.length === 1) return h("li", { class: cls.join(" ") }, mark, g.events[0].text);
      return h("li", { class: cls.join(" ") }, mark, g.events[0].text,
        h("ul", { class: "steps" }, g.events.slice(1).map((e) => h("li", { class: `ev-${e.kind}${e.private ? " private" : ""}` }, e.text))));
    }));
    while (lines.children.length > 400) lines.firstChild.remove();
    lines.scrollTop = lines.scrollHeight;
  }

  return {
    el,
    reset(list) { events = list.slice(-1500); render(); },
    add(list) {
      if (!list.length) return;
      events = events.concat(list).slice(-1500);
      render();
      const heard = list.filter((e) => !e.private).map((e) => e.text);
      if (heard.length) announce.textContent = heard.join(". ");
    },
  };
}
