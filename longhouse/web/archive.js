// The archive of finished games, each with its record as JSON and a link to its replay (replay.js).
import { api } from "./net.js";
import { h, seatTag } from "./ui.js";

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
    rows.length ? h("table", {}, h("thead", {}, h("tr", {}, ["Table", "Game", "Players and scores", "Finished", "Replay and record"]
      .map((x) => h("th", {}, x)))), h("tbody", {}, rows)) : h("p", {}, "No finished games yet.")));
  return null;
}
