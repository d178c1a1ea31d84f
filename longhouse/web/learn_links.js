// The lobby's links to each game's page and its tutorial ("Learn to play"), for the games that have one.
import { t } from "./i18n.js";
import { api } from "./net.js";
import { h } from "./ui.js";

/** @type {Set<string> | null} */
let known = null;
let asked = false;

// The games with a tutorial: known once /api/learn has answered (then `redraw` is called once).
function tutorials(redraw) {
  if (!known && !asked) {
    asked = true;
    api("/api/learn").then((r) => { known = new Set(r.tutorials.map((x) => x.game)); redraw(); }).catch(() => { asked = false; });
  }
  return known || new Set();
}

// A game's heading in the lobby's list: its title linking to its page, and "Learn to play" beside it.
export function gameHeading(game, title, count, redraw) {
  return h("h2", {}, h("a", { href: `/games/${game}`, class: "game-link", title: t("{title}: the game, its rules, its best players", { title }) }, title),
    count, tutorials(redraw).has(game)
      ? h("a", { href: `/learn/${game}`, class: "button learn-link", id: `learn-${game}` }, t("Learn to play")) : null);
}
