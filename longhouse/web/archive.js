// The archive of finished games, each with its record as JSON and a link to its replay (replay.js).
import { N_, date, t } from "./i18n.js";
import { api } from "./net.js";
import { playersAndScores } from "./player.js";
import { h, navigate } from "./ui.js";

export async function showArchive(root) {
  const params = new URLSearchParams(location.search);
  const query = new URLSearchParams();
  if (params.get("player")) query.set("player", params.get("player"));
  if (params.get("game")) query.set("game", params.get("game"));
  const data = await api(`/api/archive${String(query) ? `?${query}` : ""}`);
  const gameSelect = h("select", { id: "archive-game", "aria-label": t("game") },
    h("option", { value: "" }, t("All games")),
    (data.games || []).map((g) => h("option", { value: g.name, selected: g.name === params.get("game") }, g.title)));
  const playerInput = h("input", { id: "archive-player", type: "search", placeholder: t("Player"), "aria-label": t("player"),
    value: params.get("player") || "" });
  const filters = h("form", { class: "archive-filters", onsubmit: (e) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (playerInput.value.trim()) next.set("player", playerInput.value.trim());
    if (gameSelect.value) next.set("game", gameSelect.value);
    navigate(`/archive${String(next) ? `?${next}` : ""}`);
  } }, playerInput, gameSelect, h("button", { type: "submit", id: "archive-filter" }, t("Filter")));
  gameSelect.addEventListener("change", () => filters.requestSubmit());
  const rows = data.tables.map((x) => h("tr", { dataset: { table: x.id } },
    h("td", {}, `#${x.id}`),
    h("td", {}, x.title || x.game),
    h("td", {}, playersAndScores(x)),
    h("td", {}, x.abandoned ? h("span", { class: "badge abandoned" }, t("game abandoned")) : ""),
    h("td", {}, x.finished ? date(x.finished * 1000) : ""),
    h("td", {}, h("a", { href: `/replay/${x.id}`, class: "button" }, t("Replay")), " ",
      h("a", { href: `/api/tables/${x.id}/record`, download: `longhouse-${x.game}-${x.id}.json`, class: "button" },
        t("Record (JSON)")))));
  const heads = [N_("Table"), N_("Game"), N_("Players and scores"), N_("Note"), N_("Finished"), N_("Replay and record")];
  root.replaceChildren(h("div", { class: "archive" }, h("h1", {}, t("Finished games")), filters,
    data.error ? h("p", { class: "form-error" }, data.error) : null,
    rows.length ? h("table", {}, h("thead", {}, h("tr", {}, heads.map((x) => h("th", {}, t(x))))), h("tbody", {}, rows))
      : h("p", {}, t("No finished games here yet."))));
  return null;
}
