// Player pages (ratings with a small rating-history chart, games, wins, recent games) and leaderboards.
import { outcomeBadge, reputationPart } from "./fairplay.js";
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
export function playersAndScores(t) {
  const bots = t.bots || [];
  const winners = t.winners || [];
  return (t.players || []).map((p, i) => h("span", { class: "player-score" }, seatTag(i, ""),
    bots.includes(i) ? h("span", { class: "bot-name" }, p) : playerLink(p),
    t.scores ? h("b", {}, ` ${t.scores[i]}`) : null,
    winners.includes(i) ? h("span", { class: "star", title: "winner" }, h("span", { "aria-hidden": "true" }, " ★"),
      h("span", { class: "sr-only" }, " (winner)")) : null));
}

// A rating with one decimal (never "-0.0").
function rated(x) { return (Math.abs(x) < 0.05 ? 0 : x).toFixed(1); }

// The rating from its start (before the first game) to after each game as a small line chart, oldest left,
// with its axes' values: the lowest and highest rating on the left, "start" and the last game's number below;
// it scales to the width it is given.
export function ratingChart(points, start = 0, width = 260, height = 96) {
  const values = [start, ...points.map((p) => p.rating)];
  const lo = Math.min(...values, 0), hi = Math.max(...values, 1);
  const pad = 6, left = 30, bottom = 16;
  const x = (i) => left + (i * (width - left - pad)) / (values.length - 1);
  const y = (v) => height - bottom - ((v - lo) * (height - bottom - pad)) / (hi - lo || 1);
  const label = (text, attrs) => { const t = svg("text", { class: "axis", ...attrs }); t.textContent = text; return t; };
  const axes = [
    svg("line", { x1: left, x2: left, y1: pad, y2: height - bottom, class: "axis-line" }),
    svg("line", { x1: left, x2: width - pad, y1: height - bottom, y2: height - bottom, class: "axis-line" }),
    label(rated(hi), { x: left - 4, y: y(hi) + 4, "text-anchor": "end" }),
    label(rated(lo), { x: left - 4, y: y(lo) + 2, "text-anchor": "end" }),
    label("start", { x: left, y: height - 3, "text-anchor": "start" }),
    label(`game ${points.length}`, { x: width - pad, y: height - 3, "text-anchor": "end" }),
  ];
  const path = values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const title = svg("title");
  title.textContent = `Rating from ${rated(start)} at the start, after each game: ${values.slice(1).map(rated).join(", ")}`;
  return svg("svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": `rating history, ${points.length} game${points.length === 1 ? "" : "s"}, now ${rated(values[values.length - 1])}` },
  title, ...axes,
  svg("line", { x1: left, x2: width - pad, y1: y(start), y2: y(start), class: "zero" }),
  svg("path", { d: path, class: "line" }),
  ...values.map((v, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: i ? 3 : 2, class: i ? "dot" : "dot start" })));
}

function when(t) { return t ? new Date(t * 1000).toLocaleDateString() : ""; }

// One cell of a table that folds into labelled lines on a phone (people.css shows the label there).
function cell(label, ...content) { return h("td", { dataset: { label } }, ...content); }

