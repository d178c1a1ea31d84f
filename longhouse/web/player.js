// Player pages (ratings with a small rating-history chart, games, wins, recent games) and leaderboards.
import { api } from "./net.js";
import { h, seatTag } from "./ui.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

// A link to a player's page: names in the lobby, at tables and in the archive use it.
export function playerLink(name) {
  return h("a", { href: `/player/${encodeURIComponent(name)}`, class: "player-link" }, name);
}

// The rating after each game as a small line chart (oldest left), with the first and last values marked.
export function ratingChart(points, width = 260, height = 80) {
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values, 0), hi = Math.max(...values, 1);
  const pad = 6;
  const x = (i) => pad + (values.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (values.length - 1));
  const y = (v) => height - pad - ((v - lo) * (height - 2 * pad)) / (hi - lo || 1);
  const path = values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const title = svg("title");
  title.textContent = `Rating after each game: ${values.map((v) => v.toFixed(1)).join(", ")}`;
  return svg("svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": `rating history, ${values.length} games, now ${values[values.length - 1].toFixed(1)}` },
  title,
  svg("line", { x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "zero" }),
  svg("path", { d: path, class: "line" }),
  ...values.map((v, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 2.5, class: "dot" })));
}

function when(t) { return t ? new Date(t * 1000).toLocaleDateString() : ""; }

export async function showPlayer(root, name) {
  let data;
  try {
    data = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    root.replaceChildren(h("div", { class: "player-page panel" }, h("h1", {}, name), h("p", {}, e.message)));
    return null;
  }
  const ratings = data.ratings.length
    ? h("div", { class: "ratings" }, data.ratings.map((r) => h("section", { class: "rating panel", dataset: { game: r.game } },
      h("h3", {}, h("a", { href: `/leaderboard/${r.game}` }, r.title)),
      h("p", {}, h("b", { class: "rating-value" }, r.rating.toFixed(1)), ` after ${r.games} rated game${r.games === 1 ? "" : "s"}`),
      ratingChart(r.history))))
    : h("p", { class: "empty" }, data.guest ? "Guests are not rated." : "No rated games yet (a game is rated when two or more registered players finish it).");
  const recent = data.recent.length ? h("table", { class: "recent" },
    h("thead", {}, h("tr", {}, ["Game", "Players and scores", "Result", "Finished", ""].map((x) => h("th", {}, x)))),
    h("tbody", {}, data.recent.map((t) => h("tr", { dataset: { table: t.id } },
      h("td", {}, t.title),
      h("td", {}, t.players.map((p, i) => h("span", { class: "player-score" }, seatTag(i, ""), playerLink(p),
        t.scores ? h("b", {}, ` ${t.scores[i]}`) : null, " "))),
      h("td", {}, t.abandoned ? "abandoned" : t.won ? "won" : "lost"),
      h("td", {}, when(t.finished)),
      h("td", {}, h("a", { href: `/replay/${t.id}`, class: "button" }, "Replay"))))))
    : h("p", { class: "empty" }, "No finished games yet.");
  root.replaceChildren(h("div", { class: "player-page" },
    h("h1", {}, data.name, data.guest ? h("small", {}, " (guest)") : null),
    h("p", { class: "player-totals" }, `${data.played} game${data.played === 1 ? "" : "s"} played, ${data.wins} won`,
      Object.keys(data.by_game).length ? ` (${Object.entries(data.by_game).map(([g, n]) => `${titleOf(data, g)}: ${n}`).join(", ")})` : ""),
    h("h2", {}, "Ratings"), ratings,
    h("h2", {}, "Recent games ", h("a", { href: `/archive?player=${encodeURIComponent(data.name)}`, class: "small" }, "(all in the archive)")),
    recent));
  return null;
}

function titleOf(data, game) {
  const r = data.recent.find((t) => t.game === game) || data.ratings.find((t) => t.game === game);
  return r ? r.title : game;
}

export async function showLeaderboard(root, game) {
  const data = await api(`/api/leaderboard/${encodeURIComponent(game || "manitou")}`);
  const tabs = h("nav", { class: "game-tabs", "aria-label": "games" }, data.games.map((g) =>
    h("a", { href: `/leaderboard/${g.name}`, class: g.name === data.game ? "active" : "" }, g.title)));
  const rows = data.players.map((p, i) => h("tr", {},
    h("td", {}, String(i + 1)), h("td", {}, playerLink(p.name)), h("td", { class: "num" }, p.rating.toFixed(1)),
    h("td", { class: "num" }, `${p.mu.toFixed(1)} ± ${p.sigma.toFixed(1)}`), h("td", { class: "num" }, String(p.games))));
  root.replaceChildren(h("div", { class: "leaderboard" },
    h("h1", {}, `${data.title}: leaderboard`), tabs,
    h("p", { class: "lead" }, "OpenSkill (Plackett–Luce) ratings of registered players; the rating shown is the cautious estimate μ − 3σ."),
    rows.length ? h("table", {}, h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Skill (μ ± σ)", "Rated games"]
      .map((x) => h("th", {}, x)))), h("tbody", {}, rows))
      : h("p", { class: "empty" }, "Nobody is rated in this game yet.")));
  return null;
}
