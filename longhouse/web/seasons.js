// Seasons: a game's current season table (points from rated games in it, leagues by points) and the last
// season's table as it was kept when it ended. The rules: docs/tournaments.md, "Seasons".
import { N_, date, list, number, t } from "./i18n.js";
import { api } from "./net.js";
import { playerLink } from "./player.js";
import { h, missingPage } from "./ui.js";

// The leagues' names by their keys (server/seasons.py, LEAGUES).
const LEAGUES = { Gold: N_("Gold"), Silver: N_("Silver"), Bronze: N_("Bronze") };

function day(seconds) { return date(seconds * 1000, { dateStyle: "medium" }); }
function pts(x) { return number(x, { maximumFractionDigits: 1 }); }
function leagueName(key) { return LEAGUES[key] ? t(LEAGUES[key]) : key; }

function seasonTable(season, label) {
  const rows = season.table || [];
  const head = ["#", t("Player"), t("League"), t("Points"), t("Games"), t("Wins")];
  return h("section", { class: "season panel", dataset: { season: season.id } },
    h("h2", {}, `${label}: ${season.title}`), h("p", { class: "t-info" }, `${day(season.starts)} – ${day(season.ends)}`),
    rows.length ? h("table", { class: "t-standings" },
      h("thead", {}, h("tr", {}, head.map((x, i) => h("th", { class: i > 2 ? "num" : null }, x)))),
      h("tbody", {}, rows.map((r) => h("tr", { dataset: { league: r.league } },
        h("td", { class: "rank", dataset: { label: "#" } }, String(r.place)),
        h("td", { dataset: { label: t("Player") } }, playerLink(r.name)),
        h("td", { dataset: { label: t("League") } }, h("span", { class: `badge league-${r.league.toLowerCase()}` }, leagueName(r.league))),
        h("td", { class: "num t-points", dataset: { label: t("Points") } }, pts(r.points)),
        h("td", { class: "num", dataset: { label: t("Games") } }, number(r.games)),
        h("td", { class: "num", dataset: { label: t("Wins") } }, number(r.wins))))))
      : h("p", { class: "empty" }, t("No rated game has finished in this season yet.")));
}

export async function showSeasons(root, game) {
  let data;
  try { data = await api(`/api/seasons/${encodeURIComponent(game || "manitou")}`); } catch (e) {
    root.replaceChildren(missingPage(t("Seasons"), e.message));
    return null;
  }
  const tabs = h("nav", { class: "game-tabs", "aria-label": t("games") }, data.games.map((g) =>
    h("a", { href: `/seasons/${g.name}`, class: g.name === data.game ? "active" : "",
      "aria-current": g.name === data.game ? "page" : null }, g.title)));
  const coming = data.seasons.filter((s) => s.state === "coming");
  const leagues = list(data.leagues.map((l) => t("{league} from {points}", { league: leagueName(l.name), points: pts(l.points) })));
  root.replaceChildren(h("div", { class: "tournaments seasons" },
    h("div", { class: "t-head" }, h("h1", {}, t("{game}: seasons", { game: data.title })),
      h("a", { href: "/tournaments", class: "button" }, t("Tournaments"))),
    tabs,
    h("p", { class: "lead" }, t("Every rated game finished in a season earns its registered players points for their places "
      + "(6 for a win, 0 for the last place). Leagues: {leagues}.", { leagues })),
    data.current ? seasonTable(data.current, t("This season")) : h("p", { class: "empty" }, t("No season is running for this game.")),
    data.last ? seasonTable(data.last, t("Last season")) : null,
    coming.length ? h("p", { class: "t-info" }, t("Next: {seasons}.", { seasons: coming.map((s) => t("{title} from {day}",
      { title: s.title, day: day(s.starts) })).join("; ") })) : null));
  return null;
}
