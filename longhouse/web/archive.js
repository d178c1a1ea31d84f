// The archive of finished games, each with its record as JSON and a link to its replay (replay.js).
import { api } from "./net.js";
import { playersAndScores } from "./player.js";
import { h, navigate } from "./ui.js";

export async function showArchive(root) {
  const params = new URLSearchParams(location.search);
  const query = new URLSearchParams();
  if (params.get("player")) query.set("player", params.get("player"));
  if (params.get("game")) query.set("game", params.get("game"));
  const data = await api(`/api/archive${String(query) ? `?${query}` : ""}`);
  const gameSelect = h("select", { id: "archive-game", "aria-label": "game" },
    h("option", { value: "" }, "All games"),
    (data.games || []).map((g) => h("option", { value: g.name, selected: g.name === params.get("game") }, g.title)));
  const playerInput = h("input", { id: "archive-player", type: "search", placeholder: "Player", "aria-label": "player",
    value: params.get("player") || "" });
  const filters = h("form", { class: "archive-filters", onsubmit: (e) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (playerInput.value.trim()) next.set("player", playerInput.value.trim());
    if (gameSelect.value) next.set("game", gameSelect.value);
    navigate(`/archive${String(next) ? `?${next}` : ""}`);
  } }, playerInput, gameSelect, h("button", { type: "submit", id: "archive-filter" }, "Filter"));
  gameSelect.addEventListener("change", () => filters.requestSubmit());
  const rows = data.tables.map((t) => h("tr", { dataset: { table: t.id } },
    h("td", {}, `#${t.id}`),
    h("td", {}, t.title || t.game),
    h("td", {}, playersAndScores(t)),
    h("td", {}, t.abandoned ? h("span", { class: "badge abandoned" }, "abandoned") : ""),
    h("td", {}, t.finished ? new Date(t.finished * 1000).toLocaleString() : ""),
    h("td", {}, h("a", { href: `/replay/${t.id}`, class: "button" }, "Replay"), " ",
      h("a", { href: `/api/tables/${t.id}/record`, download: `longhouse-${t.game}-${t.id}.json`, class: "button" },
        "Record (JSON)"))));
  root.replaceChildren(h("div", { class: "archive" }, h("h1", {}, "Finished games"), filters,
    data.error ? h("p", { class: "form-error" }, data.error) : null,
    rows.length ? h("table", {}, h("thead", {}, h("tr", {}, ["Table", "Game", "Players and scores", "Note", "Finished",
      "Replay and record"].map((x) => h("th", {}, x)))), h("tbody", {}, rows)) : h("p", {}, "No finished games here yet.")));
  return null;
}
