// The archive of finished games, each with its record as JSON and a step-through replay.
import { analysisChart } from "./hints.js";
import { api } from "./net.js";
import { h, missingPage, seatTag } from "./ui.js";

export async function showArchive(root) {
  const data = await api("/api/archive");
  const rows = data.tables.map((t) => h("tr", { dataset: { table: t.id } },
    h("td", {}, `#${t.id}`),
    h("td", {}, t.game),
    h("td", {}, (t.players || []).map((p, i) => h("span", {}, seatTag(i, p), " ",
      t.scores ? h("b", {}, String(t.scores[i])) : null, t.winners && t.winners.includes(i) ? " ★ " : " "))),
    h("td", {}, t.finished ? new Date(t.finished * 1000).toLocaleString() : ""),
    h("td", {}, h("a", { href: `/replay/${t.id}`, class: "button" }, "Replay"), " ",
      h("a", { href: `/api/tables/${t.id}/record`, download: `longhouse-${t.game}-${t.id}.json`, class: "button" },
        "Record (JSON)"))));
  root.replaceChildren(h("div", { class: "archive" }, h("h1", {}, "Finished games"),
    rows.length ? h("table", {}, h("thead", {}, h("tr", {}, ["Game", "", "Players and scores", "Finished", ""]
      .map((x) => h("th", {}, x)))), h("tbody", {}, rows)) : h("p", {}, "No finished games yet.")));
  return null;
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
  const description = await api(`/api/games/${record.game}`);
  const mod = await import(`./games/${description.board}.js`);  // the game's board, or the generic one
  const boardEl = h("div", { class: "replay-board" });
  const slider = h("input", { type: "range", min: "0", max: String(steps.length - 1), value: "0",
    "aria-label": "move", id: "replay-step" });
  const label = h("span", { class: "step-label" });
  const events = h("div", { class: "replay-events", "aria-live": "polite" });
  let step = 0;
  const board = mod.createBoard(boardEl, { act: () => false, undo: () => false, names: () => record.players,
    description, replay: true });
  const chart = analysisChart(tableId, (i) => show(i));
  function show(i) {
    step = Math.max(0, Math.min(steps.length - 1, i));
    slider.value = String(step);
    label.textContent = `move ${step} of ${steps.length - 1}`;
    events.textContent = steps[step].events.join(" · ");
    chart.mark(step);
    board.update({ version: step, seat: null, view: steps[step].view, legal: [], undo_steps: 0, events: [] }, null);
  }
  slider.addEventListener("input", () => show(Number(slider.value)));
  root.replaceChildren(h("div", { class: "replay" },
    h("div", { class: "replay-controls" }, h("h1", {}, `Replay of table ${tableId}`),
      h("button", { onclick: () => show(0), "aria-label": "first move" }, "« first"),
      h("button", { id: "replay-prev", onclick: () => show(step - 1), "aria-label": "previous move" }, "◀"),
      slider,
      h("button", { id: "replay-next", onclick: () => show(step + 1), "aria-label": "next move" }, "▶"),
      h("button", { onclick: () => show(steps.length - 1), "aria-label": "last move" }, "last »"), label,
      h("a", { href: `/api/tables/${tableId}/record`, download: `longhouse-${record.game}-${tableId}.json`, class: "button" },
        "Record (JSON)")),
    events, chart.el, boardEl));
  const keys = (e) => {
    if (e.key === "ArrowRight") show(step + 1);
    if (e.key === "ArrowLeft") show(step - 1);
  };
  document.addEventListener("keydown", keys);
  show(0);
  return () => document.removeEventListener("keydown", keys);
}
