// The replay of a finished game, for every game: its board (its own, or the generic one) move by move, the
// move log beside it with the events of each step (click one to go there), and jumps to the start of each
// hunt, season or round and each player's turn.
import { analysisChart } from "./hints.js";
import { api } from "./net.js";
import { COLOURS, cap, h, missingPage } from "./ui.js";

// View keys that mark the parts of a game, biggest first (Manitou's hunts, Manitoba's seasons, rounds).
const PARTS = ["hunt", "season", "round"];

async function boardModule(name) {
  try {
    return await import(`./games/${name}/board.js`);
  } catch {
    return import("./games/generic/board.js");  // a game without a board of its own
  }
}

function acting(view) {
  const a = view.header?.acting ?? view.acting ?? (Number.isInteger(view.turn) ? [view.turn] : []);
  return Array.isArray(a) ? a : [a];
}

// Where each part begins: [{key, label, step}], and where each turn begins (the acting seats change).
export function landmarks(steps) {
  const parts = [];
  const turns = [];
  const keys = PARTS.filter((k) => steps.some((s) => s.view[k] !== undefined && s.view[k] !== null));
  const zeroBased = new Set(keys.filter((k) => steps.some((s) => s.view[k] === 0)));
  steps.forEach((s, i) => {
    const prev = i ? steps[i - 1].view : null;
    for (const k of keys) {
      const v = s.view[k];
      if (v === undefined || v === null || (prev && prev[k] === v)) continue;
      const shown = typeof v === "number" && zeroBased.has(k) ? v + 1 : v;
      parts.push({ key: k, label: `${cap(k)} ${cap(String(shown))}`, step: i });
    }
    const who = acting(s.view).join(",");
    if (!prev || acting(prev).join(",") !== who) turns.push({ step: i, seats: acting(s.view) });
  });
  return { keys, parts, turns };
}

