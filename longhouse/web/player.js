// Player pages (ratings with a small rating-history chart, games, wins, recent games) and leaderboards.
import { outcomeBadge, reputationPart } from "./fairplay.js";
import { N_, date, number, t, tn } from "./i18n.js";
import { api } from "./net.js";
import { playerButtons } from "./social.js";
import { h, missingPage, seatTag, svg } from "./ui.js";

// A link to a player's page: names in the lobby, at tables and in the archive use it.
export function playerLink(name) {
  // dir="auto": the name is isolated from the text around it (a right-to-left name stays whole and in place)
  return h("a", { href: `/player/${encodeURIComponent(name)}`, class: "player-link", dir: "auto" }, name);
}

// The players of a finished game with their scores, the winners starred. A name links to its player page,
// except a bot's (a seat no account held). The player pages and the archive list games with it.
export function playersAndScores(table) {
  const bots = table.bots || [];
  const winners = table.winners || [];
  return (table.players || []).map((p, i) => h("span", { class: "player-score" }, seatTag(i, ""),
    bots.includes(i) ? h("span", { class: "bot-name" }, p) : playerLink(p),
    table.scores ? h("b", {}, " ", number(table.scores[i])) : null,
    winners.includes(i) ? h("span", { class: "star", title: t("winner") }, h("span", { "aria-hidden": "true" }, " ★"),
      h("span", { class: "sr-only" }, " ", t("(winner)"))) : null));
}

// A rating with one decimal (never "-0.0"), in the page's language ("12,3" in German).
function rated(x) { return number(Math.abs(x) < 0.05 ? 0 : x, { minimumFractionDigits: 1, maximumFractionDigits: 1 }); }

// The rating from its start (before the first game) to after each game as a small line chart, oldest left,
// with its axes' values: the lowest and highest rating on the left, "start" and the last game's number below;
// it scales to the width it is given.
export function ratingChart(points, start = 0, width = 260, height = 96) {
  const values = [start, ...points.map((p) => p.rating)];
  const lo = Math.min(...values, 0), hi = Math.max(...values, 1);
  const pad = 6, left = 30, bottom = 16;
  const x = (i) => left + (i * (width - left - pad)) / (values.length - 1);
  const y = (v) => height - bottom - ((v - lo) * (height - bottom - pad)) / (hi - lo || 1);
  const label = (text, attrs) => { const el = svg("text", { class: "axis", ...attrs }); el.textContent = text; return el; };
  const axes = [
    svg("line", { x1: left, x2: left, y1: pad, y2: height - bottom, class: "axis-line" }),
    svg("line", { x1: left, x2: width - pad, y1: height - bottom, y2: height - bottom, class: "axis-line" }),
    label(rated(hi), { x: left - 4, y: y(hi) + 4, "text-anchor": "end" }),
    label(rated(lo), { x: left - 4, y: y(lo) + 2, "text-anchor": "end" }),
    label(t("start"), { x: left, y: height - 3, "text-anchor": "start" }),
    label(t("game {n}", { n: points.length }), { x: width - pad, y: height - 3, "text-anchor": "end" }),
  ];
  const path = values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const title = svg("title");
  title.textContent = t("Rating from {start} at the start, after each game: {ratings}",
    { start: rated(start), ratings: values.slice(1).map(rated).join("; ") });
  return svg("svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": tn("rating history, {n} game, now {rating}", "rating history, {n} games, now {rating}", points.length,
      { rating: rated(values[values.length - 1]) }) },
  title, ...axes,
  svg("line", { x1: left, x2: width - pad, y1: y(start), y2: y(start), class: "zero" }),
  svg("path", { d: path, class: "line" }),
  ...values.map((v, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: i ? 3 : 2, class: i ? "dot" : "dot start" })));
}

function when(finished) { return finished ? date(finished * 1000, { dateStyle: "medium" }) : ""; }

// One cell of a table that folds into labelled lines on a phone (people.css shows the label there).
function cell(label, ...content) { return h("td", { dataset: { label } }, ...content); }

