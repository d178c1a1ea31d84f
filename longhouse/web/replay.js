// The replay of a finished game, for every game: its board (its own, or the generic one) move by move, the
// move log beside it with the events of each step (click one to go there), and jumps to the start of each
// hunt, season or round and each player's turn.
import { analysisChart } from "./hints.js";
import { N_, t } from "./i18n.js";
import { api } from "./net.js";
import { cap, colourName, h, missingPage } from "./ui.js";

// View keys that mark the parts of a game, biggest first (Manitou's hunts, Manitoba's seasons, rounds).
const PARTS = ["hunt", "season", "round"];
// Each part in words: its label ("Hunt 2", "Season Summer"), the select's name, the next-part button.
const PART_WORDS = {
  hunt: { label: N_("Hunt {n}"), jump: N_("jump to a hunt"), next: N_("next hunt ▶") },
  season: { label: N_("Season {n}"), jump: N_("jump to a season"), next: N_("next season ▶") },
  round: { label: N_("Round {n}"), jump: N_("jump to a round"), next: N_("next round ▶") },
};
// Manitoba's seasons are named in its view ("winter"): a season's label is its name.
const SEASON_WORDS = { winter: N_("Winter"), spring: N_("Spring"), summer: N_("Summer"), autumn: N_("Autumn") };
const partLabel = (key, shown) => (typeof shown === "string" && SEASON_WORDS[shown] ? t(SEASON_WORDS[shown])
  : t(PART_WORDS[key].label, { n: cap(String(shown)) }));

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
      parts.push({ key: k, label: partLabel(k, shown), step: i });
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
    root.replaceChildren(missingPage(t("Replay {table}", { table: tableId }), t("There is no finished game {table} to replay "
      + "({reason}). A game can be replayed once it is over.", { table: tableId, reason: e.message })));
    return null;
  }
  const { record, steps } = data;
  const description = await api(`/api/games/${record.game}`).catch(() => null);
  const mod = await boardModule(description?.board || data.board || record.game);  // the server names the board
  const last = steps.length - 1;
  const { keys, parts, turns } = landmarks(steps);
  const boardEl = h("div", { class: "replay-board" });
  const slider = h("input", { type: "range", min: "0", max: String(last), value: "0", "aria-label": t("move"), id: "replay-step" });
  const label = h("span", { class: "step-label", "aria-live": "polite" });
  const events = h("p", { class: "replay-events" });
  const logEl = h("ol", { class: "replay-log log-lines", start: "0", tabindex: "0", "aria-label": t("moves of the game") });
  const names = record.players || [];
  const who = (seats) => seats.map((s) => (names[s] ? t("{colour} ({name})", { colour: colourName(s), name: names[s] })
    : colourName(s))).join(", ");
  let step = 0;
  const chart = analysisChart(tableId, (i) => show(i));
  const board = mod.createBoard(boardEl, { act: () => false, undo: () => false, names: () => names, description, replay: true });

  // A step whose events only its seat saw (a secret pick): who moved, and what kind of move it was.
  const quiet = (i) => {
    const entry = (record.actions || [])[i - 1] || {};
    const kind = entry.action && typeof entry.action === "object" ? entry.action.type : null;
    const seat = Number.isInteger(entry.seat) ? who([entry.seat]) : t("A seat");
    // the action's type is the protocol's key ("pick"), no word of a language: shown as the notation it is
    return kind ? t("{seat}: a hidden move ({kind})", { seat, kind: String(kind) }) : t("{seat}: a hidden move", { seat });
  };
  const entries = steps.map((s, i) => {
    const part = parts.find((p) => p.step === i && p.key === keys[0]);
    return h("li", { dataset: { step: i }, class: part ? "part-start" : "" },
      h("button", { type: "button", class: "link step-link", onclick: () => show(i) },
        i === 0 ? t("The start") : s.events.length ? s.events[0] : quiet(i)),
      s.events.length > 1 ? h("ul", { class: "steps" }, s.events.slice(1).map((line) => h("li", {}, line))) : null);
  });
  logEl.replaceChildren(...entries);

  function show(i) {
    step = Math.max(0, Math.min(last, i));
    slider.value = String(step);
    const here = [...parts].reverse().find((p) => p.step <= step);
    const v = steps[step].view;
    const toPlay = step < last && acting(v).length ? t("{seats} to play", { seats: who(acting(v)) }) : null;
    label.textContent = [t("move {step} of {last}", { step, last }), here ? here.label : null, toPlay].filter(Boolean).join(" · ");
    events.textContent = step === 0 ? t("The game is set up.") : steps[step].events.join(" · ") || "—";
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
  const partSelect = keys.length ? h("select", { id: "replay-part", "aria-label": t(PART_WORDS[keys[0]].jump),
    onchange: (e) => show(Number(e.target.value)) },
  h("option", { value: "" }, t("Jump to…")), parts.map((p) => h("option", { value: String(p.step) }, p.label))) : null;
  slider.addEventListener("input", () => show(Number(slider.value)));
  const controls = h("div", { class: "replay-controls" },
    h("h1", {}, t("Replay of table {table}", { table: tableId })),
    h("div", { class: "replay-buttons", role: "toolbar", "aria-label": t("replay controls") },
      h("button", { onclick: () => show(0), "aria-label": t("first move") }, t("« first")),
      h("button", { id: "replay-prev-turn", onclick: () => jump(turns, -1), title: t("start of the previous turn") }, t("◀ turn")),
      h("button", { id: "replay-prev", onclick: () => show(step - 1), "aria-label": t("previous move") }, "◀"),
      h("button", { id: "replay-next", onclick: () => show(step + 1), "aria-label": t("next move") }, "▶"),
      h("button", { id: "replay-next-turn", onclick: () => jump(turns, 1), title: t("start of the next turn") }, t("turn ▶")),
      h("button", { onclick: () => show(last), "aria-label": t("last move") }, t("last »")),
      keys.length ? h("button", { id: "replay-next-part", onclick: () => jump(parts.filter((p) => p.key === keys[0]), 1) },
        t(PART_WORDS[keys[0]].next)) : null,
      partSelect),
    slider, label,
    h("a", { href: `/api/tables/${tableId}/record`, download: `longhouse-${record.game}-${tableId}.json`, class: "button" },
      t("Record (JSON)")));
  root.replaceChildren(h("div", { class: "replay" }, controls, events,
    h("h2", { class: "sr-only" }, t("The board")),
    h("div", { class: "replay-main" }, boardEl,
      h("div", { class: "replay-side" },
        h("section", { class: "panel replay-moves", "aria-label": t("moves") }, h("h2", {}, t("Moves")), logEl))),
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