export async function showReplay(root, tableId) {
  let data;
  try {
    data = await api(`/api/tables/${tableId}/replay`);
  } catch (e) {
    root.replaceChildren(missingPage(`Replay ${tableId}`, `There is no finished game ${tableId} to replay (${e.message}). `
      + "A game can be replayed once it is over."));
    return null;
  }
  const { record, steps } = data;
  const description = await api(`/api/games/${record.game}`).catch(() => null);
  const mod = await boardModule(description?.board || data.board || record.game);  // the server names the board
  const last = steps.length - 1;
  const { keys, parts, turns } = landmarks(steps);
  const boardEl = h("div", { class: "replay-board" });
  const slider = h("input", { type: "range", min: "0", max: String(last), value: "0", "aria-label": "move", id: "replay-step" });
  const label = h("span", { class: "step-label", "aria-live": "polite" });
  const events = h("p", { class: "replay-events" });
  const logEl = h("ol", { class: "replay-log log-lines", start: "0", tabindex: "0", "aria-label": "moves of the game" });
  const names = record.players || [];
  const who = (seats) => seats.map((s) => `${cap(COLOURS[s] || `seat ${s + 1}`)}${names[s] ? ` (${names[s]})` : ""}`).join(", ");
  let step = 0;
  const chart = analysisChart(tableId, (i) => show(i));
  const board = mod.createBoard(boardEl, { act: () => false, undo: () => false, names: () => names, description, replay: true });

  // A step whose events only its seat saw (a secret pick): who moved, and what kind of move it was.
  const quiet = (i) => {
    const entry = (record.actions || [])[i - 1] || {};
    const kind = entry.action && typeof entry.action === "object" ? entry.action.type : null;
    return `${Number.isInteger(entry.seat) ? who([entry.seat]) : "A seat"}: ${kind ? String(kind).replace(/_/g, " ") : "a hidden move"}`;
  };
  const entries = steps.map((s, i) => {
    const part = parts.find((p) => p.step === i && p.key === keys[0]);
    return h("li", { dataset: { step: i }, class: part ? "part-start" : "" },
      h("button", { type: "button", class: "link step-link", onclick: () => show(i) },
        i === 0 ? "The start" : s.events.length ? s.events[0] : quiet(i)),
      s.events.length > 1 ? h("ul", { class: "steps" }, s.events.slice(1).map((t) => h("li", {}, t))) : null);
  });
  logEl.replaceChildren(...entries);

  function show(i) {
    step = Math.max(0, Math.min(last, i));
    slider.value = String(step);
    const here = [...parts].reverse().find((p) => p.step <= step);
    const v = steps[step].view;
    const toPlay = step < last && acting(v).length ? ` · ${who(acting(v))} to play` : "";
    label.textContent = `move ${step} of ${last}${here ? ` · ${here.label}` : ""}${toPlay}`;
    events.textContent = step === 0 ? "The game is set up." : steps[step].events.join(" · ") || "—";
    board.update({ version: step, seat: null, view: v, legal: [], legal_text: [], undo_steps: 0, events: [],
      acting: acting(v), status: step === last ? "over" : "running", result: step === last ? record.result : null }, null);
    chart.mark(step);
    for (const li of entries) li.classList.toggle("current", Number(li.dataset.step) === step);
    const li = entries[step];  // scroll the log itself, never the page
    if (li.offsetTop < logEl.scrollTop || li.offsetTop + li.offsetHeight > logEl.scrollTop + logEl.clientHeight) {
      logEl.scrollTop = li.offsetTop - logEl.clientHeight / 3;
    }
  }

  const jump = (list, dir) => {
    const target = dir > 0 ? list.find((x) => x.step > step) : [...list].reverse().find((x) => x.step < step);
    if (target) show(target.step);
  };
  const partSelect = keys.length ? h("select", { id: "replay-part", "aria-label": `jump to a ${keys[0]}`,
    onchange: (e) => show(Number(e.target.value)) },
  h("option", { value: "" }, `Jump to…`), parts.map((p) => h("option", { value: String(p.step) }, p.label))) : null;
  slider.addEventListener("input", () => show(Number(slider.value)));
  const controls = h("div", { class: "replay-controls" },
    h("h1", {}, `Replay of table ${tableId}`),
    h("div", { class: "replay-buttons", role: "toolbar", "aria-label": "replay controls" },
      h("button", { onclick: () => show(0), "aria-label": "first move" }, "« first"),
      h("button", { id: "replay-prev-turn", onclick: () => jump(turns, -1), title: "start of the previous turn" }, "◀ turn"),
      h("button", { id: "replay-prev", onclick: () => show(step - 1), "aria-label": "previous move" }, "◀"),
      h("button", { id: "replay-next", onclick: () => show(step + 1), "aria-label": "next move" }, "▶"),
      h("button", { id: "replay-next-turn", onclick: () => jump(turns, 1), title: "start of the next turn" }, "turn ▶"),
      h("button", { onclick: () => show(last), "aria-label": "last move" }, "last »"),
      keys.length ? h("button", { id: "replay-next-part", onclick: () => jump(parts.filter((p) => p.key === keys[0]), 1) },
        `next ${keys[0]} ▶`) : null,
      partSelect),
    slider, label,
    h("a", { href: `/api/tables/${tableId}/record`, download: `longhouse-${record.game}-${tableId}.json`, class: "button" },
      "Record (JSON)"));
  root.replaceChildren(h("div", { class: "replay" }, controls, events,
    h("h2", { class: "sr-only" }, "The board"),
    h("div", { class: "replay-main" }, boardEl,
      h("div", { class: "replay-side" },
        h("section", { class: "panel replay-moves", "aria-label": "moves" }, h("h2", {}, "Moves"), logEl))),
    chart.el));  // the win chances under the board and the moves, the page's whole width (not squeezed beside)
  const keysHandler = (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") show(step + 1);
    if (e.key === "ArrowLeft") show(step - 1);
  };
  document.addEventListener("keydown", keysHandler);
  show(0);
  return () => document.removeEventListener("keydown", keysHandler);
}
