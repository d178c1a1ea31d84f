// A game's page (/games/<game>): what the game is (players, length, a few words), a picture of its board (the
// real board module drawing a position of the tutorial's game, nothing to click), Learn to play, the rules,
// the game's open tables and the top of its leaderboard. /rules lists the rules of every game.
import { loadStylesheet } from "./kit/board.js";
import { number, t, tn } from "./i18n.js";
import { api } from "./net.js";
import { playerLink } from "./player.js";
import { colourName, h, missingPage, seatTag } from "./ui.js";

await loadStylesheet(new URL("./learn.css", import.meta.url));

// Every text of the page, in one place (for the message catalog).
const T = {
  players: (a, b) => t("{min}–{max} players", { min: a, max: b }),
  learn: () => t("Learn to play"),
  learnCount: (n) => tn("{n} lesson on the real board", "{n} lessons on the real board", n),
  learnDone: () => t("Learn to play again"),
  rules: () => t("The rules"),
  tables: () => t("Open tables"),
  noTables: () => t("No open table right now — create one in the lobby."),
  lobby: () => t("Go to the lobby"),
  leaders: () => t("Best rated"),
  noLeaders: () => t("Nobody is rated yet: ratings come from rated games against people."),
  allRatings: () => t("All ratings"),
  sit: () => t("Sit down"),
  watch: () => t("Watch"),
  rulesIndex: () => t("Rules"),
  rulesLead: () => t("The rules of each game in short, with the tables the engine plays by."),
  missing: (name) => t("There is no game “{name}” here: the hall has Manitou, Manitoba and Five Tribes.", { name }),
};

export async function showGamePage(root, game, me) {
  if (!game) return showGames(root);
  let data;
  try {
    data = await api(`/api/game-page/${encodeURIComponent(game)}`);
  } catch {
    root.replaceChildren(missingPage(t("Games"), T.missing(game)));
    return null;
  }
  const progress = await import("./learn.js").then((m) => m.progressStore(me).all()).catch(() => ({}));
  const mine = progress[game];
  const figure = h("figure", { class: "game-picture", role: "img", "aria-label": data.caption });
  const page = h("div", { class: "game-page", dataset: { game } },
    h("nav", { class: "game-nav", "aria-label": t("games") }, data.games.map((g) =>
      h("a", { href: `/games/${g.name}`, class: `button${g.name === game ? " primary" : ""}`,
        "aria-current": g.name === game ? "page" : null }, g.title))),
    h("section", { class: "game-intro" },
      h("div", { class: "panel" }, h("h1", {}, data.title),
        h("ul", { class: "game-facts" }, h("li", {}, h("b", {}, T.players(data.min_players, data.max_players))),
          data.length ? h("li", {}, h("b", {}, data.length)) : null, data.by ? h("li", {}, data.by) : null),
        h("p", { class: "lead" }, data.blurb || ""),
        h("div", { class: "game-actions" },
          data.lessons ? h("a", { href: `/learn/${game}`, class: "button primary", id: "learn-link" },
            mine && mine.done ? T.learnDone() : T.learn()) : null,
          h("a", { href: `/rules/${game}`, class: "button", id: "rules-link" }, T.rules()),
          h("a", { href: "/", class: "button" }, T.lobby())),
        data.lessons ? h("p", { class: "lead", style: "margin-top:.5rem" }, T.learnCount(data.lessons)) : null),
      figure),
    h("section", { class: "game-lists" },
      h("div", { class: "panel", id: "game-tables" }, h("h2", {}, T.tables()), tablesList(data.tables)),
      h("div", { class: "panel", id: "game-leaders" }, h("h2", {}, T.leaders()), leadersList(data),
        h("a", { href: `/leaderboard/${game}` }, T.allRatings()))));
  root.replaceChildren(page);
  document.title = `${data.title} · Longhouse`;
  await drawPicture(figure, data);
  return () => { document.title = "Longhouse"; };
}

async function drawPicture(figure, data) {
  const description = await api(`/api/games/${data.game}`);
  const mod = await import(`./games/${description.board}/board.js`);
  const holder = h("div", { class: "picture-board", "aria-hidden": "true", inert: true });
  figure.replaceChildren(holder, h("figcaption", {}, data.caption));
  const board = mod.createBoard(holder, { act: () => false, undo: () => false, names: () => data.names, description, replay: true });
  await board.update(data.picture, null);
}

function tablesList(tables) {
  if (!tables.length) return h("p", { class: "empty" }, T.noTables());
  return h("table", {}, h("tbody", {}, tables.map((x) => h("tr", { dataset: { table: x.id } },
    h("td", {}, h("a", { href: `/table/${x.id}` }, t("Table {number}", { number: x.id }))),
    h("td", {}, x.seats.map((s, i) => (s ? seatTag(i, s.kind === "bot" ? t("{name} (bot)", { name: s.name }) : s.name)
      : h("span", { class: "seat-free" }, t("{colour} free", { colour: colourName(i) }))))),
    h("td", {}, h("a", { href: `/table/${x.id}`, class: "button" }, x.status === "waiting" ? T.sit() : T.watch()))))));
}

function leadersList(data) {
  if (!data.leaders.length) return h("p", { class: "empty" }, T.noLeaders());
  return h("table", {}, h("tbody", {}, data.leaders.map((p, i) => h("tr", {},
    h("td", {}, number(i + 1)), h("td", {}, playerLink(p.name)), h("td", {}, number(p.rating)),
    h("td", {}, tn("{n} game", "{n} games", p.games))))));
}

// /games: every game, each with its page.
async function showGames(root) {
  const data = await api("/api/game-page/manitou");
  root.replaceChildren(h("section", { class: "panel rules-index" }, h("h1", {}, t("Games")),
    h("ul", {}, data.games.map((g) => h("li", {}, h("a", { href: `/games/${g.name}` }, g.title))))));
  return null;
}

// /rules: the rules of every game (it answered a bare 404 before).
export async function showRulesIndex(root) {
  const data = await api("/api/game-page/manitou");
  root.replaceChildren(h("section", { class: "panel rules-index", id: "rules-index" }, h("h1", {}, T.rulesIndex()),
    h("p", { class: "lead" }, T.rulesLead()),
    h("ul", {}, data.games.map((g) => h("li", {}, h("a", { href: `/rules/${g.name}`, class: "button" }, g.title))))));
  document.title = t("{page} · Longhouse", { page: T.rulesIndex() });
  return () => { document.title = "Longhouse"; };
}
