// Seasons: a game's current season table (points from rated games in it, leagues by points) and the last
// season's table as it was kept when it ended. The rules: docs/tournaments.md, "Seasons".
import { api } from "./net.js";
import { playerLink } from "./player.js";
import { h } from "./ui.js";

function day(t) { return new Date(t * 1000).toLocaleDateString([], { dateStyle: "medium" }); }
function pts(x) { return Number.isInteger(x) ? String(x) : x.toFixed(1); }

function seasonTable(season, label) {
  const rows = season.table || [];
  return h("section", { class: "season panel", dataset: { season: season.id } },
    h("h2", {}, `${label}: ${season.title}`), h("p", { class: "t-info" }, `${day(season.starts)} – ${day(season.ends)}`),
    rows.length ? h("table", { class: "t-standings" },
      h("thead", {}, h("tr", {}, ["#", "Player", "League", "Points", "Games", "Wins"].map((x, i) => h("th", { class: i > 2 ? "num" : null }, x)))),
      h("tbody", {}, rows.map((r) => h("tr", { dataset: { league: r.league } },
        h("td", { class: "rank", dataset: { label: "#" } }, String(r.place)),
        h("td", { dataset: { label: "Player" } }, playerLink(r.name)),
        h("td", { dataset: { label: "League" } }, h("span", { class: `badge league-${r.league.toLowerCase()}` }, r.league)),
        h("td", { class: "num t-points", dataset: { label: "Points" } }, pts(r.points)),
        h("td", { class: "num", dataset: { label: "Games" } }, String(r.games)),
        h("td", { class: "num", dataset: { label: "Wins" } }, String(r.wins))))))
      : h("p", { class: "empty" }, "No rated game has finished in this season yet."));
}

export async function showSeasons(root, game) {
  const data = await api(`/api/seasons/${encodeURIComponent(game || "manitou")}`);
  const tabs = h("nav", { class: "game-tabs", "aria-label": "games" }, data.games.map((g) =>
    h("a", { href: `/seasons/${g.name}`, class: g.name === data.game ? "active" : "",
      "aria-current": g.name === data.game ? "page" : null }, g.title)));
  const coming = data.seasons.filter((s) => s.state === "coming");
  root.replaceChildren(h("div", { class: "tournaments seasons" },
    h("div", { class: "t-head" }, h("h1", {}, `${data.title}: seasons`), h("a", { href: "/tournaments", class: "button" }, "Tournaments")),
    tabs,
    h("p", { class: "lead" }, "Every rated game finished in a season earns its registered players points for their places "
      + `(6 for a win, 0 for the last place). Leagues: ${data.leagues.map((l) => `${l.name} from ${l.points}`).join(", ")}.`),
    data.current ? seasonTable(data.current, "This season") : h("p", { class: "empty" }, "No season is running for this game."),
    data.last ? seasonTable(data.last, "Last season") : null,
    coming.length ? h("p", { class: "t-info" }, `Next: ${coming.map((s) => `${s.title} from ${day(s.starts)}`).join("; ")}.`) : null));
  return null;
}