export async function showPlayer(root, name) {
  let data;
  try {
    data = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    root.replaceChildren(missingPage(name, e.code === "no_player" ? t("There is no player called {name}. The leaderboards "
      + "list the rated players, and every name in the lobby, at a table or in the archive leads to its player's page.", { name })
      : e.message));
    return null;
  }
  const ratings = data.ratings.length
    ? h("div", { class: "ratings" }, data.ratings.map((r) => h("section", { class: "rating panel", dataset: { game: r.game } },
      h("h3", {}, h("a", { href: `/leaderboard/${r.game}`, title: t("the {game} leaderboard", { game: r.title }) }, r.title)),
      h("p", {}, h("b", { class: "rating-value" }, rated(r.rating)), " ",
        tn("after {n} rated game", "after {n} rated games", r.games)),
      ratingChart(r.history, r.start))))
    : h("p", { class: "empty" }, data.guest ? t("Guests are not rated.")
      : t("No rated games yet (a game is rated when two or more registered players play it to the end themselves)."));
  const heads = [N_("Game"), N_("Players and scores"), N_("Result"), N_("Finished"), N_("Replay")];
  const recent = data.recent.length ? h("table", { class: "recent" },
    h("thead", {}, h("tr", {}, heads.map((x) => h("th", {}, t(x))))),
    h("tbody", {}, data.recent.map((x) => h("tr", { dataset: { table: x.id } },
      cell(t("Game"), x.title),
      cell(t("Players and scores"), playersAndScores(x)),
      cell(t("Result"), x.abandoned ? h("span", { class: "badge abandoned" }, t("game abandoned"))
        : h("span", { class: `badge ${x.won ? "won" : "lost"}` }, x.won ? t("won") : t("lost")), outcomeBadge(data, x.id)),
      cell(t("Finished"), when(x.finished)),
      cell(t("Replay"), h("a", { href: `/replay/${x.id}`, class: "button",
        "aria-label": t("replay of {game}, table {table}", { game: x.title, table: x.id }) }, t("Replay")))))))
    : h("p", { class: "empty" }, t("No finished games yet."));
  root.replaceChildren(h("div", { class: "player-page" },
    h("h1", {}, h("bdi", {}, data.name), data.guest ? h("small", {}, t(" (guest)")) : null),
    await playerButtons(data.name),
    h("p", { class: "player-totals" }, tn("{n} game played, {wins} won", "{n} games played, {wins} won", data.played,
      { wins: number(data.wins) })),
    // the games played of each game (not wins: said so)
    Object.keys(data.by_game).length ? h("p", { class: "player-by-game" }, t("Played:"), " ", Object.entries(data.by_game)
      .map(([g, n]) => tn("{game} {n} game", "{game} {n} games", n, { game: titleOf(data, g) })).join(" · ")) : null,
    reputationPart(data),
    h("h2", {}, t("Ratings")),
    data.ratings.length ? h("p", { class: "lead" }, t("A rating starts at 0 and rises with wins over rated players; "
      + "the chart shows it after each rated game.")) : null,
    ratings,
    h("div", { class: "recent-head" }, h("h2", {}, t("Recent games")), data.recent.length
      ? h("a", { href: `/archive?player=${encodeURIComponent(data.name)}`, class: "button" }, t("All in the archive")) : null),
    recent));
  import("./tournaments.js").then(async ({ tournamentsOf }) => {  // final places and champions
    const part = await tournamentsOf(data.name);
    if (part) root.querySelector(".player-page")?.insertBefore(part, root.querySelector(".recent-head"));
  });
  return null;
}

function titleOf(data, game) {
  const r = data.recent.find((x) => x.game === game) || data.ratings.find((x) => x.game === game);
  return r ? r.title : game;
}

export async function showLeaderboard(root, game) {
  const data = await api(`/api/leaderboard/${encodeURIComponent(game || "manitou")}`);
  const tabs = h("nav", { class: "game-tabs", "aria-label": t("games") }, data.games.map((g) =>
    h("a", { href: `/leaderboard/${g.name}`, class: g.name === data.game ? "active" : "",
      "aria-current": g.name === data.game ? "page" : null }, g.title)));
  const rows = data.players.map((p, i) => h("tr", {},
    h("td", { class: "rank", dataset: { label: "#" } }, number(i + 1)),
    h("td", { class: "name", dataset: { label: t("Player") } }, playerLink(p.name)),
    h("td", { class: "num rating-cell", dataset: { label: t("Rating") } }, rated(p.rating)),
    h("td", { class: "num", dataset: { label: t("Skill") } }, `${rated(p.mu)} ± ${rated(p.sigma)}`),
    h("td", { class: "num", dataset: { label: t("Rated games") } }, number(p.games))));
  root.replaceChildren(h("div", { class: "leaderboard" },
    h("h1", {}, t("{game}: leaderboard", { game: data.title })), tabs,
    h("p", { class: "lead" }, t("Registered players by their rating in rated games (OpenSkill, Plackett–Luce). The rating "
      + "is the cautious estimate μ − 3σ of the skill μ ± σ: it starts at 0 and rises as a player wins.")),
    rows.length ? h("table", {}, h("thead", {}, h("tr", {}, ["#", t("Player"), t("Rating"), t("Skill (μ ± σ)"), t("Rated games")]
      .map((x, i) => h("th", { class: i > 1 ? "num" : null }, x)))), h("tbody", {}, rows))
      : h("p", { class: "empty" }, t("Nobody is rated in this game yet."))));
  return null;
}
