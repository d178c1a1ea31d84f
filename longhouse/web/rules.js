// The rules page of each game, in our own words (web/rules/<game>.html), reachable from every table.
import { h, missingPage } from "./ui.js";

const GAMES = [["manitou", "Manitou"], ["manitoba", "Manitoba"], ["five_tribes", "Five Tribes"]];

export async function showRules(root, game) {
  const known = GAMES.find(([name]) => name === game);
  if (!known) {
    root.replaceChildren(missingPage("Rules", `There are no rules here for “${game}”: the hall has Manitou, Manitoba and Five Tribes.`));
    return null;
  }
  const r = await fetch(`/static/rules/${game}.html`);
  const article = h("article", { class: "rules-text panel" });
  article.innerHTML = await r.text();  // our own static file, not user input
  root.replaceChildren(h("div", { class: "rules" },
    h("nav", { class: "rules-nav", "aria-label": "rules of each game" }, GAMES.map(([name, title]) =>
      h("a", { href: `/rules/${name}`, class: `button${name === game ? " primary" : ""}`,
        "aria-current": name === game ? "page" : null }, title))),
    article));
  document.title = `${known[1]} rules · Longhouse`;
  return () => { document.title = "Longhouse"; };
}