export async function showPlayer(root, name) {
  let data;
  try {
    data = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    root.replaceChildren(missingPage(name, e.code === "no_player" ? `There is no player called ${name}. `
      + "The leaderboards list the rated players, and every name in the lobby, at a table or in the archive "
      + "leads to its player's page." : e.message));
    return null;
  }
  const ratings = data.ratings.length
    ? h("div", { class: "ratings" }, data.ratings.map((r) => h("section", { class: "rating panel", dataset: { game: r.game } },
      h("h3", {}, h("a", { href: `/leaderboard/${r.game}`, title: `the ${r.title} leaderboard` }, r.title)),
      h("p", {}, h("b", { class: "rating-value" }, rated(r.rating)), ` after ${r.games} rated game${r.games === 1 ? "" : "s"}`),
      ratingChart(r.history, r.start))))
    : h("p", { class: "empty" }, data.guest ? "Guests are not rated." : "No rated games yet (a game is rated when two or more registered players play it to the end themselves).");
  const recent = data.recent.length ? h("table", { class: "recent" },
    h("thead", {}, h("tr", {}, ["Game", "Players and scores", "Result", "Finished", "Replay"].map((x) => h("th", {}, x)))),
    h("tbody", {}, data.recent.map((t) => h("tr", { dataset: { table: t.id } },
      cell("Game", t.title),
      cell("Players and scores", playersAndScores(t)),
      cell("Result", t.abandoned ? h("span", { class: "badge abandoned" }, "abandoned")
        : h("span", { class: `badge ${t.won ? "won" : "lost"}` }, t.won ? "won" : "lost"), outcomeBadge(data, t.id)),
      cell("Finished", when(t.finished)),
      cell("Replay", h("a", { href: `/replay/${t.id}`, class: "button", "aria-label": `replay of ${t.title}, table ${t.id}` }, "Replay"))))))
    : h("p", { class: "empty" }, "No finished games yet.");
  root.replaceChildren(h("div", { class: "player-page" },
    h("h1", {}, h("bdi", {}, data.name), data.guest ? h("small", {}, " (guest)") : null),
    await playerButtons(data.name),
    h("p", { class: "player-totals" }, `${data.played} game${data.played === 1 ? "" : "s"} played, ${data.wins} won`),
    // the games played of each game (not wins: said so)
    Object.keys(data.by_game).length ? h("p", { class: "player-by-game" }, "Played: ", Object.entries(data.by_game)
      .map(([g, n]) => `${titleOf(data, g)} ${n} game${n === 1 ? "" : "s"}`).join(" · ")) : null,
    reputationPart(data),
    h("h2", {}, "Ratings"),
    data.ratings.length ? h("p", { class: "lead" }, "A rating starts at 0 and rises with wins over rated players; "
      + "the chart shows it after each rated game.") : null,
    ratings,
    h("div", { class: "recent-head" }, h("h2", {}, "Recent games"), data.recent.length
      ? h("a", { href: `/archive?player=${encodeURIComponent(data.name)}`, class: "button" }, "All in the archive") : null),
    recent));
  import("./tournaments.js").then(async ({ tournamentsOf }) => {  // final places and champions
    const part = await tournamentsOf(data.name);
    if (part) root.querySelector(".player-page")?.insertBefore(part, root.querySelector(".recent-head"));
  });
  return null;
}

function titleOf(data, game) {
  const r = data.recent.find((t) => t.game === game) || data.ratings.find((t) => t.game === game);
  return r ? r.title : game;
}

export async function showLeaderboard(root, game) {
  const data = await api(`/api/leaderboard/${encodeURIComponent(game || "manitou")}`);
  const tabs = h("nav", { class: "game-tabs", "aria-label": "games" }, data.games.map((g) =>
    h("a", { href: `/leaderboard/${g.name}`, class: g.name === data.game ? "active" : "",
      "aria-current": g.name === data.game ? "page" : null }, g.title)));
  const rows = data.players.map((p, i) => h("tr", {},
    h("td", { class: "rank", dataset: { label: "#" } }, String(i + 1)), h("td", { class: "name", dataset: { label: "Player" } }, playerLink(p.name)),
    h("td", { class: "num rating-cell", dataset: { label: "Rating" } }, rated(p.rating)),
    h("td", { class: "num", dataset: { label: "Skill" } }, `${p.mu.toFixed(1)} ± ${p.sigma.toFixed(1)}`),
    h("td", { class: "num", dataset: { label: "Rated games" } }, String(p.games))));
  root.replaceChildren(h("div", { class: "leaderboard" },
    h("h1", {}, `${data.title}: leaderboard`), tabs,
    h("p", { class: "lead" }, "Registered players by their rating in rated games (OpenSkill, Plackett–Luce). The rating "
      + "is the cautious estimate μ − 3σ of the skill μ ± σ: it starts at 0 and rises as a player wins."),
    rows.length ? h("table", {}, h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Skill (μ ± σ)", "Rated games"]
      .map((x, i) => h("th", { class: i > 1 ? "num" : null }, x)))), h("tbody", {}, rows))
      : h("p", { class: "empty" }, "Nobody is rated in this game yet.")));
  return null;
}
